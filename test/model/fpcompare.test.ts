// An integer converted to float or double and compared with a float constant:
// the model encodes the comparison as an integer comparison (model/semantics.ts
// convertedIntCompare), exact or rounded conversion alike (a 64-bit integer to
// double, an int to float). It must give gcc's value. For each integer type and
// constant, the twelve comparisons (six operators, the constant on either side)
// are packed into one result, and evaluated at the values where a comparison with
// c can change its answer: next to floor(c) and ceil(c), next to the midpoints
// between c and the floats on either side of it (where a rounded conversion
// reaches c, ties to even), and at the type's ends. Between those points
// `x op c` is constant (x ranges over integers and the conversion is monotone),
// so these values decide every comparison of the type with that constant.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Engine } from '../helpers/engine';

const TYPES: { name: string; lo: bigint; hi: bigint }[] = [
  { name: '_Bool', lo: 0n, hi: 1n },
  { name: 'signed char', lo: -128n, hi: 127n },
  { name: 'unsigned char', lo: 0n, hi: 255n },
  { name: 'short', lo: -32768n, hi: 32767n },
  { name: 'unsigned short', lo: 0n, hi: 65535n },
  { name: 'int', lo: -(2n ** 31n), hi: 2n ** 31n - 1n },
  { name: 'unsigned int', lo: 0n, hi: 2n ** 32n - 1n },
  { name: 'long', lo: -(2n ** 63n), hi: 2n ** 63n - 1n },
  { name: 'unsigned long long', lo: 0n, hi: 2n ** 64n - 1n },
];

// The constants as C text, with their value (NaN, the infinities, -0.0, halves, the types' ends and one past).
const DOUBLES: { c: string; v: number }[] = [
  { c: '0.0', v: 0 },
  { c: '-0.0', v: -0 },
  { c: '2.5', v: 2.5 },
  { c: '-2.5', v: -2.5 },
  { c: '3.0', v: 3 },
  { c: '0.1', v: 0.1 },
  { c: '-128.5', v: -128.5 },
  { c: '127.5', v: 127.5 },
  { c: '255.0', v: 255 },
  { c: '65535.5', v: 65535.5 },
  { c: '2147483647.5', v: 2147483647.5 },
  { c: '-2147483648.0', v: -2147483648 },
  { c: '-2147483649.0', v: -2147483649 },
  { c: '4294967295.0', v: 4294967295 },
  { c: '4294967296.0', v: 4294967296 },
  { c: '1e300', v: 1e300 },
  { c: '9007199254740993.0', v: 2 ** 53 },
  { c: '9007199254740996.0', v: 2 ** 53 + 4 },
  { c: '-9007199254740998.0', v: -(2 ** 53 + 6) },
  { c: '9223372036854774784.0', v: 2 ** 63 - 1024 },
  { c: '9223372036854775808.0', v: 2 ** 63 },
  { c: '-9223372036854775808.0', v: -(2 ** 63) },
  { c: '18446744073709551616.0', v: 2 ** 64 },
  { c: '(0.0 / 0.0)', v: NaN },
  { c: '(1.0 / 0.0)', v: Infinity },
  { c: '(-1.0 / 0.0)', v: -Infinity },
];
const FLOATS: { c: string; v: number }[] = [
  { c: '-0.0f', v: -0 },
  { c: '2.5f', v: 2.5 },
  { c: '-2.5f', v: -2.5 },
  { c: '0.1f', v: Math.fround(0.1) },
  { c: '16777216.0f', v: 16777216 },
  { c: '16777217.0f', v: Math.fround(16777217) },
  { c: '2147483648.0f', v: 2147483648 },
  { c: '-2147483648.0f', v: -2147483648 },
  { c: '2147483520.0f', v: 2147483520 },
  { c: '16777218.0f', v: 16777218 },
  { c: '9223372036854775808.0f', v: 2 ** 63 },
  { c: '1e30f', v: Math.fround(1e30) },
  { c: '(0.0f / 0.0f)', v: NaN },
  { c: '(1.0f / 0.0f)', v: Infinity },
];
const OPS = ['<', '<=', '>', '>=', '==', '!='];
/** Values per call: each packs 12 bits of comparisons into a long long result. */
const SLOTS = 5;

interface Case {
  /** Each function has its own file: a request's time grows with its file's size. */
  file: string;
  fn: string;
  values: bigint[];
  line: number;
}

