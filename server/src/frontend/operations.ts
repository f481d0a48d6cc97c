// The operand layer of the lowering: temps, C conversions (C11 6.3), the
// typing of arithmetic, comparison and pointer operators (promotions and
// usual arithmetic conversions made explicit as casts), stores, and constant
// folding where C defines the result (no undefined behaviour is folded away:
// it stays an instruction the model checks). It knows no syntax beyond the
// node each instruction takes its range from; expressions.ts walks the
// syntax tree on top of it.

import type { CType, IntType, FloatType } from '../ir/types';
import { INT, isArithmetic, isInteger, sameType, typeToString } from '../ir/types';
import type { BinaryOp, Operand, Place, Rvalue, SourceRange, Variable } from '../ir/ir';
import { intBinary, floatBinary, intUnary, convertScalar, UndefinedBehaviour, wrapInt } from '../ir/interp';
import type { SyntaxNode } from './parser';
import type { FrontendContext } from './context';
import { FunctionBuilder, zeroOf } from './builder';
import { decayType, pointerTo, promote, ptrdiffType, usualArithmetic } from './ctypes';

/** Result of lowering an expression before lvalue conversion. */
export type LValueOrValue = { kind: 'place'; place: Place } | { kind: 'value'; op: Operand };

export interface OperandHost {
  ctx: FrontendContext;
}

export class OperandLowerer {
  /** Set while lowering a constant expression: `?:`, `&&`, `||` with constant conditions fold. */
  constMode = false;
  private tempCount = 0;

  constructor(
    protected readonly host: OperandHost,
    public b: FunctionBuilder,
    protected readonly locals: number[],
    /** Range used for code that has none in the user's file (header functions). */
    protected fallback: SourceRange,
  ) {}

  protected get ctx(): FrontendContext {
    return this.host.ctx;
  }

  /** A diagnostic at a node (for the lowering's helpers, such as the initialiser resolver). */
  report(severity: Parameters<FrontendContext['report']>[0], node: SyntaxNode, message: string): void {
    this.ctx.report(severity, node, message);
  }
  get model() {
    return this.host.ctx.model;
  }

  variable(id: number): Variable | undefined {
    return this.ctx.vars.get(id);
  }

  R(node: SyntaxNode): SourceRange {
    return this.ctx.range(node) ?? this.fallback;
  }

  // ---------------------------------------------------------------- temps

  newTemp(type: CType): Variable {
    const v = this.ctx.newVar({ name: `t${++this.tempCount}`, type, kind: 'temp', addressTaken: false, isConst: false, isStatic: false });
    this.locals.push(v.id);
    return v;
  }

  assignTemp(value: Rvalue, type: CType, node: SyntaxNode): Operand {
    const v = this.newTemp(type);
    this.b.emit({ kind: 'assign', dst: varPlace(v.id, type), value, range: this.R(node) });
    return { kind: 'var', id: v.id, type };
  }

  truthOf(v: Operand, node: SyntaxNode): Operand {
    if (isInteger(v.type)) return v;
    if (v.type.kind === 'float' || v.type.kind === 'pointer') return this.binary('!=', v, zeroOf(v.type), node);
    this.ctx.report('error', node, `used ${typeToString(v.type)} where a scalar is required`);
    return { kind: 'const', value: 0n, type: INT };
  }

  toRvalue(r: LValueOrValue, node: SyntaxNode): Operand {
    if (r.kind === 'value') {
      if (r.op.type.kind === 'function') return { ...r.op, type: pointerTo(r.op.type) };
      return r.op;
    }
    const p = r.place;
    if (p.type.kind === 'array') return this.decay(p);
    if (p.type.kind === 'function') return { kind: 'addr', place: p, type: pointerTo(p.type) };
    if (p.root.kind === 'var' && p.path.length === 0) return { kind: 'var', id: p.root.id, type: p.type };
    return this.assignTemp({ op: 'load', place: p }, p.type, node);
  }

  /** Array to pointer to its first element. The pointer escapes: the array is address-taken. */
  decay(p: Place): Operand {
    const elem = (p.type as Extract<CType, { kind: 'array' }>).of;
    this.markAddressTaken(p);
    const first: Place = { root: p.root, path: [...p.path, { kind: 'index', index: { kind: 'const', value: 0n, type: ptrdiffType(this.model) } }], type: elem };
    return { kind: 'addr', place: first, type: pointerTo(elem) };
  }

