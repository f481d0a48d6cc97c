// C types as the engine sees them after the front end has resolved typedefs,
// enums and declarators. Sizes depend on the data model (LP64 or ILP32).

export type DataModel = 'LP64' | 'ILP32';

export type IntRank = 'bool' | 'char' | 'short' | 'int' | 'long' | 'longlong';

export type CType =
  | { kind: 'void' }
  /** Every integer type, _Bool and enums included. `bits` is the exact width. */
  | { kind: 'int'; bits: 1 | 8 | 16 | 32 | 64; signed: boolean; rank: IntRank; name: string }
  /** float (32) and double (64). long double is rejected by the front end as unsupported. */
  | { kind: 'float'; bits: 32 | 64; name: string }
  | { kind: 'pointer'; to: CType }
  /** length null: incomplete (`int a[]`). */
  | { kind: 'array'; of: CType; length: number | null }
  | { kind: 'struct'; tag: string; union: boolean; fields: Field[]; size: number; align: number; complete: boolean }
  | { kind: 'function'; ret: CType; params: CType[]; variadic: boolean; prototyped: boolean };

export interface Field {
  name: string;
  type: CType;
  /** Byte offset inside the struct (0 for every member of a union). */
  offset: number;
  /** Bit-field width, when the member is a bit-field. */
  bitWidth?: number;
}

export type IntType = Extract<CType, { kind: 'int' }>;
export type FloatType = Extract<CType, { kind: 'float' }>;
export type PointerType = Extract<CType, { kind: 'pointer' }>;
export type ArrayType = Extract<CType, { kind: 'array' }>;
export type StructType = Extract<CType, { kind: 'struct' }>;
export type FunctionType = Extract<CType, { kind: 'function' }>;

export const VOID: CType = { kind: 'void' };
export const BOOL: IntType = { kind: 'int', bits: 1, signed: false, rank: 'bool', name: '_Bool' };
export const CHAR: IntType = { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' };
export const SCHAR: IntType = { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'signed char' };
export const UCHAR: IntType = { kind: 'int', bits: 8, signed: false, rank: 'char', name: 'unsigned char' };
export const SHORT: IntType = { kind: 'int', bits: 16, signed: true, rank: 'short', name: 'short' };
export const USHORT: IntType = { kind: 'int', bits: 16, signed: false, rank: 'short', name: 'unsigned short' };
export const INT: IntType = { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' };
export const UINT: IntType = { kind: 'int', bits: 32, signed: false, rank: 'int', name: 'unsigned int' };
export const LLONG: IntType = { kind: 'int', bits: 64, signed: true, rank: 'longlong', name: 'long long' };
export const ULLONG: IntType = { kind: 'int', bits: 64, signed: false, rank: 'longlong', name: 'unsigned long long' };
export const FLOAT: FloatType = { kind: 'float', bits: 32, name: 'float' };
export const DOUBLE: FloatType = { kind: 'float', bits: 64, name: 'double' };

export function longType(model: DataModel, signed: boolean): IntType {
  const bits = model === 'LP64' ? 64 : 32;
  return { kind: 'int', bits, signed, rank: 'long', name: signed ? 'long' : 'unsigned long' };
}

/** Pointer width in bits for the data model. */
export function pointerBits(model: DataModel): 32 | 64 {
  return model === 'LP64' ? 64 : 32;
}

export function isInteger(t: CType): t is IntType {
  return t.kind === 'int';
}
export function isFloat(t: CType): t is FloatType {
  return t.kind === 'float';
}
export function isArithmetic(t: CType): t is IntType | FloatType {
  return t.kind === 'int' || t.kind === 'float';
}
export function isScalar(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'float' || t.kind === 'pointer';
}

/** C spelling of a type, for messages and generated harnesses (`int`, `unsigned short *`, `struct node`). */
export function typeToString(t: CType): string {
  switch (t.kind) {
    case 'void':
      return 'void';
    case 'int':
    case 'float':
      return t.name;
    case 'pointer':
      return t.to.kind === 'function' ? 'void (*)(void)' : `${typeToString(t.to)} *`;
    case 'array':
      return `${typeToString(t.of)}[${t.length ?? ''}]`;
    case 'struct':
      return `${t.union ? 'union' : 'struct'} ${t.tag}`;
    case 'function':
      return `${typeToString(t.ret)} (${t.params.map(typeToString).join(', ')}${t.variadic ? ', ...' : ''})`;
  }
}

export function sameType(a: CType, b: CType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'void':
      return true;
    case 'int': {
      const o = b as IntType;
      return a.bits === o.bits && a.signed === o.signed && a.rank === o.rank;
    }
    case 'float':
      return a.bits === (b as FloatType).bits;
    case 'pointer':
      return sameType(a.to, (b as PointerType).to);
    case 'array':
      return a.length === (b as ArrayType).length && sameType(a.of, (b as ArrayType).of);
    case 'struct':
      return a.tag === (b as StructType).tag && a.union === (b as StructType).union;
    case 'function': {
      const o = b as FunctionType;
      return sameType(a.ret, o.ret) && a.params.length === o.params.length && a.params.every((p, i) => sameType(p, o.params[i]));
    }
  }
}
