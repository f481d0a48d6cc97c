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
  ['neg_lt_unsigned', []], ['uchar_of_300', []], ['char_ff_negative', []], ['schar_value', []], ['uchar_value', []],
  ['short_wrap', []], ['ushort_promotes', [300n, 400n]], ['uchar_arith', [3n, 250n]],
  ['schar_cmp_uchar', [-1n, 0n]], ['schar_cmp_uchar', [5n, 200n]], ['int_cmp_uint', [-1n, 0n]], ['int_cmp_uint', [3n, 4n]],
  ['long_cmp_uint', [-1n, 0n]], ['int_cmp_ulong', [-1n, 0n]], ['llong_cmp_ulong', [-1n, 0n]], ['int_plus_uint', [-5n, 3n]],
  ['int_plus_ulong', [-5n, 3n]], ['long_plus_uint', [-5n, 3n]], ['ull_minus', [1n, 2n]], ['uint_div', [7n, -1n]], ['uint_div', [4000000000n, 3n]],
  ['bool_conv', [256n]], ['bool_conv', [0n]], ['bool_conv', [-7n]], ['bool_of_fraction', []], ['int_of_double', [-3.99]], ['int_of_double', [2.5]],
  ['uint_of_double', []], ['float_rounding', []], ['double_to_float_to_int', []], ['float_compare', []], ['int_to_float_exact', [16777217n]],
  ['int_to_float_exact', [-33554435n]], ['mixed_float_int', [7n]], ['char_arith_store', []], ['enum_values', []], ['sizeof_types', []],
  ['char_literals', []], ['literal_types', []], ['unsigned_wrap_negate', [5n]],
  ['shl', [3n, 4n]], ['shl', [1n, 30n]], ['shr_negative', [-17n, 2n]], ['shr_negative', [-1n, 31n]], ['shr_unsigned', [4294967295n, 31n]],
  ['shift_char', [7n]], ['shift_long', [3n]], ['shift_type_is_left', [1n, 2n]], ['divs', [-7n, 2n]], ['divs', [7n, -2n]], ['rems', [-7n, 2n]],
  ['rems', [7n, -2n]], ['rems', [-7n, -2n]], ['div_long_mixed', [-100000000000n, 7n]],
  ['compound_char', []], ['compound_uchar', []], ['compound_short_mul', []], ['compound_uint_sub', []], ['compound_shift_div_mod', [123n]],
  ['compound_shift_div_mod', [1000n]], ['compound_float', []], ['incdec_in_expr', [5n]], ['postinc_char', []], ['comma', [4n]],
  ['ternary_type', [0n]], ['ternary_type', [1n]], ['ternary_nested', [3n, 9n]], ['ternary_nested', [9n, 3n]], ['ternary_nested', [4n, 4n]],
  ['short_circuit', [1n]], ['short_circuit', [0n]], ['logical_values', [0n, 3n]], ['logical_values', [2n, 0n]], ['assign_value', [4n]],
  ['switch_fall', [1n]], ['switch_fall', [2n]], ['switch_fall', [3n]], ['switch_fall', [4n]], ['switch_fall', [5n]], ['switch_fall', [9n]],
  ['switch_char', [97n]], ['switch_char', [-1n]], ['switch_char', [0n]], ['switch_no_default', [4000000000n]], ['switch_no_default', [1n]],
  ['loops', [5n]], ['loops', [20n]], ['loops', [0n]], ['gotos', [2n]], ['gotos', [5n]], ['nested_loops', [7n]],
  ['sizeof_structs', []], ['sizeof_arrays', []], ['local_array_init', []], ['string_init', []], ['struct_init', []], ['nested_init', []],
  ['matrix', []], ['pointers_swap', [3n, 8n]], ['pointer_walk', []], ['struct_pointer', []], ['struct_copy', []], ['array_of_struct', [1n]],
  ['pointer_to_pointer', []], ['index_commuted', []], ['char_array_index', [1n]], ['statics', []], ['globals', []], ['recursion', [10n]],
  ['call_conversions', [-2n]], ['function_pointer', [21n]], ['return_conversion', [-1n]], ['return_conversion', [300n]],
  ['ull_to_float', [1152921573326323713n]], ['typedef_casts', [5n]], ['float_literal_rounding', []], ['sizeof_bitfields', []], ['struct_by_value', [3n]], ['layout_attributes', []], ['offsets', []], ['init_elision', []], ['global_inits', []], ['float_specials', [0]], ['float_ops', [1, 12345.678]], ['float_ops', [-7.25, -0.5]], ['float_to_unsigned', [200.9]], ['bool_incdec', []], ['function_pointer_table', [0n]], ['function_pointer_table', [1n]], ['ull_to_float', [9223372586610589697n]], ['ll_to_float', [-1152921573326323713n]], ['ll_to_float', [16777217n]],
];

function cArg(a: Arg): string {
  if (typeof a === 'number') return Number.isInteger(a) ? `${a}.0` : `${a}`;
  // Spell the most negative values without overflowing a literal.
  return a < 0n ? `(-${-a}LL)` : `${a}ULL`;
}

let gccResults: string[] = [];
let dir = '';
afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });
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
  execFileSync('gcc', ['-std=gnu11', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', '-I', path.dirname(source), path.join(dir, 'main.c'), '-o', exe]);
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