  markAddressTaken(p: Place): void {
    if (p.root.kind === 'var') {
      const v = this.ctx.vars.get(p.root.id);
      if (v) v.addressTaken = true;
    }
  }

  // ---------------------------------------------------------------- conversions

  /** Converts a value to `to` as by assignment or cast (C11 6.3). */
  convert(v: Operand, to: CType, node: SyntaxNode): Operand {
    if (to.kind === 'void') return v;
    if (v.type.kind === 'array' || v.type.kind === 'function') v = { ...v, type: decayType(v.type) };
    // Same representation (`int` and an enum, say): no conversion, only the type's name changes.
    if (sameType(v.type, to)) return v.type === to ? v : retype(v, to);
    if (to.kind === 'int' && to.bits === 1) {
      // Conversion to _Bool is a comparison with zero, not a truncation.
      if (v.kind === 'const') return { kind: 'const', value: v.value !== 0n ? 1n : 0n, type: to };
      if (v.kind === 'fconst') return { kind: 'const', value: v.value !== 0 ? 1n : 0n, type: to };
      const t = this.binary('!=', v, zeroOf(v.type.kind === 'int' ? promote(v.type) : v.type), node);
      return this.castOp(t, to, node);
    }
    return this.castOp(v, to, node);
  }

  protected castOp(v: Operand, to: CType, node: SyntaxNode): Operand {
    if (v.kind === 'const' && (to.kind === 'int' || to.kind === 'float' || to.kind === 'pointer') && v.type.kind !== 'pointer') {
      if (to.kind === 'pointer') return { kind: 'const', value: v.value, type: to };
      const r = convertScalar(v.value, v.type, to);
      return typeof r === 'bigint' ? { kind: 'const', value: r, type: to } : { kind: 'fconst', value: r, type: to };
    }
    if (v.kind === 'const' && v.type.kind === 'pointer' && to.kind === 'pointer') return { kind: 'const', value: v.value, type: to };
    if (v.kind === 'fconst' && (to.kind === 'int' || to.kind === 'float')) {
      try {
        const r = convertScalar(v.value, v.type, to);
        return typeof r === 'bigint' ? { kind: 'const', value: r, type: to } : { kind: 'fconst', value: r, type: to };
      } catch (e) {
        if (!(e instanceof UndefinedBehaviour)) throw e;
      }
    }
    if (v.type.kind === 'struct' || to.kind === 'struct') {
      if (v.type.kind === 'struct' && to.kind === 'struct' && sameType(v.type, to)) return v;
      this.ctx.report('error', node, `cannot convert ${typeToString(v.type)} to ${typeToString(to)}`);
      return this.havoc(to, 'invalid conversion', node, false);
    }
    return this.assignTemp({ op: 'cast', a: v, to }, to, node);
  }

  /** Integer promotion of an arithmetic operand. */
  promoteOp(v: Operand, node: SyntaxNode): Operand {
    if (v.type.kind === 'int') return this.convert(v, promote(v.type), node);
    return v;
  }

  havoc(type: CType, what: string, node: SyntaxNode, warn = true): Operand {
    if (warn) this.ctx.unsupported(node, what, this.R(node));
    if (type.kind === 'void') {
      this.b.emit({ kind: 'unsupported', what, range: this.R(node) });
      return { kind: 'const', value: 0n, type: INT };
    }
    return this.assignTemp({ op: 'havoc', type, what }, type, node);
  }

  // ---------------------------------------------------------------- arithmetic

