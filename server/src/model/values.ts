// Symbolic C values: how each C type is represented by Z3 terms.
//
//   int      -> bit-vector of the type's width (_Bool: width 1)
//   float    -> IEEE floating point (Float32 / Float64)
//   pointer  -> (object id: BV32, offset in elements: BV64); object 0 is NULL
//   struct   -> one value per field; a union too, its members sharing bytes
//               (unions.ts): `stale[i]` marks a member whose value is not
//               modelled, because another member was stored since
//   array    -> the element's representation "lifted": each leaf term becomes
//               a Z3 array from a BV64 index to that leaf (so an array of
//               structs is a struct of arrays, and select/store act leaf-wise)

import type { CType } from '../ir/types';
import { memberBits } from '../ir/layout';
import type { Ctx } from '../z3/z3';
import { bvConst, fpSort, ite, type B, type BV, type F } from './semantics';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Term = any;

export type Val =
  | { k: 'bv'; t: Term }
  | { k: 'fp'; t: Term }
  | { k: 'ptr'; obj: Term; off: Term }
  | { k: 'struct'; fields: Val[]; stale?: boolean[] }
  | { k: 'arr'; lifted: Val };

export const OBJ_BITS = 32;
export const OFF_BITS = 64;

/** The Z3 sort of a scalar leaf of type t, lifted through `depth` array levels. */
function leafSorts(ctx: Ctx, t: CType): Term[] {
  switch (t.kind) {
    case 'int':
      return [ctx.BitVec.sort(t.bits)];
    case 'float':
      return [fpSort(ctx, t)];
    case 'pointer':
      return [ctx.BitVec.sort(OBJ_BITS), ctx.BitVec.sort(OFF_BITS)];
    default:
      throw new Error(`no leaf sort for ${t.kind}`);
  }
}

let fresh = 0;
/** A fresh unconstrained value of type t (named for models and debugging). */
export function freshVal(ctx: Ctx, t: CType, name: string, lift: Term[] = []): Val {
  const wrapSort = (s: Term) => lift.reduceRight((acc: Term, dom: Term) => ctx.Array.sort(dom, acc), s);
  const mk = (s: Term, suffix = '') => ctx.Const(`${name}${suffix}!${fresh++}`, wrapSort(s));
  switch (t.kind) {
    case 'int':
    case 'float':
      return { k: t.kind === 'int' ? 'bv' : 'fp', t: mk(leafSorts(ctx, t)[0]) };
    case 'pointer': {
      const [o, f] = leafSorts(ctx, t);
      return { k: 'ptr', obj: mk(o, '.obj'), off: mk(f, '.off') };
    }
    case 'struct': {
      if (t.union && lift.length === 0) {
        const u = freshUnion(ctx, t, name);
        if (u) return u;
      }
      const fields = t.fields.map((f) => freshVal(ctx, f.type, `${name}.${f.name}`, lift));
      // A union's members are not independent: the value is its first member's (the others' bytes are not modelled).
      return t.union ? { k: 'struct', fields, stale: fields.map((_, i) => i > 0) } : { k: 'struct', fields };
    }
    case 'array':
      return { k: 'arr', lifted: freshVal(ctx, t.of, `${name}[]`, [...lift, ctx.BitVec.sort(OFF_BITS)]) };
    case 'void':
    case 'function':
      return { k: 'bv', t: mk(ctx.BitVec.sort(8)) };
  }
}

/** Bits of a plain integer (not _Bool), or of an array of a known length of them; else null. */
/** A member modelled as bytes (ir/layout.ts memberBits) that is of integers: a fresh union's bytes give it its value. */
function integerBits(t: CType): number | null {
  return t.kind === 'float' ? null : memberBits(t, false);
}

/**
 * A fresh union (not inside an array) as fresh bytes: each integer or integer-array member reads
 * its low bytes (little-endian, as bytes.ts), the others are stale (unions.ts). Null when no
 * member is of integers.
 */
function freshUnion(ctx: Ctx, t: Extract<CType, { kind: 'struct' }>, name: string): Val | null {
  const widths = t.fields.map((f) => (f.bitWidth === undefined ? integerBits(f.type) : null));
  const width = Math.max(0, ...widths.map((w) => w ?? 0));
  if (width === 0) return null;
  const bytes = ctx.Const(`${name}.bytes!${fresh++}`, ctx.BitVec.sort(width)) as BV;
  const fields = t.fields.map((f, i): Val => {
    const w = widths[i];
    if (w === null) return freshVal(ctx, f.type, `${name}.${f.name}`);
    const low = w === width ? bytes : (bytes.extract(w - 1, 0) as BV);
    if (f.type.kind !== 'array') return { k: 'bv', t: low };
    const e = w / f.type.length!;
    let arr = zeroVal(ctx, f.type);
    for (let k = 0; k < f.type.length!; k++) arr = storeVal(arr, bvConst(ctx, BigInt(k), OFF_BITS), { k: 'bv', t: low.extract(k * e + e - 1, k * e) });
    return arr;
  });
  const stale = widths.map((w) => w === null);
  return stale.some((x) => x) ? { k: 'struct', fields, stale } : { k: 'struct', fields };
}

