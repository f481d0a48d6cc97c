// Goal queries on one function: reach a goal (a test datum, or a proof that
// none exists), check a property (counter-example or proof), enumerate data.
//
// A function is unrolled and encoded once per loop bound (1, 2, 4, ... up to
// the maximum), each level with its own incremental solver; a goal is a set
// of assumption literals on that solver. Two phases per goal:
//  1. a complete valid execution: every obligation of the whole path holds
//     (no undefined behaviour, assertions and assumptions hold) and no loop
//     runs past the bound: the datum can be run to the end and its results
//     compared;
//  2. failing that, only the obligations *before* the goal hold (DESIGN.md:
//     no undefined behaviour on the path to the goal), copy by copy of the
//     goal in the unrolled graph.
// Unsatisfiable in phase 2 is a proof when no execution reaches an unwind
// node at that bound (the unwinding check), or "not reached within k".
//
// Invariant: never unreachable/holds when a taint (unmodelled construct) or
// an inlining/reducibility limit can be on the path; never a datum whose path
// passes one before the goal.

import type { Model } from 'z3-solver';
import type { IRFunction, Program } from '../ir/ir';
import type { Goal } from '../goals/goal';
import type { GoalStatus, ProofKind, Reason, TestReport, VerdictCause } from '../../../shared/report';
import { isProperty, mergeConstructs } from '../../../shared/verdicts';
import type { B, BV } from '../model/semantics';
import { EngineError, isCancellation } from '../errors';
import { checkSolver, interruptibleBy, queueCheck, setSolverTimeout, trueIn, unsatCore, type Z3Handle } from '../z3/z3';
import { unroll } from '../model/unroll';
import { explainLevel, explainUnreachable, type ExplainLevel } from './explain';
import { assumedBy } from './assumptions';
import type { SizeHit } from '../model/state';
import { extractTest } from './datum';
import { inputLeaves } from './inputs';
import { validModel } from './valid-model';
import { probe } from './probe';
import { buildLevel, loopFreeBefore, type Level, type SolverOptions } from './level';
import {
  goalCopies,
  obligationsBefore,
  snapshotFor,
  somethingAfter,
  taintBefore,
  taintsBefore,
  withWhere,
  type GoalCopy,
  type WhereCondition,
} from './targets';

export type { Level, SolverOptions };

export interface Datum {
  test: Omit<TestReport, 'id' | 'goals'>;
  model: Model<'main'>;
  level: Level;
  /** The model is a complete valid execution (phase 1): it may mark other goals. */
  complete: boolean;
}

export interface GoalVerdict {
  status: GoalStatus;
  proof?: ProofKind;
  bound?: number;
  causes?: VerdictCause[];
  why?: Reason[];
  datum?: Datum;
  /**
   * Internal: a not-reached verdict whose next bound was left open (see `open-deeper`), and whether that
   * was a quick query's answer (a tenth of the limit: the full limit may still settle it).
   */
  openAbove?: { bound: number; quick: boolean };
}

export interface QueryOptions {
  signal?: AbortSignal;
  /** Internal: stop after the satisfiable phases (no unwinding check, no explanation). */
  satOnly?: boolean;
  /** Explain unreachable goals: always, or only when no loop was unrolled (suites: explanations of loops cost many checks). */
  explain?: 'always' | 'loop-free';
  /** Extra condition at the goal (`--where`). */
  where?: WhereCondition;
  /** Internal: the solver time the goal has left (set by reach). */
  budget?: GoalBudget;
  /** A first pass: a tenth of the query limit per query (easy answers first; the caller asks again about what stays unknown). */
  quick?: boolean;
  /** The suite this query belongs to (check, cover): its budget for the function (see SuiteBudget). */
  suite?: SuiteBudget;
  /** Internal: no small-input box first (deep counter-examples need large values: a box query would only fail, slowly). */
  wide?: boolean;
  /** Deepen only over the loop bounds in this range (the engine tries invariants between two ranges). */
  bounds?: { from?: number; to?: number };
  /** Internal: concrete probes were tried already (a suite probes for all its goals at once). */
  probed?: boolean;
}

/**
 * Unknown for want of solver time (or a solver failure) alone: what CReach does not model, found deeper, is a
 * reason of its own to stop, and is said as unknown.
 */
export function outOfTime(v: GoalVerdict): boolean {
  return v.status === 'unknown' && !!v.causes?.length && v.causes.every((c) => c.kind === 'timeout' || c.kind === 'solver-failed');
}

/**
 * `lower` (not reached within its bound) with why the search stopped at `bound` above it, where `open` is its
 * unknown answer (`quick`: a quick query's): no execution within the lower bound reaches the goal all the same.
 */
export function openDeeper(lower: GoalVerdict, open: GoalVerdict, bound: number, quick: boolean): GoalVerdict {
  return { ...lower, causes: [...(lower.causes ?? []), { kind: 'open-deeper', bound, causes: open.causes ?? [] }], openAbove: { bound, quick } };
}

