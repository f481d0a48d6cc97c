// Proofs for every number of loop iterations, by loop invariants CReach
// checks itself (issue 13). For the analysed function and every function it
// calls that has loops: candidate invariants at each loop head
// (candidates.ts), the loops abstracted (transform.ts: check the candidates
// where a loop is entered and where it goes back, give what the loop modifies
// fresh values, assume the candidates), the acyclic result encoded by the one
// encoder (model/), and Houdini: while some check can fail (with every
// obligation before it holding, as a goal's are), drop the candidates whose
// checks fail in the solver's model. What is left is inductive. A goal is then
// unreachable (a property holds) when no execution of the abstraction reaches
// it with the obligations before it holding: every real execution reaching it
// would be one of them.
//
// Invariant: no claim when a taint or an inlining limit can come before a
// check or the goal (the loop bodies are not on the abstraction's way to the
// goal, so the checks' ancestors count too), when recursion is unrolled (a
// recursion unwind remains), when a loop cannot be abstracted (several
// entries; heap allocation in a callee's loop), or for a goal that a loop of
// the analysed function cut off (heap allocation in it) may come before.

import type { IRFunction, Program } from '../ir/ir';
import { findLoops } from '../ir/loops';
import { callTree } from '../ir/callgraph';
import type { Goal } from '../goals/goal';
import type { GoalVerdict, SolverOptions } from '../solve/query';
import { acyclicLevel, encodeAt, type Level } from '../solve/level';
import { goalCopies, taintsBefore, type GoalCopy } from '../solve/targets';
import { siteKey } from '../model/state';
import type { B } from '../model/semantics';
import { EngineError } from '../errors';
import { checkSolver, interruptibleBy, queueCheck, setSolverTimeout, trueIn, unsatCore, type Z3Handle } from '../z3/z3';
import { abstractable, abstractLoops, type Abstraction, type CutLoop, type LoweredCandidate } from './transform';
import { assertedTexts, candidateTexts, conservedCandidates, guardedTexts, lowerCandidates, newestCandidates, unassignedCandidates } from './candidates';
import { spacerCandidates } from './spacer';
import { contentCandidates } from './contents';
import { isProperty } from '../../../shared/verdicts';

/** Where the prover's candidate temps start: far above the program's ids and the --where temps' range. */
const CANDIDATE_TEMPS = 1_500_000_000;
/** Houdini's time budget, in query time limits (the option `timeoutMs`). */
const HOUDINI_BUDGET = 2;
/**
 * The array contents' Houdini starts from every other candidate's survivors with quantified ones added: its
 * rounds are the slowest (condm's: 0.5-2.4 s each, its last unsat 2.8 s), and it is the last stage that
 * can prove a goal behind a fill.
 */
const CONTENTS_HOUDINI_BUDGET = 3;
/** The goal queries' budget for one function, in query time limits. */
const GOAL_BUDGET = 4;
/** Unsat cores up to this size are made minimal for the report. */
const MAX_CORE = 8;
/**
 * Spacer's time limit, as a share of the query time limit: its proofs come quickly or not at all, and
 * for a goal that is reachable it only delays the deep search that finds the datum.
 */
const SPACER_SHARE = 0.25;
/** Iterations of each outermost loop of the analysed function run as code before its abstraction. */
const PEEL = 1;

/** One loop of the proof: where its head is, its candidates and which of them are still believed. */
interface LoopCandidates {
  function: string;
  header: number;
  line: number;
  candidates: LoweredCandidate[];
  alive: boolean[];
}

/** An obligation the abstraction made for a candidate: its assumption at the head, or one of its checks. */
interface CandidateObligation {
  loop: LoopCandidates;
  candidate: number;
  role: 'assume' | 'check';
}

/** The abstraction with every candidate, encoded once; Houdini leaves the inductive ones alive. */
interface Inductive {
  loops: LoopCandidates[];
  level: Level;
  abstractions: Map<string, Abstraction>;
  /** Every copy of every check (none may come after a taint). */
  checks: { copy: GoalCopy; loop: LoopCandidates; candidate: number }[];
  /** The obligations of candidates, by literal. */
  byLit: Map<B, CandidateObligation>;
  /** Nodes holding obligations of candidates (their other obligations are taken one by one). */
  split: Set<number>;
}

