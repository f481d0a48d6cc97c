// C typing rules the lowering needs: integer types of each rank, sizes and
// alignment per data model, struct layout, integer promotions and the usual
// arithmetic conversions (C11 6.3.1).

import {
  type CType,
  type DataModel,
  type Field,
  type IntType,
  type IntRank,
  type FloatType,
  type StructType,
  BOOL,
  SCHAR,
  UCHAR,
  SHORT,
  USHORT,
  INT,
  UINT,
  LLONG,
  ULLONG,
  FLOAT,
  DOUBLE,
  longType,
} from '../ir/types';
import { intMinOf as intMin, intMaxOf as intMax } from '../ir/interp';
import { alignOf, sizeOf } from '../ir/layout';

const RANK_ORDER: Record<IntRank, number> = { bool: 0, char: 1, short: 2, int: 3, long: 4, longlong: 5 };

/** The integer type of a rank and signedness (char: the plain `char` when signed is null). */
export function intOfRank(rank: IntRank, signed: boolean, model: DataModel): IntType {
  switch (rank) {
    case 'bool':
      return BOOL;
    case 'char':
      return signed ? SCHAR : UCHAR;
    case 'short':
      return signed ? SHORT : USHORT;
    case 'int':
      return signed ? INT : UINT;
    case 'long':
      return longType(model, signed);
    case 'longlong':
      return signed ? LLONG : ULLONG;
  }
}

/** `size_t` and `ptrdiff_t` of the data model. */
export function sizeType(model: DataModel): IntType {
  return longType(model, false);
}
export function ptrdiffType(model: DataModel): IntType {
  return longType(model, true);
}

// Sizes and alignment are the IR's (ir/layout.ts): the model needs them too.
export { sizeOf, alignOf };

/**
 * Lays out fields (offsets, size, alignment) as the System V ABI does. A bit-field goes in the
 * storage unit of its type when it fits there without crossing a unit boundary; an unnamed one
 * only moves the position (width 0: to the next unit) and does not align the struct.
 */
export interface LayoutField {
  name: string;
  type: CType;
  bitWidth?: number;
  /** `__attribute__((packed))` on the member: alignment 1. */
  packed?: boolean;
  /** `__attribute__((aligned(N)))` on the member: at least N. */
  aligned?: number;
}

export function layoutStruct(s: StructType, fields: LayoutField[], model: DataModel, attrs: { packed?: boolean; aligned?: number } = {}): void {
  let bits = 0;
  let align = 1;
  let unionSize = 0;
  const laid: Field[] = [];
  for (const f of fields) {
    const natural = attrs.packed || f.packed ? 1 : alignOf(f.type, model);
    const a = Math.max(natural, f.aligned ?? 1);
    const sz = sizeOf(f.type, model) ?? 0;
    if (s.union) {
      if (f.bitWidth === undefined || f.name !== '') align = Math.max(align, a);
      if (f.bitWidth !== undefined && f.name === '') continue;
      laid.push({ name: f.name, type: f.type, offset: 0, bitWidth: f.bitWidth });
      unionSize = Math.max(unionSize, f.bitWidth !== undefined ? Math.ceil(f.bitWidth / 8) : sz);
      continue;
    }
    if (f.bitWidth !== undefined) {
      const unit = sz * 8 || 8;
      if (f.bitWidth === 0) {
        bits = Math.ceil(bits / unit) * unit;
        continue;
      }
      // Packed bit-fields may straddle units; others move to the next unit rather than straddle.
      if (!(attrs.packed || f.packed) && Math.floor(bits / unit) !== Math.floor((bits + f.bitWidth - 1) / unit)) bits = Math.ceil(bits / unit) * unit;
      if (f.name !== '') {
        align = Math.max(align, a);
        laid.push({ name: f.name, type: f.type, offset: Math.floor(bits / unit) * (unit / 8), bitWidth: f.bitWidth });
      }
      bits += f.bitWidth;
      continue;
    }
    align = Math.max(align, a);
    const offset = Math.ceil(Math.ceil(bits / 8) / a) * a;
    laid.push({ name: f.name, type: f.type, offset });
    bits = (offset + sz) * 8;
  }
  s.fields = laid;
  align = Math.max(align, attrs.aligned ?? 1);
  s.align = align;
  s.size = Math.ceil((s.union ? unionSize : Math.ceil(bits / 8)) / align) * align;
  s.complete = true;
}

export function rankOf(t: IntType): number {
  return RANK_ORDER[t.rank];
}

/** C11 6.3.1.1: types of rank below int become int (all their values fit in 32 bits). */
export function promote(t: IntType): IntType {
  return rankOf(t) < RANK_ORDER.int ? INT : t;
}

/** C11 6.3.1.8 usual arithmetic conversions. */
export function usualArithmetic(a: IntType | FloatType, b: IntType | FloatType, model: DataModel): IntType | FloatType {
  if (a.kind === 'float' || b.kind === 'float') {
    const bits = Math.max(a.kind === 'float' ? a.bits : 0, b.kind === 'float' ? b.bits : 0);
    return bits === 64 ? DOUBLE : FLOAT;
  }
  const x = promote(a);
  const y = promote(b);
  if (x.signed === y.signed) return rankOf(x) >= rankOf(y) ? x : y;
  const [u, s] = x.signed ? [y, x] : [x, y];
  if (rankOf(u) >= rankOf(s)) return u;
  if (s.bits > u.bits) return s;
  return intOfRank(s.rank, false, model);
}

export function pointerTo(t: CType): CType {
  return { kind: 'pointer', to: t };
}

/** Array-to-pointer and function-to-pointer adjustment (parameters, operands). */
export function decayType(t: CType): CType {
  if (t.kind === 'array') return pointerTo(t.of);
  if (t.kind === 'function') return pointerTo(t);
  return t;
}

/** Integer type compatible with an enum whose constants are `values` (gcc: unsigned int when none is negative, else int; wider when needed). */
export function enumType(values: bigint[], model: DataModel): IntType {
  const fits = (t: IntType) => values.every((v) => v >= intMin(t) && v <= intMax(t));
  const nonNegative = values.every((v) => v >= 0n);
  const candidates = nonNegative ? [UINT, longType(model, false), ULLONG] : [INT, longType(model, true), LLONG];
  return candidates.find(fits) ?? candidates[candidates.length - 1];
}