/**
 * Solver time one goal may use over all its queries (every phase, box and bound): a few
 * times the query limit, so a function of many goals that each time out ends in time
 * proportional to its goals, not to its goals times their queries.
 */
export interface GoalBudget {
  leftMs: number;
  /** A lower limit per query than the solver's (a quick first pass). */
  queryMs?: number;
  /** The suite's budget for the function, shared by its goals. */
  suite?: SuiteBudget;
  /** Z3's message when it failed inside one of the goal's queries (that query answered unknown). */
  failure?: string;
}
const GOAL_BUDGET_QUERIES = 4;

/**
 * What one suite (a check or cover of a function) may spend on it: solver time for all its goals
 * together, so a command ends in time proportional to its functions, and time for explanations
 * (reasons are extra; the verdicts are what was asked). Made per request (FunctionSolver.suiteBudget):
 * a solver kept warm by the editor serves many.
 */
export interface SuiteBudget {
  solverMs: number;
  explainMs: number;
  /** The solver time the suite started with (what a goal left unknown by it says). */
  totalMs: number;
}
/** Proofs of properties on one level whose boxed check needed the box in its core and was asked again without it, before properties are asked without the box first there (see checkBoxFirst). */
const WASTED_BOXES = 2;
/** An enumeration's time (`reach --all`), in query limits. */
const ENUMERATION_BUDGET_QUERIES = 10;
/** A suite's solver time for a function, in query limits. */
const SUITE_BUDGET_QUERIES = 30;
/** A suite's time for explanations of a function; a single reach always explains. */
const SUITE_EXPLAIN_BUDGET_MS = 3000;
/** The least time a reason is minimised for (its proof's time when longer). */
const EXPLAIN_MIN_MS = 300;

/**
 * The largest unrolled graph a level is built for: the encoding and each node's ancestors grow with it. A
 * 100,000-element bubble sort unrolled to 64 (55,713 nodes) ran node out of its memory, and a 600-line
 * state machine unrolled to 8 (12,056 nodes) filled Z3's 2 GB. Past it the search stops at the last bound
 * built, and says so (the loop bound reached, or unknown).
 */
export const MAX_UNROLLED_NODES = 10_000;

export class UnrollTooLarge extends Error {
  constructor(
    readonly bound: number,
    readonly nodes: number,
  ) {
    super(`the function unrolled to ${bound} has ${nodes} nodes`);
  }
}

export class FunctionSolver {
  private levels = new Map<string, Promise<Level>>();
  /** Levels whose solver failed inside a check: every later query on them answers unknown. */
  private failed = new WeakSet<Level>();
  private lastExplain?: { bound: number; level: ExplainLevel };
  readonly bounds: number[];

  constructor(
    readonly z: Z3Handle,
    readonly program: Program,
    readonly fn: IRFunction,
    readonly options: SolverOptions,
  ) {
    const bounds: number[] = [];
    for (let b = 1; b < options.maxLoopBound; b *= 2) bounds.push(b);
    bounds.push(Math.max(1, options.maxLoopBound));
    this.bounds = bounds;
  }

  /**
   * The encoding explanations use at a bound: kept for the next goal explained at the same bound
   * (one encoding per goal made explaining a long function quadratic); only the last one, for memory.
   */
  private explainLevel(bound: number): ExplainLevel {
    if (this.lastExplain?.bound !== bound) this.lastExplain = { bound, level: explainLevel(this.z, this.program, this.fn, this.options, bound) };
    return this.lastExplain.level;
  }

  /** A fresh budget for one suite of this function (see SuiteBudget): `solverMs`, or 30 query limits. */
  suiteBudget(solverMs = SUITE_BUDGET_QUERIES * this.options.timeoutMs): SuiteBudget {
    return { solverMs, explainMs: SUITE_EXPLAIN_BUDGET_MS, totalMs: solverMs };
  }

  /** The level of a bound, built on first use and kept; UnrollTooLarge past MAX_UNROLLED_NODES. */
  level(bound: number, snapshotAt?: { block: number; index: number }, withoutAliasing = false): Promise<Level> {
    // A level keeping the environment inside a block (for a --where there) is built apart from the shared ones.
    const key = (snapshotAt ? `${bound}@${snapshotAt.block}:${snapshotAt.index}` : `${bound}`) + (withoutAliasing ? ' without aliasing' : '');
    let l = this.levels.get(key);
    if (!l) {
      l = Promise.resolve().then(() => {
        const nodes = this.unrolledSize(bound);
        if (nodes > MAX_UNROLLED_NODES) throw new UnrollTooLarge(bound, nodes);
        return buildLevel(this.z, this.program, this.fn, this.options, bound, snapshotAt, withoutAliasing);
      });
      this.levels.set(key, l);
    }
    return l;
  }

  /** The level of the smallest bound, or null when even that is too large to encode (UnrollTooLarge). */
  smallestLevel(): Promise<Level | null> {
    return this.level(this.bounds[0]).catch((e) => {
      if (e instanceof UnrollTooLarge) return null;
      throw e;
    });
  }

