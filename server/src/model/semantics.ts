// C operators on Z3 terms, with the conditions under which they are
// undefined behaviour. Integers are bit-vectors of their exact C width;
// the front end has already made promotions and conversions explicit, so an
// operation's operands have the operation's type.

import type { BitVec, Bool, FP, FPRM } from 'z3-solver';
import type { Ctx, Z3Handle } from '../z3/z3';
import type { BinaryOp, Comparison } from '../ir/ir';
import type { CType, FloatType, IntType } from '../ir/types';
import type { RuntimeErrorKind } from '../ir/runtimeErrors';

export type BV = BitVec<number, 'main'>;
export type B = Bool<'main'>;
export type F = FP<'main'>;

/** A way an operation can go wrong: `cond` true means undefined behaviour. */
export interface UbCondition {
  error: RuntimeErrorKind;
  cond: B;
  detail: string;
  /** A sharper case of `cond` a counter-example should prefer (an access just past the end, which sanitizers see). */
  prefer?: B;
}

export interface OpResult<T> {
  value: T;
  ub: UbCondition[];
}

export function bvConst(ctx: Ctx, value: bigint, bits: number): BV {
  const mod = 1n << BigInt(bits);
  return ctx.BitVec.val(((value % mod) + mod) % mod, bits) as unknown as BV;
}

/** if-then-else on terms of one sort (the high-level If's overloads defeat inference). */
export function ite<T>(ctx: Ctx, c: B, a: T, b: T): T {
  return (ctx.If as unknown as (c: B, a: T, b: T) => T)(c, a, b);
}

export function minSigned(bits: number): bigint {
  return -(1n << BigInt(bits - 1));
}
export function maxSigned(bits: number): bigint {
  return (1n << BigInt(bits - 1)) - 1n;
}

/** Integer to integer conversion (C11 6.3.1.3; to _Bool: compare with zero). */
export function convertInt(ctx: Ctx, t: BV, from: IntType, to: IntType): BV {
  if (to.rank === 'bool') {
    return ite(ctx, t.neq(bvConst(ctx, 0n, from.bits)), bvConst(ctx, 1n, 1), bvConst(ctx, 0n, 1));
  }
  if (to.bits === from.bits) return t;
  if (to.bits < from.bits) return t.extract(to.bits - 1, 0);
  return from.signed ? t.signExt(to.bits - from.bits) : t.zeroExt(to.bits - from.bits);
}

export function boolToInt(ctx: Ctx, b: B, bits = 32): BV {
  return ite(ctx, b, bvConst(ctx, 1n, bits), bvConst(ctx, 0n, bits));
}

/** Arithmetic, bitwise and comparison on integers of type `type` (comparisons give int 0/1). */
export function intBinary(ctx: Ctx, op: BinaryOp, a: BV, b: BV, type: IntType, bType: IntType): OpResult<BV> {
  const w = type.bits;
  const signed = type.signed;
  const ub: UbCondition[] = [];
  const zero = bvConst(ctx, 0n, w);
  switch (op) {
    case '+': {
      // Z3's own overflow predicates bit-blast far smaller than a wide recomputation.
      if (signed) ub.push({ error: 'overflow', cond: a.addNoOverflow(b, true).and(a.addNoUnderflow(b)).not() as B, detail: 'signed addition overflows' });
      return { value: a.add(b), ub };
    }
    case '-': {
      if (signed) ub.push({ error: 'overflow', cond: a.subNoOverflow(b).and(a.subNoUnderflow(b, true)).not() as B, detail: 'signed subtraction overflows' });
      return { value: a.sub(b), ub };
    }
    case '*': {
      if (signed) ub.push({ error: 'overflow', cond: a.mulNoOverflow(b, true).and(a.mulNoUnderflow(b)).not() as B, detail: 'signed multiplication overflows' });
      return { value: a.mul(b), ub };
    }
    case '/':
    case '%': {
      ub.push({ error: 'div-by-zero', cond: b.eq(zero), detail: op === '/' ? 'division by zero' : 'remainder by zero' });
      if (signed) {
        ub.push({
          error: 'div-overflow',
          cond: a.eq(bvConst(ctx, minSigned(w), w)).and(b.eq(bvConst(ctx, -1n, w))),
          detail: `${op === '/' ? 'division' : 'remainder'} of the minimum value by -1`,
        });
        return { value: op === '/' ? a.sdiv(b) : a.srem(b), ub };
      }
      return { value: op === '/' ? a.udiv(b) : a.urem(b), ub };
    }
    case '<<':
    case '>>': {
      // The count keeps its own promoted type: bring it to the width of `a`.
      const count = resize(b, bType, w);
      const countInvalid = shiftCountInvalid(ctx, b, bType, w);
      ub.push({ error: 'shift', cond: countInvalid, detail: `shift count negative or not below ${w}` });
      if (op === '<<') {
        if (signed) {
          // C11 6.5.7p4: E1 negative (a `shift` error, with the count's), or E1 * 2^E2 not representable
          // (an `overflow`, as the catalogue has it: ir/runtimeErrors.ts), is undefined. A count out of
          // range is the shift's error alone: `x << 64` overflows nothing (as gcc's sanitizer and
          // ir/interp.ts, which check the count first, report it).
          const wide = a.signExt(w).shl(count.zeroExt(w));
          ub.push({ error: 'shift', cond: a.slt(zero), detail: 'left shift of a negative value' });
          ub.push({
            error: 'overflow',
            cond: a.sge(zero).and(countInvalid.not()).and(fitsSigned(wide, w).not()),
            detail: 'left shift overflow: E1 * 2^E2 not representable',
          });
        }
        return { value: a.shl(count), ub };
      }
      return { value: signed ? a.shr(count) : a.lshr(count), ub };
    }
    case '&':
      return { value: a.and(b), ub };
    case '|':
      return { value: a.or(b), ub };
    case '^':
      return { value: a.xor(b), ub };
    case '==':
      return { value: boolToInt(ctx, a.eq(b)), ub };
    case '!=':
      return { value: boolToInt(ctx, a.neq(b)), ub };
    case '<':
      return { value: boolToInt(ctx, signed ? a.slt(b) : a.ult(b)), ub };
    case '<=':
      return { value: boolToInt(ctx, signed ? a.sle(b) : a.ule(b)), ub };
    case '>':
      return { value: boolToInt(ctx, signed ? a.sgt(b) : a.ugt(b)), ub };
    case '>=':
      return { value: boolToInt(ctx, signed ? a.sge(b) : a.uge(b)), ub };
  }
}

