// ACSL `\separated` in requires (issue 15 §7): the locations a caller passes
// are pairwise disjoint. The model assumes exactly that: executions whose
// locations overlap are left out, and nothing else (pointers into one object
// at element ranges that do not meet stay). Every answer is checked against
// gcc: the callers' runs that reach a goal are compiled and run, and every
// datum is validated by the harness (gcc, ASan, UBSan).
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

/** Compiles `file` (which has a main) with gcc and runs it: its exit status. */
function runMain(file: string): number {
  const exe = path.join(path.dirname(file), 'prog');
  execFileSync('gcc', ['-O0', '-w', '-o', exe, file]);
  return spawnSync(exe, []).status!;
}

const SRC = [
  '/*@ requires \\valid(p) && \\valid(q); */',
  'int bare(int *p, int *q) {',
  '  *p = 1;',
  '  *q = 2;',
  '  if (*p == 2)',
  '    return 1;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(p) && \\valid(q) && \\separated(p, q); */',
  'int sep(int *p, int *q) {',
  '  *p = 1;',
  '  *q = 2;',
  '  if (*p == 2)',
  '    return 1;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(a + (0..3)); */',
  'int idxBare(int *a, int i, int j) {',
  '  if (i < 0 || i > 3 || j < 0 || j > 3)',
  '    return 0;',
  '  a[i] = 1;',
  '  a[j] = 2;',
  '  if (a[i] == 2)',
  '    return 1;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(a + (0..3)) && \\separated(a + i, a + j); */',
  'int idxSep(int *a, int i, int j) {',
  '  if (i < 0 || i > 3 || j < 0 || j > 3)',
  '    return 0;',
  '  a[i] = 1;',
  '  a[j] = 2;',
  '  if (a[i] == 2)',
  '    return 1;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(a + (0..n-1)) && \\valid(b + (0..n-1)); */',
  'int copyBare(int *a, int *b, int n) {',
  '  if (n < 2)',
  '    return 0;',
  '  int a1 = a[1];',
  '  for (int i = 0; i < n; i++)',
  '    b[i] = a[i] + 1;',
  '  if (a[1] != a1)',
  '    return 1;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(a + (0..n-1)) && \\valid(b + (0..n-1)) && \\separated(a + (0..n-1), b + (0..n-1)); */',
  'int copySep(int *a, int *b, int n) {',
  '  if (n < 2)',
  '    return 0;',
  '  int a1 = a[1];',
  '  for (int i = 0; i < n; i++)',
  '    b[i] = a[i] + 1;',
  '  if (a[1] != a1)',
  '    return 1;',
  '  if (b == a + n)',
  '    return 2;',
  '  return 0;',
  '}',
  '/*@ requires \\valid(p) && \\valid(q) && \\valid(r) && \\separated(p, q); */',
  'int three(int *p, int *q, int *r) {',
  '  *p = 1;',
  '  *q = 3;',
  '  *r = 2;',
  '  if (*p == 2)',
  '    return 1;',
  '  return 0;',
  '}',
  '',
].join('\n');

/** The line of the first source line at or after `after` (1-based) that starts with `text`. */
function lineOf(text: string, after = 1): number {
  const lines = SRC.split('\n');
  const i = lines.findIndex((l, k) => k + 1 >= after && l.trim().startsWith(text));
  if (i < 0) throw new Error(`${text} not in the source`);
  return i + 1;
}
const fnLine = (name: string) => lineOf(`int ${name}(`);

