// A counter-example whose run executes the operation's code while no sanitizer reports the error: gcc
// folds `i <= m - 1` into `i < m` (even at -O0 under -fsanitize=signed-integer-overflow), so the
// subtraction that overflows for m == INT_MIN is gone from the compiled code. Validation must not say the
// datum "does not reach" the goal: its run does execute line 3. Whether gcc folds is asked of gcc itself
// (a compiled run of g(0, INT_MIN)), not assumed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { writeC } from '../solve/helpers';
import { gcc, runExe, scratch } from './helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, validate: true });
});
afterAll(() => engine?.dispose());

const source = ['int g(int n, int m) {', '  int i = 1, s = 0;', '  while (i <= m - 1) { s++; i++; if (s > n) break; }', '  return s;', '}', ''].join('\n');

/** What gcc's sanitizer says when g(0, INT_MIN) runs: its report, or '' when it says nothing. */
function sanitizerOnFoldedRun(): string {
  const dir = scratch('silent-sanitizer-gcc');
  fs.writeFileSync(path.join(dir, 'g.c'), source);
  fs.writeFileSync(path.join(dir, 'main.c'), '#include <limits.h>\nint g(int, int);\nint main(void) { return g(0, INT_MIN); }\n');
  expect(gcc(dir, ['-O0', '-fsanitize=signed-integer-overflow', 'g.c', 'main.c', '-o', 'run'])).toBe('');
  const r = runExe(path.join(dir, 'run'));
  expect(r.code).toBe(0); // g returns 0: the folded loop test 1 < INT_MIN is false
  return r.stderr.trim();
}

describe('validation of an overflow the compiler rewrote away', () => {
  it('says the run executes the code but no sanitizer reports the error there, not that the datum misses the goal', async () => {
    const file = writeC('silent.c', source);
    const r = await engine.check({ file, function: 'g' });
    const f = r.functions[0];
    const overflow = f.goals.find((g) => g.kind === 'runtime-error' && g.line === 3 && g.label.includes('m - 1'))!;
    expect(overflow.status).toBe('violated');
    const test = f.tests.find((t) => t.id === overflow.test)!;
    // m - 1 overflows exactly when m == INT_MIN, and the loop's test is the first thing that runs.
    expect(Number(test.inputs.m)).toBe(-2147483648);
    if (sanitizerOnFoldedRun() === '') {
      expect(test.validated).toBe(false);
      expect(test.validation).toMatch(/its run executes the code of g:3:overflow@\d+ but no gcc sanitizer reports the error there/);
      expect(test.validation).not.toContain('does not reach');
    } else expect(test.validated).toBe(true); // a gcc that keeps the subtraction reports it
  }, 120_000);
});
