// The call graph below one function: the functions of the program it calls,
// directly or not (calls of functions without a body are not followed).

import type { IRFunction, Program } from './ir';

/** `fn` and every function of the program it may call, callees before callers; `recursive` when some call is on a cycle. */
export function callTree(program: Program, fn: IRFunction): { order: IRFunction[]; recursive: boolean } {
  const byName = new Map(program.functions.map((f) => [f.name, f]));
  const order: IRFunction[] = [];
  const state = new Map<string, 'active' | 'done'>();
  let recursive = false;
  const visit = (f: IRFunction) => {
    state.set(f.name, 'active');
    for (const b of f.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== 'assign' || ins.value.op !== 'call' || ins.value.external) continue;
        const g = byName.get(ins.value.callee);
        if (!g) continue;
        const s = state.get(g.name);
        if (s === 'active') recursive = true;
        else if (!s) visit(g);
      }
    state.set(f.name, 'done');
    order.push(f);
  };
  visit(fn);
  return { order, recursive };
}
