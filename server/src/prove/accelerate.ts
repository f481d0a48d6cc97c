// Loop acceleration, an IR-to-IR transformation for deep counter-examples
// (issue 13 §2): goals that need hundreds or thousands of iterations, which
// bounded unrolling cannot reach. A path around a loop (from its head, each
// branch on the way taking the side that stays in the loop, back to the head)
// is accelerable when every variable it keeps from one iteration to the next
// goes up or down by a constant (a counter) and each of its branch conditions
// is a comparison of linear expressions. Every edge entering the head (and,
// on request, going back to it) then goes to blocks that may, instead, run
//   iteration 0 as code (its conditions assumed to take the path, its body),
//   a jump over m >= 0 iterations: each counter v += m * step (a fresh m),
//   iteration m + 1 as code, the same way,
// and then go to the head, where the loop goes on as usual. With the back
// edges, an execution may accelerate at each visit of the head, one path then
// another (500 iterations of `if (i < 500)`'s then side, 300 of its else
// side). The original loop stays: the result has more ways to reach a goal,
// not fewer.
//
// Why every execution of the accelerated function is one of the program
// (it under-approximates, so it only finds; it never proves):
//   - between iterations 0 and m + 1 each counter is linear in the iteration
//     number j; a condition <, <=, >, >=, == of linear values true at j = 0
//     and j = m + 1 is true at every j between (a convex set); for !=, the
//     compared values must also be in the same order at both ends (then a
//     monotone difference never crosses 0 between);
//   - every computation on the path is linear in j, in a signed type (where
//     the encoder makes overflow an obligation) or a value-preserving
//     conversion: with no overflow at both ends, none between; an unsigned
//     counter is assumed not to wrap on the way (the jump's range check);
//     other unsigned values may be anything but are never undefined;
//   - the jump is computed in the counter's type (signed: its overflow an
//     obligation) or, for an unsigned counter, in long long, its result
//     assumed within the counter's type.
// So iterations 1..m ran, as C runs them, on the same path, and left the
// counters where the jump puts them. A path with anything else (a call, a
// memory access, a division, a variable kept across iterations that is not a
// counter) is not accelerated.
//
// Invariant: blocks and instructions keep their ids and indices (new blocks
// are appended); only edges into accelerated heads move, and `goalIn` says
// where a goal on such an edge is now.

import type { BasicBlock, BinaryOp, Comparison, Decision, Instr, IRFunction, Operand, Place, Program, Rvalue, SourceRange, Variable } from '../ir/ir';
import { INT, LLONG, sameType, type CType, type IntType } from '../ir/types';
import { renameOperand, renamePlace, renameRvalue, type Renamer } from '../ir/walk';
import { findLoops, isReducible, type Loop } from '../ir/loops';
import { retargetEdges } from './transform';
import { reachableFromEntry, successors } from '../ir/cfg';
import { intMaxOf, intMinOf } from '../ir/interp';
import type { Goal } from '../goals/goal';

/** A loop accelerated: where it is, and each counter's change per iteration. */
export interface AcceleratedLoop {
  function: string;
  /** Header block of the loop (ids are the original function's). */
  header: number;
  line: number;
  steps: { variable: string; step: bigint }[];
  /** The new block that runs the accelerated iterations (an execution entering it used the acceleration). */
  run: number;
}

export interface Acceleration {
  program: Program;
  loops: AcceleratedLoop[];
  /** The goal in the accelerated program (the same goal unless it is an edge into an accelerated head). */
  goalIn(goal: Goal): Goal;
}

/** A linear expression: a constant plus coefficients of variables' values at the start of the iteration. */
interface Linear {
  c: bigint;
  terms: Map<number, bigint>;
  /** Its C value is its mathematical value whenever its evaluation is defined (signed arithmetic, value-preserving conversions). */
  exact: boolean;
}

/** What a value computed in one iteration is: linear, a comparison of two linear values, or something else. */
type Symbolic = { kind: 'linear'; e: Linear } | { kind: 'compare'; op: Comparison; a: Linear; b: Linear } | { kind: 'other' };

const NEGATED: Record<Comparison, Comparison> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };

/**
 * One block of a path around the loop, and the side its branch takes (none: it ends in a goto); with `run`,
 * a loop nested in it run to its exit on one of its own paths, a number of iterations fixed where it is entered
 * (the block is that loop's head; the next path block leaves the loop from it).
 */
interface PathBlock {
  block: number;
  branch?: { then: boolean; cond: Operand };
  run?: PathPlan;
}