  private sizes = new Map<number, number>();
  /** The number of nodes of the function unrolled to `bound` (the encoding and each node's ancestors grow with it). */
  private unrolledSize(bound: number): number {
    let n = this.sizes.get(bound);
    if (n === undefined) this.sizes.set(bound, (n = unroll(this.program, this.fn, bound, this.options.inlineDepth).nodes.length));
    return n;
  }

  /** What a goal's search says when the next bound cannot be built: the last bound's answer (or unknown), and why it stopped. */
  private tooLarge(last: GoalVerdict, e: UnrollTooLarge): GoalVerdict {
    const cause = { kind: 'too-large' as const, bound: e.bound, nodes: e.nodes, limit: MAX_UNROLLED_NODES };
    if (last.status === 'unknown' && !last.causes?.length) return { status: 'unknown', causes: [cause] };
    return { ...last, causes: [...(last.causes ?? []), cause] };
  }

  /**
   * A query on the level's solver, within the goal's `budget`; `anyInputs`: without the input bounds
   * (main's argc, \valid sizes), which every other query assumes (see Encoding.inputBounds).
   */
  private check(level: Level, assumptions: B[], signal?: AbortSignal, budget?: GoalBudget, anyInputs = false): Promise<'sat' | 'unsat' | 'unknown'> {
    return this.checkCore(level, assumptions, signal, budget, anyInputs).then((r) => r.result);
  }

  /**
   * A box of small inputs tried first (`[...assumptions, box]`), then, unless that is sat, the same
   * check without it; skipped when the boxed check is unsat without needing the box (its unsat core):
   * the proof is the same one (a float proof took 0.6 s, twice). `boxed`: the answer is the boxed check's.
   * `property`: a check for a property's violation (see below).
   */
  private async checkBoxFirst(
    level: Level,
    assumptions: B[],
    box: B | undefined,
    signal?: AbortSignal,
    budget?: GoalBudget,
    property = false,
  ): Promise<{ result: 'sat' | 'unsat' | 'unknown'; boxed: boolean }> {
    if (!box) return { result: await this.check(level, assumptions, signal, budget), boxed: false };
    // Properties mostly hold, and on some levels Z3's core of a boxed proof keeps holding the box, so that
    // each proof was asked again without it: there, properties are asked without the box first (a sat
    // answer then within the box for a small datum, and without it again when there is none, for its model).
    // Where that is undecided, the box helped: the level goes back to the box first.
    if (property && !level.wideFailed && (level.boxWasted ?? 0) >= WASTED_BOXES) {
      const wide = await this.check(level, assumptions, signal, budget);
      if (wide === 'unsat') return { result: wide, boxed: false };
      if (wide === 'sat') {
        if ((await this.check(level, [...assumptions, box], signal, budget)) === 'sat') return { result: 'sat', boxed: true };
        return { result: await this.check(level, assumptions, signal, budget), boxed: false };
      }
      level.wideFailed = true;
    }
    const boxed = await this.checkCore(level, [...assumptions, box], signal, budget, false, box);
    if (boxed.result === 'sat' || (boxed.result === 'unsat' && !boxed.needed)) return { result: boxed.result, boxed: true };
    const wide = await this.check(level, assumptions, signal, budget);
    if (property && boxed.result === 'unsat' && wide === 'unsat') level.boxWasted = (level.boxWasted ?? 0) + 1;
    return { result: wide, boxed: false };
  }

  /** `check`, saying also, when unsat, whether `watch` is in the unsat core (`needed`). */
  private checkCore(
    level: Level,
    assumptions: B[],
    signal?: AbortSignal,
    budget?: GoalBudget,
    anyInputs = false,
    watch?: B,
  ): Promise<{ result: 'sat' | 'unsat' | 'unknown'; needed?: boolean }> {
    if (!anyInputs) assumptions = [...assumptions, ...level.enc.inputBounds.map((b) => b.lit)];
    // One Z3 context runs one check at a time: queue behind the running one.
    const run = async () => {
      if (signal?.aborted) throw EngineError.cancelled();
      // A goal that has used its time gets no more queries: unknown, as a query that runs out.
      if (budget && (budget.leftMs <= 0 || (budget.suite && budget.suite.solverMs <= 0))) return { result: 'unknown' as const };
      if (this.failed.has(level)) return { result: 'unknown' as const };
      const started = Date.now();
      if (budget?.queryMs) setSolverTimeout(level.solver, budget.queryMs);
      try {
        let r: 'sat' | 'unsat' | 'unknown';
        try {
          r = await interruptibleBy(this.z, signal, () => checkSolver(this.z, level.solver, assumptions));
        } catch (e) {
          if (signal?.aborted) throw EngineError.cancelled();
          // Z3 failed inside the check (an internal error, e.g. its "unreachable" assertion):
          // no answer, and the level's solver is not trusted again (the next query builds it afresh).
          this.failed.add(level);
          for (const [key, l] of this.levels) if ((await l) === level) this.levels.delete(key);
          if (budget) budget.failure = e instanceof Error ? e.message : String(e);
          r = 'unknown';
        }
        if (budget) budget.leftMs -= Date.now() - started;
        if (budget?.suite) budget.suite.solverMs -= Date.now() - started;
        if (signal?.aborted) throw EngineError.cancelled();
        // Read inside the queued run: the next check on this solver replaces the core.
        const needed = r === 'unsat' && watch ? unsatCore(level.solver).some((lit) => lit.id() === watch.id()) : undefined;
        return { result: r, needed };
      } finally {
        if (budget?.queryMs) setSolverTimeout(level.solver, this.options.timeoutMs);
      }
    };
    return queueCheck(run);
  }

