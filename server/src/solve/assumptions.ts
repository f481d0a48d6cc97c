// What an unsatisfiable answer rests on besides C: the assumptions of the
// input model (Encoding.assumptions). A size assumption (an input object of
// a few elements, a string of a few characters, main's first arguments) is
// only a restriction when some execution reaches its limit: the input-size
// check asks whether a run free of undefined behaviour up to there can
// access an input object at or past its limit (a size hit). When none can,
// every execution with larger inputs behaves as one the model has (it never
// looks past the limit), and a proof at this level is a proof about C;
// otherwise, like a loop that may run past the bound, the answer is
// `bounded` and names the assumption. main's argument count, and the size a
// `requires \valid(p + (a..b))` asks of p's object, are bounds as literals
// the other queries assume (Encoding.inputBounds): here the goal and the
// unwinding check are asked without each, and the size hits without all. The other
// assumptions (how parameters may overlap, NULL pointers inside inputs) hold
// for every proof of a function that has them.

import type { Goal } from '../goals/goal';
import { forEachPlace } from '../ir/walk';
import type { B } from '../model/semantics';
import type { SizeHit } from '../model/state';
import { trueIn, type Z3Handle } from '../z3/z3';
import type { Level } from './level';

/** Per node, a literal that implies every obligation of every node before it (built once per level). */
const okBeforeOf = new WeakMap<Level, B[]>();

function okBefore(z: Z3Handle, level: Level): B[] {
  let lits = okBeforeOf.get(level);
  if (lits) return lits;
  const { ctx } = z;
  const { enc } = level;
  lits = [];
  for (const n of enc.unrolled.nodes) {
    const lit = ctx.Bool.const(`okBefore.${n.id}`) as B;
    if (n.preds.length) level.solver.add(lit.implies(ctx.And(...n.preds.map((p) => enc.okNode[p].and(lits![p]) as B))) as B);
    lits.push(lit);
  }
  okBeforeOf.set(level, lits);
  return lits;
}

/** The condition that a hit happens with no undefined behaviour before it. */
function hitLiteral(z: Z3Handle, level: Level, h: SizeHit): B {
  const { enc } = level;
  const before = enc.obligations.filter((ob) => ob.node === h.node && ob.index < h.index).map((ob) => ob.lit);
  return z.ctx.And(enc.reach[h.node], h.cond, okBefore(z, level)[h.node], ...before) as B;
}

/**
 * The assumptions an unsatisfiable answer for `goal` at this level rests on
 * (empty: it is a proof about C). `goalCopies`, `reachLits`: where the
 * goal's copies are and, for each, that it is reached with no undefined
 * behaviour before it. `whereHits`:
 * the size hits of the goal's `--where` condition (reading an input past
 * its limit there is a question about inputs the model does not have).
 * `check` runs a query on the level's solver without the argc bound.
 */
