// The seeds' goals that need neither pointers nor floats give the answers of
// EXPECTED.md (checked there by exhaustive execution of the compiled
// programs), and every datum is validated by compiling the harness with gcc
// and the sanitizers and running it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Engine } from '../helpers/engine';
import { expectAllValidated, fixture, lineOf, only, validate, writeC } from './helpers';

const file = fixture;
let engine: Engine;

beforeAll(async () => {
  // Verdicts, not speed, are checked here: a generous time limit keeps a loaded CI machine from turning proofs into "unknown".
  engine = await createEngine({ ...defaultEngineOptions, timeoutMs: 60_000 });
});
afterAll(() => engine?.dispose());

const expectValidated = (name: string, report: Parameters<typeof expectAllValidated>[1]) => expectAllValidated(fixture(name), report);

describe('seed goals (EXPECTED.md)', () => {
  it('factorial.c: `i = 2;` is reached only by i = 2', async () => {
    const r = await engine.reach({ file: file('factorial.c'), line: lineOf('factorial.c', 'i = 2;'), all: true, limit: 10 });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests.map((t) => t.inputs)).toEqual([{ i: 2 }]);
    expect(tests[0].result).toBe(2);
    await expectValidated('factorial.c', r);
  });

  it('example2.c: unique datum x = 2, y = 3', async () => {
    const r = await engine.reach({ file: file('example2.c'), line: lineOf('example2.c', 'return 1;'), all: true, limit: 10 });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests.map((t) => t.inputs)).toEqual([{ x: 2, y: 3 }]);
    await expectValidated('example2.c', r);
  });

  it('cl2000_foo.c: exactly 13 inputs, x in 4..10, y in 0..2', async () => {
    const r = await engine.reach({ file: file('cl2000_foo.c'), line: lineOf('cl2000_foo.c', 'return 1;'), all: true, limit: 100 });
    const { tests } = only(r);
    expect(tests).toHaveLength(13);
    for (const t of tests) {
      const { x, y } = t.inputs as { x: number; y: number };
      expect(x).toBeGreaterThanOrEqual(4);
      expect(x).toBeLessThanOrEqual(10);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(2);
    }
    await expectValidated('cl2000_foo.c', r);
  });

  it('modular.c: reachable, and every reaching buf is in [2^31, 2^32 - 1]', async () => {
    const line = lineOf('modular.c', 'return 1;');
    const r = await engine.reach({ file: file('modular.c'), line });
    expect(only(r).goal.status).toBe('covered');
    const buf = only(r).tests[0].inputs.buf as number;
    expect(buf).toBeGreaterThanOrEqual(2 ** 31);
    // No datum below 2^31: the goal with that extra condition is unreachable.
    const below = await engine.reach({ file: file('modular.c'), line, where: 'buf < 2147483648' });
    expect(only(below).goal.status).toBe('unreachable');
    await expectValidated('modular.c', r);
  });

  it('sample.c: exactly 1953 data; 6 with the Pythagorean condition', async () => {
    const line = lineOf('sample.c', 'out = 1;', 20);
    const all = await engine.reach({ file: file('sample.c'), line, all: true, limit: 3000 });
    expect(only(all).tests).toHaveLength(1953);
    const six = await engine.reach({ file: file('sample.c'), line, where: 'a[2]*a[2] == a[0]*a[0] + a[1]*a[1]', all: true, limit: 100 });
    const data = only(six).tests.map((t) => [...(t.inputs.a as number[]), ...(t.inputs.b as number[]), t.inputs.target]);
    const expected = [3, 4, 5].flatMap((k) => [
      [3, 4, 5, k, k, k, k],
      [4, 3, 5, k, k, k, k],
    ]);
    expect(data.map((d) => d.join(',')).sort()).toEqual(expected.map((d) => d.join(',')).sort());
    await expectValidated('sample.c', six);
  }, 120_000);

  it('loops_w.c: power gives x = 10, n = 3; sum gives i = 10; gcd is never covered', async () => {
    const power = await engine.reach({ file: file('loops_w.c'), line: lineOf('loops_w.c', 'return 1;'), all: true, limit: 5 });
    expect(only(power).tests.map((t) => t.inputs)).toEqual([{ x: 10, n: 3 }]);
    const sum = await engine.reach({ file: file('loops_w.c'), line: lineOf('loops_w.c', 'return 1;', 20), all: true, limit: 5 });
    expect(only(sum).tests.map((t) => t.inputs)).toEqual([{ i: 10 }]);
    const gcd = await engine.reach({ file: file('loops_w.c'), line: lineOf('loops_w.c', 'return 1;', 40) });
    const g = only(gcd).goal;
    expect(g.status).not.toBe('covered');
    expect(['unreachable', 'not-reached', 'unknown']).toContain(g.status);
    await expectValidated('loops_w.c', power);
    await expectValidated('loops_w.c', sum);
  }, 120_000);

  it('tcas_assert.c: foo is violated with x = 50 and y >= 1; foo_holds holds', async () => {
    const r = await engine.check({ file: file('tcas_assert.c') });
    const foo = r.functions.find((f) => f.name === 'foo')!;
    const a = foo.goals.find((g) => g.kind === 'assertion')!;
    expect(a.status).toBe('violated');
    const t = foo.tests.find((x) => x.id === a.test)!;
    expect(t.inputs.x).toBe(50);
    expect(t.inputs.y as number).toBeGreaterThanOrEqual(1);
    const holds = r.functions.find((f) => f.name === 'foo_holds')!.goals.find((g) => g.kind === 'assertion')!;
    expect(holds.status).toBe('holds');
    // The multiplications can overflow: a separate runtime-error finding.
    expect(r.functions.find((f) => f.name === 'foo_holds')!.goals.some((g) => g.kind === 'runtime-error' && g.status === 'violated')).toBe(true);
  }, 120_000);

  it('product.c: holds when bounded; signed overflow found when not', async () => {
    const r = await engine.check({ file: file('product.c') });
    const bounded = r.functions.find((f) => f.name === 'product_bounded')!;
    expect(bounded.goals.find((g) => g.kind === 'assertion')!.status).toBe('holds');
    expect(bounded.goals.filter((g) => g.kind === 'runtime-error').every((g) => g.status === 'holds')).toBe(true);
    const free = r.functions.find((f) => f.name === 'product')!;
    const overflow = free.goals.filter((g) => g.kind === 'runtime-error' && g.status === 'violated');
    expect(overflow.length).toBeGreaterThan(0);
  }, 120_000);

  it('tritype.c: every decision outcome covered; both assertions of tritype_checked hold', async () => {
    const cover = await engine.cover({ file: file('tritype.c'), function: 'tritype', criterion: 'decision' });
    const goals = cover.functions[0].goals;
    expect(goals.length).toBeGreaterThan(10);
    expect(goals.filter((g) => g.status !== 'covered').map((g) => g.id)).toEqual([]);
    await expectValidated('tritype.c', cover);
    const check = await engine.check({ file: file('tritype.c'), function: 'tritype_checked' });
    const asserts = check.functions[0].goals.filter((g) => g.kind === 'assertion');
    expect(asserts).toHaveLength(2);
    for (const a of asserts) expect(a.status).toBe('holds');
  }, 180_000);
});

