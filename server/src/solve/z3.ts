// One Z3 (WebAssembly) instance per thread, initialised once and shared by
// every query of this thread. The language server runs one per worker.

import { init } from 'z3-solver';
import type { Context, Expr } from 'z3-solver';

type Z3Init = Awaited<ReturnType<typeof init>>;
export type Ctx = Context<'main'>;
export type LowLevel = Z3Init['Z3'];

export interface Z3Handle {
  api: LowLevel;
  ctx: Ctx;
  /** Wraps a raw AST made with the low-level API (for operations the high-level API lacks). */
  wrap<T extends Expr<'main'>>(like: T, ast: unknown): T;
}

let handle: Promise<Z3Handle> | undefined;

export function getZ3(): Promise<Z3Handle> {
  handle ??= (async () => {
    const z3 = await init();
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
