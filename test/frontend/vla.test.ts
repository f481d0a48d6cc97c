// Variable-length arrays: a local `T a[n]` (only its outermost length
// variable) is an object of n elements, made where it is declared (the
// allocation call VLA_ALLOC, then `a` is a pointer to its first element;
// test/model/vla.test.ts checks the semantics against gcc). Every other form is
// not modelled: an `unsupported` instruction comes before any use, so the
// goals it can affect are unknown; never a crash, an error on valid C, or silence.
import { describe, expect, it } from 'vitest';
import { FrontendError, loadProgram, type FrontendOptions } from '../../server/src/frontend';
import type { Instr, IRFunction, Program } from '../../server/src/ir/ir';
import { interpret } from '../../server/src/ir/interp';
import { irProblems } from './ir-check';
import { VLA_ALLOC } from '../../server/src/ir/libc';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };
const lower = (text: string) => loadProgram({ file: '/virtual/vla.c', text }, options);
const fn = (p: Program, name: string) => p.functions.find((f) => f.name === name)!;
const marks = (f: IRFunction) =>
  f.blocks
    .flatMap((b) => b.instrs)
    .filter((i: Instr) => i.kind === 'unsupported' || (i.kind === 'assign' && i.value.op === 'havoc'))
    .map((i) => `${i.range.line}: ${i.kind === 'unsupported' ? i.what : i.kind === 'assign' && i.value.op === 'havoc' ? `havoc ${i.value.what}` : ''}`);

describe('variable-length arrays', () => {
  it('parameters: a[n] is a pointer (no VLA); m[][n] points to arrays of variable length', async () => {
    const p = await lower('int f(int n, int a[n]) { return a[n - 1]; }\nint g(int n, int m[][n]) { return m[1][1]; }\nint h(int n, int m[*]);\n');
    expect(p.diagnostics.map((d) => `${d.range.line}:${d.range.column}: ${d.message}`)).toEqual([
      '2:22: unsupported: variable-length array; goals it can affect are unknown',
    ]);
    expect(marks(fn(p, 'f'))).toEqual([]);
    expect(interpret(p, 'f', [2n, [5n, 7n]]).result).toBe(7n);
    expect(marks(fn(p, 'g'))).toEqual(['2: variable-length array']);
    // The mark comes first: every goal of g is after it.
    expect(fn(p, 'g').blocks[0].instrs[0]).toMatchObject({ kind: 'unsupported' });
  });

  it('a local T a[n]: n evaluated once and kept, then the allocation; sizeof a is the kept n * sizeof(T)', async () => {
    const p = await lower('unsigned long f(int n) {\n  long a[n][2];\n  a[n - 1][1] = 5;\n  return sizeof a + sizeof a[0];\n}\n');
    expect(p.diagnostics).toEqual([]);
    const f = fn(p, 'f');
    expect(irProblems(p, f)).toEqual([]);
    expect(marks(f)).toEqual([]);
    const instrs = f.blocks.flatMap((b) => b.instrs).filter((i) => i.kind === 'assign');
    const alloc = instrs.find((i) => i.kind === 'assign' && i.value.op === 'call' && i.value.callee === VLA_ALLOC)!;
    expect(alloc).toMatchObject({ range: { line: 2 }, value: { args: [{ kind: 'var', type: { kind: 'int', bits: 32 } }] } });
    expect(alloc.kind === 'assign' && alloc.dst?.type).toEqual({
      kind: 'pointer',
      to: { kind: 'array', of: expect.objectContaining({ bits: 64 }), length: 2 },
    });
    // sizeof a: the length kept at the declaration (n converted to size_t) times 16 bytes a row.
    const kept = instrs.find((i) => i.kind === 'assign' && i.value.op === 'cast' && i.range.line === 2)!;
    const length = kept.kind === 'assign' && kept.dst?.root.kind === 'var' ? kept.dst.root.id : -1;
    const product = instrs.find((i) => i.kind === 'assign' && i.value.op === 'binary' && i.value.bop === '*')!;
    expect(product.kind === 'assign' && product.value).toMatchObject({ a: { kind: 'var', id: length }, b: { kind: 'const', value: 16n } });
  });

  it('other forms (pointers to VLAs, typedefs, casts, sizeof of a type, an inner variable length, &a): unsupported or havoc before any use', async () => {
    const text = [
      'int h(int n, int *q) {',
      '  int v[n];',
      '  v[0] = 1;',
      '  int (*p)[n] = 0;',
      '  typedef int T[n];',
      '  T t;',
      '  unsigned long s = sizeof(int[n]);',
      '  int w = ((int (*)[n])q)[1][0];',
      '  int m[2][n];',
      '  void *r = &v;',
      '  return v[0] + (int)s + w + (p != 0) + (r != 0);',
      '}',
    ].join('\n');
    const p = await lower(text);
    expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(new Set(p.diagnostics.map((d) => d.range.line))).toEqual(new Set([4, 5, 7, 8, 9, 10]));
    const h = fn(p, 'h');
    expect(irProblems(p, h)).toEqual([]);
    expect(marks(h)).toEqual([
      '4: variable-length array',
      '5: variable-length array',
      '6: array of unknown length',
      '7: havoc sizeof of an incomplete or variable-length type',
      '8: havoc variable-length array',
      '9: variable-length array',
      '10: havoc address of a variable-length array',
    ]);
  });

  it('a size that is a local holding a constant wherever it is in scope is that constant: int n = 4; int g[n][n] is int[4][4]', async () => {
    const text = [
      'int f(int x) {',
      '  int n = 4;',
      '  int g[n][n];', // 3: int[4][4]
      '  g[0][0] = x;',
      '  int k = 2, m = 3;',
      '  k++;',
      '  int h[2][k];', // 7: k changes: a VLA (inner: unsupported)
      '  int *p = &m;',
      '  int q[2][m];', // 9: m's address is taken: a VLA
      '  volatile int le = 2;',
      '  int r[2][le];', // 11: volatile: a VLA
      '  return g[0][0] + h[0][0] + q[0][0] + r[0][0] + *p;',
      '}',
      'int s(int x) {',
      '  int n = 4;',
      '  if (x) goto out;',
      '  int g[2][n];', // 17: a goto in the function: a VLA
      '  g[0][0] = 1;',
      'out:',
      '  return 0;',
      '}',
    ].join('\n');
    const p = await lower(text);
    const f = fn(p, 'f');
    expect(irProblems(p, f)).toEqual([]);
    expect(marks(f)).toEqual(['7: variable-length array', '9: variable-length array', '11: variable-length array']);
    const g = [...p.vars.values()].find((v) => v.name === 'g' && f.locals.includes(v.id))!;
    expect(g.type).toEqual({ kind: 'array', of: { kind: 'array', of: expect.objectContaining({ bits: 32 }), length: 4 }, length: 4 });
    expect(marks(fn(p, 's'))).toEqual(['17: variable-length array']);
  });

  it('a static or initialised VLA (not C) is not modelled', async () => {
    const p = await lower('int f(int n) {\n  static int s[n];\n  int t[n] = {0};\n  return s[0] + t[0];\n}\n');
    expect(marks(fn(p, 'f'))).toEqual(['2: variable-length array', '3: variable-length array']);
  });

  it('a VLA at file scope is an error, as in gcc', async () => {
    await expect(lower('int n = 3;\nint a[n];\nint f(void) { return a[0]; }\n')).rejects.toThrow(FrontendError);
    await expect(lower('int n = 3;\nint a[n];\n')).rejects.toThrow(/2:5: variable-length array 'a' at file scope/);
  });
});