  /** A binary operator applied to two values (C typing and conversions done here). */
  binary(op: BinaryOp, a: Operand, b: Operand, node: SyntaxNode): Operand {
    a = decayOp(a);
    b = decayOp(b);
    const ta = a.type;
    const tb = b.type;
    const isCmp = op === '==' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=';
    if (isArithmetic(ta) && isArithmetic(tb)) {
      if (op === '<<' || op === '>>') {
        if (ta.kind !== 'int' || tb.kind !== 'int') return this.badOperands(op, a, b, node);
        const pa = this.promoteOp(a, node);
        const pb = this.promoteOp(b, node);
        return this.emitBinary(op, pa, pb, pa.type, node);
      }
      if ((op === '%' || op === '&' || op === '|' || op === '^') && (ta.kind !== 'int' || tb.kind !== 'int')) return this.badOperands(op, a, b, node);
      const t = usualArithmetic(ta, tb, this.model);
      const ca = this.convert(a, t, node);
      const cb = this.convert(b, t, node);
      return this.emitBinary(op, ca, cb, isCmp ? INT : t, node);
    }
    if (ta.kind === 'pointer' || tb.kind === 'pointer') {
      if (isCmp) {
        // Pointer comparison; a null pointer constant or an integer is converted to the pointer type.
        const pt = ta.kind === 'pointer' ? ta : tb;
        const ca = ta.kind === 'pointer' ? a : this.convert(a, pt, node);
        const cb = tb.kind === 'pointer' ? b : this.convert(b, pt, node);
        return this.emitBinary(op, ca, cb, INT, node);
      }
      if (op === '+' && ta.kind === 'pointer' && isInteger(tb)) return this.ptrAdd(a, b, node);
      if (op === '+' && tb.kind === 'pointer' && isInteger(ta)) return this.ptrAdd(b, a, node);
      if (op === '-' && ta.kind === 'pointer' && isInteger(tb)) {
        const off = this.toIndex(b, node);
        const neg = this.emitUnary('-', off, off.type, node);
        return this.ptrAdd(a, neg, node);
      }
      if (op === '-' && ta.kind === 'pointer' && tb.kind === 'pointer') {
        const t = ptrdiffType(this.model);
        return this.assignTemp({ op: 'ptrdiff', a, b, type: t }, t, node);
      }
    }
    return this.badOperands(op, a, b, node);
  }

  protected badOperands(op: string, a: Operand, b: Operand, node: SyntaxNode): Operand {
    this.ctx.report('error', node, `invalid operands to '${op}' (${typeToString(a.type)} and ${typeToString(b.type)})`);
    return { kind: 'const', value: 0n, type: INT };
  }

  /**
   * An index or offset as ptrdiff_t. An unsigned one may hold values past PTRDIFF_MAX, which C adds as they
   * are (designating no element of any object) where a conversion would wrap them: its cast says so (`index`).
   */
  toIndex(v: Operand, node: SyntaxNode): Operand {
    const pd = ptrdiffType(this.model);
    const t = v.type;
    if (t.kind === 'int' && !t.signed && t.bits >= pd.bits && v.kind !== 'const') return this.assignTemp({ op: 'cast', a: v, to: pd, index: true }, pd, node);
    return this.convert(v, pd, node);
  }

  ptrAdd(p: Operand, offset: Operand, node: SyntaxNode, accessed = false): Operand {
    const off = this.toIndex(offset, node);
    if (off.kind === 'const' && off.value === 0n) return p;
    if (p.kind === 'addr' && p.place.path.length > 0 && off.kind === 'const') {
      // &a[i] + k stays a constant address &a[i + k] (folds static initialisers like `a + 1`).
      const last = p.place.path[p.place.path.length - 1];
      if (last.kind === 'index' && last.index.kind === 'const') {
        const idx = { kind: 'const' as const, value: last.index.value + off.value, type: last.index.type };
        return { ...p, place: { ...p.place, path: [...p.place.path.slice(0, -1), { kind: 'index', index: idx }] } };
      }
    }
    return this.assignTemp({ op: 'ptradd', ptr: p, offset: off, type: p.type, ...(accessed && { accessed }) }, p.type, node);
  }

  emitBinary(op: BinaryOp, a: Operand, b: Operand, type: CType, node: SyntaxNode): Operand {
    const folded = foldBinary(op, a, b, type);
    if (folded) return folded;
    return this.assignTemp({ op: 'binary', bop: op, a, b, type }, type, node);
  }

  emitUnary(op: '-' | '~' | '!', a: Operand, type: CType, node: SyntaxNode): Operand {
    if (a.kind === 'const' && a.type.kind === 'int') {
      try {
        return { kind: 'const', value: intUnary(op, a.value, a.type), type };
      } catch (e) {
        if (!(e instanceof UndefinedBehaviour)) throw e;
      }
    }
    if (a.kind === 'fconst' && op === '-') return { kind: 'fconst', value: -a.value, type };
    return this.assignTemp({ op: 'unary', uop: op, a, type }, type, node);
  }

