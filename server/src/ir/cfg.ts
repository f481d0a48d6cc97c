// Control-flow graph queries over an IRFunction's blocks. The graph is
// implicit in the terminators; these helpers read it without copying.

import type { BasicBlock, IRFunction } from './ir';

/** Successor block ids of `block`, in terminator order (then before else, cases before default), without duplicates. */
export function successors(block: BasicBlock): number[] {
  const t = block.terminator;
  switch (t.kind) {
    case 'goto':
      return [t.target];
    case 'branch':
      return t.then === t.else ? [t.then] : [t.then, t.else];
    case 'switch': {
      const out: number[] = [];
      for (const c of t.cases) if (!out.includes(c.target)) out.push(c.target);
      if (!out.includes(t.default)) out.push(t.default);
      return out;
    }
    case 'return':
    case 'stop':
      return [];
  }
}

/** Predecessor ids of every block (indexed by block id), each list in increasing order without duplicates. */
export function predecessors(fn: IRFunction): number[][] {
  const preds: number[][] = fn.blocks.map(() => []);
  for (const b of fn.blocks) for (const s of successors(b)) preds[s].push(b.id);
  return preds;
}

/** Depth-first order of a graph from `entry`: the nodes it reaches in reverse postorder. */
export function reversePostorderOf(entry: number, succ: (n: number) => readonly number[]): number[] {
  const post: number[] = [];
  const seen = new Set<number>([entry]);
  // Explicit stack (node, index of next successor): functions of thousands of blocks must not overflow the JS stack.
  const stack: [number, number][] = [[entry, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const next = succ(top[0]);
    if (top[1] < next.length) {
      const s = next[top[1]++];
      if (!seen.has(s)) {
        seen.add(s);
        stack.push([s, 0]);
      }
    } else {
      post.push(top[0]);
      stack.pop();
    }
  }
  return post.reverse();
}

/** Blocks reachable from the entry block, in reverse postorder. */
export function reversePostorder(fn: IRFunction): number[] {
  if (fn.blocks.length === 0) return [];
  return reversePostorderOf(0, (n) => successors(fn.blocks[n]));
}

/** Ids of the blocks some path from the entry block reaches. */
export function reachableFromEntry(fn: IRFunction): Set<number> {
  return new Set(reversePostorder(fn));
}

/** Ids of the blocks some path from `start` reaches (itself included). */
export function reachableFrom(fn: IRFunction, start: number): Set<number> {
  return new Set(reversePostorderOf(start, (n) => successors(fn.blocks[n])));
}

/** Blocks where a path ends: the exit block and every `stop` block. */
export function endBlocks(fn: IRFunction): number[] {
  return fn.blocks.filter((b) => b.id === fn.exitBlock || b.terminator.kind === 'stop').map((b) => b.id);
}
