// The integer relaxation (server/src/z3/relax.ts) may only over-approximate: every model of a
// bit-vector formula, its constants read as signed values, must satisfy the relaxation. Random
// formulas over 8-bit constants check exactly that (the bit-vector model comes from Z3, exact
// at this width); hand-picked ones check that wrap-around answers are never lost, and that the
// relaxation does prove what it is for.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BitVec, Bool } from 'z3-solver';
import { getZ3, checkSolver, setSolverTimeout, unsatCore, queueCheck, type Z3Handle } from '../../server/src/z3/z3';
import { IntRelaxation } from '../../server/src/z3/relax';
import { Rng } from '../soundness/rng';

type BV = BitVec<number, 'main'>;
type B = Bool<'main'>;

let z: Z3Handle;
beforeAll(async () => {
  z = await getZ3();
});

const W = 8;

/** A random 8-bit term over the constants `vs` (and an array `mem` of 8-bit cells). */
function term(rng: Rng, vs: BV[], mem: ReturnType<Z3Handle['ctx']['Array']['const']>, depth: number): BV {
  const { ctx } = z;
  if (depth <= 0 || rng.chance(0.25)) return rng.chance(0.7) ? rng.pick(vs) : (ctx.BitVec.val(rng.int(-128, 127), W) as BV);
  const a = () => term(rng, vs, mem, depth - 1);
  const c = () => ctx.BitVec.val(rng.int(0, 9), W) as BV;
  switch (rng.int(0, 17)) {
    case 0:
      return a().add(a());
    case 1:
      return a().sub(a());
    case 2:
    case 3:
      return a().mul(a());
    case 4:
      return a().neg();
    case 5:
      return a().not();
    case 6:
      return a().and(a());
    case 7:
      return a().xor(a());
    case 8:
      return a().shl(c());
    case 9:
      return a().shr(c());
    case 10:
      return a().lshr(c());
    case 11:
      return a().sdiv(a());
    case 12:
      // Through 16 bits and back: extensions, concatenation and extraction.
      return ctx.Extract(7, 0, a().signExt(8).add(a().zeroExt(8))) as BV;
    case 13:
      return ctx.Extract(11, 4, ctx.Concat(a(), a())) as BV;
    case 14:
      return ctx.If(bool(rng, vs, mem, depth - 1), a(), a()) as BV;
    case 15:
      return mem.select(a()) as BV;
    case 16:
      return mem.store(a(), a()).select(a()) as BV;
    default:
      return a().srem(a());
  }
}

function bool(rng: Rng, vs: BV[], mem: ReturnType<Z3Handle['ctx']['Array']['const']>, depth: number): B {
  const { ctx } = z;
  const a = () => term(rng, vs, mem, depth);
  switch (rng.int(0, 8)) {
    case 0:
      return a().slt(a());
    case 1:
      return a().sle(a());
    case 2:
      return a().ult(a());
    case 3:
      return a().uge(a());
    case 4:
      return a().eq(a());
    case 5:
      return a().neq(a());
    case 6:
      return a().mulNoOverflow(a(), true).and(a().mulNoUnderflow(a()));
    case 7:
      return a().addNoOverflow(a(), true).not();
    default:
      return ctx.Not(a().mulNoOverflow(a(), false));
  }
}

