// Products of variables (nonlinear.c): the proofs the integer relaxation of the
// formula gives (z3/relax.ts), and the counter-examples the bit vectors keep.
// The expected verdicts are the C semantics': hand proofs in the fixture, and
// gcc runs of every UB-free input of a domain below, with the assertions on.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileEngine as createEngine, type Engine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { expectAllValidated, fixture } from './helpers';

const file = fixture('nonlinear.c');
let engine: Engine;

beforeAll(async () => {
  // Verdicts, not speed: a limit a loaded machine does not reach.
  engine = await createEngine({ ...defaultEngineOptions, timeoutMs: 20_000 });
});
afterAll(() => engine?.dispose());

/**
 * Runs the fixture's functions, compiled by gcc with their assertions, on every input of the
 * loops below whose operations do not overflow (the others are undefined behaviour, outside
 * what the verdicts speak of): an assertion that fails aborts the run. Prints how many inputs ran.
 */
function gccRuns(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-nonlinear-'));
  const driver = `
#include <stdio.h>
#include "${file}"
int main(void) {
  long ran = 0, plus30 = 0;
  int t, u, v;
  /* quadratic: x * x overflows past |x| = 46340. */
  for (long x = -46341; x <= 46341; x++) {
    if (__builtin_mul_overflow((int)x, (int)x, &t) || __builtin_mul_overflow(10, (int)x, &u) || __builtin_sub_overflow(t, u, &v)) continue;
    if (__builtin_add_overflow(v, 30, &t)) { plus30++; continue; }
    quadratic((int)x); ran++;
  }
  /* product_at_least: a and b from 1 to 3000, and each a with the largest b it can take. */
  for (int a = 1; a <= 3000; a++) for (int b = 1; b <= 3000; b++) { product_at_least(a, b); ran++; }
  for (int a = 1; a <= 100000; a++) { product_at_least(a, 2147483647 / a); ran++; }
  /* area: every w, h in 0..1001. */
  for (int w = 0; w <= 1001; w++) for (int h = 0; h <= 1001; h++) { area(w, h); ran++; }
  printf("%ld %ld\\n", ran, plus30);
  return 0;
}`;
  fs.writeFileSync(path.join(dir, 'runs.c'), driver);
  execFileSync('gcc', ['-O0', '-w', '-o', path.join(dir, 'runs'), path.join(dir, 'runs.c')]);
  return execFileSync(path.join(dir, 'runs'), { encoding: 'utf8' }).trim();
}

describe('assertions over products of variables (nonlinear.c)', () => {
  it('gcc: no UB-free input of the domains fails quadratic, product_at_least or area, and x * x - 10 * x + 30 never overflows when its parts do not', () => {
    const [ran, plus30] = gccRuns().split(' ').map(Number);
    expect(ran).toBeGreaterThan(10_000_000);
    expect(plus30).toBe(0);
  });

  it('proves the three assertions that hold, and finds the two that fail with data gcc confirms', async () => {
    const r = await engine.check({ file });
    const assertion = (fn: string) => r.functions.find((f) => f.name === fn)!.goals.find((g) => g.kind === 'assertion')!;
    const overflow = (fn: string, label: string) =>
      r.functions.find((f) => f.name === fn)!.goals.find((g) => g.kind === 'runtime-error' && g.label.includes(label))!;
    for (const fn of ['quadratic', 'product_at_least', 'area']) expect(assertion(fn).status, fn).toBe('holds');
    // quadratic's own overflows: x * x and x * x - 10 * x can (x = -46341, x = -46340); 10 * x and the + 30 cannot once they do not.
    expect(overflow('quadratic', '`x * x` may').status).toBe('violated');
    expect(overflow('quadratic', '`x * x - 10 * x` may').status).toBe('violated');
    expect(overflow('quadratic', '`10 * x` may').status).toBe('holds');
    expect(overflow('quadratic', '`x * x - 10 * x + 30` may').status).toBe('holds');
    // x * (x - 7) == 8 at x = 8 and x = -1; x * x wraps to 0 at multiples of 65536.
    const eight = r.functions.find((f) => f.name === 'product_eight')!;
    expect([8, -1]).toContain(eight.tests.find((t) => t.id === assertion('product_eight').test)!.inputs.x);
    expect(assertion('square_zero').status).toBe('violated');
    const zero = r.functions.find((f) => f.name === 'square_zero')!;
    expect((zero.tests.find((t) => t.id === assertion('square_zero').test)!.inputs.x as number) % 65536).toBe(0);
    await expectAllValidated(file, r);
  }, 180_000);
});
