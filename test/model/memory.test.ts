// Pointers, memory and floating point (issue 7): the pointer and float seeds
// give EXPECTED.md's answers; suites over a linked list and a struct array
// reach full decision coverage with every datum validated under ASan and
// UBSan; memory-error goals give counter-examples the sanitizers confirm.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Engine } from '../helpers/engine';
import { expectAllValidated as validatedFile, fixture, lineOf, only, validate as validateFile, writeC } from '../solve/helpers';
import type { Report } from '../../shared/report';

const file = fixture;
let engine: Engine;

beforeAll(async () => {
  // Verdicts, not speed, are checked here.
  engine = await createEngine({ ...defaultEngineOptions, timeoutMs: 60_000 });
});
afterAll(() => engine?.dispose());

const validate = (name: string, report: Report) => validateFile(fixture(name), report);
const expectAllValidated = (name: string, report: Report) => validatedFile(fixture(name), report);

describe('pointer seeds (EXPECTED.md)', () => {
  it('ptr_conditional_alias.c: reachable, and every reaching input has c == 1', async () => {
    const line = lineOf('ptr_conditional_alias.c', 'return 1;');
    const r = await engine.reach({ file: file('ptr_conditional_alias.c'), line, all: true, limit: 20 });
    const { tests } = only(r);
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) expect(t.inputs.c).toBe(1);
    expect(only(await engine.reach({ file: file('ptr_conditional_alias.c'), line, where: 'c != 1' })).goal.status).toBe('unreachable');
    await expectAllValidated('ptr_conditional_alias.c', r);
  });

  it('ptr_foo.c: the unique datum i = 5', async () => {
    const r = await engine.reach({ file: file('ptr_foo.c'), line: lineOf('ptr_foo.c', 'return 1;'), all: true, limit: 10 });
    expect(only(r).tests.map((t) => t.inputs)).toEqual([{ i: 5 }]);
    await expectAllValidated('ptr_foo.c', r);
  });

  it('ptr_lh98.c: exactly h = 8 and h = 9', async () => {
    const r = await engine.reach({ file: file('ptr_lh98.c'), line: lineOf('ptr_lh98.c', 'return 1;'), all: true, limit: 10 });
    expect(
      only(r)
        .tests.map((t) => t.inputs.h)
        .sort(),
    ).toEqual([8, 9]);
    await expectAllValidated('ptr_lh98.c', r);
  });

  it('ptr_jos97.c: every datum has i >= 2 and i % 3 == 2', async () => {
    const line = lineOf('ptr_jos97.c', 'return 1;');
    const r = await engine.reach({ file: file('ptr_jos97.c'), line, all: true, limit: 8 });
    const { tests } = only(r);
    expect(tests.length).toBeGreaterThan(2);
    for (const t of tests) {
      const i = t.inputs.i as number;
      expect(i).toBeGreaterThanOrEqual(2);
      expect(i % 3).toBe(2);
    }
    await expectAllValidated('ptr_jos97.c', r);
  }, 120_000);

  it('josephus.c: every branch covered, validated; n = 2, m = 3 reaches each branch goal', async () => {
    const r = await engine.cover({ file: file('josephus.c'), criterion: 'decision' });
    const goals = r.functions[0].goals;
    expect(goals.filter((g) => g.status !== 'covered').map((g) => g.id)).toEqual([]);
    await expectAllValidated('josephus.c', r);
    for (const g of goals.filter((x) => x.kind === 'branch')) {
      const one = await engine.reach({ file: file('josephus.c'), line: g.line, column: g.column, outcome: g.outcome, where: 'n == 2 && m == 3' });
      expect({ goal: g.id, status: only(one).goal.status }).toEqual({ goal: g.id, status: 'covered' });
    }
  }, 180_000);
});

describe('pointer parameters', () => {
  it('may alias each other unless restrict', async () => {
    const src = writeC(
      'alias.c',
      'int f(int *a, int *b) {\n  *a = 1;\n  *b = 2;\n  if (*a == 2)\n    return 1;\n  return 0;\n}\nint g(int *restrict a, int *restrict b) {\n  *a = 1;\n  *b = 2;\n  if (*a == 2)\n    return 1;\n  return 0;\n}\n',
    );
    const f = await engine.reach({ file: src, line: 5 });
    expect(only(f).goal.status).toBe('covered');
    expect(only(f).tests[0].inputs.b).toBe('&a[0]');
    const v = await validateFile(src, f);
    expect(v.tests.every((t) => t.reached && t.resultsMatch && !t.sanitizer)).toBe(true);
    const g = await engine.reach({ file: src, line: 12 });
    expect(only(g).goal.status).toBe('unreachable');
  });
});

describe('data structures passed by pointer: full decision coverage, validated under ASan and UBSan', () => {
  for (const name of ['list.c', 'struct_array.c']) {
    it(
      name,
      async () => {
        const r = await engine.cover({ file: file(name), criterion: 'decision' });
        for (const f of r.functions)
          expect({ fn: f.name, open: f.goals.filter((g) => g.status !== 'covered').map((g) => g.id) }).toEqual({ fn: f.name, open: [] });
        await expectAllValidated(name, r);
        // Every datum built from linked inputs is a real list: some datum links two nodes.
        if (name === 'list.c') expect(JSON.stringify(r.functions.flatMap((f) => f.tests))).toMatch(/"next":"&l\[\d\]"/);
      },
      180_000,
    );
  }
});