/**
 * The code of one iteration of a path, in order: instructions (calls replaced by the callee's code), a branch side
 * taken, or an inner loop's counters moved `by` iterations at once (between its first and last iteration as code;
 * null: as many as the loop's exit, run as code after them, allows).
 */
export type PathItem =
  | { kind: 'code'; instrs: Instr[] }
  | {
      kind: 'branch';
      then: boolean;
      cond: Operand;
      /** For a `!=` (or the false side of `==`): the compared operands, whose order must be the same at both ends. */
      order?: { a: Operand; b: Operand };
    }
  | { kind: 'jump'; steps: Map<number, bigint>; by: bigint | null };

/** A path from the loop's head around to it again, accelerable: its blocks, its code and each counter's change. */
export interface PathPlan {
  blocks: PathBlock[];
  items: PathItem[];
  steps: Map<number, bigint>;
  /** Variables its code uses that the program does not have yet (the inlined callees' copies). */
  vars: Variable[];
}

/** Fresh variable ids, above every id of the program. */
export class IdSource {
  private next: number;
  constructor(program: Program) {
    this.next = Math.max(0, ...program.vars.keys()) + 1;
  }
  take(): number {
    return this.next++;
  }
}

/** Paths of one loop tried, at most (each accelerated path is one more way into the loop). */
const MAX_PATHS = 8;
/** Steps of the search for a loop's paths, at most (a body of many branches has exponentially many paths). */
const MAX_WALK = 10_000;

/**
 * The program with every accelerable loop path of every function accelerated; null when none is.
 * `backEdges`: also where the loop goes back to its head (paths may take turns), at the price of a
 * choice at every iteration the solver explores; else only where the loop is entered.
 */
