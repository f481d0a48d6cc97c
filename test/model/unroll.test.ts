// Recursion and irreducible control flow in the unrolled graph (issues 12 §3
// and 18). Recursive calls are inlined up to the bound like loop iterations,
// with a recursion unwind sink the unwinding check covers; cycles entered
// other than through their header (a goto into a loop, Duff's device) are
// loops of the depth-first loop-nesting forest. Expected answers come from
// gcc-compiled runs (exhaustive over the whole input domain for the
// irreducible examples, whose parameters are unsigned char), and every datum
// is compiled and run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { findLoops, isReducible } from '../../server/src/ir/loops';
import type { Program } from '../../server/src/ir/ir';
import { loopNest, unroll, type UnrolledFunction } from '../../server/src/model/unroll';
import type { GoalReport, Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, fixture, only, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

/** Compiles `source` with `driver` (gcc, UBSan, every report fatal) and returns what the run prints. */
function gccRun(source: string, driver: string): string {
  const dir = path.dirname(source);
  const drv = path.join(dir, 'driver.c');
  fs.writeFileSync(drv, driver);
  const exe = path.join(dir, 'a.out');
  const obj = path.join(dir, 'source.o');
  // The source's own main, if any, out of the driver's way.
  execFileSync('gcc', ['-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', '-Dmain=creach_source_main', '-c', source, '-o', obj]);
  execFileSync('gcc', ['-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', obj, drv, '-o', exe]);
  return execFileSync(exe, { encoding: 'utf8' });
}

const program = (file: string): Promise<Program> => loadProgram({ file }, defaultEngineOptions);
const fnOf = (p: Program, name: string) => p.functions.find((f) => f.name === name)!;

/** The goals of the function itself (not those of its callees in its context). */
const ownGoals = (r: Report, name: string): GoalReport[] => r.functions.find((f) => f.name === name)!.goals.filter((g) => !g.context);

/** Node ids are a topological order and every edge goes forward. */
function expectTopological(u: UnrolledFunction) {
  for (const n of u.nodes) for (const s of n.succ.values()) expect(s).toBeGreaterThan(n.id);
}

const RECURSION = `extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "r.c", 3, "reach_error"); }
void f(int n) { if (n < 3) return; n--; f(n); ERROR: {reach_error();abort();} }
int main(void) { f(4); return 0; }
`;

const EVEN_ODD = `static int odd(int);
static int even(int n) { return n == 0 ? 1 : odd(n - 1); }
static int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int f(int x) {
  if (even(x)) return 1;
  return 0;
}
`;

const SUM = `int sum(int n) {
  if (n <= 0) return 0;
  if (n > 5) return -1;
  return n + sum(n - 1);
}
int g(int n) {
  int s = sum(n);
  if (s == 15) return 1;
  if (s == 14) return 2;
  return 0;
}
`;

const DEPTH = `int depth(int n) {
  if (n <= 0) return 0;
  return 1 + depth(n - 1);
}
int g(int n) {
  int d = depth(n);
  if (d == 50) return 1;
  if (d == 100) return 2;
  if (d == -1) return 3;
  return 0;
}
`;

const FIB = `int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
int g(int n) {
  if (n > 20) return -1;
  int r = fib(n);
  if (r == 8) return 1;
  if (r == 4) return 2;
  return 0;
}
`;

const IRREDUCIBLE = `int into(unsigned char x) {
  int i = 0, r = 0;
  int n = x & 7;
  if (x & 8) goto inside;
  while (i < n) {
    r += 2;
  inside:
    r += 1;
    i++;
  }
  if (r == 1) return 1;
  if (r == 12) return 2;
  if (r == 13) return 3;
  if (r == 22) return 4;
  return 0;
}

int duff(unsigned char c) {
  int count = c & 31;
  int n = (count + 7) / 8;
  int i = 0, sum = 0;
  switch (count % 8) {
  case 0: do { sum += i; i++;
  case 7:      sum += i; i++;
  case 6:      sum += i; i++;
  case 5:      sum += i; i++;
  case 4:      sum += i; i++;
  case 3:      sum += i; i++;
  case 2:      sum += i; i++;
  case 1:      sum += i; i++;
          } while (--n > 0);
  }
  if (i != count) return 5;
  if (sum == 300) return 1;
  if (sum == 301) return 2;
  return 0;
}

int pingpong(unsigned char x) {
  int n = x & 7, r = 0;
  if (x & 8) goto B;
A:
  r += 1;
  if (--n <= 0) goto done;
B:
  r += 10;
  if (--n <= 0) goto done;
  goto A;
done:
  if (r == 21) return 1;
  if (r == 22) return 2;
  if (r == 31) return 3;
  if (r == 40) return 4;
  return 0;
}

int nested(unsigned char x) {
  int r = 0, i = 0, j = 0;
  if (x & 1) {
    i = (x >> 1) & 3;
    j = (x >> 3) & 1;
    goto inner;
  }
  for (i = 0; i < 3; i++) {
    for (j = 0; j < 2; j++) {
    inner:
      r += i + 1;
    }
  }
  if (r == 12) return 1;
  if (r == 4) return 2;
  if (r == 15) return 3;
  if (r == 11) return 4;
  return 0;
}
`;
const IRREDUCIBLE_FUNCTIONS = ['into', 'duff', 'pingpong', 'nested'];

describe('the loop-nesting forest', () => {
  it('is the natural loops of every reducible function of the fixtures', async () => {
    let checked = 0;
    for (const name of fs.readdirSync(path.join(__dirname, '..', 'fixtures')).filter((f) => /\.[ci]$/.test(f))) {
      const p = await program(fixture(name));
      for (const fn of p.functions) {
        if (!isReducible(fn)) continue;
        const norm = (ls: { header: number; body: Set<number>; latches: number[]; depth: number }[]) =>
          ls
            .map((l) => ({ header: l.header, body: [...l.body].sort((a, b) => a - b), latches: [...l.latches].sort((a, b) => a - b), depth: l.depth }))
            .sort((a, b) => a.header - b.header);
        expect({ fn: fn.name, loops: norm(loopNest(fn)) }).toEqual({ fn: fn.name, loops: norm(findLoops(fn)) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('makes irreducible cycles loops: the unrolled graph is acyclic, with unwind sinks', async () => {
    const p = await program(writeC('irr.c', IRREDUCIBLE));
    for (const name of IRREDUCIBLE_FUNCTIONS) {
      const fn = fnOf(p, name);
      expect(isReducible(fn)).toBe(false);
      for (const bound of [1, 2, 8]) {
        const u = unroll(p, fn, bound, 8);
        expectTopological(u);
        expect(u.unwinds.length).toBeGreaterThan(0);
        expect(u.limits).toEqual([]);
      }
    }
  });
});

describe('recursion in the unrolled graph', () => {
  it('inlines k nested recursive calls at bound k, then a recursion unwind sink', async () => {
    const p = await program(writeC('r.c', RECURSION));
    for (const bound of [1, 2, 4, 64]) {
      const u = unroll(p, fnOf(p, 'f'), bound, 8);
      expectTopological(u);
      expect(u.recursionDepth).toBe(bound);
      expect(u.contexts.filter((c) => c.fn.name === 'f')).toHaveLength(bound + 1);
      const sinks = u.nodes.filter((n) => n.unwindOf === -1);
      expect(sinks.map((n) => n.recursion)).toEqual(['f']);
      expect(u.limits).toEqual([]);
    }
  });

  it('mutual recursion: each function k frames deep, the inlining depth counting only the first call', async () => {
    const p = await program(writeC('eo.c', EVEN_ODD));
    const u = unroll(p, fnOf(p, 'f'), 4, 2);
    expectTopological(u);
    expect(u.contexts.filter((c) => c.fn.name === 'even')).toHaveLength(5);
    expect(u.contexts.filter((c) => c.fn.name === 'odd')).toHaveLength(5);
    expect(Math.max(...u.contexts.map((c) => c.depth))).toBe(2);
    expect(u.limits).toEqual([]);
  });

  it('a call tree that branches is inlined less deep than the bound, within the node budget', async () => {
    const p = await program(writeC('fib.c', FIB));
    const u = unroll(p, fnOf(p, 'g'), 64, 8);
    expectTopological(u);
    expect(u.recursionDepth).toBeLessThan(64);
    expect(u.recursionDepth).toBeGreaterThanOrEqual(5);
    expect(u.nodes.length).toBeLessThan(3000);
  });
});

describe('recursion (issue 12 §3, issue 18)', () => {
  it('reach_error after a recursive call: n = 3 reaches it (gcc: every n >= 3 does), the datum validated', async () => {
    const file = writeC('r.c', RECURSION);
    // gcc: which n reach reach_error (our __assert_fail says so and exits)?
    const out = gccRun(
      file,
      `#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
void f(int n);
static int reached;
void __assert_fail(const char *a, const char *b, unsigned int l, const char *fn) { _exit(42); }
int main(void) {
  for (int n = -10; n <= 40; n++) {
    pid_t p = fork();
    if (p == 0) { f(n); _exit(0); }
    int st; waitpid(p, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 42) printf("%d\\n", n);
  }
  return 0;
}
`,
    );
    expect(out.trim().split('\n').map(Number)).toEqual(Array.from({ length: 38 }, (_, i) => i + 3));
    const r = await engine.reach({ file, function: 'f', goal: 'f:4:error' });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('violated');
    expect(tests[0].inputs.n).toBeGreaterThanOrEqual(3);
    await expectAllValidated(file, r);
  });

  it('main: f(4) aborts inside the recursion, so `return 0;` is unreachable, proved (the recursion is bounded)', async () => {
    const file = writeC('r.c', RECURSION);
    const r = await engine.cover({ file, function: 'main', criterion: 'statement' });
    const goals = ownGoals(r, 'main');
    expect(goals.find((g) => g.label === 'statement `return 0;`')).toMatchObject({ status: 'unreachable', proof: 'complete' });
    expect(goals.find((g) => g.label === 'statement `f(4);`')?.status).toBe('covered');
    await expectAllValidated(file, r);
  });

  it('a statement before a deeper recursion than the bound still gets a datum (n > 100)', async () => {
    const file = writeC('depth.c', DEPTH);
    const r = await engine.reach({ file, function: 'depth', line: 3, where: 'n > 100' });
    expect(only(r).goal.status).toBe('covered');
    expect(only(r).tests[0].inputs.n).toBeGreaterThan(100);
    await expectAllValidated(file, r);
  });

  it('even/odd: f(x) returns 1 for even x >= 0 (gcc); deeper than the bound is never called unreachable', async () => {
    const file = writeC('eo.c', EVEN_ODD);
    // gcc over 0..300 (a negative x recurses until n - 1 overflows at INT_MIN).
    const out = gccRun(file, '#include <stdio.h>\nint f(int);\nint main(void) { for (int x = 0; x <= 300; x++) printf("%d %d\\n", x, f(x)); return 0; }\n');
    for (const line of out.trim().split('\n')) {
      const [x, v] = line.split(' ').map(Number);
      expect(v).toBe(x % 2 === 0 ? 1 : 0);
    }
    // Both outcomes of f's decision (f's own goals: the goals of even and odd in f's context are another matter).
    for (const outcome of ['true', 'false']) {
      const r = await engine.reach({ file, line: 5, outcome });
      expect(only(r).goal.status).toBe('covered');
      const x = only(r).tests[0].inputs.x as number;
      expect(x >= 0 && x % 2 === 0).toBe(outcome === 'true');
      await expectAllValidated(file, r);
    }
    const ret1 = 5;
    // Within the bound (100 nested calls, 50 of each function): a datum, validated.
    const near = await engine.reach({ file, line: ret1, outcome: 'true', where: 'x > 90' });
    expect(only(near).goal.status).toBe('covered');
    expect((only(near).tests[0].inputs.x as number) % 2).toBe(0);
    await expectAllValidated(file, near);
    // x = 202 reaches it too, with more nested calls than the bound: not reached within 64, not unreachable.
    for (const where of ['x > 200', 'x < 0']) {
      const far = only(await engine.reach({ file, line: ret1, outcome: 'true', where })).goal;
      expect({ where, status: far.status, proof: far.proof, bound: far.bound }).toEqual({ where, status: 'not-reached', proof: 'bounded', bound: 64 });
    }
  });

  it('a recursion bounded by the code: a complete proof once the bound covers it (gcc over -50..50)', async () => {
    const file = writeC('sum.c', SUM);
    const out = gccRun(file, '#include <stdio.h>\nint g(int);\nint main(void) { for (int n = -50; n <= 50; n++) printf("%d\\n", g(n)); return 0; }\n');
    expect([...new Set(out.trim().split('\n').map(Number))].sort()).toEqual([0, 1]);
    const r = await engine.cover({ file, function: 'g', criterion: 'statement' });
    const goals = ownGoals(r, 'g');
    expect(goals.find((g) => g.label === 'statement `return 1;`')?.status).toBe('covered');
    expect(goals.find((g) => g.label === 'statement `return 2;`')).toMatchObject({ status: 'unreachable', proof: 'complete' });
    expect(goals.find((g) => g.label === 'statement `return 0;`')?.status).toBe('covered');
    await expectAllValidated(file, r);
  });

  it('a result reached only deeper than the bound is not reached within 64, not unreachable (gcc: depth(100) == 100)', async () => {
    const file = writeC('depth.c', DEPTH);
    const out = gccRun(file, '#include <stdio.h>\nint g(int);\nint main(void) { printf("%d %d %d\\n", g(50), g(100), g(-5)); return 0; }\n');
    expect(out.trim()).toBe('1 2 0');
    const r = await engine.cover({ file, function: 'g', criterion: 'statement' });
    const goals = ownGoals(r, 'g');
    expect(goals.find((g) => g.label === 'statement `return 1;`')?.status).toBe('covered');
    for (const ret of ['return 2;', 'return 3;'])
      expect(goals.find((g) => g.label === `statement \`${ret}\``)).toMatchObject({ status: 'not-reached', proof: 'bounded', bound: 64 });
    await expectAllValidated(file, r);
  });

  it('tree recursion: fib(6) == 8 reached (gcc), fib(n) == 4 never proved unreachable beyond the inlined depth', async () => {
    const file = writeC('fib.c', FIB);
    const out = gccRun(file, '#include <stdio.h>\nint g(int);\nint main(void) { for (int n = -5; n <= 20; n++) printf("%d\\n", g(n)); return 0; }\n');
    expect([...new Set(out.trim().split('\n').map(Number))].sort()).toEqual([0, 1]);
    const ret1 = await engine.reach({ file, function: 'g', line: 8, column: 15 });
    expect(only(ret1).goal.status).toBe('covered');
    expect(only(ret1).tests[0].inputs.n).toBe(6);
    await expectAllValidated(file, ret1);
    const ret2 = only(await engine.reach({ file, function: 'g', line: 9, column: 15 })).goal;
    expect(ret2.status).toBe('not-reached');
  });
});

describe('irreducible control flow (issue 18)', () => {
  it('a goto into a loop body, Duff’s device, two-entry cycles: every return as gcc says over all 256 inputs', async () => {
    const file = writeC('irr.c', IRREDUCIBLE);
    const calls = IRREDUCIBLE_FUNCTIONS.map((f) => `${f}(x)`).join(', ');
    const out = gccRun(
      file,
      `#include <stdio.h>\n${IRREDUCIBLE_FUNCTIONS.map((f) => `int ${f}(unsigned char);`).join(' ')}\nint main(void) { for (int x = 0; x < 256; x++) printf("${IRREDUCIBLE_FUNCTIONS.map(() => '%d').join(' ')}\\n", ${calls}); return 0; }\n`,
    );
    const seen = IRREDUCIBLE_FUNCTIONS.map(() => new Set<number>());
    for (const line of out.trim().split('\n')) line.split(' ').forEach((v, i) => seen[i].add(Number(v)));
    // The answers gcc gave when this test was written, so that the test says them.
    expect(seen.map((s) => [...s].sort())).toEqual([
      [0, 1, 2, 3],
      [0, 1, 5],
      [0, 1, 2],
      [0, 1, 2, 4],
    ]);
    const r = await engine.cover({ file, criterion: 'statement' });
    IRREDUCIBLE_FUNCTIONS.forEach((name, i) => {
      const goals = ownGoals(r, name);
      expect(goals.every((g) => g.status === 'covered' || g.status === 'unreachable')).toBe(true);
      for (const g of goals) {
        const m = /^statement `return (\d+);`$/.exec(g.label);
        if (!m) continue;
        const expected = seen[i].has(Number(m[1])) ? { status: 'covered' } : { status: 'unreachable', proof: 'complete' };
        expect({ fn: name, goal: g.label, status: g.status, proof: g.proof }).toMatchObject({ fn: name, goal: g.label, ...expected });
      }
    });
    await expectAllValidated(file, r);
  });
});

describe('calls beyond the inlining depth', () => {
  it('a call at the end of a block past the depth is unknown, not a crash', async () => {
    const file = writeC('deep.c', 'int g(int x) { return x + 1; }\nint f(int x) {\n  int r = 0;\n  if (x > 2) r = g(x);\n  else r = 3;\n  return r;\n}\n');
    const shallow = await fileEngine({ ...defaultEngineOptions, inlineDepth: 0 });
    try {
      const r = await shallow.cover({ file, function: 'f', criterion: 'statement' });
      const goals = ownGoals(r, 'f');
      expect(goals.find((g) => g.label === 'statement `r = g(x);`')?.status).toBe('unknown');
      expect(goals.find((g) => g.label === 'statement `r = 3;`')?.status).toBe('covered');
      await expectAllValidated(file, r);
    } finally {
      shallow.dispose();
    }
  });
});
