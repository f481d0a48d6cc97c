// Concrete probes before a suite's queries: candidate inputs (zeros, ones,
// small and boundary values) put into the level's formula. Z3's simplifier
// folds the operations on them (the one C semantics: no second evaluator),
// what is left is a propositional check, and a model of it, the inputs
// added, is a datum once Z3's model evaluator sees it satisfy the level's
// whole formula, as any datum must (valid-model.ts). A floating-point
// product or quotient that Z3 cannot bit-blast within the query limit folds
// in microseconds once its operands are numerals.

import type { Model } from 'z3-solver';
import type { Goal } from '../goals/goal';
import type { CType } from '../ir/types';
import type { Encoding } from '../model/encode';
import { bvConst, type B, type BV, type F } from '../model/semantics';
import { checkSolver, queueCheck, setSolverTimeout, type Z3Handle } from '../z3/z3';
import { EngineError } from '../errors';
import { fitsIn } from '../ir/interp';
import { inputTyped, typedLeaves } from './inputs';
import type { Level } from './level';
import { satisfies } from './valid-model';

/**
 * How many input vectors are tried at most, and for how long in a row without reaching a new goal. A probe
 * takes about 10 ms; a goal left to the solver here takes its query limits (5 s each) and often ends unknown.
 */
const MAX_PROBES = 400;
const FRUITLESS_MS = 1000;
/** A probe's propositional check (all that is left once the inputs are folded). */
const PROBE_CHECK_MS = 200;

const INT_VALUES = [0n, 1n, -1n, 2n, -2n, 3n, 5n, 7n, 10n, -10n, 16n, 100n, -100n, 255n, 1000n];
const FLOAT_VALUES = [0, 1, -1, 2, -2, 0.5, -0.5, 1.5, -3.25, 10, -10, 100, 0.1, 1e6, -1e6, Infinity, -Infinity, NaN];

/** An input the probes choose: a constant of the formula and its C type. */
interface Leaf {
  t: BV | F;
  type: Extract<CType, { kind: 'int' } | { kind: 'float' }>;
}

/** The scalar inputs (parameters, globals, objects behind pointers, nondet values) that are constants of the formula. */
function leavesOf(z: Z3Handle, enc: Encoding): Leaf[] {
  const typed = [...enc.inputs.filter((i) => !i.argv).flatMap((i) => inputTyped(z, i)), ...enc.nondet.flatMap((n) => typedLeaves(z, n.val, n.type))];
  return typed.filter((x): x is Leaf => (x.type.kind === 'int' || x.type.kind === 'float') && z.ctx.isConst(x.t));
}

/**
 * Whether the level multiplies or divides floating-point values: the operations Z3's bit-blasting cannot
 * decide within the query limit. Elsewhere the solver answers in milliseconds, and a probe (about 12 ms:
 * simplification and a check) would only add time (tritype's suite took 3.0 s with them against 1.0 s).
 */
function multipliesFloats(enc: Encoding): boolean {
  let m = floatProducts.get(enc);
  if (m === undefined)
    floatProducts.set(
      enc,
      (m = enc.unrolled.nodes.some((n) =>
        n.block.instrs
          .slice(n.start, n.end)
          .some((i) => i.kind === 'assign' && i.value.op === 'binary' && (i.value.bop === '*' || i.value.bop === '/') && i.value.type.kind === 'float'),
      )),
    );
  return m;
}
/** multipliesFloats of each encoding, walked once (a single reach asks it on every query). */
const floatProducts = new WeakMap<Encoding, boolean>();

/** A small deterministic generator (mulberry32): the same function gets the same probes on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}

/** The value term of `v` for a leaf (two's complement), `null` when its type cannot hold it. */
function valueFor(z: Z3Handle, leaf: Leaf, v: bigint | number): BV | F | null {
  if (leaf.type.kind === 'float') return z.ctx.Float.val(Number(v), (leaf.t as F).sort) as unknown as F;
  const n = BigInt(v);
  if (!fitsIn(n, leaf.type)) return null;
  const width = (leaf.t as BV).size();
  return bvConst(z.ctx, BigInt.asUintN(width, n), width);
}

/** The input vectors: all zeros, all ones, all minus ones, then values drawn from small pools (equal values come often: `a == b` needs them). */
function* vectors(z: Z3Handle, leaves: Leaf[], seed: number): Generator<(BV | F)[]> {
  const rnd = random(seed);
  const fixed = (v: number) => leaves.map((l) => valueFor(z, l, v) ?? valueFor(z, l, 0)!);
  yield fixed(0);
  yield fixed(1);
  yield fixed(-1);
  for (let k = 3; k < MAX_PROBES; k++)
    yield leaves.map((l) => {
      const pool = l.type.kind === 'float' ? FLOAT_VALUES : INT_VALUES;
      for (;;) {
        const v = valueFor(z, l, pool[Math.floor(rnd() * pool.length)]);
        if (v) return v;
      }
    });
}

export interface ProbeFound {
  model: Model<'main'>;
  /** The open coverage goals the execution reaches. */
  goals: Goal[];
}

/**
 * Complete valid executions of `level` on candidate inputs, each with the goals of `open` it reaches
 * that no earlier one did (probes that reach none are dropped). Stops when every goal is reached, after
 * MAX_PROBES vectors, or after FRUITLESS_MS without reaching a new goal.
 */
export async function probe(
  z: Z3Handle,
  level: Level,
  open: Goal[],
  holds: (goal: Goal, model: Model<'main'>) => boolean,
  seedText: string,
  signal?: AbortSignal,
): Promise<ProbeFound[]> {
  const { ctx } = z;
  const { enc } = level;
  if (!open.length || !multipliesFloats(enc)) return [];
  const leaves = leavesOf(z, enc);
  if (!leaves.length) return [];
  level.formula ??= ctx.And(...enc.assertions) as B;
  const formula = level.formula;
  const lits = [enc.okAll, enc.noUnwind, ...enc.inputBounds.map((b) => b.lit)];
  const left = new Set(open);
  const found: ProbeFound[] = [];
  let lastNew = Date.now();
  for (const values of vectors(z, leaves, seedOf(seedText))) {
    if (signal?.aborted) throw EngineError.cancelled();
    if (!left.size || Date.now() - lastNew > FRUITLESS_MS) break;
    const model = await queueCheck(async () => {
      const sub = ctx.substitute(formula, ...leaves.map((l, i) => [l.t, values[i]] as [BV | F, BV | F]));
      const folded = (await ctx.simplify(sub)) as B;
      if (ctx.isFalse(folded)) return null;
      const solver = new ctx.Solver();
      setSolverTimeout(solver, PROBE_CHECK_MS);
      solver.add(folded);
      if ((await checkSolver(z, solver, lits)) !== 'sat') return null;
      const m = solver.model();
      leaves.forEach((l, i) => m.updateValue(l.t, values[i]));
      return m;
    });
    // The folded formula's model with the inputs is checked against the level's own formula.
    if (!model || !satisfies(z, model, [formula, ...lits])) continue;
    const reached = [...left].filter((g) => holds(g, model));
    if (!reached.length) continue;
    lastNew = Date.now();
    for (const g of reached) left.delete(g);
    found.push({ model, goals: reached });
  }
  return found;
}
