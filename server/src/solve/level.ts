// A level: the function unrolled to one loop bound, encoded, and asserted in
// its own incremental solver (goals are then assumption literals on it), with
// the small-input boxes and each node's ancestors.

import type { IRFunction, Program } from '../ir/ir';
import { unroll } from '../model/unroll';
import { encode, type Encoding } from '../model/encode';
import type { B } from '../model/semantics';
import { setSolverTimeout, solverFor, type Z3Handle } from '../z3/z3';
import { boxConstraint } from './inputs';

/** What queries need of the engine's options. */
export interface SolverOptions {
  maxLoopBound: number;
  inlineDepth: number;
  timeoutMs: number;
  pointerArrayLength: number;
  mallocMayFail?: boolean;
  uninitialisedNondet?: boolean;
  argcMax: number;
  argLength: number;
}

export type Solver = InstanceType<Z3Handle['ctx']['Solver']>;

/** The function at one loop bound, in its own solver. */
export interface Level {
  bound: number;
  enc: Encoding;
  solver: Solver;
  /** ancestors[n]: nodes with a path to n. */
  ancestors: Set<number>[];
  boxes: { size: number; lit: B }[];
  /** Some execution runs a loop past the bound (null: not checked yet). */
  unwindable: boolean | null;
  /** The unwinding check ran out of its (full) time limit: asked again, it would only run out again. */
  unwindableUnknown?: boolean;
  /** The size hits of the encoding itself (later ones come from `--where` conditions). */
  baseHits: number;
  /** The size assumptions some run reaches the limit of, by the size hits asked about (solve/assumptions.ts). */
  assumed: Map<string, string[]>;
  /** Taint sites (by index in enc.taints) no execution reaches, with no reachable taint before them (solve/query.ts). */
  deadTaints?: Map<number, Promise<boolean>>;
  /** Proofs of properties here that were asked within the input box, needed it in their core, and were asked again without it (solve/query.ts, checkBoxFirst). */
  boxWasted?: number;
  /** A property asked without the box first here was undecided: the box comes first again. */
  wideFailed?: boolean;
  /** The conjunction of the encoding's assertions, made when first needed: every datum's model is checked against it (solve/valid-model.ts). */
  formula?: B;
}

/** Input boxes tried first, for readable data: every scalar input within [-size, size]. */
export const BOXES = [16, 256, 32767];

/**
 * The function unrolled to `bound`, encoded, and asserted in a new solver (`explain`: with tracking literals;
 * `ofItsLogic`: a solver of the formula's logic, see solverFor, for the bounded queries' levels: Z3's SAT
 * solver for pure bit vectors, the QF_AUFBV core with arrays; the invariant prover's and the explanations'
 * checks were slower there, they keep the default solver).
 */
export function encodeAt(
  z: Z3Handle,
  program: Program,
  fn: IRFunction,
  options: SolverOptions,
  bound: number,
  explain: boolean,
  snapshotAt?: { block: number; index: number },
  withoutAliasing = false,
  ofItsLogic = false,
) {
  const u = unroll(program, fn, bound, options.inlineDepth);
  const enc = encode(z, program, u, {
    fromMain: fn.name === 'main',
    pointerArrayLength: options.pointerArrayLength,
    explain,
    mallocMayFail: options.mallocMayFail,
    uninitialisedNondet: options.uninitialisedNondet,
    argcMax: options.argcMax,
    argLength: options.argLength,
    snapshotAt,
    withoutAliasing,
  });
  const solver = ofItsLogic ? solverFor(z, enc.assertions) : new z.ctx.Solver();
  setSolverTimeout(solver, options.timeoutMs);
  // In slices: a large unrolling has more assertions than a call can take as arguments (the call stack overflows).
  for (let i = 0; i < enc.assertions.length; i += 10_000) solver.add(...enc.assertions.slice(i, i + 10_000));
  return { u, enc, solver };
}

export function buildLevel(
  z: Z3Handle,
  program: Program,
  fn: IRFunction,
  options: SolverOptions,
  bound: number,
  snapshotAt?: { block: number; index: number },
  withoutAliasing = false,
): Level {
  const { ctx } = z;
  const { u, enc, solver } = encodeAt(z, program, fn, options, bound, false, snapshotAt, withoutAliasing, true);
  const ancestors = computeAncestors(u.nodes.map((n) => n.preds));
  const boxes = BOXES.map((size) => {
    const lit = ctx.Bool.const(`box${size}`) as B;
    solver.add(lit.implies(boxConstraint(z, enc.inputs, enc, size)) as B);
    return { size, lit };
  });
  return { bound, enc, solver, ancestors, boxes, unwindable: null, baseHits: enc.sizeHits.length, assumed: new Map() };
}

/**
 * Whether every execution reaching one of `nodes` gets there without entering a loop or a recursive
 * function. The unrolling is structural: an execution that entered a loop first would also reach the
 * goal, by a shortest path from the loop's head, from a node inside the loop (an ancestor here). So
 * the level holds every path to them whatever its bound, and finding none is a proof without asking
 * whether loops stop within the bound (a goal before the first loop, josephus's `t->key = 1`).
 */
export function loopFreeBefore(level: Level, nodes: number[]): boolean {
  const u = level.enc.unrolled;
  if (u.contexts.some((c) => c.recursion > 0) || u.unwinds.some((n) => u.nodes[n].recursion !== undefined)) return false;
  const outsideLoops = (n: number) => u.nodes[n].counts.length === 0 && u.nodes[n].unwindOf === undefined;
  return nodes.every((n) => outsideLoops(n) && [...level.ancestors[n]].every(outsideLoops));
}

/** A level over the encoding of a function with nothing left to unwind (the invariant prover's abstraction), without input boxes. */
export function acyclicLevel(enc: Encoding, solver: Solver): Level {
  const ancestors = computeAncestors(enc.unrolled.nodes.map((n) => n.preds));
  return { bound: 1, enc, solver, ancestors, boxes: [], unwindable: false, baseHits: enc.sizeHits.length, assumed: new Map() };
}

export function computeAncestors(preds: number[][]): Set<number>[] {
  // Node ids are topological: a node's ancestors are its preds and their ancestors.
  const anc: Set<number>[] = [];
  for (let i = 0; i < preds.length; i++) {
    const s = new Set<number>();
    for (const p of preds[i]) {
      s.add(p);
      for (const a of anc[p]) s.add(a);
    }
    anc.push(s);
  }
  return anc;
}
