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

import type { BasicBlock, Decision, Instr, IRFunction, Operand, Place, Program, Rvalue, SourceRange, Variable } from '../ir/ir';
import { INT, LLONG, type CType, type IntType } from '../ir/types';
import { findLoops, isReducible, type Loop } from '../ir/loops';
import { retargetEdges } from './transform';
import { successors } from '../ir/cfg';
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
type Comparison = '<' | '<=' | '>' | '>=' | '==' | '!=';

const NEGATED: Record<Comparison, Comparison> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };

/** One block of a path around the loop, and the side its branch takes (none: it ends in a goto). */
interface PathBlock {
  block: number;
  branch?: {
    then: boolean;
    cond: Operand;
    /** For a `!=` (or the false side of `==`): the compared operands, whose order must be the same at both ends. */
    order?: { a: Operand; b: Operand };
  };
}

/** A path from the loop's head around to it again, accelerable: its blocks and each counter's change. */
interface PathPlan {
  blocks: PathBlock[];
  steps: Map<number, bigint>;
}

/** Paths of one loop tried, at most (each accelerated path is one more way into the loop). */
const MAX_PATHS = 8;

/**
 * The program with every accelerable loop path of every function accelerated; null when none is.
 * `backEdges`: also where the loop goes back to its head (paths may take turns), at the price of a
 * choice at every iteration the solver explores; else only where the loop is entered.
 */
