// Floating constants in code and in ACSL clauses are the value gcc gives them
// (test/frontend/differential.test.ts compares the bits of many more with gcc).
import { describe, expect, it } from 'vitest';
import { loadProgram, type FrontendOptions } from '../../server/src/frontend';
import { parseNumber } from '../../server/src/frontend/literals';
import { interpret } from '../../server/src/ir/interp';
import type { Instr, Operand } from '../../server/src/ir/ir';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };
const MIN_SUBNORMAL_FLOAT = 2 ** -149;

async function lower(text: string) {
  return loadProgram({ file: '/virtual/literals.c', text }, options);
}

function constants(instrs: Instr[]): Operand[] {
  const out: Operand[] = [];
  for (const i of instrs) {
    if (i.kind === 'assign' && i.value.op === 'binary') out.push(i.value.a, i.value.b);
    if (i.kind === 'assign' && i.value.op === 'use') out.push(i.value.a);
  }
  return out.filter((o) => o.kind === 'fconst');
}

describe('floating constants', () => {
  it('1e-45f is the subnormal 2^-149, in code', async () => {
    const p = await lower('int f(float a) { if (a == 1e-45f) return 1; return 0; }\n');
    const f = p.functions[0];
    expect(constants(f.blocks.flatMap((b) => b.instrs))).toEqual([{ kind: 'fconst', value: MIN_SUBNORMAL_FLOAT, type: expect.objectContaining({ bits: 32 }) }]);
    expect(interpret(p, 'f', [MIN_SUBNORMAL_FLOAT]).result).toBe(1n);
    expect(interpret(p, 'f', [0]).result).toBe(0n);
  });

  it('1e-45f is the subnormal 2^-149, in an ACSL clause; -1e-45f its opposite', async () => {
    const p = await lower('/*@ requires a == 1e-45f; */\nint f(float a) { return a < -1e-45f; }\n');
    const f = p.functions[0];
    expect(constants(f.blocks.flatMap((b) => b.instrs)).map((o) => o.kind === 'fconst' && o.value)).toEqual([MIN_SUBNORMAL_FLOAT, -MIN_SUBNORMAL_FLOAT]);
    expect(interpret(p, 'f', [MIN_SUBNORMAL_FLOAT]).stopped).toBeUndefined();
    expect(interpret(p, 'f', [2 ** -148]).stopped).toBe('assume');
  });

  it('a float constant is rounded from the exact decimal, not through a double (ties to even)', () => {
    // 1.00000005960464477539062500000001 is just above the midpoint between 1 and the next float;
    // its nearest double is that midpoint, which would round to even (1.0).
    expect(parseNumber('1.00000005960464477539062500000001f', 'LP64')).toMatchObject({ value: 1 + 2 ** -23 });
    expect(parseNumber('8388608.5f', 'LP64')).toMatchObject({ value: 8388608 });
    expect(parseNumber('8388609.5f', 'LP64')).toMatchObject({ value: 8388610 });
    // Just below the midpoint between FLT_MAX and 2^128: FLT_MAX, not infinity.
    expect(parseNumber('3.4028235677973365e38f', 'LP64')).toMatchObject({ value: 3.4028234663852886e38 });
    expect(parseNumber('0x1.8p-1075', 'LP64')).toMatchObject({ value: 2 ** -1074 });
    expect(parseNumber('0x1.00000100000001p0f', 'LP64')).toMatchObject({ value: 1 + 2 ** -23 });
  });

  it('suffixes: f and F float, none double, l and L long double (not modelled: a warning and a havoc)', async () => {
    expect(parseNumber('1.5F', 'LP64')).toMatchObject({ type: { bits: 32 } });
    expect(parseNumber('1.5', 'LP64')).toMatchObject({ type: { bits: 64 } });
    expect(parseNumber('1.5l', 'LP64')).toEqual({ kind: 'unsupported', what: 'long double constant' });
    expect(parseNumber('0x1p3L', 'LP64')).toEqual({ kind: 'unsupported', what: 'long double constant' });
    expect(parseNumber('1.5q', 'LP64')).toBeNull();
    expect(parseNumber('0x1.8', 'LP64')).toBeNull();
    expect(parseNumber('12lul', 'LP64')).toBeNull();
    const p = await lower('double g(void) { return 0.1L; }\n');
    expect(p.diagnostics.map((d) => d.message)).toEqual(['unsupported: long double constant; goals it can affect are unknown']);
    expect(p.functions[0].blocks.flatMap((b) => b.instrs).some((i) => i.kind === 'assign' && i.value.op === 'havoc')).toBe(true);
  });
});
