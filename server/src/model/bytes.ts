// Object representations (x86-64, little-endian): the bytes of a value of a
// plain integer or float type, or of an array of plain integers, as one
// bit-vector (first byte lowest), and such a value read back from bytes.
// Unions (unions.ts) and copies between objects of different types
// (libstrings.ts, memcpy) are exact through them.

import type { CType } from '../ir/types';
import type { Z3Handle } from '../z3/z3';
import { bvConst, fpFromBits, type B, type BV, type F } from './semantics';
import { OFF_BITS, selectVal, storeVal, tOf, zeroVal, type Val } from './values';

let fresh = 0;

/** The bytes of a member's value (a float's: any encoding of it, fixed by `assume`), as one bit-vector, first byte lowest. */
export function bitsOf(z: Z3Handle, assume: (f: B) => void, t: CType, v: Val, width: number): BV {
  const { ctx } = z;
  if (v.k === 'bv') return v.t as BV;
  if (v.k === 'fp') {
    // Any bits that decode to the float (all NaN encodings for NaN): no NaN payload is assumed.
    const bits = ctx.BitVec.const(`union.bits!${fresh++}`, width) as BV;
    assume(fpFromBits(z, bits, t as Extract<CType, { kind: 'float' }>).eq(v.t as F) as B);
    return bits;
  }
  if (v.k !== 'arr' || t.kind !== 'array' || t.length === null) throw new Error('no bytes for this member');
  const elems = Array.from({ length: t.length }, (_, i) => tOf(selectVal(v, bvConst(ctx, BigInt(i), OFF_BITS))) as BV);
  return elems.length === 1 ? elems[0] : (ctx.Concat(...elems.reverse()) as BV);
}

/** A member of type t read from the low bits of `bits` (t's width is at most theirs). */
export function fromBits(z: Z3Handle, t: CType, bits: BV, width: number): Val {
  const { ctx } = z;
  const low = width === bits.size() ? bits : (bits.extract(width - 1, 0) as BV);
  if (t.kind === 'float') return { k: 'fp', t: fpFromBits(z, low, t) };
  if (t.kind === 'array' && t.length !== null) {
    const e = width / t.length;
    // Elements past the length are never read (a read there is out of bounds): zero.
    let arr: Val = zeroVal(ctx, t);
    for (let i = 0; i < t.length; i++) arr = storeVal(arr, bvConst(ctx, BigInt(i), OFF_BITS), { k: 'bv', t: low.extract(i * e + e - 1, i * e) });
    return arr;
  }
  return { k: 'bv', t: low };
}
