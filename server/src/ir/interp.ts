// A concrete interpreter of the IR with exact C semantics: integers are
// bigints wrapped to their C width, floats are IEEE binary32/binary64
// (Math.fround), and every undefined behaviour the model forbids (signed
// overflow, division by zero, INT_MIN / -1, bad shifts, out-of-bounds or
// invalid accesses) throws `UndefinedBehaviour`. Tests use it to check the
// front end's lowering against gcc-compiled code; the front end uses the
// scalar operations below to fold constant expressions.

import type { CType, IntType, FloatType } from './types';
import type { Program, IRFunction, Operand, Place, Rvalue, BinaryOp } from './ir';

export class UndefinedBehaviour extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndefinedBehaviour';
  }
}

// ---------------------------------------------------------------------------
// Scalar semantics (shared with the front end's constant folding)

export function intMinOf(t: IntType): bigint {
  return t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
}
export function intMaxOf(t: IntType): bigint {
  if (t.bits === 1) return 1n;
  return t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
}

/** Reduces `v` modulo 2^bits into the range of `t` (C conversion to an unsigned type; gcc's conversion to a signed one). */
export function wrapInt(v: bigint, t: IntType): bigint {
  if (t.bits === 1) return v !== 0n ? 1n : 0n;
  return t.signed ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}

export function fitsIn(v: bigint, t: IntType): boolean {
  return v >= intMinOf(t) && v <= intMaxOf(t);
}

/** Rounds a JS number to the float type. */
export function roundFloat(v: number, t: FloatType): number {
  return t.bits === 32 ? Math.fround(v) : v;
}

export type Scalar = bigint | number;

/**
 * Integer binary operation done in `opType` (operands already converted to it; for shifts
 * `b` has its own promoted type). Returns the result (comparisons: 0n/1n) or throws
 * UndefinedBehaviour.
 */
export function intBinary(op: BinaryOp, a: bigint, b: bigint, opType: IntType): bigint {
  const checked = (v: bigint, what: string): bigint => {
    if (opType.signed && !fitsIn(v, opType)) throw new UndefinedBehaviour(`signed overflow in ${what}`);
    return wrapInt(v, opType);
  };
  switch (op) {
    case '+': return checked(a + b, 'addition');
    case '-': return checked(a - b, 'subtraction');
    case '*': return checked(a * b, 'multiplication');
    case '/':
    case '%': {
      if (b === 0n) throw new UndefinedBehaviour('division by zero');
      const q = a / b; // bigint division truncates toward zero, as C does
      if (opType.signed && !fitsIn(q, opType)) throw new UndefinedBehaviour('division overflow (INT_MIN / -1)');
      return op === '/' ? q : wrapInt(a - q * b, opType);
    }
    case '<<': {
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      if (opType.signed) {
        if (a < 0n) throw new UndefinedBehaviour('left shift of a negative value');
        const v = a << b;
        if (v > intMaxOf(opType)) throw new UndefinedBehaviour('left shift overflow');
        return v;
      }
      return wrapInt(a << b, opType);
    }
    case '>>':
      if (b < 0n || b >= BigInt(opType.bits)) throw new UndefinedBehaviour(`shift count ${b} out of range`);
      return a >> b; // arithmetic for negative signed values, as gcc does
    case '&': return wrapInt(a & b, opType);
    case '|': return wrapInt(a | b, opType);
    case '^': return wrapInt(a ^ b, opType);
    case '==': return a === b ? 1n : 0n;
    case '!=': return a !== b ? 1n : 0n;
    case '<': return a < b ? 1n : 0n;
    case '<=': return a <= b ? 1n : 0n;
    case '>': return a > b ? 1n : 0n;
    case '>=': return a >= b ? 1n : 0n;
  }
}

export function floatBinary(op: BinaryOp, a: number, b: number, t: FloatType): Scalar {
  switch (op) {
    case '+': return roundFloat(a + b, t);
    case '-': return roundFloat(a - b, t);
    case '*': return roundFloat(a * b, t);
    case '/': return roundFloat(a / b, t);
    case '==': return a === b ? 1n : 0n;
    case '!=': return a !== b ? 1n : 0n;
    case '<': return a < b ? 1n : 0n;
    case '<=': return a <= b ? 1n : 0n;
    case '>': return a > b ? 1n : 0n;
    case '>=': return a >= b ? 1n : 0n;
    default: throw new Error(`operator ${op} on floating operands`);
  }
}

export function intUnary(op: '-' | '~' | '!', a: bigint, t: IntType): bigint {
  switch (op) {
    case '-':
      if (t.signed && a === intMinOf(t)) throw new UndefinedBehaviour('signed overflow in negation');
      return wrapInt(-a, t);
    case '~': return wrapInt(~a, t);
    case '!': return a === 0n ? 1n : 0n;
  }
}

/** Conversion of an arithmetic value between arithmetic types (C11 6.3.1). */
export function convertScalar(v: Scalar, from: CType, to: CType): Scalar {
  if (to.kind === 'int') {
    if (typeof v === 'number') {
      if (to.bits === 1) return v !== 0 ? 1n : 0n;
      if (!Number.isFinite(v)) throw new UndefinedBehaviour('conversion of a non-finite float to an integer');
      const n = BigInt(Math.trunc(v));
      if (!fitsIn(n, to)) throw new UndefinedBehaviour('float to integer conversion out of range');
      return n;
    }
    return wrapInt(v, to);
  }
  if (to.kind === 'float') {
    if (typeof v === 'bigint') return roundFloat(bigintToDouble(v), to);
    return roundFloat(v, to);
  }
  if (to.kind === 'pointer' && typeof v === 'bigint') return v;
  void from;
  return v;
}

/** Correctly rounded conversion of an integer to binary64 (Number(v) already rounds to nearest even). */
function bigintToDouble(v: bigint): number {
  return Number(v);
}
