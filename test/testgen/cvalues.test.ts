// C literals must denote exactly the value: checked by compiling them with gcc
// and comparing the bits the program prints with the value computed here.
import { describe, it, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { intLiteral, floatLiteral, hexFloat, declare, ObjectBuilder } from '../../server/src/testgen/cvalues';
import { INT, UINT, LLONG, ULLONG, SHORT, UCHAR, SCHAR, FLOAT, DOUBLE, longType, BOOL } from '../../server/src/ir/types';
import type { IntType, CType } from '../../server/src/ir/types';
import { scratch, gcc, runExe } from './helpers';

const f64bits = (x: number) => {
  const b = new DataView(new ArrayBuffer(8));
  b.setFloat64(0, x);
  return b.getBigUint64(0);
};
const f32bits = (x: number) => {
  const b = new DataView(new ArrayBuffer(4));
  b.setFloat32(0, x);
  return BigInt(b.getUint32(0));
};

describe('C literals', () => {
  it('spell INT_MIN and friends the way the brief says', () => {
    expect(intLiteral(-2147483648n, INT)).toBe('(-2147483647 - 1)');
    expect(intLiteral(-9223372036854775808n, LLONG)).toBe('(-9223372036854775807LL - 1)');
    expect(intLiteral(4294967295n, UINT)).toBe('4294967295u');
    expect(intLiteral(-1n, UINT)).toBe('4294967295u'); // C conversion to unsigned
    expect(intLiteral(18446744073709551615n, ULLONG)).toBe('18446744073709551615ULL');
    expect(hexFloat(3)).toBe('0x1.8p+1');
    expect(floatLiteral(NaN, DOUBLE)).toBe('(double)NAN');
  });

  it('denote exactly their values when compiled by gcc', () => {
    const ints: [bigint, IntType][] = [
      [-2147483648n, INT],
      [2147483647n, INT],
      [0n, INT],
      [-5n, INT],
      [4294967295n, UINT],
      [7n, UINT],
      [-9223372036854775808n, LLONG],
      [9223372036854775807n, LLONG],
      [18446744073709551615n, ULLONG],
      [-9223372036854775808n, longType('LP64', true)],
      [18446744073709551615n, longType('LP64', false)],
      [-32768n, SHORT],
      [255n, UCHAR],
      [-128n, SCHAR],
      [1n, BOOL],
    ];
    const floats: [number, typeof FLOAT][] = [
      [0.1, DOUBLE],
      [-0, DOUBLE],
      [5e-324, DOUBLE],
      [Number.MAX_VALUE, DOUBLE],
      [Infinity, DOUBLE],
      [-Infinity, DOUBLE],
      [2.2250738585072014e-308, DOUBLE],
      [Math.fround(0.1), FLOAT],
      [Math.fround(1.4e-45), FLOAT],
      [Math.fround(3.4028234663852886e38), FLOAT],
      [-0, FLOAT],
      [32767.998046875, FLOAT],
    ];
    const lines: string[] = ['#include <stdio.h>', '#include <string.h>', '#include <math.h>', 'int main(void) {'];
    ints.forEach(([v, t], i) => {
      lines.push(
        `  { ${declare(t, 'x')} = ${intLiteral(v, t)}; printf("i${i} %${t.signed ? 'lld' : 'llu'}\\n", (${t.signed ? 'long long' : 'unsigned long long'})x); }`,
      );
    });
    floats.forEach(([v, t], i) => {
      const u = t.bits === 32 ? 'unsigned int' : 'unsigned long long';
      lines.push(`  { ${t.name} x = ${floatLiteral(v, t)}; ${u} b; memcpy(&b, &x, sizeof b); printf("f${i} %llu\\n", (unsigned long long)b); }`);
    });
    lines.push('  return 0;', '}');
    const dir = scratch('literals');
    fs.writeFileSync(path.join(dir, 'lit.c'), lines.join('\n'));
    const warnings = gcc(dir, ['-Wall', '-Wextra', '-pedantic', '-std=c11', 'lit.c', '-o', 'lit']);
    expect(warnings).toBe('');
    const out = runExe(path.join(dir, 'lit')).stdout;
    const got = new Map(
      out
        .trim()
        .split('\n')
        .map((l) => l.split(' ') as [string, string]),
    );
    ints.forEach(([v, t], i) => expect(got.get(`i${i}`), `${v} as ${t.name}`).toBe(String(t.bits === 1 ? (v !== 0n ? 1n : 0n) : v)));
    floats.forEach(([v, t], i) => expect(got.get(`f${i}`), `${v} as ${t.name}`).toBe(String(t.bits === 32 ? f32bits(v) : f64bits(v))));
  });

  it('declares any type with the right declarator syntax', () => {
    const arrOfInt: CType = { kind: 'array', of: INT, length: 3 };
    expect(declare({ kind: 'pointer', to: arrOfInt }, 'p')).toBe('int (*p)[3]');
    expect(declare({ kind: 'array', of: { kind: 'pointer', to: INT }, length: 2 }, 'a')).toBe('int *a[2]');
    const b = new ObjectBuilder('o_');
    expect(b.initializer({ kind: 'pointer', to: INT }, [1, 2], 'p')).toBe('o_p_1');
    expect(b.decls).toEqual(['int o_p_1[2] = { 1, 2 };']);
  });
});