  /**
   * Reach a goal: for statement/branch goals a datum that reaches it; for
   * assertion, error and runtime-error goals a datum that violates it.
   */
  async reach(goal: Goal, opts: QueryOptions = {}): Promise<GoalVerdict> {
    opts = { ...opts, budget: opts.budget ?? this.goalBudget(opts) };
    const coverage = goal.kind === 'statement' || goal.kind === 'branch';
    if (coverage && !opts.probed && !opts.where && (opts.bounds?.from ?? 0) <= this.bounds[0]) {
      const probed = await this.probeFor(goal, opts.signal);
      if (probed) return probed;
    }
    let last: GoalVerdict = { status: 'unknown' };
    for (let b = 0; b < this.bounds.length; b++) {
      if (opts.bounds?.from !== undefined && this.bounds[b] < opts.bounds.from) continue;
      if (opts.bounds?.to !== undefined && this.bounds[b] > opts.bounds.to) break;
      let level: Level;
      try {
        level = await this.level(this.bounds[b], snapshotFor(goal, opts.where));
      } catch (e) {
        if (e instanceof UnrollTooLarge) return this.tooLarge(last, e);
        throw e;
      }
      const mark = level.enc.sizeHits.length;
      const copies = withWhere(level, goal, goalCopies(level, goal), opts.where);
      const whereHits = level.enc.sizeHits.slice(mark);
      // Counter-examples just past the end first: those the sanitizers see.
      const preferred = copies.filter((c) => c.prefer).map((c) => ({ ...c, lit: c.prefer! }));
      if (preferred.length) {
        const p = await this.reachAt(level, goal, preferred, { ...opts, satOnly: true });
        if (p.datum) return p;
      }
      const v = await this.reachAt(level, goal, copies, opts, whereHits);
      if (v.status !== 'not-reached') {
        // A datum whose execution runs past the bound has no expected results: a
        // complete execution one bound further is worth one more try.
        if (coverage && v.datum && !v.datum.complete && level.enc.unrolled.unwinds.length && b + 1 < this.bounds.length) {
          const next = await this.level(this.bounds[b + 1], snapshotFor(goal, opts.where)).catch((e) => {
            if (e instanceof UnrollTooLarge) return null;
            throw e;
          });
          const better = next && (await this.completeAt(next, goal, withWhere(next, goal, goalCopies(next, goal), opts.where), opts));
          if (better) return better;
        }
        // Out of time at this bound after none reached it at a lower one: that lower bound's answer stands (no execution
        // within it reaches the goal), saying why the search stopped. josephus.c's list accesses were unknown after
        // 3.5 minutes where bound 4 had shown them not reached within 4 iterations.
        if (last.status === 'not-reached' && last.proof === 'bounded' && outOfTime(v))
          return openDeeper(last, v, level.bound, opts.budget?.queryMs !== undefined);
        return v;
      }
      last = v;
      // Every loop stopped within the bound and the answer rests on an input size: deeper unrolling changes nothing.
      if (v.causes?.some((c) => c.kind === 'assumes')) break;
      if (level.enc.unrolled.unwinds.length === 0) break;
      // The recursion was cut below the bound to keep the graph small: higher bounds would not inline it deeper.
      if (level.enc.unrolled.recursionDepth < level.bound) break;
    }
    return last;
  }

  /** A goal's solver time for one reach (see GoalBudget); two reaches over parts of the bounds can share one. */
  goalBudget(opts: Pick<QueryOptions, 'quick' | 'suite'> = {}): GoalBudget {
    const quickMs = Math.max(100, Math.floor(this.options.timeoutMs / 10));
    return opts.quick
      ? { leftMs: GOAL_BUDGET_QUERIES * quickMs, queryMs: quickMs, suite: opts.suite }
      : { leftMs: GOAL_BUDGET_QUERIES * this.options.timeoutMs, suite: opts.suite };
  }

