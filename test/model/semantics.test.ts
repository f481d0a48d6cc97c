// Differential tests of the model's C semantics: for each operator and type
// pair, random operands are fixed with a --where condition, the model's
// expected result is read from the datum, and the same expression compiled
// by gcc and run must give the same value. Operand pairs whose C evaluation is
// undefined must make the goal unreachable instead (no UB on the path).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileEngine as createEngine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Engine } from '../helpers/engine';

const TYPES: { name: string; bits: number; signed: boolean }[] = [
  { name: 'signed char', bits: 8, signed: true },
  { name: 'unsigned char', bits: 8, signed: false },
  { name: 'short', bits: 16, signed: true },
  { name: 'unsigned short', bits: 16, signed: false },
  { name: 'int', bits: 32, signed: true },
  { name: 'unsigned int', bits: 32, signed: false },
  { name: 'long', bits: 64, signed: true },
  { name: 'unsigned long', bits: 64, signed: false },
];
const OPS = ['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^', '<', '==', '>='];

// A small deterministic generator (the cases are the same on every run).
let seed = 12345;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
function pick(t: { bits: number; signed: boolean }): bigint {
  const interesting = [0n, 1n, 2n, 3n, 7n, 31n, 100n];
  const r = rand();
  let v: bigint;
  if (r < 0.4) v = interesting[Math.floor(rand() * interesting.length)];
  else v = BigInt(Math.floor(rand() * 2 ** Math.min(t.bits - (t.signed ? 1 : 0), 30)));
  if (t.signed && rand() < 0.5) v = -v;
  return v;
}

interface Case {
  fn: string;
  ta: (typeof TYPES)[number];
  tb: (typeof TYPES)[number];
  op: string;
  a: bigint;
  b: bigint;
  line: number;
}

let engine: Engine;
let dir: string;
const cases: Case[] = [];
let expected: Map<string, string>;

beforeAll(async () => {
  engine = await createEngine({ ...defaultEngineOptions, runtimeErrors: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-sem-'));
  const lines: string[] = [];
  let k = 0;
  for (const ta of TYPES)
    for (const op of OPS) {
      const tb = TYPES[Math.floor(rand() * TYPES.length)];
      const fn = `f${k++}`;
      lines.push(`long long ${fn}(${ta.name} a, ${tb.name} b) {`);
      lines.push(`  long long r = (long long)(a ${op} b);`);
      cases.push({ fn, ta, tb, op, a: pick(ta), b: pick(tb), line: lines.length + 1 });
      lines.push('  return r;', '}');
    }
  const src = path.join(dir, 'ops.c');
  fs.writeFileSync(src, lines.join('\n') + '\n');
  // The same operations, compiled by gcc with UBSan: "ub" when the sanitizer reports undefined behaviour.
  const main = ['#include <stdio.h>', '#include "ops.c"', 'int main(int argc, char **argv) {', '  int k = atoi(argv[1]);', '  switch (k) {'];
  cases.forEach((c, i) => main.push(`  case ${i}: printf("%lld\\n", ${c.fn}((${c.ta.name})${c.a}LL, (${c.tb.name})${c.b}LL)); break;`));
  main.push('  }', '  return 0;', '}');
  fs.writeFileSync(path.join(dir, 'main.c'), ['#include <stdlib.h>', ...main].join('\n'));
  execFileSync('gcc', ['-O0', '-fsanitize=undefined', '-fno-sanitize-recover=undefined', '-o', 'ops', 'main.c'], { cwd: dir });
  expected = new Map();
  cases.forEach((c, i) => {
    try {
      expected.set(c.fn, execFileSync(path.join(dir, 'ops'), [String(i)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim());
    } catch {
      expected.set(c.fn, 'ub');
    }
  });
}, 120_000);
afterAll(() => engine?.dispose());

describe('model semantics against gcc', () => {
  it("every operator and type pair gives gcc's value, or no datum when gcc reports undefined behaviour", async () => {
    const src = path.join(dir, 'ops.c');
    const mismatches: string[] = [];
    for (const c of cases) {
      const r = await engine.reach({ file: src, line: c.line, function: c.fn, where: `a == ${c.a} && b == ${c.b}` });
      const f = r.functions[0];
      const got = f.goals[0].status === 'covered' ? String(f.tests[0].result) : 'ub';
      const want = expected.get(c.fn)!;
      if (got !== want) mismatches.push(`(${c.ta.name})${c.a} ${c.op} (${c.tb.name})${c.b}: model ${got}, gcc ${want}`);
    }
    expect(mismatches).toEqual([]);
    expect(cases.length).toBe(TYPES.length * OPS.length);
  }, 300_000);
});
