// The engine behind api.ts: front end -> catalogue -> solver -> report, and
// the test-generation operations on reports. The CLI and each language-server
// worker create one engine; it keeps the last program and the solvers of the
// functions used last, so repeated queries on an unchanged file reuse their
// encodings (a warm engine). Every operation runs alone on this thread's Z3
// (`exclusive`), and every error leaves as an EngineError.

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type {
  AnalyseRequest,
  CheckRequest,
  CfgRequest,
  Engine,
  EngineOptions,
  ExportRequest,
  ExportResult,
  HarnessRequest,
  ReachRequest,
  ReplayRequest,
  RunSuiteRequest,
  RunSuiteResult,
  RunTestResult,
  SourceInput,
  ValidateRequest,
} from '../api';
import type { FunctionReport, GoalReport, Report, TestReport, VerdictCause } from '../../../shared/report';
import type { CfgView } from '../../../shared/cfg';
import type { IRFunction, Program } from '../ir/ir';
import { ERROR_FUNCTIONS } from '../ir/libc';
import type { Goal } from '../goals/goal';
import { EngineError, isCancellation, throwIfCancelled } from '../errors';
import { FrontendError, loadProgram } from '../frontend/index';
import { getParser } from '../frontend/parser';
import { buildCatalogue, goalAt } from '../goals/catalogue';
import { cfgView } from '../goals/cfgView';
import { buildSuite } from '../solve/suite';
import { FunctionSolver, openDeeper, outOfTime, type Datum, type GoalVerdict, type QueryOptions } from '../solve/query';
import { InvariantProver, type Effort } from '../prove/prover';
import { lowerCondition, type ConditionAt } from '../frontend/condition';
import { ConditionNotModelled, type ConditionCode } from '../model/encode';
import { exclusive, getZ3 } from '../z3/z3';
import { validateSuite, type SuiteValidation } from '../testgen/validate';
import { emitHarness } from '../testgen/harness';
import { suiteFiles, validateForExport } from '../testgen/export';
import { replaySuite } from '../testgen/replay';
import { TestCompError } from '../testgen/testcomp';
import { goalReport, mergeAnalysis } from './reports';
import { causesText, isProperty } from '../../../shared/verdicts';
import { DeepSearch } from '../prove/deep';
import { instrumentMcdc, mcdcDecisions } from '../goals/mcdc';
import { mcdcReport } from './mcdc';
import { nestingDepth } from '../ir/loops';
import { throttledCollector } from '../z3/collect';

/** For the language server's workers (through api.ts): whether a cancelled job interrupted a check of this thread's Z3. */
export { interruptionCount, setOnThreadSlice } from '../z3/z3';
export { collectGarbage, throttledCollector } from '../z3/collect';

/**
 * How many functions keep their encodings and solvers between queries. Each costs Z3 about
 * 10-15 MB (its levels at every bound tried), and the editor works one function at a time
 * (coverage, then properties, then follow-ups): on the bench's 1,000-line file, 8 kept gave
 * a server peak of 306 MB, 2 gave 249 MB, with the same warm reach latency.
 */
const KEPT_SOLVERS = 2;

/**
 * A dropped solver's Z3 terms are freed only when V8 collects their small handles, which it does
 * late: cover of six floating-point functions peaked at 671 MB with a collection at each drop, and
 * was at 1150 MB and growing without. A collection costs 15-50 ms: at most one every 2 s, so that an
 * editor moving from function to function does not pay it on every query.
 */
const collectAfterDrop = throttledCollector(2000, 0);
/**
 * Validations left for later by `analyse` and not yet collected: the editor asks for each one after the
 * verdicts of the other functions it analyses (a report that is no longer kept is validated again).
 */
const LATER_VALIDATIONS_KEPT = 64;
/**
 * Loops are unrolled up to this bound before the invariant prover and loop acceleration are tried on a goal still
 * open; then deepening goes on. Nested loops unroll to bound^depth copies: 8 for one level, 4 for two, 2 deeper.
 */
function earlyBound(fn: IRFunction): number {
  const depth = nestingDepth(fn);
  return depth <= 1 ? 8 : depth === 2 ? 4 : 2;
}

/** What a goal's search tries past the early loop bound: the accelerated loops' search, the full invariant prover, deeper unrolling ('all'). */
interface PastEarlyBound {
  search?: boolean;
  prove?: boolean;
  upTo?: 'all' | 'early';
  /** The invariant prover's effort right after the early bound (default quick). */
  effort?: Effort;
}

/**
 * What a request's `invariants` asks: any proof by invariant (`on`); every stage of the prover and the
 * accelerated search (`full`: the default); `cheap` (the editor's first answer) the prover's first
 * stages only, which is its `effort` past the early bound.
 */