  /**
   * The taints before the copies (taintsBefore) that some execution may reach. A taint site counts as dead
   * when no execution reaches it (the obligations before it holding) and every taint site before it is dead
   * too: then its reachability was decided by modelled code alone (a reachable unmodelled construct before it
   * could change what follows). A function-pointer call's fallback (a pointer to none of the program's
   * functions) behind a pointer that is always one of them is such a site.
   */
  private async liveTaintsBefore(level: Level, copies: GoalCopy[], signal?: AbortSignal): Promise<{ what: string; lines: number[] }[]> {
    const { enc } = level;
    const dead = (level.deadTaints ??= new Map());
    const isDead = (k: number): Promise<boolean> => {
      let d = dead.get(k);
      if (!d) {
        const t = enc.taints[k];
        const at: GoalCopy = { lit: enc.reach[t.node], node: t.node, upTo: t.index };
        d = (async () => {
          for (let j = 0; j < enc.taints.length; j++) if (j !== k && taintBefore(level, enc.taints[j], at) && !(await isDead(j))) return false;
          return (await this.check(level, [at.lit, ...obligationsBefore(level, at)], signal)) === 'unsat';
        })();
        // A cancelled check is asked again next time.
        d.catch(() => dead.delete(k));
        dead.set(k, d);
      }
      return d;
    };
    const deadOnes = new Set<number>();
    for (let k = 0; k < enc.taints.length; k++) if (copies.some((c) => taintBefore(level, enc.taints[k], c)) && (await isDead(k))) deadOnes.add(k);
    return taintsBefore(level, copies, (k) => !deadOnes.has(k));
  }

  /** Phase 1 alone: a complete valid execution reaching the goal, or null. */
  private async completeAt(level: Level, goal: Goal, copies: GoalCopy[], opts: QueryOptions): Promise<GoalVerdict | null> {
    if (!copies.length) return null;
    const { enc } = level;
    const any = copies.length === 1 ? copies[0].lit : (this.z.ctx.Or(...copies.map((c) => c.lit)) as B);
    const lits = [any, enc.okAll, enc.noUnwind];
    if ((await this.checkBoxFirst(level, lits, level.boxes[0].lit, opts.signal, opts.budget)).result !== 'sat') return null;
    const found = await this.validModel(level, lits, level.solver.model(), opts.signal);
    if (!('model' in found)) return null;
    const v = this.verdictFromModel(level, goal, copies, found.model, true);
    return v.datum?.complete ? v : null;
  }

  /** The model of the level solver's last check (sat), or, when that was not boxed, of a smaller box if one works (readable data). */
  private async smallerBoxModel(level: Level, lits: B[], boxed: boolean, signal?: AbortSignal, budget?: GoalBudget): Promise<Model<'main'>> {
    let model = level.solver.model();
    if (boxed) return model;
    for (const box of level.boxes.slice(1))
      if ((await this.check(level, [...lits, box.lit], signal, budget)) === 'sat') {
        model = level.solver.model();
        break;
      }
    return model;
  }