type Failure = { fail: string };

/**
 * Houdini over a few candidates (equalities, kept quantities and asserted conditions, candidates.ts), over every
 * candidate, over the quantities kept exactly (in long long: slower to check) and asserted conditions, over the
 * candidates every candidate's Houdini kept and the array contents and sums of contents.ts (each round is slower
 * with them), or over every candidate and the guarded ones (many). Each later stage only when the earlier ones leave a
 * goal open.
 */
type Stage = 'kept' | 'all' | 'exact' | 'contents' | 'guarded';
/**
 * How much a proof attempt may cost: `cheap`, the first stages only (kept quantities, every candidate, exact
 * sums: a few queries, shared by the function's goals; the editor's first answer); `quick`, all but the guarded
 * candidates (whose Houdini can take its whole budget on nested loops: a reachable goal's deep search is not
 * kept waiting behind it); `full`, every stage.
 */
export type Effort = 'cheap' | 'quick' | 'full';

/** Names of the proxy literals of queries, each made once. */
let proxies = 0;

export class InvariantProver {
  private readonly inductive = new Map<Stage, Promise<Inductive | Failure>>();
  /** Time the goal queries took so far: past the budget, no more are tried. */
  private spentMs = 0;

  constructor(
    readonly z: Z3Handle,
    readonly program: Program,
    readonly fn: IRFunction,
    readonly options: SolverOptions,
  ) {}

  /**
   * `unreachable`/`holds` with proof `invariant` for a goal bounded unrolling
   * left open, or null (with no claim) when the invariants found do not exclude it.
   */
  async prove(goal: Goal, signal?: AbortSignal, effort: Effort = 'full'): Promise<GoalVerdict | null> {
    // No loop in the function or what it calls: no invariant to find, and nothing to say was tried (a proof
    // here would only be the bounded one again, named `invariant`).
    if (this.loopFree()) return null;
    this.reason = 'no invariant found excludes it';
    const v = await this.attempt(goal, signal, effort);
    if (v) this.notProved.delete(goal.id);
    else this.notProved.set(goal.id, this.reason);
    return v;
  }

  private loopless?: boolean;
  private loopFree(): boolean {
    if (this.loopless === undefined) {
      const withLoops = reachableFunctions(this.program, this.fn);
      this.loopless = !('fail' in withLoops) && withLoops.functions.length === 0;
    }
    return this.loopless;
  }

  /** Why the last attempt on each goal made no claim, in words (the report's `tried` cause). */
  readonly notProved = new Map<string, string>();
  /** Why the attempt under way has made no claim so far. */
  private reason = '';

  private async attempt(goal: Goal, signal?: AbortSignal, effort: Effort = 'full'): Promise<GoalVerdict | null> {
    // The first stages left this goal open, or made no claim, before: they would again (their invariants are kept).
    const before = this.cheapLeft.get(goal.id);
    if (before === undefined) {
      const v = await this.cheap(goal, signal);
      if (v !== null && v !== 'open') return v;
      this.cheapLeft.set(goal.id, v ?? { reason: this.reason });
      if (v === null) return null;
    } else if (before !== 'open') {
      this.reason = before.reason;
      return null;
    }
    if (effort === 'cheap') return null;
    const spacer = await this.withSpacer(goal, signal);
    if (spacer || this.spentMs > GOAL_BUDGET * this.options.timeoutMs) {
      if (!spacer) this.reason = `${this.reason} (its time for invariants was spent)`;
      return spacer;
    }
    // Array contents and the sums read from them (a stage that fails at once where no loop fills an array).
    const contents = await this.inductiveOf('contents', signal);
    if (!('fail' in contents)) {
      const v = await this.proveWith(contents, goal, signal);
      if (v && v !== 'open') return v;
    }
    if (effort === 'quick') return null;
    const guarded = await this.inductiveOf('guarded', signal);
    if ('fail' in guarded) {
      if (guarded.fail === 'the invariant checks ran out of time') this.reason = `${this.reason} (the last candidates' checks ran out of time)`;
      return null;
    }
    const g = await this.proveWith(guarded, goal, signal);
    return g === 'open' ? null : g;
  }
  /** Goals the first stages (kept quantities, every candidate, exact sums) left open, or made no claim on (why). */
  private readonly cheapLeft = new Map<string, 'open' | { reason: string }>();

