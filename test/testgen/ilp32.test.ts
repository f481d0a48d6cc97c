// Validation of an ILP32 suite needs a compiler that builds 32-bit programs
// and a machine that runs them. Where either is missing, the suite is "not
// validated" with the reason, never "validation failed" datum by datum; where
// both exist, the data are validated as 32-bit programs.
import { describe, it, expect } from 'vitest';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { validateSuite } from '../../server/src/testgen/validate';
import { fixture, scratch } from './helpers';

/** Whether gcc -m32 builds a program that runs here (what validation needs). */
function runs32(dir: string): boolean {
  const src = path.join(dir, 'm32.c');
  fs.writeFileSync(src, 'int main(void) { return sizeof(long) == 4 ? 0 : 1; }\n');
  if (spawnSync('gcc', ['-m32', src, '-o', path.join(dir, 'm32')]).status !== 0) return false;
  return spawnSync(path.join(dir, 'm32')).status === 0;
}

describe('ILP32 validation', () => {
  it('validates as 32-bit programs, or says why it cannot, without failing the data', async () => {
    const options = { ...defaultEngineOptions, dataModel: 'ILP32' as const };
    const engine = await createEngine(options);
    try {
      const file = fixture('tritype.c');
      const report = await engine.cover({ file, criterion: 'decision' });
      const program = await loadProgram({ file }, options);
      const dir = scratch('ilp32');
      const v = await validateSuite(program, report, { compiler: 'gcc', workDir: path.join(dir, 'v'), timeoutMs: 20_000, sanitize: true });
      const tests = report.functions.flatMap((f) => f.tests);
      expect(tests.length).toBeGreaterThan(0);
      if (runs32(dir)) {
        expect(v.available).toBe(true);
        expect(v.differences).toEqual([]);
        for (const t of tests) expect(t.validated, t.validation).toBe(true);
      } else {
        expect(v.available).toBe(false);
        expect(v.message).toMatch(/^not validated: no 32-bit toolchain here: /);
        for (const t of tests) expect(t.validated).toBeUndefined();
      }
    } finally {
      engine.dispose();
    }
  }, 120_000);
});
