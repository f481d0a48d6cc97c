// Variable-length arrays `T a[n]` (C11 6.7.6.2): an object of n elements made
// each time the declaration is reached, `sizeof a` evaluated, n > 0 a
// runtime-error goal (6.7.6.2p5). Ground truth: gcc runs every value of each
// fixture function's parameter (none has undefined behaviour); the runtime
// errors' data are validated by gcc with UBSan and ASan, which see a size not
// greater than 0 (-fsanitize=vla-bound), an index out of a VLA's bounds and a
// free() of one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import type { Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectCoverAsGcc, returnsByGcc, signedChar } from '../helpers/exhaustive';
import { expectAllValidated, fixture, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

describe('variable-length arrays, as gcc runs them', () => {
  const file = fixture('vla.c');
  const fns = [signedChar('vla_fill'), signedChar('vla_sizeof'), signedChar('vla_loop'), signedChar('vla_known'), signedChar('vla_grid')];
  let truth: Map<string, Set<number>>;
  beforeAll(async () => {
    truth = await returnsByGcc(file, fns);
  });

  it('every return gcc sees is covered with a validated datum, every other one proved unreachable, nothing unknown', async () => {
    // The hand-worked answers, for the reader: a[v-1] = (v-1)^2 is 49 for v = 8; sizeof m is 168 for v = 7.
    expect(truth.get('vla_fill')).toEqual(new Set([0, 1, 3]));
    expect(truth.get('vla_sizeof')).toEqual(new Set([0, 1, 3, 4]));
    expect(truth.get('vla_loop')).toEqual(new Set([0, 1]));
    expect(truth.get('vla_known')).toEqual(new Set([1, 3]));
    // g[3][3] = 3 * 5 + 3 = 18.
    expect(truth.get('vla_grid')).toEqual(new Set([1, 3]));
    await expectCoverAsGcc(engine, file, fns, truth, true);
  }, 600_000);
});

describe('runtime errors of variable-length arrays', () => {
  const source = [
    '#include <stdlib.h>',
    'int size(int n, int k)', // 2
    '{',
    '    int a[n];', // 4: violated for n <= 0
    '    for (int i = 0; i < n && i < 4; i++)',
    '        a[i] = i;',
    '    if (k >= 0 && k < n && k < 4)',
    '        return a[k];', // 8: in bounds
    '    return 0;',
    '}',
    'int last(int n)', // 11
    '{',
    '    if (n < 1 || n > 8)',
    '        return 0;',
    '    int a[n];', // 15: n in 1..8
    '    a[0] = 0;',
    '    return a[n];', // 17: one past the end
    '}',
    'int freed(int n)', // 19
    '{',
    '    if (n < 1 || n > 8)',
    '        return 0;',
    '    int a[n];',
    '    a[0] = n;',
    '    free(a);', // 25: not a heap object
    '    return 0;',
    '}',
    'int addressed(int n)', // 28
    '{',
    '    if (n < 1 || n > 8)',
    '        return 0;',
    '    int a[n];',
    '    int (*p)[n] = &a;', // 33: not modelled
    '    return (*p)[0] == 0;',
    '}',
    '',
  ].join('\n');
  let file: string;
  let report: Report;
  beforeAll(async () => {
    file = writeC('vla_errors.c', source);
    report = await engine.check({ file });
  }, 120_000);
  const errors = (fn: string) =>
    report.functions
      .find((f) => f.name === fn)!
      .goals.filter((g) => g.kind === 'runtime-error')
      .map((g) => `${g.line} ${g.outcome} ${g.status}`);

  it('a size not greater than 0 is found, with its datum; a guarded one is proved', () => {
    expect(errors('size')).toEqual(['4 vla-size violated', '6 null holds', '6 bounds holds', '8 null holds', '8 bounds holds']);
    const f = report.functions.find((x) => x.name === 'size')!;
    const datum = f.tests.find((t) => t.id === f.goals[0].test)!;
    expect(datum.inputs.n).toBeLessThanOrEqual(0);
    expect(errors('last')).toEqual(['15 vla-size holds', '16 null holds', '16 bounds holds', '17 null holds', '17 bounds violated']);
  });

  it('free() of a variable-length array is an error; &a is not modelled, so nothing after it is claimed', () => {
    expect(errors('freed')).toContain('25 free violated');
    const after = report.functions.find((f) => f.name === 'addressed')!.goals.filter((g) => g.line === 34);
    expect(after.length).toBeGreaterThan(0);
    for (const g of after) expect({ line: g.line, status: g.status }).toEqual({ line: 34, status: 'unknown' });
  });

  it('every counter-example is confirmed by gcc with sanitizers', async () => {
    await expectAllValidated(file, report);
  }, 120_000);
});