export function accelerateLoops(program: Program, backEdges: boolean): Acceleration | null {
  const ids = new IdSource(program);
  const vars = new Map(program.vars);
  const loops: AcceleratedLoop[] = [];
  /** `${function}:${from}>${header}` -> the new block the edge goes to. */
  const moved = new Map<string, number>();
  const functions = program.functions.map((fn) => {
    if (!isReducible(fn)) return fn;
    const plans = findLoops(fn)
      .map((loop) => ({ loop, paths: pathsOf(program, fn, loop, ids) }))
      .filter((p) => p.paths.length);
    if (!plans.length) return fn;
    const blocks: BasicBlock[] = fn.blocks.map((b) => ({ ...b, terminator: { ...b.terminator }, edgeLabels: { ...b.edgeLabels } }));
    const locals = [...fn.locals];
    const decisions: Decision[] = [...fn.decisions];
    const temp = (name: string, type: CType): Operand => {
      const id = ids.take();
      const v: Variable = { id, name, type, kind: 'temp', addressTaken: false, isConst: false, isStatic: false };
      vars.set(id, v);
      locals.push(id);
      return { kind: 'var', id, type };
    };
    for (const { loop, paths } of plans) {
      const head = fn.blocks[loop.header];
      const range: SourceRange = head.terminator.range ?? head.range ?? fn.range;
      // The edges into the head (entering, and with backEdges going back) may accelerate; a run goes on at the head.
      const into = blocks.filter((b) => b.id < fn.blocks.length && successors(b).includes(loop.header) && (backEdges || !loop.body.has(b.id)));
      if (!into.some((b) => !loop.body.has(b.id))) continue;
      const base = { statements: [], hasCode: false, edgeLabels: {} };
      const assign = (dst: Operand, value: Rvalue): Instr => ({ kind: 'assign', dst: placeOf(dst), value, range });
      const assume = (cond: Operand): Instr => ({ kind: 'assume', cond, origin: 'assume', range });
      /** Each counter moved `m` iterations at once (m >= 0, an int). */
      const jump = (steps: Map<number, bigint>, m: Operand): Instr[] => {
        const out: Instr[] = [];
        for (const [id, step] of steps) {
          if (step === 0n) continue;
          const t = vars.get(id)!.type as IntType;
          const cur: Operand = { kind: 'var', id, type: t };
          // A signed counter moves in its own type (overflow is an obligation); an unsigned one in long long, assumed not to wrap.
          const jt: IntType = t.signed && t.bits >= INT.bits ? t : LLONG;
          const k = (v: bigint): Operand => ({ kind: 'const', value: v, type: jt });
          const mj = temp('accel.mj', jt);
          out.push(assign(mj, jt === INT ? { op: 'use', a: m } : { op: 'cast', a: m, to: jt }));
          const at = jt === t ? cur : temp('accel.w', jt);
          if (at !== cur) out.push(assign(at, { op: 'cast', a: cur, to: jt }));
          const by = step === 1n ? mj : temp('accel.d', jt);
          // (A step of 1 adds m itself: no multiplication for the solver.)
          if (by !== mj) out.push(assign(by, { op: 'binary', bop: '*', a: mj, b: k(step), type: jt }));
          out.push(assign(at, { op: 'binary', bop: '+', a: at, b: by, type: jt }));
          if (at === cur) continue;
          for (const [bop, bound] of [
            ['>=', intMinOf(t)],
            ['<=', intMaxOf(t)],
          ] as const) {
            const ok = temp('accel.ok', INT);
            out.push(assign(ok, { op: 'binary', bop, a: at, b: k(bound), type: INT }));
            out.push(assume(ok));
          }
          out.push(assign(cur, { op: 'cast', a: at, to: t }));
        }
        return out;
      };
      /** A fresh number of iterations m >= 0, in the instructions under way. */
      let instrs: Instr[] = [];
      const fresh = (): Operand => {
        // m is an int (at most 2^31 - 1 iterations at once): the jump of an int counter stays 32-bit for the solver.
        const m = temp('accel.m', INT);
        instrs.push(assign(m, { op: 'fresh', type: INT }));
        const mOk = temp('accel.ok', INT);
        instrs.push(assign(mOk, { op: 'binary', bop: '>=', a: m, b: { kind: 'const', value: 0n, type: INT }, type: INT }));
        instrs.push(assume(mOk));
        return m;
      };
      // Into the head: either as before, or through one path's accelerated iterations.
      const first = blocks.length;
      paths.forEach((path, k) => {
        const choose = first + 2 * k;
        const run = choose + 1;
        const next = k + 1 < paths.length ? choose + 2 : loop.header;
        const decision = `${fn.name}:accelerate:${loop.header}:${k}`;
        decisions.push({ id: decision, kind: 'if', synthetic: true, text: 'accelerate', range, outcomes: [] });
        for (const v of path.vars) {
          vars.set(v.id, v);
          locals.push(v.id);
        }
        const chooser = temp('accel.choose', INT);
        instrs = [];
        /** The order of `!=` operands at iteration 0, by path item. */
        const orders = new Map<number, Operand>();
        const iteration = (start: boolean) =>
          path.items.forEach((item, at) => {
            if (item.kind === 'code') {
              instrs.push(...item.instrs);
              return;
            }
            if (item.kind === 'jump') {
              instrs.push(...jump(item.steps, item.by === null ? fresh() : { kind: 'const', value: item.by, type: INT }));
              return;
            }
            if (item.then) instrs.push(assume(item.cond));
            else {
              const not = temp('accel.not', INT);
              instrs.push(assign(not, { op: 'binary', bop: '==', a: item.cond, b: { kind: 'const', value: 0n, type: item.cond.type }, type: INT }));
              instrs.push(assume(not));
            }
            if (!item.order) return;
            // Same strict order at both ends: a monotone value that does not cross the other never equals it between.
            const lt = temp('accel.lt', INT);
            instrs.push(assign(lt, { op: 'binary', bop: '<', a: item.order.a, b: item.order.b, type: INT }));
            if (start) orders.set(at, lt);
            else {
              const same = temp('accel.same', INT);
              instrs.push(assign(same, { op: 'binary', bop: '==', a: lt, b: orders.get(at)!, type: INT }));
              instrs.push(assume(same));
            }
          });
        iteration(true);
        instrs.push(...jump(path.steps, fresh()));
        iteration(false);
        blocks.push({
          ...base,
          id: choose,
          instrs: [assign(chooser, { op: 'fresh', type: INT })],
          terminator: { kind: 'branch', cond: chooser, then: run, else: next, decision, range },
        });
        blocks.push({ ...base, id: run, instrs, terminator: { kind: 'goto', target: loop.header } });
        loops.push({
          function: fn.name,
          header: loop.header,
          line: range.line,
          steps: [...path.steps].filter(([, st]) => st !== 0n).map(([id, step]) => ({ variable: program.vars.get(id)!.name, step })),
          run,
        });
      });
      for (const b of into) {
        retargetEdges(b, loop.header, first);
        moved.set(`${fn.name}:${b.id}>${loop.header}`, first);
      }
    }
    return { ...fn, blocks, locals, decisions };
  });
  if (!loops.length) return null;
  const goalIn = (goal: Goal): Goal => {
    const t = goal.target;
    if (t.kind !== 'edges') return goal;
    const edges = t.edges.map((e) => {
      const to = moved.get(`${goal.function}:${e.from}>${e.to}`);
      return to === undefined ? e : { from: e.from, to };
    });
    return { ...goal, target: { ...t, edges } };
  };
  return { program: { ...program, vars, functions }, loops, goalIn };
}

