// Differential tests of the C library models (model/library.ts,
// libstrings.ts, libconvert.ts) against glibc: wrappers call each function
// and leave its results in globals; gcc compiles them with a main that runs
// every input and prints the results, and the model runs the same inputs
// (test/model/libeval.ts). Inputs glibc defines must give glibc's results;
// inputs C leaves undefined (atoi of a number out of range, an access out
// of bounds) must have no execution in the model. A few data per family
// also go through the engine and are validated by the compiled harness.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bvConst, type B, type BV } from '../../server/src/model/semantics';
import { ModelRunner, bytesOf, cString, generator, runGcc, tempDir, type Arg } from './libeval';
import { fileEngine as createEngine, type Engine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { expectAllValidated, writeC } from '../solve/helpers';
import { buildLevel } from '../../server/src/solve/level';
import { queueCheck } from '../../server/src/z3/z3';

const LEN = 24;
let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = tempDir('creach-lib-');
  engine = await createEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

/** Runs every case in the model and compares with glibc's line for it; returns the mismatches. */
async function compare(runner: ModelRunner, cases: { fn: string; args: Arg[]; globals: string[]; label: string }[], truth: string[]): Promise<string[]> {
  const bad: string[] = [];
  for (const [k, c] of cases.entries()) {
    const out = await runner.run(c.fn, c.args, c.globals);
    const got = out.kind === 'ub' ? 'ub' : c.globals.map((g) => String(out.globals[g])).join(' ');
    if (got !== truth[k]) bad.push(`${c.fn}(${c.label}): model ${got}, glibc ${truth[k]}`);
  }
  return bad;
}

describe('string to integer conversions against glibc', () => {
  const WRAPPERS = `#include <stdlib.h>
#include <errno.h>
long g_v; long g_end; int g_err; long long g_ll; unsigned long g_u; unsigned long long g_ull;
void w_atoi(const char *s) { g_v = atoi(s); }
void w_atol(const char *s) { g_v = atol(s); }
void w_atoll(const char *s) { g_ll = atoll(s); }
#define CONV(NAME, FN, BASE, G) void NAME(const char *s) { char *e = (char *)s; errno = 0; G = FN(s, &e, BASE); g_end = e - s; g_err = errno; }
CONV(w_strtol10, strtol, 10, g_v)
CONV(w_strtol16, strtol, 16, g_v)
CONV(w_strtol0, strtol, 0, g_v)
CONV(w_strtol8, strtol, 8, g_v)
CONV(w_strtol2, strtol, 2, g_v)
CONV(w_strtol36, strtol, 36, g_v)
CONV(w_strtol1, strtol, 1, g_v)
CONV(w_strtoul10, strtoul, 10, g_u)
CONV(w_strtoul16, strtoul, 16, g_u)
CONV(w_strtoul0, strtoul, 0, g_u)
CONV(w_strtoll10, strtoll, 10, g_ll)
CONV(w_strtoull0, strtoull, 0, g_ull)
`;
  const fixed = [
    '',
    '0',
    '42',
    '-42',
    '+42',
    '  \t\n 7',
    '   -0',
    '12abc',
    'abc',
    '-',
    '+',
    ' +',
    '- 1',
    '--1',
    '+-1',
    '0x1f',
    '0X1F',
    '0x',
    '0xg',
    '-0x10',
    '010',
    '08',
    '0b101',
    'z',
    'Z',
    'zz',
    '1z',
    '2147483647',
    '2147483648',
    '-2147483648',
    '-2147483649',
    '9223372036854775807',
    '9223372036854775808',
    '-9223372036854775808',
    '-9223372036854775809',
    '18446744073709551615',
    '18446744073709551616',
    '-18446744073709551615',
    '-18446744073709551616',
    '99999999999999999999',
    '00000000000000000042',
    '0x7fffffffffffffff',
    '0x8000000000000000',
    '0xffffffffffffffff',
    '0x10000000000000000',
    '-1',
    '\v\f\r5',
    '\x805',
    'ff',
    'FF',
    '1e5',
    '3.14',
    ' 0x',
    '0x 1',
    '0 x1',
    '+0x1A',
    '777',
    '1234567890123',
    '-0',
    '0000',
    '1010101',
    '11111111111111111111',
    '7fffffffffffffff',
    'zzzzzzzzzzzzz',
  ];
  const rnd = generator(7);
  const alphabet = '0123456789  \t+-xXafgzZ0\xff\x80.\n1'.split('');
  const random = Array.from({ length: 24 }, () => Array.from({ length: rnd.int(13) }, () => rnd.pick(alphabet)).join(''));
  const inputs = [...fixed, ...random];
  // Random strings go through the conversions of base 10, 16 and 0 (the fixed ones through all).
  const forRandom = new Set(['w_atoi', 'w_strtol10', 'w_strtol16', 'w_strtol0', 'w_strtoul0']);

  it('atoi, atol, atoll, strtol (bases 10, 16, 0, 8, 2, 36, 1), strtoul, strtoll, strtoull: value, end pointer and errno as glibc', async () => {
    const src = path.join(dir, 'conv.c');
    fs.writeFileSync(src, WRAPPERS);
    const fns: [string, string[]][] = [
      ['w_atoi', ['g_v']],
      ['w_atol', ['g_v']],
      ['w_atoll', ['g_ll']],
      ...['w_strtol10', 'w_strtol16', 'w_strtol0', 'w_strtol8', 'w_strtol2', 'w_strtol36', 'w_strtol1'].map((f): [string, string[]] => [
        f,
        ['g_v', 'g_end', 'g_err'],
      ]),
      ...['w_strtoul10', 'w_strtoul16', 'w_strtoul0'].map((f): [string, string[]] => [f, ['g_u', 'g_end', 'g_err']]),
      ['w_strtoll10', ['g_ll', 'g_end', 'g_err']],
      ['w_strtoull0', ['g_ull', 'g_end', 'g_err']],
    ];
    // glibc's results; ato* of a number its type cannot hold is undefined behaviour in C ("ub").
    const fmt: Record<string, string> = { g_v: '%ld', g_end: '%ld', g_err: '%d', g_ll: '%lld', g_u: '%lu', g_ull: '%llu' };
    const main = [
      `#include <stdio.h>`,
      `#include <limits.h>`,
      `#include "conv.c"`,
      'int main(void) {',
      '  const char *in[] = {',
      ...inputs.map((s) => `    ${cString(s)},`),
      '  };',
    ];
    main.push(`  for (unsigned k = 0; k < sizeof in / sizeof *in; k++) {`);
    main.push(`    const char *s = in[k];`);
    main.push(`    int fixed = k < ${fixed.length};`);
    for (const [f, gs] of fns) {
      if (!forRandom.has(f)) main.push('    if (fixed) {');
      if (f === 'w_atoi' || f === 'w_atol' || f === 'w_atoll') {
        const check =
          f === 'w_atoi'
            ? '{ errno = 0; long v = strtol(s, 0, 10); ok = errno == 0 && v >= INT_MIN && v <= INT_MAX; }'
            : f === 'w_atol'
              ? '{ errno = 0; strtol(s, 0, 10); ok = errno == 0; }'
              : '{ errno = 0; strtoll(s, 0, 10); ok = errno == 0; }';
        main.push(`    { int ok; ${check} if (!ok) printf("ub\\n"); else { ${f}(s); printf("${gs.map((g) => fmt[g]).join(' ')}\\n", ${gs.join(', ')}); } }`);
      } else main.push(`    ${f}(s); printf("${gs.map((g) => fmt[g]).join(' ')}\\n", ${gs.join(', ')});`);
      if (!forRandom.has(f)) main.push('    }');
    }
    main.push('  }', '  return 0;', '}');
    const truth = runGcc(dir, main.join('\n'));
    const runner = await ModelRunner.load(src, { pointerArrayLength: LEN });
    const cases = inputs.flatMap((s, k) =>
      fns.filter(([fn]) => k < fixed.length || forRandom.has(fn)).map(([fn, globals]) => ({ fn, args: [bytesOf(s)], globals, label: JSON.stringify(s) })),
    );
    expect(truth.length).toBe(cases.length);
    expect(await compare(runner, cases, truth)).toEqual([]);
    // The undefined cases are there: atoi of a number out of int's range.
    expect(truth.filter((t) => t === 'ub').length).toBeGreaterThan(5);
  }, 900_000);

  it('data through the engine: strtol with base 0 and an end pointer, validated by the compiled harness', async () => {
    const src = writeC(
      'conv.c',
      '#include <stdlib.h>\n#include <errno.h>\nint f(const char *s) {\n  char *end;\n  errno = 0;\n  long v = strtol(s, &end, 0);\n  if (v == 26 && *end == 0)\n    return 1;\n  if (errno == ERANGE)\n    return 2;\n  return 0;\n}\n',
    );
    const r = await engine.reach({ file: src, line: 8 });
    expect(r.functions[0].goals[0].status).toBe('covered');
    // The harness runs glibc's strtol on the datum: it must return 1.
    await expectAllValidated(src, r);
    // ERANGE needs more than 3 characters: not reached for strings of at most 3, covered (and validated) with 24.
    const short = await engine.reach({ file: src, line: 10 });
    expect(short.functions[0].goals[0]).toMatchObject({ status: 'not-reached', proof: 'bounded' });
    const longer = await createEngine({ ...defaultEngineOptions, pointerArrayLength: 24, timeoutMs: 30_000 });
    try {
      const r2 = await longer.reach({ file: src, line: 10 });
      expect(r2.functions[0].goals[0].status).toBe('covered');
      await expectAllValidated(src, r2);
    } finally {
      longer.dispose();
    }
  }, 300_000);
});

describe('<ctype.h> in the "C" locale against glibc', () => {
  const CLASSES = ['isupper', 'islower', 'isalpha', 'isdigit', 'isxdigit', 'isspace', 'isprint', 'isgraph', 'isblank', 'iscntrl', 'ispunct', 'isalnum'];

  it('the classifiers (glibc macros over __ctype_b_loc, and called as functions), toupper and tolower: every c in -128..255', async () => {
    const lines = ['#include <ctype.h>'];
    // Called as functions, C promises only zero or nonzero (gcc expands isdigit to 0 or 1, glibc's function returns its flag).
    for (const c of CLASSES) lines.push(`int m_${c}(int c) { return ${c}(c); }`, `int f_${c}(int c) { return (${c})(c) != 0; }`);
    lines.push('int f_tolower(int c) { return tolower(c); }', 'int f_toupper(int c) { return toupper(c); }');
    lines.push('int t_tolower(int c) { return (*__ctype_tolower_loc())[c]; }', 'int t_toupper(int c) { return (*__ctype_toupper_loc())[c]; }');
    const src = path.join(dir, 'ctype.c');
    fs.writeFileSync(src, lines.join('\n') + '\n');
    const fns = [...CLASSES.flatMap((c) => [`m_${c}`, `f_${c}`]), 'f_tolower', 'f_toupper', 't_tolower', 't_toupper'];
    const truth = runGcc(
      dir,
      [
        '#include <stdio.h>',
        '#include "ctype.c"',
        'int main(void) {',
        '  for (int c = -128; c < 256; c++) {',
        ...fns.map((f) => `    printf("%d ", ${f}(c));`),
        '    printf("\\n");',
        '  }',
        '  return 0;',
        '}',
      ].join('\n'),
    ).map((l) => l.trim().split(' ').map(Number));
    const runner = await ModelRunner.load(src);
    const { ctx } = runner.z;
    const bad: string[] = [];
    for (const [k, fn] of fns.entries()) {
      // A query per function and range of 48 values of c: some c there where the model's result is not glibc's?
      const level = buildLevel(
        runner.z,
        runner.program,
        runner.program.functions.find((f) => f.name === fn)!,
        runner.options,
        1,
      );
      const { enc } = level;
      const c = (enc.inputs[0].val as { t: BV }).t;
      const result = (enc.returnVal as { t: BV }).t;
      for (let lo = -128; lo < 256; lo += 48) {
        let expected: BV = bvConst(ctx, 0n, 32);
        for (let v = lo + 47; v >= lo; v--) expected = ctx.If(c.eq(bvConst(ctx, BigInt(v), 32)), bvConst(ctx, BigInt(truth[v + 128][k]), 32), expected) as BV;
        const inChunk = c.sge(bvConst(ctx, BigInt(lo), 32)).and(c.sle(bvConst(ctx, BigInt(lo + 47), 32))) as B;
        const r = await queueCheck(() => level.solver.check(enc.okAll, enc.reach[enc.exitNode!], inChunk, result.neq(expected) as B));
        if (r !== 'unsat') bad.push(`${fn}: ${r === 'sat' ? `differs at c = ${level.solver.model().eval(c)}` : `unknown for c in ${lo}..${lo + 47}`}`);
      }
      const inRange = c.sge(bvConst(ctx, -128n, 32)).and(c.sle(bvConst(ctx, 255n, 32))) as B;
      // Every c in range has an execution (no undefined behaviour claimed for them).
      const all = await queueCheck(() => level.solver.check(enc.okAll, enc.reach[enc.exitNode!], inRange));
      if (all !== 'sat') bad.push(`${fn}: no execution`);
    }
    expect(bad).toEqual([]);
    // Outside the table: the classifiers read past glibc's table (undefined); tolower and toupper give c itself.
    for (const c of [-129, 256, 100000]) for (const f of ['m_isdigit', 'f_isalpha']) expect((await runner.run(f, [c])).kind, `${f}(${c})`).toBe('ub');
    for (const c of [-1000, 1000, -2147483647]) {
      expect((await runner.run('f_tolower', [c])).result).toBe(BigInt(c));
      expect((await runner.run('f_toupper', [c])).result).toBe(BigInt(c));
    }
  }, 600_000);

  it('a classifier called as a function: only zero or nonzero is C, more depends on the build', async () => {
    const src = writeC(
      'cls.c',
      'int (isdigit)(int);\nint f(int c) {\n  if (isdigit(c) == 1)\n    return 1;\n  if (isdigit(c))\n    return 2;\n  return 0;\n}\n',
    );
    const r = await engine.reach({ file: src, line: 4 });
    expect(r.functions[0].goals[0].status).toBe('unknown');
    expect(r.functions[0].goals[0].reason).toContain('beyond zero or nonzero');
  }, 120_000);

  it('data through the engine: a word of letters and digits, validated', async () => {
    const src = writeC(
      'word.c',
      "#include <ctype.h>\nint f(const char *s) {\n  int letters = 0, digits = 0;\n  for (int i = 0; s[i]; i++) {\n    if (isalpha(s[i])) letters++;\n    else if (isdigit(s[i])) digits++;\n    else return -1;\n  }\n  if (letters == 2 && digits == 1 && toupper(s[0]) == 'Q')\n    return 1;\n  return 0;\n}\n",
    );
    const r = await engine.reach({ file: src, line: 10 });
    expect(r.functions[0].goals[0].status).toBe('covered');
    await expectAllValidated(src, r);
  }, 300_000);
});

describe('string and memory functions against glibc', () => {
  const WRAPPERS = `#include <string.h>
long g_r; char g_d[24];
void w_strlen(const char *s) { g_r = strlen(s); }
void w_strchr(const char *s, int c) { char *p = strchr(s, c); g_r = p ? p - s : -1; }
void w_strrchr(const char *s, int c) { char *p = strrchr(s, c); g_r = p ? p - s : -1; }
void w_memchr(const unsigned char *s, int c, int n) { const unsigned char *p = memchr(s, c, n); g_r = p ? p - s : -1; }
void w_strstr(const char *h, const char *n) { char *p = strstr(h, n); g_r = p ? p - h : -1; }
void w_strcmp(const char *a, const char *b) { int r = strcmp(a, b); g_r = r < 0 ? -1 : r > 0; }
void w_strncmp(const char *a, const char *b, int n) { int r = strncmp(a, b, n); g_r = r < 0 ? -1 : r > 0; }
void w_memcmp(const unsigned char *a, const unsigned char *b, int n) { int r = memcmp(a, b, n); g_r = r < 0 ? -1 : r > 0; }
void w_strncpy(const char *s, int n) { memset(g_d, 'Z', 24); strncpy(g_d, s, n); }
void w_strcat(const char *s, const char *t) { memset(g_d, 'Z', 24); strcpy(g_d, s); strcat(g_d, t); }
void w_strncat(const char *s, const char *t, int n) { memset(g_d, 'Z', 24); strcpy(g_d, s); strncat(g_d, t, n); }
`;

  it('strlen, strchr, strrchr, memchr, strstr, strcmp, strncmp, memcmp, strncpy, strcat, strncat: results as glibc', async () => {
    const src = path.join(dir, 'str.c');
    fs.writeFileSync(src, WRAPPERS);
    const rnd = generator(11);
    const word = (max: number, letters = 'ab\x80\xffc') => Array.from({ length: rnd.int(max + 1) }, () => rnd.pick(letters.split(''))).join('');
    const chars = [97, 98, 122, 0, -1, 0x180, 99 + 256, 128, 255];
    const bytes = () => Array.from({ length: LEN }, () => rnd.pick([0, 1, 97, 98, 255, 128, rnd.int(256)]));
    type Case = { fn: string; args: Arg[]; c: string; globals: string[]; label: string };
    const cases: Case[] = [];
    const s = (x: string) => ({ arg: bytesOf(x), c: cString(x) });
    const b = (x: number[]) => ({ arg: x, c: `(const unsigned char[]){${x.join(', ')}}` });
    const add = (fn: string, parts: { arg: Arg; c: string }[], globals = ['g_r']) =>
      cases.push({ fn, args: parts.map((p) => p.arg), c: `${fn}(${parts.map((p) => p.c).join(', ')})`, globals, label: parts.map((p) => p.c).join(', ') });
    const n = (k: number) => ({ arg: k, c: String(k) });
    for (let k = 0; k < 25; k++) add('w_strlen', [s(word(20))]);
    for (let k = 0; k < 40; k++) add('w_strchr', [s(word(10)), n(rnd.pick(chars))]);
    for (let k = 0; k < 40; k++) add('w_strrchr', [s(word(10)), n(rnd.pick(chars))]);
    for (let k = 0; k < 40; k++) add('w_memchr', [b(bytes()), n(rnd.pick(chars)), n(rnd.int(LEN + 1))]);
    for (let k = 0; k < 40; k++) add('w_strstr', [s(word(8, 'ab')), s(word(3, 'ab'))]);
    for (let k = 0; k < 30; k++) {
      const a = word(6);
      add('w_strcmp', [s(a), s(rnd.next() < 0.3 ? a : a.slice(0, rnd.int(a.length + 1)) + word(3))]);
    }
    for (let k = 0; k < 30; k++) {
      const a = word(6);
      add('w_strncmp', [s(a), s(a.slice(0, rnd.int(a.length + 1)) + word(3)), n(rnd.int(9))]);
    }
    for (let k = 0; k < 30; k++) {
      const x = bytes();
      const y = x.map((v, m) => (m === rnd.int(LEN) ? rnd.int(256) : v));
      add('w_memcmp', [b(x), b(y), n(rnd.int(LEN + 1))]);
    }
    for (let k = 0; k < 30; k++) add('w_strncpy', [s(word(10)), n(rnd.int(LEN + 1))], ['g_d']);
    for (let k = 0; k < 30; k++) add('w_strcat', [s(word(10)), s(word(10))], ['g_d']);
    for (let k = 0; k < 30; k++) add('w_strncat', [s(word(10)), s(word(10)), n(rnd.int(12))], ['g_d']);
    const main = ['#include <stdio.h>', '#include "str.c"', 'int main(void) {'];
    for (const c of cases) {
      main.push(`  ${c.c};`);
      if (c.globals[0] === 'g_d') main.push('  for (int i = 0; i < 24; i++) printf("%s%d", i ? "," : "", g_d[i]); printf("\\n");');
      else main.push('  printf("%ld\\n", g_r);');
    }
    main.push('  return 0;', '}');
    const truth = runGcc(dir, main.join('\n'));
    const runner = await ModelRunner.load(src, { pointerArrayLength: LEN });
    expect(await compare(runner, cases, truth)).toEqual([]);
  }, 900_000);

  it('reads past the end of an object are undefined: no execution', async () => {
    const src = path.join(dir, 'str.c');
    fs.writeFileSync(src, WRAPPERS);
    const runner = await ModelRunner.load(src, { pointerArrayLength: 4 });
    // memchr over more bytes than the object has, with no match before its end; strncpy of more than the destination holds.
    expect((await runner.run('w_memchr', [[1, 2, 3, 4], 9, 5])).kind).toBe('ub');
    expect((await runner.run('w_memchr', [[1, 2, 3, 4], 3, 5])).kind).toBe('ok');
    expect((await runner.run('w_strncpy', [bytesOf('ab'), 25])).kind).toBe('ub');
    expect((await runner.run('w_strcat', [bytesOf('abc'), bytesOf('abc')])).kind).toBe('ok');
  }, 120_000);

  it('a comparison whose value beyond its sign is used depends on the C library: unknown', async () => {
    const src = writeC('cmp.c', '#include <string.h>\nint f(const char *a, const char *b) {\n  if (strcmp(a, b) == -2)\n    return 1;\n  return 0;\n}\n');
    const r = await engine.reach({ file: src, line: 4 });
    expect(r.functions[0].goals[0].status).toBe('unknown');
    expect(r.functions[0].goals[0].reason).toContain('beyond its sign');
  }, 120_000);

  it('data through the engine: strchr, strstr, strncpy, strcat, validated', async () => {
    const src = writeC(
      'str.c',
      [
        '#include <string.h>',
        'int f(const char *s, char *d) {',
        "  const char *c = strchr(s, ':');",
        '  if (!c || strstr(s, "ab") != s)',
        '    return 0;',
        '  strncpy(d, c + 1, 3);',
        '  strcat(d, "!");',
        "  if (d[0] == 'z' && strlen(d) == 3)",
        '    return 1;',
        '  return 2;',
        '}',
      ].join('\n') + '\n',
    );
    const big = await createEngine({ ...defaultEngineOptions, pointerArrayLength: 8, timeoutMs: 30_000 });
    try {
      const r = await big.cover({ file: src, function: 'f', criterion: 'decision' });
      expect(r.functions[0].goals.filter((g) => g.status !== 'covered').map((g) => g.id)).toEqual([]);
      await expectAllValidated(src, r);
    } finally {
      big.dispose();
    }
  }, 300_000);
});

describe('abs, labs, llabs, realloc, output', () => {
  it('labs and llabs: |x|, and the minimum value is undefined', async () => {
    const src = path.join(dir, 'abs.c');
    fs.writeFileSync(
      src,
      '#include <stdlib.h>\nlong w_labs(long x) { return labs(x); }\nlong long w_llabs(long long x) { return llabs(x); }\nint w_abs(int x) { return abs(x); }\n',
    );
    const runner = await ModelRunner.load(src);
    for (const x of [0n, 5n, -5n, 9223372036854775807n, -9223372036854775807n]) {
      expect((await runner.run('w_labs', [x])).result).toBe(x < 0n ? -x : x);
      expect((await runner.run('w_llabs', [x])).result).toBe(x < 0n ? -x : x);
    }
    expect((await runner.run('w_labs', [-9223372036854775808n])).kind).toBe('ub');
    expect((await runner.run('w_llabs', [-9223372036854775808n])).kind).toBe('ub');
    expect((await runner.run('w_abs', [-2147483648n])).kind).toBe('ub');
  }, 120_000);

  it('realloc keeps the elements up to the smaller size and frees the old block; its data validate', async () => {
    const src = writeC(
      'grow.c',
      [
        '#include <stdlib.h>',
        'int f(int n, int m) {',
        '  if (n < 1 || n > 4 || m < 1 || m > 6)',
        '    return -1;',
        '  int *p = malloc(n * sizeof(int));',
        '  for (int i = 0; i < n; i++)',
        '    p[i] = 10 * i + 1;',
        '  int *q = realloc(p, m * sizeof(int));',
        '  q[m - 1] = 7;',
        '  int s = 0;',
        '  for (int i = 0; i < n && i < m; i++)',
        '    s += q[i];',
        '  free(q);',
        '  if (s == 19)',
        '    return 1;',
        '  return 0;',
        '}',
        'int g(void) {',
        '  int *p = malloc(2 * sizeof(int));',
        '  int *q = realloc(p, 4 * sizeof(int));',
        '  p[0] = 1;',
        '  free(q);',
        '  return 0;',
        '}',
      ].join('\n') + '\n',
    );
    const r = await engine.reach({ file: src, function: 'f', line: 15 });
    expect(r.functions[0].goals[0].status).toBe('covered');
    // The elements kept are 10i + 1, the last one of the new block overwritten by 7.
    const { n, m } = r.functions[0].tests[0].inputs as { n: number; m: number };
    const kept = Array.from({ length: Math.min(n, m) }, (_, i) => (i === m - 1 ? 7 : 10 * i + 1));
    expect(kept.reduce((a, b) => a + b, 0)).toBe(19);
    await expectAllValidated(src, r);
    // After realloc the old pointer is freed: writing through it is an error (when the block moved).
    const c = await engine.check({ file: src, function: 'g' });
    const uaf = c.functions[0].goals.find((g) => g.line === 21 && g.outcome === 'bounds');
    expect(uaf?.status).toBe('violated');
  }, 300_000);

  it('printf and puts change nothing the model tracks; %s needs a string; a used result is unknown', async () => {
    const src = writeC(
      'out.c',
      [
        '#include <stdio.h>',
        'int f(int x, const char *name) {',
        '  printf("x = %d, name = %s\\n", x, name);',
        '  puts(name);',
        '  if (x == 3)',
        '    return 1;',
        '  return 0;',
        '}',
        'int g(int x) {',
        '  int n = printf("%d\\n", x);',
        '  if (n == 2)',
        '    return 1;',
        '  return 0;',
        '}',
      ].join('\n') + '\n',
    );
    const r = await engine.reach({ file: src, function: 'f', line: 6 });
    expect(r.functions[0].goals[0].status).toBe('covered');
    await expectAllValidated(src, r);
    const c = await engine.check({ file: src, function: 'f' });
    // name may be NULL: printf's %s and puts read through it.
    expect(c.functions[0].goals.filter((g) => g.status === 'violated').map((g) => g.outcome)).toContain('null');
    const u = await engine.reach({ file: src, function: 'g', line: 12 });
    expect(u.functions[0].goals[0].status).toBe('unknown');
    // A literal %s argument cannot be NULL: no goal there.
    const lit = writeC('lit.c', '#include <stdio.h>\nvoid f(int x) {\n  printf("%d %s\\n", x, "ok");\n}\n');
    const lc = await engine.check({ file: lit, function: 'f' });
    expect(lc.functions[0].goals.filter((g) => g.kind === 'runtime-error')).toEqual([]);
  }, 300_000);
});
