// Goal queries on one function: reach a goal (a test datum, or a proof that
// none exists), check a property (counter-example or proof), enumerate data.
//
// A function is unrolled and encoded once per loop bound (1, 2, 4, ... up to
// the maximum), each level with its own incremental solver; a goal is a set
// of assumption literals on that solver. Two phases per goal:
//  1. a complete valid execution: every obligation of the whole path holds
//     (no undefined behaviour, assertions and assumptions hold) and no loop
//     runs past the bound: the datum can be run to the end and its results
//     compared;
//  2. failing that, only the obligations *before* the goal hold (DESIGN.md:
//     no undefined behaviour on the path to the goal), copy by copy of the
//     goal in the unrolled graph.
// Unsatisfiable in phase 2 is a proof when no execution reaches an unwind
// node at that bound (the unwinding check), or "not reached within k".
//
// Invariant: never unreachable/holds when a taint (unmodelled construct) or
// an inlining/reducibility limit can be on the path; never a datum whose path
// passes one before the goal.

import type { Model } from 'z3-solver';
import type { IRFunction, Program } from '../ir/ir';
import type { Goal } from '../goals/goal';
import type { EngineOptions } from '../api';
import type { DataValue, GoalStatus, ProofKind, Reason, TestReport } from '../../../shared/report';
import { unroll } from '../model/unroll';
import { encode, type Encoding, type InputVar } from '../model/encode';
import { bvConst, ite, type B, type BV, type F } from '../model/semantics';
import { selectVal, type Val } from '../model/values';
import type { CType } from '../ir/types';
import { solverCall, type Z3Handle } from './z3';
import { explainUnreachable } from './explain';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** One copy of a goal in the unrolled graph, with what must hold before it. */
interface GoalCopy {
  lit: B;
  /** A sharper literal a counter-example should satisfy when it can (see UbCondition.prefer). */
  prefer?: B;
  /** Node whose ancestors' obligations must hold. */
  node: number;
  /** Also the node's own obligations before this instruction index (-1: none of them; Infinity: all). */
  upTo: number;
}

interface Level {
  bound: number;
  enc: Encoding;
  solver: InstanceType<Z3Handle['ctx']['Solver']>;
  /** ancestors[n]: nodes with a path to n. */
  ancestors: Set<number>[];
  boxes: { size: number; lit: B }[];
  /** Some execution runs a loop past the bound (null: not checked yet). */
  unwindable: boolean | null;
  unwindableUnknown?: boolean;
}

export interface Datum {
  test: Omit<TestReport, 'id' | 'goals'>;
  model: Model<'main'>;
  level: Level;
  /** The model is a complete valid execution (phase 1): it may mark other goals. */
  complete: boolean;
}

export interface GoalVerdict {
  status: GoalStatus;
  proof?: ProofKind;
  bound?: number;
  reason?: string;
  why?: Reason[];
  datum?: Datum;
}

export interface QueryOptions {
  signal?: AbortSignal;
  /** Internal: stop after the satisfiable phases (no unwinding check, no explanation). */
  satOnly?: boolean;
  /** Explain unreachable goals: always, or only when no loop was unrolled (suites: explanations of loops cost many checks). */
  explain?: 'always' | 'loop-free';
  /** Extra condition at the goal (C expression already turned into a literal builder). */
  where?: (enc: Encoding, node: number, atEnd: boolean) => B;
}

const BOXES = [16, 256, 32767];

/** The tail of the queue of solver checks of this thread (see FunctionSolver.check). */
let checkQueue: Promise<unknown> = Promise.resolve();

export class FunctionSolver {
  private levels = new Map<number, Promise<Level>>();
  readonly bounds: number[];

  constructor(
    readonly z: Z3Handle,
    readonly program: Program,
    readonly fn: IRFunction,
    readonly options: EngineOptions,
  ) {
    const bounds: number[] = [];
    for (let b = 1; b < options.maxLoopBound; b *= 2) bounds.push(b);
    bounds.push(Math.max(1, options.maxLoopBound));
    this.bounds = bounds;
  }

  /** Whether the function has loops (bounds beyond the first matter). */
  level(bound: number): Promise<Level> {
    let l = this.levels.get(bound);
    if (!l) {
      l = this.buildLevel(bound);
      this.levels.set(bound, l);
    }
    return l;
  }

