// A model becomes a datum only once it satisfies its formula (solve/valid-model.ts): Z3's incremental
// solver has handed out models that falsify the asked literal (test/soundness/FINDINGS.md F12). Such a
// model cannot be made on demand, so these tests give validModel a model of another question: it
// must notice, and answer from a fresh solver.
import { describe, expect, it } from 'vitest';
import type { Model } from 'z3-solver';
import { getZ3 } from '../../server/src/z3/z3';
import { satisfies, validModel } from '../../server/src/solve/valid-model';
import { bvConst, type B, type BV } from '../../server/src/model/semantics';

async function setUp() {
  const z = await getZ3();
  const { ctx } = z;
  const x = ctx.BitVec.const('x', 32) as BV;
  const solver = new ctx.Solver();
  const formula = x.sgt(bvConst(ctx, 5n, 32)) as B;
  solver.add(formula);
  const n = (v: number) => bvConst(ctx, BigInt(v), 32);
  const modelWhere = async (lit: B): Promise<Model<'main'>> => {
    expect(await solver.check(lit)).toBe('sat');
    return solver.model();
  };
  const valueOf = (m: Model<'main'>) => Number((m.eval(x, true) as unknown as { value(): bigint }).value());
  return { z, ctx, x, n, solver, formula, modelWhere, valueOf };
}

describe('validModel', () => {
  it('keeps a model that satisfies the literals and the formula', async () => {
    const { z, x, n, modelWhere, valueOf, formula } = await setUp();
    const lit = x.eq(n(7)) as B;
    const m = await modelWhere(lit);
    expect(satisfies(z, m, [lit, formula])).toBe(true);
    const r = await validModel(z, formula, [lit], m, 5000);
    expect('model' in r && r.model).toBe(m);
    expect(valueOf(m)).toBe(7);
  });

  it('answers from a fresh solver when the model falsifies a literal', async () => {
    const { z, x, n, modelWhere, valueOf, formula } = await setUp();
    const wrong = await modelWhere(x.eq(n(7)) as B);
    const asked = x.eq(n(9)) as B;
    expect(satisfies(z, wrong, [asked, formula])).toBe(false);
    const r = await validModel(z, formula, [asked], wrong, 5000);
    if (!('model' in r)) throw new Error(`no model: ${JSON.stringify(r)}`);
    expect(valueOf(r.model)).toBe(9);
  });

  it('says unsat when the fresh solver finds no model, instead of keeping the wrong one', async () => {
    const { z, x, n, modelWhere, formula } = await setUp();
    const wrong = await modelWhere(x.eq(n(7)) as B);
    // x > 5 is asserted: x < 3 has no model.
    expect(await validModel(z, formula, [x.slt(n(3)) as B], wrong, 5000)).toEqual({ unsat: true });
  });

  it('checks the formula too, not only the literals', async () => {
    const { z, ctx, x, n, formula } = await setUp();
    // A model of another solver, without the formula x > 5.
    const other = new ctx.Solver();
    other.add(x.eq(n(1)) as B);
    expect(await other.check()).toBe('sat');
    const foreign = other.model();
    expect(satisfies(z, foreign, [formula])).toBe(false);
    const r = await validModel(z, formula, [], foreign, 5000);
    if (!('model' in r)) throw new Error(`no model: ${JSON.stringify(r)}`);
    expect(satisfies(z, r.model, [formula])).toBe(true);
  });
});
