// A model is a datum only once it is seen to satisfy its formula.

import type { Model } from 'z3-solver';
import { EngineError } from '../errors';
import type { B } from '../model/semantics';
import { checkSolver, interruptibleBy, queueCheck, setSolverTimeout, trueIn, type Z3Handle } from '../z3/z3';

/** Whether `model` satisfies every formula of `parts` (one evaluation of their conjunction: shared terms once). */
export function satisfies(z: Z3Handle, model: Model<'main'>, parts: B[]): boolean {
  return trueIn(z, model, z.ctx.And(...parts) as B);
}

/**
 * `model`, a model of `formula` and `lits` by an incremental solver, once seen to satisfy them. Z3's
 * incremental solver has answered sat with a model that falsifies the goal's literal, after float-to-int
 * conversions (test/soundness/FINDINGS.md F10, F12: the same formula in a fresh solver is unsat), and a
 * datum must reach its goal. Such a model is no answer: the question goes to a fresh solver (no
 * assumptions, no earlier checks) within `timeoutMs`, whose model is checked the same way. `unsat`: the
 * fresh solver's answer; `failure`: neither a valid model nor an answer.
 */
export async function validModel(
  z: Z3Handle,
  formula: B,
  lits: B[],
  model: Model<'main'>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ model: Model<'main'> } | { unsat: true } | { failure: string }> {
  const parts = [formula, ...lits];
  if (satisfies(z, model, parts)) return { model };
  const fresh = new z.ctx.Solver();
  fresh.add(...parts);
  setSolverTimeout(fresh, timeoutMs);
  const r = await queueCheck(async () => {
    if (signal?.aborted) throw EngineError.cancelled();
    const r = await interruptibleBy(z, signal, () => checkSolver(z, fresh, []));
    if (signal?.aborted) throw EngineError.cancelled();
    if (r !== 'sat') return r;
    const m = fresh.model();
    return satisfies(z, m, parts) ? m : 'invalid';
  });
  if (typeof r !== 'string') return { model: r };
  if (r === 'unsat') return { unsat: true };
  return { failure: `sat with a model that falsifies the formula; in a fresh solver, ${r === 'invalid' ? 'another such model' : 'no answer in time'}` };
}
