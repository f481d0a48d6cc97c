// Pointers to struct members (issue 12 §4): `&s.f`, `&p->f`, `&a[i].f`, member
// arrays through `char *`, string functions on members, a member passed to a
// callee. Each function of the fixture runs on every value of its parameter,
// compiled by gcc (none has undefined behaviour for any value); the returns
// that happen are the ground truth. CReach must cover exactly those, with
// data that validate, and prove the others unreachable: no taint is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectCoverAsGcc, returnLines, returnsByGcc, signedChar, unsignedChar } from '../helpers/exhaustive';
import { expectAllValidated, fixture, validate, writeC } from '../solve/helpers';

const file = fixture('members.c');
const source = fs.readFileSync(file, 'utf8').split('\n');

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

describe('pointers to struct members, as gcc', () => {
  const fns = [
    signedChar('scalar_member'),
    unsignedChar('element_member'),
    unsignedChar('member_array'),
    signedChar('nested_member'),
    unsignedChar('string_member'),
    unsignedChar('memset_member'),
    signedChar('callee_member'),
    unsignedChar('walk_member'),
    unsignedChar('union_member'),
    unsignedChar('heap_member'),
  ];
  let truth: Map<string, Set<number>>;
  beforeAll(async () => {
    truth = await returnsByGcc(file, fns);
  });

  it('every return gcc sees is covered with a validated datum, every other one proved unreachable', async () => {
    // Nothing about members is left unmodelled.
    await expectCoverAsGcc(engine, file, fns, truth, true);
  }, 600_000);

  it('a pointer to a scalar member does not run into the next member: q = &arr[1].x, q[1] is undefined', async () => {
    // C11 6.5.6p8: q points to the int arr[1].x, an object of one element; q[1] is past it, whatever
    // lies there (gcc reads arr[1].y = 5 and returns 1, a run no sanitizer flags).
    const report = await engine.cover({ file, function: 'past_member', criterion: 'decision' });
    const lines = returnLines(source, 'past_member');
    const status = (v: number) => report.functions[0].goals.find((g) => g.kind === 'statement' && g.line === lines.get(v))?.status;
    expect([status(0), status(1), status(2)]).toEqual(['covered', 'unreachable', 'covered']);
    await expectAllValidated(file, report);
    const check = await engine.check({ file, function: 'past_member' });
    const violated = check.functions[0].goals.filter((g) => g.kind === 'runtime-error' && g.status === 'violated');
    expect(violated.map((g) => g.outcome)).toEqual(['bounds']);
    const t = check.functions[0].tests.find((x) => x.id === violated[0].test)!;
    expect(t.inputs.i).toBe(1);
  }, 120_000);
});

describe('member addresses through pointers', () => {
  const src = [
    'struct P { int x; int y; };',
    'int tag(struct P *p) {',
    '  int *t = &p->y;',
    '  return *t;',
    '}',
    'int *pick(struct P *p, int c) {',
    '  if (c > 3)',
    '    return &p->x;',
    '  return &p->y;',
    '}',
    '',
  ].join('\n');

  it('&p->y with p NULL is undefined (a member access through a null pointer): violated, and gcc -fsanitize=null reports it', async () => {
    const f = writeC('member_null.c', src);
    const r = await engine.check({ file: f, function: 'tag' });
    const goal = r.functions[0].goals.find((g) => g.kind === 'runtime-error' && g.outcome === 'null' && g.line === 3)!;
    expect(goal.status).toBe('violated');
    const t = r.functions[0].tests.find((x) => x.id === goal.test)!;
    expect(t.inputs.p).toBe(null);
    await expectAllValidated(f, { ...r, functions: [{ ...r.functions[0], tests: [t] }] });
  }, 120_000);

  it('a returned member address is data naming the member, checked as non-null by the harness', async () => {
    const f = writeC('member_pick.c', src);
    const r = await engine.cover({ file: f, function: 'pick', criterion: 'decision' });
    const results = r.functions[0].tests.map((t) => t.result).sort();
    expect(results).toEqual(['&p[0].x', '&p[0].y']);
    const v = await validate(f, r);
    expect(v.available).toBe(true);
    for (const t of r.functions[0].tests) expect(t.validated).toBe(true);
  }, 120_000);
});
