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

import type { Context, Expr } from 'z3-solver';

type Z3Module = typeof import('z3-solver');
type Z3Init = Awaited<ReturnType<Z3Module['init']>>;
export type Ctx = Context<'main'>;
export type LowLevel = Z3Init['Z3'];

export interface Z3Handle {
  api: LowLevel;
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

/** Runs a solver check after every check already queued on this thread's Z3, with term releases held back. */
export function queueCheck<T>(f: () => Promise<T>): Promise<T> {
  const run = () => solverCall(f);
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
    let z3: Z3Init;
    try {
      const { init } = (await import('z3-solver')) as Z3Module;
      z3 = await init();
    } finally {
      globalThis.FinalizationRegistry = original;
    }
    const ctx = z3.Context('main') as unknown as Ctx;
    // The high-level API keeps its AST-to-expression function private; an
    // expression's own class builds a sibling of the same sort from a raw AST.
    const wrap = <T extends Expr<'main'>>(like: T, ast: unknown): T => {
      const Ctor = (like as unknown as { constructor: new (ast: unknown) => T }).constructor;
      return new Ctor(ast);
    };
    return { api: z3.Z3, ctx, wrap };
  })();
  return handle;
}
