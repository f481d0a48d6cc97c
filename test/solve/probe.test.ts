// Concrete probes (server/src/solve/probe.ts) on floating-point products and
// quotients (fp_products.c), which Z3's bit-blasting does not decide within
// the query limit. The expected answers are the C semantics': the fixture's
// witnesses, compiled by gcc and run here; and every datum the tool hands out
// is compiled and run under the sanitizers (validation).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileEngine as createEngine, type Engine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { expectAllValidated, fixture, lineOf, only } from './helpers';

const file = fixture('fp_products.c');
let engine: Engine;

beforeAll(async () => {
  engine = await createEngine({ ...defaultEngineOptions });
});
afterAll(() => engine?.dispose());

describe('floating-point products and quotients (fp_products.c)', () => {
  it("gcc: the fixture's witnesses reach every outcome its header names", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-fp-products-'));
    const driver = `#include <stdio.h>
#include "${file}"
int main(void) {
  printf("%d %d %d %d %d ", scaled(0, 0), scaled(1, 2), scaled(-1, 2), ratio(0, 0), ratio(-0.5, 1));
  printf("%d %d %d %d %d %d %d\\n", gain(0, 0), gain(5, 0), gain(5, 4), gain(-1, 0), clamp_int(2, 3), clamp_int(1e6, 1e6), narrow(50000, 30000));
  return 0;
}`;
    fs.writeFileSync(path.join(dir, 'w.c'), driver);
    execFileSync('gcc', [
      '-O0',
      '-Wall',
      '-Werror',
      '-fsanitize=undefined,float-cast-overflow',
      '-fno-sanitize-recover=all',
      '-o',
      path.join(dir, 'w'),
      path.join(dir, 'w.c'),
    ]);
    expect(execFileSync(path.join(dir, 'w'), { encoding: 'utf8' }).trim()).toBe('0 1 0 0 2 0 1 2 -1 6 -1 500000000');
  });

  it('cover: every statement and branch of the products and quotients is covered, each datum confirmed by running it', async () => {
    for (const name of ['scaled', 'ratio', 'gain', 'clamp_int']) {
      const r = await engine.cover({ file, function: name, criterion: 'decision' });
      const f = r.functions[0];
      expect({ name, open: f.goals.filter((g) => g.status !== 'covered').map((g) => `${g.line}: ${g.label} ${g.status}`) }).toEqual({ name, open: [] });
      await expectAllValidated(file, r);
    }
  });

  it('reach: a statement behind a product gets a datum (alone, not only in a suite)', async () => {
    const line = lineOf('fp_products.c', 'return 1;');
    const r = await engine.reach({ file, line });
    const { goal, tests } = only(r);
    expect(goal.status).toBe('covered');
    expect(tests).toHaveLength(1);
    await expectAllValidated(file, r);
  });

  it('a probe that reaches a goal only through an undefined conversion is no datum for it', async () => {
    // narrow's `return k - ...` needs a product in (1e9, INT_MAX]; the probes' 1e6 * 1e6 gets there
    // through `(int)p` of 1e12. Covered or unknown, never by such a datum: the sanitizer run says which.
    const short = await createEngine({ ...defaultEngineOptions, timeoutMs: 1000 });
    try {
      const r = await short.cover({ file, function: 'narrow', criterion: 'decision' });
      const ret = r.functions[0].goals.find((g) => g.label.includes('return k'))!;
      expect(['covered', 'unknown']).toContain(ret.status);
      expect(r.functions[0].tests.length).toBeGreaterThan(0);
      await expectAllValidated(file, r);
    } finally {
      short.dispose();
    }
  });
});
