// Where a goal is in a level's unrolled graph: its copies (one per unrolled
// occurrence of its code, each a literal), the obligations that must hold
// before each copy, and the taints that can come before it.

import type { Goal } from '../goals/goal';
import type { ConditionCode, Encoding } from '../model/encode';
import { siteKey } from '../model/state';
import { contextKey } from '../goals/catalogue';
import type { B } from '../model/semantics';
import type { Level } from './level';
import { mergeConstructs } from '../../../shared/verdicts';

/** One copy of a goal in the unrolled graph, with what must hold before it. */
export interface GoalCopy {
  lit: B;
  /** A sharper literal a counter-example should satisfy when it can (see UbCondition.prefer). */
  prefer?: B;
  /** Node whose ancestors' obligations must hold. */
  node: number;
  /** Also the node's own obligations before this instruction index (-1: none of them; Infinity: all). */
  upTo: number;
}

/** An extra condition at the goal (`--where`), lowered by the front end at the goal's statement or decision. */
export type WhereCondition = ConditionCode;

/**
 * The static chain of calls each unrolled context stands for, as a key
 * (goals/catalogue.ts `contextKey`; '' for the analysed function): a context
 * of a function already on its chain of callers folds into that caller's
 * (a goal reached at any depth of a recursion is reached).
 */
const keysOf = new WeakMap<Encoding, string[]>();
export function contextKeys(enc: Encoding): string[] {
  let keys = keysOf.get(enc);
  if (keys) return keys;
  keys = [];
  const u = enc.unrolled;
  for (const c of u.contexts) {
    if (!c.parent) {
      keys[c.id] = '';
      continue;
    }
    let folded: string | undefined;
    for (let a: typeof c.parent | null = c.parent; a && folded === undefined; a = a.parent) if (a.fn === c.fn) folded = keys[a.id];
    if (folded !== undefined) {
      keys[c.id] = folded;
      continue;
    }
    const call = u.nodes[c.callNode!];
    const site = contextKey([{ function: c.parent.fn.name, block: call.block.id, index: call.end - 1 }]);
    keys[c.id] = keys[c.parent.id] ? `${keys[c.parent.id]}>${site}` : site;
  }
  keysOf.set(enc, keys);
  return keys;
}

/** Copies of the goal in the level's graph (empty: the goal's code is not in the unrolled graph). */
export function goalCopies(level: Pick<Level, 'enc'>, goal: Goal): GoalCopy[] {
  const { enc } = level;
  const u = enc.unrolled;
  const keys = contextKeys(enc);
  const key = goal.context?.key ?? '';
  const out: GoalCopy[] = [];
  const t = goal.target;
  // The nodes of the goal's code in the calling contexts the goal stands for.
  const inContext = u.nodes.filter((n) => n.unwindOf === undefined && n.ctx.fn.name === goal.function && keys[n.ctx.id] === key);
  const sites = (k: string) => (enc.sites.get(k) ?? []).filter((site) => keys[site.ctx] === key);
  switch (t.kind) {
    case 'block':
      for (const n of inContext) if (n.block.id === t.block && n.start === 0) out.push({ lit: enc.reach[n.id], node: n.id, upTo: -1 });
      break;
    case 'point':
      // The segment holding the instruction; a point after the last instruction is in the block's last segment.
      for (const n of inContext) {
        if (n.block.id !== t.block || n.start > t.index) continue;
        const holds = t.index >= n.block.instrs.length ? n.end === n.block.instrs.length && !n.inlinedCall : t.index < n.end;
        if (holds) out.push({ lit: enc.reach[n.id], node: n.id, upTo: t.index });
      }
      break;
    case 'edges':
      for (const e of t.edges)
        for (const n of inContext) {
          if (n.block.id !== e.from || n.end !== n.block.instrs.length || n.inlinedCall) continue;
          const s = n.succ.get(e.to);
          if (s === undefined) continue;
          const lit = enc.edges.get(`${n.id}>${s}`);
          if (lit) out.push({ lit, node: n.id, upTo: Infinity });
        }
      break;
    case 'assert':
      for (const site of sites(siteKey(goal.function, t.block, t.index)))
        out.push({ lit: enc.reach[site.node].and(site.cond.not()) as B, node: site.node, upTo: t.index });
      break;
    case 'error':
      for (const site of sites(siteKey(goal.function, t.block, t.index))) out.push({ lit: enc.reach[site.node], node: site.node, upTo: t.index });
      break;
    case 'runtime-error':
      for (const site of sites(siteKey(goal.function, t.block, t.index, t.error))) {
        const lit = enc.reach[site.node].and(site.cond) as B;
        out.push({ lit, node: site.node, upTo: t.index, prefer: site.prefer ? (lit.and(site.prefer) as B) : undefined });
      }
      break;
  }
  return out;
}