  /** The stages whose Houdini is quick: kept quantities and asserted conditions, every candidate, exact sums. */
  private async cheap(goal: Goal, signal?: AbortSignal): Promise<GoalVerdict | 'open' | null> {
    // A few candidates first (kept quantities, asserted conditions): their Houdini is quick where that of
    // every candidate can take long (sumt's `l % 3` branches), and they settle many goals alone.
    const kept = await this.inductiveOf('kept', signal);
    const first = 'fail' in kept ? null : await this.proveWith(kept, goal, signal);
    if (first && first !== 'open') return first;
    const all = await this.inductiveOf('all', signal);
    if ('fail' in all) {
      this.reason = `no invariant could be checked: ${all.fail}`;
      return null;
    }
    const v = await this.proveWith(all, goal, signal);
    if (v !== 'open') return v;
    const exact = await this.inductiveOf('exact', signal);
    return 'fail' in exact ? 'open' : this.proveWith(exact, goal, signal);
  }

  private inductiveOf(stage: Stage, signal?: AbortSignal): Promise<Inductive | Failure> {
    let p = this.inductive.get(stage);
    if (!p) {
      this.inductive.set(stage, (p = this.houdini(stage, signal)));
      // A cancelled or failed search is tried again next time.
      p.catch(() => this.inductive.delete(stage));
    }
    return p;
  }

  /** The verdict the alive invariants of `ind` give the goal; `open` when they do not exclude it, null when no claim can be made. */
  private async proveWith(ind: Inductive, goal: Goal, signal?: AbortSignal): Promise<GoalVerdict | 'open' | null> {
    const { level, abstractions } = ind;
    const top = abstractions.get(this.fn.name);
    // (Before the goal's copies: the abstraction has none of a goal the cut loop leads to.)
    const cut = top?.cut.find((c) => leadsTo(c, goal, this.fn.name));
    if (cut) {
      this.reason = `no claim possible: the goal is in or after a loop CReach cannot abstract (${cut.why})`;
      return null;
    }
    const goals = top ? top.goalsIn(goal) : [goal];
    const copies: GoalCopy[] = [];
    for (const g of goals) {
      let target = g.target;
      const callee = g.function !== this.fn.name ? abstractions.get(g.function) : undefined;
      if (callee && target.kind === 'edges') target = { ...target, edges: target.edges.flatMap((e) => callee.edgesIn(e)) };
      copies.push(...goalCopies(level, { ...g, target }));
    }
    if (!copies.length) return null;
    if (taintsBefore(level, [...copies, ...ind.checks.map((c) => c.copy)]).length) {
      this.reason = 'no claim possible: what CReach does not model comes before the goal or the loop';
      return null;
    }
    if (this.spentMs > GOAL_BUDGET * this.options.timeoutMs) {
      this.reason = `${this.reason} (its time for invariants was spent)`;
      return null;
    }
    const used = new Map<LoopCandidates, Set<number>>();
    for (const copy of copies) {
      const t0 = Date.now();
      const core = await this.coreOf(ind, copy, signal).finally(() => (this.spentMs += Date.now() - t0));
      if (core === null) return 'open';
      for (const lit of core) {
        const a = ind.byLit.get(lit)!;
        const s = used.get(a.loop) ?? new Set<number>();
        s.add(a.candidate);
        used.set(a.loop, s);
      }
    }
    if (level.enc.sizeHits.length && !(await this.noSizeHitBefore(ind, copies, signal))) {
      this.reason = "no claim possible: a run of the loops' abstraction reaches an input's assumed size first";
      return null;
    }
    const property = isProperty(goal);
    const loops = ind.loops
      .filter((l) => used.has(l))
      .map((l) => ({
        ...(l.function !== this.fn.name ? { function: l.function } : {}),
        line: l.line,
        invariant: [...used.get(l)!].sort((a, b) => a - b).map((k) => l.candidates[k].text),
      }));
    const allocBefore = !this.options.mallocMayFail && level.enc.allocNodes.some((a) => copies.some((c) => level.ancestors[c.node].has(a) || a === c.node));
    return {
      status: property ? 'holds' : 'unreachable',
      proof: 'invariant',
      causes: [
        { kind: 'invariant', loops },
        ...(allocBefore ? [{ kind: 'assumes' as const, assumptions: ['malloc and calloc succeed (--malloc-may-fail lets them fail)'] }] : []),
      ],
    };
  }

