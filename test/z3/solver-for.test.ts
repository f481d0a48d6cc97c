// solverFor (z3.ts): pure bit-vector formulas get Z3's incremental SAT solver (logic QF_BV), which takes
// only Boolean constants as assumptions; an expression assumed is a fresh constant implying it, and an
// unsat core names the expression asked, not that constant. Expected answers from arithmetic on 8-bit
// values: x + 1 == 0 only for x = 255; x + 1 == 0 and x < 10 (unsigned) together never hold.
import { describe, expect, it } from 'vitest';
import type { Bool, Solver } from 'z3-solver';
import { bitBlasting, checkSolver, getZ3, setSolverTimeout, solverFor, solverLogic, unsatCore } from '../../server/src/z3/z3';

/** The ids of the last unsat core's expressions, and of the expressions expected there, in one order. */
const coreIds = (solver: Solver<'main'>) =>
  unsatCore(solver)
    .map((e) => e.id())
    .sort();
const idsOf = (...exprs: Bool<'main'>[]) => exprs.map((e) => e.id()).sort();

describe('solverFor', () => {
  it('pure bit vectors: expressions as assumptions, sat with their model, unsat with a core of those expressions', async () => {
    const z = await getZ3();
    const { ctx } = z;
    const x = ctx.BitVec.const('x', 8);
    const wraps = x.add(ctx.BitVec.val(1, 8)).eq(ctx.BitVec.val(0, 8));
    const small = x.ult(ctx.BitVec.val(10, 8));
    const solver = solverFor(z, [x.neq(ctx.BitVec.val(7, 8))]);
    solver.add(x.neq(ctx.BitVec.val(7, 8)));
    setSolverTimeout(solver, 5000);
    expect(bitBlasting(solver)).toBe(true);
    expect(await checkSolver(z, solver, [wraps])).toBe('sat');
    expect(solver.model().eval(x).toString()).toBe('#xff'); // 255
    expect(await checkSolver(z, solver, [wraps, small])).toBe('unsat');
    expect(coreIds(solver)).toEqual(idsOf(wraps, small));
    // Inside a scope and after it: the scope's constraint is gone.
    solver.push();
    solver.add(x.ugt(ctx.BitVec.val(200, 8)));
    expect(await checkSolver(z, solver, [small])).toBe('unsat');
    solver.pop();
    expect(await checkSolver(z, solver, [small])).toBe('sat');
    expect(bitBlasting(solver)).toBe(true); // nothing here made it fall back
  });

  it('a formula with floating point gets the default solver, and answers the same', async () => {
    const z = await getZ3();
    const { ctx } = z;
    const f = ctx.Float.const('f', ctx.Float.sort32());
    const positive = f.gt(ctx.Float.val(1, ctx.Float.sort32()));
    const solver = solverFor(z, [positive]);
    solver.add(positive);
    setSolverTimeout(solver, 5000);
    expect(bitBlasting(solver)).toBe(false);
    expect(await checkSolver(z, solver, [f.lt(ctx.Float.val(0, ctx.Float.sort32()))])).toBe('unsat');
    expect(await checkSolver(z, solver, [])).toBe('sat');
  });
});

describe('solverFor, bit vectors with arrays', () => {
  it('an array formula gets the QF_AUFBV solver: models and cores as the default solver gives them', async () => {
    const z = await getZ3();
    const { ctx } = z;
    // a[i] for a of 8-bit values indexed by 8 bits, the table {400/4, 500/4, 640/4, 740/4} at 0..3 (as TCAS's).
    const i = ctx.BitVec.const('i', 8);
    const table = [100, 125, 160, 185].reduce(
      (arr, v, k) => arr.store(ctx.BitVec.val(k, 8), ctx.BitVec.val(v, 8)),
      ctx.Array.const('t', ctx.BitVec.sort(8), ctx.BitVec.sort(8)),
    );
    const inRange = i.ult(ctx.BitVec.val(4, 8));
    const solver = solverFor(z, [inRange]);
    expect(solverLogic(solver)).toBe('QF_BV'); // no array in it yet
    const withTable = solverFor(z, [inRange, table.select(i).ugt(ctx.BitVec.val(150, 8))]);
    expect(solverLogic(withTable)).toBe('QF_AUFBV');
    setSolverTimeout(withTable, 5000);
    withTable.add(inRange, table.select(i).ugt(ctx.BitVec.val(150, 8)));
    const notTwo = i.neq(ctx.BitVec.val(2, 8));
    expect(await checkSolver(z, withTable, [notTwo])).toBe('sat');
    expect(withTable.model().eval(i).toString()).toBe('#x03'); // 185 > 150 at 3 only, with 2 excluded
    const notThree = i.neq(ctx.BitVec.val(3, 8));
    expect(await checkSolver(z, withTable, [notTwo, notThree])).toBe('unsat');
    expect(coreIds(withTable)).toEqual(idsOf(notTwo, notThree));
    expect(solverLogic(withTable)).toBe('QF_AUFBV');
  });

  it('a float added or assumed later moves it to the default solver (QF_AUFBV would take the float as uninterpreted)', async () => {
    const z = await getZ3();
    const { ctx } = z;
    const i = ctx.BitVec.const('j', 8);
    const a = ctx.Array.const('a', ctx.BitVec.sort(8), ctx.BitVec.sort(8));
    const f = ctx.Float.const('g', ctx.Float.sort32());
    const one = ctx.Float.val(1, ctx.Float.sort32());
    for (const late of ['added', 'assumed'] as const) {
      const solver = solverFor(z, [a.select(i).eq(ctx.BitVec.val(7, 8))]);
      setSolverTimeout(solver, 5000);
      solver.add(a.select(i).eq(ctx.BitVec.val(7, 8)));
      expect(solverLogic(solver)).toBe('QF_AUFBV');
      // f > 1 and f < 1 never hold together for a float (NaN compares false); uninterpreted, they could.
      const both = ctx.And(f.gt(one), f.lt(one));
      if (late === 'added') solver.add(both);
      const r = await checkSolver(z, solver, late === 'assumed' ? [both] : []);
      expect(solverLogic(solver)).toBeUndefined();
      expect(r).toBe('unsat');
    }
  });
});