describe('explanations', () => {
  it('an unreachable goal says which conditions conflict, by line', async () => {
    const src = writeC(
      'why.c',
      'int f(int x) {\n  int u;\n  if (x < 4)\n    u = 10;\n  else\n    u = 2;\n  if (u <= x)\n    if (x < 4)\n      return 1;\n  return 0;\n}\n',
    );
    const r = await engine.reach({ file: src, line: 9 });
    const g = only(r).goal;
    expect(g.status).toBe('unreachable');
    expect(g.proof).toBe('complete');
    const lines = (g.why ?? []).map((w) => w.line);
    expect(lines).toContain(7);
    expect(lines).toContain(8);
  });

  it('an integer converted to double and compared: the reason names the conversions, without which a double could be anything', async () => {
    // LP64: x <= 2^63 - 1, which converts to 2^63 < 9.3e18; and no integer converts to 2.5. A double not
    // known to come from x could be both: the assignments on lines 2 and 3 belong to the reasons.
    const src = writeC(
      'why_convert.c',
      'int g(long x) {\n  double d = x;\n  double e = d;\n  if (e > 9.3e18)\n    return 2;\n  if (e == 2.5)\n    return 1;\n  return 0;\n}\n',
    );
    for (const line of [5, 7]) {
      const g = only(await engine.reach({ file: src, line })).goal;
      expect(g.status).toBe('unreachable');
      expect(g.proof).toBe('complete');
      expect([...new Set((g.why ?? []).map((w) => w.line))]).toEqual([2, 3, line - 1]);
    }
  });

  it("a suite tries an earlier goal's reason first, and keeps it only when it excludes this goal too", async () => {
    // return 1 needs x > 10 and x < 5 (lines 2, 4); return 2 needs y > 0 and y < 0 (lines 3, 5). Neither
    // block dominates the other, so each is proved and explained; the reason found first does not
    // exclude the other goal (its conditions leave the other variable free) and must not be reused.
    const src = writeC(
      'why_two.c',
      'int g(int x, int y) {\n  if (x > 10) {\n    if (y > 0) {\n      if (x < 5) return 1;\n      if (y < 0) return 2;\n    }\n  }\n  return 0;\n}\n',
    );
    const r = await engine.cover({ file: src, criterion: 'decision' });
    expect(r.functions[0].goals.filter((g) => g.status === 'unreachable').map((g) => g.line)).toEqual([4, 4, 5, 5]);
    const whyOf = (label: string) => {
      const g = r.functions[0].goals.find((x) => x.label === label)!;
      return { status: g.status, lines: [...new Set((g.why ?? []).map((w) => w.line))].sort() };
    };
    expect(whyOf('statement `return 1;`')).toEqual({ status: 'unreachable', lines: [2, 4] });
    expect(whyOf('statement `return 2;`')).toEqual({ status: 'unreachable', lines: [3, 5] });
    expect(whyOf('`if (x < 5)` is true')).toEqual({ status: 'unreachable', lines: [2, 4] });
    expect(whyOf('`if (y < 0)` is true')).toEqual({ status: 'unreachable', lines: [3, 5] });
  });

  it('a runtime error excluded by a precondition earlier in the same block names the precondition', async () => {
    // t[i] in bounds because 0 <= i <= 3 (line 2), checked before the access in the same block (line 3).
    const src = writeC('why_requires.c', 'int t[4] = {1, 2, 3, 4};\n/*@ requires 0 <= i && i <= 3; */\nint f(int i) { return t[i]; }\n');
    const r = await engine.check({ file: src, function: 'f' });
    const g = r.functions[0].goals.find((x) => x.outcome === 'bounds')!;
    expect(g.status).toBe('holds');
    expect((g.why ?? []).filter((w) => w.line === 2).map((w) => w.text)).toEqual(['0 <= i', 'i <= 3']);
  });
});