/**
 * The accelerable paths of `loop` of `fn`: paths from the head around to it
 * again (each branch on the way takes the side that stays in the loop) on
 * which every instruction assigns a scalar integer variable a linear value
 * (or, for a variable written before it is read, anything computed without
 * undefined behaviour), every variable kept from one iteration to the next
 * is a counter, and every branch condition is a linear comparison. A call
 * on the path runs its callee's only way to a return (as code); a loop nested
 * in the body may run on one of its own accelerable paths a number of
 * iterations its counters' values where it is entered fix.
 */
export function pathsOf(program: Program, fn: IRFunction, loop: Loop, ids: IdSource = new IdSource(program)): PathPlan[] {
  const out: PathPlan[] = [];
  // Inner loops entered by a run: their head branches once into the loop and once out.
  const inner = new Map<number, { loop: Loop; exit: boolean; runs: PathPlan[] }>();
  for (const l of findLoops(fn)) {
    if (l.header === loop.header || !loop.body.has(l.header) || l.parent !== loop.header) continue;
    const t = fn.blocks[l.header].terminator;
    if (t.kind !== 'branch' || l.body.has(t.then) === l.body.has(t.else)) continue;
    const runs = pathsOf(program, fn, l, ids).filter((r) => r.blocks.every((b) => !b.run));
    if (runs.length) inner.set(l.header, { loop: l, exit: !l.body.has(t.then), runs });
  }
  let steps = 0;
  const walk = (block: number, path: PathBlock[]) => {
    if (out.length >= MAX_PATHS || ++steps > MAX_WALK) return;
    if (block === loop.header && path.length) {
      const plan = planOf(program, fn, path, ids);
      if (!('refuse' in plan)) out.push(plan);
      return;
    }
    if (!loop.body.has(block) || path.some((p) => p.block === block)) return;
    const t = fn.blocks[block].terminator;
    const run = inner.get(block);
    if (run && t.kind === 'branch')
      for (const r of run.runs) {
        const exit = { block, branch: { then: run.exit, cond: t.cond } };
        walk(run.exit ? t.then : t.else, [...path, { block, run: r }, exit]);
      }
    if (t.kind === 'goto') walk(t.target, [...path, { block }]);
    else if (t.kind === 'branch')
      for (const side of [true, false]) {
        const to = side ? t.then : t.else;
        if (loop.body.has(to)) walk(to, [...path, { block, branch: { then: side, cond: t.cond } }]);
      }
  };
  walk(loop.header, []);
  return out;
}

/** Iterations an inner loop may run at once, at most (its trip count is found by counting). */
const MAX_TRIP = 100_000n;
/** Calls inlined within calls on a path, at most. */
const MAX_CALL_DEPTH = 2;