  /**
   * Once per goal the candidates could not exclude: Spacer's invariants for it (spacer.ts) join the
   * candidates of the function's loops, and the goal is tried again with a new Houdini (they are checked
   * like the others). Null when Spacer has nothing new.
   */
  private async withSpacer(goal: Goal, signal?: AbortSignal): Promise<GoalVerdict | null> {
    if (this.spacerTried.has(goal.id) || this.spentMs > GOAL_BUDGET * this.options.timeoutMs) return null;
    this.spacerTried.add(goal.id);
    const t0 = Date.now();
    const found = await spacerCandidates(this.z, this.program, this.fn, findLoops(this.fn), goal, this.options.timeoutMs * SPACER_SHARE, signal).finally(
      () => (this.spentMs += Date.now() - t0),
    );
    if (signal?.aborted) throw EngineError.cancelled();
    let added = false;
    for (const [header, texts] of found) {
      const known = this.spacerTexts.get(header) ?? [];
      for (const t of texts)
        if (!known.includes(t)) {
          known.push(t);
          added = true;
        }
      this.spacerTexts.set(header, known);
    }
    if (!added) return null;
    this.inductive.delete('all');
    // The new Houdini counts towards the goals' budget too.
    const t1 = Date.now();
    const ind = await this.inductiveOf('all', signal);
    if ('fail' in ind) return null;
    const v = await this.proveWith(ind, goal, signal).finally(() => (this.spentMs += Date.now() - t1));
    return v === 'open' ? null : v;
  }
  private readonly spacerTried = new Set<string>();
  /** Spacer's candidates so far, by loop header of the analysed function. */
  private readonly spacerTexts = new Map<number, string[]>();

  /**
   * No run of the abstracted function reaches an input object's assumed size limit before the goal (with the
   * obligations before the access holding): then a larger input behaves as one the model has up to the goal, and
   * the proof is about C (solve/assumptions.ts asks the same of bounded answers).
   */
  private async noSizeHitBefore(ind: Inductive, copies: GoalCopy[], signal?: AbortSignal): Promise<boolean> {
    const { level } = ind;
    const { enc } = level;
    const hits = enc.sizeHits.filter((h) => copies.some((c) => level.ancestors[c.node].has(h.node) || (c.node === h.node && h.index <= c.upTo)));
    if (!hits.length) return true;
    const lits = hits.map((h) => {
      const at: GoalCopy = { lit: enc.reach[h.node], node: h.node, upTo: h.index };
      return this.z.ctx.And(enc.reach[h.node], h.cond, ...this.before(ind, at, true)) as B;
    });
    return (await this.check(level, [this.z.ctx.Or(...lits) as B], signal)) === 'unsat';
  }