  /** The function unrolled to `bound`, encoded, and asserted in a new solver (`explain`: with tracking literals). */
  encodeAt(bound: number, explain: boolean) {
    const u = unroll(this.program, this.fn, bound, this.options.inlineDepth);
    const enc = encode(this.z, this.program, u, { fromMain: this.fn.name === 'main', pointerArrayLength: this.options.pointerArrayLength, explain, mallocMayFail: this.options.mallocMayFail });
    const solver = new this.z.ctx.Solver();
    solver.set('timeout', this.options.timeoutMs);
    solver.add(...enc.assertions);
    return { u, enc, solver };
  }

  private async buildLevel(bound: number): Promise<Level> {
    const { ctx } = this.z;
    const { u, enc, solver } = this.encodeAt(bound, false);
    const ancestors = computeAncestors(u.nodes.map((n) => n.preds));
    const boxes = BOXES.map((size) => {
      const lit = ctx.Bool.const(`box${size}`) as B;
      solver.add(lit.implies(boxConstraint(this.z, enc.inputs, enc, size)) as B);
      return { size, lit };
    });
    return { bound, enc, solver, ancestors, boxes, unwindable: null };
  }

  private check(level: Level, assumptions: B[], signal?: AbortSignal): Promise<'sat' | 'unsat' | 'unknown'> {
    // One Z3 context runs one check at a time: queue behind the running one.
    const run = async () => {
      if (signal?.aborted) throw new Cancelled();
      const onAbort = () => this.z.ctx.interrupt();
      signal?.addEventListener('abort', onAbort);
      try {
        const r = await level.solver.check(...assumptions);
        if (signal?.aborted) throw new Cancelled();
        return r;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    };
    return this.serialized(run);
  }

  /** Runs a solver call after every check already queued on this thread's Z3. */
  serialized<T>(f: () => Promise<T>): Promise<T> {
    const run = () => solverCall(f);
    const result = checkQueue.then(run, run);
    checkQueue = result.then(() => undefined, () => undefined);
    return result;
  }

  /** Copies of the goal in the level's graph (empty: the goal's code is not in the unrolled graph). */
  goalCopies(level: Level, goal: Goal): GoalCopy[] {
    const { enc } = level;
    const u = enc.unrolled;
    const top = u.contexts[0];
    const out: GoalCopy[] = [];
    const t = goal.target;
    const inTop = u.nodes.filter((n) => n.ctx === top && n.unwindOf === undefined);
    switch (t.kind) {
      case 'block':
        for (const n of inTop) if (n.block.id === t.block && n.start === 0) out.push({ lit: enc.reach[n.id], node: n.id, upTo: -1 });
        break;
      case 'point':
        for (const n of inTop) if (n.block.id === t.block && n.start <= t.index && t.index < Math.max(n.end, n.start + 1)) out.push({ lit: enc.reach[n.id], node: n.id, upTo: t.index });
        break;
      case 'edges':
        for (const e of t.edges)
          for (const n of inTop) {
            if (n.block.id !== e.from || n.end !== n.block.instrs.length || n.inlinedCall) continue;
            const s = n.succ.get(e.to);
            if (s === undefined) continue;
            const lit = enc.edges.get(`${n.id}>${s}`);
            if (lit) out.push({ lit, node: n.id, upTo: Infinity });
          }
        break;
      case 'assert':
        for (const site of enc.sites.get(`${t.block}:${t.index}`) ?? []) out.push({ lit: enc.reach[site.node].and(site.cond.not()) as B, node: site.node, upTo: t.index });
        break;
      case 'error':
        for (const site of enc.sites.get(`${t.block}:${t.index}`) ?? []) out.push({ lit: enc.reach[site.node], node: site.node, upTo: t.index });
        break;
      case 'runtime-error':
        for (const site of enc.sites.get(`${t.block}:${t.index}:${t.error}`) ?? []) {
          const lit = enc.reach[site.node].and(site.cond) as B;
          out.push({ lit, node: site.node, upTo: t.index, prefer: site.prefer ? (lit.and(site.prefer) as B) : undefined });
        }
        break;
    }
    return out;
  }

  /** Assumptions making the obligations before a goal copy hold. */
  private before(level: Level, copy: GoalCopy): B[] {
    const { enc } = level;
    const lits = [...level.ancestors[copy.node]].map((a) => enc.okNode[a]);
    if (copy.upTo === Infinity) lits.push(enc.okNode[copy.node]);
    else for (const ob of enc.obligations) if (ob.node === copy.node && ob.index < copy.upTo) lits.push(ob.lit);
    return lits;
  }

  private withWhere(level: Level, copies: GoalCopy[], where: QueryOptions['where']): GoalCopy[] {
    if (!where) return copies;
    return copies.map((c) => ({ ...c, lit: c.lit.and(where(level.enc, c.node, c.upTo === Infinity)) as B }));
  }

  /** A taint comes before a goal copy: in an ancestor node, or earlier in the goal's own node. */
  private taintBefore(level: Level, t: { node: number; index: number }, c: GoalCopy): boolean {
    return level.ancestors[c.node].has(t.node) || (t.node === c.node && t.index < c.upTo);
  }

  /** Taints and limits that can be on a path to one of the copies. */
  private taintsBefore(level: Level, copies: GoalCopy[]): string[] {
    const { enc } = level;
    const nodes = new Set<number>();
    for (const c of copies) {
      nodes.add(c.node);
      for (const a of level.ancestors[c.node]) nodes.add(a);
    }
    const out = new Set<string>();
    for (const t of enc.taints) if (copies.some((c) => this.taintBefore(level, t, c))) out.add(`${t.what} (line ${t.line})`);
    for (const l of enc.unrolled.limits) if (nodes.has(l.node) || l.node === 0) out.add(`${l.what} (line ${l.line})`);
    return [...out];
  }

  /**
   * Reach a goal: for statement/branch goals a datum that reaches it; for
   * assertion, error and runtime-error goals a datum that violates it.
   */
  async reach(goal: Goal, opts: QueryOptions = {}): Promise<GoalVerdict> {
    let last: GoalVerdict = { status: 'unknown', reason: 'no bound tried' };
    for (let b = 0; b < this.bounds.length; b++) {
      const level = await this.level(this.bounds[b]);
      const copies = this.withWhere(level, this.goalCopies(level, goal), opts.where);
      // Counter-examples just past the end first: those the sanitizers see.
      const preferred = copies.filter((c) => c.prefer).map((c) => ({ ...c, lit: c.prefer! }));
      if (preferred.length) {
        const p = await this.reachAt(level, goal, preferred, { ...opts, satOnly: true });
        if (p.datum) return p;
      }
      const v = await this.reachAt(level, goal, copies, opts);
      if (v.status !== 'not-reached') {
        // A datum whose execution runs past the bound has no expected results: a
        // complete execution one bound further is worth one more try.
        const coverage = goal.kind === 'statement' || goal.kind === 'branch';
        if (coverage && v.datum && !v.datum.complete && level.enc.unrolled.unwinds.length && b + 1 < this.bounds.length) {
          const next = await this.level(this.bounds[b + 1]);
          const better = await this.completeAt(next, goal, this.withWhere(next, this.goalCopies(next, goal), opts.where), opts);
          if (better) return better;
        }
        return v;
      }
      last = v;
      if (level.enc.unrolled.unwinds.length === 0) break;
    }
    return last;
  }

  /** Phase 1 alone: a complete valid execution reaching the goal, or null. */
  private async completeAt(level: Level, goal: Goal, copies: GoalCopy[], opts: QueryOptions): Promise<GoalVerdict | null> {
    if (!copies.length) return null;
    const { enc } = level;
    const any = copies.length === 1 ? copies[0].lit : (this.z.ctx.Or(...copies.map((c) => c.lit)) as B);
    for (const extra of [[level.boxes[0].lit], []]) {
      if ((await this.check(level, [any, enc.okAll, enc.noUnwind, ...extra], opts.signal)) === 'sat') {
        const v = this.verdictFromModel(level, goal, copies, level.solver.model(), true);
        return v.datum?.complete ? v : null;
      }
    }
    return null;
  }

  private async reachAt(level: Level, goal: Goal, copies: GoalCopy[], opts: QueryOptions): Promise<GoalVerdict> {
    const { ctx } = this.z;
    const { enc } = level;
    const signal = opts.signal;
    const tainted = this.taintsBefore(level, copies);
    if (copies.length) {
      const any = copies.length === 1 ? copies[0].lit : (ctx.Or(...copies.map((c) => c.lit)) as B);
      // Phase 1: a complete valid execution, small inputs first, and pointer
      // parameters that do not alias before ones that do.
      const base = [any, enc.okAll, enc.noUnwind];
      let r: 'sat' | 'unsat' | 'unknown' = 'unsat';
      for (const pref of enc.aliasing ? [[enc.noAlias], []] : [[]]) {
        r = await this.check(level, [...base, ...pref, level.boxes[0].lit], signal);
        if (r === 'sat') return this.verdictFromModel(level, goal, copies, level.solver.model(), true);
        r = await this.check(level, [...base, ...pref], signal);
        if (r === 'sat') {
          let model = level.solver.model();
          for (const box of level.boxes.slice(1)) {
            // A smaller box for readability, when the first box failed but the full range worked.
            if ((await this.check(level, [...base, ...pref, box.lit], signal)) === 'sat') {
              model = level.solver.model();
              break;
            }
          }
          return this.verdictFromModel(level, goal, copies, model, true);
        }
      }
      let sawUnknown = r === 'unknown';
      // Phase 2: only what comes before the goal must be free of errors
      // (the same question as phase 1 when nothing can come after it).
      const phase2 = copies.filter((c) => this.somethingAfter(level, c));
      for (const copy of phase2) {
        const before = [copy.lit, ...this.before(level, copy)];
        // Small inputs first here too, for readable counter-examples.
        let r2 = await this.check(level, [...before, level.boxes[0].lit], signal);
        if (r2 !== 'sat') r2 = await this.check(level, before, signal);
        if (r2 === 'sat') return this.verdictFromModel(level, goal, [copy], level.solver.model(), false);
        if (r2 === 'unknown') sawUnknown = true;
      }
      if (sawUnknown) return { status: 'unknown', reason: `the solver gave up within the time limit of ${this.options.timeoutMs} ms`, bound: level.bound };
    }
    if (opts.satOnly) return { status: 'unknown', reason: 'no datum of the preferred kind' };
    // Unsatisfiable at this bound.
    if (tainted.length) return { status: 'unknown', reason: `depends on what CReach does not model: ${tainted.join('; ')}`, bound: level.bound };
    const unwind = await this.unwindable(level, signal);
    if (unwind === 'unknown') return { status: 'unknown', reason: `the unwinding check ran out of time at bound ${level.bound}`, bound: level.bound };
    if (unwind) return { status: 'not-reached', proof: 'bounded', bound: level.bound, reason: `not reached with loops unrolled ${level.bound} times; some executions run longer (raise the loop bound)` };
    const isProperty = goal.kind === 'assertion' || goal.kind === 'runtime-error';
    const explain = opts.explain !== 'loop-free' || enc.unrolled.unwinds.length === 0;
    const why = !explain ? undefined : await explainUnreachable(this, level.bound, goal, signal).catch((e) => {
      if (e instanceof Cancelled) throw e;
      return undefined;
    });
    // Allocation is assumed to succeed unless asked otherwise: a proof that rests on it says so.
    const allocBefore = !this.options.mallocMayFail && enc.allocNodes.some((a) => copies.some((c) => level.ancestors[c.node].has(a) || a === c.node));
    const reasons = [copies.length === 0 ? 'no path of the function leads here' : '', allocBefore ? 'assuming malloc and calloc succeed (--malloc-may-fail lets them fail)' : ''].filter(Boolean);
    return {
      status: isProperty ? 'holds' : 'unreachable',
      proof: 'complete',
      bound: enc.unrolled.unwinds.length ? level.bound : undefined,
      reason: reasons.length ? reasons.join('; ') : undefined,
      why,
    };
  }

  /**
   * Whether phase 1 asks more of a copy than phase 2: an obligation that can come after it.
   * (Unwind nodes are sinks: a path through the goal never reaches one, so noUnwind adds nothing.)
   */
  private somethingAfter(level: Level, copy: GoalCopy): boolean {
    const { enc } = level;
    const anc = level.ancestors[copy.node];
    return enc.obligations.some((ob) => !(anc.has(ob.node) || (ob.node === copy.node && (copy.upTo === Infinity || ob.index < copy.upTo))));
  }

  private async unwindable(level: Level, signal?: AbortSignal): Promise<boolean | 'unknown'> {
    if (level.unwindable !== null) return level.unwindable;
    if (level.enc.unrolled.unwinds.length === 0) return (level.unwindable = false);
    const r = await this.check(level, [level.enc.okAll, level.enc.anyUnwind], signal);
    if (r === 'unknown') return 'unknown';
    level.unwindable = r === 'sat';
    return level.unwindable;
  }

  private verdictFromModel(level: Level, goal: Goal, copies: GoalCopy[], model: Model<'main'>, complete: boolean, withTrace = true): GoalVerdict {
    const { enc } = level;
    const isTrue = (b: B) => model.eval(b, true).toString() === 'true';
    // Taints the datum's path passes before (or at) the goal make the datum untrustworthy.
    const hit = copies.find((c) => isTrue(c.lit));
    const goalNode = hit?.node ?? copies[0]?.node ?? 0;
    const before = new Set([...level.ancestors[goalNode], goalNode]);
    const onPath = enc.taints.filter((t) => isTrue(enc.reach[t.node]));
    const limits = enc.unrolled.limits.filter((l) => isTrue(enc.reach[l.node]));
    // A violation's trace stops at the violation: nothing after it runs.
    const isViolation = goal.kind === 'assertion' || goal.kind === 'runtime-error';
    const hitCopy = hit ?? copies[0];
    const traceFilter = isViolation && hitCopy ? (node: number, index: number) => level.ancestors[hitCopy.node].has(node) || (node === hitCopy.node && index < hitCopy.upTo) : undefined;
    const test = extractTest(this.z, enc, model, complete, traceFilter, withTrace);
    const datum: Datum = { test, model, level, complete };
    const blocking = [...onPath.filter((t) => hitCopy && this.taintBefore(level, t, hitCopy)).map((t) => `${t.what} (line ${t.line})`), ...limits.filter((l) => before.has(l.node)).map((l) => `${l.what} (line ${l.line})`)];
    if (blocking.length) {
      return { status: 'unknown', reason: `a candidate datum passes what CReach does not model: ${[...new Set(blocking)].join('; ')}`, bound: level.bound };
    }
    if (onPath.length || limits.length) {
      // After the goal: the datum reaches it, but its results are not trustworthy.
      delete datum.test.result;
      delete datum.test.outputs;
      datum.complete = false;
    }
    const isProperty = goal.kind === 'assertion' || goal.kind === 'runtime-error';
    return { status: isProperty ? 'violated' : 'covered', bound: enc.unrolled.unwinds.length ? level.bound : undefined, datum };
  }

  /** Whether a goal is met in a model of the given level (for marking goals a datum also reaches). */
  goalHolds(level: Level, goal: Goal, model: Model<'main'>): boolean {
    return this.goalCopies(level, goal).some((c) => model.eval(c.lit, true).toString() === 'true');
  }

  /**
   * Distinct data for a goal (complete executions), up to `limit`. Exhausted
   * only when no other datum exists at some bound that covers every
   * execution (the unwinding check); otherwise the bound is raised and the
   * data found so far are excluded there too.
   */
  async enumerate(goal: Goal, limit: number, opts: QueryOptions = {}): Promise<{ data: Datum[]; exhausted: boolean; verdict: GoalVerdict; bound?: number }> {
    const first = await this.reach(goal, opts);
    if (!first.datum) return { data: [], exhausted: first.status === 'unreachable', verdict: first };
    const { ctx } = this.z;
    const data: Datum[] = [];
    /** The observed input values of each datum found, leaf by leaf (Z3 numerals, valid across levels). */
    const seen: unknown[][] = [];
    let foundBefore = -1;
    let emptyRounds = 0;
    let explored: number | undefined;
    for (let b = this.bounds.indexOf(first.datum.level.bound); b >= 0 && b < this.bounds.length && data.length < limit; b++) {
      const level = await this.level(this.bounds[b]);
      const { enc } = level;
      const copies = this.withWhere(level, this.goalCopies(level, goal), opts.where);
      if (!copies.length) continue;
      const any = copies.length === 1 ? copies[0].lit : (ctx.Or(...copies.map((c) => c.lit)) as B);
      const terms = enc.inputs.flatMap((i) => inputLeaves(this.z, i, enc.inputs)) as unknown as BV[];
      const differs = (values: unknown[]) => ctx.Or(...terms.map((t, k) => t.neq(values[k] as BV))) as B;
      level.solver.push();
      try {
        level.solver.add(any, enc.okAll, enc.noUnwind);
        for (const values of seen) level.solver.add(differs(values));
        // Data without aliasing pointer parameters first, then those that need it.
        let preferNoAlias = enc.aliasing;
        for (;;) {
          if (data.length >= limit) return { data, exhausted: false, verdict: first };
          const r = await this.check(level, preferNoAlias ? [enc.noAlias] : [], opts.signal);
          if (r === 'unknown') return { data, exhausted: false, verdict: { status: 'unknown', reason: 'time limit reached while enumerating' } };
          if (r === 'unsat' && preferNoAlias) {
            preferNoAlias = false;
            continue;
          }
          if (r === 'unsat') break;
          const model = level.solver.model();
          // Enumerated data carry no trace (thousands of them would cost more than the search).
          const v = this.verdictFromModel(level, goal, copies, model, true, false);
          if (!v.datum) return { data, exhausted: false, verdict: v };
          data.push(v.datum);
          const values = terms.map((t) => model.eval(t, true));
          seen.push(values);
          level.solver.add(differs(values));
        }
      } finally {
        level.solver.pop();
      }
      const unwind = await this.unwindable(level, opts.signal);
      if (unwind === false) return { data, exhausted: true, verdict: first };
      if (unwind === 'unknown') break;
      // Longer executions may hold more data: go on while larger bounds keep finding some
      // (two doublings in a row without a new datum end the search).
      explored = level.bound;
      emptyRounds = data.length === foundBefore && b > this.bounds.indexOf(first.datum.level.bound) ? emptyRounds + 1 : 0;
      if (emptyRounds >= 2) break;
      foundBefore = data.length;
    }
    return { data, exhausted: false, verdict: first, bound: explored };
  }
}

export function computeAncestors(preds: number[][]): Set<number>[] {
  // Node ids are topological: a node's ancestors are its preds and their ancestors.
  const anc: Set<number>[] = [];
  for (let i = 0; i < preds.length; i++) {
    const s = new Set<number>();
    for (const p of preds[i]) {
      s.add(p);
      for (const a of anc[p]) s.add(a);
    }
    anc.push(s);
  }
  return anc;
}

/** The scalar terms of an input with their C types (array elements of input objects included). */
function typedLeaves(z: Z3Handle, v: Val, t: CType, out: { t: BV | F; type: CType }[] = []): { t: BV | F; type: CType }[] {
  const { ctx } = z;
  if (v.k === 'arr' && t.kind === 'array' && t.length !== null) {
    for (let i = 0; i < t.length; i++) typedLeaves(z, selectVal(v, bvConst(ctx, BigInt(i), 64)), t.of, out);
  } else if (v.k === 'struct' && t.kind === 'struct') {
    v.fields.forEach((f, i) => typedLeaves(z, f, t.fields[i].type, out));
  } else if (v.k === 'bv' || v.k === 'fp') {
    out.push({ t: v.t, type: t });
  } else if (v.k === 'ptr') {
    out.push({ t: v.obj, type: t }, { t: v.off, type: t });
  }
  return out;
}

function inputTyped(z: Z3Handle, input: InputVar): { t: BV | F; type: CType }[] {
  if (input.object) {
    const pointee = (input.type as Extract<CType, { kind: 'pointer' }>).to;
    return typedLeaves(z, input.val, { kind: 'array', of: pointee, length: input.object.length });
  }
  return typedLeaves(z, input.val, input.type);
}

/**
 * The input as the function observes it, leaf by leaf (for telling data apart):
 * for a pointer parameter, the elements it designates (its own object's, or
 * an earlier parameter's when it aliases it) and whether it is null, with
 * everything the function cannot see collapsed to zero.
 */
function inputLeaves(z: Z3Handle, input: InputVar, all: InputVar[]): (BV | F | B)[] {
  const { ctx } = z;
  const o = input.object;
  if (!o || input.type.kind !== 'pointer') return inputTyped(z, input).map((x) => x.t);
  const pointee = input.type.to;
  const elemAt = (objVal: Val, i: BV) => typedLeaves(z, selectVal(objVal, i), pointee).map((x) => x.t);
  const zeroLike = (t: BV | F) => (ctx.isBitVec(t) ? bvConst(ctx, 0n, (t as BV).size()) : (ctx.Float.val(0, (t as F).sort) as unknown as F));
  const anyAlias = o.aliases.length ? (ctx.Or(...o.aliases.map((a) => a.lit)) as B) : (ctx.Bool.val(false) as B);
  const isNull = o.nullLit.and(anyAlias.not()) as B;
  const out: (BV | F | B)[] = [isNull];
  for (let i = 0; i < o.length; i++) {
    const idx = bvConst(ctx, BigInt(i), 64);
    let leaves = elemAt(input.val, idx).map((t) => ite(ctx, isNull, zeroLike(t), t));
    for (const a of [...o.aliases].reverse()) {
      const target = all.find((x) => x.name === a.name)?.object ? all.find((x) => x.name === a.name)! : undefined;
      if (!target?.object) continue;
      const at = a.at.add(idx);
      const inside = at.ult(bvConst(ctx, BigInt(target.object.length), 64)) as B;
      const theirs = elemAt(target.val, at);
      leaves = leaves.map((t, k) => ite(ctx, a.lit, ite(ctx, inside, theirs[k], zeroLike(t)), t));
    }
    out.push(...leaves);
  }
  return out;
}

/** Every scalar input (and nondet value) within [-size, size] (unsigned: [0, size]). */
function boxConstraint(z: Z3Handle, inputs: InputVar[], enc: Encoding, size: number): B {
  const { ctx } = z;
  const parts: B[] = [];
  const addFor = ({ t, type }: { t: BV | F; type: CType }) => {
    if (type.kind === 'int' && type.bits > 1) {
      const bv = t as BV;
      const w = type.bits;
      const lim = BigInt(Math.min(size, Number((1n << BigInt(w - 1)) - 1n)));
      parts.push((type.signed ? bv.sle(bvConst(ctx, lim, w)).and(bv.sge(bvConst(ctx, -lim, w))) : bv.ule(bvConst(ctx, lim, w))) as B);
    } else if (type.kind === 'float') {
      const f = t as F;
      parts.push(f.le(size).and(f.ge(-size)) as B);
    }
  };
  for (const i of inputs) inputTyped(z, i).forEach(addFor);
  for (const n of enc.nondet) typedLeaves(z, n.val, n.type).forEach(addFor);
  return parts.length ? (ctx.And(...parts) as B) : (ctx.Bool.val(true) as B);
}

// ---- from a model to a test datum ----

function extractTest(z: Z3Handle, enc: Encoding, model: Model<'main'>, complete: boolean, traceFilter?: (node: number, index: number) => boolean, withTrace = true): Omit<TestReport, 'id' | 'goals'> {
  const isTrue = (b: B) => model.eval(b, true).toString() === 'true';
  const inputs: Record<string, DataValue> = {};
  const globals: Record<string, DataValue> = {};
  for (const i of enc.inputs) {
    let v: DataValue;
    const alias = i.object?.aliases.find((a) => isTrue(a.lit));
    if (alias) {
      v = `&${alias.name}[${valueToData(z, model, { k: 'bv', t: alias.at }, { kind: 'int', bits: 64, signed: false, rank: 'long', name: 'unsigned long' })}]`;
    } else if (i.object) {
      if (isTrue(i.object.nullLit)) v = null;
      else {
        const pointee = (i.type as Extract<CType, { kind: 'pointer' }>).to;
        const objType: CType = { kind: 'array', of: pointee, length: i.object.length };
        const arr = valueToData(z, model, i.val, objType, enc.objectNames);
        v = pointee.kind === 'struct' && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
      }
    } else v = valueToData(z, model, i.val, i.type, enc.objectNames);
    (i.kind === 'param' ? inputs : globals)[i.name] = v;
  }
  const nondet = enc.nondet
    .filter((n) => isTrue(enc.reach[n.node]))
    .sort((a, b) => a.node - b.node || a.index - b.index)
    .map((n) => ({ call: n.call, line: n.line, value: valueToData(z, model, n.val, n.type, enc.objectNames) }));
  const test: Omit<TestReport, 'id' | 'goals'> = { inputs, globals, nondet };
  const trace: NonNullable<TestReport['trace']> = [];
  for (const t of withTrace ? enc.trace : []) {
    if (trace.length >= 500) break;
    if (traceFilter && !traceFilter(t.node, t.index)) continue;
    if (isTrue(enc.reach[t.node])) trace.push({ line: t.range.line, column: t.range.column, variable: t.variable, value: valueToData(z, model, t.val, t.type, enc.objectNames) });
  }
  if (trace.length) test.trace = trace;
  if (complete && enc.exitNode !== null && isTrue(enc.reach[enc.exitNode])) {
    const fnType = enc.unrolled.top.type;
    if (enc.returnVal && fnType.kind === 'function' && fnType.ret.kind !== 'void') test.result = valueToData(z, model, enc.returnVal, fnType.ret, enc.objectNames);
    const outputs: Record<string, DataValue> = {};
    const exit = enc.exitEnv[enc.exitNode];
    for (const i of enc.inputs) {
      if (i.kind === 'global' && !enc.vars.get(i.varId)?.isConst) {
        const v = exit.get(i.varId);
        if (v) outputs[i.name] = valueToData(z, model, v, i.type, enc.objectNames);
      } else if (i.object && !isTrue(i.object.nullLit) && !i.object.aliases.some((a) => isTrue(a.lit))) {
        const v = exit.get(i.object.varId);
        const pointee = (i.type as Extract<CType, { kind: 'pointer' }>).to;
        if (v) {
          const arr = valueToData(z, model, v, { kind: 'array', of: pointee, length: i.object.length }, enc.objectNames);
          outputs[`*${i.name}`] = pointee.kind === 'struct' && i.object.length === 1 && Array.isArray(arr) ? arr[0] : arr;
        }
      }
    }
    if (Object.keys(outputs).length) test.outputs = outputs;
  }
  return test;
}

/**
 * A model value as data. Pointers inside data are written `&name[k]`, naming
 * the object they point into (a pointer parameter's object by the parameter's
 * name), or null.
 */
export function valueToData(z: Z3Handle, model: Model<'main'>, v: Val, t: CType, objectNames: string[] = []): DataValue {
  const { ctx } = z;
  switch (t.kind) {
    case 'int': {
      if (v.k !== 'bv') return null;
      const raw = BigInt((model.eval(v.t, true) as unknown as { value(): bigint }).value());
      const n = t.signed && raw >= 1n << BigInt(t.bits - 1) ? raw - (1n << BigInt(t.bits)) : raw;
      return Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
    }
    case 'float': {
      if (v.k !== 'fp') return null;
      const e = model.eval(v.t, true);
      return floatData(z, e as unknown as F, t.bits);
    }
    case 'pointer': {
      if (v.k !== 'ptr') return null;
      const obj = BigInt((model.eval(v.obj, true) as unknown as { value(): bigint }).value());
      if (obj === 0n) return null;
      const off = BigInt((model.eval(v.off, true) as unknown as { value(): bigint }).value());
      return `&${objectNames[Number(obj) - 1] ?? `object${obj}`}[${off}]`;
    }
    case 'array': {
      if (v.k !== 'arr') return null;
      const n = t.length ?? 0;
      const out: DataValue[] = [];
      for (let i = 0; i < n; i++) out.push(valueToData(z, model, selectVal(v, bvConst(ctx, BigInt(i), 64)), t.of, objectNames));
      return out;
    }
    case 'struct': {
      if (v.k !== 'struct') return null;
      const o: Record<string, DataValue> = {};
      t.fields.forEach((f, i) => (o[f.name] = valueToData(z, model, v.fields[i], f.type, objectNames)));
      return o;
    }
    default:
      return null;
  }
}

/** A float from the model as a JSON number, or "nan" | "inf" | "-inf" | "-0". */
function floatData(_z: Z3Handle, e: F, bits: 32 | 64): DataValue {
  // Z3 prints a float numeral as its exact bits: `(fp #b0 #x7f #b000...)`, or `(_ NaN 8 24)` and the like.
  const s = e.toString();
  if (/NaN/.test(s)) return 'nan';
  if (/\+oo/.test(s)) return 'inf';
  if (/-oo/.test(s)) return '-inf';
  if (/-zero/.test(s)) return '-0';
  if (/\+zero/.test(s)) return 0;
  const parts = [...s.matchAll(/#([bx])([0-9a-fA-F]+)/g)].map(([, base, digits]) =>
    base === 'b' ? digits : [...digits].map((d) => parseInt(d, 16).toString(2).padStart(4, '0')).join(''),
  );
  if (parts.length !== 3) throw new Error(`unexpected float numeral ${s}`);
  const raw = BigInt(`0b${parts.join('')}`);
  const view = new DataView(new ArrayBuffer(8));
  let x: number;
  if (bits === 32) {
    view.setUint32(0, Number(raw));
    x = view.getFloat32(0);
  } else {
    view.setBigUint64(0, raw);
    x = view.getFloat64(0);
  }
  if (x === 0 && 1 / x < 0) return '-0';
  return x;
}