  // ---------------------------------------------------------------- scratch lowering

  /**
   * Runs `work` against a scratch builder: nothing it emits is kept and its temps are dropped
   * (`sizeof` operands, constant expressions). `work` is told whether anything was emitted.
   */
  inScratch<T>(constant: boolean, work: (emitted: () => boolean) => T): T {
    const saved = this.b;
    const savedMode = this.constMode;
    const savedLocals = this.locals.length;
    const mark = this.ctx.varMark();
    this.b = new FunctionBuilder(saved.fnName);
    if (constant) this.constMode = true;
    try {
      return work(() => this.b.blocks.length > 1 || this.b.blocks[0].instrs.length > 0);
    } finally {
      this.b = saved;
      this.constMode = savedMode;
      this.locals.length = savedLocals;
      this.ctx.dropVarsFrom(mark);
    }
  }

  // ---------------------------------------------------------------- stores

  /** Stores `v` converted to the place's type; returns the stored value. */
  store(p: Place, v: Operand, node: SyntaxNode): Operand {
    if (p.type.kind === 'struct' || p.type.kind === 'array') {
      if (p.type.kind === 'struct' && v.type.kind === 'struct' && sameType(v.type, p.type)) {
        this.b.emit({ kind: 'assign', dst: p, value: { op: 'use', a: v }, range: this.R(node) });
        return v;
      }
      this.ctx.report('error', node, `cannot assign ${typeToString(v.type)} to ${typeToString(p.type)}`);
      return v;
    }
    const cv = this.convert(v, p.type, node);
    if (p.root.kind === 'var' && p.path.length === 0 && this.retargetLastTemp(cv, p, this.R(node))) {
      // `x = a + b` is one instruction, not a temp and a copy.
      return { kind: 'var', id: p.root.id, type: p.type };
    }
    this.b.emit({ kind: 'assign', dst: p, value: { op: 'use', a: cv }, range: this.R(node) });
    return cv;
  }

  /** When `v` is the temp the last instruction of the current block just computed, make that instruction write `p`. */
  protected retargetLastTemp(v: Operand, p: Place, range: SourceRange): boolean {
    if (v.kind !== 'var' || !this.b.isOpen) return false;
    const tv = this.ctx.vars.get(v.id);
    if (!tv || tv.kind !== 'temp') return false;
    const instrs = this.b.blocks[this.b.cur].instrs;
    const last = instrs[instrs.length - 1];
    if (!last || last.kind !== 'assign' || !last.dst || last.dst.root.kind !== 'var' || last.dst.root.id !== v.id || last.dst.path.length > 0) return false;
    last.dst = p;
    last.opRange ??= last.range;
    last.range = range;
    // The temp is now never written: drop it from the function's variables.
    const i = this.locals.lastIndexOf(v.id);
    if (i >= 0) this.locals.splice(i, 1);
    this.ctx.vars.delete(v.id);
    return true;
  }
}

export function varPlace(id: number, type: CType): Place {
  return { root: { kind: 'var', id }, path: [], type };
}

export function decayOp(v: Operand): Operand {
  if (v.type.kind === 'array' || v.type.kind === 'function') return { ...v, type: decayType(v.type) };
  return v;
}

export function retype(v: Operand, to: CType): Operand {
  return { ...v, type: to } as Operand;
}

/** Folds an operation on constants when C gives it a defined result. */
function foldBinary(op: BinaryOp, a: Operand, b: Operand, type: CType): Operand | null {
  try {
    if (a.kind === 'const' && b.kind === 'const' && a.type.kind === 'int' && b.type.kind === 'int') {
      const v = intBinary(op, a.value, b.value, a.type);
      return { kind: 'const', value: type.kind === 'int' ? wrapInt(v, type as IntType) : v, type };
    }
    if (a.kind === 'fconst' && b.kind === 'fconst') {
      const v = floatBinary(op, a.value, b.value, a.type as FloatType);
      return typeof v === 'bigint' ? { kind: 'const', value: v, type } : { kind: 'fconst', value: v, type };
    }
  } catch (e) {
    if (!(e instanceof UndefinedBehaviour)) throw e;
  }
  return null;
}
