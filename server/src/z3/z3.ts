// One Z3 (WebAssembly) instance per thread, initialised once and shared by
// every query of this thread (the language server runs one per worker), and
// the two queues that keep its use single-threaded: engine operations run one
// at a time (`exclusive`), and solver checks one at a time (`queueCheck`).
//
// z3-solver runs `check` on a separate WebAssembly thread while the JS thread
// goes on; its expressions release their Z3 terms from a FinalizationRegistry,
// i.e. at any moment the JS thread is idle, possibly while that check runs.
// Z3's term manager is not thread-safe, so a release during a check can
// corrupt memory ("memory access out of bounds" in smt::context::search).
// We therefore hold every release back while a solver call is in flight and
// run them when it ends (`solverCall`).

import { setFlagsFromString } from 'node:v8';
import type { Bool, Context, Expr, Model, Solver, Z3_probe } from 'z3-solver';
import { IntRelaxation, TooLarge } from './relax';

type Z3Module = typeof import('z3-solver');
type Z3Init = Awaited<ReturnType<Z3Module['init']>>;
export type Ctx = Context<'main'>;
export type LowLevel = Z3Init['Z3'];

export interface Z3Handle {
  api: LowLevel;
  /** The WebAssembly module's raw exports (a check run on the JS thread, see checkSolver). */
  em: RawModule;
  ctx: Ctx;
  /** Wraps a raw AST made with the low-level API (for operations the high-level API lacks). */
  wrap<T extends Expr<'main'>>(like: T, ast: unknown): T;
}

let inFlight = 0;
const heldBack: (() => void)[] = [];

/** A FinalizationRegistry whose callbacks wait while a solver call is in flight. */
class DeferringRegistry<T> extends FinalizationRegistry<T> {
  constructor(cleanup: (held: T) => void) {
    super((held: T) => {
      if (inFlight > 0) heldBack.push(() => cleanup(held));
      else cleanup(held);
    });
  }
}

/** Runs an asynchronous Z3 call with term releases held back until it ends. */
export async function solverCall<T>(f: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await f();
  } finally {
    inFlight--;
    if (inFlight === 0) for (const release of heldBack.splice(0)) release();
  }
}

/**
 * Z3's context is not thread-safe and a check runs on its own WebAssembly
 * thread: no other Z3 call may happen meanwhile, so the engine operations of
 * a thread (which build terms between checks) run one at a time, whatever
 * engine they belong to.
 */
