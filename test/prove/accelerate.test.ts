// Deep counter-examples by loop acceleration (issue 13 §2): goals that need
// hundreds to hundreds of thousands of iterations, far past the loop bound.
// Ground truth: the fixture's comments, each checked here by running the
// compiled function; every datum CReach hands out is validated by gcc (with
// the sanitizers). A goal no execution reaches must never get a datum.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { accelerateLoops, pathsOf } from '../../server/src/prove/accelerate';
import { findLoops } from '../../server/src/ir/loops';
import type { GoalReport, Report } from '../../shared/report';
import { formatReport } from '../../server/src/cli/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, fixture, lineOf, writeC } from '../solve/helpers';

const FILE = fixture('deep_loops.c');
// A low bound keeps the test fast; acceleration does not depend on it.
const options = { ...defaultEngineOptions, maxLoopBound: 16, timeoutMs: 10_000 };
let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine(options);
});
afterAll(() => engine?.dispose());

/** The fixture's function called with each argument, compiled by gcc: its results, in order. */
function run(call: string, args: string[]): string[] {
  // The program's main renamed, and its nondet input given a body (never called here).
  const source = readFileSync(FILE, 'utf8')
    .replace('int main(void)', 'int main_(void)')
    .replace('extern int __VERIFIER_nondet_int(void);', 'int __VERIFIER_nondet_int(void) { return 0; }');
  const file = writeC(
    'run.c',
    `${source}\n#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) { for (int k = 1; k < argc; k++) printf("%d\\n", ${call}); return 0; }\n`,
  );
  const cc = spawnSync('gcc', ['-O1', '-w', file, '-o', `${file}.exe`], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  return spawnSync(`${file}.exe`, args, { encoding: 'utf8', maxBuffer: 1 << 26 })
    .stdout.trim()
    .split('\n');
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => String(from + k));

async function reachTrue(fn: string, marker: string): Promise<{ goal: GoalReport; report: Report }> {
  const report = await engine.reach({ file: FILE, function: fn, line: lineOf('deep_loops.c', marker), outcome: 'true' });
  return { goal: report.functions[0].goals[0], report };
}
const accelerated = (g: GoalReport) => g.causes?.find((c) => c.kind === 'accelerated');
const inputOf = (r: Report, name: string) => r.functions[0].tests[0].inputs[name];

describe('goals past the loop bound, found by acceleration and validated by gcc', () => {
  const cases: { fn: string; marker: string; check: (n: unknown) => void; truth: () => void }[] = [
    {
      fn: 'up',
      marker: 'if (i == 1000)',
      check: (n) => expect(n).toBe(1000),
      truth: () => expect(run('up(atoi(argv[k]))', ['999', '1000', '1001'])).toEqual(['0', '1', '0']),
    },
    {
      fn: 'countdown',
      marker: 'if (c == 700)',
      check: (n) => expect([2098, 2099, 2100]).toContain(n),
      truth: () => expect(run('countdown(atoi(argv[k]))', range(2096, 2101))).toEqual(['0', '0', '1', '1', '1', '0']),
    },
    {
      fn: 'unsig',
      marker: 'if (i == 5000)',
      check: (n) => expect([4999, 5000]).toContain(n),
      truth: () => expect(run('unsig(strtoul(argv[k], 0, 10))', range(4998, 5001))).toEqual(['0', '1', '1', '0']),
    },
    {
      fn: 'nested',
      marker: 'if (c == 1500)',
      check: (n) => expect(n).toBe(500),
      truth: () => expect(run('nested(atoi(argv[k]))', ['499', '500', '501'])).toEqual(['0', '1', '0']),
    },
    {
      fn: 'inside',
      marker: 'if (i == 777)',
      check: (n) => expect(n).toBeGreaterThanOrEqual(777),
      truth: () => expect(run('inside(atoi(argv[k]))', ['776', '777', '5000'])).toEqual(['0', '1', '1']),
    },
    {
      fn: 'neq',
      marker: 'if (i == 2024)',
      check: (n) => expect(n).toBe(2024),
      truth: () => expect(run('neq(atoi(argv[k]))', ['2023', '2024'])).toEqual(['0', '1']),
    },
    {
      fn: 'phases',
      marker: 'if (a == 500 && b == 600)',
      check: (n) => expect(n).toBe(800),
      truth: () => expect(run('phases(atoi(argv[k]))', ['799', '800', '801'])).toEqual(['0', '1', '0']),
    },
    {
      fn: 'brk',
      marker: 'if (i == 4000)',
      check: (n) => expect([3996, 3997, 3998, 3999, 4000]).toContain(n),
      truth: () => expect(run('brk(atoi(argv[k]))', range(3995, 4001))).toEqual(['0', '1', '1', '1', '1', '1', '0']),
    },
  ];
  for (const c of cases)
    it(`${c.fn}: ${c.marker} is covered past the bound`, async () => {
      c.truth();
      const { goal, report } = await reachTrue(c.fn, c.marker);
      expect(goal.status).toBe('covered');
      expect(accelerated(goal)).toBeDefined();
      c.check(inputOf(report, 'n'));
      await expectAllValidated(FILE, report);
    });

  it('rounds: a loop whose body runs an 8-iteration loop and calls a check, on round 600 (4800 inner iterations)', async () => {
    expect(run('rounds(atoi(argv[k]))', ['599', '600', '601'])).toEqual(['0', '1', '1']);
    const { goal, report } = await reachTrue('rounds', 'if (r == 600)');
    expect(goal.status).toBe('covered');
    expect(inputOf(report, 'n')).toBeGreaterThanOrEqual(600);
    // The outer loop ran in closed form, the inner one's 8 iterations and the call inside each of its iterations.
    const outer = lineOf('deep_loops.c', 'while (r < n) {');
    const loops = accelerated(goal)?.kind === 'accelerated' ? accelerated(goal)!.loops : [];
    expect(loops.find((l) => l.line === outer)?.counters).toEqual(expect.arrayContaining(['r', 's']));
    await expectAllValidated(FILE, report);
  });

  it('widths: an inner loop of w iterations (an input) per round, on round 600 with w == 5', async () => {
    expect(run('widths(atoi(argv[k]), 5)', ['599', '600', '601'])).toEqual(['0', '1', '1']);
    expect(run('widths(600, atoi(argv[k]))', ['4', '5', '6'])).toEqual(['0', '1', '0']);
    const { goal, report } = await reachTrue('widths', 'if (r == 600 && k == 5)');
    expect(goal.status).toBe('covered');
    expect(inputOf(report, 'n')).toBeGreaterThanOrEqual(600);
    expect(inputOf(report, 'w')).toBe(5);
    expect(accelerated(goal)).toBeDefined();
    await expectAllValidated(FILE, report);
  });

  it('fixed: no input, 14286 iterations; the report says which loop ran in closed form', async () => {
    expect(run('fixed()', ['x'])).toEqual(['1']);
    const { goal, report } = await reachTrue('fixed', 'if (x == 100002)');
    expect(goal.status).toBe('covered');
    const line = lineOf('deep_loops.c', 'while (x < 100000)');
    expect(accelerated(goal)).toEqual({ kind: 'accelerated', loops: [{ line, counters: ['x'] }] });
    expect(formatReport(report)).toContain(`found past the loop bound by running the loop at line ${line} many iterations at once (x in closed form)`);
    await expectAllValidated(FILE, report);
  });

  it('check: the overflow of s += 1000 on iteration 2147484 is a validated violation', async () => {
    // 2147483 * 1000 = 2147483000 <= INT_MAX < 2147484000.
    expect(run('sum(atoi(argv[k]))', ['2147483'])).toEqual(['2147483000']);
    const report = await engine.check({ file: FILE, function: 'sum' });
    const overflow = report.functions[0].goals.find((g) => g.outcome === 'overflow' && g.label.includes('s += 1000'))!;
    expect(overflow.status).toBe('violated');
    const t = report.functions[0].tests.find((x) => x.id === overflow.test)!;
    expect(t.inputs.n).toBeGreaterThanOrEqual(2147484);
    await expectAllValidated(FILE, report);
  });

  it("check of main: __VERIFIER_assert(y != 3000) fails for n == 1500, in main's context", async () => {
    const report = await engine.check({ file: FILE, function: 'main' });
    // (y += 2 also overflows, for n >= 2^30: a runtime error of its own.)
    const fails = report.functions[0].goals.filter((g) => g.status === 'violated' && g.kind === 'assertion');
    expect(fails.length).toBeGreaterThan(0);
    for (const g of fails) {
      const t = report.functions[0].tests.find((x) => x.id === g.test)!;
      expect(t.nondet.map((s) => s.value)).toEqual([1500]);
    }
    // The assertion's data run here; the overflow's (2^30 iterations under the sanitizers) may not finish in time.
    const ids = new Set(fails.map((g) => g.test));
    const f = report.functions[0];
    await expectAllValidated(FILE, { ...report, functions: [{ ...f, tests: f.tests.filter((t) => ids.has(t.id)) }] });
  });
});

describe('acceleration never makes an execution C does not have', () => {
  it('parity: i stays even and an odd n is never met; no datum for the goal (gcc: never 1)', async () => {
    expect(run('parity(atoi(argv[k]))', range(-3001, 7001)).includes('1')).toBe(false);
    const { goal } = await reachTrue('parity', 'if (c == 1500 && n % 2 == 1)');
    expect(goal.status).not.toBe('covered');
  });

  it('an unsigned counter wraps only in an iteration run as code: the datum is a real execution', async () => {
    // x += 3 wraps at 2^32: x % 3 != 0 needs n >= 1431655766 (3 * 1431655766 = 2^32 + 2). The jump never wraps;
    // the iteration after it, run as C, may.
    const source = `int f(unsigned n) { unsigned x = 0;
  for (unsigned i = 0; i < n; i++) x += 3;
  if (x % 3 != 0) return 1;
  return 0; }`;
    const file = writeC('f.c', source);
    const report = await engine.reach({ file, line: 3, outcome: 'true' });
    const goal = report.functions[0].goals[0];
    expect(['holds', 'unreachable']).not.toContain(goal.status);
    if (goal.status !== 'covered') return;
    const n = report.functions[0].tests[0].inputs.n as number;
    expect(n).toBeGreaterThanOrEqual(1431655766);
    // Run optimised (1.4e9 iterations: the validation's sanitized run may not finish in its time).
    const exe = `${file}.exe`;
    const main = writeC('m.c', `${source}\n#include <stdio.h>\nint main(void) { printf("%d\\n", f(${n}u)); return 0; }\n`);
    expect(spawnSync('gcc', ['-O2', '-w', main, '-o', exe]).status).toBe(0);
    expect(spawnSync(exe, { encoding: 'utf8' }).stdout.trim()).toBe('1');
  });

  it('rounds_never: s == 8 * r after each round, so s == 4801 is unreachable (gcc: never 1 for n up to 5000)', async () => {
    expect(new Set(run('rounds_never(atoi(argv[k]))', range(0, 5000)))).toEqual(new Set(['0']));
    const { goal, report } = await reachTrue('rounds_never', 'if (s == 4801)');
    expect(report.functions[0].tests).toEqual([]);
    // Proved for every n: the inner loop adds 8 to s a round (its trip count counted), so the outer one keeps 8 * r - s.
    expect({ status: goal.status, proof: goal.proof }).toEqual({ status: 'unreachable', proof: 'invariant' });
  });

  it('a truth value compared with 0 is its comparison negated, but a != made that way is not accelerated (its order is not that of i and 500)', async () => {
    const source = `int f(int n) { int i = 0, c = 0;
  while (i < n) { int t = i == 500; if (t == 0) c++; i++; }
  return c; }`;
    const file = writeC('truth.c', source);
    const program = await loadProgram({ file, text: source }, defaultEngineOptions);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const [loop] = findLoops(fn);
    // Only the side where i == 500 (convex); i != 500 would need the order of i and 500 kept, which t == 0 does not give.
    const paths = pathsOf(program, fn, loop);
    expect(paths).toHaveLength(1);
    expect(paths[0].items.some((it) => it.kind === 'branch' && it.order)).toBe(false);
  });

  it('a nested loop runs inside an accelerated path when its number of iterations is linear in the values it starts from', async () => {
    const source = `int f(int n, int m) {
  int r = 0, s = 0, t = 0, k;
  while (r < n) { for (k = 0; k < 8; k++) s++; r++; }
  while (r < n) { for (k = 0; k < m; k++) t++; r++; }
  while (r < n) { for (k = 0; k < m; k++) {} if (k == 7) s++; r++; }
  while (r < n) { for (k = r; k < 8; k++) t++; r++; }
  while (r < n) { for (k = 0; k < m; k += 2) {} r++; }
  return r + s + t; }`;
    const file = writeC('nested.c', source);
    const program = await loadProgram({ file, text: source }, defaultEngineOptions);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const outer = findLoops(fn).filter((l) => l.parent === null);
    expect(outer).toHaveLength(5);
    const runs = outer.map((l) => pathsOf(program, fn, l).some((p) => p.blocks.some((b) => b.run)));
    // 8 iterations: s += 8 per round. m iterations: t += m is not a constant step, but k == m after the loop is
    // the same each round. From r: t += 8 - r changes each round. A step of 2 up to m: ceil(m / 2) iterations.
    expect(runs).toEqual([true, false, true, false, false]);
  });

  it('loops with calls (external, or of a function with two ways to return), memory, division or non-counter updates are not accelerated', async () => {
    const source = `int g(int);
int clamp(int v) { if (v > 10) return 10; return v; }
int f(int *a, int n) { int i = 0, s = 0, p = 1;
  while (i < n) { s += g(i); i++; }
  while (i < n) { s += clamp(i); i++; }
  while (i < n) { s += a[i]; i++; }
  while (i < n) { s += 100 / (i + 1); i++; }
  while (i < n) { p = p * 2; i++; }
  while (i < n) { s += i; i++; }
  return s + p; }`;
    const file = writeC('f.c', source);
    const program = await loadProgram({ file, text: source }, defaultEngineOptions);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const loops = findLoops(fn);
    expect(loops).toHaveLength(6);
    for (const l of loops) expect(pathsOf(program, fn, l)).toEqual([]);
    expect(accelerateLoops(program, true)).toBeNull();
  });
});