/** Whether one path around a loop is accelerable (see pathsOf), and its counters. */
export function planOf(program: Program, fn: IRFunction, path: PathBlock[], ids: IdSource = new IdSource(program)): PathPlan | { refuse: string } {
  const env = new Map<number, Symbolic>();
  /** Variables read before they are written in the iteration: their value comes from the previous one. */
  const exposed = new Set<number>();
  const written = new Set<number>();
  const read = (o: Operand): Symbolic | null => {
    if (o.kind === 'const') return o.type.kind === 'int' ? { kind: 'linear', e: { c: o.value, terms: new Map(), exact: true } } : null;
    if (o.kind !== 'var' || o.type.kind !== 'int') return null;
    const known = env.get(o.id);
    if (known) return known;
    exposed.add(o.id);
    return { kind: 'linear', e: { c: 0n, terms: new Map([[o.id, 1n]]), exact: true } };
  };
  const conditions: Linear[] = [];
  const items: PathItem[] = [];
  const vars: Variable[] = [];
  const varOf = (id: number) => vars.find((v) => v.id === id) ?? program.vars.get(id);

  /** One instruction of the path, as code; a refusal when it is not accelerable. */
  const instr = (ins: Instr, inner: boolean, depth: number): string | null => {
    if (ins.kind !== 'assign') return `a ${ins.kind} in the loop`;
    if (ins.value.op === 'call' && !ins.value.external) return call(ins, ins.value, inner, depth);
    const dst = ins.dst;
    if (!dst || dst.root.kind !== 'var' || dst.path.length || dst.type.kind !== 'int') return 'an assignment other than to a scalar integer variable';
    const v = varOf(dst.root.id);
    if (!v || v.addressTaken || (v.kind !== 'local' && v.kind !== 'param' && v.kind !== 'temp'))
      return 'an assignment to a global or an address-taken variable';
    const value = symbolic(ins.value, read);
    if (!value) return `an operation the acceleration does not model (line ${ins.range.line})`;
    env.set(v.id, value);
    written.add(v.id);
    code(ins);
    return null;
  };
  const code = (ins: Instr) => {
    const last = items[items.length - 1];
    if (last?.kind === 'code') last.instrs.push(ins);
    else items.push({ kind: 'code', instrs: [ins] });
  };
  /** The side of a branch the path takes, after the block's instructions `instrs`; `inner`: in an inner loop's run. */
  const branch = (instrs: Instr[], br: { then: boolean; cond: Operand }, inner: boolean): string | null => {
    // The condition is decided at the end of the block.
    const cond = read(br.cond);
    if (cond?.kind === 'linear' && !cond.e.terms.size) {
      // A constant condition (`while (1)`): the path's side is always taken, or never.
      return (cond.e.c !== 0n) === br.then ? null : 'a side of a constant condition that is never taken';
    }
    if (!cond || cond.kind !== 'compare' || !cond.a.exact || !cond.b.exact) return 'a condition that is not a linear comparison';
    if (!cond.a.terms.size && !cond.b.terms.size)
      // Two constants (a variable set earlier on the path): the side is taken at every iteration, or at none.
      return holds(cond.op, cond.a.c, cond.b.c) === br.then ? null : 'a side of a constant condition that is never taken';
    conditions.push(cond.a, cond.b);
    const op = br.then ? cond.op : NEGATED[cond.op];
    if (op !== '!=') {
      items.push({ kind: 'branch', ...br });
      return null;
    }
    // `!=` is not convex: its operands must keep their order, read where they were compared (unchanged since).
    if (inner) return 'a != condition in a nested loop';
    const c = br.cond;
    let at = -1;
    instrs.forEach((i, k) => {
      if (c.kind === 'var' && i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === c.id) at = k;
    });
    const def = instrs[at];
    if (!def || def.kind !== 'assign' || def.value.op !== 'binary') return 'a != condition the acceleration cannot order';
    const { a, b } = def.value;
    // The order of the values compared, not of truth values derived from them (`(x == y) == 0`).
    if (read(a)?.kind !== 'linear' || read(b)?.kind !== 'linear') return 'a != condition the acceleration cannot order';
    const later = instrs.slice(at + 1);
    const changed = (o: Operand) => o.kind === 'var' && later.some((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === o.id);
    if (changed(a) || changed(b)) return 'a != condition the acceleration cannot order';
    items.push({ kind: 'branch', ...br, order: { a, b } });
    return null;
  };
  /** Path blocks as code, in order. */
  const blocks = (pbs: PathBlock[], inner: boolean): string | null => {
    for (const pb of pbs) {
      const r = pb.run ? run(pb.block, pb.run) : block(fn.blocks[pb.block].instrs, pb.branch, inner);
      if (r) return r;
    }
    return null;
  };
  const block = (instrs: Instr[], br: { then: boolean; cond: Operand } | undefined, inner: boolean, depth = 0): string | null => {
    for (const ins of instrs) {
      const r = instr(ins, inner, depth);
      if (r) return r;
    }
    return br ? branch(instrs, br, inner) : null;
  };
  /**
   * A nested loop run on its path `p` until its head's condition sends it out: its counters' values where it
   * is entered fix how many iterations that is (n). The first and the last iteration run as code, the counters
   * jump over the n - 2 between: its conditions, linear, hold between when they hold at both ends.
   */
  const run = (head: number, p: PathPlan): string | null => {
    const stay = p.blocks[0];
    if (stay.block !== head || !stay.branch) return 'a nested loop whose head does not decide';
    // The head's condition with each counter c0 + step * j (c0 its value where the loop is entered, j a variable
    // of its own), the rest as the path has them.
    const J = -1;
    const scratch = new Map(env);
    for (const [id, step] of p.steps) {
      const c0 = env.get(id) ?? { kind: 'linear', e: { c: 0n, terms: new Map([[id, 1n]]), exact: true } };
      if (c0.kind !== 'linear' || !c0.e.exact) return 'a nested loop whose counters are not linear where it is entered';
      scratch.set(id, { kind: 'linear', e: add(c0.e, { c: 0n, terms: new Map([[J, step]]), exact: true }, 1n) });
    }
    const readScratch = (o: Operand): Symbolic | null => {
      if (o.kind === 'const') return o.type.kind === 'int' ? { kind: 'linear', e: { c: o.value, terms: new Map(), exact: true } } : null;
      if (o.kind !== 'var' || o.type.kind !== 'int') return null;
      return scratch.get(o.id) ?? { kind: 'linear', e: { c: 0n, terms: new Map([[o.id, 1n]]), exact: true } };
    };
    for (const ins of fn.blocks[head].instrs) {
      if (ins.kind !== 'assign' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) return 'a nested loop whose head does more than compare';
      const value = symbolic(ins.value, readScratch);
      if (!value) return 'a nested loop whose head does more than compare';
      scratch.set(ins.dst.root.id, value);
    }
    const cond = readScratch(stay.branch.cond);
    if (!cond || cond.kind !== 'compare' || !cond.a.exact || !cond.b.exact) return 'a nested loop whose head does not compare linear values';
    // The loop stays while d0 + k * j op 0.
    const d = add(cond.a, cond.b, -1n);
    const k = d.terms.get(J) ?? 0n;
    const d0: Linear = { c: d.c, terms: new Map([...d.terms].filter(([id]) => id !== J)), exact: true };
    const op = stay.branch.then ? cond.op : NEGATED[cond.op];
    /** The number of iterations, linear in the values where the loop is entered (null: not known to be). */
    let n: Linear | null = null;
    if (!d0.terms.size) {
      let count = 0n;
      while (count <= MAX_TRIP && holds(op, d0.c + k * count, 0n)) count++;
      if (count === 0n || count > MAX_TRIP) return 'a nested loop that does not run a bounded number of iterations';
      n = { c: count, terms: new Map(), exact: true };
    } else if (k === 1n && (op === '<' || op === '<=')) n = add(scale(d0, -1n), { c: op === '<' ? 0n : 1n, terms: new Map(), exact: true }, 1n);
    else if (k === -1n && (op === '>' || op === '>=')) n = add(d0, { c: op === '>' ? 0n : 1n, terms: new Map(), exact: true }, 1n);
    if (!n) return 'a nested loop whose number of iterations is not linear in the values where it is entered';
    const constant = n.terms.size ? null : n.c;
    let r = blocks(p.blocks, true);
    if (r || constant === 1n) return r;
    // Iterations 1 .. n - 2 at once: a constant, or (a count that depends on values) a fresh number the exit pins.
    const by = add(n, { c: -2n, terms: new Map(), exact: true }, 1n);
    if (constant === null || constant > 2n) {
      for (const [id, step] of p.steps) {
        const cur = read({ kind: 'var', id, type: INT });
        if (cur?.kind !== 'linear') return 'a nested loop whose counters are unknown where it is entered';
        env.set(id, { kind: 'linear', e: add(cur.e, scale(by, step), 1n) });
      }
      items.push({ kind: 'jump', steps: p.steps, by: constant === null ? null : constant - 2n });
    }
    r = blocks(p.blocks, true);
    if (r || constant !== null) return r;
    // A fresh count is pinned by the exit: the head's condition after the last iteration, asked as code even
    // where the path's values make it a constant (the path block leaving the loop comes next).
    r = block(fn.blocks[head].instrs, undefined, true);
    items.push({ kind: 'branch', then: !stay.branch.then, cond: stay.branch.cond });
    return r;
  };
  /**
   * A call of a function of the program: its only way from its entry to a return runs as code, on copies of its
   * variables (the arguments passed as the call passes them, the result assigned to the call's destination).
   */
  const call = (ins: Extract<Instr, { kind: 'assign' }>, rv: Extract<Rvalue, { op: 'call' }>, inner: boolean, depth: number): string | null => {
    const callee = program.functions.find((f) => f.name === rv.callee);
    if (!callee || callee === fn || depth >= MAX_CALL_DEPTH) return `a call in the loop (line ${ins.range.line})`;
    const route = onlyReturn(program, callee);
    if (!route) return `a call of ${callee.name}, which has more than one way to return (line ${ins.range.line})`;
    const copies = new Map<number, number>();
    for (const id of callee.locals) {
      const v = program.vars.get(id);
      if (!v || v.addressTaken || v.isStatic || v.kind === 'old') return `a call of ${callee.name}, whose variables are not all plain locals`;
      const copy: Variable = { ...v, id: ids.take(), name: `${callee.name}.${v.name}`, kind: 'temp' };
      vars.push(copy);
      copies.set(id, copy.id);
    }
    const renamer: Renamer = { use: (id) => copies.get(id) ?? id };
    const local = (id: number): Operand => ({ kind: 'var', id: copies.get(id)!, type: program.vars.get(id)!.type });
    if (rv.args.length !== callee.params.length) return `a call of ${callee.name} whose arguments do not match its parameters`;
    for (const [k, pid] of callee.params.entries()) {
      const p = local(pid);
      const arg = rv.args[k];
      const r = instr(
        { kind: 'assign', dst: placeOf(p), value: sameType(arg.type, p.type) ? { op: 'use', a: arg } : { op: 'cast', a: arg, to: p.type }, range: ins.range },
        inner,
        depth,
      );
      if (r) return r;
    }
    for (const pb of route) {
      const instrs = callee.blocks[pb.block].instrs.map((i) => renameInstr(i, renamer));
      const br = pb.branch && { then: pb.branch.then, cond: renameOperand(pb.branch.cond, renamer) };
      const r = block(instrs, br, inner, depth + 1);
      if (r) return r;
    }
    if (!ins.dst) return null;
    if (callee.returnVar === null) return `a call of ${callee.name} whose result is used`;
    const result = local(callee.returnVar);
    return instr(
      {
        kind: 'assign',
        dst: ins.dst,
        value: sameType(result.type, ins.dst.type) ? { op: 'use', a: result } : { op: 'cast', a: result, to: ins.dst.type },
        range: ins.range,
      },
      inner,
      depth,
    );
  };

  const refused = blocks(path, false);
  if (refused) return { refuse: refused };
  const steps = new Map<number, bigint>();
  for (const id of written) {
    const s = env.get(id)!;
    const isStep = s.kind === 'linear' && s.e.terms.size === 1 && s.e.terms.get(id) === 1n;
    if (isStep) steps.set(id, s.e.c);
    else if (exposed.has(id)) return { refuse: `'${varOf(id)!.name}' changes across iterations other than by a constant` };
  }
  // A counter's jump is in its own signed type (int or wider) or in long long (not unsigned long long, not a _Bool).
  for (const id of steps.keys()) {
    const ty = varOf(id)!.type as IntType;
    if (steps.get(id) !== 0n && (ty.bits < 8 || ty.bits > 64 || (!ty.signed && ty.bits >= 64) || (ty.signed && ty.bits < INT.bits)))
      return { refuse: `a counter of type ${ty.name}` };
  }
  // Every value a condition reads is of a counter or of a variable the path does not change.
  for (const side of conditions)
    for (const id of side.terms.keys()) if (written.has(id) && !steps.has(id)) return { refuse: 'a condition reads a non-counter' };
  return { blocks: path, items, steps, vars };
}

/**
 * The only path of a function from its entry to a return, none of whose blocks ends the run (an error call,
 * a call of a function that never returns), or null when there is not exactly one (or a loop is on the way).
 */
function onlyReturn(program: Program, fn: IRFunction): PathBlock[] | null {
  const found: PathBlock[][] = [];
  /** A loop or a switch on the way: not a path the acceleration follows. */
  let refused = false;
  const walk = (block: number, path: PathBlock[]) => {
    if (found.length > 1 || refused) return;
    if (path.some((p) => p.block === block)) {
      refused = true;
      return;
    }
    const b = fn.blocks[block];
    if (b.instrs.some((i) => i.kind === 'error' || (i.kind === 'assign' && i.value.op === 'call' && neverReturns(program, i.value.callee)))) return;
    const t = b.terminator;
    if (t.kind === 'return') found.push([...path, { block }]);
    else if (t.kind === 'goto') walk(t.target, [...path, { block }]);
    else if (t.kind === 'branch') for (const then of [true, false]) walk(then ? t.then : t.else, [...path, { block, branch: { then, cond: t.cond } }]);
    else if (t.kind === 'switch') refused = true;
  };
  walk(0, []);
  return found.length === 1 && !refused ? found[0] : null;
}

/** A function of the program none of whose executions returns (`reach_error() { abort(); }`). */
function neverReturns(program: Program, name: string): boolean {
  const fn = program.functions.find((f) => f.name === name);
  if (!fn) return false;
  const reachable = reachableFromEntry(fn);
  return !fn.blocks.some((b, k) => b.terminator.kind === 'return' && reachable.has(k));
}

/** A copy of an inlined callee's instruction on its variables' copies. */
function renameInstr(ins: Instr, r: Renamer): Instr {
  switch (ins.kind) {
    case 'assign':
      return { ...ins, dst: ins.dst && renamePlace(ins.dst, r), value: renameRvalue(ins.value, r) };
    case 'assume':
    case 'assert':
      return { ...ins, cond: renameOperand(ins.cond, r) };
    default:
      return ins;
  }
}

/** The truth of `a op b`. */
export function holds(op: Comparison, a: bigint, b: bigint): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '==':
      return a === b;
    case '!=':
      return a !== b;
  }
}