  private async reachAt(level: Level, goal: Goal, copies: GoalCopy[], opts: QueryOptions, whereHits: SizeHit[] = []): Promise<GoalVerdict> {
    const { ctx } = this.z;
    const { enc } = level;
    const signal = opts.signal;
    const started = Date.now();
    const tainted = taintsBefore(level, copies);
    const solverFailed = (message: string): GoalVerdict => ({ status: 'unknown', causes: [{ kind: 'solver-failed', message }], bound: level.bound });
    // Properties mostly hold: where the box keeps landing in their proofs, they are asked without it first (see checkBoxFirst).
    const property = isProperty(goal);
    if (copies.length) {
      const any = copies.length === 1 ? copies[0].lit : (ctx.Or(...copies.map((c) => c.lit)) as B);
      // Phase 1: a complete valid execution, small inputs first, and pointer
      // parameters that do not alias before ones that do.
      const base = [any, enc.okAll, enc.noUnwind];
      let r: 'sat' | 'unsat' | 'unknown' = 'unsat';
      for (const pref of enc.aliasLits.length ? [[enc.noAlias], []] : [[]]) {
        const lits = [...base, ...pref];
        const first = await this.checkBoxFirst(level, lits, opts.wide ? undefined : level.boxes[0].lit, signal, opts.budget, property);
        r = first.result;
        if (r !== 'sat') continue;
        const found = await this.validModel(level, lits, await this.smallerBoxModel(level, lits, first.boxed, signal, opts.budget), signal);
        if ('model' in found) return this.verdictFromModel(level, goal, copies, found.model, true);
        if ('failure' in found) return solverFailed(found.failure);
        r = 'unsat';
      }
      let sawUnknown = r === 'unknown';
      // Phase 2: only what comes before the goal must be free of errors
      // (the same question as phase 1 when nothing can come after it).
      const phase2 = copies.filter((c) => somethingAfter(level, c));
      for (const copy of phase2) {
        const before = [copy.lit, ...obligationsBefore(level, copy)];
        // Small inputs first here too, for readable counter-examples. As in phase 1, a smaller box when the full
        // range worked: the run goes on past the goal, and an input of 2^30 can make it loop or recurse for ever
        // (a stack overflow) where 200 would not.
        const second = await this.checkBoxFirst(level, before, opts.wide ? undefined : level.boxes[0].lit, signal, opts.budget, property);
        const r2 = second.result;
        if (r2 === 'sat') {
          const found = await this.validModel(level, before, await this.smallerBoxModel(level, before, second.boxed, signal, opts.budget), signal);
          if ('model' in found) return this.verdictFromModel(level, goal, [copy], found.model, false);
          if ('failure' in found) return solverFailed(found.failure);
        }
        if (r2 === 'unknown') sawUnknown = true;
      }
      if (sawUnknown) {
        if (opts.budget?.failure) return { status: 'unknown', causes: [{ kind: 'solver-failed', message: opts.budget.failure }], bound: level.bound };
        const suite = opts.budget?.suite;
        const cause: VerdictCause =
          suite && suite.solverMs <= 0
            ? { kind: 'timeout', limitMs: this.options.timeoutMs, during: 'function', budgetMs: suite.totalMs }
            : { kind: 'timeout', limitMs: this.options.timeoutMs, during: opts.budget && opts.budget.leftMs <= 0 ? 'goal' : 'query' };
        return { status: 'unknown', causes: [cause], bound: level.bound };
      }
    }
    // Nothing found at this bound (not a verdict: reach goes on to the next bound).
    if (opts.satOnly) return { status: 'not-reached' };
    // Unsatisfiable at this bound.
    if (tainted.length) {
      const live = await this.liveTaintsBefore(level, copies, signal);
      if (live.length) return { status: 'unknown', causes: [{ kind: 'not-modelled', constructs: live }], bound: level.bound };
    }
    // No loop before the goal: what the level holds is every way there.
    const loopFree = loopFreeBefore(
      level,
      copies.map((c) => c.node),
    );
    const unwind = loopFree ? false : await this.unwindable(level, signal);
    if (unwind === 'unknown')
      return {
        status: 'unknown',
        causes: [{ kind: 'timeout', limitMs: this.options.timeoutMs, during: 'unwinding check', bound: level.bound }],
        bound: level.bound,
      };
    if (unwind) return { status: 'not-reached', proof: 'bounded', bound: level.bound, causes: [{ kind: 'loop-bound', bound: level.bound }] };
    // An answer that rests on an assumption of the input model is not a proof about C.
    const reachLits = copies.map((c) => ctx.And(c.lit, ...obligationsBefore(level, c)) as B);
    const assumed = copies.length
      ? await assumedBy(this.z, level, goal, copies, reachLits, whereHits, (a) => this.check(level, a, signal, undefined, true))
      : [];
    if (assumed.length)
      return {
        status: 'not-reached',
        proof: 'bounded',
        bound: enc.unrolled.unwinds.length && !loopFree ? level.bound : undefined,
        causes: [{ kind: 'assumes', assumptions: assumed }],
      };
    // A suite explains loop-free code only, and within a time budget per function: reasons are extra, the verdicts are what was asked.
    const suite = opts.explain === 'loop-free';
    // A reason is minimised for as long as its proof took, at least EXPLAIN_MIN_MS (and within what the suite
    // has left): past that, the first core is kept (larger than needed, still a reason). product_bounded's
    // nonlinear proof had 30 deletion checks after it, most sat and slow, to lose one condition of 28.
    const ownMs = Math.max(EXPLAIN_MIN_MS, Date.now() - started);
    const explainLeft = opts.suite ? Math.min(opts.suite.explainMs, ownMs) : ownMs;
    const explain = (!suite || enc.unrolled.unwinds.length === 0) && explainLeft > 0;
    const explainStarted = Date.now();
    const why = !explain
      ? undefined
      : await explainUnreachable(this.z, this.program, this.explainLevel(level.bound), goal, signal, explainLeft).catch((e) => {
          if (isCancellation(e)) throw e;
          return undefined;
        });
    if (explain && opts.suite) opts.suite.explainMs -= Date.now() - explainStarted;
    // Allocation is assumed to succeed unless asked otherwise: a proof that rests on it says so.
    const allocBefore = !this.options.mallocMayFail && enc.allocNodes.some((a) => copies.some((c) => level.ancestors[c.node].has(a) || a === c.node));
    const causes: VerdictCause[] = [];
    if (copies.length === 0) causes.push({ kind: 'no-path' });
    if (allocBefore) causes.push({ kind: 'assumes', assumptions: ['malloc and calloc succeed (--malloc-may-fail lets them fail)'] });
    return {
      status: property ? 'holds' : 'unreachable',
      proof: 'complete',
      bound: enc.unrolled.unwinds.length && !loopFree ? level.bound : undefined,
      causes: causes.length ? causes : undefined,
      why,
    };
  }

  private async unwindable(level: Level, signal?: AbortSignal): Promise<boolean | 'unknown'> {
    if (level.unwindable !== null) return level.unwindable;
    // Each goal of josephus.c's list asked it again at bound 8, 5 s apiece.
    if (level.unwindableUnknown) return 'unknown';
    if (level.enc.unrolled.unwinds.length === 0) return (level.unwindable = false);
    const r = await this.check(level, [level.enc.okAll, level.enc.anyUnwind], signal);
    if (r === 'unknown') {
      level.unwindableUnknown = true;
      return 'unknown';
    }
    level.unwindable = r === 'sat';
    return level.unwindable;
  }

