// Calls through function pointers (issue 12), against gcc: each function of
// test/fixtures/fnpointers.c runs on every input of a small domain, compiled
// by gcc, and the returns that happen are the ground truth. A call through a
// pointer to a function of the program (a dispatch table, a pointer chosen by
// a condition, one stored in a struct) is exact: every return gcc sees is
// covered with data that validate, every other one proved unreachable (the
// call's fallback, for a pointer to none of the file's functions, is reached
// by no execution there, so it does not make the proof unknown). A
// callback passed in is a function the model does not know: unknown, never a
// proof, and calling it when it is NULL is a null dereference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { returnLines as linesOfReturns, returnsOfRuns } from '../helpers/exhaustive';
import { expectAllValidated, fixture } from '../solve/helpers';

const file = fixture('fnpointers.c');
const source = fs.readFileSync(file, 'utf8').split('\n');
const EXACT = ['dispatch', 'pick', 'through_struct', 'bounded'];

let engine: Engine;
let truth: Map<string, Set<number>>;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
  // gcc: the returns of each function over c/op in -3..3 and x in -60..60.
  truth = await returnsOfRuns(
    file,
    EXACT.map((f) => ({ name: f, loops: 'for (int a = -3; a <= 3; a++) for (int x = -60; x <= 60; x++)', call: `${f}(a, x)` })),
  );
}, 120_000);
afterAll(() => engine?.dispose());

const returnLines = (fn: string) => linesOfReturns(source, fn);

describe('calls through pointers to the functions of the program are exact', () => {
  for (const fn of EXACT)
    it(`${fn}: the returns gcc sees are covered with validated data, the others proved unreachable`, async () => {
      const seen = truth.get(fn)!;
      expect(seen.size).toBeGreaterThan(1);
      for (const [value, line] of returnLines(fn)) {
        const r = await engine.reach({ file, function: fn, line });
        const g = r.functions[0].goals.find((x) => x.kind === 'statement' && x.line === line)!;
        if (seen.has(value)) {
          expect({ value, status: g.status }).toEqual({ value, status: 'covered' });
          expect(r.functions[0].tests[0].result).toBe(value);
          await expectAllValidated(file, r);
        } else expect({ value, status: g.status, proof: g.proof }).toEqual({ value, status: 'unreachable', proof: 'complete' });
      }
    }, 300_000);
});

describe('a callback passed in is not known', () => {
  it('apply(f, x): its returns are unknown, the functions f may be are never proved unreachable there, and f = NULL is a null dereference', async () => {
    const r = await engine.check({ file, function: 'apply' });
    const goals = r.functions[0].goals;
    const nul = goals.find((g) => g.outcome === 'null')!;
    expect(nul.status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === nul.test)!.inputs.f).toBeNull();
    // twice's overflow in apply's context: a caller may pass twice, so it is not proved away.
    for (const g of goals.filter((x) => x.context)) expect(g.status).not.toBe('unreachable');
    for (const g of goals.filter((x) => x.context)) expect(g.status).not.toBe('holds');
    const returns = await engine.reach({ file, function: 'apply', line: returnLines('apply').get(1)! });
    expect(returns.functions[0].goals[0].status).toBe('unknown');
  }, 120_000);
});