  /**
   * The literals making the obligations before a copy hold, as a goal's
   * (solve/targets.ts `obligationsBefore`), but with the candidates' own
   * obligations only for those alive, and their checks only with `checks`.
   */
  private before(ind: Inductive, copy: GoalCopy, checks: boolean, without?: (c: CandidateObligation) => boolean): B[] {
    const { enc, ancestors } = ind.level;
    const wanted = (lit: B) => {
      const c = ind.byLit.get(lit);
      return !c || (c.loop.alive[c.candidate] && (checks || c.role === 'assume') && !without?.(c));
    };
    const lits: B[] = [];
    for (const a of ancestors[copy.node]) {
      if (!ind.split.has(a)) lits.push(enc.okNode[a]);
      else for (const ob of enc.obligations) if (ob.node === a && wanted(ob.lit)) lits.push(ob.lit);
    }
    for (const ob of enc.obligations) if (ob.node === copy.node && (copy.upTo === Infinity || ob.index < copy.upTo) && wanted(ob.lit)) lits.push(ob.lit);
    return lits;
  }

  /**
   * Whether the copy is unreachable with the obligations before it: null when
   * it may be reached (or the solver gave up); else the candidates'
   * assumption literals in the unsat core (the invariants the proof used).
   */
  private async coreOf(ind: Inductive, copy: GoalCopy, signal?: AbortSignal): Promise<B[] | null> {
    const { level } = ind;
    // A fresh name: a constant of the same name would be the same literal, implying another copy too.
    const at = this.z.ctx.Bool.const(`goal.inv!${++proxies}`) as B;
    level.solver.add(at.implies(copy.lit) as B);
    setSolverTimeout(level.solver, this.options.timeoutMs);
    const r = await this.check(level, [at, ...this.before(ind, copy, true)], signal);
    if (r !== 'unsat') return null;
    let out: B[] = [];
    for (const lit of unsatCore(level.solver)) {
      for (const [k, c] of ind.byLit) if (c.role === 'assume' && k.eqIdentity(lit)) out.push(k);
    }
    // A smaller set for the report: each invariant the goal can do without is left out (all of them stay proved).
    if (out.length > 1 && out.length <= MAX_CORE)
      for (let i = 0; i < out.length;) {
        // Only the other candidates of the core (the core says the rest are not needed).
        const key = (c: CandidateObligation) => `${ind.loops.indexOf(c.loop)}:${c.candidate}`;
        const keep = new Set(out.filter((_, j) => j !== i).map((k) => key(ind.byLit.get(k)!)));
        const without = (c: CandidateObligation) => !keep.has(key(c));
        if ((await this.check(level, [at, ...this.before(ind, copy, true, without)], signal)) === 'unsat') out = out.filter((_, j) => j !== i);
        else i++;
      }
    return out;
  }

  private check(level: Level, assumptions: B[], signal?: AbortSignal): Promise<'sat' | 'unsat' | 'unknown'> {
    return queueCheck(async () => {
      if (signal?.aborted) throw EngineError.cancelled();
      if (this.failed.has(level)) return 'unknown';
      const r = await interruptibleBy(this.z, signal, () => checkSolver(this.z, level.solver, assumptions)).catch(() => {
        if (signal?.aborted) throw EngineError.cancelled();
        // Z3 failed inside the check (an internal error): no answer from this solver again, so no proof.
        this.failed.add(level);
        return 'unknown' as const;
      });
      if (signal?.aborted) throw EngineError.cancelled();
      return r;
    });
  }
  /** Levels whose solver failed inside a check: every later query on them answers unknown. */
  private failed = new WeakSet<Level>();