/** The floats of c's format just below and above c (c finite), from its bits. */
function neighbours(c: number, float: boolean): [number, number] {
  const step = (d: number): number => {
    if (float) {
      const f = new Float32Array([c]);
      const i = new Int32Array(f.buffer);
      if (c === 0) return d * 2 ** -149;
      i[0] += c > 0 === d > 0 ? 1 : -1;
      return f[0];
    }
    const f = new Float64Array([c]);
    const i = new BigInt64Array(f.buffer);
    if (c === 0) return d * Number.MIN_VALUE;
    i[0] += c > 0 === d > 0 ? 1n : -1n;
    return f[0];
  };
  return [step(-1), step(1)];
}

/** The integers next to which `x op c` can change, within [lo, hi], and the ends. */
function probes(c: number, float: boolean, lo: bigint, hi: bigint): bigint[] {
  const out = new Set<bigint>([lo, hi, 0n < lo ? lo : 0n]);
  if (Number.isFinite(c)) {
    const f = BigInt(Math.floor(c));
    const e = BigInt(Math.ceil(c));
    const near = [f - 1n, f, e, e + 1n];
    // Where the floats are two or more apart, an integer converts to c from halfway to each neighbour.
    for (const n of neighbours(c, float))
      if (Number.isInteger(n) && Number.isInteger(c) && Math.abs(n - c) >= 2) {
        const mid = (BigInt(n) + BigInt(c)) / 2n;
        near.push(mid - 1n, mid, mid + 1n);
      }
    for (const v of near) if (v >= lo && v <= hi) out.add(v);
  }
  return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** v as a C constant of a 64-bit type (the least long long has none: it is written as a difference). */
function literal(v: bigint): string {
  if (v === -(2n ** 63n)) return '(-9223372036854775807LL - 1)';
  return v >= 2n ** 63n ? `${v}ULL` : `${v}LL`;
}

let engine: Engine;
let dir: string;
const cases: Case[] = [];
const expected = new Map<string, string>();

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-fpcmp-'));
  const calls: string[] = [];
  const includes: string[] = [];
  let k = 0;
  for (const t of TYPES)
    for (const { c, v, float } of [...DOUBLES.map((d) => ({ ...d, float: false })), ...FLOATS.map((d) => ({ ...d, float: true }))]) {
      const values = probes(v, float, t.lo, t.hi);
      for (let at = 0; at < values.length; at += SLOTS) {
        const chunk = values.slice(at, at + SLOTS);
        while (chunk.length < SLOTS) chunk.push(chunk[0]);
        const fn = `f${k++}`;
        const params = chunk.map((_, i) => `${t.name} x${i}`).join(', ');
        const lines = [`long long ${fn}(${params}) {`, '  long long r = 0;'];
        chunk.forEach((_, i) =>
          OPS.forEach((op, j) => {
            lines.push(`  r |= (long long)(x${i} ${op} ${c}) << ${i * 12 + j};`);
            lines.push(`  r |= (long long)(${c} ${op} x${i}) << ${i * 12 + 6 + j};`);
          }),
        );
        cases.push({ file: path.join(dir, `${fn}.c`), fn, values: chunk, line: lines.length + 1 });
        lines.push('  return r;', '}');
        fs.writeFileSync(path.join(dir, `${fn}.c`), lines.join('\n') + '\n');
        includes.push(`#include "${fn}.c"`);
        calls.push(`  printf("${fn} %lld\\n", ${fn}(${chunk.map((x) => `(${t.name})${literal(x)}`).join(', ')}));`);
      }
    }
  fs.writeFileSync(path.join(dir, 'main.c'), ['#include <stdio.h>', ...includes, 'int main(void) {', ...calls, '  return 0;', '}'].join('\n'));
  execFileSync('gcc', ['-O0', '-o', 'cmp', 'main.c'], { cwd: dir });
  for (const l of execFileSync(path.join(dir, 'cmp'), { encoding: 'utf8' }).trim().split('\n')) {
    const [fn, r] = l.split(' ');
    expected.set(fn, r);
  }
}, 60_000);
beforeAll(async () => {
  engine = await createEngine({ ...defaultEngineOptions, runtimeErrors: false });
});
afterAll(() => {
  engine?.dispose();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('an integer compared with a float constant', () => {
  it("gives gcc's value for every operator, side, integer type and constant (NaN, infinities, -0.0, halves, the types' ends)", async () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const where = c.values.map((v, i) => `x${i} == ${literal(v)}`).join(' && ');
      const r = await engine.reach({ file: c.file, line: c.line, function: c.fn, where });
      const f = r.functions[0];
      const got = f.goals[0].status === 'covered' ? String(f.tests[0].result) : f.goals[0].status;
      if (got !== expected.get(c.fn)) mismatches.push(`${c.fn} (${c.values.join(', ')}): model ${got}, gcc ${expected.get(c.fn)}`);
    }
    expect(mismatches).toEqual([]);
    expect(expected.size).toBe(cases.length);
  }, 300_000);
});
