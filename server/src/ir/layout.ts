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
