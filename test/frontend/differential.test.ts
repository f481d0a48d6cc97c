// The lowering checked against gcc: every function of differential.c is
// compiled by gcc (with UBSan: the cases themselves are free of undefined
// behaviour) and called with the arguments below; the IR interpreter runs
// the lowered program on the same arguments; results must agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadProgram } from '../../server/src/frontend';
import { interpret, UndefinedBehaviour } from '../../server/src/ir/interp';
import type { Program } from '../../server/src/ir/ir';
import { irProblems } from './ir-check';

const source = path.join(__dirname, 'differential.c');

type Arg = bigint | number;
const calls: [string, Arg[]][] = [
  ['neg_lt_unsigned', []],
  ['uchar_of_300', []],
  ['char_ff_negative', []],
  ['schar_value', []],
  ['uchar_value', []],
  ['short_wrap', []],
  ['ushort_promotes', [300n, 400n]],
  ['uchar_arith', [3n, 250n]],
  ['schar_cmp_uchar', [-1n, 0n]],
  ['schar_cmp_uchar', [5n, 200n]],
  ['int_cmp_uint', [-1n, 0n]],
  ['int_cmp_uint', [3n, 4n]],
  ['long_cmp_uint', [-1n, 0n]],
  ['int_cmp_ulong', [-1n, 0n]],
  ['llong_cmp_ulong', [-1n, 0n]],
  ['int_plus_uint', [-5n, 3n]],
  ['int_plus_ulong', [-5n, 3n]],
  ['long_plus_uint', [-5n, 3n]],
  ['ull_minus', [1n, 2n]],
  ['uint_div', [7n, -1n]],
  ['uint_div', [4000000000n, 3n]],
  ['bool_conv', [256n]],
  ['bool_conv', [0n]],
  ['bool_conv', [-7n]],
  ['bool_of_fraction', []],
  ['int_of_double', [-3.99]],
  ['int_of_double', [2.5]],
  ['uint_of_double', []],
  ['float_rounding', []],
  ['double_to_float_to_int', []],
  ['float_compare', []],
  ['int_to_float_exact', [16777217n]],
  ['int_to_float_exact', [-33554435n]],
  ['mixed_float_int', [7n]],
  ['char_arith_store', []],
  ['enum_values', []],
  ['sizeof_types', []],
  ['char_literals', []],
  ['literal_types', []],
  ['unsigned_wrap_negate', [5n]],
  ['shl', [3n, 4n]],
  ['shl', [1n, 30n]],
  ['shr_negative', [-17n, 2n]],
  ['shr_negative', [-1n, 31n]],
  ['shr_unsigned', [4294967295n, 31n]],
  ['shift_char', [7n]],
  ['shift_long', [3n]],
  ['shift_type_is_left', [1n, 2n]],
  ['divs', [-7n, 2n]],
  ['divs', [7n, -2n]],
  ['rems', [-7n, 2n]],
  ['rems', [7n, -2n]],
  ['rems', [-7n, -2n]],
  ['div_long_mixed', [-100000000000n, 7n]],
  ['compound_char', []],
  ['compound_uchar', []],
  ['compound_short_mul', []],
  ['compound_uint_sub', []],
  ['compound_shift_div_mod', [123n]],
  ['compound_shift_div_mod', [1000n]],
  ['compound_float', []],
  ['incdec_in_expr', [5n]],
  ['postinc_char', []],
  ['comma', [4n]],
  ['ternary_type', [0n]],
  ['ternary_type', [1n]],
  ['ternary_nested', [3n, 9n]],
  ['ternary_nested', [9n, 3n]],
  ['ternary_nested', [4n, 4n]],
  ['short_circuit', [1n]],
  ['short_circuit', [0n]],
  ['logical_values', [0n, 3n]],
  ['logical_values', [2n, 0n]],
  ['assign_value', [4n]],
  ['switch_fall', [1n]],
  ['switch_fall', [2n]],
  ['switch_fall', [3n]],
  ['switch_fall', [4n]],
  ['switch_fall', [5n]],
  ['switch_fall', [9n]],
  ['switch_char', [97n]],
  ['switch_char', [-1n]],
  ['switch_char', [0n]],
  ['switch_no_default', [4000000000n]],
  ['switch_no_default', [1n]],
  ['loops', [5n]],
  ['loops', [20n]],
  ['loops', [0n]],
  ['gotos', [2n]],
  ['gotos', [5n]],
  ['nested_loops', [7n]],
  ['sizeof_structs', []],
  ['sizeof_arrays', []],
  ['local_array_init', []],
  ['string_init', []],
  ['struct_init', []],
  ['nested_init', []],
  ['matrix', []],
  ['pointers_swap', [3n, 8n]],
  ['pointer_walk', []],
  ['struct_pointer', []],
  ['struct_copy', []],
  ['array_of_struct', [1n]],
  ['pointer_to_pointer', []],
  ['index_commuted', []],
  ['char_array_index', [1n]],
  ['statics', []],
  ['globals', []],
  ['recursion', [10n]],
  ['call_conversions', [-2n]],
  ['function_pointer', [21n]],
  ['return_conversion', [-1n]],
  ['return_conversion', [300n]],
  ['ull_to_float', [1152921573326323713n]],
  ['typedef_casts', [5n]],
  ['float_literal_rounding', []],
  ['sizeof_bitfields', []],
  ['struct_by_value', [3n]],
  ['layout_attributes', []],
  ['offsets', []],
  ['init_elision', []],
  ['global_inits', []],
  ['float_specials', [0]],
  ['float_ops', [1, 12345.678]],
  ['float_ops', [-7.25, -0.5]],
  ['float_to_unsigned', [200.9]],
  ['bool_incdec', []],
  ['function_pointer_table', [0n]],
  ['function_pointer_table', [1n]],
  ['ull_to_float', [9223372586610589697n]],
  ['ll_to_float', [-1152921573326323713n]],
  ['ll_to_float', [16777217n]],
];

