// GNU C as found in preprocessed glibc code (SV-COMP `.i` tasks): alternate
// keyword spellings, asm labels, attributes wherever gcc takes them,
// `__extension__`, `__mode__` typedefs, `typeof`. Expected values come from
// gcc compiling the same `.i` file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { loadProgram, type FrontendOptions } from '../../server/src/frontend';
import { rewriteForParsing } from '../../server/src/frontend/rewrite';
import { interpret } from '../../server/src/ir/interp';
import type { Program } from '../../server/src/ir/ir';
import { irProblems } from './ir-check';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };
const fixture = path.join(__dirname, 'glibc_style.i');
const dir = mkdtempSync(path.join(tmpdir(), 'creach-gnu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
}

describe('a glibc-style .i file', () => {
  let p: Program;
  let gcc: string[];
  const narrowArgs: [bigint, bigint][] = [
    [200n, 300n],
    [-1000n, 7n],
    [5n, 255n],
    [127n, 128n],
  ];
  beforeAll(async () => {
    p = await loadProgram({ file: fixture }, options);
    // gcc compiles the same .i file; a driver calls narrow() (main renamed away).
    const driver = write(
      'driver.c',
      [
        '#include <stdio.h>',
        'int narrow(int, unsigned);',
        'int abs_like(int x) { return x < 0 ? -x : x; }',
        'int __VERIFIER_nondet_int(void) { return 0; }',
        'int main(void) {',
        ...narrowArgs.map(([x, y]) => `  printf("%d\\n", narrow(${x}, ${y}u));`),
        '  return 0;',
        '}',
      ].join('\n'),
    );
    execFileSync('gcc', ['-w', '-x', 'cpp-output', '-c', fixture, '-o', path.join(dir, 'task.o')]);
    execFileSync('objcopy', ['--redefine-sym', 'main=task_main', path.join(dir, 'task.o')]);
    execFileSync('gcc', ['-w', driver, path.join(dir, 'task.o'), '-o', path.join(dir, 'run')]);
    gcc = execFileSync(path.join(dir, 'run'), { encoding: 'utf8' }).trim().split('\n');
  }, 60_000);

  it('parses with no diagnostic and keeps the IR invariants', () => {
    expect(p.diagnostics).toEqual([]);
    expect(p.functions.map((f) => f.name)).toEqual(['reach_error', 'clamp8', 'narrow', 'main', 'abs_like']);
    expect(p.functions.flatMap((f) => irProblems(p, f))).toEqual([]);
  });

  it('mode attributes give the typedefs their width; typeof, __signed__, __volatile__ their types', () => {
    const narrow = p.functions.find((f) => f.name === 'narrow')!;
    const types = Object.fromEntries(
      narrow.locals
        .map((id) => p.vars.get(id)!)
        .filter((v) => v.kind === 'local')
        .map((v) => [v.name, v.type]),
    );
    expect(types).toMatchObject({
      a: { bits: 8, signed: true },
      b: { bits: 8, signed: false },
      h: { bits: 16, signed: true },
      w: { bits: 64, signed: true },
      t: { bits: 32, signed: true },
      v: { bits: 32, signed: true },
    });
  });

  it('computes what gcc computes', () => {
    expect(narrowArgs.map((a) => String(interpret(p, 'narrow', a).result))).toEqual(gcc);
  });

  it('reach_error and the assert expansion are errors, at the lines of the .i file', () => {
    // A call of reach_error is the error (SV-COMP's convention, whatever its body): at the call.
    expect(interpret(p, 'main', [], { nondet: [200n] }).violation).toMatchObject({ kind: 'error', line: 71 });
    expect(interpret(p, 'main', [], { nondet: [7n] }).violation).toMatchObject({ kind: 'error', line: 73 });
    expect(interpret(p, 'main', [], { nondet: [3n] }).result).toBe(0n);
  });

  it('the same text saved as .c is read as preprocessor output, not preprocessed again', async () => {
    const asC = path.join(dir, 'glibc_style.c');
    copyFileSync(fixture, asC);
    const q = await loadProgram({ file: asC }, options);
    expect(q.functions.map((f) => f.name)).toEqual(p.functions.map((f) => f.name));
    expect(q.functions.find((f) => f.name === 'main')!.decisions.map((d) => d.id)).toEqual(
      p.functions.find((f) => f.name === 'main')!.decisions.map((d) => d.id),
    );
  });
});

describe('GNU spellings in a .c file', () => {
  it('keep the columns of the user code, through the preprocessor and without it', async () => {
    const body = [
      'static __inline__ int f(__const int *__restrict p, __signed__ char c) __attribute__((__nonnull__(1)));',
      'static __inline__ int f(__const int *__restrict p, __signed__ char c) {',
      '  int __attribute__((unused)) k __asm__("kk") = 0;',
      '  if (__extension__ *p > c) return 1;',
      '  return 0;',
      '}',
    ];
    for (const text of [body.join('\n'), ['#include <stddef.h>', ...body].join('\n')]) {
      const shift = text.startsWith('#') ? 1 : 0;
      const p = await loadProgram({ file: write('cols.c', text), text }, options);
      expect(p.diagnostics).toEqual([]);
      const f = p.functions[0];
      expect(f.decisions.map((d) => [d.id, d.text, d.range.column])).toEqual([[`f:${4 + shift}:if`, '*p > c', 21]]);
      const branch = f.blocks.find((b) => b.terminator.kind === 'branch')!.terminator;
      expect(branch.range).toMatchObject({ line: 4 + shift, column: 21, endColumn: 27 });
      expect(interpret(p, 'f', [[5n], 3n]).result).toBe(1n);
      expect(interpret(p, 'f', [[5n], 6n]).result).toBe(0n);
    }
  });

  it('never touch string literals, character constants or comments', () => {
    const text = 'const char *s = "__const __attribute__((x)) __extension__"; /* __const */ int c = \'_\'; __const int k;';
    const r = rewriteForParsing(text);
    expect(r.text.length).toBe(text.length);
    expect(r.text).toBe('const char *s = "__const __attribute__((x)) __extension__"; /* __const */ int c = \'_\'; const   int k;');
  });

  it('tell an asm label from an asm statement', () => {
    const text = 'int g(int) __asm__("g2"); int y __asm__("y2"); void h(int x) { if (x) __asm__("nop"); else __asm__("nop"); __asm__ __volatile__("nop"); }';
    const r = rewriteForParsing(text).text;
    expect(r).not.toContain('"g2"');
    expect(r).not.toContain('"y2"');
    expect(r.match(/__asm__\("nop"\)/g)).toHaveLength(2);
    expect(r).toContain('__asm__ volatile    ("nop")');
  });

  it('keep the layout attributes the lowering reads, warn where an attribute with a meaning is dropped', async () => {
    const text = [
      'struct __attribute__((packed)) P { char c; int i; };',
      'struct Q { char c; int i __attribute__((aligned(8))); } __attribute__((packed));',
      'typedef int v4 __attribute__((vector_size(16)));',
      'long long sizes(void) { return sizeof(struct P) * 100 + sizeof(struct Q); }',
    ].join('\n');
    const p = await loadProgram({ file: write('attrs.c', text), text }, options);
    expect(interpret(p, 'sizes', []).result).toBe(5n * 100n + 16n);
    expect(p.diagnostics.map((d) => `${d.range.line}:${d.range.column}: ${d.message}`)).toEqual([
      '3:16: __attribute__((vector_size)) is ignored in this place: the analysis may not match the compiled code',
    ]);
  });
});
