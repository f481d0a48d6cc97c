// Control dependence (Ferrante, Ottenstein and Warren 1987) computed from the
// post-dominator tree. For a block n, the decision outcomes it depends on are
// the ISSTA'98 paper's cKset(n): every execution that reaches n (other than
// a block that post-dominates the entry) has taken at least one of them.

import type { IRFunction } from './ir';
import { successors } from './cfg';
import { postDominators, type PostDomTree } from './dominators';

export interface Edge {
  from: number;
  to: number;
}

export interface DecisionOutcome {
  decision: string;
  outcome: string;
}

/** For each block (by id): the CFG edges it is control dependent on, each once. */
export function controlDependentEdges(fn: IRFunction, pdom: PostDomTree = postDominators(fn)): Edge[][] {
  const deps: Edge[][] = fn.blocks.map(() => []);
  for (const a of fn.blocks) {
    for (const b of successors(a)) {
      if (pdom.dominates(b, a.id)) continue;
      // Every block from b up to (not including) ipdom(a) depends on a -> b.
      const stop = pdom.idom[a.id];
      for (let runner = b; runner !== stop && runner !== pdom.virtualExit && runner !== -1; runner = pdom.idom[runner]) {
        deps[runner].push({ from: a.id, to: b });
      }
    }
  }
  return deps;
}

/** The decision outcomes each CFG edge stands for (an edge of `a && b` can be an outcome of the condition and of the whole decision). */
export function decisionOutcomesByEdge(fn: IRFunction): Map<string, DecisionOutcome[]> {
  const byEdge = new Map<string, DecisionOutcome[]>();
  const add = (from: number, to: number, d: DecisionOutcome) => {
    const key = edgeKey(from, to);
    const list = byEdge.get(key) ?? [];
    if (!list.some((x) => x.decision === d.decision && x.outcome === d.outcome)) list.push(d);
    byEdge.set(key, list);
  };
  for (const d of fn.decisions) {
    for (const o of d.outcomes) for (const e of o.edges) add(e.from, e.to, { decision: d.id, outcome: o.outcome });
  }
  // Edge labels name the decision too; they fill in edges a decision's outcome list does not carry.
  for (const b of fn.blocks) {
    for (const [to, label] of Object.entries(b.edgeLabels)) {
      if (label.decision && label.outcome && !byEdge.has(edgeKey(b.id, Number(to))))
        add(b.id, Number(to), { decision: label.decision, outcome: label.outcome });
    }
  }
  return byEdge;
}

export function edgeKey(from: number, to: number): string {
  return `${from}->${to}`;
}

/**
 * For each block (by id): the (decision, outcome) pairs it is control
 * dependent on, in block order of the deciding edge. An edge with no decision
 * (none in a well-formed IR: only branches and switches have two successors)
 * is left out.
 */
export function controlDependences(fn: IRFunction, pdom: PostDomTree = postDominators(fn)): DecisionOutcome[][] {
  const byEdge = decisionOutcomesByEdge(fn);
  return controlDependentEdges(fn, pdom).map((edges) => {
    const out: DecisionOutcome[] = [];
    for (const e of edges) {
      for (const d of byEdge.get(edgeKey(e.from, e.to)) ?? []) {
        if (!out.some((x) => x.decision === d.decision && x.outcome === d.outcome)) out.push(d);
      }
    }
    return out;
  });
}
