// Deep counter-examples (issue 13 §2): a goal bounded unrolling leaves open
// ("not reached within k") sought again in the program with its simple loops
// accelerated (accelerate.ts). That program only has executions of the
// original one, so a datum found there reaches the goal in C; nothing found
// there says nothing (no proof is ever made here).

import type { Goal } from '../goals/goal';
import { FunctionSolver, type Datum, type GoalBudget, type GoalVerdict, type SolverOptions, type SuiteBudget } from '../solve/query';
import { accelerateLoops, type Acceleration } from './accelerate';
import { nestingDepth } from '../ir/loops';
import { callTree } from '../ir/callgraph';
import type { VerdictCause } from '../../../shared/report';
import { lineList } from '../../../shared/verdicts';

/** Loops are unrolled this far after the accelerated iterations (the goal is usually a few iterations on); 2 for loops nested 3 deep or more. */
const AFTER_ACCELERATION_BOUND = 4;
/** The solver time of one search, in query time limits (both stages together): a search that fails must not cost much. */
const SEARCH_BUDGET_QUERIES = 2;
/** The time all searches of one function may take, in query time limits: past it, no more are tried (as the prover's). */
const FUNCTION_BUDGET_QUERIES = 8;

/** One accelerated program and its solver. */
interface Accelerated {
  acceleration: Acceleration;
  solver: FunctionSolver;
}

export class DeepSearch {
  /** Loops accelerated where they are entered (cheap), then also where they go back (paths taking turns). */
  private readonly stages: Accelerated[] = [];
  private readonly timeoutMs: number;
  /** Time the searches took so far. */
  private spentMs = 0;
  /** Goals every stage answered without running out of time: nothing to find, asking again would only repeat it. */
  private readonly settled = new Set<string>();

  /** The function and those it calls: their loops are the ones on the way (the program's others are accelerated too). */
  private readonly onTheWay: Set<string>;

  constructor(fs: FunctionSolver, options: SolverOptions) {
    this.timeoutMs = options.timeoutMs;
    this.onTheWay = new Set(callTree(fs.program, fs.fn).order.map((f) => f.name));
    const maxLoopBound = Math.min(options.maxLoopBound, nestingDepth(fs.fn) >= 3 ? 2 : AFTER_ACCELERATION_BOUND);
    for (const backEdges of [false, true]) {
      const acceleration = accelerateLoops(fs.program, backEdges);
      const fn = acceleration?.program.functions.find((f) => f.name === fs.fn.name);
      // Loops of functions this one never calls do not change its executions: nothing new to search.
      if (!acceleration || !fn || !acceleration.loops.some((l) => this.onTheWay.has(l.function))) continue;
      this.stages.push({ acceleration, solver: new FunctionSolver(fs.z, acceleration.program, fn, { ...options, maxLoopBound }) });
    }
  }

  /** A datum reaching (violating) the goal through accelerated loops, as a verdict; null when none was found. */
  async find(
    goal: Goal,
    signal?: AbortSignal,
    within: { quick?: boolean; suite?: SuiteBudget; firstStage?: boolean } = {},
  ): Promise<(GoalVerdict & { datum: Datum; stage: number }) | null> {
    // A quick pass (check's first) gets a tenth of the time; a suite's searches draw on its budget for the function.
    const queryMs = within.quick ? Math.max(100, Math.floor(this.timeoutMs / 10)) : this.timeoutMs;
    if (!this.stages.length) {
      this.notFound.set(goal.id, 'no loop on the way has a path it can run many iterations at once');
      return null;
    }
    if (this.settled.has(goal.id)) return null;
    if (this.spentMs > FUNCTION_BUDGET_QUERIES * this.timeoutMs) {
      this.notFound.set(goal.id, "the function's time for it was spent");
      return null;
    }
    const budget: GoalBudget = { leftMs: SEARCH_BUDGET_QUERIES * queryMs, ...(within.quick ? { queryMs } : {}), suite: within.suite };
    const started = Date.now();
    try {
      return await this.search(goal, budget, signal, within.firstStage ? 1 : this.stages.length);
    } finally {
      this.spentMs += Date.now() - started;
    }
  }

  private async search(
    goal: Goal,
    budget: GoalBudget,
    signal: AbortSignal | undefined,
    stages: number,
  ): Promise<(GoalVerdict & { datum: Datum; stage: number }) | null> {
    // Stages left out count as out of time: the goal is not settled, a later search asks them.
    let outOfTime = stages < this.stages.length;
    for (const [stage, { acceleration, solver }] of this.stages.slice(0, stages).entries()) {
      // Large inputs are the point here: no small-input box first.
      const v = await solver.reach(acceleration.goalIn(goal), { signal, satOnly: true, wide: true, budget });
      if (v.datum && (v.status === 'covered' || v.status === 'violated')) {
        this.notFound.delete(goal.id);
        return { status: v.status, datum: v.datum, causes: [this.cause(this.stages[stage], v.datum)], stage };
      }
      if (v.status !== 'not-reached') outOfTime = true;
    }
    if (!outOfTime) this.settled.add(goal.id);
    const loops = [...new Set(this.stages.flatMap((s) => s.acceleration.loops.filter((l) => this.onTheWay.has(l.function)).map((l) => l.line)))];
    this.notFound.set(
      goal.id,
      `${outOfTime ? 'ran out of time' : 'no execution found'} with the loop${loops.length > 1 ? 's' : ''} at ${lineList(loops)} run many iterations at once`,
    );
    return null;
  }

  /** Why the searches for each goal found nothing, in words (the report's `tried` cause). */
  readonly notFound = new Map<string, string>();

  /** Whether another goal is reached by the same (complete) execution `find` gave. */
  alsoReaches(found: { datum: Datum; stage: number }, goal: Goal): boolean {
    const { acceleration, solver } = this.stages[found.stage];
    return solver.goalHolds(found.datum.level, acceleration.goalIn(goal), found.datum.model);
  }

  /** The loops of the analysed function the execution accelerated (those of callees are listed when no own loop was). */
  private cause({ acceleration, solver }: Accelerated, datum: Datum): VerdictCause {
    const fn = solver.fn.name;
    const entered = acceleration.loops.filter((l) => l.function === fn && solver.goalHolds(datum.level, runGoal(fn, l.run), datum.model));
    const used = entered.length ? entered : acceleration.loops.filter((l) => l.function !== fn);
    // One entry per loop (its paths are accelerated apart), with every counter moved.
    const loops = new Map<string, { function?: string; line: number; counters: string[] }>();
    for (const l of used) {
      const key = `${l.function}:${l.header}`;
      const entry = loops.get(key) ?? { ...(l.function !== fn ? { function: l.function } : {}), line: l.line, counters: [] };
      for (const s of l.steps) if (!entry.counters.includes(s.variable)) entry.counters.push(s.variable);
      loops.set(key, entry);
    }
    return { kind: 'accelerated', loops: [...loops.values()] };
  }
}

/** A goal standing for "the block is entered" in the analysed function (never reported). */
function runGoal(fn: string, block: number): Goal {
  const range = { line: 0, column: 0, endLine: 0, endColumn: 0 };
  return { id: `${fn}:accelerated:${block}`, tag: 'stmt', kind: 'statement', function: fn, range, label: '', target: { kind: 'block', block } };
}