/**
 * What an rvalue computes, or null when the acceleration cannot allow it:
 * signed arithmetic must be linear and exact (its overflow, checked at both
 * ends, is then excluded between); an unsigned operation or a narrowing
 * conversion cannot be undefined, but gives 'other'.
 */
function symbolic(rv: Rvalue, read: (o: Operand) => Symbolic | null): Symbolic | null {
  const other: Symbolic = { kind: 'other' };
  switch (rv.op) {
    case 'use':
      return read(rv.a);
    case 'cast': {
      const a = read(rv.a);
      if (!a || rv.to.kind !== 'int' || rv.a.type.kind !== 'int') return null;
      if (a.kind === 'linear' && preserves(rv.a.type, rv.to)) return a;
      return other;
    }
    case 'unary': {
      const a = read(rv.a);
      if (!a || rv.type.kind !== 'int') return null;
      if (rv.uop === '-') {
        if (!rv.type.signed) return other;
        return a.kind === 'linear' && a.e.exact ? { kind: 'linear', e: scale(a.e, -1n) } : null;
      }
      return other;
    }
    case 'binary': {
      const a = read(rv.a);
      const b = read(rv.b);
      if (!a || !b || rv.type.kind !== 'int') return null;
      switch (rv.bop) {
        case '<':
        case '<=':
        case '>':
        case '>=':
        case '==':
        case '!=':
          if (a.kind === 'linear' && b.kind === 'linear') return { kind: 'compare', op: rv.bop, a: a.e, b: b.e };
          return truthOf(rv.bop, a, b) ?? truthOf(rv.bop, b, a) ?? other;
        case '+':
        case '-':
        case '*': {
          const signed = rv.type.signed;
          const linear = a.kind === 'linear' && b.kind === 'linear' && (rv.bop !== '*' || !a.e.terms.size || !b.e.terms.size);
          if (!linear) return signed ? null : other;
          const [x, y] = [(a as { e: Linear }).e, (b as { e: Linear }).e];
          const e = rv.bop === '+' ? add(x, y, 1n) : rv.bop === '-' ? add(x, y, -1n) : !x.terms.size ? scale(y, x.c) : scale(x, y.c);
          // Unsigned arithmetic wraps silently: its value is linear only while nothing wraps, which nothing checks.
          if (signed && !(x.exact && y.exact)) return null;
          return { kind: 'linear', e: { ...e, exact: signed } };
        }
        case '&':
        case '|':
        case '^':
          return other;
        default:
          // Division, remainder and shifts can be undefined at an iteration no one checks.
          return null;
      }
    }
    default:
      return null;
  }
}