  /** `validModel` for the level's solver (with the input bounds every query assumes). */
  private validModel(level: Level, lits: B[], model: Model<'main'>, signal?: AbortSignal): ReturnType<typeof validModel> {
    level.formula ??= this.z.ctx.And(...level.enc.assertions) as B;
    return validModel(this.z, level.formula, [...lits, ...level.enc.inputBounds.map((b) => b.lit)], model, this.options.timeoutMs, signal);
  }

  private verdictFromModel(level: Level, goal: Goal, copies: GoalCopy[], model: Model<'main'>, complete: boolean, withTrace = true): GoalVerdict {
    const { enc } = level;
    const isTrue = (b: B) => trueIn(this.z, model, b);
    // Taints the datum's path passes before (or at) the goal make the datum untrustworthy.
    const hit = copies.find((c) => isTrue(c.lit));
    const goalNode = hit?.node ?? copies[0]?.node ?? 0;
    const before = new Set([...level.ancestors[goalNode], goalNode]);
    const onPath = enc.taints.filter((t) => isTrue(enc.reach[t.node]));
    const limits = enc.unrolled.limits.filter((l) => isTrue(enc.reach[l.node]));
    // A violation's trace stops at the violation: nothing after it runs.
    const isViolation = isProperty(goal);
    const hitCopy = hit ?? copies[0];
    const traceFilter =
      isViolation && hitCopy
        ? (node: number, index: number) => level.ancestors[hitCopy.node].has(node) || (node === hitCopy.node && index < hitCopy.upTo)
        : undefined;
    const test = extractTest(this.z, enc, model, complete, traceFilter, withTrace);
    const datum: Datum = { test, model, level, complete };
    const blocking = [...onPath.filter((t) => hitCopy && taintBefore(level, t, hitCopy)), ...limits.filter((l) => before.has(l.node))].map((t) => ({
      what: t.what,
      lines: [t.line],
    }));
    if (blocking.length) {
      return { status: 'unknown', causes: [{ kind: 'not-modelled', constructs: mergeConstructs(blocking), blocking: true }], bound: level.bound };
    }
    if (onPath.length || limits.length) {
      // After the goal: the datum reaches it, but its results are not trustworthy.
      delete datum.test.result;
      delete datum.test.outputs;
      datum.complete = false;
    }
    return { status: isViolation ? 'violated' : 'covered', bound: enc.unrolled.unwinds.length ? level.bound : undefined, datum };
  }

  /** A datum for a coverage goal from concrete probes (solve/probe.ts: only where the solver is slow), or null. */
  private async probeFor(goal: Goal, signal?: AbortSignal): Promise<GoalVerdict | null> {
    const level = await this.smallestLevel();
    if (!level) return null;
    const [found] = await probe(this.z, level, [goal], (g, m) => this.goalHolds(level, g, m), this.fn.name, signal);
    const v = found && this.completeVerdict(level, goal, found.model);
    return v?.datum ? v : null;
  }

  /** The verdict a complete valid execution (a probe's model, solve/probe.ts) gives a goal it reaches. */
  completeVerdict(level: Level, goal: Goal, model: Model<'main'>): GoalVerdict {
    return this.verdictFromModel(level, goal, goalCopies(level, goal), model, true);
  }

  /** Whether a goal is met in a model of the given level (for marking goals a datum also reaches). */
  goalHolds(level: Level, goal: Goal, model: Model<'main'>): boolean {
    return goalCopies(level, goal).some((c) => trueIn(this.z, model, c.lit));
  }

