// Builds a coverage suite for one function (statement or decision criterion):
// one incremental solver per loop bound, a query per goal still open, the
// deepest goals first, and every complete model marks all the goals it
// reaches, so few data cover many goals.

import type { Goal } from '../goals/goal';
import type { IRFunction, Program } from '../ir/ir';
import type { TestReport } from '../../../shared/report';
import { EngineError } from '../errors';
import { computeAncestors } from './level';
import { predecessors, successors } from '../ir/cfg';
import { dominators, type DomTree } from '../ir/dominators';
import { goalCopies } from './targets';
import { probe } from './probe';
import { type Datum, type FunctionSolver, type GoalVerdict, type QueryOptions } from './query';
import { isProperty } from '../../../shared/verdicts';

export interface SuiteResult {
  verdicts: Map<string, GoalVerdict & { test?: string }>;
  tests: TestReport[];
}

/** How a suite asks one goal (the engine's may try invariants between loop bounds); by default, bounded unrolling. */
export type SuiteReach = (goal: Goal, opts: QueryOptions) => Promise<GoalVerdict>;

export async function buildSuite(
  fs: FunctionSolver,
  goals: Goal[],
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
  reach: SuiteReach = (goal, opts) => fs.reach(goal, opts),
): Promise<SuiteResult> {
  const verdicts = new Map<string, GoalVerdict & { test?: string }>();
  const tests: TestReport[] = [];
  const open = new Set(goals.map((g) => g.id));
  const order = await deepestFirst(fs, goals);
  const suite = fs.suiteBudget();
  // Coverage goals: those a complete execution marks when it reaches them (a property's goal is a violation).
  const isCoverage = (g: Goal) => g.kind !== 'assertion' && g.kind !== 'runtime-error';
  /** A datum for `goal` as the next test; a complete one also covers every other open goal its execution reaches. */
  const addDatum = (goal: Goal, v: GoalVerdict, datum: Datum) => {
    const testId = `t${tests.length + 1}`;
    const test: TestReport = { id: testId, ...datum.test, goals: [goal.id] };
    tests.push(test);
    open.delete(goal.id);
    verdicts.set(goal.id, { ...v, test: testId });
    if (!datum.complete) return;
    for (const other of goals) {
      if (!open.has(other.id) || !isCoverage(other)) continue;
      if (fs.goalHolds(datum.level, other, datum.model)) {
        open.delete(other.id);
        verdicts.set(other.id, { status: 'covered', bound: v.bound, test: testId });
        test.goals.push(other.id);
      }
    }
  };
  // Concrete probes first: the goals their executions reach need no query.
  const level = await fs.smallestLevel();
  if (level)
    for (const found of await probe(fs.z, level, goals.filter(isCoverage), (g, m) => fs.goalHolds(level, g, m), fs.fn.name, signal)) {
      const first = found.goals.find((g) => open.has(g.id));
      if (!first) continue;
      const v = fs.completeVerdict(level, first, found.model);
      // A datum whose path passes something not modelled is left to the queries (they say why).
      if (v.datum) addDatum(first, v, v.datum);
    }
  onProgress?.(goals.length - open.size, goals.length);
  for (const goal of order) {
    if (!open.has(goal.id)) continue;
    if (signal?.aborted) throw EngineError.cancelled();
    const v = await reach(goal, { signal, explain: 'loop-free', suite, probed: true });
    open.delete(goal.id);
    if (v.datum) {
      addDatum(goal, v, v.datum);
    } else {
      verdicts.set(goal.id, v);
      if (v.status === 'unreachable')
        for (const other of dominatedBy(fs.program, goal, goals)) {
          // No execution gets there without reaching this goal first: unreachable for the same reasons,
          // whether still open or left unknown earlier (two answers on one condition must agree).
          const was = verdicts.get(other.id);
          if (!open.has(other.id) && was?.status !== 'unknown' && was?.status !== 'not-reached') continue;
          open.delete(other.id);
          verdicts.set(other.id, v);
        }
    }
    onProgress?.(goals.length - open.size, goals.length);
  }
  return { verdicts, tests };
}

/** Each function's predecessors and dominators, computed once (a suite may prove many goals unreachable). */
const graphs = new WeakMap<IRFunction, { preds: number[][]; dom: DomTree }>();
function graphOf(fn: IRFunction) {
  let g = graphs.get(fn);
  if (!g) graphs.set(fn, (g = { preds: predecessors(fn), dom: dominators(fn) }));
  return g;
}

/**
 * The other goals of `goal`'s function (in the same calling context) that no execution reaches without
 * first entering the block whose entry is `goal`: that block dominates theirs. A statement goal is its
 * block; a branch goal of one edge is the edge's target when that edge is the only way in.
 */
export function dominatedBy(program: Program, goal: Goal, goals: Goal[]): Goal[] {
  const fn = program.functions.find((f) => f.name === goal.function);
  if (!fn) return [];
  const t = goal.target;
  const only = t.kind === 'edges' && t.edges.length === 1 ? t.edges[0] : null;
  // The edge is the only way in: no other block, nor another edge of the same branch (two cases of one switch), leads there.
  const { preds, dom } = graphOf(fn);
  const targets = (b: number): number[] => {
    const term = fn.blocks[b].terminator;
    return term.kind === 'branch'
      ? [term.then, term.else]
      : term.kind === 'switch'
        ? [...term.cases.map((c) => c.target), term.default]
        : successors(fn.blocks[b]);
  };
  const onlyWayIn = (e: { from: number; to: number }) =>
    e.to !== fn.blocks[0]?.id && preds[e.to].every((p) => p === e.from) && targets(e.from).filter((x) => x === e.to).length === 1;
  const entry = t.kind === 'block' ? t.block : only && onlyWayIn(only) ? only.to : null;
  if (entry === null) return [];
  return goals.filter((g) => {
    if (g === goal || g.function !== goal.function || g.context?.key !== goal.context?.key) return false;
    if (isProperty(g)) return false;
    const at = g.target;
    const block =
      at.kind === 'block' || at.kind === 'point'
        ? at.block
        : at.kind === 'edges' && at.edges.every((e) => e.from === at.edges[0].from)
          ? at.edges[0].from
          : null;
    return block !== null && dom.dominates(entry, block);
  });
}

/** Goals ordered by how much code lies before them (more first), at the smallest bound. */
async function deepestFirst(fs: FunctionSolver, goals: Goal[]): Promise<Goal[]> {
  // Too large to encode even at the smallest bound: the goals in their order (each says why it stays open).
  const level = await fs.smallestLevel();
  if (!level) return goals;
  const depth = new Map<string, number>();
  const preds = level.enc.unrolled.nodes.map((n) => n.preds);
  const anc = computeAncestors(preds).map((a) => a.size);
  for (const g of goals) {
    const copies = goalCopies(level, g);
    depth.set(g.id, copies.length ? Math.max(...copies.map((c) => anc[c.node])) : -1);
  }
  return [...goals].sort((a, b) => depth.get(b.id)! - depth.get(a.id)!);
}