function invariantMode(invariants: boolean | 'cheap' | undefined): { on: boolean; full: boolean; effort: Effort } {
  return { on: invariants !== false, full: invariants === undefined || invariants === true, effort: invariants === 'cheap' ? 'cheap' : 'quick' };
}

/** No execution within the loop bound reaches the goal, and some run longer: a proof by invariant may settle it. */
function openAtLoopBound(v: GoalVerdict): boolean {
  return v.status === 'not-reached' && (v.causes ?? []).some((c) => c.kind === 'loop-bound');
}

/** Time limit of one test run when validating. */
const RUN_TIMEOUT_MS = 10_000;

interface Loaded {
  key: string;
  program: Program;
  solvers: Map<string, FunctionSolver>;
  catalogues: Map<string, Goal[]>;
}

/**
 * Starts what every query needs and the first one would otherwise wait for: Z3 (compiling its WebAssembly)
 * and the C parser. The language server's workers call it when they start, before any file is open.
 */
export async function startEngineParts(): Promise<void> {
  await Promise.all([getZ3(), getParser()]);
}

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const engine = await createUnserializedEngine(options);
  // Each operation alone on this thread's Z3, its errors as EngineErrors.
  const op =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A): Promise<R> =>
      exclusive(() => f(...a)).catch((e: unknown) => {
        throw asEngineError(e);
      });
  return {
    reach: op(engine.reach),
    check: op(engine.check),
    cover: op(engine.cover),
    analyse: op(engine.analyse),
    validate: op(engine.validate),
    outline: op(engine.outline),
    cfg: op(engine.cfg),
    harness: op(engine.harness),
    exportSuite: op(engine.exportSuite),
    replay: op(engine.replay),
    runSuite: op(engine.runSuite),
    dispose: () => engine.dispose(),
  };
}

/** Any error as an EngineError: the front end's and the formats' are input errors, anything unexpected is internal. */
function asEngineError(e: unknown): EngineError {
  if (e instanceof EngineError) return e;
  if (isCancellation(e)) return EngineError.cancelled();
  if (e instanceof FrontendError) {
    const errors = e.diagnostics.filter((d) => d.severity === 'error');
    return new EngineError(
      'input',
      e.message,
      (errors.length ? errors : e.diagnostics).map((d) => ({ file: d.file, line: d.range.line, column: d.range.column, message: d.message })),
    );
  }
  if (e instanceof ConditionNotModelled) return new EngineError('request', `--where: the condition uses what CReach does not model: ${e.message}`);
  if (e instanceof TestCompError) return new EngineError('input', e.message);
  return new EngineError('internal', e instanceof Error ? (e.stack ?? e.message) : String(e));
}

