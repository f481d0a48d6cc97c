// Whole programs (issues 12 §2, 17 §1-2): analysing a function covers what it
// calls (goals of callees in its context, with their call path), a file with
// main is checked as a program, and SV-COMP's conventions hold. Every datum is
// compiled with gcc and run.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

const prelude = [
  'extern void abort(void);',
  'extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__noreturn__));',
  'void reach_error() { __assert_fail("0", "p.c", 3, "reach_error"); }',
  'extern int __VERIFIER_nondet_int(void);',
  'void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }',
].join('\n');

/** Runs `main` of the program compiled by gcc with the given nondet values; true when reach_error was called. */
function reachesError(source: string, nondet: number[]): boolean {
  const file = writeC('run.c', source.replace('void reach_error() {', 'void reach_error_original() {') + '\n');
  const driver = writeC(
    'driver.c',
    `#include <stdio.h>\n#include <stdlib.h>\nstatic int values[] = { ${[...nondet, 0].join(', ')} };\nstatic int next;\nint __VERIFIER_nondet_int(void) { return values[next++]; }\nvoid reach_error() { printf("ERROR\\n"); exit(0); }\n#include "${file}"\n`,
  );
  const exe = `${driver}.exe`;
  const cc = spawnSync('gcc', ['-w', driver, '-o', exe], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  return spawnSync(exe, { encoding: 'utf8' }).stdout.includes('ERROR');
}

describe('properties inside called functions (issue 12 §2)', () => {
  const source = `${prelude}
int main(void) { int x = __VERIFIER_nondet_int(); int y = 0;
  if (x > 5 && x < 10) y = x * 2;
  __VERIFIER_assert(y != 14); return 0; }
`;

  it('check --function main finds the reach_error inside __VERIFIER_assert, with its call path and a validated datum', async () => {
    const file = writeC('p.c', source);
    const r = await engine.check({ file, function: 'main' });
    const main = r.functions.find((f) => f.name === 'main')!;
    const err = main.goals.find((g) => g.kind === 'assertion' && g.context?.function === '__VERIFIER_assert')!;
    expect(err.status).toBe('violated');
    expect(err.context!.calls).toEqual([expect.objectContaining({ function: 'main', callee: '__VERIFIER_assert', line: 8 })]);
    const datum = main.tests.find((t) => t.id === err.test)!;
    expect(datum.nondet.map((n) => n.value)).toEqual([7]);
    expect(reachesError(source, [7])).toBe(true);
    await expectAllValidated(file, { ...r, functions: [main] });
  });

  it('check of the file is the program: main violated (exit 1), the helper alone says it is violated from main too', async () => {
    const file = writeC('p.c', source);
    const r = await engine.check({ file });
    expect(r.functions.find((f) => f.name === 'main')?.role).toBe('program');
    const unit = r.functions.find((f) => f.name === '__VERIFIER_assert')!;
    expect(unit.role).toBe('unit');
    const alone = unit.goals.find((g) => g.kind === 'assertion')!;
    expect(alone.status).toBe('violated');
    expect(alone.causes).toContainEqual({ kind: 'in-program', entry: 'main', status: 'violated' });
    const cli = spawnSync(process.execPath, ['dist/cli.js', 'check', file], { encoding: 'utf8' });
    expect(cli.status).toBe(1);
  });

  it('a helper only ever called with arguments that cannot violate it: holds in the program, qualified alarm alone, exit 0', async () => {
    const safe = `${prelude}
int main(void) { int x = __VERIFIER_nondet_int();
  if (x > 0) __VERIFIER_assert(x > -5);
  return 0; }
`;
    const file = writeC('safe.c', safe);
    const r = await engine.check({ file });
    const main = r.functions.find((f) => f.role === 'program')!;
    expect(main.goals.find((g) => g.kind === 'assertion' && g.context)?.status).toBe('holds');
    const alone = r.functions.find((f) => f.name === '__VERIFIER_assert')!.goals.find((g) => g.kind === 'assertion')!;
    expect(alone.status).toBe('violated');
    expect(alone.reason).toMatch(/holds for every call from main/);
    for (const x of [-3, 0, 1, 7]) expect(reachesError(safe, [x])).toBe(false);
    const cli = spawnSync(process.execPath, ['dist/cli.js', 'check', file], { encoding: 'utf8' });
    expect(cli.status).toBe(0);
  });

  it('a statement inside a callee is covered in the caller context with a datum of the caller', async () => {
    const file = writeC('cov.c', 'static int g(int a) {\n  int r = 0;\n  if (a == 42)\n    r = 1;\n  return r;\n}\nint f(int x) { return g(x + 2); }\n');
    const r = await engine.cover({ file, function: 'f', criterion: 'decision' });
    const f = r.functions[0];
    const inner = f.goals.find((g) => g.context && g.kind === 'statement' && g.line === 4)!;
    expect(inner.status).toBe('covered');
    expect(f.tests.find((t) => t.id === inner.test)!.inputs.x).toBe(40);
    await expectAllValidated(file, r);
  });
});

describe('SV-COMP conventions (issue 17)', () => {
  it('an assertion in the middle of a block is its own goal: violated for x = 5 (17 §1)', async () => {
    const src =
      'extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  int y = 0;\n  if (x > 0) {\n    y = x * 2;\n    __VERIFIER_assert(y != 10);\n  }\n  return 0;\n}\n';
    const file = writeC('mid.c', src);
    const r = await engine.check({ file, function: 'main' });
    const a = r.functions[0].goals.find((g) => g.kind === 'assertion')!;
    expect(a.status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === a.test)!.nondet.map((n) => n.value)).toEqual([5]);
    await expectAllValidated(file, r);
  });

  it('abort() marked by an ERROR: label is an error call', async () => {
    const file = writeC(
      'lbl.c',
      'extern void abort(void);\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 3) {\n  ERROR: abort();\n  }\n  return 0;\n}\n',
    );
    const r = await engine.check({ file });
    const e = r.functions[0].goals.find((g) => g.kind === 'assertion')!;
    expect(e.status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === e.test)!.nondet.map((n) => n.value)).toEqual([3]);
  });

  it('an assertion that always holds in a bounded loop holds, with no datum (for_bounded_loop-like)', async () => {
    const file = writeC(
      'loop.c',
      `${prelude}\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  if (n < 0 || n > 5) return 0;\n  int s = 0;\n  for (int i = 0; i < n; i++) s += 2;\n  __VERIFIER_assert(s % 2 == 0);\n  __VERIFIER_assert(s <= 10);\n  return 0;\n}\n`,
    );
    const r = await engine.check({ file, function: 'main' });
    const errors = r.functions[0].goals.filter((g) => g.kind === 'assertion');
    expect(errors.length).toBe(2);
    for (const g of errors) expect(g.status).toBe('holds');
    expect(r.functions[0].tests).toEqual([]);
  });
});