let operations: Promise<unknown> = Promise.resolve();
export function exclusive<T>(f: () => Promise<T>): Promise<T> {
  const result = operations.then(f, f);
  operations = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** The tail of the queue of solver checks of this thread. */
let checks: Promise<unknown> = Promise.resolve();

/** How long checks may run one after another before timers and I/O get a turn. */
const YIELD_AFTER_MS = 10;
let lastYield = Date.now();

/**
 * Gives the event loop a turn when the checks have kept it for a while. Checks that end on
 * the JavaScript thread chain only microtasks: without this, a worker would not see its
 * cancel message, nor a compiler process's exit, until a whole job of checks was over.
 */
async function yieldIfDue(): Promise<void> {
  if (Date.now() - lastYield < YIELD_AFTER_MS) return;
  await new Promise((resolve) => setImmediate(resolve));
  lastYield = Date.now();
}

/** Runs a solver check after every check already queued on this thread's Z3, with term releases held back. */
export function queueCheck<T>(f: () => Promise<T>): Promise<T> {
  const run = async () => {
    await yieldIfDue();
    return solverCall(f);
  };
  const result = checks.then(run, run);
  checks = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

let handle: Promise<Z3Handle> | undefined;

export function getZ3(): Promise<Z3Handle> {
  handle ??= (async () => {
    // z3-solver creates its registry when the API is made (in init): install ours first.
    const original = globalThis.FinalizationRegistry;
    globalThis.FinalizationRegistry = DeferringRegistry as unknown as typeof FinalizationRegistry;
    // Z3's WebAssembly runs as V8's baseline compiler (Liftoff) makes it, never tiered up to TurboFan:
    // the optimising compilations cost more processor time than they save in runs of a few seconds
    // on two cores (measured: a TCAS property's cold check 10-15% faster, the language server's
    // CodeLens about 10% sooner; SAMPLE's 13 s enumeration 4% slower). V8 reads the flag when it
    // compiles the module, i.e. below.
    setFlagsFromString('--liftoff-only');
    // Validate each function when it is first compiled, not all 35 MB of Z3 before the first query:
    // most of Z3 never runs in a process, and eager validation was half of its start-up (about 90 of
    // 170 ms). The module is the z3-solver package's own build, not untrusted input.
    setFlagsFromString('--wasm-lazy-validation');
    let z3: Z3Init;
    try {
      const { init } = (await import('z3-solver')) as Z3Module;
      z3 = await init();
    } finally {
      globalThis.FinalizationRegistry = original;
    }
    // Models as the solver found them: compacting their function graphs cost more than the check itself
    // when data are enumerated (a model per datum), and the engine only evaluates terms in them.
    z3.Z3.global_param_set('model.compact', 'false');
    const ctx = z3.Context('main') as unknown as Ctx;
    // A check's time limit runs on a timer thread: a WebAssembly thread, i.e. a Node worker that loads
    // Z3, whose start the first check with a limit waits for on the JS thread (about 50 ms). Starting
    // one now, in Emscripten's pool of workers, lets it load while the front end works.
    prestartThread((z3 as unknown as { em: { PThread?: PThreads } }).em.PThread);
    // The high-level API keeps its AST-to-expression function private; an
    // expression's own class builds a sibling of the same sort from a raw AST.
    const wrap = <T extends Expr<'main'>>(like: T, ast: unknown): T => {
      const Ctor = (like as unknown as { constructor: new (ast: unknown) => T }).constructor;
      return new Ctor(ast);
    };
    return { api: z3.Z3, em: (z3 as unknown as { em: RawModule }).em, ctx, wrap };
  })();
  return handle;
}

/** Emscripten's pool of workers for WebAssembly threads (exported by z3-solver's build as `PThread`). */
interface PThreads {
  unusedWorkers: unknown[];
  allocateUnusedWorker(): void;
  loadWasmModuleToWorker(worker: unknown): Promise<unknown>;
}

/** One worker started and loading Z3 in the pool, unless the pool has one (or the build has none). */
function prestartThread(pool: PThreads | undefined): void {
  if (!pool || typeof pool.allocateUnusedWorker !== 'function' || !Array.isArray(pool.unusedWorkers) || pool.unusedWorkers.length > 0) return;
  pool.allocateUnusedWorker();
  const worker = pool.unusedWorkers[pool.unusedWorkers.length - 1] as { unref?(): void };
  // Once loaded, an idle worker must not keep the process alive (Emscripten refs it while a thread runs on it).
  void pool
    .loadWasmModuleToWorker(worker)
    .then(() => worker.unref?.())
    .catch(() => undefined);
}

/** The raw exports of Z3's WebAssembly module used here. */
export interface RawModule {
  HEAPU32: Uint32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _Z3_solver_check_assumptions(ctx: number, solver: number, n: number, assumptions: number): number;
}

/**
 * How long a check first runs on the JS thread (ms), or undefined: all of its time limit.
 * z3-solver runs every check on a new WebAssembly thread: starting it and waiting for its
 * answer cost several milliseconds, more than most of the engine's checks take, and the
 * first one starts a thread (about 70 ms). A check on the JS thread cannot be interrupted,
 * though: the language server's workers give checks a short slice, then go on on Z3's
 * thread, where a cancellation interrupts them (the slice bounds how long it waits).
 * Processes that cancel nothing (the CLI) keep the whole check on the JS thread.
 */
let onThreadSliceMs: number | undefined;

/** Checks on the JS thread for at most `ms`, then on Z3's interruptible thread (undefined: wholly on the JS thread). */
export function setOnThreadSlice(ms: number | undefined): void {
  onThreadSliceMs = ms;
}

/**
 * A solver for `assertions` (more of the same theories may be added later), by Z3's probes of the formula:
 * - pure bit vectors (`is-qfbv`: bit vectors and Booleans, no arrays, floats, functions or quantifiers): one
 *   for the QF_BV logic, Z3's incremental SAT solver over the bit-blasted formula, which decided the editor
 *   file's coverage queries in half the time of its default incremental solver (an SMT core with a bit-vector
 *   theory). It gives up on some formulas ("interpreted functions sent to SAT solver", seen with pointer
 *   parameters) and refuses others ("operator distinct not supported");
 * - bit vectors with arrays and functions (`is-qfaufbv`, SAMPLE's input arrays, TCAS's table): the SMT core set
 *   up for the QF_AUFBV logic, without the theories it does not use (SAMPLE's 1953 data: 4.7 s against 5.4 s
 *   cold). It would take a floating-point term as an uninterpreted one, so everything added or assumed later
 *   is probed too (`is-qfaufbv` again);
 * - anything else: the default solver.
 * A logic's solver that gives up, is refused a formula or would get one outside its logic moves, with what was
 * added to it, to the default solver (`fallBack`), and the check is asked again there.
 */
export function solverFor(z: Z3Handle, assertions: Bool<'main'>[]): Solver<'main'> {
  const logic = logicOf(z, assertions);
  if (!logic) return new z.ctx.Solver();
  const state: LogicSolver = {
    logic,
    current: new z.ctx.Solver(logic),
    added: [],
    scopes: [],
    fallen: false,
    literals: new Map(),
    originals: new Map(),
  };
  // Callers hold this proxy: its methods and fields are those of the solver in use (`ptr` too).
  const proxy = new Proxy({} as Solver<'main'>, {
    get(_, key) {
      const target = state.current as unknown as Record<string | symbol, unknown>;
      const value = target[key];
      if (typeof value !== 'function') return value;
      if (key === 'add')
        return (...args: unknown[]) => {
          state.added.push(args);
          // A float of a parameter the formula did not use, in a box or an exclusion: the default solver (given args too).
          if (outsideLogic(z, state, args as Bool<'main'>[])) {
            fallBack(z, proxy, true);
            return;
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      if (key === 'push')
        return () => {
          state.scopes.push(state.added.length);
          return (value as () => unknown).apply(target);
        };
      if (key === 'pop')
        return (n = 1) => {
          // What was added since the matching push is gone: not replayed by a fall-back.
          for (let i = 0; i < n; i++) state.added.length = state.scopes.pop() ?? state.added.length;
          for (const [id, l] of state.literals)
            if (l.depth > state.scopes.length) {
              state.literals.delete(id);
              state.originals.delete(l.lit.id());
            }
          return (value as (n: number) => unknown).apply(target, [n]);
        };
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  logicSolvers.set(proxy, state);
  return proxy;
}

type Logic = 'QF_BV' | 'QF_AUFBV';

/** The logic of `assertions` a solver of its own is kept for, or undefined (the default solver). */
function logicOf(z: Z3Handle, assertions: Bool<'main'>[]): Logic | undefined {
  return assertions.length ? firstLogicOf(z, assertions, ['QF_BV', 'QF_AUFBV']) : undefined;
}

/** Whether `formulas`, given to a QF_AUFBV solver that has not fallen back, are outside its logic (see solverFor). */
function outsideLogic(z: Z3Handle, state: LogicSolver, formulas: Bool<'main'>[]): boolean {
  return state.logic === 'QF_AUFBV' && !state.fallen && firstLogicOf(z, formulas, ['QF_AUFBV']) === undefined;
}

interface LogicSolver {
  logic: Logic;
  current: Solver<'main'>;
  /** The arguments of each `add`, in order, and the number of them at each open `push`. */
  added: unknown[][];
  scopes: number[];
  fallen: boolean;
  /**
   * The SAT solver takes only Boolean constants as assumptions (an expression reaches its translator
   * unsimplified: "operator distinct not supported", "bit2bool sent to SAT solver"): each other assumption
   * is a fresh constant implying it, asserted at the scope depth where it was first asked (by the
   * expression's id), and read back in cores (`originals`, by the constant's id).
   */
  literals: Map<number, { lit: Bool<'main'>; depth: number }>;
  originals: Map<number, Bool<'main'>>;
}

/** `assumptions` as a QF_BV solver takes them (see LogicSolver.literals); as they are for any other. */
function asLiterals(z: Z3Handle, solver: Solver<'main'>, assumptions: Bool<'main'>[]): Bool<'main'>[] {
  const state = logicSolvers.get(solver);
  if (!state || state.fallen || state.logic !== 'QF_BV') return assumptions;
  return assumptions.map((a) => {
    if (z.ctx.isConst(a)) return a;
    let l = state.literals.get(a.id());
    if (!l) {
      l = { lit: z.ctx.Bool.fresh('assumed'), depth: state.scopes.length };
      state.current.add(l.lit.implies(a));
      state.literals.set(a.id(), l);
      state.originals.set(l.lit.id(), a);
    }
    return l.lit;
  });
}
const logicSolvers = new WeakMap<object, LogicSolver>();

/** Whether checks on `solver` go to Z3's SAT solver (solverFor gave it one, which has not fallen back). */
export function bitBlasting(solver: Solver<'main'>): boolean {
  return solverLogic(solver) === 'QF_BV';
}

/** The logic of the solver checks on `solver` go to (solverFor's), or undefined for the default solver. */
export function solverLogic(solver: Solver<'main'>): Logic | undefined {
  const state = logicSolvers.get(solver);
  return state && !state.fallen ? state.logic : undefined;
}

/** The first of `logics` whose probe (Z3's, over one goal of `formulas`) holds; of no formulas, the first. */
function firstLogicOf(z: Z3Handle, formulas: Bool<'main'>[], logics: Logic[]): Logic | undefined {
  if (!formulas.length) return logics[0];
  const { api } = z;
  const c = z.ctx.ptr;
  // Raw calls: this runs on every assertion a QF_AUFBV solver is given (each of SAMPLE's 1953 exclusions).
  const goal = api.mk_goal(c, false, false, false);
  api.goal_inc_ref(c, goal);
  try {
    for (const f of formulas) api.goal_assert(c, goal, f.ast);
    return logics.find((logic) => api.probe_apply(c, probeOf(z, logic), goal) === 1);
  } finally {
    api.goal_dec_ref(c, goal);
  }
}

/** The probe of each logic, made once per context (and kept). */
const probes = new WeakMap<object, Map<Logic, Z3_probe>>();
function probeOf(z: Z3Handle, logic: Logic): Z3_probe {
  let own = probes.get(z.ctx);
  if (!own) probes.set(z.ctx, (own = new Map()));
  let probe = own.get(logic);
  if (probe === undefined) {
    probe = z.api.mk_probe(z.ctx.ptr, logic === 'QF_BV' ? 'is-qfbv' : 'is-qfaufbv');
    z.api.probe_inc_ref(z.ctx.ptr, probe);
    own.set(logic, probe);
  }
  return probe;
}

/** A formula the SAT solver's translator does not take (any other error of Z3 stays one: see query.ts's check). */
const refused = (e: unknown) => /not supported|sent to SAT solver|translator/i.test(e instanceof Error ? e.message : String(e));

/**
 * After an unknown answer or an error (`failed`, or a formula outside its logic): when a logic's solver gave up
 * on the formula or refused it (not a time limit or an interruption), it is replaced by a default solver with
 * the same assertions and scopes; true when it was.
 */
function fallBack(z: Z3Handle, solver: Solver<'main'>, failed = false): boolean {
  const state = logicSolvers.get(solver);
  if (!state || state.fallen) return false;
  if (!failed && /timeout|cancel|resource|memory|interrupt/i.test(z.api.solver_get_reason_unknown(z.ctx.ptr, state.current.ptr))) return false;
  state.fallen = true;
  const fresh = new z.ctx.Solver();
  let scope = 0;
  state.added.forEach((args, i) => {
    while (scope < state.scopes.length && state.scopes[scope] <= i) {
      fresh.push();
      scope++;
    }
    fresh.add(...(args as Bool<'main'>[]));
  });
  for (; scope < state.scopes.length; scope++) fresh.push();
  state.current = fresh;
  state.literals.clear();
  state.originals.clear();
  z3Timeouts.delete(solver); // the fresh solver has Z3's default time limit: set it again
  return true;
}

/** The time limit of each solver (what `setSolverTimeout` last set), in ms. */
const timeouts = new WeakMap<object, number>();

/** Sets a solver's time limit per check (`checkSolver` splits it between the JS thread and Z3's thread). */
export function setSolverTimeout(solver: Solver<'main'>, ms: number): void {
  timeouts.set(solver, ms);
}

/**
 * The time limit Z3 itself has for each solver: set only when a check needs another one (setting a
 * parameter costs several Z3 calls and updates the solver's parameters; checks used to set and
 * restore it around each one). Every check goes through checkWithin, which sets the one it needs.
 */
const z3Timeouts = new WeakMap<object, number>();

function setZ3Timeout(solver: Solver<'main'>, ms: number): void {
  const value = ms > 0 ? ms : 4294967295;
  if (z3Timeouts.get(solver) === value) return;
  solver.set('timeout', value);
  z3Timeouts.set(solver, value);
}

/** How long a check runs on the bit vectors before the integer relaxation is tried (see checkSolver). */
const RELAX_AFTER_MS = 150;
/** The same on a solver whose relaxation settled its last check that asked it (its next checks are often alike). */
const RELAX_EARLY_MS = 30;
/** The longest the integer relaxation is given in one check of a formula with products of variables. */
const RELAX_MS = 2000;
/** The same for a linear formula (a quarter of what is left at most: the bit vectors may well need the rest). */
const LINEAR_RELAX_MS = 1000;
/** The time a check with the relaxation's model as hints is given. */
const HINT_MS = 200;

/** Each solver's integer relaxation (made on its first check that runs past RELAX_AFTER_MS). */
const relaxations = new WeakMap<object, IntRelaxation>();
/** The solvers whose relaxation settled the last check that asked it (a proof): their checks ask it after RELAX_EARLY_MS. */
const relaxationPaid = new WeakSet<object>();
/** The unsat core of a solver's last check when the relaxation decided it. */
const relaxedCores = new WeakMap<object, Bool<'main'>[]>();

/**
 * A check of `solver` under `assumptions`, within the solver's time limit. A check still open
 * after RELAX_AFTER_MS asks the integer relaxation of the formula (z3/relax.ts) unless the formula
 * is linear with floating-point terms: its "unsat" is the formula's (bit-blasting a 32-bit product
 * that must not overflow, or 32-bit adders under triangle inequalities, takes seconds where integer
 * arithmetic takes milliseconds). Anything else it answers is no answer (its model at most a hint),
 * and the rest of the time goes to the bit vectors again. On a solver whose relaxation proved the
 * last check it was asked, the next ones ask it after RELAX_EARLY_MS, briefly (gcd's unrolled loop:
 * the unwinding and phase-2 checks of a level after its goal check).
 * Callers run it inside `queueCheck` (one check at a time, term releases held back), and take
 * the core of an unsat answer from `unsatCore`.
 */
export async function checkSolver(z: Z3Handle, solver: Solver<'main'>, assumptions: Bool<'main'>[]): Promise<'sat' | 'unsat' | 'unknown'> {
  relaxedCores.delete(solver);
  const limit = timeouts.get(solver) ?? 0;
  if (limit > 0 && limit < 2 * RELAX_AFTER_MS) return checkWithin(z, solver, assumptions, limit);
  const started = Date.now();
  const interrupted = interruptions;
  // Early, the relaxation is only asked for a quick proof: a check it cannot settle loses little.
  const early = relaxationPaid.has(solver);
  const first = await checkWithin(z, solver, assumptions, early ? RELAX_EARLY_MS : RELAX_AFTER_MS);
  if (first !== 'unknown' || interruptions !== interrupted) return first;
  const left = () => (limit > 0 ? limit - (Date.now() - started) : Infinity);
  let relax = relaxations.get(solver);
  if (!relax) relaxations.set(solver, (relax = new IntRelaxation(z)));
  relax.sync(solver);
  if (relax.worth && !relax.failed) {
    // Early, the relaxation first gets a brief try; when that does not settle the check, the bit vectors
    // go on to the usual point and the relaxation then gets its usual time (a proof that took it 40 ms
    // once and 31 ms another time was left to 2-5 s of bit vectors).
    for (const brief of early ? [true, false] : [false]) {
      if (early && !brief) {
        const untilUsual = Math.min(RELAX_AFTER_MS - (Date.now() - started), left());
        const more = untilUsual > 0 ? await checkWithin(z, solver, assumptions, Math.round(untilUsual)) : 'unknown';
        if (more !== 'unknown' || interruptions !== interrupted) return more;
      }
      const ms = brief
        ? Math.min(RELAX_EARLY_MS, Math.floor(left() / 4))
        : relax.nonlinear
          ? Math.min(RELAX_MS, Math.floor(left() / 2))
          : Math.min(LINEAR_RELAX_MS, Math.floor(left() / 4));
      const relaxed = ms > 0 ? await checkRelaxed(z, relax, assumptions, ms) : null;
      if (relaxed?.core) {
        relaxationPaid.add(solver);
        relaxedCores.set(solver, relaxed.core);
        return 'unsat';
      }
      if (interruptions !== interrupted) return 'unknown';
      // The relaxation's model, tried as is: where it is a model of the formula, the check is quick.
      if (
        (!brief || relax.nonlinear) &&
        relaxed?.hints?.length &&
        (await checkWithin(z, solver, [...assumptions, ...relaxed.hints], Math.min(HINT_MS, Math.max(1, left())))) === 'sat'
      )
        return 'sat';
    }
    relaxationPaid.delete(solver);
  }
  const rest = left();
  if (rest <= 0) return 'unknown';
  return checkWithin(z, solver, assumptions, Number.isFinite(rest) ? Math.max(1, Math.round(rest)) : 0);
}

/**
 * Reads the value of `term` in `model` (completed: every constant has a value) through Z3's C API:
 * the high-level `model.eval` makes an expression object per read (its kind and sort asked, a
 * reference and a finaliser registered), and a datum's extraction reads dozens of terms.
 */
function readIn<T>(z: Z3Handle, model: Model<'main'>, term: Expr<'main'>, read: (ast: number) => T): T {
  const c = z.ctx.ptr;
  const r = z.api.model_eval(c, (model as unknown as { ptr: never }).ptr, term.ast, true) as unknown as number | null;
  if (r === null) throw new Error('Z3 could not evaluate a term in a model');
  z.api.inc_ref(c, r as never);
  try {
    return read(r);
  } finally {
    z.api.dec_ref(c, r as never);
  }
}

/** Whether the truth value `b` is true in `model` (completed). */
export function trueIn(z: Z3Handle, model: Model<'main'>, b: Bool<'main'>): boolean {
  return readIn(z, model, b, (r) => z.api.get_bool_value(z.ctx.ptr, r as never) === 1);
}

/** The value of the bit-vector term `t` in `model` (completed), as an unsigned integer. */
export function numeralIn(z: Z3Handle, model: Model<'main'>, t: Expr<'main'>): bigint {
  return readIn(z, model, t, (r) => BigInt(z.api.get_numeral_string(z.ctx.ptr, r as never)));
}

/** The unsat core of the solver's last check (which answered unsat), as assumption literals. */
export function unsatCore(solver: Solver<'main'>): Bool<'main'>[] {
  const relaxed = relaxedCores.get(solver);
  if (relaxed) return relaxed;
  const core = solver.unsatCore();
  const originals = logicSolvers.get(solver)?.originals;
  return Array.from({ length: core.length() }, (_, i) => core.get(i)).map((lit) => originals?.get(lit.id()) ?? lit);
}

/**
 * The relaxation's answer under `assumptions` within `ms`: the assumptions of its core when it is
 * unsatisfiable (so is the formula), the values of its model as hints when it is satisfiable, else null.
 */
async function checkRelaxed(
  z: Z3Handle,
  relax: IntRelaxation,
  assumptions: Bool<'main'>[],
  ms: number,
): Promise<{ core?: Bool<'main'>[]; hints?: Bool<'main'>[] } | null> {
  const relaxedOf = new Map<number, Bool<'main'>>();
  let relaxedAssumptions: Bool<'main'>[];
  try {
    relaxedAssumptions = assumptions.map((a) => {
      const r = relax.relax(a);
      relaxedOf.set(r.id(), a);
      return r;
    });
  } catch (e) {
    if (e instanceof RangeError || e instanceof TooLarge) return null;
    throw e;
  }
  setSolverTimeout(relax.solver, ms);
  const r = await checkWithin(z, relax.solver, relaxedAssumptions, ms);
  if (r === 'sat') return { hints: relax.hints(relax.solver.model()) };
  if (r !== 'unsat') return null;
  return { core: unsatCore(relax.solver).flatMap((lit) => relaxedOf.get(lit.id()) ?? []) };
}

/**
 * A check within `limit` ms (0: no limit), on the solver solverFor gave (a logic's solver moves to the
 * default solver where it gives up, refuses the formula or is assumed something outside its logic: see fallBack).
 */
async function checkWithin(z: Z3Handle, solver: Solver<'main'>, assumptions: Bool<'main'>[], limit: number): Promise<'sat' | 'unsat' | 'unknown'> {
  const started = Date.now();
  // Assumptions outside the QF_AUFBV solver's logic (see solverFor): the default solver.
  const state = logicSolvers.get(solver);
  if (
    state &&
    outsideLogic(
      z,
      state,
      assumptions.filter((a) => !z.ctx.isConst(a)),
    )
  )
    fallBack(z, solver, true);
  let r: 'sat' | 'unsat' | 'unknown' | undefined;
  try {
    r = await checkOnce(z, solver, asLiterals(z, solver, assumptions), limit);
  } catch (e) {
    // The SAT solver's translator refuses some formulas ("operator distinct not supported"): the default solver takes them.
    if (!(refused(e) && fallBack(z, solver, true))) throw e;
  }
  // Refused, or given up on (see fallBack): asked again of the default solver, within what is left of the limit.
  if (r === undefined || (r === 'unknown' && fallBack(z, solver)))
    return checkOnce(z, solver, assumptions, limit > 0 ? Math.max(1, limit - (Date.now() - started)) : 0);
  return r;
}

/**
 * One check within `limit` ms: first on the JS thread for a short slice, then, if undecided, on Z3's own
 * thread for the rest of the limit.
 */
async function checkOnce(z: Z3Handle, solver: Solver<'main'>, assumptions: Bool<'main'>[], limit: number): Promise<'sat' | 'unsat' | 'unknown'> {
  const slice = onThreadSliceMs === undefined ? limit : limit > 0 ? Math.min(onThreadSliceMs, limit) : onThreadSliceMs;
  const started = Date.now();
  setZ3Timeout(solver, slice);
  const r = checkOnThread(z, solver, assumptions);
  if (r !== 'unknown' || slice === limit) return r;
  const left = limit > 0 ? limit - (Date.now() - started) : Infinity;
  if (left <= 0) return 'unknown';
  setZ3Timeout(solver, Number.isFinite(left) ? Math.max(1, Math.round(left)) : 0);
  return await solver.check(...assumptions);
}

function checkOnThread(z: Z3Handle, solver: Solver<'main'>, assumptions: Bool<'main'>[]): 'sat' | 'unsat' | 'unknown' {
  const { em, api, ctx } = z;
  const ptr = em._malloc(Math.max(4, assumptions.length * 4));
  try {
    em.HEAPU32.set(
      assumptions.map((a) => a.ast as unknown as number),
      ptr / 4,
    );
    const r = em._Z3_solver_check_assumptions(ctx.ptr as unknown as number, solver.ptr as unknown as number, assumptions.length, ptr);
    // The context reports errors through its error code (z3-solver installs no throwing handler).
    const code = api.get_error_code(ctx.ptr);
    if (code !== 0) throw new Error(api.get_error_msg(ctx.ptr, code));
    return r === 1 ? 'sat' : r === -1 ? 'unsat' : 'unknown';
  } finally {
    em._free(ptr);
  }
}

/** How many checks were interrupted on this thread (see `interruptCheck`). */
let interruptions = 0;

/**
 * Interrupts the running check (a cancelled job). An interrupted Z3 instance was seen to
 * corrupt its heap, so the language server retires a worker whose Z3 was interrupted;
 * a job cancelled between checks leaves Z3 as it was, and its worker is kept.
 */
export function interruptCheck(z: Z3Handle): void {
  interruptions++;
  z.ctx.interrupt();
}

/** `f` (checks of this thread's Z3, inside `queueCheck`) with `signal`'s abort interrupting the running check. */
export async function interruptibleBy<T>(z: Z3Handle, signal: AbortSignal | undefined, f: () => Promise<T>): Promise<T> {
  const onAbort = () => interruptCheck(z);
  signal?.addEventListener('abort', onAbort);
  try {
    return await f();
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The number of interrupted checks so far on this thread. */
export function interruptionCount(): number {
  return interruptions;
}