function cArg(a: Arg): string {
  if (typeof a === 'number') return Number.isInteger(a) ? `${a}.0` : `${a}`;
  // Spell the most negative values without overflowing a literal.
  return a < 0n ? `(-${-a}LL)` : `${a}ULL`;
}

let gccResults: string[] = [];
let dir = '';
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});
let program: Program;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'creach-diff-'));
  const retTypes = new Map<string, string>();
  for (const m of readFileSync(source, 'utf8').matchAll(/^(unsigned long long|long long) (\w+)\(/gm)) retTypes.set(m[2], m[1]);
  const main = [
    '#include <stdio.h>',
    '#include "differential.c"',
    'int main(void) {',
    ...calls.map(([f, args]) => `  printf("${retTypes.get(f) === 'unsigned long long' ? '%llu' : '%lld'}\\n", ${f}(${args.map(cArg).join(', ')}));`),
    '  return 0;',
    '}',
  ].join('\n');
  writeFileSync(path.join(dir, 'main.c'), main);
  const exe = path.join(dir, 'main');
  execFileSync('gcc', [
    '-std=gnu11',
    '-O0',
    '-fsanitize=undefined',
    '-fno-sanitize-recover=all',
    '-I',
    path.dirname(source),
    path.join(dir, 'main.c'),
    '-o',
    exe,
  ]);
  const run = spawnSync(exe, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`gcc-compiled cases failed (undefined behaviour in a case?): ${run.stderr}`);
  gccResults = run.stdout.trim().split('\n');
  program = await loadProgram({ file: source }, { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] });
}, 120_000);

describe('lowering agrees with gcc', () => {
  it('the front end reports no problem on differential.c, and its IR keeps the invariants', () => {
    expect(program.diagnostics).toEqual([]);
    expect(program.functions.flatMap((f) => irProblems(program, f))).toEqual([]);
  });
  calls.forEach(([f, args], i) => {
    it(`${f}(${args.join(', ')})`, () => {
      const { result } = interpret(program, f, args);
      const r = typeof result === 'bigint' ? result : undefined;
      expect(r).not.toBeUndefined();
      const asPrinted = program.functions.find((x) => x.name === f)!.type;
      const unsigned = asPrinted.kind === 'function' && asPrinted.ret.kind === 'int' && !asPrinted.ret.signed;
      expect((unsigned ? BigInt.asUintN(64, r!) : r!).toString()).toBe(gccResults[i]);
    });
  });
  it('knows the classic answers independently of gcc', () => {
    const value = (f: string) => interpret(program, f, []).result;
    expect(value('neg_lt_unsigned')).toBe(0n);
    expect(value('uchar_of_300')).toBe(1n);
    expect(value('char_ff_negative')).toBe(1n);
  });
});

describe('undefined behaviour is detected by the interpreter', () => {
  const run = (f: string, args: Arg[]) => () => interpret(program, f, args);
  it('signed overflow after promotion of unsigned short', () => expect(run('ushort_promotes', [65535n, 65535n])).toThrow(UndefinedBehaviour));
  it('signed shift overflow', () => expect(run('shl', [1n, 31n])).toThrow(UndefinedBehaviour));
  it('shift count too large', () => expect(run('shr_negative', [1n, 32n])).toThrow(UndefinedBehaviour));
  it('left shift of a negative value', () => expect(run('shift_char', [-3n])).toThrow(UndefinedBehaviour));
  it('division by zero', () => expect(run('divs', [1n, 0n])).toThrow(UndefinedBehaviour));
  it('INT_MIN / -1', () => expect(run('divs', [-2147483648n, -1n])).toThrow(UndefinedBehaviour));
  it('INT_MIN % -1', () => expect(run('rems', [-2147483648n, -1n])).toThrow(UndefinedBehaviour));
  it('out-of-bounds index', () => expect(run('char_array_index', [4n])).toThrow(UndefinedBehaviour));
  it('pointer past the array', () => expect(run('array_of_struct', [3n])).toThrow(UndefinedBehaviour));
  it('recursion overflowing int', () => expect(run('recursion', [13n])).toThrow(UndefinedBehaviour));
  it('float to int out of range', () => expect(run('int_of_double', [3e10])).toThrow(UndefinedBehaviour));
});

