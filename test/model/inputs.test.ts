// The input model must not turn its assumptions into proofs about C (issue
// 16 §1, issue 12 §4): arrays of declared size are neither strings nor of
// assumed length, a verdict that depends on an assumed input size is
// `bounded` and names the option that sets it, and main(argc, argv) gets what
// C gives it. Each answer is checked against gcc: data are compiled and run,
// and a claim that a goal is out of reach only for the sizes assumed is
// backed by a compiled run that reaches it with a larger input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, only, writeC } from '../solve/helpers';
import type { GoalReport } from '../../shared/report';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

/** The assumptions a verdict names. */
const assumed = (g: GoalReport): string[] => (g.causes ?? []).flatMap((c) => (c.kind === 'assumes' ? c.assumptions : []));

/** Compiles `file` with `main` as is and runs it with these arguments: its exit status. */
function runMain(file: string, args: string[]): number {
  const exe = path.join(path.dirname(file), 'prog');
  execFileSync('gcc', ['-O0', '-w', '-o', exe, file]);
  return spawnSync(exe, args).status!;
}

describe('arrays and buffers are not assumed to be strings (issue 16 §1)', () => {
  const CRC = [
    '#include <stdint.h>',
    'static uint8_t crc8(const uint8_t m[4]) { uint8_t crc = 0;',
    '  for (int i = 0; i < 4; i++) { crc ^= m[i];',
    '    for (int b = 0; b < 8; b++) crc = (crc & 0x80) ? (uint8_t)((crc << 1) ^ 0x07) : (uint8_t)(crc << 1); }',
    '  return crc; }',
    'int check(uint8_t m[4]) {',
    "  if (m[0] == 'C' && crc8(m) == 0x5A)",
    '    return 1;',
    '  return 0;',
    '}',
    '',
  ].join('\n');

  it("crc8 over `uint8_t m[4]`: `--where 'm[3] == 37'` is reached (gcc: inputs with m[3] == 37 reach it), the datum validated", async () => {
    const file = writeC('crc.c', CRC);
    // Ground truth: gcc counts the inputs with m[0] == 'C' and m[3] == 37 that return 1.
    const counter = writeC(
      'count.c',
      `${CRC.replace('int check', 'static int check')}\n#include <stdio.h>\nint main(void) { int n = 0; for (int a = 0; a < 256; a++) for (int b = 0; b < 256; b++) { uint8_t m[4] = { 'C', (uint8_t)a, (uint8_t)b, 37 }; n += check(m); } printf("%d\\n", n); return 0; }\n`,
    );
    const exe = path.join(path.dirname(counter), 'count');
    execFileSync('gcc', ['-O0', '-w', '-o', exe, counter]);
    expect(Number(execFileSync(exe, { encoding: 'utf8' }).trim())).toBeGreaterThan(0);

    for (const where of ['m[3] == 37', 'm[3] != 0']) {
      const r = await engine.reach({ file, function: 'check', line: 8, where });
      const { goal, tests } = only(r);
      expect(goal.status, where).toBe('covered');
      const m = tests[0].inputs.m as number[];
      expect(m[0]).toBe(67);
      if (where === 'm[3] == 37') expect(m[3]).toBe(37);
      else expect(m[3]).not.toBe(0);
      await expectAllValidated(file, r);
    }
  }, 300_000);
});