describe('counter-examples of properties', () => {
  it('are small when small ones exist, also where properties are asked without the input box first', async () => {
    // Hand proof: n <= 8 keeps s within [0, 16] in the loop and [0, 26] after it, so lines 6 and 8 never
    // overflow; their proofs at each unrolling make the level ask properties without the box first.
    // Line 9 divides by zero when s == 12: n = 2 with a >= 2 gives s = 2, then a > 3 and b > 3 add 10,
    // a datum inside the box of [-16, 16]. Adding b overflows only for b near INT_MAX, outside it.
    const src = writeC(
      'small_cex.c',
      [
        '/*@ requires 0 <= n && n <= 8 && -1000 <= a && a <= 1000; */',
        'int h(int n, int a, int b) {',
        '    int s = 0;',
        '    for (int i = 0; i < n; i++)',
        '        /* loop body */',
        '        s = s + (a > i ? 1 : 2);',
        '    if (a > 3 && b > 3)',
        '        s = s + 10;',
        '    return 100 / (s - 12) + b;',
        '}',
        '',
      ].join('\n'),
    );
    const r = await engine.check({ file: src, function: 'h' });
    const goals = r.functions[0].goals;
    expect(goals.map((g) => [g.line, g.outcome, g.status])).toEqual([
      [6, 'overflow', 'holds'],
      [8, 'overflow', 'holds'],
      [9, 'div-by-zero', 'violated'],
      [9, 'overflow', 'violated'],
    ]);
    const division = r.functions[0].tests.find((t) => t.id === goals[2].test)!;
    expect(Object.values(division.inputs).every((v) => Math.abs(v as number) <= 16)).toBe(true);
    await expectAllValidated(src, r);
  });
});