describe('ACSL \\separated in requires (issue 15 §7)', () => {
  it('*p = 1; *q = 2; *p == 2: reached with q == p without the clause (gcc: returns 1); with \\separated(p, q) never reached', async () => {
    const file = writeC('sep.c', SRC);
    expect(runMain(writeC('truth.c', `${SRC}int main(void) { int x; return bare(&x, &x); }\n`))).toBe(1);
    const r = await engine.reach({ file, function: 'bare', line: lineOf('return 1;', fnLine('bare')) });
    expect(only(r).goal.status).toBe('covered');
    await expectAllValidated(file, r);
    // With the clause no caller's run reaches it (in C: *q = 2 writes another int). The model's answer
    // rests on its own input model, never on the clause: it lets q point into p's object, not p into
    // q's (inputs.ts), and says so; the clause is not among the assumptions.
    const g = only(await engine.reach({ file, function: 'sep', line: lineOf('return 1;', fnLine('sep')) })).goal;
    expect(g.status).toBe('not-reached');
    expect(assumed(g)).toEqual(['`q` and `p` overlap, if at all, only with `q` pointing into `p`']);
  }, 300_000);

  it('a[i] and a[j] of one array: reached with i == j without the clause (gcc: returns 1); with \\separated(a + i, a + j) unreachable, proved', async () => {
    const file = writeC('sep.c', SRC);
    expect(runMain(writeC('truth.c', `${SRC}int main(void) { int a[4] = { 0 }; return idxBare(a, 2, 2); }\n`))).toBe(1);
    const r = await engine.reach({ file, function: 'idxBare', line: lineOf('return 1;', fnLine('idxBare')) });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests[0].inputs.i).toBe(tests[0].inputs.j);
    await expectAllValidated(file, r);
    const g = only(await engine.reach({ file, function: 'idxSep', line: lineOf('return 1;', fnLine('idxSep')) })).goal;
    expect({ status: g.status, proof: g.proof, assumed: assumed(g) }).toEqual({ status: 'unreachable', proof: 'complete', assumed: [] });
    // Separated elements of one array are kept: the other goals are covered, their data validated.
    const all = await engine.cover({ file, function: 'idxSep', criterion: 'decision' });
    const ret0 = all.functions[0].goals.filter((x) => x.kind === 'statement' && x.line === lineOf('return 0;', lineOf('return 1;', fnLine('idxSep'))));
    expect(ret0.map((x) => x.status)).toEqual(['covered']);
    await expectAllValidated(file, all);
  }, 300_000);

  it('ranges: a copy loop that changes a[1] only when b overlaps a (gcc: b = a + 1 returns 1); \\separated ranges exclude it and keep b right after a (gcc: returns 2)', async () => {
    const file = writeC('sep.c', SRC);
    expect(runMain(writeC('truth.c', `${SRC}int main(void) { int a[4] = { 0, 5, 0, 0 }; return copyBare(a, a + 1, 2); }\n`))).toBe(1);
    expect(runMain(writeC('truth.c', `${SRC}int main(void) { int a[4] = { 0 }; return copySep(a, a + 2, 2); }\n`))).toBe(2);
    const bare = await engine.reach({ file, function: 'copyBare', line: lineOf('return 1;', fnLine('copyBare')) });
    expect(only(bare).goal.status).toBe('covered');
    await expectAllValidated(file, bare);
    // No caller honouring the clause reaches `return 1`: not covered, and not a proof either (the
    // model's input sizes and its overlap assumption), never resting on the clause.
    const g = only(await engine.reach({ file, function: 'copySep', line: lineOf('return 1;', fnLine('copySep')) })).goal;
    expect(g.status).toBe('not-reached');
    expect(assumed(g).join(' ')).not.toContain('separated');
    // The clause only excludes overlaps: b in a's array just past a's range is a datum.
    const two = await engine.reach({ file, function: 'copySep', line: lineOf('return 2;', fnLine('copySep')) });
    const { goal, tests } = only(two);
    expect(goal.status).toBe('covered');
    expect(tests[0].inputs.b).toMatch(/^&a\[\d+\]$/);
    await expectAllValidated(file, two);
  }, 300_000);

  it('\\separated(p, q) says nothing of r: r == p reaches the goal (gcc: returns 1), the datum validated', async () => {
    const file = writeC('sep.c', SRC);
    expect(runMain(writeC('truth.c', `${SRC}int main(void) { int x, y; return three(&x, &y, &x); }\n`))).toBe(1);
    const r = await engine.reach({ file, function: 'three', line: lineOf('return 1;', fnLine('three')) });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests[0].inputs.r).toBe('&p[0]');
    await expectAllValidated(file, r);
  }, 300_000);

  it('\\separated elsewhere than a conjunct of requires, of fewer than two locations, of a non-pointer or of elements of different sizes: a warning, and nothing assumed', async () => {
    const src = [
      '/*@ ensures \\separated(p, q); */',
      'void ens(int *p, int *q) { }',
      '/*@ requires \\separated(p, n); */',
      'int notptr(int *p, int n) { return *p + n; }',
      '/*@ requires \\separated(p, c) && \\valid(p) && \\valid(c); */',
      'int sizes(int *p, char *c) { *p = 0; *c = 1; return *p; }',
      '/*@ requires \\separated(p); */',
      'int one(int *p) { return *p; }',
      '/*@ requires !\\separated(p, q); */',
      'int neg(int *p, int *q) { return *p + *q; }',
      '/*@ requires \\separated(a + (0..n*2), a); */',
      'int product(int *a, int n) { return a[0]; }',
      '',
    ].join('\n');
    const file = writeC('bad.c', src);
    const r = await engine.check({ file });
    const warnings = (r.diagnostics ?? []).filter((d) => d.severity === 'warning');
    const at = (line: number) => warnings.find((d) => d.line === line)?.message;
    expect(at(1)).toMatch(/\\separated only as a conjunct of a requires clause \(what callers guarantee\): ensures clause ignored/);
    expect(at(3)).toMatch(/\\separated of 'n', which is not a pointer: ignored/);
    expect(at(5)).toMatch(/\\separated of pointers to elements of different sizes \('int \*', 'char \*'\): ignored/);
    expect(at(7)).toMatch(/\\separated takes two or more locations/);
    expect(at(9)).toMatch(/\\separated only as a conjunct of a requires clause/);
    expect(at(11)).toMatch(/'n\*2' is not a value plus a constant: this \\separated is ignored/);
    // The ignored \separated leaves the rest of its clause (\valid(p), \valid(c): no null dereference is
    // reached). C lets c point into p's int (gcc: returns 1 on a little-endian machine); the model's
    // inputs do not, which it says as its own assumption, never as the clause.
    const truth = writeC('truth.c', `${src}int main(void) { int x; return sizes(&x, (char *)&x); }\n`);
    expect(runMain(truth)).toBe(1);
    const nulls = r.functions.find((f) => f.name === 'sizes')!.goals.filter((g) => g.outcome === 'null');
    expect(nulls.length).toBe(3);
    for (const g of nulls) {
      expect(g.status).toBe('not-reached');
      expect(assumed(g)).toEqual(['`c` and `p` do not overlap']);
    }
    // Ignored, so notptr's p may be NULL: its null dereference is violated.
    const notptr = r.functions.find((f) => f.name === 'notptr')!;
    expect(notptr.goals.find((g) => g.outcome === 'null')!.status).toBe('violated');
  }, 300_000);
});