async function createUnserializedEngine(options: EngineOptions): Promise<Engine> {
  let cache: Loaded | null = null;

  async function load(input: SourceInput): Promise<Loaded> {
    const key = createHash('sha256').update(input.file).update('\0').update(input.text).update(JSON.stringify(options)).digest('hex');
    if (cache?.key === key) return cache;
    const program = await loadProgram({ file: input.file, text: input.text }, options);
    cache = { key, program, solvers: new Map(), catalogues: new Map() };
    return cache;
  }

  /**
   * Validations `analyse` left for later (`validate: 'later'`), by file, text and function, with the verdicts it
   * returned; `outcome` once `validate` started it (it goes on when that wait is cancelled, for the next one).
   */
  const laterValidations = new Map<string, { verdicts: string; start: () => Promise<Report>; outcome?: Promise<Report> }>();
  const validationKey = (req: SourceInput & { function: string }) =>
    createHash('sha256').update(req.file).update('\0').update(req.text).update('\0').update(req.function).digest('hex');

  // The solvers of the functions used last (their encodings are what makes a warm query fast);
  // older ones are dropped so that a long session over a large file keeps a bounded memory.
  // Z3 starts on the first query (a few hundred milliseconds): outlines and graphs solve nothing.
  const solverFor = async (l: Loaded, fn: IRFunction) => {
    let s = l.solvers.get(fn.name);
    if (s) l.solvers.delete(fn.name);
    else s = new FunctionSolver(await getZ3(), l.program, fn, options);
    l.solvers.set(fn.name, s);
    let dropped = false;
    while (l.solvers.size > KEPT_SOLVERS) {
      l.solvers.delete(l.solvers.keys().next().value!);
      dropped = true;
    }
    if (dropped) collectAfterDrop();
    return s;
  };
  // A query solves: Z3's start-up (compiling its WebAssembly, off the main thread) runs while the
  // front end preprocesses and parses. Its failure is reported where the query awaits it.
  const startZ3 = () => void getZ3().catch(() => undefined);
  // The invariant prover of a function lives as long as its solver (its invariants serve every goal).
  const provers = new WeakMap<FunctionSolver, InvariantProver>();
  /** A verdict bounded unrolling left open (a loop bound) tried for every number of iterations; else the same verdict. */
  const byInvariant = (fs: FunctionSolver, goal: Goal, signal?: AbortSignal, effort?: Effort): Promise<GoalVerdict | null> => {
    let p = provers.get(fs);
    if (!p) provers.set(fs, (p = new InvariantProver(fs.z, fs.program, fs.fn, options)));
    return p.prove(goal, signal, effort);
  };
  const beyondBound = async (fs: FunctionSolver, goal: Goal, v: GoalVerdict, signal?: AbortSignal): Promise<GoalVerdict> => {
    if (!openAtLoopBound(v)) return v;
    return (await byInvariant(fs, goal, signal)) ?? v;
  };
  const deepSearches = new WeakMap<FunctionSolver, DeepSearch>();
  const deepSearch = (fs: FunctionSolver) => {
    let d = deepSearches.get(fs);
    if (!d) deepSearches.set(fs, (d = new DeepSearch(fs, options)));
    return d;
  };
  /**
   * A goal's verdict, the invariant prover and the accelerated loops between the low and the
   * high loop bounds: a proof by invariant costs a few queries where unrolling to the full bound
   * costs many (gcd's `y > 10`: 1.3 s against 21.8 s), a datum needing thousands of iterations
   * is found by acceleration alone, and a goal neither settles goes on deepening. The prover's
   * last stage (guarded candidates: up to 10 s on nested loops) waits for the accelerated
   * search, which takes a second or two. Without `invariants`: bounded unrolling alone.
   * `past` says what is tried past the early bound (all of it unless told).
   */
  const deepen = async (fs: FunctionSolver, goal: Goal, opts: QueryOptions, invariants: boolean, past: PastEarlyBound = {}): Promise<GoalVerdict> => {
    if (!invariants) return fs.reach(goal, opts);
    const { search = true, prove = true, upTo = 'all', effort = 'quick' } = past;
    const budget = opts.budget ?? fs.goalBudget(opts);
    const early = earlyBound(fs.fn);
    const low = await fs.reach(goal, { ...opts, budget, bounds: { to: early } });
    if (!openAtLoopBound(low)) return low;
    // Nested loops: a datum through loops accelerated where they are entered, within a quick query's time, first.
    // Their invariant stages' Houdini can take seconds on a goal that is reachable (SV-COMP nested5-2: 6.5 s, the
    // search 0.2 s); on one loop it is quick, and the search would only delay a proof.
    const quickly =
      search && effort !== 'cheap' && nestingDepth(fs.fn) >= 2
        ? await deepSearch(fs).find(goal, opts.signal, { quick: true, suite: opts.suite, firstStage: true })
        : null;
    if (quickly) return quickly;
    const cheaply = await byInvariant(fs, goal, opts.signal, 'cheap');
    if (cheaply) return cheaply;
    if (effort !== 'cheap') {
      // A datum just past the early bound (loops of 10 or 12 iterations are common): one more unrolling, asked
      // only for a datum within one quick query's time, costs less than Spacer and the accelerated search
      // (loops_w.c's sum: 50 ms against 0.9 s in Spacer). Its proofs are left to the stages after.
      const brief = fs.goalBudget({ quick: true, suite: opts.suite });
      const next = await fs.reach(goal, { ...opts, satOnly: true, budget: { ...brief, leftMs: brief.queryMs! }, bounds: { from: early + 1, to: 2 * early } });
      if (next.datum) return next;
      const bySpacer = await byInvariant(fs, goal, opts.signal, effort);
      if (bySpacer) return bySpacer;
    }
    // Past the low bound, a datum with the loops accelerated costs a few queries where unrolling further costs many.
    const deep = search ? await deepSearch(fs).find(goal, opts.signal, opts) : null;
    if (deep) return deep;
    const proved = prove ? await beyondBound(fs, goal, low, opts.signal) : low;
    if (proved !== low) return proved;
    return upTo === 'early' ? low : deeper(fs, goal, low, { ...opts, budget }, prove);
  };
  /** A verdict left open past the loop bound, with what else was tried on it (invariants, acceleration) and why it settled nothing. */
  const withTried = (fs: FunctionSolver, goal: Goal, v: GoalVerdict): GoalVerdict => {
    if (!openAtLoopBound(v) && v.status !== 'unknown') return v;
    const attempts: { method: 'invariants' | 'acceleration'; outcome: string }[] = [];
    const invariants = provers.get(fs)?.notProved.get(goal.id);
    if (invariants) attempts.push({ method: 'invariants', outcome: invariants });
    const acceleration = deepSearches.get(fs)?.notFound.get(goal.id);
    if (acceleration) attempts.push({ method: 'acceleration', outcome: acceleration });
    return attempts.length ? { ...v, causes: [...(v.causes ?? []), { kind: 'tried', attempts }] } : v;
  };
  /** A verdict left open at a loop bound below the full one, deepened from there (and, with `prove`, tried with invariants again). */
  const deeper = async (fs: FunctionSolver, goal: Goal, v: GoalVerdict, opts: QueryOptions, prove = true): Promise<GoalVerdict> => {
    // Left open at the next bound with the full query limit: unrolling further would only be slower.
    if (!openAtLoopBound(v) || (v.bound ?? 0) >= options.maxLoopBound || v.causes?.some((c) => c.kind === 'too-large') || v.openAbove?.quick === false)
      return v;
    const next = await fs.reach(goal, { ...opts, bounds: { from: (v.bound ?? 0) + 1 } });
    // No deeper level could be built (too large): the answer at the bound reached stands, saying why it stops there.
    const tooLarge = next.status === 'unknown' && next.causes?.length === 1 && next.causes[0].kind === 'too-large';
    // Out of time deeper: the answer at the bound reached stands, saying why it stops there.
    const deepest = tooLarge
      ? { ...v, causes: [...(v.causes ?? []), ...next.causes!] }
      : outOfTime(next) && next.bound !== undefined
        ? openDeeper(v, next, next.bound, opts.quick === true || opts.budget?.queryMs !== undefined)
        : next;
    return prove ? beyondBound(fs, goal, deepest, opts.signal) : deepest;
  };
  /** The goals of a function and, with `contexts`, of everything it calls in its context. */
  const goalsOf = (l: Loaded, fn: IRFunction, contexts = true) => {
    const key = `${fn.name}${contexts ? '' : '/alone'}`;
    let g = l.catalogues.get(key);
    if (!g)
      l.catalogues.set(
        key,
        (g = buildCatalogue(l.program, fn, {
          runtimeErrors: options.runtimeErrors,
          uninitialisedNondet: options.uninitialisedNondet,
          contextDepth: contexts ? options.inlineDepth : 0,
        })),
      );
    return g;
  };
  const functionsOf = (l: Loaded, name?: string): IRFunction[] => {
    if (name === undefined) return l.program.functions;
    const f = l.program.functions.find((x) => x.name === name);
    if (!f)
      throw EngineError.at(
        'request',
        l.program.file,
        1,
        1,
        `no function '${name}' with a body in this file (functions: ${l.program.functions.map((x) => x.name).join(', ') || 'none'})`,
      );
    return [f];
  };
  const baseReport = (l: Loaded): Report => ({
    file: l.program.file,
    functions: [],
    diagnostics: l.program.diagnostics.map((d) => ({ line: d.range.line, column: d.range.column, severity: d.severity, message: d.message })),
  });
  const fnReport = (fn: IRFunction, goals: GoalReport[], tests: TestReport[]): FunctionReport => {
    const unsupported = collectUnsupported(fn);
    return { name: fn.name, line: fn.range.line, goals, tests, ...(unsupported.length ? { unsupported } : {}) };
  };

  /** The goal a reach request means: by id, or by line (and column, outcome). */
  const goalOf = (l: Loaded, req: ReachRequest): { fn: IRFunction; goal: Goal } => {
    if (req.goal !== undefined) {
      for (const fn of functionsOf(l, req.function)) {
        const goal = goalsOf(l, fn).find((g) => g.id === req.goal);
        if (goal) return { fn, goal };
      }
      throw EngineError.at('request', l.program.file, 1, 1, `no goal '${req.goal}'${req.function ? ` in ${req.function}` : ''} (creach cfg lists the goals)`);
    }
    if (req.line === undefined) throw new EngineError('request', 'a reach request needs a goal id or a line');
    const line = req.line;
    const fn = req.function ? functionsOf(l, req.function)[0] : functionAtLine(l.program, line);
    try {
      const coverage = goalsOf(l, fn).filter((g) => g.kind === 'statement' || g.kind === 'branch');
      // The function's own goals on that line; else a callee's, in this function's context.
      const own = coverage.filter((g) => !g.context && g.range.line === line);
      return { fn, goal: goalAt(own.length ? own : coverage, line, req.column, req.outcome) };
    } catch (e) {
      throw EngineError.at('request', l.program.file, line, req.column ?? 1, (e as Error).message);
    }
  };

  /**
   * MC/DC of one function: the suite of the instrumented copy (goals/mcdc.ts) for every evaluation path of every
   * decision, then the decision criterion's goals; path goals are reported in `mcdc`, not among the goals.
   */
  async function mcdcCover(l: Loaded, fn: IRFunction, goals: Goal[], signal?: AbortSignal): Promise<FunctionReport> {
    const structure = mcdcDecisions(fn);
    const mc = instrumentMcdc(l.program, fn, structure);
    const fs = new FunctionSolver(await getZ3(), mc.program, mc.fn, options);
    const suite = await buildSuite(fs, [...mc.pathGoals.map((p) => p.goal), ...goals.map(mc.goalIn)], signal);
    const pathIds = new Set(mc.pathGoals.map((p) => p.goal.id));
    for (const t of suite.tests) t.goals = t.goals.filter((g) => !pathIds.has(g));
    const reports = goals.map((g) =>
      goalReport(g, suite.verdicts.get(g.id) ?? { status: 'unknown', causes: [{ kind: 'not-analysed' }] }, suite.verdicts.get(g.id)?.test),
    );
    const byPath = new Map(mc.pathGoals.map((p) => [`${p.decision}#${p.path}`, p.goal.id]));
    const mcdc = mcdcReport(
      structure,
      (d, i) => byPath.get(`${d}#${i}`)!,
      (id) => suite.verdicts.get(id),
    );
    // A test kept only for a path (its goals all path goals) still belongs to the suite: a pair needs it.
    return { ...fnReport(fn, reports, suite.tests), mcdc };
  }

  /** The report's data compiled and run with the engine's compiler options (validation marks its tests), in a scratch folder. */
  async function runData(l: Loaded, report: Report): Promise<SuiteValidation> {
    const workDir = await mkdtemp(path.join(tmpdir(), 'creach-validate-'));
    try {
      return await validateSuite(l.program, report, {
        compiler: options.compiler,
        workDir,
        timeoutMs: RUN_TIMEOUT_MS,
        sanitize: true,
        includePaths: options.includePaths,
        defines: options.defines,
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * With `options.validate` (the editor, in trusted workspaces only), the data
   * of a reach/check/cover report are compiled and run with the configured
   * compiler, which sets `validated`/`validation` on each test.
   */
  async function validated(l: Loaded, report: Report, signal?: AbortSignal): Promise<Report> {
    if (options.validate !== true || report.functions.every((f) => f.tests.length === 0)) return report;
    throwIfCancelled(signal);
    const v = await runData(l, report);
    if (!v.available) {
      // Not run is not failed: the data are not validated, and the reason says why.
      for (const t of report.functions.flatMap((f) => f.tests)) {
        delete t.validated;
        t.validation = v.message ?? 'no C compiler to validate with';
      }
    }
    return report;
  }

  /** The verdicts of a function's properties (or a program's, from `main`), not yet validated. */
  async function checkReport(l: Loaded, req: CheckRequest, signal?: AbortSignal): Promise<Report> {
    const report = baseReport(l);
    const checkFunction = async (fn: IRFunction, contexts: boolean): Promise<FunctionReport> => {
      const fs = await solverFor(l, fn);
      const goals: GoalReport[] = [];
      const tests: TestReport[] = [];
      const properties = goalsOf(l, fn, contexts).filter(isProperty);
      /** The goal's datum as the next test; its id. */
      const addTest = (goal: Goal, datum: Datum) => {
        const id = `t${tests.length + 1}`;
        tests.push({ id, ...datum.test, goals: [goal.id] });
        return id;
      };
      // A quick pass first (a tenth of the query limit): the easy violations and proofs of every property before
      // the hard ones use up the function's time; what stays unknown by a time limit is asked again in full.
      const quick = new Map<string, GoalVerdict>();
      const suite = fs.suiteBudget(req.budgetMs);
      const { on: invariants, full, effort } = invariantMode(req.invariants);
      const past: PastEarlyBound = full ? {} : { search: false, prove: false, effort };
      // Many properties hold: explaining each under unrolled loops would cost more than checking them.
      // The quick pass stops at the early loop bound (after invariants and accelerated loops): deeper unrolling,
      // which nested loops make costly, waits until every property has its first answer.
      for (const goal of properties)
        quick.set(goal.id, await deepen(fs, goal, { signal, explain: 'loop-free', quick: true, suite }, invariants, { ...past, upTo: 'early' }));
      const answered = req.untilViolated === true && [...quick.values()].some((v) => v.status === 'violated');
      for (const goal of properties) {
        const first = quick.get(goal.id)!;
        if (answered) {
          goals.push(goalReport(goal, first, first.datum ? addTest(goal, first.datum) : undefined));
          continue;
        }
        const timedOut = first.status === 'unknown' && (first.causes ?? []).some((c) => c.kind === 'timeout');
        const again: QueryOptions = { signal, explain: 'loop-free', suite };
        // Open at the early bound: accelerated loops with the full time (the first pass had a tenth), then deeper unrolling.
        // Timed out within the early bound: bounded search will likely time out again, a proof by invariant need not.
        const v = timedOut
          ? ((invariants ? await byInvariant(fs, goal, signal, past.effort) : undefined) ?? (await deepen(fs, goal, again, invariants, past)))
          : invariants && openAtLoopBound(first)
            ? ((full ? await deepSearch(fs).find(goal, signal, again) : null) ?? (await deeper(fs, goal, first, again, full)))
            : first;
        goals.push(goalReport(goal, withTried(fs, goal, v), v.datum ? addTest(goal, v.datum) : undefined));
      }
      return fnReport(fn, goals, tests);
    };
    const entry = req.function === undefined ? l.program.functions.find((f) => f.name === 'main') : undefined;
    if (!entry) {
      for (const fn of functionsOf(l, req.function)) report.functions.push(await checkFunction(fn, true));
      return report;
    }
    // A program: its verdicts are main's, with everything main calls; every other function is
    // also checked alone (a unit view), and says what the same property is in the program.
    const program = { ...(await checkFunction(entry, true)), role: 'program' as const };
    report.functions.push(program);
    for (const fn of l.program.functions) {
      // An error function (reach_error) alone is only its error call: no unit view.
      if (fn === entry || ERROR_FUNCTIONS.has(fn.name)) continue;
      const unit = { ...(await checkFunction(fn, false)), role: 'unit' as const };
      for (const g of unit.goals) {
        const inProgram = program.goals.filter((p) => p.id.endsWith(`>${g.id}`));
        if (g.status !== 'violated' || inProgram.length === 0) continue;
        const status = inProgram.some((p) => p.status === 'violated')
          ? 'violated'
          : inProgram.every((p) => p.status === 'holds')
            ? 'holds'
            : inProgram[0].status;
        g.causes = [...(g.causes ?? []), { kind: 'in-program', entry: entry.name, status }];
        g.reason = causesText(g.causes);
      }
      report.functions.push(unit);
    }
    return report;
  }

  const engine: Engine = {
    async outline(req) {
      const l = await load(req);
      const report = baseReport(l);
      for (const fn of functionsOf(l))
        report.functions.push(
          fnReport(
            fn,
            goalsOf(l, fn, false).map((g) => goalReport(g, { status: 'unknown', causes: [{ kind: 'not-analysed' }] })),
            [],
          ),
        );
      return report;
    },

    async reach(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      const { fn, goal } = goalOf(l, req);
      const fs = await solverFor(l, fn);
      const where = req.where !== undefined ? await whereAt(l.program, fn, goal, req.where) : undefined;
      const report = baseReport(l);
      if (req.all) {
        const limit = req.limit ?? 100;
        const { data, exhausted, verdict, bound, assumes } = await fs.enumerate(goal, limit, { signal, where });
        const tests = data.map((d, i): TestReport => ({ id: `t${i + 1}`, ...d.test, goals: [goal.id] }));
        const count: VerdictCause = {
          kind: 'data-count',
          count: tests.length,
          exact: exhausted,
          limitReached: !exhausted && tests.length >= limit,
          ...(bound !== undefined ? { bound } : {}),
          ...(assumes?.length ? { assumed: true } : {}),
        };
        // A count over inputs of assumed sizes says which (it is never exact).
        const causes: VerdictCause[] = assumes?.length ? [count, { kind: 'assumes', assumptions: assumes }] : [count];
        // The enumeration stopped on its time: say so beside the count.
        if (verdict.status === 'unknown' && tests.length) causes.push(...(verdict.causes ?? []));
        const gr = goalReport(goal, tests.length ? { status: 'covered', bound: verdict.bound, causes } : verdict, tests[0]?.id);
        report.functions.push(fnReport(fn, [gr], tests));
        return validated(l, report, signal);
      }
      // (A --where condition is not carried into the loop abstraction: bounded answers only.)
      const v = await deepen(fs, goal, { signal, where }, where === undefined && invariantMode(req.invariants).on);
      const tests: TestReport[] = v.datum ? [{ id: 't1', ...v.datum.test, goals: [goal.id] }] : [];
      report.functions.push(fnReport(fn, [goalReport(goal, withTried(fs, goal, v), tests[0]?.id)], tests));
      return validated(l, report, signal);
    },

    async check(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      return validated(l, await checkReport(l, req, signal), signal);
    },

    async cover(req, signal) {
      throwIfCancelled(signal);
      startZ3();
      const l = await load(req);
      const report = baseReport(l);
      for (const fn of functionsOf(l, req.function)) {
        const all = goalsOf(l, fn);
        const goals =
          req.criterion === 'error-calls'
            ? all.filter((g) => g.target.kind === 'error')
            : all.filter((g) => g.kind === 'statement' || (req.criterion !== 'statement' && g.kind === 'branch'));
        if (req.criterion === 'mcdc') {
          report.functions.push(await mcdcCover(l, fn, goals, signal));
          continue;
        }
        const fs = await solverFor(l, fn);
        // Each goal: past the early bound, the cheap invariant stages before deeper unrolling (a goal they exclude
        // costs a query where unrolling to the full bound costs many: gcd's `y > 10`); the deep search and the full
        // prover wait for the goals the suite leaves open (below).
        const invariants = invariantMode(req.invariants);
        const suiteReach = (goal: Goal, opts: QueryOptions) =>
          deepen(fs, goal, opts, invariants.on, { search: false, prove: false, effort: invariants.effort });
        const suite = await buildSuite(fs, goals, signal, undefined, suiteReach);
        if (invariants.full)
          for (const g of goals) {
            const v = suite.verdicts.get(g.id);
            if (!v || !openAtLoopBound(v)) continue;
            const proved = await beyondBound(fs, g, v, signal);
            const found = proved === v ? await deepSearch(fs).find(g, signal) : null;
            if (!found?.datum) {
              suite.verdicts.set(g.id, proved);
              continue;
            }
            // A deep datum: a test of its own, which may reach other goals still open.
            const id = `t${suite.tests.length + 1}`;
            const test: TestReport = { id, ...found.datum.test, goals: [g.id] };
            suite.tests.push(test);
            suite.verdicts.set(g.id, { status: found.status, causes: found.causes, datum: found.datum, test: id });
            if (!found.datum.complete) continue;
            for (const other of goals) {
              const ov = suite.verdicts.get(other.id);
              if (other === g || !ov || !openAtLoopBound(ov) || !deepSearch(fs).alsoReaches(found, other)) continue;
              suite.verdicts.set(other.id, { status: 'covered', causes: found.causes, test: id });
              test.goals.push(other.id);
            }
          }
        const reports = goals.map((g) => {
          const v = suite.verdicts.get(g.id);
          return goalReport(g, v ? withTried(fs, g, v) : { status: 'unknown', causes: [{ kind: 'not-analysed' }] }, v?.test);
        });
        report.functions.push(fnReport(fn, reports, suite.tests));
      }
      return req.validate === false ? report : validated(l, report, signal);
    },

    async analyse(req: AnalyseRequest, signal) {
      // Decision coverage first, then assertions and runtime errors.
      // The invariant prover's cheap stages only (its later ones and the accelerated search would delay the editor's
      // first answer: a follow-up reach on a goal still open tries them).
      const cover =
        req.coverage ??
        (await engine.cover({ file: req.file, text: req.text, function: req.function, criterion: 'decision', invariants: 'cheap', validate: false }, signal));
      throwIfCancelled(signal);
      const l = await load(req);
      const checkRequest = { file: req.file, text: req.text, function: req.function, invariants: 'cheap' as const, budgetMs: req.budgetMs };
      if (req.validate === 'later') {
        // The verdicts first; their data are compiled and run when `validate` asks (the editor's last stage):
        // compiler processes started beside the checks made an edited function's verdicts 50% slower on 2 cores.
        const check = await checkReport(l, checkRequest, signal);
        const verdicts = mergeAnalysis(structuredClone(cover), structuredClone(check));
        const start = async () => mergeAnalysis(await validated(l, cover), await validated(l, check));
        laterValidations.set(validationKey(req), { verdicts: JSON.stringify(verdicts), start });
        while (laterValidations.size > LATER_VALIDATIONS_KEPT) laterValidations.delete(laterValidations.keys().next().value!);
        return verdicts;
      }
      // The coverage data are built and run (compiler processes) while the properties are checked.
      const coverValidated = validated(l, cover, signal);
      coverValidated.catch(() => undefined); // awaited below, unless the checks fail first
      const check = await checkReport(l, checkRequest, signal);
      await coverValidated;
      return mergeAnalysis(cover, await validated(l, check, signal));
    },

    async validate(req: ValidateRequest, signal) {
      throwIfCancelled(signal);
      const key = validationKey(req);
      const later = laterValidations.get(key);
      if (later?.verdicts === JSON.stringify(req.report)) {
        // A cancelled wait (the job was preempted) leaves the validation running, for the next wait.
        later.outcome ??= later.start();
        const report = await untilSettled(later.outcome, signal);
        laterValidations.delete(key);
        return report;
      }
      return validated(await load(req), structuredClone(req.report), signal);
    },

    async cfg(req: CfgRequest): Promise<CfgView[]> {
      const l = await load(req);
      const details = req.details ? { ssa: true, controlDependence: true } : undefined;
      return functionsOf(l, req.function).map((fn) => cfgView(l.program, fn, goalsOf(l, fn, false), details));
    },

    async harness(req: HarnessRequest) {
      const l = await load(req);
      return emitHarness(l.program, req.report, { sourcePath: req.includePath ?? req.file });
    },

    async exportSuite(req: ExportRequest, signal): Promise<ExportResult> {
      throwIfCancelled(signal);
      const l = await load(req);
      const v = await validateForExport(l.program, req.report, {
        validate: Boolean(req.validate),
        compiler: options.compiler,
        timeoutMs: RUN_TIMEOUT_MS,
        includePaths: options.includePaths,
        defines: options.defines,
      });
      return { files: suiteFiles(l.program, req.report, req.dir, req.format), report: req.report, messages: v.messages, bugs: v.bugs };
    },

    async runSuite(req: RunSuiteRequest, signal): Promise<RunSuiteResult> {
      throwIfCancelled(signal);
      const l = await load(req);
      // The report is the caller's copy: validation marks its tests.
      const report: Report = structuredClone(req.report);
      const v = await runData(l, report);
      if (!v.available) return { available: false, message: v.message, tests: [], lines: null, bugs: [] };
      const tests = report.functions.flatMap((f) =>
        f.tests.map((t): RunTestResult => {
          const run = v.tests.find((x) => x.function === f.name && x.id === t.id);
          const passed = t.validated === undefined ? null : t.validated;
          const message = passed ? 'passed' : (t.validation ?? (run ? 'failed' : 'not run'));
          return { function: f.name, id: t.id, passed, message, output: run?.output ?? '', missed: run?.missed ?? [] };
        }),
      );
      return { available: true, tests, lines: v.lines, bugs: v.differences };
    },

    async replay(req: ReplayRequest) {
      const workDir = await mkdtemp(path.join(tmpdir(), 'creach-replay-'));
      try {
        return await replaySuite(req.suite, req.file, req.text, {
          compiler: options.compiler,
          workDir,
          timeoutMs: RUN_TIMEOUT_MS,
          ...(options.dataModel === 'ILP32' ? { architecture: '32bit' as const } : {}),
        });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },

    dispose() {
      cache = null;
    },
  };
  return engine;
}

/** Temps of `--where` conditions are numbered far above every variable the encoder makes. */
const WHERE_TEMPS = 1_000_000_000;

/** A `--where` condition lowered by the front end where the goal is; a malformed one is a request error with its column. */
async function whereAt(program: Program, fn: IRFunction, goal: Goal, text: string): Promise<ConditionCode> {
  let at: ConditionAt;
  const t = goal.target;
  if (goal.decision !== undefined) at = { decision: goal.decision };
  else if (t.kind === 'block' || t.kind === 'point') {
    const statements = fn.blocks[t.block].statements ?? [];
    const k = t.kind === 'point' && t.statement !== undefined ? t.statement : statements.findIndex((st) => !st.jump);
    at = k >= 0 ? { block: t.block, statement: k } : { line: goal.range.line, column: goal.range.column };
  } else at = { line: goal.range.line, column: goal.range.column };
  try {
    return await lowerCondition(program, fn, at, text, { firstTempId: WHERE_TEMPS });
  } catch (e) {
    if (e instanceof FrontendError) throw new EngineError('request', `--where '${text}': ${e.message}`);
    throw e;
  }
}

function functionAtLine(program: Program, line: number): IRFunction {
  const fn = program.functions.find((f) => f.range.line <= line && line <= f.range.endLine);
  if (!fn) throw EngineError.at('request', program.file, line, 1, `line ${line} is not inside a function`);
  return fn;
}

function collectUnsupported(fn: IRFunction): { line: number; what: string }[] {
  const out: { line: number; what: string }[] = [];
  for (const b of fn.blocks)
    for (const i of b.instrs) {
      if (i.kind === 'unsupported') out.push({ line: i.range.line, what: i.what });
      else if (i.kind === 'assign' && (i.value.op === 'havoc' || i.value.op === 'icall'))
        out.push({ line: i.range.line, what: i.value.op === 'havoc' ? i.value.what : 'call through a function pointer to no function of this file' });
    }
  return out;
}

/** `p`'s outcome, or the cancellation error as soon as the signal is aborted (`p` goes on). */
function untilSettled<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  throwIfCancelled(signal);
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(EngineError.cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