describe('library models: strlen, strcmp, memcpy, memset', () => {
  it('strings.c: every feasible outcome covered and validated; what memset makes impossible is proved unreachable', async () => {
    const r = await engine.cover({ file: file('strings.c'), criterion: 'decision' });
    for (const f of r.functions.filter((x) => x.name !== 'cleared'))
      expect({ fn: f.name, open: f.goals.filter((g) => g.status !== 'covered').map((g) => g.id) }).toEqual({ fn: f.name, open: [] });
    const cleared = r.functions.find((f) => f.name === 'cleared')!;
    const ret0 = cleared.goals.find((g) => g.kind === 'statement' && g.label.includes('return 0;'))!;
    expect(ret0.status).toBe('unreachable');
    expect(ret0.proof).toBe('complete');
    await expectAllValidated('strings.c', r);
    const isOk = r.functions.find((f) => f.name === 'is_ok')!;
    // The datum for `return 1` is the string "ok" (bytes of 'o', 'k', NUL).
    expect(isOk.tests.some((t) => JSON.stringify(t.inputs.s).startsWith('[111,107,0'))).toBe(true);
  }, 120_000);
});

describe('allocation failure as an option', () => {
  it('alloc.c: the NULL branch is unreachable assuming malloc succeeds (and says so), covered and validated with --malloc-may-fail', async () => {
    const plain = await engine.cover({ file: file('alloc.c'), criterion: 'decision' });
    const nullBranch = plain.functions[0].goals.find((g) => g.kind === 'branch' && g.outcome === 'true')!;
    expect(nullBranch.status).toBe('unreachable');
    expect(nullBranch.reason).toMatch(/assuming malloc and calloc succeed/);
    const failing = await createEngine({ ...defaultEngineOptions, timeoutMs: 60_000, mallocMayFail: true });
    try {
      const r = await failing.cover({ file: file('alloc.c'), criterion: 'decision' });
      expect(r.functions[0].goals.filter((g) => g.status !== 'covered').map((g) => g.id)).toEqual([]);
      const failed = r.functions[0].tests.find((t) => t.nondet.some((n) => n.call === 'malloc' && n.value === 1))!;
      expect(failed.result).toBe(-1);
      await expectAllValidated('alloc.c', r);
    } finally {
      failing.dispose();
    }
  }, 120_000);
});

describe('memory errors give counter-examples the sanitizers confirm', () => {
  it('out of bounds, null dereference and double free', async () => {
    const r = await engine.check({ file: file('memory_errors.c') });
    const violated = (fn: string, kind: string) => {
      const f = r.functions.find((x) => x.name === fn)!;
      return f.goals.find((g) => g.kind === 'runtime-error' && g.outcome === kind && g.status === 'violated');
    };
    expect(violated('get', 'bounds')).toBeDefined();
    expect(violated('get', 'null')).toBeDefined();
    expect(violated('deref', 'null')).toBeDefined();
    expect(violated('release', 'free')).toBeDefined();
    // The first free is fine, and so are the accesses through p.
    const release = r.functions.find((x) => x.name === 'release')!;
    expect(release.goals.filter((g) => g.status === 'violated')).toHaveLength(1);
    // Each counter-example, compiled with ASan and UBSan and run, makes the sanitizer report that error at that line.
    const v = await validate('memory_errors.c', r);
    expect(v.tests).toHaveLength(r.functions.flatMap((f) => f.tests).length);
    for (const t of v.tests) {
      expect({ test: `${t.function}/${t.id}`, reached: t.reached, unexpected: t.sanitizer }).toEqual({
        test: `${t.function}/${t.id}`,
        reached: true,
        unexpected: null,
      });
      expect(t.output).toMatch(/runtime error|AddressSanitizer/);
    }
    for (const t of r.functions.flatMap((f) => f.tests)) expect({ id: t.id, validated: t.validated }).toEqual({ id: t.id, validated: true });
  }, 120_000);
});

describe('floating point (FPSE seeds)', () => {
  it('fp1: reachable, every reaching x in [1.4012984643248171e-45, 32767.998046875]', async () => {
    const r = await engine.reach({ file: file('fp_single.c'), line: lineOf('fp_single.c', 'return 1;'), all: true, limit: 8 });
    const { tests } = only(r);
    expect(tests.length).toBeGreaterThan(2);
    for (const t of tests) {
      const x = t.inputs.x as number;
      expect(typeof x).toBe('number');
      expect(x).toBeGreaterThanOrEqual(1.4012984643248171e-45);
      expect(x).toBeLessThanOrEqual(32767.998046875);
    }
    await expectAllValidated('fp_single.c', r);
  });

  it('fp2: unreachable in single precision', async () => {
    const r = await engine.reach({ file: file('fp_single.c'), line: lineOf('fp_single.c', 'return 1;', 20) });
    expect(only(r).goal.status).toBe('unreachable');
  });

  it('fp2d: reachable in double, every datum in (6.103515625e-5, 1e4)', async () => {
    const r = await engine.reach({ file: file('fp_single.c'), line: lineOf('fp_single.c', 'return 1;', 30), all: true, limit: 5 });
    for (const t of only(r).tests) {
      expect(t.inputs.x as number).toBeGreaterThan(6.103515625e-5);
      expect(t.inputs.x as number).toBeLessThan(1e4);
    }
    await expectAllValidated('fp_single.c', r);
  });
});
