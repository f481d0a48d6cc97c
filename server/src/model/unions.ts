// Unions. A union value holds one value per member (values.ts), but in C the
// members share their bytes: storing one member changes what the others
// read. After a store, each other member is either derived exactly from the
// stored bytes (x86-64, little-endian: an integer or float member no wider
// than the stored integer or float reads its low bytes) or marked stale; a
// read of a stale member is not modelled (a taint, memory.ts), never an
// invented value.

import type { CType, StructType } from '../ir/types';
import { sameType } from '../ir/types';
import type { Z3Handle } from '../z3/z3';
import type { B, BV } from './semantics';
import type { Val } from './values';
import { bitsOf, fromBits } from './bytes';
import { memberBits } from '../ir/layout';

/**
 * The union `base` (of type `t`) after member `k` became `member`. `partial`:
 * only part of the member was stored (`u.s.x = 1`, `u.b[0] = 0`), so the
 * member is modelled only if it was before. `assume` adds a fact that holds
 * of every execution (a float's IEEE-754 encoding).
 */
export function storeMember(z: Z3Handle, assume: (f: B) => void, t: StructType, base: Val, k: number, member: Val, partial: boolean): Val {
  if (base.k !== 'struct') throw new Error('member store on a non-struct');
  const fields = [...base.fields];
  fields[k] = member;
  if (partial && base.stale?.[k]) return { k: 'struct', fields, stale: fields.map(() => true) };
  const from = t.fields[k];
  const width = memberBits(from.type, from.bitWidth !== undefined);
  let bits: BV | null = null;
  const stale = fields.map(() => false);
  t.fields.forEach((f, j) => {
    if (j === k) return;
    if (sameType(f.type, from.type) && f.bitWidth === undefined && from.bitWidth === undefined) {
      fields[j] = member;
      return;
    }
    const w = memberBits(f.type, f.bitWidth !== undefined);
    if (width === null || w === null || w > width) {
      stale[j] = true;
      return;
    }
    bits ??= bitsOf(z, assume, from.type, member, width);
    fields[j] = fromBits(z, f.type, bits, w);
  });
  return stale.some((x) => x) ? { k: 'struct', fields, stale } : { k: 'struct', fields };
}

/** A fresh input value (not inside an array) whose unions hold their first member, the others derived from it where exact. */
export function consistentUnions(z: Z3Handle, assume: (f: B) => void, t: CType, v: Val): Val {
  if (t.kind !== 'struct' || v.k !== 'struct') return v;
  const fields = v.fields.map((f, i) => consistentUnions(z, assume, t.fields[i].type, f));
  if (!t.union) return { ...v, fields };
  // Fresh unions of integer members are consistent already (values.ts freshVal); the others take their first member's bytes.
  if (!v.stale?.some((x) => x) || !fields.length) return { ...v, fields };
  return storeMember(z, assume, t, { k: 'struct', fields, stale: v.stale }, 0, fields[0], false);
}

/** Why a read of member `k` of union value `v` is not modelled, or null when it is. */
export function staleMember(v: Val, k: number): string | null {
  return v.k === 'struct' && v.stale?.[k]
    ? 'a union member read after another member was stored (only integer and float members sharing their low bytes are modelled)'
    : null;
}
