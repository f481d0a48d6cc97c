// Variable-length arrays are not modelled: wherever one appears in a
// function, an `unsupported` instruction comes before any use, so the goals
// it can affect are unknown; never a crash, an error on valid C, or silence.
import { describe, expect, it } from 'vitest';
import { FrontendError, loadProgram, type FrontendOptions } from '../../server/src/frontend';
import type { Instr, IRFunction, Program } from '../../server/src/ir/ir';
import { interpret } from '../../server/src/ir/interp';
import { irProblems } from './ir-check';

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

  it('locals, pointers to them, typedefs, casts and sizeof: unsupported or havoc before any use', async () => {
    const text = [
      'int h(int n, int *q) {',
      '  int v[n];',
      '  v[0] = 1;',
      '  int (*p)[n] = 0;',
      '  typedef int T[n];',
      '  T t;',
      '  unsigned long s = sizeof(int[n]);',
      '  int w = ((int (*)[n])q)[1][0];',
      '  return v[0] + (int)s + w + (p != 0);',
      '}',
    ].join('\n');
    const p = await lower(text);
    expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(new Set(p.diagnostics.map((d) => d.range.line))).toEqual(new Set([2, 4, 5, 7, 8]));
    const h = fn(p, 'h');
    expect(irProblems(p, h)).toEqual([]);
    expect(marks(h)).toEqual([
      '2: variable-length array',
      '4: variable-length array',
      '5: variable-length array',
      '6: array of unknown length',
      '7: havoc sizeof of an incomplete or variable-length type',
      '8: havoc variable-length array',
    ]);
    // v[0] = 1 comes after the mark of v.
    const entry = h.blocks[0].instrs;
    expect(entry.findIndex((i) => i.kind === 'unsupported')).toBeLessThan(entry.findIndex((i) => i.range.line === 3));
  });

  it('a VLA at file scope is an error, as in gcc', async () => {
    await expect(lower('int n = 3;\nint a[n];\nint f(void) { return a[0]; }\n')).rejects.toThrow(FrontendError);
    await expect(lower('int n = 3;\nint a[n];\n')).rejects.toThrow(/2:5: variable-length array 'a' at file scope/);
  });
});
