// Every seed program goes through the front end; the shapes of the small ones
// are checked against what C says they are.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { loadProgram, type FrontendOptions } from '../../server/src/frontend';
import type { IRFunction, Program } from '../../server/src/ir/ir';
import { irProblems } from './ir-check';
import { interpret, type Value } from '../../server/src/ir/interp';

const fixtures = path.join(__dirname, '..', 'fixtures');
const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };
const unsupportedAllowed = /^(ptr_|fp_|josephus)/;

function fn(p: Program, name: string): IRFunction {
  const f = p.functions.find((x) => x.name === name);
  if (!f) throw new Error(`no function ${name}`);
  return f;
}

describe('seed fixtures', () => {
  const files = readdirSync(fixtures).filter((f) => f.endsWith('.c') || f.endsWith('.i'));
  it('finds the fixtures', () => expect(files.length).toBeGreaterThanOrEqual(16));
  for (const f of files) {
    it(`lowers ${f}`, async () => {
      const p = await loadProgram({ file: path.join(fixtures, f) }, options);
      expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      if (!unsupportedAllowed.test(f)) expect(p.diagnostics).toEqual([]);
      expect(p.functions.length).toBeGreaterThan(0);
      for (const fun of p.functions) {
        fun.blocks.forEach((b, i) => expect(b.id).toBe(i));
        const returns = fun.blocks.filter((b) => b.terminator.kind === 'return');
        expect(returns.map((b) => b.id)).toEqual([fun.exitBlock]);
        for (const b of fun.blocks) {
          const t = b.terminator;
          const targets =
            t.kind === 'goto' ? [t.target] : t.kind === 'branch' ? [t.then, t.else] : t.kind === 'switch' ? [...t.cases.map((c) => c.target), t.default] : [];
          for (const x of targets) expect(x >= 0 && x < fun.blocks.length).toBe(true);
        }
        const ids = fun.decisions.map((d) => d.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(irProblems(p, fun)).toEqual([]);
      }
    });
  }
});

describe('factorial.c (ISSTA 98, Fig. 1)', () => {
  it('has the loop decision, the if decision and statement blocks on the right lines', async () => {
    const p = await loadProgram({ file: path.join(fixtures, 'factorial.c') }, options);
    const f = fn(p, 'f');
    expect(f.decisions.map((d) => [d.id, d.kind, d.text])).toEqual([
      ['f:8:while', 'while', 'i != 0'],
      ['f:12:if', 'if', 'j == 2'],
    ]);
    const loop = f.decisions[0];
    const trueEdge = loop.outcomes.find((o) => o.outcome === 'true')!.edges[0];
    // The loop body jumps back to the block holding the loop condition.
    const body = f.blocks[trueEdge.to];
    expect(body.terminator).toEqual({ kind: 'goto', target: trueEdge.from });
    expect(f.blocks[trueEdge.from].edgeLabels[trueEdge.to].text).toBe('i != 0: true');
    expect(body.edgeLabels[trueEdge.from].text).toBe('loop back');
    // `i = 2;` is its own block, on line 13.
    const goal = f.blocks.find((b) => b.hasCode && b.range?.line === 13)!;
    expect(goal.instrs).toHaveLength(1);
    expect(goal.range).toMatchObject({ line: 13, column: 9 });
  });
});

describe('contracts', () => {
  it('turns requires into assumes at entry, each conjunct on its own', async () => {
    const p = await loadProgram({ file: path.join(fixtures, 'cl2000_foo.c') }, options);
    const f = fn(p, 'foo');
    const assumes = f.blocks[0].instrs.filter((i) => i.kind === 'assume');
    expect(assumes).toHaveLength(4);
    expect(assumes.every((a) => a.kind === 'assume' && a.origin === 'requires')).toBe(true);
    expect(assumes[0].range).toMatchObject({ line: 9, column: 14 });
    expect(f.contract.requires[0].text).toBe('0 <= x && x <= 46340 && 0 <= y && y <= 46340');
    // The assumes come before any user code.
    const firstAssign = f.blocks[0].instrs.findIndex((i) => i.kind === 'assign' && i.range.line >= 10);
    expect(firstAssign).toBeGreaterThan(f.blocks[0].instrs.lastIndexOf(assumes[3]));
  });
  it('sample.c requires over array parameters', async () => {
    const p = await loadProgram({ file: path.join(fixtures, 'sample.c') }, options);
    const f = fn(p, 'sample');
    expect(f.blocks[0].instrs.filter((i) => i.kind === 'assume')).toHaveLength(14);
  });
});

describe('assert', () => {
  it('becomes an assert instruction with the expression text and the assert(...) range', async () => {
    const p = await loadProgram({ file: path.join(fixtures, 'tcas_assert.c') }, options);
    const f = fn(p, 'foo');
    const asserts = f.blocks.flatMap((b) => b.instrs).filter((i) => i.kind === 'assert');
    expect(asserts).toHaveLength(1);
    expect(asserts[0]).toMatchObject({ origin: 'assert', text: 'z > -2500', range: { line: 19, column: 5, endLine: 19, endColumn: 22 } });
  });
});

describe('seed programs run on the IR give the answers of EXPECTED.md', () => {
  const load = (f: string) => loadProgram({ file: path.join(fixtures, f) }, options);
  const run = (p: Program, f: string, args: (bigint | number | bigint[])[]) => interpret(p, f, args).result;

  it('scalar seeds', async () => {
    expect(run(await load('factorial.c'), 'f', [2n])).toBe(2n);
    expect(run(await load('example2.c'), 'g', [2n, 3n])).toBe(1n);
    expect(run(await load('example2.c'), 'g', [3n, 2n])).toBe(0n);
    const cl = await load('cl2000_foo.c');
    let count = 0;
    for (let x = 0n; x <= 12n; x++) for (let y = 0n; y <= 4n; y++) if (run(cl, 'foo', [x, y]) === 1n) count++;
    expect(count).toBe(13);
    const mod = await load('modular.c');
    expect(run(mod, 'f', [2147483648n])).toBe(1n);
    expect(run(mod, 'f', [2147483647n])).toBe(0n);
    const loops = await load('loops_w.c');
    expect(run(loops, 'power', [10n, 3n])).toBe(1n);
    expect(run(loops, 'sum', [10n])).toBe(1n);
    expect(run(loops, 'gcd', [4n, 18n])).toBe(2n);
    const jos = await load('josephus.c');
    expect(jos.diagnostics).toEqual([]);
  });

  it('tritype classifies triangles; the checked version never fails', async () => {
    const p = await load('tritype.c');
    expect(
      [
        [3n, 4n, 5n],
        [2n, 2n, 3n],
        [5n, 5n, 5n],
        [1n, 2n, 3n],
        [0n, 1n, 1n],
      ].map((a) => run(p, 'tritype', a)),
    ).toEqual([1n, 2n, 3n, 4n, 4n]);
    for (const a of [
      [65535n, 65535n, 65535n],
      [1n, 1n, 2n],
      [7n, 3n, 3n],
    ])
      expect(interpret(p, 'tritype_checked', a).violation).toBeUndefined();
  });

  it('tcas assertion: x = 50, y = 1 violates it', async () => {
    const p = await load('tcas_assert.c');
    expect(interpret(p, 'foo', [50n, 1n]).violation).toMatchObject({ kind: 'assert', text: 'z > -2500', line: 19 });
    expect(interpret(p, 'foo', [1n, 1n]).violation).toBeUndefined();
  });

  it('sample: arrays passed to pointer parameters, requires checked', async () => {
    const p = await load('sample.c');
    expect(run(p, 'sample', [[3n, 4n, 5n], [5n, 5n, 5n], 5n])).toBe(1n);
    expect(run(p, 'sample', [[3n, 4n, 5n], [5n, 4n, 5n], 5n])).toBe(0n);
    expect(interpret(p, 'sample', [[0n, 4n, 5n], [5n, 5n, 5n], 5n]).stopped).toBe('assume');
  });

  it('pointer seeds', async () => {
    expect(run(await load('ptr_foo.c'), 'foo', [5n])).toBe(1n);
    expect(run(await load('ptr_foo.c'), 'foo', [4n])).toBe(0n);
    const alias = await load('ptr_conditional_alias.c');
    expect(run(alias, 'f', [7n, 7n, 1n])).toBe(1n);
    expect(run(alias, 'f', [7n, 7n, 0n])).toBe(0n);
    const lh = await load('ptr_lh98.c');
    expect([7n, 8n, 9n, 10n].map((h) => run(lh, 'lh98', [h]))).toEqual([0n, 1n, 1n, 0n]);
    const jos97 = await load('ptr_jos97.c');
    expect([0n, 1n, 2n, 3n, 4n, 5n].map((i) => run(jos97, 'jos97', [i]))).toEqual([0n, 0n, 1n, 0n, 0n, 1n]);
  });

  it('floating-point seeds (binary32 and binary64)', async () => {
    const p = await load('fp_single.c');
    expect(run(p, 'fp1', [1.4e-45])).toBe(1n);
    expect(run(p, 'fp1', [32767.998046875])).toBe(1n);
    expect(run(p, 'fp1', [32768])).toBe(0n);
    expect(run(p, 'fp2', [9999])).toBe(0n);
    expect(run(p, 'fp2d', [6.103515625e-5])).toBe(0n);
    expect(run(p, 'fp2d', [6.103515625e-5 + 2 ** -66])).toBe(1n);
  });

  it('josephus with a malloc that hands out fresh struct nodes: f(41, 3) == 31', async () => {
    const p = await load('josephus.c');
    const f = fn(p, 'f');
    const t = [...f.locals].map((id) => p.vars.get(id)!).find((v) => v.name === 't')!;
    const node = (t.type as Extract<typeof t.type, { kind: 'pointer' }>).to;
    const malloc = (): Value => ({ kind: 'ptr', obj: { name: 'heap', type: node, value: undefined }, path: [], delta: 0 });
    const free = (): Value => undefined;
    expect(interpret(p, 'f', [41n, 3n], { externals: { malloc, free } }).result).toBe(31n);
    expect(interpret(p, 'f', [2n, 3n], { externals: { malloc, free } }).result).toBe(2n);
  });
});

describe('decisions and edge labels', () => {
  const lower = async (text: string) => (await loadProgram({ file: 'shape.c', text }, options)).functions[0];

  it('switch: one outcome per label, stacked labels are distinct edges, implicit default, fall-through', async () => {
    const f = await lower(
      ['int s(int c) {', '  int r = 0;', '  switch (c) {', '  case 1:', '  case 2: r = 1;', '  case 3: r += 2; break;', '  }', '  return r;', '}'].join('\n'),
    );
    const d = f.decisions.find((x) => x.kind === 'switch')!;
    expect(d.id).toBe('s:3:switch');
    expect(d.outcomes.map((o) => o.outcome)).toEqual(['case 1', 'case 2', 'case 3', 'default (none)']);
    const [c1, c2, c3, def] = d.outcomes.map((o) => o.edges[0]);
    expect(new Set([c1.to, c2.to, c3.to, def.to]).size).toBe(4);
    expect(f.blocks[c1.to].edgeLabels[c2.to].text).toBe('fall-through');
    expect(f.blocks[c2.to].edgeLabels[c3.to].text).toBe('fall-through');
    expect(f.blocks[c1.from].edgeLabels[c3.to]).toMatchObject({ text: 'case 3', decision: 's:3:switch', outcome: 'case 3' });
    const sw = f.blocks[c1.from].terminator;
    expect(sw).toMatchObject({ kind: 'switch', default: def.to, cases: [{ values: [1n] }, { values: [2n] }, { values: [3n] }] });
    // break leaves to the block after the switch, which is also the implicit default's target.
    expect(f.blocks[c3.to].terminator).toEqual({ kind: 'goto', target: def.to });
    expect(f.blocks[c3.to].edgeLabels[def.to].text).toBe('break');
  });

  it('two decisions on one line get @column; ?: is a ternary decision', async () => {
    const f = await lower('int t(int a, int b) {\n  return (a > 0 ? a : -a) + (b > 0 ? b : -b);\n}\n');
    expect(f.decisions.map((d) => [d.id, d.kind, d.text])).toEqual([
      ['t:2:ternary@11', 'ternary', 'a > 0'],
      ['t:2:ternary@30', 'ternary', 'b > 0'],
    ]);
  });

  it('for(;;) has no decision; goto edges are labelled', async () => {
    const f = await lower('int g(int x) {\n  for (;;) {\n    if (x > 3) goto out;\n    x++;\n  }\nout:\n  return x;\n}\n');
    expect(f.decisions.map((d) => d.id)).toEqual(['g:3:if']);
    const labels = f.blocks.flatMap((b) => Object.values(b.edgeLabels).map((l) => l.text));
    expect(labels).toEqual(expect.arrayContaining(['goto out', 'loop back', 'x > 3: true', 'x > 3: false']));
  });
});

describe('the IR invariant checker used above', () => {
  it('notices an operand not converted to the operation type, and an unknown variable', async () => {
    const p = await loadProgram({ file: 'chk.c', text: 'int c(char a, int b) { return a + b; }\n' }, options);
    const f = fn(p, 'c');
    expect(irProblems(p, f)).toEqual([]);
    const add = f.blocks.flatMap((b) => b.instrs).find((i) => i.kind === 'assign' && i.value.op === 'binary')!;
    if (add.kind !== 'assign' || add.value.op !== 'binary') throw new Error('no addition');
    const a = f.params[0];
    add.value.a = { kind: 'var', id: a, type: p.vars.get(a)!.type };
    expect(irProblems(p, f)).toEqual([expect.stringMatching(/operands of \+ differ in type/), expect.stringMatching(/\+ done in another type/)]);
    add.value.a = { kind: 'var', id: 9999, type: p.vars.get(a)!.type };
    expect(irProblems(p, f)).toContainEqual(expect.stringMatching(/unknown variable 9999/));
  });
});
