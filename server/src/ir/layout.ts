// Sizes and alignment of C types in a data model (System V x86-64 / i386):
// the front end lays out structs with them, the model sizes heap objects and
// memory operations with them.

import { type CType, type DataModel, pointerBits } from './types';

export function sizeOf(t: CType, model: DataModel): number | null {
  switch (t.kind) {
    case 'void':
      return 1; // GNU: sizeof(void) == 1
    case 'int':
      return t.bits === 1 ? 1 : t.bits / 8;
    case 'float':
      return t.bits / 8;
    case 'pointer':
      return pointerBits(model) / 8;
    case 'array': {
      if (t.length === null) return null;
      const e = sizeOf(t.of, model);
      return e === null ? null : e * t.length;
    }
    case 'struct':
      return t.complete ? t.size : null;
    case 'function':
      return null;
  }
}

export function alignOf(t: CType, model: DataModel): number {
  switch (t.kind) {
    case 'void':
      return 1;
    case 'int':
    case 'float':
      // ILP32 (i386 System V) aligns 8-byte scalars in structs to 4.
      return Math.min(sizeOf(t, model) ?? 1, model === 'ILP32' ? 4 : 8);
    case 'pointer':
      return pointerBits(model) / 8;
    case 'array':
      return alignOf(t.of, model);
    case 'struct':
      return t.align;
    case 'function':
      return 1;
  }
}

// Object representations: which values the model reads and writes as plain bytes (model/bytes.ts).

/** Width in bits of a member read as a plain integer or float, else null (_Bool, bit-fields, aggregates, pointers). */
export function scalarBits(t: CType): number | null {
  if (t.kind === 'float') return t.bits;
  if (t.kind === 'int' && t.bits % 8 === 0) return t.bits;
  return null;
}

/** A member whose bytes are modelled: a plain integer or float, or an array of a known length of plain integers. */
export function memberBits(t: CType, bitField: boolean): number | null {
  if (bitField) return null;
  if (t.kind === 'array' && t.length !== null && t.length > 0 && t.of.kind === 'int') {
    const e = scalarBits(t.of);
    return e === null ? null : e * t.length;
  }
  return scalarBits(t);
}
