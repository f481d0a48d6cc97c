// solverFor (z3.ts): pure bit-vector formulas get Z3's incremental SAT solver (logic QF_BV), which takes
// only Boolean constants as assumptions; an expression assumed is a fresh constant implying it, and an
// unsat core names the expression asked, not that constant. Expected answers from arithmetic on 8-bit
// values: x + 1 == 0 only for x = 255; x + 1 == 0 and x < 10 (unsigned) together never hold.
import { describe, expect, it } from 'vitest';
import { bitBlasting, checkSolver, getZ3, setSolverTimeout, solverFor, unsatCore } from '../../server/src/z3/z3';

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
    expect(
      unsatCore(solver)
        .map((e) => e.id())
        .sort(),
    ).toEqual([wraps.id(), small.id()].sort());
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
