// Arithmetic errors excluded by the ranges of their operands are no goals
// (issue 16 §3, ir/ranges.ts). Each case says why C excludes the error, and
// the errors that stay are shown violated by data that gcc's sanitizers
// confirm: the ranges never drop an error that can happen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

const SRC = [
  /* 1 */ 'int count(const char *s) {',
  /* 2 */ '  int n = 0;',
  /* 3 */ '  while (*s) {',
  /* 4 */ '    if (n <= 32)',
  /* 5 */ '      n++;',
  /* 6 */ '    s++;',
  /* 7 */ '  }',
  /* 8 */ '  return n;',
  /* 9 */ '}',
  /* 10 */ 'int sum(int n, int x) {',
  /* 11 */ '  int s = 0;',
  /* 12 */ '  for (int i = 0; i < n; i++)',
  /* 13 */ '    s += x;',
  /* 14 */ '  return s;',
  /* 15 */ '}',
  /* 16 */ 'int square(unsigned char c, int x) {',
  /* 17 */ '  int r = c * c;',
  /* 18 */ '  if (x > 0)',
  /* 19 */ '    return r + x - 1;',
  /* 20 */ '  return -x;',
  /* 21 */ '}',
  /* 22 */ 'int shifts(int x, int y) {',
  /* 23 */ '  int d = x / ((y & 7) + 1);',
  /* 24 */ '  return (x & 0xff) << (y & 15) >> (y & 31);',
  /* 25 */ '}',
  '',
].join('\n');

const errorsAt = (r: Awaited<ReturnType<Engine['check']>>) =>
  r.functions[0].goals.filter((g) => g.kind === 'runtime-error').map((g) => `${g.line}:${g.outcome}:${g.status}`);

describe('errors the ranges exclude are no goals; the others stay', () => {
  it('n++ under `n <= 32` cannot overflow (n + 1 <= 33): no goal, whatever the string', async () => {
    const file = writeC('count.c', SRC);
    const r = await engine.check({ file, function: 'count' });
    expect(errorsAt(r).filter((e) => e.startsWith('5:'))).toEqual([]);
  });

  it('i++ under `i < n` cannot overflow (i <= INT_MAX - 1); s += x can (n = 2, x = INT_MAX), and is violated', async () => {
    const file = writeC('sum.c', SRC);
    const r = await engine.check({ file, function: 'sum' });
    const errors = errorsAt(r);
    expect(errors.filter((e) => e.startsWith('12:'))).toEqual([]);
    expect(errors).toContain('13:overflow:violated');
    await expectAllValidated(file, r);
  }, 120_000);

  it('c * c of an unsigned char (<= 65025) and r + x - 1 for x > 0 cannot overflow in int... but r + x can, and -x can (INT_MIN)', async () => {
    const file = writeC('square.c', SRC);
    const r = await engine.check({ file, function: 'square' });
    const errors = errorsAt(r);
    expect(errors.filter((e) => e.startsWith('17:'))).toEqual([]);
    // r + x (r up to 65025, x up to INT_MAX) may overflow; (r + x) - 1 then cannot (r + x >= 1).
    expect(errors.filter((e) => e.startsWith('19:'))).toEqual(['19:overflow:violated']);
    expect(errors).toContain('20:overflow:violated');
    await expectAllValidated(file, r);
  }, 120_000);

  it('a divisor (y & 7) + 1 in 1..8 is never 0 nor -1; shift counts y & 15 and y & 31 are in range, and a byte << 15 fits an int', async () => {
    const file = writeC('shifts.c', SRC);
    const r = await engine.check({ file, function: 'shifts' });
    expect(errorsAt(r)).toEqual([]);
  });
});