/** Whether an obligation comes before a goal copy: in a node with a path to it (`ancestors`), or earlier in its own node. */
export function obligationBefore(ancestors: Set<number>, ob: { node: number; index: number }, copy: GoalCopy): boolean {
  return ancestors.has(ob.node) || (ob.node === copy.node && (copy.upTo === Infinity || ob.index < copy.upTo));
}

/** Assumptions making the obligations before a goal copy hold. */
export function obligationsBefore(level: Level, copy: GoalCopy): B[] {
  const { enc } = level;
  const lits = [...level.ancestors[copy.node]].map((a) => enc.okNode[a]);
  if (copy.upTo === Infinity) lits.push(enc.okNode[copy.node]);
  else for (const ob of enc.obligations) if (ob.node === copy.node && ob.index < copy.upTo) lits.push(ob.lit);
  return lits;
}

/**
 * The copies with the `--where` condition at each, evaluated where the goal
 * is: a statement before it runs (the block's entry, or the point inside it),
 * a decision's outcome where the condition is evaluated (the block's end).
 */
export function withWhere(level: Pick<Level, 'enc'>, goal: Goal, copies: GoalCopy[], where: WhereCondition | undefined): GoalCopy[] {
  if (!where) return copies;
  const { enc } = level;
  return copies.map((c) => {
    const n = enc.unrolled.nodes[c.node];
    const env =
      goal.target.kind === 'edges'
        ? enc.exitEnv[c.node]
        : goal.target.kind === 'point' && goal.target.index > n.start
          ? enc.pointEnv.get(c.node)
          : enc.entryEnv[c.node];
    if (!env) throw new Error(`no environment kept at goal ${goal.id} for its --where condition`);
    return { ...c, lit: c.lit.and(enc.evalCondition(where, env, c.node)) as B };
  });
}

/** Where a goal's `--where` environment must be kept (a statement inside a block), for building its levels. */
export function snapshotFor(goal: Goal, where: WhereCondition | undefined): { block: number; index: number } | undefined {
  return where && goal.target.kind === 'point' ? { block: goal.target.block, index: goal.target.index } : undefined;
}

/** A taint comes before a goal copy: in an ancestor node, or earlier in the goal's own node. */
export function taintBefore(level: Level, t: { node: number; index: number }, c: GoalCopy): boolean {
  return level.ancestors[c.node].has(t.node) || (t.node === c.node && t.index < c.upTo);
}

/** Taints and limits that can be on a path to one of the copies (`counts`: which taints, by index in enc.taints). */
export function taintsBefore(level: Level, copies: GoalCopy[], counts: (k: number) => boolean = () => true): { what: string; lines: number[] }[] {
  const { enc } = level;
  const nodes = new Set<number>();
  for (const c of copies) {
    nodes.add(c.node);
    for (const a of level.ancestors[c.node]) nodes.add(a);
  }
  const out: { what: string; lines: number[] }[] = [];
  enc.taints.forEach((t, k) => {
    if (counts(k) && copies.some((c) => taintBefore(level, t, c))) out.push({ what: t.what, lines: [t.line] });
  });
  for (const l of enc.unrolled.limits) if (nodes.has(l.node) || l.node === 0) out.push({ what: l.what, lines: [l.line] });
  return mergeConstructs(out);
}

/**
 * Whether phase 1 asks more of a copy than phase 2: an obligation that can come after it.
 * (Unwind nodes are sinks: a path through the goal never reaches one, so noUnwind adds nothing.)
 */
export function somethingAfter(level: Level, copy: GoalCopy): boolean {
  const { enc } = level;
  const anc = level.ancestors[copy.node];
  return enc.obligations.some((ob) => !obligationBefore(anc, ob, copy));
}
