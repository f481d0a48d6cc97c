// Integer ranges of a function's locals, before any solver call (issue 16:
// goals that cannot fail by construction are not goals). An interval
// analysis over the CFG: each integer local, parameter or temp whose address
// is never taken has a range [lo, hi] at each point; constants, casts,
// arithmetic and the conditions of branches narrow it; loops are widened to
// the type's bounds (then the guards at the uses narrow again: `n <= 32`
// before `n++`, `i < n` before `i++`). Everything else (loads, calls,
// inputs, globals, anything reached through a pointer) is its type's whole
// range, so the ranges hold for every execution: an arithmetic error they
// exclude cannot happen, whatever the inputs (`settledErrors`).
//
// A signed operation's result is taken within its type: an execution where
// it overflows ends there (undefined behaviour, the operation's own goal).

import type { Comparison, IRFunction, Instr, Operand, Program, Rvalue } from './ir';
import type { CType, IntType } from './types';
import type { RuntimeErrorKind } from './runtimeErrors';
import { reversePostorder, successors } from './cfg';
import { intMaxOf, intMinOf, wrapInt } from './interp';

interface Range {
  lo: bigint;
  hi: bigint;
}

/** Ranges of the tracked variables; a variable not in the map has its type's range. */
type State = Map<number, Range>;

/** Joins at a block before its ranges are widened to the type's bounds. */
const JOINS_BEFORE_WIDENING = 3;

/**
 * For each block and instruction index, the arithmetic runtime errors (of `overflow`, `div-by-zero`,
 * `div-overflow`, `shift`) that the ranges of its operands exclude.
 */
export function settledErrors(program: Program, fn: IRFunction): Map<number, Map<number, Set<RuntimeErrorKind>>> {
  const out = new Map<number, Map<number, Set<RuntimeErrorKind>>>();
  const analysis = new RangeAnalysis(program, fn);
  for (const block of fn.blocks) {
    const start = analysis.atStart[block.id];
    if (!start) continue; // not reached: its goals are left to the solver
    const state = new Map(start);
    block.instrs.forEach((instr, index) => {
      const settled = analysis.settled(instr, state);
      if (settled.size) (out.get(block.id) ?? out.set(block.id, new Map()).get(block.id)!).set(index, settled);
      analysis.transfer(instr, state);
    });
  }
  return out;
}

class RangeAnalysis {
  /** The ranges at each block's start (null: no path reaches it). */
  readonly atStart: (State | null)[];

  constructor(
    private readonly program: Program,
    private readonly fn: IRFunction,
  ) {
    this.atStart = fn.blocks.map(() => null);
    this.solve();
  }

  private tracked(id: number): IntType | null {
    return ownIntType(this.program, id);
  }

  private solve(): void {
    const blocks = this.fn.blocks;
    if (!blocks.length) return;
    const joins = blocks.map(() => 0);
    // Widening only where a cycle comes back (every cycle has such a block), so that guards inside loops keep narrowing.
    const order = reversePostorder(this.fn);
    const rank = new Map(order.map((b, i) => [b, i]));
    const header = new Set<number>();
    for (const b of order) for (const s of successors(blocks[b])) if (rank.get(s)! <= rank.get(b)!) header.add(s);
    this.atStart[0] = new Map();
    const work = new Set<number>([0]);
    while (work.size) {
      const id = [...work].reduce((a, b) => (rank.get(a)! <= rank.get(b)! ? a : b));
      work.delete(id);
      const block = blocks[id];
      const state = new Map(this.atStart[id]!);
      for (const instr of block.instrs) this.transfer(instr, state);
      for (const [succ, edge] of this.edges(block, state)) {
        // A condition no value can meet: the edge is never taken.
        if ([...edge.values()].some((r) => r.lo > r.hi)) continue;
        const old = this.atStart[succ];
        let next = old ? join(old, edge) : edge;
        if (old && header.has(succ) && ++joins[succ] > JOINS_BEFORE_WIDENING) next = this.widen(old, next);
        if (!old || !sameState(old, next)) {
          this.atStart[succ] = next;
          work.add(succ);
        }
      }
    }
  }

  /** A range that grew since the last join goes to its type's bound. */
  private widen(old: State, next: State): State {
    const out: State = new Map();
    for (const [id, r] of next) {
      const t = this.tracked(id)!;
      const o = old.get(id) ?? full(t);
      const lo = r.lo < o.lo ? intMinOf(t) : r.lo;
      const hi = r.hi > o.hi ? intMaxOf(t) : r.hi;
      if (lo !== intMinOf(t) || hi !== intMaxOf(t)) out.set(id, { lo, hi });
    }
    return out;
  }