describe('a verdict that depends on an assumed input size is bounded and names it', () => {
  const SRC = [
    'int needs5(int *a) {',
    '  if (a[5] == 7)',
    '    return 1;',
    '  return 0;',
    '}',
    'int first(int *a) {',
    '  if (a[0] > 5 && a[0] < 3)',
    '    return 1;',
    '  if (a[0] == 1)',
    '    return 2;',
    '  return 0;',
    '}',
    '#include <string.h>',
    'int five(const char *s) {',
    '  if (strlen(s) == 5)',
    '    return 1;',
    '  return 0;',
    '}',
    '',
  ].join('\n');

  it('a goal that needs a[5] of `int *a`: bounded naming --pointer-array-length (gcc: a[5] == 7 returns 1), covered with 8 elements', async () => {
    const file = writeC('sizes.c', SRC);
    const truth = writeC('truth.c', `${SRC}int main(void) { int a[6] = { 0, 0, 0, 0, 0, 7 }; return needs5(a); }\n`);
    expect(runMain(truth, [])).toBe(1);
    const g = only(await engine.reach({ file, function: 'needs5', line: 3 })).goal;
    expect(g.status).toBe('not-reached');
    expect(g.proof).toBe('bounded');
    expect(assumed(g).join(' ')).toContain('--pointer-array-length');
    const larger = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000, pointerArrayLength: 8 });
    try {
      const r = await larger.reach({ file, function: 'needs5', line: 3 });
      expect(only(r).goal.status).toBe('covered');
      await expectAllValidated(file, r);
    } finally {
      larger.dispose();
    }
  }, 300_000);

  it('a function that only reads a[0] keeps its proof; a --where that reads past the assumed length does not make one', async () => {
    const file = writeC('sizes.c', SRC);
    const g = only(await engine.reach({ file, function: 'first', line: 8 })).goal;
    expect(g.status).toBe('unreachable');
    expect(g.proof).toBe('complete');
    expect(assumed(g)).toEqual([]);
    // `a[0] == 1` with a[4] == 9: C allows it (gcc: returns 2), the model's arrays stop at 4 elements.
    const truth = writeC('truth.c', `${SRC}int main(void) { int a[5] = { 1, 0, 0, 0, 9 }; return first(a); }\n`);
    expect(runMain(truth, [])).toBe(2);
    const w = only(await engine.reach({ file, function: 'first', line: 10, where: 'a[4] == 9' })).goal;
    expect(w.status).not.toBe('unreachable');
    expect(w.proof).not.toBe('complete');
    expect(assumed(w).join(' ')).toContain('--pointer-array-length');
  }, 300_000);

  it('a bounds proof through a pointer parameter rests on its length (gcc/ASan: a one-element array overflows); one into a local array does not', async () => {
    const src = ['int g(int *a, int i) {', '  int b[3] = {1, 2, 3};', '  if (i >= 0 && i < 3)', '    return b[i] + a[2];', '  return 0;', '}', ''].join('\n');
    const file = writeC('loc.c', src);
    const truth = writeC('truth.c', `${src}int main(void) { int a[1] = { 0 }; return g(a, 0); }\n`);
    const exe = path.join(path.dirname(truth), 'asan');
    execFileSync('gcc', ['-O0', '-w', '-fsanitize=address', '-o', exe, truth]);
    expect(spawnSync(exe, [], { env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' } }).stderr.toString()).toContain('stack-buffer-overflow');
    const r = await engine.check({ file, function: 'g' });
    const bounds = r.functions[0].goals.filter((g) => g.outcome === 'bounds' && g.line === 4);
    const local = bounds.find((g) => g.column === 12)!;
    const param = bounds.find((g) => g.column === 19)!;
    expect({ status: local.status, proof: local.proof, assumed: assumed(local) }).toEqual({ status: 'holds', proof: 'complete', assumed: [] });
    expect({ status: param.status, proof: param.proof }).toEqual({ status: 'not-reached', proof: 'bounded' });
    expect(assumed(param).join(' ')).toContain('--pointer-array-length');
  }, 300_000);

  it('a goal after a loop over n elements that needs n > 6 is bounded (gcc: 7 elements and n = 7 return 1); it was called unreachable', async () => {
    // The model's run ends at its read of a[4] (past the 4 elements), before the loop's bound: C's run
    // with a larger array goes on round the loop and out of it to the goal.
    const src = 'int f(int *a, int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) s += a[i] & 1;\n  if (n > 6)\n    return 1;\n  return 0;\n}\n';
    const file = writeC('loop.c', src);
    const truth = writeC('truth.c', `${src}int main(void) { int a[7] = { 0 }; return f(a, 7); }\n`);
    expect(runMain(truth, [])).toBe(1);
    const g = only(await engine.reach({ file, function: 'f', line: 5 })).goal;
    expect(g.status).toBe('not-reached');
    expect(g.proof).toBe('bounded');
    expect(assumed(g).join(' ')).toContain('--pointer-array-length');
  }, 300_000);

  it('a `char *` used as a string is one, and a length past the assumed one is bounded (gcc: strlen 5 returns 1)', async () => {
    const file = writeC('sizes.c', SRC);
    const truth = writeC('truth.c', `${SRC}int main(void) { return five("hello"); }\n`);
    expect(runMain(truth, [])).toBe(1);
    const g = only(await engine.reach({ file, function: 'five', line: 16 })).goal;
    expect(g.status).toBe('not-reached');
    expect(g.proof).toBe('bounded');
    expect(assumed(g).join(' ')).toMatch(/`s` is a string of at most 3 characters \(--pointer-array-length\)/);
  }, 300_000);
});

describe('main(argc, argv) (issue 12 §4)', () => {
  const MAIN = [
    '#include <string.h>',
    'int main(int argc, char **argv) {',
    '  int x = 5;',
    '  if (x == 6)',
    '    return 6;',
    "  if (argc == 2 && argv[1][0] == 'x' && argv[1][0] == 'y')",
    '    return 5;',
    '  if (argc > 10)',
    '    return 3;',
    '  if (argc == 2 && strlen(argv[1]) > 9)',
    '    return 4;',
    "  if (argc == 2 && argv[1][0] == 'x')",
    '    return 1;',
    '  return 0;',
    '}',
    '',
  ].join('\n');

  it("argc == 2 and argv[1][0] == 'x' is reached; the harness passes argv and the datum validates", async () => {
    const file = writeC('main.c', MAIN);
    const r = await engine.reach({ file, function: 'main', line: 13 });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests[0].inputs.argc).toBe(2);
    const argv = tests[0].inputs.argv as string[];
    expect(argv).toHaveLength(2);
    expect(argv[1][0]).toBe('x');
    // gcc: the same arguments return 1.
    expect(runMain(file, argv.slice(1))).toBe(1);
    await expectAllValidated(file, r);
  }, 300_000);

  it('goals out of reach only for the bounds are bounded naming --argc-max and --arg-length (gcc reaches them with more)', async () => {
    const file = writeC('main.c', MAIN);
    expect(
      runMain(
        file,
        Array.from({ length: 10 }, () => 'a'),
      ),
    ).toBe(3);
    expect(runMain(file, ['abcdefghij'])).toBe(4);
    const many = only(await engine.reach({ file, function: 'main', line: 9 })).goal;
    expect(many).toMatchObject({ status: 'not-reached', proof: 'bounded' });
    expect(assumed(many).join(' ')).toContain('--argc-max');
    const long = only(await engine.reach({ file, function: 'main', line: 11 })).goal;
    expect(long).toMatchObject({ status: 'not-reached', proof: 'bounded' });
    expect(assumed(long).join(' ')).toContain('--arg-length');
    // With longer arguments allowed, it is covered and the datum validates.
    const longer = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000, argLength: 12 });
    try {
      const r = await longer.reach({ file, function: 'main', line: 11 });
      expect(only(r).goal.status).toBe('covered');
      await expectAllValidated(file, r);
    } finally {
      longer.dispose();
    }
  }, 300_000);

  it('reading argv[1] once argc >= 2 is proved safe for any argument count and length, though atoi then reads the string', async () => {
    const file = writeC(
      'atoi.c',
      '#include <stdlib.h>\nint main(int argc, char **argv) {\n  if (argc < 2)\n    return 2;\n  int n = atoi(argv[1]);\n  return n == 1234;\n}\n',
    );
    expect(runMain(file, ['1234'])).toBe(1);
    const r = await engine.check({ file, function: 'main' });
    const load = r.functions[0].goals.filter((g) => g.line === 5 && g.column === 16);
    expect(load.map((g) => [g.outcome, g.status, g.proof, assumed(g)])).toEqual([
      ['null', 'holds', 'complete', []],
      ['bounds', 'holds', 'complete', []],
    ]);
  }, 300_000);

  it('goals whose proof does not depend on the bounds keep it', async () => {
    const file = writeC('main.c', MAIN);
    for (const line of [5, 7]) {
      const g = only(await engine.reach({ file, function: 'main', line })).goal;
      expect({ line, status: g.status, proof: g.proof, assumed: assumed(g) }).toEqual({ line, status: 'unreachable', proof: 'complete', assumed: [] });
    }
  }, 300_000);
});