export async function assumedBy(
  z: Z3Handle,
  level: Level,
  goal: Goal,
  goalCopies: { node: number; upTo: number }[],
  reachLits: B[],
  whereHits: SizeHit[],
  check: (assumptions: B[]) => Promise<'sat' | 'unsat' | 'unknown'>,
): Promise<string[]> {
  const { enc } = level;
  const always = unique(enc.assumptions.filter((a) => !a.limit).map((a) => a.text));
  // Each input bound (main's argument count, a \valid size): does a run without it (the others kept)
  // reach the goal, or a loop bound?
  for (const bound of enc.inputBounds) {
    if (always.includes(bound.text)) continue;
    const others = enc.inputBounds.filter((b) => b !== bound).map((b) => b.lit);
    let more = (await check([z.ctx.Or(...reachLits) as B, ...others])) !== 'unsat';
    if (!more && enc.unrolled.unwinds.length) more = (await check([enc.okAll, enc.anyUnwind, ...others])) !== 'unsat';
    if (more) always.push(bound.text);
  }
  const limited = unique(enc.assumptions.filter((a) => a.limit).map((a) => a.text));
  if (!limited.length) return always;
  // An access through a pointer that is inside the assumed object may be outside a shorter one: a bounds error
  // proved absent there rests on the sizes (an index into a local array does not).
  if (goal.target.kind === 'runtime-error' && goal.target.error === 'bounds' && throughPointer(level, goal)) {
    const inexact = unique(enc.assumptions.filter((a) => a.limit && !a.limit.exact).map((a) => a.text));
    if (inexact.length) return unique([...always, ...inexact]);
  }
  // A run with larger inputs behaves as one of the model's until its first access past a limit: only
  // hits before the goal (at its nodes or their ancestors) can lead a run the model lacks to it, and
  // hits before an unwinding (a loop going on past the bound): past the limit the model's run ends in
  // undefined behaviour, where the larger input's run goes on round the loop, and from there anywhere
  // (`for (i < n) s += a[i]; if (n > 6) ...` reaches the if with 7 elements).
  // (At a goal's own node: hits up to its instruction, which may itself read past a limit.)
  const ancestors = new Set([...goalCopies.flatMap((c) => [...level.ancestors[c.node]]), ...enc.unrolled.unwinds.flatMap((w) => [w, ...level.ancestors[w]])]);
  // (A null pointer is one before the access: a null goal's own access past a limit does not lead to it.)
  const nullGoal = goal.target.kind === 'runtime-error' && goal.target.error === 'null';
  const atGoal = (h: SizeHit) => goalCopies.some((c) => c.node === h.node && (nullGoal ? h.index < c.upTo : h.index <= c.upTo));
  const base = enc.sizeHits.slice(0, level.baseHits).filter((h) => ancestors.has(h.node) || atGoal(h));
  const key = base.map((h) => enc.sizeHits.indexOf(h)).join(',');
  let hit = whereHits.length ? undefined : level.assumed.get(key);
  if (!hit) {
    hit = await sizeHits(z, level, [...base, ...whereHits], limited, check);
    if (!whereHits.length) level.assumed.set(key, hit);
  }
  return unique([...always, ...hit]);
}

const unique = (xs: string[]): string[] => [...new Set(xs)];

/** Whether the goal's instruction accesses memory through a pointer (a dereference, or a C library call). */
function throughPointer(level: Level, goal: Goal): boolean {
  if (goal.target.kind !== 'runtime-error') return false;
  const { block, index } = goal.target;
  const fn = level.enc.unrolled.contexts.find((c) => c.fn.name === goal.function)?.fn;
  const ins = fn?.blocks.find((b) => b.id === block)?.instrs[index];
  if (!ins) return true;
  if (ins.kind === 'assign' && ins.value.op === 'call' && ins.value.external) return true;
  let deref = false;
  forEachPlace(ins, (place) => (deref ||= place.root.kind === 'deref'));
  return deref;
}

/** The size assumptions some run reaches the limit of (all of those left when the solver gives up). */
async function sizeHits(
  z: Z3Handle,
  level: Level,
  hits: SizeHit[],
  limited: string[],
  check: (assumptions: B[]) => Promise<'sat' | 'unsat' | 'unknown'>,
): Promise<string[]> {
  const open = new Set(limited);
  const found: string[] = [];
  while (open.size) {
    const cands = hits.filter((h) => open.has(h.assumption));
    if (!cands.length) break;
    const lits = cands.map((h) => hitLiteral(z, level, h));
    const r = await check([z.ctx.Or(...lits) as B]);
    if (r === 'unsat') break;
    const model = r === 'sat' ? level.solver.model() : null;
    const now = model ? new Set(cands.filter((_, k) => trueIn(z, model, lits[k])).map((h) => h.assumption)) : new Set(open);
    if (!now.size) for (const t of open) now.add(t);
    for (const t of now) {
      found.push(t);
      open.delete(t);
    }
  }
  return limited.filter((t) => found.includes(t));
}