export function accelerateLoops(program: Program, backEdges: boolean): Acceleration | null {
  let nextId = Math.max(0, ...program.vars.keys()) + 1;
  const vars = new Map(program.vars);
  const loops: AcceleratedLoop[] = [];
  /** `${function}:${from}>${header}` -> the new block the edge goes to. */
  const moved = new Map<string, number>();
  const functions = program.functions.map((fn) => {
    if (!isReducible(fn)) return fn;
    const plans = findLoops(fn)
      .map((loop) => ({ loop, paths: pathsOf(program, fn, loop) }))
      .filter((p) => p.paths.length);
    if (!plans.length) return fn;
    const blocks: BasicBlock[] = fn.blocks.map((b) => ({ ...b, terminator: { ...b.terminator }, edgeLabels: { ...b.edgeLabels } }));
    const locals = [...fn.locals];
    const decisions: Decision[] = [...fn.decisions];
    const temp = (name: string, type: CType): Operand => {
      const id = nextId++;
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
      // Into the head: either as before, or through one path's accelerated iterations.
      const first = blocks.length;
      paths.forEach((path, k) => {
        const choose = first + 2 * k;
        const run = choose + 1;
        const next = k + 1 < paths.length ? choose + 2 : loop.header;
        const decision = `${fn.name}:accelerate:${loop.header}:${k}`;
        decisions.push({ id: decision, kind: 'if', synthetic: true, text: 'accelerate', range, outcomes: [] });
        const chooser = temp('accel.choose', INT);
        const instrs: Instr[] = [];
        /** The order of `!=` operands at iteration 0, by path block. */
        const orders = new Map<number, Operand>();
        const iteration = (start: boolean) => {
          for (const pb of path.blocks) {
            instrs.push(...fn.blocks[pb.block].instrs);
            const br = pb.branch;
            if (!br) continue;
            if (br.then) instrs.push(assume(br.cond));
            else {
              const not = temp('accel.not', INT);
              instrs.push(assign(not, { op: 'binary', bop: '==', a: br.cond, b: { kind: 'const', value: 0n, type: br.cond.type }, type: INT }));
              instrs.push(assume(not));
            }
            if (!br.order) continue;
            // Same strict order at both ends: a monotone value that does not cross the other never equals it between.
            const lt = temp('accel.lt', INT);
            instrs.push(assign(lt, { op: 'binary', bop: '<', a: br.order.a, b: br.order.b, type: INT }));
            if (start) orders.set(pb.block, lt);
            else {
              const same = temp('accel.same', INT);
              instrs.push(assign(same, { op: 'binary', bop: '==', a: lt, b: orders.get(pb.block)!, type: INT }));
              instrs.push(assume(same));
            }
          }
        };
        iteration(true);
        // m is an int (at most 2^31 - 1 iterations at once): the jump of an int counter stays 32-bit for the solver.
        const m = temp('accel.m', INT);
        instrs.push(assign(m, { op: 'fresh', type: INT }));
        const mOk = temp('accel.ok', INT);
        instrs.push(assign(mOk, { op: 'binary', bop: '>=', a: m, b: { kind: 'const', value: 0n, type: INT }, type: INT }));
        instrs.push(assume(mOk));
        for (const [id, step] of path.steps) {
          if (step === 0n) continue;
          const t = vars.get(id)!.type as IntType;
          const cur: Operand = { kind: 'var', id, type: t };
          // A signed counter moves in its own type (overflow is an obligation); an unsigned one in long long, assumed not to wrap.
          const jt: IntType = t.signed && t.bits >= INT.bits ? t : LLONG;
          const k = (v: bigint): Operand => ({ kind: 'const', value: v, type: jt });
          const mj = temp('accel.mj', jt);
          instrs.push(assign(mj, jt === INT ? { op: 'use', a: m } : { op: 'cast', a: m, to: jt }));
          const at = jt === t ? cur : temp('accel.w', jt);
          if (at !== cur) instrs.push(assign(at, { op: 'cast', a: cur, to: jt }));
          const by = step === 1n ? mj : temp('accel.d', jt);
          // (A step of 1 adds m itself: no multiplication for the solver.)
          if (by !== mj) instrs.push(assign(by, { op: 'binary', bop: '*', a: mj, b: k(step), type: jt }));
          instrs.push(assign(at, { op: 'binary', bop: '+', a: at, b: by, type: jt }));
          if (at === cur) continue;
          for (const [bop, bound] of [
            ['>=', intMinOf(t)],
            ['<=', intMaxOf(t)],
          ] as const) {
            const ok = temp('accel.ok', INT);
            instrs.push(assign(ok, { op: 'binary', bop, a: at, b: k(bound), type: INT }));
            instrs.push(assume(ok));
          }
          instrs.push(assign(cur, { op: 'cast', a: at, to: t }));
        }
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
 * is a counter, and every branch condition is a linear comparison.
 */
export function pathsOf(program: Program, fn: IRFunction, loop: Loop): PathPlan[] {
  const out: PathPlan[] = [];
  const walk = (block: number, path: PathBlock[]) => {
    if (out.length >= MAX_PATHS) return;
    if (block === loop.header && path.length) {
      const plan = planOf(program, fn, path);
      if (!('refuse' in plan)) out.push(plan);
      return;
    }
    if (!loop.body.has(block) || path.some((p) => p.block === block)) return;
    const t = fn.blocks[block].terminator;
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

/** Whether one path around a loop is accelerable (see pathsOf), and its counters. */
export function planOf(program: Program, fn: IRFunction, path: PathBlock[]): PathPlan | { refuse: string } {
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
  const blocks: PathBlock[] = [];
  for (const pb of path) {
    const instrs = fn.blocks[pb.block].instrs;
    for (const ins of instrs) {
      if (ins.kind !== 'assign') return { refuse: `a ${ins.kind} in the loop` };
      const dst = ins.dst;
      if (!dst || dst.root.kind !== 'var' || dst.path.length || dst.type.kind !== 'int')
        return { refuse: 'an assignment other than to a scalar integer variable' };
      const v = program.vars.get(dst.root.id);
      if (!v || v.addressTaken || (v.kind !== 'local' && v.kind !== 'param' && v.kind !== 'temp'))
        return { refuse: 'an assignment to a global or an address-taken variable' };
      const value = symbolic(ins.value, read);
      if (!value) return { refuse: `an operation the acceleration does not model (line ${ins.range.line})` };
      env.set(v.id, value);
      written.add(v.id);
    }
    if (!pb.branch) {
      blocks.push(pb);
      continue;
    }
    // The condition is decided at the end of the block.
    const cond = read(pb.branch.cond);
    if (cond?.kind === 'linear' && !cond.e.terms.size) {
      // A constant condition (`while (1)`): the path's side is always taken, or never.
      if ((cond.e.c !== 0n) !== pb.branch.then) return { refuse: 'a side of a constant condition that is never taken' };
      blocks.push({ block: pb.block });
      continue;
    }
    if (!cond || cond.kind !== 'compare' || !cond.a.exact || !cond.b.exact) return { refuse: 'a condition that is not a linear comparison' };
    conditions.push(cond.a, cond.b);
    const op = pb.branch.then ? cond.op : NEGATED[cond.op];
    if (op !== '!=') {
      blocks.push(pb);
      continue;
    }
    // `!=` is not convex: its operands must keep their order, read where they were compared (unchanged since).
    const c = pb.branch.cond;
    let at = -1;
    instrs.forEach((i, k) => {
      if (c.kind === 'var' && i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === c.id) at = k;
    });
    const def = instrs[at];
    if (!def || def.kind !== 'assign' || def.value.op !== 'binary') return { refuse: 'a != condition the acceleration cannot order' };
    const { a, b } = def.value;
    const later = instrs.slice(at + 1);
    const changed = (o: Operand) => o.kind === 'var' && later.some((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === o.id);
    if (changed(a) || changed(b)) return { refuse: 'a != condition the acceleration cannot order' };
    blocks.push({ ...pb, branch: { ...pb.branch, order: { a, b } } });
  }
  const steps = new Map<number, bigint>();
  for (const id of written) {
    const s = env.get(id)!;
    const isStep = s.kind === 'linear' && s.e.terms.size === 1 && s.e.terms.get(id) === 1n;
    if (isStep) steps.set(id, s.e.c);
    else if (exposed.has(id)) return { refuse: `'${program.vars.get(id)!.name}' changes across iterations other than by a constant` };
  }
  // A counter's jump is in its own signed type (int or wider) or in long long (not unsigned long long, not a _Bool).
  for (const id of steps.keys()) {
    const ty = program.vars.get(id)!.type as IntType;
    if (steps.get(id) !== 0n && (ty.bits < 8 || ty.bits > 64 || (!ty.signed && ty.bits >= 64) || (ty.signed && ty.bits < INT.bits)))
      return { refuse: `a counter of type ${ty.name}` };
  }
  // Every value a condition reads is of a counter or of a variable the path does not change.
  for (const side of conditions)
    for (const id of side.terms.keys()) if (written.has(id) && !steps.has(id)) return { refuse: 'a condition reads a non-counter' };
  return { blocks, steps };
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
          return a.kind === 'linear' && b.kind === 'linear' ? { kind: 'compare', op: rv.bop, a: a.e, b: b.e } : other;
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
