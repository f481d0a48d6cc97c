// Dominators, post-dominators and dominance frontiers, by the iterative
// algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance
// Algorithm", 2001) over any graph given by successor/predecessor functions.

import type { IRFunction } from './ir';
import { endBlocks, predecessors, reversePostorderOf, successors } from './cfg';

/** A graph over nodes 0..size-1, analysed from `root`. */
export interface Graph {
  size: number;
  root: number;
  succ(n: number): readonly number[];
  pred(n: number): readonly number[];
}

export interface DomTree {
  root: number;
  /** Immediate dominator of each node; -1 for the root and for nodes the root does not reach. */
  idom: number[];
  /** Children in the dominator tree. */
  children: number[][];
  /** Nodes the root reaches, in reverse postorder of the graph. */
  order: number[];
  /** Reflexive: a node dominates itself. False when either node is not reached. */
  dominates(a: number, b: number): boolean;
}

/** Dominator tree of `g` from `g.root`. */
export function dominatorTreeOf(g: Graph): DomTree {
  const order = reversePostorderOf(g.root, (n) => g.succ(n));
  const rpoIndex = new Array<number>(g.size).fill(-1);
  order.forEach((n, i) => (rpoIndex[n] = i));
  const idom = new Array<number>(g.size).fill(-1);
  idom[g.root] = g.root;
  // Walk up from both nodes until they meet; rpo indices decrease towards the root.
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (rpoIndex[a] > rpoIndex[b]) a = idom[a];
      while (rpoIndex[b] > rpoIndex[a]) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const n of order) {
      if (n === g.root) continue;
      let newIdom = -1;
      for (const p of g.pred(n)) {
        if (idom[p] === -1) continue; // not processed yet, or not reached
        newIdom = newIdom === -1 ? p : intersect(p, newIdom);
      }
      if (newIdom !== idom[n]) {
        idom[n] = newIdom;
        changed = true;
      }
    }
  }
  idom[g.root] = -1;
  const children: number[][] = Array.from({ length: g.size }, () => []);
  for (const n of order) if (idom[n] !== -1) children[idom[n]].push(n);
  // Pre/post numbers of the tree make `dominates` O(1).
  const pre = new Array<number>(g.size).fill(-1);
  const post = new Array<number>(g.size).fill(-1);
  let clock = 0;
  const stack: [number, number][] = [[g.root, 0]];
  pre[g.root] = clock++;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const kids = children[top[0]];
    if (top[1] < kids.length) {
      const c = kids[top[1]++];
      pre[c] = clock++;
      stack.push([c, 0]);
    } else {
      post[top[0]] = clock++;
      stack.pop();
    }
  }
  const dominates = (a: number, b: number): boolean => pre[a] !== -1 && pre[b] !== -1 && pre[a] <= pre[b] && post[b] <= post[a];
  return { root: g.root, idom, children, order, dominates };
}

/** Dominance frontier of every node: the joins just outside the region it dominates. */
export function dominanceFrontiersOf(g: Graph, tree: DomTree): Set<number>[] {
  const df: Set<number>[] = Array.from({ length: g.size }, () => new Set<number>());
  for (const n of tree.order) {
    const preds = g.pred(n).filter((p) => p === tree.root || tree.idom[p] !== -1);
    if (preds.length < 2) continue;
    for (const p of preds) {
      for (let runner = p; runner !== tree.idom[n] && runner !== -1; runner = tree.idom[runner]) df[runner].add(n);
    }
  }
  return df;
}

/** The CFG of `fn` as a Graph rooted at the entry block. */
export function forwardGraph(fn: IRFunction): Graph {
  const succ = fn.blocks.map(successors);
  const pred = predecessors(fn);
  return { size: fn.blocks.length, root: 0, succ: (n) => succ[n], pred: (n) => pred[n] };
}

/** Dominator tree of the CFG (blocks unreachable from the entry have idom -1). */
export function dominators(fn: IRFunction): DomTree {
  return dominatorTreeOf(forwardGraph(fn));
}

export function dominanceFrontiers(fn: IRFunction, tree: DomTree = dominators(fn)): Set<number>[] {
  return dominanceFrontiersOf(forwardGraph(fn), tree).slice(0, fn.blocks.length);
}

export interface PostDomTree extends DomTree {
  /** Id of the virtual exit node (= fn.blocks.length), the root of the tree. */
  virtualExit: number;
  /**
   * Blocks given an artificial edge to the virtual exit because no path from
   * them ends (an infinite loop): one block per such region, so that every
   * block has a post-dominator.
   */
  artificialExits: number[];
}

/**
 * The reverse CFG: a virtual exit joined by the exit block and every `stop`
 * block (and by one block of each region from which no path ends), analysed
 * from the virtual exit.
 */
export function reverseGraph(fn: IRFunction): Graph & { artificialExits: number[] } {
  const n = fn.blocks.length;
  const exit = n;
  const succ: number[][] = fn.blocks.map(successors);
  succ.push([]);
  for (const b of endBlocks(fn)) succ[b].push(exit);
  const artificialExits: number[] = [];
  const pred: number[][] = Array.from({ length: n + 1 }, () => []);
  const rebuildPreds = () => {
    for (const p of pred) p.length = 0;
    succ.forEach((ss, from) => ss.forEach((to) => pred[to].push(from)));
  };
  rebuildPreds();
  for (;;) {
    const reaches = new Set(reversePostorderOf(exit, (m) => pred[m]));
    // Highest id first: blocks are made in source order, so it is the end of the loop that never ends.
    let stuck = -1;
    for (let b = n - 1; b >= 0 && stuck === -1; b--) if (!reaches.has(b)) stuck = b;
    if (stuck === -1) break;
    succ[stuck].push(exit);
    artificialExits.push(stuck);
    rebuildPreds();
  }
  return { size: n + 1, root: exit, succ: (m) => pred[m], pred: (m) => succ[m], artificialExits };
}

/** Post-dominator tree: idom[b] is b's immediate post-dominator (virtualExit for the blocks that end paths). */
export function postDominators(fn: IRFunction): PostDomTree {
  const g = reverseGraph(fn);
  return { ...dominatorTreeOf(g), virtualExit: fn.blocks.length, artificialExits: g.artificialExits };
}

/** Post-dominance frontier of every block (indexed by block id; the virtual exit's entry last). */
export function postDominanceFrontiers(fn: IRFunction, tree: PostDomTree = postDominators(fn)): Set<number>[] {
  return dominanceFrontiersOf(reverseGraph(fn), tree);
}
