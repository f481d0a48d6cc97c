// Unfolds a function into an acyclic graph of block segments: loops are
// unrolled up to a bound and calls to functions of the program are inlined up
// to a depth, lazily from the entry (the solver-side counterpart of the
// seeds' `w` combinator, which unfolds a loop only as far as needed).
//
// A node is a segment of an original block, in one calling context, at one
// iteration count of each loop that contains it. A segment ends at the
// block's terminator or at a call to a function of the program; the call's
// continuation is the segment after it. A back edge taken once more than the
// bound leads to the loop's unwind node: a sink that stands for "the loop
// would run longer". With bound k the body can run k times and the loop's
// exit test be evaluated k + 1 times. No execution reaching an unwind node means the bound
// covers every execution (the unwinding check).
//
// Invariant: node ids are a topological order (every edge goes from a lower
// id to a higher one), so the encoder can walk them in id order.

import type { BasicBlock, IRFunction, Program, Variable } from '../ir/ir';
import { successors } from '../ir/cfg';
import { findLoops, isReducible, type Loop } from '../ir/loops';

/** A calling context: the function and how its variables are renamed. */
export interface CallContext {
  id: number;
  fn: IRFunction;
  parent: CallContext | null;
  /** The call node in the parent context whose callee this is. */
  callNode: number | null;
  depth: number;
  /** Original variable id -> id in this context (absent: same id, e.g. globals). */
  rename: Map<number, number>;
}

export interface DagNode {
  id: number;
  ctx: CallContext;
  /** Original block of ctx.fn. */
  block: BasicBlock;
  /** First instruction of the segment. */
  start: number;
  /** One past the last instruction of the segment. */
  end: number;
  /** The segment ends with a call that is inlined: instrs[end - 1]. */
  inlinedCall: boolean;
  /** Iteration count of each loop (header id) containing the block. */
  counts: number[];
  /** Successors: original target block (or -1 for the callee entry / continuation) -> node id. */
  succ: Map<number, number>;
  /** For nodes entered from an inlined call: the call node (callee entry) — see ctx.callNode. */
  /** Unwind sink for the loop with this header (in ctx.fn). */
  unwindOf?: number;
  /** A call deeper than the inlining bound ends here as a havoc (recorded by the encoder). */
  preds: number[];
}

export interface UnrolledFunction {
  top: IRFunction;
  nodes: DagNode[];
  contexts: CallContext[];
  /** Variables of inlined contexts (fresh ids) and of the program. */
  vars: Map<number, Variable>;
  bound: number;
  /** Irreducible control flow or a call beyond the depth: what and where (line), for unknown verdicts. */
  limits: { what: string; line: number; node: number }[];
  /** Node ids of unwind sinks. */
  unwinds: number[];
}

interface FnInfo {
  loops: Loop[];
  /** block id -> loops containing it, outermost first. */
  loopsOf: Map<number, Loop[]>;
  reducible: boolean;
}

