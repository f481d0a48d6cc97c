// C literals: integer constants with their C11 6.4.4.1 type, floating
// constants rounded exactly once to their type, character constants and
// string literals decoded to bytes.

import type { CType, DataModel, IntType } from '../ir/types';
import { INT, UINT, LLONG, ULLONG, FLOAT, DOUBLE, longType } from '../ir/types';
import { fitsIn } from '../ir/interp';

export type Literal =
  | { kind: 'int'; value: bigint; type: IntType }
  | { kind: 'float'; value: number; type: CType }
  | { kind: 'unsupported'; what: string };

export function parseNumber(raw: string, model: DataModel): Literal | null {
  const text = raw.replace(/'/g, '');
  const isHex = /^0[xX]/.test(text);
  const isFloat = isHex ? /[pP]/.test(text) : /[.eE]/.test(text) && !/^0[bB]/.test(text);
  if (isFloat) {
    const m = /^(.*?)([fFlL]?)$/.exec(text)!;
    const suffix = m[2].toLowerCase();
    if (suffix === 'l') return { kind: 'unsupported', what: 'long double constant' };
    const value = isHex ? parseHexFloat(m[1]) : Number(m[1]);
    if (Number.isNaN(value)) return null;
    if (suffix === 'f') return { kind: 'float', value: isHex ? Math.fround(value) : decimalToFloat32(m[1]), type: FLOAT };
    return { kind: 'float', value, type: DOUBLE };
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$/.exec(text);
  if (!m) return null;
  const digits = m[1];
  const value = /^0[bB]/.test(digits) ? BigInt(digits) : /^0[0-7]+$/.test(digits) ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
  const suffix = m[2].toLowerCase();
  const unsigned = suffix.includes('u');
  const longs = (suffix.match(/l/g) ?? []).length;
  const decimal = /^[1-9]/.test(digits) || digits === '0';
  const LONG = longType(model, true);
  const ULONG = longType(model, false);
  let candidates: IntType[];
  if (unsigned) candidates = longs === 0 ? [UINT, ULONG, ULLONG] : longs === 1 ? [ULONG, ULLONG] : [ULLONG];
  else if (decimal) candidates = longs === 0 ? [INT, LONG, LLONG] : longs === 1 ? [LONG, LLONG] : [LLONG];
  else candidates = longs === 0 ? [INT, UINT, LONG, ULONG, LLONG, ULLONG] : longs === 1 ? [LONG, ULONG, LLONG, ULLONG] : [LLONG, ULLONG];
  const type = candidates.find((t) => fitsIn(value, t));
  if (!type) return { kind: 'unsupported', what: `integer constant ${raw} too large` };
  return { kind: 'int', value, type };
}

function parseHexFloat(text: string): number {
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(text);
  if (!m) return NaN;
  const frac = m[2] ?? '';
  const mant = BigInt('0x' + ((m[1] ?? '') + frac || '0'));
  const exp = Number(m[3]) - 4 * frac.length;
  return Number(mant) * Math.pow(2, exp);
}

/**
 * A decimal literal correctly rounded to binary32. Rounding to double first and then to float
 * is wrong only when the double lands exactly on the midpoint of two floats; then compare the
 * exact decimal value with that midpoint.
 */
export function decimalToFloat32(text: string): number {
  const d = Number(text);
  const f = Math.fround(d);
  if (f === d || !Number.isFinite(d)) return f;
  const other = nextFloat32Toward(f, d);
  const mid = (f + other) / 2;
  if (mid !== d) return f;
  const cmp = compareDecimalWithDouble(text, mid);
  if (cmp === 0) return f; // exact tie: fround already rounded to even
  const above = cmp > 0;
  return above === other > f ? other : f;
}

function nextFloat32Toward(f: number, target: number): number {
  const buf = new DataView(new ArrayBuffer(4));
  buf.setFloat32(0, f);
  let bits = buf.getUint32(0);
  const up = target > f;
  if (f === 0) bits = up ? 1 : 0x80000001;
  else if (f > 0 === up) bits += 1;
  else bits -= 1;
  buf.setUint32(0, bits >>> 0);
  return buf.getFloat32(0);
}

/** Sign of (decimal text - double value), computed exactly with bigints. */
function compareDecimalWithDouble(text: string, v: number): number {
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return 0;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const num = BigInt(digits || '0');
  const exp10 = Number(m[3] ?? 0) - (m[2] ?? '').length;
  // v = mant * 2^e2 exactly
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, v);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const bexp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e2: number;
  if (bexp === 0) e2 = -1074;
  else {
    mant |= 1n << 52n;
    e2 = bexp - 1075;
  }
  // Compare num * 10^exp10 with mant * 2^e2 by scaling both to integers.
  let left = num;
  let right = mant;
  if (exp10 >= 0) left *= 10n ** BigInt(exp10);
  else right *= 10n ** BigInt(-exp10);
  if (e2 >= 0) right <<= BigInt(e2);
  else left <<= BigInt(-e2);
  return left === right ? 0 : left > right ? 1 : -1;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, "'": 39, '"': 34, '?': 63,
};

/** Decodes the body of a char or string literal (between the quotes) into byte values (UTF-8 for other characters). */
export function decodeEscapes(body: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      const code = body.codePointAt(i)!;
      if (code > 0xffff) i++;
      out.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
      continue;
    }
    const n = body[++i];
    if (n === undefined) break;
    if (n in SIMPLE_ESCAPES) out.push(SIMPLE_ESCAPES[n]);
    else if (/[0-7]/.test(n)) {
      let s = n;
      while (s.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) s += body[++i];
      out.push(parseInt(s, 8) & 0xff);
    } else if (n === 'x') {
      let s = '';
      while (/[0-9a-fA-F]/.test(body[i + 1] ?? '')) s += body[++i];
      out.push(parseInt(s || '0', 16) & 0xff);
    } else if (n === 'u' || n === 'U') {
      const len = n === 'u' ? 4 : 8;
      const cp = parseInt(body.slice(i + 1, i + 1 + len), 16);
      i += len;
      out.push(...Buffer.from(String.fromCodePoint(Number.isFinite(cp) ? cp : 0xfffd), 'utf8'));
    } else out.push(n.charCodeAt(0));
  }
  return out;
}

/** A character constant: its value as an `int` (plain char is signed: '\xff' is -1). */
export function parseCharLiteral(raw: string): { value: bigint; prefix: string } | null {
  const m = /^(L|u8|u|U)?'(.*)'$/s.exec(raw);
  if (!m) return null;
  const prefix = m[1] ?? '';
  const bytes = decodeEscapes(m[2]);
  if (bytes.length === 0) return null;
  if (prefix !== '') {
    const cp = Buffer.from(bytes).toString('utf8').codePointAt(0) ?? 0;
    return { value: BigInt(cp), prefix };
  }
  if (bytes.length === 1) return { value: BigInt(bytes[0] >= 128 ? bytes[0] - 256 : bytes[0]), prefix };
  // gcc: multi-character constants are big-endian packed into an int.
  let v = 0n;
  for (const b of bytes.slice(-4)) v = (v << 8n) | BigInt(b);
  return { value: BigInt.asIntN(32, v), prefix };
}

/** Bytes of a string literal node's text (one piece, with its quotes and optional prefix). */
export function stringLiteralBytes(raw: string): number[] | null {
  const m = /^(L|u8|u|U)?"(.*)"$/s.exec(raw);
  if (!m) return null;
  if (m[1] && m[1] !== 'u8') return null; // wide strings: not modelled
  return decodeEscapes(m[2]);
}