// Floating constants: gcc's bits for each literal against the constant in the IR (rounded once,
// to nearest even, from the exact decimal or hexadecimal value to the literal's type).
const floatLiterals = [
  '1e-45f',
  '8388608.5f',
  '8388609.5f',
  '16777217.0f',
  '1.0000000596046448f',
  '1.0000000596046447f',
  '0.1f',
  '0.1',
  '3.4028235677973366e38f',
  '3.4028235677973365e38f',
  '1e40f',
  '7.006492321624085354618647916449580656401309709382578858785341419448955413429303e-46f',
  '7.0064923216240854e-46f',
  '7.0064923216240853e-46f',
  '1.17549421e-38f',
  '2.2250738585072011e-308',
  '2.2250738585072012e-308',
  '4.9406564584124654e-324',
  '2.4703282292062327e-324',
  '2.4703282292062328e-324',
  '1.7976931348623158e308',
  '1.7976931348623159e308',
  '1e400',
  '1e-400',
  '9007199254740993.0',
  '9007199254740993.0000000000000000001',
  '123456789012345678901234567890e-50f',
  '0x1p-149f',
  '0x1.fffffep127f',
  '0x1.ffffffp127f',
  '0x1.000001p0f',
  '0x1.0000011p0f',
  '0x1.00000100000001p0f',
  '0x1.0000008p0',
  '0x1p-1074',
  '0x1p-1075',
  '0x1.8p-1075',
  '0x10000000000000001p0',
  '0x1.0000000000000801p0',
  '0x.8p1f',
  '0X1P+3F',
  '1.5F',
  '1e3F',
  '.5f',
  '5.f',
  '1E-3',
  '0e5f',
  '00.5',
];

describe('floating constants have the bits gcc gives them', () => {
  const isFloat = (l: string) => /[fF]$/.test(l) && !/^0[xX][0-9a-fA-F.]*$/.test(l);
  let gccBits: string[] = [];
  let lits: Program;
  beforeAll(async () => {
    const decls = floatLiterals.map((l, i) => `${isFloat(l) ? 'float' : 'double'} lit${i} = ${l};`);
    const file = path.join(dir, 'literals.c');
    writeFileSync(file, decls.join('\n') + '\n');
    const main = [
      '#include <stdio.h>',
      '#include <string.h>',
      '#include <stdint.h>',
      '#include "literals.c"',
      'int main(void) {',
      ...floatLiterals.map((l, i) =>
        isFloat(l)
          ? `  { uint32_t b; memcpy(&b, &lit${i}, 4); printf("%08x\\n", b); }`
          : `  { uint64_t b; memcpy(&b, &lit${i}, 8); printf("%016llx\\n", (unsigned long long)b); }`,
      ),
      '  return 0;',
      '}',
    ].join('\n');
    writeFileSync(path.join(dir, 'literals_main.c'), main);
    execFileSync('gcc', ['-w', path.join(dir, 'literals_main.c'), '-o', path.join(dir, 'literals')]);
    gccBits = execFileSync(path.join(dir, 'literals'), { encoding: 'utf8' }).trim().split('\n');
    lits = await loadProgram({ file }, { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] });
  }, 60_000);
  const bitsOf = (v: number, bits: number) => {
    const dv = new DataView(new ArrayBuffer(8));
    if (bits === 32) {
      dv.setFloat32(0, v);
      return dv.getUint32(0).toString(16).padStart(8, '0');
    }
    dv.setFloat64(0, v);
    return dv.getBigUint64(0).toString(16).padStart(16, '0');
  };
  floatLiterals.forEach((l, i) => {
    it(l, () => {
      const v = [...lits.vars.values()].find((x) => x.name === `lit${i}`)!;
      expect(v.init).toMatchObject({ kind: 'scalar', value: { kind: 'fconst', type: { bits: isFloat(l) ? 32 : 64 } } });
      const c = (v.init as { value: { value: number } }).value.value;
      expect(Math.fround(c) === c || !isFloat(l)).toBe(true);
      expect(bitsOf(c, isFloat(l) ? 32 : 64)).toBe(gccBits[i]);
    });
  });
});