describe('what is not modelled', () => {
  it('a call through a function pointer makes the goal unknown, naming the construct and its line', async () => {
    const src = writeC('fp.c', 'int g(int);\nint f(int x) {\n  int (*fp)(int) = g;\n  int y = fp(x);\n  if (y == 3)\n    return 1;\n  return 0;\n}\n');
    const r = await engine.reach({ file: src, line: 6 });
    const g = only(r).goal;
    expect(g.status).toBe('unknown');
    expect(g.reason).toMatch(/function pointer.*line 4/);
  });
});

describe('contracts of called functions', () => {
  it("a callee's requires does not restrict its callers (a call that breaks it still runs in C)", async () => {
    const src = writeC(
      'req.c',
      '/*@ requires x > 0; */\nint g(int x) { return x + 1; }\nint f(int y) {\n  int r = g(y);\n  if (r < 0)\n    return 1;\n  return 0;\n}\n',
    );
    const r = await engine.reach({ file: src, line: 6 });
    expect(only(r).goal.status).toBe('covered');
    expect(only(r).tests[0].inputs.y as number).toBeLessThan(-1);
  });
});

describe('C library calls', () => {
  it('an unused printf changes nothing; floor has a model; an unmodelled library result makes goals unknown', async () => {
    const src = writeC(
      'libc.c',
      '#include <stdio.h>\n#include <math.h>\n#include <stdlib.h>\nint f(int x) {\n  printf("x = %d\\n", x);\n  if (x > 3)\n    return 1;\n  return 0;\n}\nint g(double d) {\n  if (floor(d) > 2.0)\n    return 1;\n  return 0;\n}\nint h(void) {\n  if (rand() == 7)\n    return 1;\n  return 0;\n}\n',
    );
    const r = await engine.cover({ file: src, criterion: 'decision' });
    for (const name of ['f', 'g']) expect(r.functions.find((x) => x.name === name)!.goals.every((goal) => goal.status === 'covered')).toBe(true);
    const h = r.functions.find((x) => x.name === 'h')!;
    const ret1 = h.goals.find((goal) => goal.line === 17)!;
    expect(ret1.status).toBe('unknown');
    expect(ret1.reason).toMatch(/rand is not modelled \(line 16\)/);
    const v = await validate(src, { ...r, functions: r.functions.filter((x) => x.name !== 'h') });
    expect(v.tests.every((t) => t.reached && t.resultsMatch && !t.sanitizer)).toBe(true);
  });
});

describe('loop bounds', () => {
  it('a loop that runs k times is reached with the loop bound k, and not-reached (not unreachable) below it', async () => {
    const src = writeC(
      'loop.c',
      '/*@ requires 0 <= n && n <= 4; */\nint f(int n) {\n  int i = 0, s = 0;\n  while (i < n) { s += 2; i++; }\n  if (s == 8)\n    return 1;\n  return 0;\n}\n',
    );
    const at4 = await createEngine({ ...defaultEngineOptions, maxLoopBound: 4 });
    const at3 = await createEngine({ ...defaultEngineOptions, maxLoopBound: 3 });
    try {
      const r4 = only(await at4.reach({ file: src, line: 6 }));
      expect(r4.goal.status).toBe('covered');
      expect(r4.tests[0].inputs.n).toBe(4);
      // Bounded unrolling alone (no invariants, no acceleration): not reached within 3.
      const r3 = only(await at3.reach({ file: src, line: 6, invariants: false }));
      expect(r3.goal.status).toBe('not-reached');
      expect(r3.goal.bound).toBe(3);
      // Past the bound, the accelerated loop (s and i counters) finds n = 4.
      const deep = only(await at3.reach({ file: src, line: 6 }));
      expect(deep.goal.status).toBe('covered');
      expect(deep.tests[0].inputs.n).toBe(4);
      expect(deep.goal.causes?.[0].kind).toBe('accelerated');
    } finally {
      at4.dispose();
      at3.dispose();
    }
  });
});
