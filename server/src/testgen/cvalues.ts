// C spelling of types and of report values (DESIGN.md "Contracts": integers
// as numbers or decimal strings, floats as numbers or "nan" | "inf" | "-inf" |
// "-0", arrays as arrays, structs as objects, pointers as their pointee).
// Literals are exact: INT_MIN is `(-2147483647 - 1)`, unsigned values carry a
// `u` suffix, 64-bit values `LL`/`L`, floats are hex-float literals so they
// round-trip bit for bit.

import type { CType, FloatType, IntType } from '../ir/types';
import { typeToString } from '../ir/types';
import type { DataValue } from '../../../shared/report';

/** Bad or mismatched value in a report (message says which). */
export class ValueError extends Error {}

/** A declaration of `name` with type `t`: `int (*p)[3]`, `struct s a[2]`. */
export function declare(t: CType, name: string): string {
  switch (t.kind) {
    case 'pointer': {
      const inner = t.to.kind === 'array' || t.to.kind === 'function' ? `(*${name})` : `*${name}`;
      return declare(t.to, inner);
    }
    case 'array':
      return declare(t.of, `${name}[${t.length ?? ''}]`);
    case 'function': {
      const params = t.params.length === 0 ? (t.prototyped ? 'void' : '') : t.params.map((p) => declare(p, '')).join(', ');
      return declare(t.ret, `${name}(${params}${t.variadic ? ', ...' : ''})`);
    }
    default:
      return name ? `${typeToString(t)} ${name}` : typeToString(t);
  }
}

/** The value as a bigint (numbers, decimal strings, booleans). */
export function toBigInt(v: DataValue, what: string): bigint {
  if (typeof v === 'boolean') return v ? 1n : 0n;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  throw new ValueError(`${what}: expected an integer, got ${JSON.stringify(v)}`);
}

function intSuffix(t: IntType): string {
  const u = t.signed ? '' : 'u';
  if (t.rank === 'longlong') return `${u}LL`.replace('uLL', 'ULL');
  if (t.rank === 'long') return t.signed ? 'L' : 'UL';
  return u;
}

/** Exact integer literal of type `t` (value reduced modulo 2^bits as a C conversion would). */
export function intLiteral(value: bigint, t: IntType): string {
  if (t.bits === 1) return value !== 0n ? '1' : '0';
  const bits = BigInt(t.bits);
  const mod = 1n << bits;
  let v = ((value % mod) + mod) % mod;
  if (t.signed && v >= mod >> 1n) v -= mod;
  const suffix = intSuffix(t);
  // Types narrower than int are written as int (or unsigned) constants: the conversion on assignment is exact.
  if (t.signed && v === -(mod >> 1n)) return `(-${(mod >> 1n) - 1n}${suffix} - 1)`;
  if (v < 0n) return `-${-v}${suffix}`;
  return `${v}${suffix}`;
}

/** C hex-float spelling of a finite double: `0x1.8p+1`, `-0x0.0000000000001p-1022`. */
export function hexFloat(x: number): string {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const sign = hi >>> 31 ? '-' : '';
  const exp = (hi >>> 20) & 0x7ff;
  const mant = ((BigInt(hi & 0xfffff) << 32n) | BigInt(lo)).toString(16).padStart(13, '0').replace(/0+$/, '');
  if (exp === 0 && mant === '') return `${sign}0x0p+0`;
  const lead = exp === 0 ? '0' : '1';
  const e = exp === 0 ? -1022 : exp - 1023;
  return `${sign}0x${lead}${mant ? '.' + mant : ''}p${e >= 0 ? '+' : ''}${e}`;
}

/** The value as a JS number, or the special spellings. */
export function toFloat(v: DataValue, t: FloatType, what: string): number {
  if (typeof v === 'number') return t.bits === 32 ? Math.fround(v) : v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === 'nan') return NaN;
    if (s === 'inf') return Infinity;
    if (s === '-inf') return -Infinity;
    if (s === '-0') return -0;
    const n = Number(s);
    if (s !== '' && !Number.isNaN(n)) return t.bits === 32 ? Math.fround(n) : n;
  }
  throw new ValueError(`${what}: expected a ${t.name} value, got ${JSON.stringify(v)}`);
}

/** Exact float/double literal: hex-float for finite values, NAN / INFINITY (math.h) otherwise. */
export function floatLiteral(x: number, t: FloatType): string {
  const cast = `(${t.name})`;
  if (Number.isNaN(x)) return `${cast}NAN`;
  if (x === Infinity) return `${cast}INFINITY`;
  if (x === -Infinity) return `${cast}-INFINITY`;
  return hexFloat(x) + (t.bits === 32 ? 'f' : '');
}

