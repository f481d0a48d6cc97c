// Unfolds a function into an acyclic graph of block segments: loops are
// unrolled up to a bound, recursive calls are inlined up to the same bound,
// and other calls to functions of the program are inlined up to a depth,
// lazily from the entry (the solver-side counterpart of the seeds' `w`
// combinator, which unfolds a loop only as far as needed).
//
// A node is a segment of an original block, in one calling context, at one
// iteration count of each loop that contains it. A segment ends at the
// block's terminator or at a call to a function of the program; the call's
// continuation is the segment after it. A back edge taken once more than the
// bound leads to the loop's unwind node: a sink that stands for "the loop
// would run longer". With bound k the body can run k times and the loop's
// exit test be evaluated k + 1 times. Recursion is unrolled the same way: a
// call to a function already active in the calling context is inlined while
// at most k recursive calls are nested, and the next one leads to a
// recursion unwind node ("the recursion would go deeper"). No execution
// reaching an unwind node means the bound covers every execution (the
// unwinding check).
//
// Loops are the loop-nesting forest of a depth-first search (loopNest): for
// a reducible function these are its natural loops; a cycle entered other
// than through its header (a goto into a loop body, Duff's device) is a loop
// too, headed by its first block in depth-first order, and entering it at
// another block starts its count at 0. Every cycle of the CFG goes back to
// the header of a loop containing it, so counting those edges is enough to
// make the unrolled graph acyclic.
//
// Invariant: node ids are a topological order (every edge goes from a lower
// id to a higher one), so the encoder can walk them in id order.

import type { BasicBlock, IRFunction, Program, Variable } from '../ir/ir';
import { successors } from '../ir/cfg';

/** A calling context: the function and how its variables are renamed. */
export interface CallContext {
  id: number;
  fn: IRFunction;
  parent: CallContext | null;
  /** The call node in the parent context whose callee this is. */
  callNode: number | null;
  /** Depth of non-recursive calls (compared with the inlining depth): a recursive frame has the depth of its function's frames. */
  depth: number;
  /** Frames of `fn` active in the parent contexts (0: not a recursive call). */
  recursion: number;
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
  /** The segment ends with a call that is inlined (or, past the recursion bound, leads to a recursion unwind sink): instrs[end - 1]. */
  inlinedCall: boolean;
  /** Iteration count of each loop (header id) containing the block. */
  counts: number[];
  /** Successors: original target block (or -1 for the callee entry / continuation) -> node id. */
  succ: Map<number, number>;
  /**
   * Unwind sinks only: the header of the loop (in ctx.fn) that would run
   * longer, or -1 for a call that would recurse deeper than the bound (its
   * call node is the predecessor; `recursion` names the callee).
   */
  unwindOf?: number;
  recursion?: string;
  preds: number[];
}

export interface UnrolledFunction {
  top: IRFunction;
  nodes: DagNode[];
  contexts: CallContext[];
  /** Variables of inlined contexts (fresh ids) and of the program. */
  vars: Map<number, Variable>;
  bound: number;
  /** Nested recursive calls inlined: the bound, or less when the recursion's copies would exceed RECURSION_NODE_BUDGET. */
  recursionDepth: number;
  /** A call beyond the inlining depth: what and where (line), for unknown verdicts. */
  limits: { what: string; line: number; node: number }[];
  /** Node ids of unwind sinks (loops and recursion). */
  unwinds: number[];
}

/** A loop of the loop-nesting forest (see loopNest). */
export interface NestLoop {
  header: number;
  /** Blocks of the loop, header included. */
  body: Set<number>;
  /** Blocks of the body with an edge to the header: taking one of these edges is an iteration. */
  latches: number[];
  /** 1 for an outermost loop. */
  depth: number;
}

/**
 * Nodes created inside recursive frames beyond which the recursion depth of a
 * level is lowered (a call tree that branches grows exponentially with it);
 * the calls cut there lead to recursion unwind sinks like the others.
 */
export const RECURSION_NODE_BUDGET = 2000;

interface FnInfo {
  /** block id -> loops containing it, outermost first. */
  loopsOf: Map<number, NestLoop[]>;
}

/** The attempt made more nodes in recursive frames than the budget allows. */
class OverBudget extends Error {}

/**
 * Unrolls `top` with loops and recursion to `bound` (the recursion lowered,
 * by bisection, to the deepest that fits the budget) and non-recursive calls
 * inlined up to `inlineDepth`.
 */
