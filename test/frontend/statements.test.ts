// Every statement has a position in the IR (BasicBlock.statements): where it
// starts in its block, including statements in the middle of a block, and the
// scope of names visible there.
import { describe, expect, it } from 'vitest';
import { loadProgram, type FrontendOptions } from '../../server/src/frontend';
import type { IRFunction, Program } from '../../server/src/ir/ir';
import { irProblems } from './ir-check';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };

const source = [
  'extern void __VERIFIER_error(void);',
  'void __VERIFIER_assert(int c) { if (!c) __VERIFIER_error(); }',
  'int g(int);',
  'int f(int x) {',
  '  int y = x * 2, z;',
  '  __VERIFIER_assert(y != 10);',
  '  g(y); z = g(x);',
  '  if (y > 4) {',
  '    return 1;',
  '  }',
  '  for (int i = 0; i < 3; i++) { if (i == x) break; continue; }',
  '  int w;',
  '  goto end;',
  '  w = 3;',
  'end:',
  '  return z;',
  '}',
  'void v(void) { return; }',
].join('\n');

/** Each statement as `line:column` with the source line of the instruction at its index (or `end` when there is none). */
function starts(p: Program, f: IRFunction): string[] {
  return f.blocks.flatMap((b) =>
    (b.statements ?? []).map(
      (s) =>
        `${s.range.line}:${s.range.column}${s.index < b.instrs.length ? ` first@${b.instrs[s.index].range.line}` : ' end'}${b.range === s.range ? ' goal' : ''}`,
    ),
  );
}

describe('statement positions', () => {
  it('every statement is listed where it starts, also in the middle of a block', async () => {
    const p = await loadProgram({ file: '/virtual/statements.c', text: source }, options);
    expect(p.diagnostics).toEqual([]);
    const f = p.functions.find((x) => x.name === 'f')!;
    expect(irProblems(p, f)).toEqual([]);
    // `int y = x * 2`, the call on the next line and the two statements of line 7 share the entry block.
    const entry = f.blocks[0];
    expect(entry.statements!.map((s) => [s.index, s.range.line, s.range.column])).toEqual([
      [0, 5, 3],
      [2, 6, 3],
      [4, 7, 3],
      [5, 7, 9],
      [6, 8, 3],
    ]);
    // `z` of line 5 has no initialiser: its value is indeterminate from there (part of the declaration's statement).
    expect(entry.instrs[1]).toMatchObject({ kind: 'assign', value: { op: 'indeterminate' }, range: { line: 5 } });
    expect(entry.instrs[2]).toMatchObject({ kind: 'assign', value: { op: 'binary', bop: '!=' }, range: { line: 6 } });
    expect(entry.instrs[4]).toMatchObject({ kind: 'assign', value: { op: 'call', callee: 'g' }, range: { line: 7, column: 3 } });
    expect(starts(p, f).sort()).toEqual(
      [
        '11:3 first@11 goal', // the for: its init declaration is the next statement, at the same index
        '11:33 first@11 goal', // if (i == x)
        '11:45 end', // break: a jump, no goal of its own
        '11:52 end', // continue
        '11:8 first@11', // int i = 0
        '13:3 end', // goto end
        '14:3 first@14 goal', // dead code after the goto keeps its statement
        '16:3 first@16 goal', // return z
        '5:3 first@5 goal',
        '6:3 first@6',
        '7:3 first@7',
        '7:9 first@7',
        '8:3 first@8',
        '9:5 first@9 goal', // return 1
      ].sort(),
    );
    const v = p.functions.find((x) => x.name === 'v')!;
    expect(v.blocks[0].statements!.map((s) => [s.index, s.range.line, s.range.column])).toEqual([[0, 18, 16]]);
    expect(v.blocks[0].range).toBeUndefined();
  });

  it('a statement sees the names declared before it, and not those declared after', async () => {
    const text = 'int x;\nint f(int a) {\n  int b = a;\n  { int x = b; a = x; }\n  return x;\n}\n';
    const p = await loadProgram({ file: '/virtual/scopes.c', text }, options);
    const f = p.functions[0];
    const visible = (line: number) => {
      const s = f.blocks.flatMap((b) => b.statements ?? []).find((st) => st.range.line === line)!;
      const names = new Map<string, string>();
      for (let n = s.scope; n >= 0; n = p.scopes![n].parent) {
        const node = p.scopes![n];
        if (!names.has(node.name) && node.symbol.kind === 'var') names.set(node.name, p.vars.get(node.symbol.id)!.kind);
      }
      return Object.fromEntries([...names].filter(([k]) => ['x', 'a', 'b'].includes(k)));
    };
    expect(visible(3)).toEqual({ x: 'global', a: 'param' });
    expect(visible(4)).toEqual({ x: 'global', a: 'param', b: 'local' });
    // `a = x;` in the inner block: the local x shadows the global one.
    const inner = f.blocks.flatMap((b) => b.statements ?? []).filter((st) => st.range.line === 4);
    expect(inner.map((s) => s.range.column)).toEqual([5, 16]);
    const xAt = (scope: number) => {
      for (let n = scope; n >= 0; n = p.scopes![n].parent) if (p.scopes![n].name === 'x') return p.vars.get((p.scopes![n].symbol as { id: number }).id)!.kind;
      return null;
    };
    expect([xAt(inner[0].scope), xAt(inner[1].scope)]).toEqual(['global', 'local']);
    expect(visible(5)).toEqual({ x: 'global', a: 'param', b: 'local' });
  });
});

describe('nested conditional expressions', () => {
  it('40 nested ?: lower once each (the type of each branch was lowered again at every level: 2^40 steps)', async () => {
    const depth = 40;
    const chain = Array.from({ length: depth }, (_, i) => `x == ${i} ? ${i * 3} : `).join('');
    const p = await loadProgram({ file: '/virtual/ternary.c', text: `int f(int x) { return ${chain}-1; }\n` }, options);
    expect(
      irProblems(
        p,
        p.functions.find((fn) => fn.name === 'f')!,
      ),
    ).toEqual([]);
    const { interpret } = await import('../../server/src/ir/interp');
    for (const [x, want] of [
      [0n, 0n],
      [39n, 117n],
      [40n, -1n],
    ])
      expect(interpret(p, 'f', [x]).result).toBe(want);
  });
});