function fitsSigned(wide: BV, w: number): B {
  const total = wide.size();
  return wide.eq(wide.extract(w - 1, 0).signExt(total - w));
}

function resize(t: BV, from: IntType, w: number): BV {
  if (from.bits === w) return t;
  if (from.bits > w) return t.extract(w - 1, 0);
  return t.zeroExt(w - from.bits);
}

/** Shift count out of range: negative (signed count) or >= the width of the shifted type. */
export function shiftCountInvalid(ctx: Ctx, b: BV, bType: IntType, width: number): B {
  const limit = bvConst(ctx, BigInt(width), bType.bits);
  const tooBig: B = BigInt(width) >= 1n << BigInt(bType.bits - (bType.signed ? 1 : 0)) ? (ctx.Bool.val(false) as B) : b.uge(limit);
  return bType.signed ? b.slt(bvConst(ctx, 0n, bType.bits)).or(tooBig) : tooBig;
}

export function intUnary(ctx: Ctx, op: '-' | '~' | '!', a: BV, type: IntType, resultBits = 32): OpResult<BV> {
  const w = type.bits;
  switch (op) {
    case '-': {
      const ub: UbCondition[] = type.signed
        ? [{ error: 'overflow', cond: a.eq(bvConst(ctx, minSigned(w), w)), detail: 'negation of the minimum value overflows' }]
        : [];
      return { value: a.neg(), ub };
    }
    case '~':
      return { value: a.not(), ub: [] };
    case '!':
      return { value: boolToInt(ctx, a.eq(bvConst(ctx, 0n, w)), resultBits), ub: [] };
  }
}

// ---- floating point (IEEE-754, round to nearest even) ----

export function fpSort(ctx: Ctx, t: FloatType) {
  return t.bits === 32 ? ctx.Float.sort32() : ctx.Float.sort64();
}

export function rne(ctx: Ctx): FPRM<'main'> {
  return ctx.FloatRM.RNE() as FPRM<'main'>;
}

/**
 * A float or double constant, built from its IEEE bits: Z3's numeral from a
 * JS double flushes float subnormals to zero (2^-149 became +0).
 */
export function fpConst(z: Z3Handle, value: number, t: FloatType): F {
  const { ctx } = z;
  const view = new DataView(new ArrayBuffer(8));
  let bits: bigint;
  if (t.bits === 32) {
    view.setFloat32(0, value);
    bits = BigInt(view.getUint32(0));
  } else {
    view.setFloat64(0, value);
    bits = view.getBigUint64(0);
  }
  return fpFromBits(z, bvConst(ctx, bits, t.bits), t);
}

