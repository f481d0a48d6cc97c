// Inputs of every kind: real system headers, preprocessing options, SV-COMP
// `.i` files, no compiler, and malformed input (which gives errors, never a
// crash or a hang).
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { FrontendError, loadProgram, type FrontendOptions } from '../../server/src/frontend';
import { interpret, type MemObject, type Pointer, type Value } from '../../server/src/ir/interp';
import type { Instr, IRFunction, Program } from '../../server/src/ir/ir';
import { typeToString, type CType } from '../../server/src/ir/types';
import { buildCatalogue } from '../../server/src/goals/catalogue';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };
const dir = mkdtempSync(path.join(tmpdir(), 'creach-fe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string | Buffer): string {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
}

const instrs = (f: IRFunction): Instr[] => f.blocks.flatMap((b) => b.instrs);
const fn = (p: Program, name: string) => p.functions.find((f) => f.name === name)!;

async function frontendError(file: string, opts: FrontendOptions = options): Promise<FrontendError> {
  try {
    await loadProgram({ file }, opts);
  } catch (e) {
    if (e instanceof FrontendError) return e;
    throw e;
  }
  throw new Error('expected a FrontendError');
}

describe('real headers', () => {
  it('stdio, stdlib, string, stdint, limits, assert, math, stdbool, stddef go through', async () => {
    const file = write(
      'headers.c',
      [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        '#include <string.h>',
        '#include <stdint.h>',
        '#include <limits.h>',
        '#include <assert.h>',
        '#include <math.h>',
        '#include <stdbool.h>',
        '#include <stddef.h>',
        'int f(int32_t x, uint8_t y, size_t n) {',
        '  bool big = x > INT_MAX / 2;',
        '  if (big) return INT_MIN;',
        '  assert(y <= UINT8_MAX);',
        '  return x + y + (int)n + (int)sizeof(int64_t);',
        '}',
      ].join('\n'),
    );
    const p = await loadProgram({ file }, options);
    expect(p.diagnostics).toEqual([]);
    const f = fn(p, 'f');
    expect(p.functions.map((x) => x.name)).toEqual(['f']);
    expect(p.vars.get(f.params[1])!.type).toMatchObject({ kind: 'int', bits: 8, signed: false });
    expect(p.vars.get(f.params[2])!.type).toMatchObject({ kind: 'int', bits: 64, signed: false });
    expect(interpret(p, 'f', [5n, 7n, 2n]).result).toBe(22n);
    expect(interpret(p, 'f', [1073741824n, 0n, 0n]).result).toBe(-2147483648n);
    const a = instrs(f).find((i) => i.kind === 'assert')!;
    expect(a).toMatchObject({ text: 'y <= UINT8_MAX', range: { line: 13, column: 3 } });
  });

  it("a macro's arguments keep the user's columns: after the macro's own tokens, in each copy, around macros inside", async () => {
    // CReach's assert(e) is `__creach_assert((e), #e)`: a token-by-token search took its first `(` for the
    // `(` of `(float)x` and lost its way: a bounds goal of `p[(int)p[0] & 1]` was named
    // `assert((float)x != p[(int)p[0]`, and two accesses' goals crossed (soundness F6).
    const file = write(
      'twice.c',
      [
        '#include <assert.h>',
        '#define SQ(a) ((a) * (a))',
        'int f(int x, int y, double z) {',
        '    double *p = &z;',
        '    assert((float)x != p[(int)p[0] & 1] + y);',
        '    return SQ(x + y);',
        '}',
        '#include <stdint.h>',
        'int g(int x, int y, int *p) {',
        '    assert(p[(int)y] < INT8_MAX + x);',
        '    assert(INT8_MAX + x > y);',
        '    return 0;',
        '}',
      ].join('\n'),
    );
    const p = await loadProgram({ file }, options);
    expect(p.diagnostics).toEqual([]);
    const goals = buildCatalogue(p, fn(p, 'f'), { runtimeErrors: true });
    const at = (line: number) =>
      goals.filter((g) => g.range.line === line && g.kind !== 'statement').map((g) => [g.id, g.range.column, g.range.endColumn, g.label]);
    expect(at(5)).toEqual([
      ['f:5:assert', 5, 45, '`assert((float)x != p[(int)p[0] & 1] + y)`'],
      ['f:5:null@24', 24, 40, '`p[(int)p[0] & 1]` may dereference a null pointer'],
      ['f:5:bounds@24', 24, 40, '`p[(int)p[0] & 1]` may index out of bounds'],
      ['f:5:float-to-int', 26, 35, '`(int)p[0]` may convert a floating value out of the integer range'],
      ['f:5:null@31', 31, 35, '`p[0]` may dereference a null pointer'],
      ['f:5:bounds@31', 31, 35, '`p[0]` may index out of bounds'],
    ]);
    // Both copies of `x + y` are the user's `x + y` (two goals at one place); the product is the macro's own.
    expect(
      at(6)
        .filter((g) => (g[3] as string).startsWith('`x + y`'))
        .map((g) => [g[0], g[1], g[2]]),
    ).toEqual([
      ['f:6:overflow@15', 15, 20],
      ['f:6:overflow@15.2', 15, 20],
    ]);
    // A macro inside the argument (INT8_MAX is `(127)` on rows of its own) stands for its expansion.
    const inG = buildCatalogue(p, fn(p, 'g'), { runtimeErrors: true })
      .filter((g) => g.kind !== 'statement')
      .map((g) => [g.range.line, g.range.column, g.range.endColumn, g.label]);
    expect(inG).toEqual([
      [10, 5, 37, '`assert(p[(int)y] < INT8_MAX + x)`'],
      [10, 12, 21, '`p[(int)y]` may dereference a null pointer'],
      [10, 12, 21, '`p[(int)y]` may index out of bounds'],
      [10, 24, 36, '`INT8_MAX + x` may overflow'],
      [11, 5, 29, '`assert(INT8_MAX + x > y)`'],
      [11, 12, 24, '`INT8_MAX + x` may overflow'],
    ]);
  });

  it('a macro invocation over several lines keeps its arguments at their lines and columns (soundness F13)', async () => {
    // The preprocessor puts an invocation's whole expansion on the row of its first line: the access in the
    // assert's second line was placed at the assert (13:7 in F13's program, label `assert(y >= 1`). Columns
    // by hand: `p[y]` is characters 12-15 of line 5, `y * 2` 16-20 of line 7; the sum is the macro's own,
    // so it is the invocation, 6:12 to 7:21 (its `)`).
    const file = write(
      'lines.c',
      [
        '#include <assert.h>',
        '#define ADD(a, b) ((a) + (b))',
        'int h(int y, int *p) {',
        '    assert(y >= 1',
        '        && p[y] > 5);',
        '    return ADD(y,',
        '               y * 2);',
        '}',
      ].join('\n'),
    );
    const p = await loadProgram({ file }, options);
    expect(p.diagnostics).toEqual([]);
    const goals = buildCatalogue(p, fn(p, 'h'), { runtimeErrors: true })
      .filter((g) => g.kind !== 'statement')
      .map((g) => [g.id, g.range.line, g.range.column, g.range.endLine, g.range.endColumn, g.label]);
    expect(goals).toEqual([
      ['h:4:assert', 4, 5, 5, 21, '`assert(y >= 1 && p[y] > 5)`'],
      ['h:5:null', 5, 12, 5, 16, '`p[y]` may dereference a null pointer'],
      ['h:5:bounds', 5, 12, 5, 16, '`p[y]` may index out of bounds'],
      ['h:6:overflow', 6, 12, 7, 22, '`ADD(y, y * 2)` may overflow'],
      // `y`, the first argument, is also a part of the second: the longer argument is placed first.
      ['h:7:overflow', 7, 16, 7, 21, '`y * 2` may overflow'],
    ]);
  });

  it('twenty-odd more system headers, complex.h included, go through', async () => {
    const headers = [
      'stdio',
      'stdlib',
      'string',
      'math',
      'ctype',
      'time',
      'errno',
      'signal',
      'stdarg',
      'unistd',
      'stdint',
      'inttypes',
      'stdbool',
      'float',
      'setjmp',
      'sys/types',
      'sys/stat',
      'fcntl',
      'pthread',
      'wchar',
      'locale',
      'complex',
    ];
    const file = write(
      'many.c',
      [
        ...headers.map((h) => `#include <${h}.h>`),
        'int f(int c) { if (isdigit(c)) return errno; char buf[10]; snprintf(buf, sizeof buf, "%d", c); return (int)strlen(buf) + abs(c); }',
        'double g(double x) { double _Complex z = x; return creal(z); }',
      ].join('\n'),
    );
    const p = await loadProgram({ file }, options);
    expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Complex arithmetic is not modelled: said where the user wrote it.
    expect(p.diagnostics.map((d) => `${d.file === file ? 'user' : 'header'}:${d.range.line}: ${d.message}`)).toEqual([
      `user:${headers.length + 2}: unsupported: complex types (read as their real type); goals they can affect are unknown`,
    ]);
    expect(p.functions.map((x) => x.name)).toEqual(['f', 'g']);
  });

  it('keeps a header-style static inline helper the user calls, without goals', async () => {
    const h = write('helper.h', 'static inline int clamp(int v) { if (v < 0) return 0; return v; }\nstatic inline int unused(int v) { return v; }\n');
    const file = write('uses_helper.c', `#include "${path.basename(h)}"\nint g(int x) { return clamp(x) + 1; }\n`);
    const p = await loadProgram({ file }, options);
    expect(p.functions.map((f) => f.name).sort()).toEqual(['clamp', 'g']);
    const clamp = fn(p, 'clamp');
    expect(clamp.blocks.some((b) => b.hasCode)).toBe(false);
    expect(clamp.decisions.every((d) => d.synthetic)).toBe(true);
    // Its code is attributed to the call site in the user's file.
    expect(clamp.range.line).toBe(2);
    const call = instrs(fn(p, 'g')).find((i) => i.kind === 'assign' && i.value.op === 'call')!;
    expect(call).toMatchObject({ value: { op: 'call', callee: 'clamp', external: false } });
    expect(interpret(p, 'g', [-4n]).result).toBe(1n);
  });

  it('marks calls to functions without a body external', async () => {
    const file = write('ext.c', '#include <stdlib.h>\nint h(void) { return rand() % 6; }\n');
    const p = await loadProgram({ file }, options);
    const call = instrs(fn(p, 'h')).find((i) => i.kind === 'assign' && i.value.op === 'call');
    expect(call).toMatchObject({ value: { callee: 'rand', external: true } });
    expect([...p.externals.keys()]).toEqual(['rand']);
  });
});

describe('preprocessing', () => {
  it('honours -D defines and include paths', async () => {
    const inc = path.join(dir, 'inc');
    mkdirSync(inc, { recursive: true });
    writeFileSync(path.join(inc, 'limit.h'), '#define LIMIT (SCALE * 10)\n');
    const file = write('defines.c', '#include <limit.h>\nint lim(void) { return LIMIT; }\n');
    const p = await loadProgram({ file }, { ...options, includePaths: [inc], defines: ['SCALE=3'] });
    expect(interpret(p, 'lim', []).result).toBe(30n);
  });

  it('reads -I and -D of the file from compile_commands.json', async () => {
    const inc = path.join(dir, 'inc2');
    mkdirSync(inc, { recursive: true });
    writeFileSync(path.join(inc, 'k.h'), '#define K (BASE + 1)\n');
    const file = write('cc.c', '#include "k.h"\nint k(void) { return K; }\n');
    const cc = write('compile_commands.json', JSON.stringify([{ directory: dir, file: 'cc.c', command: `cc -Iinc2 -DBASE=41 -c cc.c` }]));
    const p = await loadProgram({ file }, { ...options, compileCommands: cc });
    expect(interpret(p, 'k', []).result).toBe(42n);
  });

  it('maps macro-expanded code back to the user columns', async () => {
    const file = write('cols.c', '#define TWICE(x) ((x) * 2)\nint c(int a) {\n  if (TWICE(a)   >   10) return 1;\n  return 0;\n}\n');
    const p = await loadProgram({ file }, options);
    const d = fn(p, 'c').decisions[0];
    expect(d.id).toBe('c:3:if');
    expect(d.text).toBe('TWICE(a) > 10');
    expect(d.range).toMatchObject({ line: 3, column: 7 });
  });

  it('reports preprocessor errors as file:line:column', async () => {
    const file = write('missing.c', 'int x;\n#include "no_such_header.h"\n');
    const e = await frontendError(file);
    expect(e.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: .*no_such_header`));
  });

  it('parses directive-free files without a compiler, and refuses files that need one', async () => {
    const plain = write('plain.c', 'int p(int x) { return x + 1; }\n');
    const noCc = { ...options, compiler: 'creach-no-such-compiler' };
    const p = await loadProgram({ file: plain }, noCc);
    expect(interpret(p, 'p', [1n]).result).toBe(2n);
    const withInclude = write('needs_cc.c', '#include <stdio.h>\nint q(void) { return 0; }\n');
    const e = await frontendError(withInclude, noCc);
    expect(e.message).toMatch(/needs_cc\.c:1:1: cannot run the C compiler 'creach-no-such-compiler'/);
  });

  it('uses the data model: long is 32 bits in ILP32', async () => {
    const file = write('ilp32.c', 'long long sz(void) { return sizeof(long) * 100 + sizeof(void *); }\n');
    const p = await loadProgram({ file }, { ...options, dataModel: 'ILP32' });
    expect(interpret(p, 'sz', []).result).toBe(404n);
  });
});

describe('SV-COMP style .i files', () => {
  it('parses the file as is: nondet, assume, reach_error via __assert_fail', async () => {
    const file = path.join(__dirname, '..', 'fixtures', 'svcomp_style.i');
    const p = await loadProgram({ file }, options);
    expect(p.diagnostics).toEqual([]);
    const main = fn(p, 'main');
    const nondets = instrs(main).filter((i) => i.kind === 'assign' && i.value.op === 'nondet');
    expect(nondets.map((i) => i.kind === 'assign' && i.value.op === 'nondet' && i.value.type)).toMatchObject([
      { name: 'int' },
      { name: 'int' },
      { name: 'unsigned int' },
    ]);
    expect(
      instrs(main)
        .filter((i) => i.kind === 'assume')
        .map((i) => i.kind === 'assume' && i.origin),
    ).toEqual(['assume', 'assume']);
    const reach = fn(p, 'reach_error');
    const errorBlock = reach.blocks.find((b) => b.instrs.some((i) => i.kind === 'error'))!;
    expect(errorBlock.terminator).toMatchObject({ kind: 'stop', why: 'error' });
    // Positions are those of the .i file itself.
    expect(errorBlock.instrs[0].range.line).toBe(17);
    // Running it: x = 11, y = 12 reaches the error; u is not needed.
    expect(interpret(p, 'main', [], { nondet: [11n, 12n, 0n] }).violation).toMatchObject({ kind: 'error' });
    expect(interpret(p, 'main', [], { nondet: [11n, 13n, 9n] })).toMatchObject({ result: 0n });
    expect(interpret(p, 'main', [], { nondet: [0n, 1n, 0n] }).stopped).toBe('assume');
    // check(): the assert macro's `? (void)0 : __assert_fail(...)` form.
    expect(interpret(p, 'check', [101n]).violation).toMatchObject({ kind: 'error', line: 24 });
  });
});

describe('verifier calls and path ends', () => {
  it('reach_error / __VERIFIER_error without a body, abort, exit: error instructions and stops', async () => {
    const text = [
      'extern void reach_error(void); extern void __VERIFIER_error(void); extern void abort(void); extern void exit(int);',
      'extern char __VERIFIER_nondet_char(void); extern _Bool __VERIFIER_nondet_bool(void);',
      'int v(int x) {',
      '  if (x == 1) reach_error();',
      '  if (x == 2) __VERIFIER_error();',
      '  if (x == 3) abort();',
      '  if (x == 4) exit(x);',
      '  signed char c = __VERIFIER_nondet_char(); unsigned long u = __VERIFIER_nondet_ulong();',
      '  return c + (int)u + __VERIFIER_nondet_bool();',
      '}',
    ].join('\n');
    const p = await loadProgram({ file: write('verifier.c', text), text }, options);
    const f = fn(p, 'v');
    const stops = f.blocks.filter((b) => b.terminator.kind === 'stop').map((b) => b.terminator.kind === 'stop' && [b.terminator.why, b.terminator.range.line]);
    expect(stops).toEqual([
      ['error', 4],
      ['error', 5],
      ['abort', 6],
      ['exit', 7],
    ]);
    expect(
      instrs(f)
        .filter((i) => i.kind === 'error')
        .map((i) => i.range.line),
    ).toEqual([4, 5]);
    const nondet = instrs(f).flatMap((i) => (i.kind === 'assign' && i.value.op === 'nondet' ? [typeToString(i.value.type)] : []));
    expect(nondet).toEqual(['char', 'unsigned long', '_Bool']);
    expect([...p.externals.keys()]).toEqual([]);
    expect(interpret(p, 'v', [1n]).violation).toMatchObject({ kind: 'error', line: 4 });
    expect(interpret(p, 'v', [4n]).stopped).toBe('exit');
    expect(interpret(p, 'v', [9n], { nondet: [-3n, 7n, 1n] }).result).toBe(5n);
  });
});

describe('malformed input gives errors, never a crash or a hang', () => {
  it('truncated file', async () => {
    const e = await frontendError(write('trunc.c', 'int f(int x) {\n  if (x > 0) {\n    return x;\n'));
    expect(e.message).toMatch(/trunc\.c:\d+:\d+: syntax error/);
  });
  it('binary garbage', async () => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => ((i * 7919 + 13) % 255) + 1));
    const e = await frontendError(write('garbage.c', bytes));
    expect(e.message).toMatch(/garbage\.c:\d+:\d+: syntax error/);
  });
  it('NUL bytes', async () => {
    const e = await frontendError(write('nul.c', Buffer.from([0x69, 0x6e, 0x74, 0, 0x78, 0x3b])));
    expect(e.message).toBe(`${path.join(dir, 'nul.c')}:1:1: not a C source file (it contains NUL bytes)`);
  });
  it('10,000 nested parentheses', async () => {
    const e = await frontendError(write('nest.c', `int f(int x) { return ${'('.repeat(10000)}x${')'.repeat(10000)}; }\n`));
    expect(e.message).toMatch(/nest\.c:1:\d+: expression nested too deeply/);
  });
  it('deeply nested blocks', async () => {
    const e = await frontendError(write('blocks.c', `int f(int x) { ${'{'.repeat(5000)}x++;${'}'.repeat(5000)} return x; }\n`));
    expect(e.message).toMatch(/blocks\.c:1:\d+: .*nested too deeply/);
  });
  it('a 5,000-line function', async () => {
    const body = Array.from({ length: 5000 }, (_, i) => `  if (x > ${i}) s = s + ${i % 7};`).join('\n');
    const file = write('long.c', `int f(int x) {\n  int s = 0;\n${body}\n  return s;\n}\n`);
    const start = Date.now();
    const p = await loadProgram({ file }, options);
    expect(Date.now() - start).toBeLessThan(20_000);
    expect(fn(p, 'f').decisions).toHaveLength(5000);
    expect(interpret(p, 'f', [10n]).result).toBe(BigInt([0, 1, 2, 3, 4, 5, 6, 0, 1, 2].reduce((a, b) => a + b, 0)));
  });
  it('undeclared identifiers and type errors are errors with positions', async () => {
    const e = await frontendError(write('undeclared.c', 'int f(int x) {\n  return y + x;\n}\n'));
    expect(e.message).toBe(`${path.join(dir, 'undeclared.c')}:2:10: 'y' undeclared`);
  });
  it('a failing _Static_assert is an error at its position', async () => {
    const e = await frontendError(write('static_assert.c', 'int x;\n_Static_assert(sizeof(long) == 4, "ILP32 only");\n'));
    expect(e.message).toBe(`${path.join(dir, 'static_assert.c')}:2:1: static assertion failed: "ILP32 only"`);
  });
  it('an empty file is an empty program', async () => {
    const p = await loadProgram({ file: write('empty.c', '') }, options);
    expect(p.functions).toEqual([]);
  });
});

describe('unsupported constructs are warnings, not silence', () => {
  it('inline asm, long double, setjmp become unsupported/havoc with warnings', async () => {
    const file = write('unsupported.c', ['int f(int x) {', '  __asm__("nop");', '  long double d = x;', '  return x;', '}'].join('\n'));
    const p = await loadProgram({ file }, options);
    const messages = p.diagnostics.map((d) => `${d.severity} ${d.range.line}: ${d.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^warning 2: unsupported: inline assembly/),
        expect.stringMatching(/^warning 3: unsupported: long double/),
      ]),
    );
    expect(instrs(fn(p, 'f')).some((i) => i.kind === 'unsupported' && i.what === 'inline assembly')).toBe(true);
  });
});

