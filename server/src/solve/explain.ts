// Why a goal is unreachable (or a property holds): a minimal set of the
// conditions, assignments and preconditions responsible, from an unsat core
// over tracked assertions, minimised by deletion, as source positions with
// their text.

import type { Goal } from '../goals/goal';
import type { Reason } from '../../../shared/report';
import type { SourceRange } from '../ir/ir';
import type { TrackedItem } from '../model/encode';
import type { B } from '../model/semantics';
import { sourceText } from '../ir/source';
import type { IRFunction, Program } from '../ir/ir';
import { EngineError } from '../errors';
import { checkSolver, interruptibleBy, queueCheck, unsatCore, type Z3Handle } from '../z3/z3';
import { encodeAt, type SolverOptions } from './level';
import { goalCopies, obligationBefore } from './targets';

const MAX_CORE = 40;

/** The reasons an explanation level tries first, most recent first. */
const REUSED_CORES = 8;

/**
 * An encoding with tracking literals (unsat cores are over them), built once per bound and shared by the
 * goals explained there, with the last reasons found on it: goals are often unreachable for one reason
 * (tcas.c's properties each make a group of alt_sep_test's branches infeasible), and a reason tried as
 * it is costs one check where a core from every tracked item and its minimisation cost dozens.
 */
export type ExplainLevel = ReturnType<typeof encodeAt> & { cores: TrackedItem[][] };

export function explainLevel(z: Z3Handle, program: Program, fn: IRFunction, options: SolverOptions, bound: number): ExplainLevel {
  return { ...encodeAt(z, program, fn, options, bound, true), cores: [] };
}

export async function explainUnreachable(
  z: Z3Handle,
  program: Program,
  level: ExplainLevel,
  goal: Goal,
  signal: AbortSignal | undefined,
  /** Time for minimising the core by deletion (the first core is kept past it). */
  budgetMs: number,
): Promise<Reason[] | undefined> {
  const { ctx } = z;
  const { u, enc, solver } = level;
  const deadline = Date.now() + budgetMs;
  const copies = goalCopies({ enc }, goal);
  if (!copies.length) return [];
  const goalLit = copies.length === 1 ? copies[0].lit : (ctx.Or(...copies.map((c) => c.lit)) as B);
  // Obligations after the goal do not count: keep those the reach query assumes, in nodes that can come
  // before a copy or earlier in a copy's own node (a precondition before the access it guards).
  const before = ancestorsOf(
    u.nodes.map((n) => n.preds),
    copies.map((c) => c.node),
  );
  const earlier = new Set(enc.obligations.filter((ob) => copies.some((c) => obligationBefore(before, ob, c))).map((ob) => ob.lit));
  // Branches and assignments after the goal cannot take part in a reason: left out, the code after it is unconstrained.
  const goalNodes = new Set(copies.map((c) => c.node));
  const toward = (n: number) => goalNodes.has(n) || before.has(n);
  const items = enc.tracked.filter((t) => (t.kind === 'obligation' ? earlier.has(t.lit) : toward(t.node)));
  const check = async (subset: TrackedItem[]) => {
    if (signal?.aborted) throw EngineError.cancelled();
    // A cancellation interrupts the running check, as for the reach query's (checkCore).
    return queueCheck(() => interruptibleBy(z, signal, () => checkSolver(z, solver, [goalLit, ...subset.map((t) => t.lit)])));
  };
  // The items in the core of the last check (unsat): a subset of `of`.
  const inCore = (of: TrackedItem[]) => {
    const coreIds = new Set(unsatCore(solver).map((lit) => lit.toString()));
    return of.filter((t) => coreIds.has(t.lit.toString()));
  };
  // An earlier goal's reason, when all of it can come before this goal and it excludes this goal too.
  const usable = new Set(items);
  let core: TrackedItem[] | undefined;
  let reused = false;
  for (const earlier of level.cores) {
    if (!earlier.every((t) => usable.has(t))) continue;
    if ((await check(earlier)) === 'unsat') {
      core = inCore(earlier);
      reused = true;
      break;
    }
  }
  if (!core) {
    if ((await check(items)) !== 'unsat') return undefined;
    core = inCore(items);
  }
  // A reused reason was minimal for the earlier goal: it is kept as Z3's core of it (minimising it again
  // cost a check per item, nearly all of them confirming it, 60-300 ms a goal on tcas.c).
  if (!reused && core.length <= MAX_CORE) {
    for (let i = 0; i < core.length;) {
      const without = core.filter((_, j) => j !== i);
      // Past the budget the core is kept as it is: larger than needed, still a reason.
      if (Date.now() > deadline) break;
      // Unsat without item i: its core may drop more items than i (those before i are needed, so kept).
      if ((await check(without)) === 'unsat') core = inCore(without);
      else i++;
    }
  }
  level.cores = [core, ...level.cores.filter((c) => c.length !== core.length || c.some((t, k) => t !== core[k]))].slice(0, REUSED_CORES);
  // One reason per source range: a branch or a precondition says more than the
  // temporaries computed for it, which share its range.
  const rank = (t: TrackedItem) => (t.kind === 'branch' ? 0 : t.kind === 'obligation' ? 1 : 2);
  const reasons = new Map<string, Reason>();
  for (const item of [...core].sort((a, b) => rank(a) - rank(b))) {
    const r = describe(program.source, enc.obligations, item, toward);
    const key = `${r.line}:${r.column}:${r.endLine}:${r.endColumn}`;
    if (!reasons.has(key)) reasons.set(key, r);
  }
  return [...reasons.values()].sort((a, b) => a.line - b.line || a.column - b.column);
}

function ancestorsOf(preds: number[][], from: number[]): Set<number> {
  const seen = new Set<number>();
  const stack = [...from];
  while (stack.length) {
    const n = stack.pop()!;
    for (const p of preds[n])
      if (!seen.has(p)) {
        seen.add(p);
        stack.push(p);
      }
  }
  return seen;
}

function describe(source: string, obligations: { lit: B; kind: string; detail: string }[], item: TrackedItem, toward: (n: number) => boolean): Reason {
  const text = sourceText(source, item.range);
  const pos = (r: SourceRange) => ({ line: r.line, column: r.column, endLine: r.endLine, endColumn: r.endColumn });
  if (item.kind === 'branch') {
    const t = item.targets ?? [];
    const live = t.filter(toward);
    let role = `the condition \`${text}\` decides`;
    if (t.length === 2 && live.length === 1) role = `needs \`${text}\` to be ${live[0] === t[0] ? 'true' : 'false'}`;
    return { ...pos(item.range), text, role };
  }
  if (item.kind === 'assign') return { ...pos(item.range), text, role: `\`${text}\`` };
  const ob = obligations.find((o) => o.lit === item.lit);
  const role =
    ob?.kind === 'assume'
      ? `${ob.detail} \`${text}\``
      : ob?.kind === 'assert'
        ? `assertion \`${text}\` holds`
        : ob?.kind === 'error'
          ? `\`${text}\` is not reached`
          : `no ${ob?.detail ?? 'error'} in \`${text}\``;
  return { ...pos(item.range), text, role };
}