  /** The state along each edge out of the block (narrowed by its branch's condition). */
  private edges(block: IRFunction['blocks'][number], state: State): [number, State][] {
    const t = block.terminator;
    if (t.kind === 'branch') {
      if (t.then === t.else) return [[t.then, state]];
      return [
        [t.then, this.assuming(block.instrs, t.cond, true, state)],
        [t.else, this.assuming(block.instrs, t.cond, false, state)],
      ];
    }
    if (t.kind === 'switch') {
      const out: [number, State][] = [];
      for (const c of t.cases) {
        const s = new Map(state);
        if (c.values.length) this.narrow(block.instrs, t.value, { lo: min(c.values), hi: max(c.values) }, s);
        out.push([c.target, s]);
      }
      out.push([t.default, state]);
      return out;
    }
    return successors(block).map((s) => [s, state]);
  }

  /** The state where `cond` (computed by `instrs`) is true, or false. */
  private assuming(instrs: Instr[], cond: Operand, value: boolean, state: State): State {
    const s = new Map(state);
    if (cond.kind !== 'var') return s;
    const def = definitionAtEnd(instrs, cond.id);
    const cmp = def?.value.op === 'binary' && isComparison(def.value.bop) ? def.value : null;
    if (!cmp || cmp.op !== 'binary') {
      // `if (x)`: x != 0 or x == 0.
      const t = this.tracked(cond.id);
      if (t && !value) this.narrow(instrs, cond, { lo: 0n, hi: 0n }, s);
      else if (t) {
        const r = s.get(cond.id) ?? full(t);
        if (r.lo === 0n) s.set(cond.id, { lo: 1n, hi: r.hi });
        else if (r.hi === 0n) s.set(cond.id, { lo: r.lo, hi: -1n });
      }
      return s;
    }
    // The compared variables must still hold the compared values at the block's end.
    const at = instrs.indexOf(def!);
    const later = instrs.slice(at + 1);
    if ([cmp.a, cmp.b].some((o) => o.kind === 'var' && later.some((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === o.id)))
      return s;
    const op = value ? cmp.bop : negate(cmp.bop);
    const a = this.operandRange(cmp.a, s);
    const b = this.operandRange(cmp.b, s);
    if (!a || !b) return s;
    const [ra, rb] = compare(op, a, b);
    if (ra) this.narrow(instrs, cmp.a, ra, s);
    if (rb) this.narrow(instrs, cmp.b, rb, s);
    return s;
  }

  /**
   * Narrows an operand (at the block's end) to `r`, and the variable a value-keeping cast of which it
   * is (`t = (int)c` narrows c too), when neither is assigned again after.
   */
  private narrow(instrs: Instr[], op: Operand, r: Range, s: State): void {
    if (op.kind !== 'var') return;
    const t = this.tracked(op.id);
    if (!t) return;
    const cur = s.get(op.id) ?? full(t);
    const lo = r.lo > cur.lo ? r.lo : cur.lo;
    const hi = r.hi < cur.hi ? r.hi : cur.hi;
    s.set(op.id, { lo, hi });
    const def = definitionAtEnd(instrs, op.id);
    if (def?.value.op === 'cast' && def.value.a.kind === 'var') {
      const src = def.value.a;
      const st = this.tracked(src.id);
      const idx = instrs.indexOf(def);
      const reassigned = instrs.slice(idx + 1).some((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === src.id);
      if (st && !reassigned && fits(s.get(src.id) ?? full(st), t)) this.narrow(instrs, src, { lo, hi }, s);
    }
  }

  private operandRange(op: Operand, s: State): Range | null {
    if (op.type.kind !== 'int') return null;
    if (op.kind === 'const') {
      const v = wrapInt(op.value, op.type);
      return { lo: v, hi: v };
    }
    if (op.kind === 'var') return s.get(op.id) ?? full(op.type);
    return full(op.type);
  }

  /** The instruction's effect on the ranges. */
  transfer(instr: Instr, s: State): void {
    if (instr.kind !== 'assign' || !instr.dst || instr.dst.root.kind !== 'var' || instr.dst.path.length) return;
    const id = instr.dst.root.id;
    const t = this.tracked(id);
    if (!t) return;
    const r = this.value(instr.value, t, s);
    if (r.lo === intMinOf(t) && r.hi === intMaxOf(t)) s.delete(id);
    else s.set(id, r);
  }

  /** The range of an rvalue assigned to a variable of type t. */
  private value(rv: Rvalue, t: IntType, s: State): Range {
    const within = (r: Range | null): Range => (r && fits(r, t) ? r : full(t));
    switch (rv.op) {
      case 'use':
        return within(this.operandRange(rv.a, s));
      case 'cast':
        return rv.a.type.kind === 'int' ? within(this.operandRange(rv.a, s)) : full(t);
      case 'unary': {
        const a = this.operandRange(rv.a, s);
        if (!a || rv.type.kind !== 'int') return full(t);
        if (rv.uop === '!') return { lo: 0n, hi: 1n };
        if (rv.uop === '-') return this.result({ lo: -a.hi, hi: -a.lo }, rv.type, t);
        return this.result({ lo: -a.hi - 1n, hi: -a.lo - 1n }, rv.type, t); // ~x == -x - 1
      }
      case 'binary': {
        if (isComparison(rv.bop)) return { lo: 0n, hi: 1n };
        const a = this.operandRange(rv.a, s);
        const b = this.operandRange(rv.b, s);
        if (!a || !b || rv.type.kind !== 'int') return full(t);
        const m = arithmetic(rv.bop, a, b, rv.type);
        return m ? this.result(m, rv.type, t) : full(t);
      }
      default:
        return full(t);
    }
  }

  /**
   * The range of an operation's result: its mathematical range when its type holds it; a signed one
   * within its type (an overflowing execution ends there); an unsigned one that wraps, its whole type.
   */
  private result(m: Range, opType: IntType, t: IntType): Range {
    let r: Range;
    if (fits(m, opType)) r = m;
    else if (opType.signed) r = { lo: m.lo > intMinOf(opType) ? m.lo : intMinOf(opType), hi: m.hi < intMaxOf(opType) ? m.hi : intMaxOf(opType) };
    else return full(t);
    return fits(r, t) ? r : full(t);
  }

  /** The arithmetic errors of the instruction that its operands' ranges exclude. */
  settled(instr: Instr, s: State): Set<RuntimeErrorKind> {
    const out = new Set<RuntimeErrorKind>();
    if (instr.kind !== 'assign') return out;
    const rv = instr.value;
    if (rv.op === 'unary' && rv.uop === '-' && rv.type.kind === 'int' && rv.type.signed) {
      const a = this.operandRange(rv.a, s);
      if (a && a.lo > intMinOf(rv.type)) out.add('overflow');
    }
    if (rv.op !== 'binary' || rv.type.kind !== 'int') return out;
    const a = this.operandRange(rv.a, s);
    const b = this.operandRange(rv.b, s);
    if (!a || !b) return out;
    const t = rv.type;
    if (t.signed && (rv.bop === '+' || rv.bop === '-' || rv.bop === '*')) {
      const m = arithmetic(rv.bop, a, b, t);
      if (m && fits(m, t)) out.add('overflow');
    }
    if (rv.bop === '/' || rv.bop === '%') {
      if (b.lo > 0n || b.hi < 0n) out.add('div-by-zero');
      if (!t.signed || a.lo > intMinOf(t) || b.lo > -1n || b.hi < -1n) out.add('div-overflow');
    }
    if (rv.bop === '<<' || rv.bop === '>>') {
      const countOk = b.lo >= 0n && b.hi < BigInt(t.bits);
      const signedLeft = t.signed && rv.bop === '<<';
      if (countOk && (!signedLeft || a.lo >= 0n)) out.add('shift');
      if (signedLeft && countOk && a.lo >= 0n && a.hi << b.hi <= intMaxOf(t)) out.add('overflow');
    }
    return out;
  }
}

/** The last instruction of the block that assigns the variable, when it is not assigned again after. */
function definitionAtEnd(instrs: Instr[], id: number): Extract<Instr, { kind: 'assign' }> | null {
  for (let i = instrs.length - 1; i >= 0; i--) {
    const ins = instrs[i];
    if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && ins.dst.root.id === id) return ins.dst.path.length ? null : ins;
  }
  return null;
}

/**
 * The type of an integer variable only its function's own code changes (a local, parameter or temp whose
 * address is never taken, not static): what an analysis can follow from instruction to instruction.
 */
export function ownIntType(program: Program, id: number): IntType | null {
  const v = program.vars.get(id);
  if (!v || v.addressTaken || v.isStatic || v.type.kind !== 'int') return null;
  return v.kind === 'local' || v.kind === 'param' || v.kind === 'temp' ? v.type : null;
}

export function isComparison(op: string): op is Comparison {
  return op === '<' || op === '<=' || op === '>' || op === '>=' || op === '==' || op === '!=';
}

function negate(op: string): string {
  return { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' }[op]!;
}

/** The ranges of a and b where `a op b` holds (null: not narrowed). Both are in the comparison's type. */
function compare(op: string, a: Range, b: Range): [Range | null, Range | null] {
  switch (op) {
    case '<':
      return [
        { lo: a.lo, hi: min([a.hi, b.hi - 1n]) },
        { lo: max([b.lo, a.lo + 1n]), hi: b.hi },
      ];
    case '<=':
      return [
        { lo: a.lo, hi: min([a.hi, b.hi]) },
        { lo: max([b.lo, a.lo]), hi: b.hi },
      ];
    case '>':
      return [
        { lo: max([a.lo, b.lo + 1n]), hi: a.hi },
        { lo: b.lo, hi: min([b.hi, a.hi - 1n]) },
      ];
    case '>=':
      return [
        { lo: max([a.lo, b.lo]), hi: a.hi },
        { lo: b.lo, hi: min([b.hi, a.hi]) },
      ];
    case '==': {
      const r = { lo: max([a.lo, b.lo]), hi: min([a.hi, b.hi]) };
      return [r, r];
    }
    case '!=': {
      // Only a single excluded value at an end of the other's range narrows it.
      const cut = (x: Range, y: Range): Range | null =>
        y.lo !== y.hi ? null : x.lo === y.lo ? { lo: x.lo + 1n, hi: x.hi } : x.hi === y.lo ? { lo: x.lo, hi: x.hi - 1n } : null;
      return [cut(a, b), cut(b, a)];
    }
    default:
      return [null, null];
  }
}

/** The mathematical range of `a op b` (integers, no wrap), or null when not computed. */
function arithmetic(op: string, a: Range, b: Range, t: IntType): Range | null {
  switch (op) {
    case '+':
      return { lo: a.lo + b.lo, hi: a.hi + b.hi };
    case '-':
      return { lo: a.lo - b.hi, hi: a.hi - b.lo };
    case '*': {
      const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
      return { lo: min(p), hi: max(p) };
    }
    case '%':
      // C's remainder has the dividend's sign and a smaller magnitude than the divisor's.
      if (b.lo > 0n) return { lo: a.lo < 0n ? max([a.lo, 1n - b.hi]) : 0n, hi: a.hi > 0n ? min([a.hi, b.hi - 1n]) : 0n };
      return null;
    case '/':
      if (b.lo > 0n) {
        const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
        return { lo: min(q), hi: max(q) };
      }
      return null;
    case '&':
      if (a.lo >= 0n && b.lo >= 0n) return { lo: 0n, hi: min([a.hi, b.hi]) };
      if (a.lo >= 0n) return { lo: 0n, hi: a.hi };
      if (b.lo >= 0n) return { lo: 0n, hi: b.hi };
      return null;
    case '|':
    case '^':
      if (a.lo >= 0n && b.lo >= 0n) return { lo: 0n, hi: allOnes(max([a.hi, b.hi])) };
      return null;
    case '>>':
      if (a.lo >= 0n && b.lo >= 0n && b.hi < BigInt(t.bits)) return { lo: a.lo >> b.hi, hi: a.hi >> b.lo };
      return null;
    case '<<':
      if (a.lo >= 0n && b.lo >= 0n && b.hi < BigInt(t.bits)) return { lo: a.lo << b.lo, hi: a.hi << b.hi };
      return null;
    default:
      return null;
  }
}

const allOnes = (x: bigint): bigint => (x <= 0n ? 0n : (1n << BigInt(x.toString(2).length)) - 1n);
const min = (xs: bigint[]): bigint => xs.reduce((m, x) => (x < m ? x : m));
const max = (xs: bigint[]): bigint => xs.reduce((m, x) => (x > m ? x : m));

function full(t: CType): Range {
  return t.kind === 'int' ? { lo: intMinOf(t), hi: intMaxOf(t) } : { lo: 0n, hi: 0n };
}

function fits(r: Range, t: IntType): boolean {
  return r.lo >= intMinOf(t) && r.hi <= intMaxOf(t);
}

function join(a: State, b: State): State {
  const out: State = new Map();
  for (const [id, ra] of a) {
    const rb = b.get(id);
    if (rb) out.set(id, { lo: ra.lo < rb.lo ? ra.lo : rb.lo, hi: ra.hi > rb.hi ? ra.hi : rb.hi });
  }
  return out;
}

function sameState(a: State, b: State): boolean {
  if (a.size !== b.size) return false;
  for (const [id, r] of a) {
    const o = b.get(id);
    if (!o || o.lo !== r.lo || o.hi !== r.hi) return false;
  }
  return true;
}
