// Natural loops (back edges whose target dominates their source), their
// nesting, and reducibility. A loop made irreducible by goto has a cycle with
// two entries: it has no natural loop, and the model must say unknown for it.

import type { IRFunction } from './ir';
import { predecessors, reversePostorder, successors } from './cfg';
import { dominators, type DomTree } from './dominators';

export interface Loop {
  header: number;
  /** Blocks of the loop, header included. */
  body: Set<number>;
  /** Sources of the back edges to the header. */
  latches: number[];
  /** Edges leaving the loop. */
  exits: { from: number; to: number }[];
  /** Header of the innermost enclosing loop, null for an outermost loop. */
  parent: number | null;
  /** 1 for an outermost loop. */
  depth: number;
}

/**
 * Natural loops of `fn`, outer loops before the loops they contain (by the
 * reverse postorder of their headers). Back edges sharing a header make one loop.
 */
export function findLoops(fn: IRFunction, dom: DomTree = dominators(fn)): Loop[] {
  const preds = predecessors(fn);
  const rpo = reversePostorder(fn);
  const latchesOf = new Map<number, number[]>();
  for (const u of rpo) {
    for (const h of successors(fn.blocks[u])) {
      if (!dom.dominates(h, u)) continue;
      const ls = latchesOf.get(h) ?? [];
      ls.push(u);
      latchesOf.set(h, ls);
    }
  }
  const loops: Loop[] = [];
  for (const header of rpo) {
    const latches = latchesOf.get(header);
    if (!latches) continue;
    // Body: everything that reaches a latch backwards without passing the header.
    const body = new Set<number>([header]);
    const work = latches.filter((l) => !body.has(l));
    for (const l of work) body.add(l);
    while (work.length > 0) {
      const b = work.pop()!;
      for (const p of preds[b]) {
        if (!body.has(p) && dom.dominates(header, p)) {
          body.add(p);
          work.push(p);
        }
      }
    }
    const exits: { from: number; to: number }[] = [];
    for (const b of [...body].sort((x, y) => x - y)) {
      for (const s of successors(fn.blocks[b])) if (!body.has(s)) exits.push({ from: b, to: s });
    }
    loops.push({ header, body, latches, exits, parent: null, depth: 1 });
  }
  // Innermost enclosing loop: the smallest other loop whose body holds the header.
  for (const loop of loops) {
    let parent: Loop | null = null;
    for (const other of loops) {
      if (other !== loop && other.body.has(loop.header) && (!parent || other.body.size < parent.body.size)) parent = other;
    }
    loop.parent = parent ? parent.header : null;
  }
  const byHeader = new Map(loops.map((l) => [l.header, l]));
  // Loops are in rpo order of headers, so a parent's depth is known before its children's.
  for (const loop of loops) loop.depth = loop.parent === null ? 1 : byHeader.get(loop.parent)!.depth + 1;
  return loops;
}

/**
 * Edges that close a cycle without their target dominating their source
 * (retreating edges of a depth-first search that are not back edges). Empty
 * exactly when the CFG is reducible.
 */
export function irreducibleEdges(fn: IRFunction, dom: DomTree = dominators(fn)): { from: number; to: number }[] {
  if (fn.blocks.length === 0) return [];
  const found: { from: number; to: number }[] = [];
  const onStack = new Set<number>([0]);
  const seen = new Set<number>([0]);
  const stack: [number, number][] = [[0, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const succ = successors(fn.blocks[top[0]]);
    if (top[1] < succ.length) {
      const s = succ[top[1]++];
      if (onStack.has(s)) {
        if (!dom.dominates(s, top[0])) found.push({ from: top[0], to: s });
      } else if (!seen.has(s)) {
        seen.add(s);
        onStack.add(s);
        stack.push([s, 0]);
      }
    } else {
      onStack.delete(top[0]);
      stack.pop();
    }
  }
  return found;
}

/** True when every cycle of the CFG (reached from the entry) is a natural loop entered only through its header. */
export function isReducible(fn: IRFunction, dom: DomTree = dominators(fn)): boolean {
  return irreducibleEdges(fn, dom).length === 0;
}

/** How deep the function's loops nest (0: no loop): nested loops unroll to bound^depth copies. */
export function nestingDepth(fn: IRFunction): number {
  return Math.max(0, ...findLoops(fn).map((l) => l.depth));
}