  /**
   * Candidates for every loop, the abstraction encoded once, then Houdini
   * rounds: while some alive candidate's check can fail (the obligations
   * before it holding, the alive candidates assumed, the other checks not),
   * the candidates failing in the model die. Unsatisfiable: the alive ones
   * are inductive together (in any execution, the first failing check would
   * be a model).
   */
  private async houdini(stage: Stage, signal?: AbortSignal): Promise<Inductive | Failure> {
    const deadline = Date.now() + (stage === 'contents' ? CONTENTS_HOUDINI_BUDGET : HOUDINI_BUDGET) * this.options.timeoutMs;
    const { program } = this;
    const reachable = reachableFunctions(program, this.fn);
    if ('fail' in reachable) return reachable;
    const { functions: withLoops, cut } = reachable;
    const loops: LoopCandidates[] = [];
    let temps = CANDIDATE_TEMPS;
    let exactSums = 0;
    let contents = 0;
    // The array contents' rounds are slower: they start from what survived every other candidate's Houdini. A
    // candidate that needs the contents to be inductive is lost that way; none is kept unchecked.
    const all = stage === 'contents' ? await this.inductive.get('all')?.catch(() => undefined) : undefined;
    const survived = (fnName: string, header: number): Set<string> | undefined => {
      const l = all && !('fail' in all) ? all.loops.find((x) => x.function === fnName && x.header === header) : undefined;
      return l && new Set(l.candidates.filter((_, k) => l.alive[k]).map((c) => c.text));
    };
    for (const f of withLoops) {
      const fl = findLoops(f);
      for (const loop of fl) {
        // A loop cut off (it allocates or frees) has no candidates: nothing the goals get a claim on comes after it.
        if (f === this.fn && cut.some((c) => c.after.has(loop.header))) continue;
        const texts =
          stage === 'kept' || stage === 'exact'
            ? [...candidateTexts(program, f, loop, fl).filter((t) => t.includes(' == ') && !t.includes('%')), ...assertedTexts(program, f)]
            : [
                // (Without survivors to start from, the contents' stage takes intervals from 0 only.)
                ...candidateTexts(program, f, loop, fl, stage === 'contents' && !survived(f.name, loop.header)),
                ...assertedTexts(program, f),
                ...(f === this.fn ? (this.spacerTexts.get(loop.header) ?? []) : []),
                ...(stage === 'guarded' ? guardedTexts(program, f, loop, fl) : []),
              ];
        // Each kind of candidate numbers its temps past the last one's.
        const add = (more: LoweredCandidate[]) => {
          candidates.push(...more);
          for (const c of more) for (const t of c.temps) temps = Math.max(temps, t.id + 1);
        };
        const candidates: LoweredCandidate[] = [];
        add(await lowerCandidates(program, f, loop, texts, temps));
        add(unassignedCandidates(program, f, loop, temps));
        add(newestCandidates(program, f, loop, temps));
        const conserved = conservedCandidates(program, f, loop, fl, temps, stage === 'exact');
        exactSums += stage === 'exact' ? conserved.length : 0;
        add(conserved);
        if (stage === 'contents') {
          const kept = survived(f.name, loop.header);
          if (kept) candidates.splice(0, candidates.length, ...candidates.filter((c) => kept.has(c.text)));
          const more = contentCandidates(program, f, loop, fl, temps);
          contents += more.length;
          add(more);
        }
        const head = f.blocks[loop.header];
        const line = head.terminator.range?.line ?? head.range?.line ?? f.range.line;
        loops.push({ function: f.name, header: loop.header, line, candidates, alive: candidates.map(() => true) });
      }
    }
    if (signal?.aborted) throw EngineError.cancelled();
    if (stage === 'kept' && !loops.some((l) => l.candidates.length)) return { fail: 'no candidates' };
    // Without an exact sum, this stage would only repeat the first one's Houdini.
    if (stage === 'exact' && !exactSums) return { fail: 'no quantity kept exactly' };
    if (stage === 'contents' && !contents) return { fail: 'no array contents or sums' };
    const ind = this.build(loops, withLoops, temps);
    if ('fail' in ind) return ind;
    if (
      taintsBefore(
        ind.level,
        ind.checks.map((c) => c.copy),
      ).length
    )
      return { fail: 'what CReach does not model comes before a check of the invariants' };
    const { ctx } = this.z;
    const { level } = ind;
    // Once Z3 could not decide a joint query, every later round asks each candidate alone (askAlone).
    let alone = false;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { fail: 'the invariant checks ran out of time' };
      const live = ind.checks.filter((c) => c.loop.alive[c.candidate]);
      if (!live.length) return ind;
      const fails = live.map((c) => ctx.And(c.copy.lit, ...this.before(ind, c.copy, false)) as B);
      if (alone) {
        const round = await this.askAlone(level, live, fails, deadline, signal);
        if (round === 'inductive') return ind;
        continue;
      }
      const q = ctx.Bool.const(`houdini!${++proxies}`) as B;
      level.solver.add(q.implies(ctx.Or(...fails)) as B);
      setSolverTimeout(level.solver, Math.max(1, Math.min(this.options.timeoutMs, remaining)));
      const r = await this.check(level, [q], signal);
      if (r === 'unknown') {
        // One candidate whose check Z3 finds hard must not sink the others (a kept sum through branches:
        // adders the SAT solver must prove equal, 10 s and more where the rest takes 20 ms; a sum read from
        // a malloc-ed fill: 2-3 s alone, the joint query past 10 s).
        if (new Set(live.map((c) => c.loop.candidates[c.candidate])).size === 1) return { fail: 'the invariant checks ran out of time' };
        alone = true;
        continue;
      }
      if (r === 'unsat') return ind;
      if (!this.dropRefuted(level, live, fails)) return { fail: 'no failing check in the model' };
    }
  }

  /** Kills every live candidate whose check fails in the model of the level's last (sat) check; how many died. */
  private dropRefuted(level: Level, live: Inductive['checks'], fails: B[]): number {
    const model = level.solver.model();
    let dropped = 0;
    live.forEach((c, k) => {
      if (c.loop.alive[c.candidate] && trueIn(this.z, model, fails[k])) {
        c.loop.alive[c.candidate] = false;
        dropped++;
      }
    });
    return dropped;
  }

  /**
   * One Houdini round that asks each live candidate's checks alone: a candidate whose checks can fail dies.
   * Each is asked within a quarter of the query limit first (one hard candidate must not starve the others);
   * when none failed, the undecided ones are asked again within the time left, and one Z3 still cannot
   * decide dies too. `inductive` when every candidate's checks are unsat: so is their disjunction (the
   * same solver, the other proxies free), the joint query of a round.
   */
  private async askAlone(level: Level, live: Inductive['checks'], fails: B[], deadline: number, signal?: AbortSignal): Promise<'inductive' | 'dropped'> {
    const { ctx } = this.z;
    const byCandidate = new Map<LoweredCandidate, number[]>();
    live.forEach((c, k) => {
      const key = c.loop.candidates[c.candidate];
      (byCandidate.get(key) ?? byCandidate.set(key, []).get(key)!).push(k);
    });
    const ask = async (ks: number[], limitMs: number): Promise<'sat' | 'unsat' | 'unknown'> => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return 'unknown';
      const q = ctx.Bool.const(`houdini!${++proxies}`) as B;
      level.solver.add(q.implies(ctx.Or(...ks.map((k) => fails[k]))) as B);
      setSolverTimeout(level.solver, Math.max(1, Math.min(limitMs, remaining)));
      return this.check(level, [q], signal);
    };
    const kill = (ks: number[]) => {
      const c = live[ks[0]];
      c.loop.alive[c.candidate] = false;
    };
    const undecided: number[][] = [];
    let dropped = false;
    for (const ks of byCandidate.values()) {
      if (!live[ks[0]].loop.alive[live[ks[0]].candidate]) continue;
      const r = await ask(ks, Math.max(1, Math.floor(this.options.timeoutMs / 4)));
      if (r === 'unknown') undecided.push(ks);
      if (r !== 'sat') continue;
      // Every candidate whose check fails in the model dies with it, as after a joint query.
      this.dropRefuted(level, live, fails);
      kill(ks);
      dropped = true;
    }
    // The others' unsat assumed the dead alive: the next round asks again.
    if (dropped) return 'dropped';
    for (const ks of undecided)
      if ((await ask(ks, this.options.timeoutMs)) !== 'unsat') {
        kill(ks);
        dropped = true;
      }
    return dropped ? 'dropped' : 'inductive';
  }

  /** The program with every loop abstracted under all its candidates, encoded, with its checks and the candidates' obligations. */
  private build(loops: LoopCandidates[], withLoops: IRFunction[], firstId: number): Inductive | Failure {
    let program = this.program;
    const abstractions = new Map<string, Abstraction>();
    for (const f of withLoops) {
      const candidates = new Map<number, LoweredCandidate[]>();
      for (const l of loops) if (l.function === f.name) candidates.set(l.header, l.candidates);
      const a = abstractLoops({
        program,
        fn: program.functions.find((x) => x.name === f.name)!,
        candidates,
        peel: f.name === this.fn.name ? PEEL : 0,
        mode: 'separate',
        firstId,
        cutting: f.name === this.fn.name,
      });
      abstractions.set(f.name, a);
      program = a.program;
      for (const v of a.program.vars.keys()) firstId = Math.max(firstId, v + 1);
    }
    const top = program.functions.find((x) => x.name === this.fn.name)!;
    const { u, enc, solver } = encodeAt(this.z, program, top, this.options, 1, false);
    if (u.unwinds.length) return { fail: 'recursion' };
    // The input model's assumptions are not C: a proof must not rest on them. Overlaps, NULL-only pointers and main's
    // argument count are refused here; sizes (prove) only when a run can reach a limit before the goal.
    if (enc.inputBounds.length || enc.assumptions.some((a) => !a.limit)) return { fail: 'the input model assumes overlaps, argument counts or \\valid sizes' };
    const level = acyclicLevel(enc, solver);
    const loopOf = (fnName: string, header: number) => loops.find((l) => l.function === fnName && l.header === header)!;
    const checks: Inductive['checks'] = [];
    for (const [name, a] of abstractions)
      for (const c of a.checks)
        for (const site of enc.sites.get(siteKey(name, c.block, c.index)) ?? [])
          checks.push({
            copy: { lit: enc.reach[site.node].and(site.cond.not()) as B, node: site.node, upTo: c.index },
            loop: loopOf(name, c.header),
            candidate: c.candidate,
          });
    const byLit = new Map<B, CandidateObligation>();
    const split = new Set<number>();
    for (const ob of enc.obligations) {
      if (ob.kind !== 'assume' && ob.kind !== 'assert') continue;
      const n = enc.unrolled.nodes[ob.node];
      const mark = abstractions.get(n.ctx.fn.name)?.marks.get(`${n.block.id}:${ob.index}`);
      const ins = n.block.instrs[ob.index];
      if (!mark || !ins || (ins.kind !== 'assume' && ins.kind !== 'assert')) continue;
      byLit.set(ob.lit, { loop: loopOf(n.ctx.fn.name, mark.header), candidate: mark.candidate, role: ins.kind === 'assume' ? 'assume' : 'check' });
      split.add(ob.node);
    }
    return { loops, level, abstractions, checks, byLit, split };
  }
}

/**
 * Whether a cut loop of the analysed function `fn` may come before `goal`: the goal (or the call its context starts
 * with) is in a block the loop's head reaches; a callee's goal in any context, always.
 */
function leadsTo(cut: CutLoop, goal: Goal, fn: string): boolean {
  if (goal.context) return cut.after.has(goal.context.sites[0].block);
  if (goal.function !== fn) return true;
  const t = goal.target;
  return t.kind === 'edges' ? t.edges.some((e) => cut.after.has(e.from)) : cut.after.has(t.block);
}

/**
 * The analysed function and the functions it calls (transitively) that have loops, and the loops of the analysed
 * function that are cut off; a failure for recursion or a loop that cannot be abstracted.
 */
function reachableFunctions(program: Program, fn: IRFunction): { functions: IRFunction[]; cut: CutLoop[] } | Failure {
  const { order, recursive } = callTree(program, fn);
  if (recursive) return { fail: 'recursion' };
  const functions: IRFunction[] = [];
  let cut: CutLoop[] = [];
  for (const f of order) {
    const a = abstractable(program, f, f === fn);
    if (a.refuse) return { fail: a.refuse };
    if (a.loops.length) functions.push(f);
    if (f === fn) cut = a.cut;
  }
  return { functions, cut };
}