/** The all-zero value of type t (static initialisation). */
export function zeroVal(ctx: Ctx, t: CType, lift: Term[] = []): Val {
  const wrap = (v: Term) => lift.reduceRight((acc: Term, dom: Term) => ctx.Array.K(dom, acc), v);
  switch (t.kind) {
    case 'int':
      return { k: 'bv', t: wrap(bvConst(ctx, 0n, t.bits)) };
    case 'float':
      return { k: 'fp', t: wrap(ctx.Float.val(0, fpSort(ctx, t))) };
    case 'pointer':
      return { k: 'ptr', obj: wrap(bvConst(ctx, 0n, OBJ_BITS)), off: wrap(bvConst(ctx, 0n, OFF_BITS)) };
    case 'struct':
      return { k: 'struct', fields: t.fields.map((f) => zeroVal(ctx, f.type, lift)) };
    case 'array':
      return { k: 'arr', lifted: zeroVal(ctx, t.of, [...lift, ctx.BitVec.sort(OFF_BITS)]) };
    default:
      return { k: 'bv', t: wrap(bvConst(ctx, 0n, 8)) };
  }
}

/** Applies f to every leaf term (used for select and for model evaluation). */
export function mapLeaves(v: Val, f: (t: Term) => Term): Val {
  switch (v.k) {
    case 'bv':
    case 'fp':
      return { k: v.k, t: f(v.t) };
    case 'ptr':
      return { k: 'ptr', obj: f(v.obj), off: f(v.off) };
    case 'struct':
      return { k: 'struct', fields: v.fields.map((x) => mapLeaves(x, f)), ...(v.stale && { stale: v.stale }) };
    case 'arr':
      return { k: 'arr', lifted: mapLeaves(v.lifted, f) };
  }
}

/** Combines two values of the same shape leaf by leaf. */
export function zipLeaves(a: Val, b: Val, f: (x: Term, y: Term) => Term): Val {
  switch (a.k) {
    case 'bv':
    case 'fp':
      return { k: a.k, t: f(a.t, (b as typeof a).t) };
    case 'ptr': {
      const p = b as typeof a;
      return { k: 'ptr', obj: f(a.obj, p.obj), off: f(a.off, p.off) };
    }
    case 'struct': {
      const s = b as typeof a;
      const fields = a.fields.map((x, i) => zipLeaves(x, s.fields[i], f));
      // A member is stale in the combination when it is in either value.
      const stale = a.stale || s.stale ? fields.map((_, i) => !!a.stale?.[i] || !!s.stale?.[i]) : undefined;
      return stale ? { k: 'struct', fields, stale } : { k: 'struct', fields };
    }
    case 'arr':
      return { k: 'arr', lifted: zipLeaves(a.lifted, (b as typeof a).lifted, f) };
  }
}

export function leaves(v: Val): Term[] {
  switch (v.k) {
    case 'bv':
    case 'fp':
      return [v.t];
    case 'ptr':
      return [v.obj, v.off];
    case 'struct':
      return v.fields.flatMap(leaves);
    case 'arr':
      return leaves(v.lifted);
  }
}

export function iteVal(ctx: Ctx, c: B, a: Val, b: Val): Val {
  if (a === b) return a;
  return zipLeaves(a, b, (x, y) => (x === y ? x : ite(ctx, c, x, y)));
}

/** Element `i` (BV64) of an array value. */
export function selectVal(arr: Val, i: BV): Val {
  if (arr.k !== 'arr') throw new Error('select on a non-array');
  return mapLeaves(arr.lifted, (leaf) => leaf.select(i));
}

/** The array with element `i` replaced by `v`. */
export function storeVal(arr: Val, i: BV, v: Val): Val {
  if (arr.k !== 'arr') throw new Error('store on a non-array');
  // arr.lifted has the element's shape with every leaf one array level up: store leaf-wise.
  return { k: 'arr', lifted: zipLeaves(arr.lifted, v, (leafArr, leafVal) => leafArr.store(i, leafVal)) };
}

export function asBV(v: Val): BV {
  if (v.k !== 'bv') throw new Error(`expected an integer value, got ${v.k}`);
  return v.t as BV;
}
export function asFP(v: Val): F {
  if (v.k !== 'fp') throw new Error(`expected a floating value, got ${v.k}`);
  return v.t as F;
}

/** The single term of a scalar (integer or floating) value. */
export function tOf(v: Val): Term {
  if (v.k === 'bv' || v.k === 'fp') return v.t;
  throw new Error(`expected a scalar value, got ${v.k}`);
}

export type PtrVal = Extract<Val, { k: 'ptr' }>;