/** Readable spelling of a value for messages: `2`, `-0x1p+0 (-1)`, `nan`. */
export function describeValue(v: DataValue): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Scalar literal of an arithmetic type. */
export function scalarLiteral(t: CType, v: DataValue, what: string): string {
  if (t.kind === 'int') return intLiteral(toBigInt(v, what), t);
  if (t.kind === 'float') return floatLiteral(toFloat(v, t, what), t);
  throw new ValueError(`${what}: ${typeToString(t)} is not an arithmetic type`);
}

/**
 * Builds C code for values: automatic objects declared in a test function,
 * initializers, and the pointees of pointer values (each a fresh array whose
 * name is returned as the pointer's value).
 */
/** A pointer written as the object it points into and the element: `&l[1]`. */
export const POINTS_INTO = /^&([A-Za-z_][\w.@]*)\[(\d+)\]$/;

export class ObjectBuilder {
  /** Declarations, in the order they must appear. */
  readonly decls: string[] = [];
  /** Input objects by the name data give them (`&l[1]` points into object `l`), as C expressions. */
  readonly objects = new Map<string, string>();
  /** Pointer fields that point into objects declared after them: assigned once all are declared. */
  private readonly pending: { lvalue: string; object: string; index: string; what: string }[] = [];
  private counter = 0;

  constructor(private readonly prefix: string) {}

  fresh(hint: string): string {
    return `${this.prefix}${hint.replace(/[^A-Za-z0-9_]/g, '_')}_${++this.counter}`;
  }

  /** Statements that set pointers into objects declared after the pointer (run after the declarations). */
  fixups(): string[] {
    return this.pending.map((f) => {
      const target = this.objects.get(f.object);
      if (!target) throw new ValueError(`${f.what}: points into '${f.object}', which is not an input object`);
      return `${f.lvalue} = ${target} + ${f.index};`;
    });
  }

  /** A brace or scalar initializer for `t` holding `v`; `lvalue` names the object being initialised (for pointer fix-ups). */
  initializer(t: CType, v: DataValue, what: string, lvalue?: string): string {
    switch (t.kind) {
      case 'int':
      case 'float':
        return scalarLiteral(t, v, what);
      case 'pointer':
        return this.pointer(t, v, what, lvalue);
      case 'array': {
        if (!Array.isArray(v)) throw new ValueError(`${what}: expected an array, got ${JSON.stringify(v)}`);
        if (t.length !== null && v.length > t.length) throw new ValueError(`${what}: ${v.length} elements for ${typeToString(t)}`);
        if (v.length === 0) return '{ 0 }';
        return `{ ${v.map((e, i) => this.initializer(t.of, e, `${what}[${i}]`, lvalue === undefined ? undefined : `${lvalue}[${i}]`)).join(', ')} }`;
      }
      case 'struct': {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ValueError(`${what}: expected a struct object, got ${JSON.stringify(v)}`);
        const parts: string[] = [];
        for (const [name, fv] of Object.entries(v)) {
          const f = t.fields.find((x) => x.name === name);
          if (!f) throw new ValueError(`${what}: ${typeToString(t)} has no field '${name}'`);
          parts.push(`.${name} = ${this.initializer(f.type, fv, `${what}.${name}`, lvalue === undefined ? undefined : `${lvalue}.${name}`)}`);
        }
        return parts.length ? `{ ${parts.join(', ')} }` : '{ 0 }';
      }
      default:
        throw new ValueError(`${what}: cannot build a value of type ${typeToString(t)}`);
    }
  }

  /** A pointer value: `0` for null, else the name of a fresh array holding the pointee(s). */
  pointer(t: Extract<CType, { kind: 'pointer' }>, v: DataValue, what: string, lvalue?: string): string {
    if (v === null) return `(${declare(t, '')})0`;
    const named = typeof v === 'string' ? POINTS_INTO.exec(v) : null;
    if (named) {
      // `&l[1]`: into an input object, maybe this very one (in scope in its own initializer) or a later one.
      const target = this.objects.get(named[1]);
      if (target) return `(${target} + ${named[2]})`;
      if (lvalue === undefined) throw new ValueError(`${what}: points into '${named[1]}', which is not an input object`);
      this.pending.push({ lvalue, object: named[1], index: named[2], what });
      return `(${declare(t, '')})0`;
    }
    let elem = t.to;
    if (elem.kind === 'void') elem = { kind: 'int', bits: 8, signed: false, rank: 'char', name: 'unsigned char' };
    if (elem.kind === 'function') throw new ValueError(`${what}: function pointer values are not supported`);
    const items = Array.isArray(v) && elem.kind !== 'array' ? v : [v];
    const name = this.fresh(what);
    const arrayType: CType = { kind: 'array', of: elem, length: Math.max(items.length, 1) };
    // Registered before its initializer, which may point into it (a list in one array).
    if (/^[A-Za-z_]\w*$/.test(what) && !this.objects.has(what)) this.objects.set(what, name);
    this.decls.push(`${declare(arrayType, name)} = ${this.initializer(arrayType, items, what, name)};`);
    return name;
  }
}
