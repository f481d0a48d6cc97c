// C scalar types of the generated programs (x86-64, LP64, gcc: plain char is
// signed) and the conversions the generator needs to type its expressions and
// to pick case labels and input values. The oracle never relies on these for
// results: gcc computes every value; this file only keeps the generated C
// well-typed and the input domains within each parameter's range.

export interface IntType {
  kind: 'int';
  name: string;
  bits: 8 | 16 | 32 | 64;
  signed: boolean;
  /** Conversion rank (C11 6.3.1.1): char 1, short 2, int 3, long 4, long long 5. */
  rank: number;
}

export interface FloatType {
  kind: 'float';
  name: 'float' | 'double';
  bits: 32 | 64;
}

export type CType = IntType | FloatType;

const int = (name: string, bits: IntType['bits'], signed: boolean, rank: number): IntType => ({ kind: 'int', name, bits, signed, rank });

export const T = {
  char: int('char', 8, true, 1),
  schar: int('signed char', 8, true, 1),
  uchar: int('unsigned char', 8, false, 1),
  short: int('short', 16, true, 2),
  ushort: int('unsigned short', 16, false, 2),
  int: int('int', 32, true, 3),
  uint: int('unsigned int', 32, false, 3),
  long: int('long', 64, true, 4),
  ulong: int('unsigned long', 64, false, 4),
  llong: int('long long', 64, true, 5),
  ullong: int('unsigned long long', 64, false, 5),
  float: { kind: 'float', name: 'float', bits: 32 } as FloatType,
  double: { kind: 'float', name: 'double', bits: 64 } as FloatType,
} as const;

export function isInt(t: CType): t is IntType {
  return t.kind === 'int';
}

export function minOf(t: IntType): bigint {
  return t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
}

export function maxOf(t: IntType): bigint {
  return t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
}

export function inRange(t: IntType, v: bigint): boolean {
  return v >= minOf(t) && v <= maxOf(t);
}

/** Integer conversion to `t` (modular, as gcc does for signed targets). */
export function convertInt(t: IntType, v: bigint): bigint {
  const m = 1n << BigInt(t.bits);
  let r = ((v % m) + m) % m;
  if (t.signed && r > maxOf(t)) r -= m;
  return r;
}

/** Integer promotion (C11 6.3.1.1p2). */
export function promote(t: CType): CType {
  return t.kind === 'int' && t.rank < 3 ? T.int : t;
}

function unsignedOf(t: IntType): IntType {
  if (!t.signed) return t;
  return t.rank === 3 ? T.uint : t.rank === 4 ? T.ulong : T.ullong;
}

/** Usual arithmetic conversions (C11 6.3.1.8). */
export function usual(a: CType, b: CType): CType {
  if (a.kind === 'float' || b.kind === 'float') {
    if ((a.kind === 'float' && a.bits === 64) || (b.kind === 'float' && b.bits === 64)) return T.double;
    return T.float;
  }
  const x = promote(a) as IntType;
  const y = promote(b) as IntType;
  if (x === y) return x;
  if (x.signed === y.signed) return x.rank >= y.rank ? x : y;
  const [u, s] = x.signed ? [y, x] : [x, y];
  if (u.rank >= s.rank) return u;
  if (s.bits > u.bits) return s;
  return unsignedOf(s);
}