describe('integer relaxation', () => {
  it('every model of 300 random 8-bit formulas is a model of their relaxation (constants as signed values)', async () => {
    const { ctx } = z;
    const rng = new Rng(20261128);
    let checked = 0;
    let relaxedUnsat = 0;
    // One solver of each kind, a scope per formula: checks on the JavaScript thread (checkSolver), not a
    // new Z3 thread and solver per formula (600 of those passed the test's time limit on a loaded machine).
    const s = new ctx.Solver();
    setSolverTimeout(s, 10_000);
    const relax = new IntRelaxation(z);
    setSolverTimeout(relax.solver, 10_000);
    const check = (solver: typeof s) => queueCheck(() => checkSolver(z, solver, []));
    for (let i = 0; i < 300; i++) {
      const vs = [0, 1, 2].map((k) => ctx.BitVec.const(`v${i}_${k}`, W) as BV);
      const mem = ctx.Array.const(`mem${i}`, ctx.BitVec.sort(W), ctx.BitVec.sort(W));
      const formula = ctx.And(bool(rng, vs, mem, 3), bool(rng, vs, mem, 3), ctx.Or(bool(rng, vs, mem, 2), bool(rng, vs, mem, 2))) as B;
      s.push();
      relax.solver.push();
      s.add(formula);
      relax.solver.add(relax.relax(formula));
      const bv = await check(s);
      expect(bv, `formula ${i}: ${formula.sexpr()}`).not.toBe('unknown');
      if (bv === 'sat') {
        // The same constants' signed values (and the array's cells read) satisfy the relaxation.
        const m = s.model();
        const pins = vs.map((v) => {
          const u = BigInt(m.eval(v, true).sexpr().replace('#x', '0x'));
          const signed = u >= 128n ? u - 256n : u;
          return ctx.Eq(relax.relax(v), ctx.Int.val(signed)) as B;
        });
        relax.solver.add(...pins);
        expect(await check(relax.solver), `formula ${i}: ${formula.sexpr()}\nmodel: ${m.sexpr()}`).toBe('sat');
        checked++;
      } else if ((await check(relax.solver)) === 'unsat') relaxedUnsat++;
      s.pop();
      relax.solver.pop();
    }
    // The generator gives both kinds, and the relaxation proves some of the unsatisfiable ones.
    expect(checked).toBeGreaterThan(100);
    expect(relaxedUnsat).toBeGreaterThan(5);
  });

  it('keeps the answers that need wrap-around: x + 1 < x, x * y == 0 with x, y != 0, unsigned against signed order', async () => {
    const { ctx } = z;
    const x = ctx.BitVec.const('wx', 32) as BV;
    const y = ctx.BitVec.const('wy', 32) as BV;
    const cases: B[] = [
      x.add(1).slt(x),
      ctx.And(x.mul(y).eq(ctx.BitVec.val(0, 32)), x.neq(ctx.BitVec.val(0, 32)), y.neq(ctx.BitVec.val(0, 32))) as B,
      ctx.And(x.ult(y), y.slt(x)) as B,
      x.shl(ctx.BitVec.val(31, 32) as BV).slt(0),
      ctx.Extract(7, 0, x).eq(ctx.BitVec.val(0, 8)) as unknown as B,
      // Every cell of a 1-bit-indexed array stored over: equal to another constant array, though the
      // relaxed arrays' cells outside the index range would differ (6 against 5).
      ctx.Array.K(ctx.BitVec.sort(1), ctx.BitVec.val(6, 8))
        .store(ctx.BitVec.val(0, 1), ctx.BitVec.val(5, 8))
        .store(ctx.BitVec.val(1, 1), ctx.BitVec.val(5, 8))
        .eq(ctx.Array.K(ctx.BitVec.sort(1), ctx.BitVec.val(5, 8))) as B,
    ];
    for (const f of cases) {
      const relax = new IntRelaxation(z);
      relax.solver.add(relax.relax(f));
      expect(await relax.solver.check(), f.sexpr()).toBe('sat');
    }
  });

  it("checkSolver proves foo_holds's assertion through the relaxation, with the core of its assumptions", async () => {
    // z = x * (x - 100) with no overflow, z <= -3000: x^2 - 100x + 3000 has no real root.
    const { ctx } = z;
    const x = ctx.BitVec.const('tx', 32) as BV;
    const y = x.sub(100);
    const noOverflow = ctx.Bool.const('noOverflow') as B;
    const goal = ctx.Bool.const('goal') as B;
    const unrelated = ctx.Bool.const('unrelated') as B;
    const s = new ctx.Solver();
    setSolverTimeout(s, 20_000);
    s.add(noOverflow.implies(x.mulNoOverflow(y, true).and(x.mulNoUnderflow(y))) as B);
    s.add(goal.implies(x.mul(y).sle(-3000)) as B);
    s.add(unrelated.implies(x.sgt(5)) as B);
    const r = await queueCheck(() => checkSolver(z, s, [noOverflow, goal, unrelated]));
    expect(r).toBe('unsat');
    const core = unsatCore(s).map((b) => b.toString());
    expect(core).toContain('noOverflow');
    expect(core).toContain('goal');
    // Without the no-overflow rule it is satisfiable (x = 65536 + 50, say): the relaxation must not prove it.
    const r2 = await queueCheck(() => checkSolver(z, s, [goal]));
    expect(r2).toBe('sat');
    // After a pop the relaxation starts afresh (its solver reset): the proof is found again.
    s.push();
    s.add(unrelated.implies(x.slt(1000)) as B);
    expect(await queueCheck(() => checkSolver(z, s, [noOverflow, goal, unrelated]))).toBe('unsat');
    s.pop();
    s.add(unrelated.implies(x.sgt(-1000)) as B);
    expect(await queueCheck(() => checkSolver(z, s, [noOverflow, goal, unrelated]))).toBe('unsat');
    expect(unsatCore(s).map((b) => b.toString())).toContain('noOverflow');
  });

  it('is worth a check for products of variables, and for linear formulas without floating point', () => {
    const { ctx } = z;
    const x = ctx.BitVec.const('wx', 32) as BV;
    const y = ctx.BitVec.const('wy', 32) as BV;
    const worth = (...fs: B[]) => {
      const s = new ctx.Solver();
      s.add(...fs);
      const relax = new IntRelaxation(z);
      relax.sync(s);
      return { worth: relax.worth, nonlinear: relax.nonlinear, floating: relax.floating };
    };
    // tritype's triangle inequalities: sums of zero-extended 16-bit sides, linear.
    expect(worth(x.add(y).ule(ctx.BitVec.val(7, 32)) as B)).toEqual({ worth: true, nonlinear: false, floating: false });
    const f = ctx.Float.const('wf', ctx.Float.sort(8, 24));
    const linearWithFloat = ctx.And(x.sgt(y), ctx.Float.val(1.5, ctx.Float.sort(8, 24)).lt(f)) as B;
    expect(worth(linearWithFloat)).toEqual({ worth: false, nonlinear: false, floating: true });
    expect(worth(linearWithFloat, x.mul(y).eq(ctx.BitVec.val(12, 32)) as B).worth).toBe(true);
  });
});
