// Builds a coverage suite for one function (statement or decision criterion):
// one incremental solver per loop bound, a query per goal still open, the
// deepest goals first, and every complete model marks all the goals it
// reaches, so few data cover many goals.

import type { Goal } from '../goals/goal';
import type { TestReport } from '../../../shared/report';
import { EngineError } from '../errors';
import { computeAncestors } from './level';
import { goalCopies } from './targets';
import { UnrollTooLarge, type Datum, type FunctionSolver, type GoalVerdict } from './query';

export interface SuiteResult {
  verdicts: Map<string, GoalVerdict & { test?: string }>;
  tests: TestReport[];
}

export async function buildSuite(
  fs: FunctionSolver,
  goals: Goal[],
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<SuiteResult> {
  const verdicts = new Map<string, GoalVerdict & { test?: string }>();
  const tests: TestReport[] = [];
  const open = new Set(goals.map((g) => g.id));
  const order = await deepestFirst(fs, goals);
  const suite = fs.suiteBudget();
  const addTest = (datum: Datum): string => {
    const id = `t${tests.length + 1}`;
    tests.push({ id, ...datum.test, goals: [] });
    return id;
  };
  for (const goal of order) {
    if (!open.has(goal.id)) continue;
    if (signal?.aborted) throw EngineError.cancelled();
    const v = await fs.reach(goal, { signal, explain: 'loop-free', suite });
    open.delete(goal.id);
    if (v.datum) {
      const testId = addTest(v.datum);
      const test = tests[tests.length - 1];
      verdicts.set(goal.id, { ...v, test: testId });
      test.goals.push(goal.id);
      if (v.datum.complete) {
        // Every other open goal this execution reaches is covered by the same datum.
        for (const other of goals) {
          if (!open.has(other.id) || other.kind === 'assertion' || other.kind === 'runtime-error') continue;
          if (fs.goalHolds(v.datum.level, other, v.datum.model)) {
            open.delete(other.id);
            verdicts.set(other.id, { status: 'covered', bound: v.bound, test: testId });
            test.goals.push(other.id);
          }
        }
      }
    } else {
      verdicts.set(goal.id, v);
      if (v.status === 'unreachable' && goal.target.kind === 'block') {
        // A statement later in a block that no execution enters is unreachable for the same reasons.
        const block = goal.target.block;
        for (const other of goals)
          if (open.has(other.id) && other.target.kind === 'point' && other.target.block === block) {
            open.delete(other.id);
            verdicts.set(other.id, v);
          }
      }
    }
    onProgress?.(goals.length - open.size, goals.length);
  }
  return { verdicts, tests };
}

/** Goals ordered by how much code lies before them (more first), at the smallest bound. */
async function deepestFirst(fs: FunctionSolver, goals: Goal[]): Promise<Goal[]> {
  // Too large to encode even at the smallest bound: the goals in their order (each says why it stays open).
  const level = await fs.level(fs.bounds[0]).catch((e) => {
    if (e instanceof UnrollTooLarge) return null;
    throw e;
  });
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
