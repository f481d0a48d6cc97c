// Every seed program goes through the front end; the shapes of the small ones
// are checked against what C says they are.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { loadProgram, type FrontendOptions } from '../../server/src/frontend';
import type { IRFunction, Program } from '../../server/src/ir/ir';

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
          const targets = t.kind === 'goto' ? [t.target] : t.kind === 'branch' ? [t.then, t.else] : t.kind === 'switch' ? [...t.cases.map((c) => c.target), t.default] : [];
          for (const x of targets) expect(x >= 0 && x < fun.blocks.length).toBe(true);
        }
        const ids = fun.decisions.map((d) => d.id);
        expect(new Set(ids).size).toBe(ids.length);
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