describe('more constructs outside the model', () => {
  it('VLA, bit-fields, setjmp, compound literals, _Generic: warnings and unsupported/havoc at the spot', async () => {
    const file = write(
      'outside.c',
      [
        '#include <setjmp.h>',
        'struct bf { int a : 3; unsigned b : 5; };',
        'jmp_buf env;',
        'int f(int n) {',
        '  int vla[2][n];',
        '  struct bf s;',
        '  s.a = 1;',
        '  vla[0][0] = s.b;',
        '  if (setjmp(env)) return 1;',
        '  return (int)(struct bf){1, 2}.a + _Generic(n, int: 1, default: 2);',
        '}',
      ].join('\n'),
    );
    const p = await loadProgram({ file }, options);
    const warned = p.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${d.range.line}: ${d.message}`);
    expect(warned).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^5: unsupported: variable-length array/),
        expect.stringMatching(/^7: unsupported: bit-field/),
        expect.stringMatching(/^9: unsupported: call to _?setjmp/),
        expect.stringMatching(/^10: unsupported: compound literal/),
        expect.stringMatching(/^10: unsupported: _Generic/),
      ]),
    );
    const f = fn(p, 'f');
    const marks = f.blocks.flatMap((b) => b.instrs).filter((i) => i.kind === 'unsupported' || (i.kind === 'assign' && i.value.op === 'havoc'));
    expect(new Set(marks.map((i) => i.range.line))).toEqual(new Set([5, 7, 8, 9, 10]));
  });

  it('K&R definitions get their parameter types from the declarations, with a warning', async () => {
    const p = await loadProgram({ file: write('knr.c', 'int kr(a, b) int a; char b; { return a + b; }\n') }, options);
    expect(p.diagnostics.some((d) => /K&R/.test(d.message))).toBe(true);
    expect(interpret(p, 'kr', [40n, 2n]).result).toBe(42n);
  });

  it('ILP32 reads 32-bit headers when they are installed, and says so when not', async () => {
    const file = write('ilp32_headers.c', '#include <stdint.h>\nlong long w(void) { return sizeof(int64_t) * 10 + sizeof(long); }\n');
    const p = await loadProgram({ file }, { ...options, dataModel: 'ILP32' });
    if (p.diagnostics.length === 0) expect(interpret(p, 'w', []).result).toBe(84n);
    else expect(p.diagnostics[0].message).toMatch(/-m32.*32-bit headers not installed/);
  });
});

describe('ACSL contracts', () => {
  const src = [
    '/*@ requires x >= 0 && x < 100;',
    '  @ ensures \\result == \\old(x) + 1;',
    '  @ ensures \\result > x; */',
    'int inc(int x) { x = x + 1; return x; }',
    '',
    '/*@ requires a < 0 || a > 10; ensures \\result == a; */',
    'int same(int a) {',
    '  if (a > 50) return a;',
    '  return a * 1;',
    '}',
    '/*@ ensures \\result == 0; */',
    'int wrong(int a) { return a; }',
  ].join('\n');

  it('ensures: \\old copies at entry, parameters mean their entry values, asserts in the single exit block', async () => {
    const p = await loadProgram({ file: write('contracts.c', src), text: src }, options);
    expect(p.diagnostics).toEqual([]);
    const inc = fn(p, 'inc');
    expect(inc.contract.ensures.map((e) => e.text)).toEqual(['\\result == \\old(x) + 1', '\\result > x']);
    const olds = inc.locals.map((id) => p.vars.get(id)!).filter((v) => v.kind === 'old');
    expect(olds.map((v) => v.oldOf)).toEqual([inc.params[0]]);
    const exit = inc.blocks[inc.exitBlock];
    expect(exit.instrs.filter((i) => i.kind === 'assert').map((i) => i.kind === 'assert' && [i.origin, i.text, i.range.line])).toEqual([
      ['ensures', '\\result == \\old(x) + 1', 2],
      ['ensures', '\\result > x', 3],
    ]);
    expect(inc.blocks.filter((b) => b.terminator.kind === 'return').map((b) => b.id)).toEqual([inc.exitBlock]);
    // The old copies come first in the entry block, before the requires.
    const entry = inc.blocks[0].instrs;
    expect(entry[0]).toMatchObject({ kind: 'assign', dst: { root: { kind: 'var', id: olds[0].id } } });
    const ok = interpret(p, 'inc', [5n]);
    expect(ok.result).toBe(6n);
    expect(ok.violation).toBeUndefined();
    expect(interpret(p, 'inc', [-1n]).stopped).toBe('assume');
    expect(interpret(p, 'wrong', [3n]).violation).toMatchObject({ kind: 'ensures', text: '\\result == 0', line: 11 });
    expect(interpret(p, 'wrong', [0n]).violation).toBeUndefined();
  });

  it('|| in requires is branching with synthetic decisions only', async () => {
    const p = await loadProgram({ file: write('contracts.c', src), text: src }, options);
    const same = fn(p, 'same');
    const synthetic = same.decisions.filter((d) => d.synthetic);
    expect(synthetic.map((d) => d.text)).toEqual(['a < 0', 'a > 10']);
    expect(same.decisions.filter((d) => !d.synthetic).map((d) => d.id)).toEqual(['same:8:if']);
    expect(interpret(p, 'same', [5n]).stopped).toBe('assume');
    expect(interpret(p, 'same', [60n]).result).toBe(60n);
    // User code starts after the requires blocks: its first block is not the entry block.
    const first = same.blocks.find((b) => b.hasCode)!;
    expect(first.id).not.toBe(0);
  });

  it('//@ lines and several annotation comments in a row make one contract', async () => {
    const text =
      '/*@ requires a > 0; */\n//@ requires a < 10;\n//@ ensures \\result > a;\nint up(int a) { return a + 1; }\n// not a contract\nint plain(int b) { return b; }\n';
    const p = await loadProgram({ file: write('linecontracts.c', text), text }, options);
    const up = fn(p, 'up');
    expect(up.contract.requires.map((c) => [c.text, c.range.line])).toEqual([
      ['a > 0', 1],
      ['a < 10', 2],
    ]);
    expect(up.contract.ensures.map((c) => [c.text, c.range.line, c.range.column])).toEqual([['\\result > a', 3, 13]]);
    expect(fn(p, 'plain').contract).toEqual({ requires: [], ensures: [] });
    expect(interpret(p, 'up', [10n]).stopped).toBe('assume');
    expect(interpret(p, 'up', [9n]).result).toBe(10n);
  });

  it('unsupported ACSL is a warning and the clause is ignored, not guessed', async () => {
    const text = '/*@ requires \\initialized(p); assigns *p; */\nint r(int *p) { return *p; }\n';
    const p = await loadProgram({ file: write('acsl_bad.c', text), text }, options);
    expect(p.diagnostics.map((d) => d.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\\initialized.*not supported/), expect.stringMatching(/assigns.*not supported/)]),
    );
    expect(fn(p, 'r').contract.requires).toEqual([]);
  });

  it("\\separated in requires is the IR's separated, which the interpreter runs as ACSL has it (different objects, or element ranges that do not meet)", async () => {
    const text = ['/*@ requires \\separated(p + (0..n-1), &q[0..n-1], r); */', 'int sep(int *p, int *q, int *r, int n) { return 1; }', ''].join('\n');
    const p = await loadProgram({ file: write('separated.c', text), text }, options);
    expect(p.diagnostics).toEqual([]);
    const f = fn(p, 'sep');
    const sep = f.blocks.flatMap((b) => b.instrs).find((i) => i.kind === 'assign' && i.value.op === 'separated');
    expect(sep?.kind === 'assign' && sep.value.op === 'separated' && sep.value.text).toBe('\\separated(p + (0..n-1), &q[0..n-1], r)');
    expect(sep?.kind === 'assign' && sep.value.op === 'separated' && sep.value.locs.map((l) => [l.lo.add, l.hi.add, l.hi.value !== null])).toEqual([
      [0n, -1n, true],
      [0n, -1n, true],
      [0n, 0n, false],
    ]);
    const INT4: CType = { kind: 'array', of: { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' }, length: 4 };
    const a: MemObject = { name: 'a', type: INT4, value: [0n, 0n, 0n, 0n] };
    const at = (k: number): Pointer => ({ kind: 'ptr', obj: a, path: [k], delta: 0 });
    const run = (x: Value, y: Value, z: Value, n: bigint) => interpret(p, 'sep', [x, y, z, n]);
    // Different objects, and ranges of one object that do not meet: separated.
    expect(run([1n, 2n], [3n, 4n], [5n], 2n).result).toBe(1n);
    expect(run(at(0), at(2), [5n], 2n).result).toBe(1n);
    expect(run(at(2), at(0), at(1), 1n).result).toBe(1n);
    // Ranges that meet (a[1]), or r inside p's range: not.
    expect(run(at(0), at(1), [5n], 2n).stopped).toBe('assume');
    expect(run(at(0), at(2), at(1), 2n).stopped).toBe('assume');
    // n == 0: the ranges are empty and meet nothing, even at one place; r is still apart from them.
    expect(run(at(0), at(0), at(0), 0n).result).toBe(1n);
    // NULL is apart from every object, and meets NULL.
    expect(run(0n, [3n], [5n], 1n).result).toBe(1n);
    expect(run(0n, 0n, [5n], 1n).stopped).toBe('assume');
  });
});

describe('mutated seed programs', () => {
  it('every mutant gives a program or a FrontendError with positions, nothing else', async () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const fixtures = path.join(__dirname, '..', 'fixtures');
    const sources = ['factorial.c', 'tritype.c', 'sample.c', 'ptr_lh98.c', 'loops_w.c', 'fp_single.c'].map((f) => readFileSync(path.join(fixtures, f), 'utf8'));
    const pieces = ['(', ')', '{', '}', ';', '*', '&&', 'if', 'while (', 'x', '0', '"', "'", '/*', '#', 'int', ',', '[', '?', ':', '->', '\\'];
    let programs = 0;
    let errors = 0;
    for (let k = 0; k < 120; k++) {
      let text = sources[k % sources.length];
      for (let m = 0; m < 1 + rand(4); m++) {
        const at = rand(text.length);
        text = rand(2) === 0 ? text.slice(0, at) + pieces[rand(pieces.length)] + text.slice(at) : text.slice(0, at) + text.slice(at + 1 + rand(8));
      }
      try {
        await loadProgram({ file: path.join(dir, `mutant${k}.c`), text }, options);
        programs++;
      } catch (e) {
        expect(e).toBeInstanceOf(FrontendError);
        expect((e as Error).message).toMatch(/^[^\n]+:\d+:\d+: /);
        errors++;
      }
    }
    expect(programs + errors).toBe(120);
    expect(errors).toBeGreaterThan(0);
  }, 120_000);
});