export function unroll(program: Program, top: IRFunction, bound: number, inlineDepth: number, budget = RECURSION_NODE_BUDGET): UnrolledFunction {
  const fnInfo = new Map<string, FnInfo>();
  const attempt = (depth: number): UnrolledFunction | null => {
    try {
      return unrollAt(program, top, bound, inlineDepth, depth, budget, fnInfo);
    } catch (e) {
      if (e instanceof OverBudget) return null;
      throw e;
    }
  };
  const full = attempt(bound);
  if (full) return full;
  // Depth 0 (every recursive call a sink) creates no recursive frame: it always fits.
  let lo = 0;
  let hi = bound - 1;
  let best: UnrolledFunction | null = null;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const u = attempt(mid);
    if (u) {
      lo = mid;
      best = u;
    } else hi = mid - 1;
  }
  return best?.recursionDepth === lo ? best : attempt(lo)!;
}

function unrollAt(
  program: Program,
  top: IRFunction,
  bound: number,
  inlineDepth: number,
  recursionDepth: number,
  budget: number,
  fnInfo: Map<string, FnInfo>,
): UnrolledFunction {
  const info = (fn: IRFunction): FnInfo => {
    let i = fnInfo.get(fn.name);
    if (!i) {
      const loopsOf = new Map<number, NestLoop[]>();
      for (const l of loopNest(fn)) for (const b of l.body) (loopsOf.get(b) ?? loopsOf.set(b, []).get(b)!).push(l);
      for (const ls of loopsOf.values()) ls.sort((a, b) => a.depth - b.depth);
      i = { loopsOf };
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
  /** Contexts that are recursive frames or inside one, and the nodes made in them (for the budget). */
  const inRecursion = new Set<CallContext>();
  let recursiveNodes = 0;

  const newContext = (fn: IRFunction, parent: CallContext | null, callNode: number | null, depth: number, recursion: number): CallContext => {
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
    const ctx: CallContext = { id: contexts.length, fn, parent, callNode, depth, recursion, rename };
    contexts.push(ctx);
    if (parent && (recursion > 0 || inRecursion.has(parent))) inRecursion.add(ctx);
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
  const getNode = (ctx: CallContext, blockId: number, start: number, counts: number[], sink?: { unwindOf: number; recursion?: string }): DagNode => {
    const kind = sink === undefined ? '' : sink.unwindOf < 0 ? 'r' : 'u';
    const key = `${ctx.id}/${kind}${blockId}/${start}/${counts.join(',')}`;
    let n = byKey.get(key);
    if (n) return n;
    const block = ctx.fn.blocks[blockId];
    const seg = sink === undefined ? segmentEnd(block, start) : { end: start, call: false };
    n = { id: nodes.length, ctx, block, start, end: seg.end, inlinedCall: seg.call, counts, succ: new Map(), preds: [], ...sink };
    nodes.push(n);
    byKey.set(key, n);
    work.push(n);
    if (inRecursion.has(ctx) && ++recursiveNodes > budget && recursionDepth > 0) throw new OverBudget();
    return n;
  };
  const work: DagNode[] = [];

  const topCtx = newContext(top, null, null, 0, 0);
  getNode(topCtx, 0, 0, []);

  /** Frames of `fn` in `ctx` and its parents: how many, and the innermost. */
  const framesOf = (ctx: CallContext, fn: IRFunction): { count: number; last: CallContext | null } => {
    let count = 0;
    let last: CallContext | null = null;
    for (let c: CallContext | null = ctx; c; c = c.parent)
      if (c.fn.name === fn.name) {
        count++;
        last ??= c;
      }
    return { count, last };
  };

  while (work.length) {
    const n = work.pop()!;
    if (n.unwindOf !== undefined) continue;
    const fn = n.ctx.fn;
    const fi = info(fn);
    if (n.inlinedCall) {
      const call = n.block.instrs[n.end - 1];
      const callee = call.kind === 'assign' && call.value.op === 'call' ? functions.get(call.value.callee)! : undefined;
      const frames = callee ? framesOf(n.ctx, callee) : { count: 0, last: null };
      if (callee && frames.count > 0) {
        // A recursive call: inlined while at most `recursionDepth` of them are nested, else the recursion's unwind sink.
        if (frames.count <= recursionDepth) {
          const cctx = newContext(callee, n.ctx, n.id, frames.last!.depth, frames.count);
          n.succ.set(-1, getNode(cctx, 0, 0, []).id);
        } else {
          n.succ.set(-1, getNode(n.ctx, n.block.id, n.end, n.counts, { unwindOf: -1, recursion: callee.name }).id);
        }
        continue;
      }
      if (callee && n.ctx.depth < inlineDepth) {
        const cctx = newContext(callee, n.ctx, n.id, n.ctx.depth + 1, 0);
        n.succ.set(-1, getNode(cctx, 0, 0, []).id);
        continue;
      }
      // Too deep: the encoder gives the call a havoc result (a taint); the segment goes on as if the call were not inlined.
      limits.push({ what: `call of ${callee?.name ?? '?'} deeper than the inlining bound ${inlineDepth}`, line: call.range.line, node: n.id });
      n.inlinedCall = false;
    }
    if (n.end < n.block.instrs.length) {
      // Only a call not inlined (above) stops a segment early: the continuation follows directly.
      n.succ.set(-1, getNode(n.ctx, n.block.id, n.end, n.counts).id);
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
          counts.push(0); // entering l (through its header, or elsewhere when it is irreducible)
        } else if (l.header === t && l.latches.includes(n.block.id)) {
          const c = n.counts[j] + 1;
          if (c > bound) {
            target = getNode(n.ctx, t, 0, [...counts, c], { unwindOf: t });
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
    recursionDepth,
    limits,
    unwinds: sorted.filter((n) => n.unwindOf !== undefined).map((n) => n.id),
  };
}

/**
 * The loop-nesting forest of a depth-first search from the entry (Havlak's,
 * without the union-find): a loop per target `h` of a retreating edge (an
 * edge to an ancestor in the search tree), its body the descendants of `h`
 * that reach such an edge's source without passing `h`. For a reducible
 * function these are exactly its natural loops (ir/loops.ts); otherwise the
 * cycles with several entries are loops too, headed by the entry the search
 * met first. Every cycle of the CFG contains the edge back to the header of
 * a loop whose body holds the whole cycle (its block first in preorder is an
 * ancestor of the others), and the bodies nest.
 */
export function loopNest(fn: IRFunction): NestLoop[] {
  const nb = fn.blocks.length;
  if (nb === 0) return [];
  const pre = new Array<number>(nb).fill(-1);
  const last = new Array<number>(nb).fill(-1);
  const order: number[] = [];
  // Iterative depth-first search: functions of thousands of blocks must not overflow the JS stack.
  pre[0] = 0;
  order.push(0);
  const stack: [number, number][] = [[0, 0]];
  while (stack.length) {
    const top = stack[stack.length - 1];
    const next = successors(fn.blocks[top[0]]);
    if (top[1] < next.length) {
      const s = next[top[1]++];
      if (pre[s] < 0) {
        pre[s] = order.length;
        order.push(s);
        stack.push([s, 0]);
      }
    } else {
      last[top[0]] = order.length - 1;
      stack.pop();
    }
  }
  const isAncestor = (a: number, b: number) => pre[a] >= 0 && pre[b] >= 0 && pre[a] <= pre[b] && pre[b] <= last[a];
  const preds: number[][] = fn.blocks.map(() => []);
  const sources = new Map<number, number[]>();
  for (const u of order)
    for (const s of successors(fn.blocks[u])) {
      preds[s].push(u);
      if (isAncestor(s, u)) (sources.get(s) ?? sources.set(s, []).get(s)!).push(u);
    }
  const loops: NestLoop[] = [];
  for (const h of order) {
    const srcs = sources.get(h);
    if (!srcs) continue;
    const body = new Set<number>([h]);
    const todo = srcs.filter((x) => !body.has(x));
    for (const x of todo) body.add(x);
    while (todo.length) {
      const b = todo.pop()!;
      for (const p of preds[b])
        if (!body.has(p) && isAncestor(h, p)) {
          body.add(p);
          todo.push(p);
        }
    }
    loops.push({ header: h, body, latches: preds[h].filter((p) => body.has(p)), depth: 1 });
  }
  // The bodies nest: a loop's depth is the number of loops whose body holds its header.
  for (const l of loops) l.depth = loops.filter((o) => o.body.has(l.header)).length;
  return loops;
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
  if (order.length !== nodes.length) throw new Error('unroll: the unrolled graph has a cycle (a loop of loopNest missed it)');
  return order;
}

/** The variable id of `id` inside context `ctx`. */
export function resolveVar(ctx: CallContext, id: number): number {
  return ctx.rename.get(id) ?? id;
}