/** The float whose IEEE-754 encoding is `bits` (of the type's width; every NaN encoding gives NaN). */
export function fpFromBits(z: Z3Handle, bits: BV, t: FloatType): F {
  const { api, ctx } = z;
  const like = ctx.Float.val(0, fpSort(ctx, t)) as unknown as F;
  return z.wrap(like, api.mk_fpa_to_fp_bv(ctx.ptr, bits.ast, fpSort(ctx, t).ptr));
}

/** Low-level conversions the high-level API lacks. */
export function fpConvert(z: Z3Handle, kind: 'fp-fp' | 'sbv-fp' | 'ubv-fp', t: BV | F, to: FloatType): F {
  const { api, ctx } = z;
  const c = ctx.ptr;
  // Every term the new one is built from, and the template it is wrapped in, exist before it:
  // a term nothing holds yet is freed at Z3's next API call (its id then names another term).
  const like = ctx.Float.val(0, fpSort(ctx, to)) as unknown as F;
  const rmExpr = rne(ctx);
  const sortExpr = fpSort(ctx, to);
  const rm = rmExpr.ast;
  const sort = sortExpr.ptr;
  const ast =
    kind === 'fp-fp'
      ? api.mk_fpa_to_fp_float(c, rm, t.ast, sort)
      : kind === 'sbv-fp'
        ? api.mk_fpa_to_fp_signed(c, rm, t.ast, sort)
        : api.mk_fpa_to_fp_unsigned(c, rm, t.ast, sort);
  return z.wrap(like, ast);
}

/** Float to integer: truncation toward zero; undefined when the truncated value does not fit (or NaN/inf). */
export function fpToInt(z: Z3Handle, t: F, to: IntType): OpResult<BV> {
  const { api, ctx } = z;
  const c = ctx.ptr;
  const rtz = ctx.FloatRM.RTZ().ast;
  if (to.rank === 'bool') {
    return { value: ite(ctx, t.isZero(), bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)), ub: [] };
  }
  const w = to.bits;
  const value = z.wrap(bvConst(ctx, 0n, w), to.signed ? api.mk_fpa_to_sbv(c, rtz, t.ast, w) : api.mk_fpa_to_ubv(c, rtz, t.ast, w));
  // In range iff  lo - 1 < t < hi + 1, compared as floats (no conversion to the reals: Z3 gives invalid
  // models for fp.to_real in incremental use, Z3 issues 6861 and 7321, and one handed out a datum whose
  // run converted 0.0f: soundness F10). hi + 1 is a power of two, a float of either format. lo - 1 is
  // one too, or else no float lies between it and lo (a power of two itself, or 0 for unsigned types):
  // t > lo - 1 is then t >= lo.
  const lo = to.signed ? minSigned(w) : 0n;
  const hi = to.signed ? maxSigned(w) : (1n << BigInt(w)) - 1n;
  const sort = t.sort;
  const single = sort.sbits() === 24;
  const asFloat = (v: bigint): number | null => {
    const n = single ? Math.fround(Number(v)) : Number(v);
    return Number.isFinite(n) && BigInt(n) === v ? n : null;
  };
  const below = asFloat(lo - 1n);
  const lower = below !== null ? t.gt(ctx.Float.val(below, sort)) : t.ge(ctx.Float.val(Number(lo), sort));
  // 2^128 is past float's largest value: every finite float is below it.
  const above = asFloat(hi + 1n);
  const inRange = above !== null ? (lower as B).and(t.lt(ctx.Float.val(above, sort)) as B) : (lower as B);
  const bad = t.isNaN().or(t.isInf()).or(inRange.not());
  return { value, ub: [{ error: 'float-to-int', cond: bad, detail: `conversion to ${to.name} out of range` }] };
}

export function fpEq(z: Z3Handle, a: F, b: F): B {
  return z.wrap(a.eq(b) as B, z.api.mk_fpa_eq(z.ctx.ptr, a.ast, b.ast));
}

export function fpBinary(z: Z3Handle, op: BinaryOp, a: F, b: F): OpResult<BV | F> {
  const { ctx } = z;
  const rm = rne(ctx);
  switch (op) {
    case '+':
      return { value: a.add(rm, b), ub: [] };
    case '-':
      return { value: a.sub(rm, b), ub: [] };
    case '*':
      return { value: a.mul(rm, b), ub: [] };
    case '/':
      return { value: a.div(rm, b), ub: [] };
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return { value: boolToInt(ctx, fpCompare(z, op, a, b)), ub: [] };
    default:
      throw new Error(`operator ${op} on floating point`);
  }
}

