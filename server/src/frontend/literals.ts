// C literals: integer constants with their C11 6.4.4.1 type, floating
// constants rounded exactly once to their type, character constants and
// string literals decoded to bytes.

import type { CType, DataModel, IntType } from '../ir/types';
import { INT, UINT, LLONG, ULLONG, FLOAT, DOUBLE, longType } from '../ir/types';
import { fitsIn } from '../ir/interp';

export type Literal = { kind: 'int'; value: bigint; type: IntType } | { kind: 'float'; value: number; type: CType } | { kind: 'unsupported'; what: string };

export function parseNumber(raw: string, model: DataModel): Literal | null {
  const text = raw.replace(/'/g, '');
  const isHex = /^0[xX]/.test(text);
  const isFloat = isHex ? /[pP]/.test(text) : /[.eE]/.test(text) && !/^0[bB]/.test(text);
  if (isFloat) {
    const m = /^(.*?)([fFlL]?)$/.exec(text)!;
    const suffix = m[2].toLowerCase();
    const exact = isHex ? hexFloatValue(m[1]) : decimalFloatValue(m[1]);
    if (!exact) return null;
    if (suffix === 'l') return { kind: 'unsupported', what: 'long double constant' };
    const type = suffix === 'f' ? FLOAT : DOUBLE;
    return { kind: 'float', value: roundToBinary(exact, type.bits), type };
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$/.exec(text);
  if (!m) return null;
  const digits = m[1];
  const value = /^0[bB]/.test(digits) ? BigInt(digits) : /^0[0-7]+$/.test(digits) ? BigInt('0o' + digits.slice(1)) : BigInt(digits);
  const suffix = m[2].toLowerCase();
  if (!/^(u?(l|ll)?|(l|ll)u)$/.test(suffix)) return null;
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

/** An exact non-negative value `num * 2^exp2 * 10^exp10` (a floating constant before rounding). */
export interface ExactValue {
  num: bigint;
  exp2: number;
  exp10: number;
}

/** `123.45e-6` without suffix; null if malformed. */
function decimalFloatValue(text: string): ExactValue | null {
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[1] ?? '') + (m[2] ?? '') === '') return null;
  return { num: BigInt((m[1] ?? '') + (m[2] ?? '') || '0'), exp2: 0, exp10: Number(m[3] ?? 0) - (m[2] ?? '').length };
}

/** `0x1.8p-3` without suffix (the binary exponent is mandatory); null if malformed. */
function hexFloatValue(text: string): ExactValue | null {
  const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(text);
  if (!m || (m[1] ?? '') + (m[2] ?? '') === '') return null;
  const frac = m[2] ?? '';
  return { num: BigInt('0x' + ((m[1] ?? '') + frac || '0')), exp2: Number(m[3]) - 4 * frac.length, exp10: 0 };
}

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/**
 * The exact value rounded once, to nearest with ties to even, to IEEE binary32 or binary64
 * (subnormals, overflow to infinity), as gcc rounds floating constants. Rounding a float
 * constant through the double `Number(text)` first could round twice.
 */
export function roundToBinary(v: ExactValue, bits: 32 | 64): number {
  const p = bits === 32 ? 24 : 53;
  const emin = bits === 32 ? -126 : -1022;
  const emax = bits === 32 ? 127 : 1023;
  if (v.num === 0n) return 0;
  // Exponents far out of range: skip the (huge) powers of ten.
  const magnitude = bitLength(v.num) + v.exp2 + v.exp10 * Math.log2(10);
  if (magnitude > emax + 8) return Infinity;
  if (magnitude < emin - p - 8) return 0;
  // value = num / den exactly.
  let num = v.num;
  let den = 1n;
  if (v.exp10 >= 0) num *= 10n ** BigInt(v.exp10);
  else den = 10n ** BigInt(-v.exp10);
  if (v.exp2 >= 0) num <<= BigInt(v.exp2);
  else den <<= BigInt(-v.exp2);
  // e = floor(log2(value)): 2^e <= num/den < 2^(e+1).
  let e = bitLength(num) - bitLength(den);
  if (e >= 0 ? num < den << BigInt(e) : num << BigInt(-e) < den) e--;
  // Units of the last place: 2^q, q fixed by the precision (normal) or by emin (subnormal).
  const q = Math.max(e, emin) - (p - 1);
  const n2 = q >= 0 ? num : num << BigInt(-q);
  const d2 = q >= 0 ? den << BigInt(q) : den;
  let m = n2 / d2;
  const twice = 2n * (n2 % d2);
  if (twice > d2 || (twice === d2 && (m & 1n) === 1n)) m++;
  // m <= 2^p and q >= emin - p + 1: m * 2^q is exact in a double.
  const value = Number(m) * 2 ** q;
  return value >= 2 ** (emax + 1) ? Infinity : value;
}

const SIMPLE_ESCAPES: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  e: 27,
  '\\': 92,
  "'": 39,
  '"': 34,
  '?': 63,
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
