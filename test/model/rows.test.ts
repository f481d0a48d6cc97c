// Pointers into the rows of 2-D arrays: `m[i]`'s decay, `&m[i][j]`, `*m`, a
// pointer to rows `p[i]` (FINDINGS F16), a row passed to a callee, walked by a
// pointer, strings in rows. Each function of the fixture runs on every value
// of its parameter, compiled by gcc with sanitizers (none has undefined
// behaviour for any value); the returns that happen are the ground truth.
// CReach must cover exactly those, with data that validate, and prove the
// others unreachable: no taint is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectCoverAsGcc, returnsByGcc, signedChar, unsignedChar } from '../helpers/exhaustive';
import { fixture, writeC } from '../solve/helpers';

const file = fixture('rows.c');

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

describe('pointers into rows of 2-D arrays, as gcc', () => {
  const fns = [
    unsignedChar('row_decay'),
    unsignedChar('element_address'),
    signedChar('first_row'),
    unsignedChar('pointer_to_rows'),
    unsignedChar('row_to_callee'),
    unsignedChar('row_walk'),
    unsignedChar('string_rows'),
  ];
  let truth: Map<string, Set<number>>;
  beforeAll(async () => {
    truth = await returnsByGcc(file, fns);
  });

  it('every return gcc sees is covered with a validated datum, every other one proved unreachable', async () => {
    await expectCoverAsGcc(engine, file, fns, truth, true);
  }, 600_000);

  it('a row is an array of its own: q = m[0], q[j] for j = 4 is out of bounds (C11 6.5.6p8), m[i] needs i < 3', async () => {
    // gcc's UBSan sees neither (q[4] reads m[1][0]; m[3]'s decay is not checked): the standard's rule, as for
    // a pointer to a struct member (members.test.ts `past_member`).
    const src = writeC(
      'row_bounds.c',
      'int m[3][4];\nint over(int j)\n{\n  int *q = m[0];\n  if (j < 0 || j > 4)\n    return -1;\n  return q[j];\n}\nint *row(int i)\n{\n  if (i < 0 || i > 3)\n    return 0;\n  return m[i];\n}\n',
    );
    const over = await engine.check({ file: src, function: 'over' });
    const read = over.functions[0].goals.find((g) => g.kind === 'runtime-error' && g.outcome === 'bounds')!;
    expect(read.status).toBe('violated');
    expect(over.functions[0].tests.find((t) => t.id === read.test)!.inputs.j).toBe(4);
    const row = await engine.check({ file: src, function: 'row' });
    const decay = row.functions[0].goals.find((g) => g.kind === 'runtime-error' && g.outcome === 'bounds')!;
    expect(decay.status).toBe('violated');
    expect(row.functions[0].tests.find((t) => t.id === decay.test)!.inputs.i).toBe(3);
  }, 120_000);
});