export function unroll(program: Program, top: IRFunction, bound: number, inlineDepth: number): UnrolledFunction {
  const fnInfo = new Map<string, FnInfo>();
  const info = (fn: IRFunction): FnInfo => {
    let i = fnInfo.get(fn.name);
    if (!i) {
      const loops = findLoops(fn);
      const loopsOf = new Map<number, Loop[]>();
      for (const l of loops) for (const b of l.body) (loopsOf.get(b) ?? loopsOf.set(b, []).get(b)!).push(l);
      for (const ls of loopsOf.values()) ls.sort((a, b) => a.depth - b.depth);
      i = { loops, loopsOf, reducible: isReducible(fn) };
      fnInfo.set(fn.name, i);
    }
    return i;
  };
  const functions = new Map(program.functions.map((f) => [f.name, f]));
  const vars = new Map(program.vars);
  let nextVar = Math.max(0, ...program.vars.keys()) + 1;
  const contexts: CallContext[] = [];
  const nodes: DagNode[] = [];
  const limits: UnrolledFunction['limits'] = [];
  const byKey = new Map<string, DagNode>();

  const newContext = (fn: IRFunction, parent: CallContext | null, callNode: number | null): CallContext => {
    const rename = new Map<number, number>();
    if (parent) {
      for (const id of fn.locals) {
        const v = program.vars.get(id);
        if (!v) continue;
        const fresh = nextVar++;
        vars.set(fresh, { ...v, id: fresh, name: `${fn.name}.${v.name}` });
        rename.set(id, fresh);
      }
    }
    const ctx: CallContext = { id: contexts.length, fn, parent, callNode, depth: parent ? parent.depth + 1 : 0, rename };
    contexts.push(ctx);
    return ctx;
  };

  // Segment boundaries: a segment ends after each call to a function with a body.
  const segmentEnd = (block: BasicBlock, start: number): { end: number; call: boolean } => {
    for (let i = start; i < block.instrs.length; i++) {
      const ins = block.instrs[i];
      if (ins.kind === 'assign' && ins.value.op === 'call' && !ins.value.external && functions.has(ins.value.callee)) return { end: i + 1, call: true };
    }
    return { end: block.instrs.length, call: false };
  };

  // Nodes are created in a worklist; ids are renumbered topologically at the end.
  const getNode = (ctx: CallContext, blockId: number, start: number, counts: number[], unwindOf?: number): DagNode => {
    const key = `${ctx.id}/${unwindOf === undefined ? '' : 'u'}${blockId}/${start}/${counts.join(',')}`;
    let n = byKey.get(key);
    if (n) return n;
    const block = ctx.fn.blocks[blockId];
    const seg = unwindOf === undefined ? segmentEnd(block, start) : { end: start, call: false };
    n = { id: nodes.length, ctx, block, start, end: seg.end, inlinedCall: seg.call, counts, succ: new Map(), preds: [], unwindOf };
    nodes.push(n);
    byKey.set(key, n);
    work.push(n);
    return n;
  };
  const work: DagNode[] = [];

  const topCtx = newContext(top, null, null);
  getNode(topCtx, 0, 0, []);
  if (!info(top).reducible) limits.push({ what: 'irreducible control flow (goto into a loop)', line: top.range.line, node: 0 });

  while (work.length) {
    const n = work.pop()!;
    if (n.unwindOf !== undefined) continue;
    const fn = n.ctx.fn;
    const fi = info(fn);
    if (n.inlinedCall) {
      const call = n.block.instrs[n.end - 1];
      const callee = call.kind === 'assign' && call.value.op === 'call' ? functions.get(call.value.callee)! : undefined;
      if (callee && n.ctx.depth < inlineDepth) {
        if (!info(callee).reducible) limits.push({ what: `irreducible control flow in ${callee.name}`, line: callee.range.line, node: n.id });
        const cctx = newContext(callee, n.ctx, n.id);
        const entry = getNode(cctx, 0, 0, []);
        n.succ.set(-1, entry.id);
      } else {
        // Too deep: the encoder gives the call a havoc result; the continuation follows directly.
        limits.push({ what: `call of ${callee?.name ?? '?'} deeper than the inlining bound ${inlineDepth}`, line: call.range.line, node: n.id });
        n.inlinedCall = false;
        const cont = getNode(n.ctx, n.block.id, n.end, n.counts);
        n.succ.set(-1, cont.id);
      }
      continue;
    }
    if (n.end < n.block.instrs.length) {
      // Only a demoted call (above) stops a segment early.
      continue;
    }
    // End of the block: follow the terminator.
    if (n.block.id === fn.exitBlock && n.ctx.parent) {
      // Return to the caller's continuation.
      const caller = nodes[n.ctx.callNode!];
      const cont = getNode(caller.ctx, caller.block.id, caller.end, caller.counts);
      n.succ.set(-1, cont.id);
      continue;
    }
    const myLoops = fi.loopsOf.get(n.block.id) ?? [];
    for (const t of successors(n.block)) {
      const tLoops = fi.loopsOf.get(t) ?? [];
      // Counts of the loops that contain both stay; a loop whose header is t and that contains n is iterated.
      const counts: number[] = [];
      let target: DagNode | undefined;
      for (let i = 0; i < tLoops.length; i++) {
        const l = tLoops[i];
        const j = myLoops.indexOf(l);
        if (j < 0) {
          counts.push(0); // entering l
        } else if (l.header === t && l.latches.includes(n.block.id)) {
          const c = n.counts[j] + 1;
          if (c > bound) {
            target = getNode(n.ctx, t, 0, [...counts, c], t);
            break;
          }
          counts.push(c);
        } else {
          counts.push(n.counts[j]);
        }
      }
      target ??= getNode(n.ctx, t, 0, counts);
      n.succ.set(t, target.id);
    }
  }

  // Topological renumbering (the exploration order is not one).
  for (const n of nodes) for (const s of n.succ.values()) nodes[s].preds.push(n.id);
  const order = topoOrder(nodes);
  const newId = new Map<number, number>();
  order.forEach((old, i) => newId.set(old, i));
  const sorted = order.map((old) => nodes[old]);
  for (const n of sorted) {
    n.id = newId.get(n.id)!;
    n.succ = new Map([...n.succ].map(([k, v]) => [k, newId.get(v)!]));
    n.preds = n.preds.map((p) => newId.get(p)!);
  }
  for (const c of contexts) if (c.callNode !== null) c.callNode = newId.get(c.callNode)!;
  for (const l of limits) l.node = newId.get(l.node) ?? l.node;
  return {
    top,
    nodes: sorted,
    contexts,
    vars,
    bound,
    limits,
    unwinds: sorted.filter((n) => n.unwindOf !== undefined).map((n) => n.id),
  };
}

function topoOrder(nodes: DagNode[]): number[] {
  const indeg = nodes.map((n) => n.preds.length);
  const ready = nodes
    .filter((n) => n.preds.length === 0)
    .map((n) => n.id)
    .reverse();
  const order: number[] = [];
  while (ready.length) {
    const id = ready.pop()!;
    order.push(id);
    for (const s of new Set(nodes[id].succ.values())) {
      // A node may list the same successor twice (then == else): count each pred entry.
      const times = nodes[s].preds.filter((p) => p === id).length;
      indeg[s] -= times;
      if (indeg[s] === 0) ready.push(s);
    }
  }
  if (order.length !== nodes.length) throw new Error('unroll: the unrolled graph has a cycle (irreducible loop)');
  return order;
}

/** The variable id of `id` inside context `ctx`. */
export function resolveVar(ctx: CallContext, id: number): number {
  return ctx.rename.get(id) ?? id;
}