/**
 * A truth value (a comparison, 0 or 1) compared with the constant 0 or 1 (`cond == 0` in an assertion function): the
 * comparison itself or its negation; null otherwise.
 */
function truthOf(bop: BinaryOp, cmp: Symbolic, k: Symbolic): Symbolic | null {
  if ((bop !== '==' && bop !== '!=') || cmp.kind !== 'compare' || k.kind !== 'linear' || k.e.terms.size || (k.e.c !== 0n && k.e.c !== 1n)) return null;
  return (bop === '==') === (k.e.c === 1n) ? cmp : { ...cmp, op: NEGATED[cmp.op] };
}

/** Every value of `from` is a value of `to`. */
function preserves(from: CType, to: CType): boolean {
  if (from.kind !== 'int' || to.kind !== 'int') return false;
  return intMinOf(to) <= intMinOf(from) && intMaxOf(from) <= intMaxOf(to);
}

function add(x: Linear, y: Linear, sign: bigint): Linear {
  const terms = new Map(x.terms);
  for (const [k, v] of y.terms) {
    const n = (terms.get(k) ?? 0n) + sign * v;
    if (n === 0n) terms.delete(k);
    else terms.set(k, n);
  }
  return { c: x.c + sign * y.c, terms, exact: x.exact && y.exact };
}

function scale(x: Linear, k: bigint): Linear {
  if (k === 0n) return { c: 0n, terms: new Map(), exact: x.exact };
  return { c: x.c * k, terms: new Map([...x.terms].map(([id, v]) => [id, v * k])), exact: x.exact };
}

function placeOf(o: Operand): Place {
  return { root: { kind: 'var', id: (o as { id: number }).id }, path: [], type: o.type };
}
