// One Z3 (WebAssembly) instance per thread, initialised once and shared by
// every query of this thread. The language server runs one per worker.
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