describe('ACSL \\valid in requires (issue 15 §7)', () => {
  const SRC = [
    '#include <stddef.h>',
    '/*@ requires \\valid(p); */',
    'int get(int *p) {',
    '  if (*p > 3)',
    '    return 1;',
    '  return 0;',
    '}',
    'int bare(int *p) { return *p; }',
    '/*@ requires \\valid_read(a + (0..n-1)); */',
    'int head(const int *a, size_t n) {',
    '  if (n == 0) {',
    '    if (a == NULL)',
    '      return 2;',
    '    return 1;',
    '  }',
    '  return a[0];',
    '}',
    '/*@ requires \\valid(&a[0..n]) && n > 10; */',
    'int big(int *a, int n) {',
    '  if (a[0] == 5)',
    '    return 1;',
    '  return 0;',
    '}',
    '/*@ requires !\\valid(p); */',
    'int negated(int *p) { return p == NULL; }',
    '/*@ requires \\valid(a + (0..n*2)); */',
    'int product(int *a, int n) { return a[0]; }',
    '',
  ].join('\n');

  it('\\valid(p): the null dereference holds (proved), where without it p = NULL violates it', async () => {
    const file = writeC('valid.c', SRC);
    const r = await engine.check({ file, function: 'get' });
    const nul = r.functions[0].goals.find((g) => g.outcome === 'null')!;
    expect({ status: nul.status, proof: nul.proof }).toEqual({ status: 'holds', proof: 'complete' });
    const bare = (await engine.check({ file, function: 'bare' })).functions[0];
    expect(bare.goals.find((g) => g.outcome === 'null')!.status).toBe('violated');
    expect(bare.tests.some((t) => t.inputs.p === null)).toBe(true);
    const reached = await engine.reach({ file, function: 'get', line: 5 });
    expect(only(reached).tests[0].inputs.p).not.toBeNull();
    await expectAllValidated(file, reached);
  }, 300_000);

  it('an empty range (n == 0 of a size_t, n - 1 not wrapping) asks nothing of the pointer: a = NULL, n = 0 returns 2 (gcc)', async () => {
    const file = writeC('valid.c', SRC);
    const r = await engine.reach({ file, function: 'head', line: 13 });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests[0].inputs).toMatchObject({ a: null, n: 0 });
    await expectAllValidated(file, r);
    // With n >= 1 the range is not empty: a is not NULL.
    const nul = (await engine.check({ file, function: 'head' })).functions[0].goals.find((g) => g.outcome === 'null')!;
    expect(nul.status).toBe('holds');
  }, 300_000);

  it('a range larger than the elements the model gives an input is bounded, naming the clause, never unreachable (gcc: 11 elements return 1)', async () => {
    const file = writeC('valid.c', SRC);
    const truth = writeC('truth.c', `${SRC}int main(void) { int a[12] = { 5 }; return big(a, 11); }\n`);
    expect(runMain(truth, [])).toBe(1);
    const g = only(await engine.reach({ file, function: 'big', line: 21 })).goal;
    expect(g.status).toBe('not-reached');
    expect(g.proof).toBe('bounded');
    expect(assumed(g).join(' ')).toContain('\\valid(&a[0..n])');
  }, 300_000);

  it('\\valid elsewhere than a conjunct of requires, or with a bound that is not a value plus a constant, is ignored with a warning', async () => {
    const file = writeC('valid.c', SRC);
    const r = await engine.check({ file });
    const warnings = (r.diagnostics ?? []).filter((d) => d.severity === 'warning');
    expect(warnings.find((d) => d.line === 24)?.message).toMatch(/\\valid only as a conjunct of a requires clause/);
    expect(warnings.find((d) => d.line === 26)?.message).toMatch(/'n\*2' is not a value plus a constant/);
    // Ignored, so product's pointer may be NULL: the null dereference is violated.
    const product = r.functions.find((f) => f.name === 'product')!;
    expect(product.goals.find((g) => g.outcome === 'null')!.status).toBe('violated');
  }, 300_000);
});