  /**
   * Adds to `data` the data of `level` for `goal` that differ from every input vector in `seen`
   * (one check each), until there are none or `limit` are found. Says why it stopped early: the
   * limit, a check undecided before `deadline`, or a model without a datum (its verdict).
   * `within`: constraints on the executions asked for (the rest were drained before).
   */
  private async drain(
    level: Level,
    goal: Goal,
    opts: QueryOptions,
    seen: unknown[][],
    data: Datum[],
    limit: number,
    deadline: number,
    budget: GoalBudget,
    within: B[] = [],
  ): Promise<{ verdict?: GoalVerdict } | null> {
    const { ctx } = this.z;
    const { enc } = level;
    const copies = withWhere(level, goal, goalCopies(level, goal), opts.where);
    if (!copies.length) return null;
    const any = copies.length === 1 ? copies[0].lit : (ctx.Or(...copies.map((c) => c.lit)) as B);
    // The observed input values, leaf by leaf: the same leaves in every level of the function.
    const terms = enc.inputs.flatMap((i) => inputLeaves(this.z, i, enc.inputs)) as unknown as BV[];
    const differs = (values: unknown[]) => ctx.Or(...terms.map((t, k) => t.neq(values[k] as BV))) as B;
    if (seen.some((values) => values.length !== terms.length)) throw new EngineError('internal', `${this.fn.name}: input leaves differ between levels`);
    level.solver.push();
    try {
      level.solver.add(any, enc.okAll, enc.noUnwind, ...within);
      // What each datum is checked against: the query's literals. Not the level's assertions: evaluating them for
      // each of SAMPLE's 1953 data made its enumeration a quarter slower; the bad models seen falsified the goal's literal.
      const checked = ctx.And(any, enc.okAll, enc.noUnwind, ...within) as B;
      for (const values of seen) level.solver.add(differs(values));
      for (;;) {
        if (data.length >= limit) return {};
        budget.leftMs = deadline - Date.now();
        const r = await this.check(level, [], opts.signal, budget);
        if (r === 'unknown') return { verdict: { status: 'unknown', causes: [{ kind: 'timeout', limitMs: this.options.timeoutMs, during: 'enumeration' }] } };
        if (r === 'unsat') return null;
        const model = level.solver.model();
        // Each datum is checked against its formula, as every other (validModel); here a bad model ends the enumeration.
        if (!trueIn(this.z, model, checked))
          return { verdict: { status: 'unknown', causes: [{ kind: 'solver-failed', message: 'sat with a model that falsifies the formula' }] } };
        // Enumerated data carry no trace (thousands of them would cost more than the search).
        const v = this.verdictFromModel(level, goal, copies, model, true, false);
        if (!v.datum) return { verdict: v };
        data.push(v.datum);
        const values = terms.map((t) => model.eval(t, true));
        seen.push(values);
        level.solver.add(differs(values));
      }
    } finally {
      level.solver.pop();
    }
  }

  /**
   * Distinct data for a goal (complete executions), up to `limit`. Exhausted
   * only when no other datum exists at some bound that covers every
   * execution (the unwinding check); otherwise the bound is raised and the
   * data found so far are excluded there too.
   */
  async enumerate(
    goal: Goal,
    limit: number,
    opts: QueryOptions = {},
  ): Promise<{ data: Datum[]; exhausted: boolean; verdict: GoalVerdict; bound?: number; assumes?: string[] }> {
    const first = await this.reach(goal, opts);
    // However many data are asked for, the enumeration ends within its time (each datum costs a check
    // and reading its model, and checks slow down as the data found so far are excluded).
    const deadline = Date.now() + ENUMERATION_BUDGET_QUERIES * this.options.timeoutMs;
    const budget: GoalBudget = { leftMs: ENUMERATION_BUDGET_QUERIES * this.options.timeoutMs };
    if (!first.datum) return { data: [], exhausted: first.status === 'unreachable', verdict: first };
    const data: Datum[] = [];
    /** The observed input values of each datum found, leaf by leaf (Z3 numerals, valid across levels). */
    const seen: unknown[][] = [];
    let foundBefore = -1;
    let emptyRounds = 0;
    let explored: number | undefined;
    for (let b = this.bounds.indexOf(first.datum.level.bound); b >= 0 && b < this.bounds.length && data.length < limit; b++) {
      const level = await this.level(this.bounds[b], snapshotFor(goal, opts.where)).catch((e) => {
        if (e instanceof UnrollTooLarge) return null;
        throw e;
      });
      if (!level) break;
      // Pointer parameters that may alias: the data without aliasing first, from a level encoded without it
      // (a much smaller formula than the aliasing one under an assumption), then the rest from the full level,
      // asked only for executions where some pointer aliases: proving that no other datum is left among all
      // executions, under 1953 exclusions, took SAMPLE 2.5 s; among the aliasing ones it is quick.
      const { aliasLits } = level.enc;
      const stages = aliasLits.length ? [await this.level(this.bounds[b], snapshotFor(goal, opts.where), true), level] : [level];
      for (const stage of stages) {
        const within = stage === level && stages.length > 1 ? [this.z.ctx.Or(...aliasLits) as B] : [];
        const end = await this.drain(stage, goal, opts, seen, data, limit, deadline, budget, within);
        if (end) return { ...end, data, exhausted: false, verdict: end.verdict ?? first };
      }
      const { enc } = level;
      const unwind = await this.unwindable(level, opts.signal);
      // Inputs of assumed sizes: larger ones would make more distinct input vectors.
      const assumes = enc.assumptions.map((a) => a.text);
      if (unwind === false) return assumes.length ? { data, exhausted: false, verdict: first, assumes } : { data, exhausted: true, verdict: first };
      if (unwind === 'unknown') break;
      // Longer executions may hold more data: go on while larger bounds keep finding some
      // (two doublings in a row without a new datum end the search).
      explored = level.bound;
      if (level.enc.unrolled.recursionDepth < level.bound) break;
      emptyRounds = data.length === foundBefore && b > this.bounds.indexOf(first.datum.level.bound) ? emptyRounds + 1 : 0;
      if (emptyRounds >= 2) break;
      foundBefore = data.length;
    }
    return { data, exhausted: false, verdict: first, bound: explored };
  }
}