/** The IEEE comparison `a op b` (NaN unequal to everything). */
export function fpCompare(z: Z3Handle, op: Comparison, a: F, b: F): B {
  switch (op) {
    case '==':
      return fpEq(z, a, b);
    case '!=':
      return fpEq(z, a, b).not() as B;
    case '<':
      return a.lt(b) as B;
    case '<=':
      return a.le(b) as B;
    case '>':
      return a.gt(b) as B;
    case '>=':
      return a.ge(b) as B;
  }
}

/** A float made by converting an integer: the integer, rounded to `precision` significant bits (nearest, ties to even). */
export interface ConvertedInt {
  bv: BV;
  signed: boolean;
  precision: number;
  /**
   * An explanation's tracked assignments of the value, innermost first: each makes it
   * `ite(lit, value so far, other)` (other: any float), so that an unsat core can leave the assignment out.
   */
  tracked?: { lit: B; other: F }[];
}

/** Significand bits of the float type: an integer of at most that many bits converts exactly. */
export function significandBits(t: FloatType): number {
  return t.bits === 32 ? 24 : 53;
}

/**
 * The integer `v` rounded to `precision` significant bits, to nearest with ties to even: the value of
 * its conversion to a float with that significand (exact, as every integer of up to 64 bits is in
 * range of float and double, and the rounded value is an integer again).
 */
export function roundToPrecision(v: bigint, precision: number): bigint {
  const a = v < 0n ? -v : v;
  const shift = a.toString(2).length - precision;
  if (shift <= 0) return v;
  const s = BigInt(shift);
  let q = a >> s;
  const rest = a & ((1n << s) - 1n);
  const half = 1n << (s - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
  return v < 0n ? -(q << s) : q << s;
}

/**
 * `x op c` for a float converted from the integer `x` and a float constant `c`: the same truth as the
 * IEEE comparison, as an integer comparison (Z3 then needs no floating-point theory for it;
 * tcas.c's `Cur_Vertical_Sep > MAXALTDIFF` with a double MAXALTDIFF took minutes bit-blasted, and
 * a `long` compared with a double took seconds per query and Z3's memory with it).
 * The conversion is monotone, so the integers whose float is >= c are those from some `atLeast`, and
 * those whose float is <= c are those up to some `atMost`: x < c iff x < atLeast, x <= c iff
 * x <= atMost, x == c iff atLeast <= x <= atMost. (For an exact conversion these are ceil(c) and
 * floor(c).) JavaScript compares a bigint with a number exactly: -0.0 is 0, NaN compares unequal to
 * everything, the infinities bound every integer. A bound outside x's range makes the answer constant.
 */
export function convertedIntCompare(ctx: Ctx, op: Comparison, x: ConvertedInt, c: number): B {
  const T = ctx.Bool.val(true) as B;
  const F_ = ctx.Bool.val(false) as B;
  if (Number.isNaN(c)) return op === '!=' ? T : F_;
  const w = x.bv.size();
  const lo = x.signed ? minSigned(w) : 0n;
  const hi = x.signed ? maxSigned(w) : (1n << BigInt(w)) - 1n;
  const float = (v: bigint) => roundToPrecision(v, x.precision);
  // The first integer of [lo, hi + 1] at which the monotone `holds` becomes true (hi + 1: never).
  const first = (holds: (v: bigint) => boolean): bigint => {
    let [a, b] = [lo, hi + 1n];
    while (a < b) {
      const m = (a + b) >> 1n;
      if (holds(m)) b = m;
      else a = m + 1n;
    }
    return a;
  };
  const atLeast = first((v) => float(v) >= c);
  const atMost = first((v) => float(v) > c) - 1n;
  const k = (v: bigint) => bvConst(ctx, v, w);
  // x < v and x <= v for an integer v anywhere.
  const lt = (v: bigint): B => (v <= lo ? F_ : v > hi ? T : ((x.signed ? x.bv.slt(k(v)) : x.bv.ult(k(v))) as B));
  const le = (v: bigint): B => (v < lo ? F_ : v >= hi ? T : ((x.signed ? x.bv.sle(k(v)) : x.bv.ule(k(v))) as B));
  const eq = (): B => (atLeast > atMost ? F_ : atLeast === atMost ? (x.bv.eq(k(atLeast)) as B) : (lt(atLeast).not().and(le(atMost)) as B));
  switch (op) {
    case '<':
      return lt(atLeast);
    case '<=':
      return le(atMost);
    case '>':
      return le(atMost).not() as B;
    case '>=':
      return lt(atLeast).not() as B;
    case '==':
      return eq();
    case '!=':
      return eq().not() as B;
  }
}

export function isZeroValue(ctx: Ctx, t: BV | F, type: CType): B {
  if (type.kind === 'float') return (t as F).isZero() as B;
  return (t as BV).eq(bvConst(ctx, 0n, (t as BV).size()));
}
