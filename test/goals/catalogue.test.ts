// Goal catalogue on hand-built IR: ids (with the @column rule), labels,
// runtime-error goals, and goalAt.
import { describe, expect, it } from 'vitest';
import type { Decision, Instr, Operand } from '../../server/src/ir/ir';
import { buildCatalogue, goalAt } from '../../server/src/goals/catalogue';
import { sourceText } from '../../server/src/ir/source';
import { DOUBLE, INT, UINT } from '../../server/src/ir/types';
import { fnFromSuccessors, intVar, programOf, v } from '../ir/helpers';

const src = ['int f(int x, int y) {', '  if (x < 4 && y) x = 1; else x = 2;', '  return x / y;', '}'].join('\n');
const range = (line: number, column: number, endColumn: number) => ({ line, column, endLine: line, endColumn });

function sample() {
  // 0: cond `x < 4` -> 1 | 2 ; 1: cond `y` -> 3 | 2 ; 3: x = 1 -> 4; 2: x = 2 -> 4; 4: t = x / y (exit)
  const f = fnFromSuccessors([[1, 2], [3, 2], [4], [4], []]);
  f.exitBlock = 4;
  const ifRange = range(2, 7, 17);
  const cond = (id: string, text: string, r: typeof ifRange, from: number, t: number, e: number): Decision => ({
    id,
    kind: 'condition',
    parent: 'f:2:if',
    text,
    range: r,
    outcomes: [
      { outcome: 'true', edges: [{ from, to: t }] },
      { outcome: 'false', edges: [{ from, to: e }] },
    ],
  });
  f.decisions = [
    {
      id: 'f:2:if',
      kind: 'if',
      text: 'x < 4 && y',
      range: ifRange,
      outcomes: [
        { outcome: 'true', edges: [{ from: 1, to: 3 }] },
        {
          outcome: 'false',
          edges: [
            { from: 0, to: 2 },
            { from: 1, to: 2 },
          ],
        },
      ],
    },
    cond('f:2:cond@7', 'x < 4', range(2, 7, 12), 0, 1, 2),
    cond('f:2:cond@16', 'y', range(2, 16, 17), 1, 3, 2),
  ];
  for (const b of f.blocks) b.hasCode = false;
  f.blocks[3].hasCode = true;
  f.blocks[3].range = range(2, 19, 25);
  f.blocks[2].hasCode = true;
  f.blocks[2].range = range(2, 31, 37);
  f.blocks[4].hasCode = true;
  f.blocks[4].range = range(3, 3, 16);
  const div: Instr = {
    kind: 'assign',
    dst: { root: { kind: 'var', id: 3 }, path: [], type: INT },
    value: { op: 'binary', bop: '/', a: v(1), b: v(2), type: INT },
    range: range(3, 10, 15),
  };
  f.blocks[4].instrs = [div];
  const program = programOf(f, [intVar(1, 'x', 'param'), intVar(2, 'y', 'param'), intVar(3, 't1', 'temp')]);
  program.source = src;
  return { f, program };
}

describe('buildCatalogue', () => {
  it('makes statement, decision, condition and runtime-error goals with stable ids and labels', () => {
    const { f, program } = sample();
    const goals = buildCatalogue(program, f, { runtimeErrors: true });
    const byId = new Map(goals.map((g) => [g.id, g]));
    expect([...byId.keys()].sort()).toEqual([
      'f:2:cond@16:false',
      'f:2:cond@16:true',
      'f:2:cond@7:false',
      'f:2:cond@7:true',
      'f:2:if:false',
      'f:2:if:true',
      'f:2:stmt@19',
      'f:2:stmt@31',
      'f:3:div-by-zero',
      'f:3:div-overflow',
      'f:3:stmt',
    ]);
    expect(byId.get('f:2:if:true')!.label).toBe('`if (x < 4 && y)` is true');
    expect(byId.get('f:2:cond@7:false')!.label).toBe('condition `x < 4` of `if (x < 4 && y)` is false');
    expect(byId.get('f:2:if:false')!.target).toEqual({
      kind: 'edges',
      edges: [
        { from: 0, to: 2 },
        { from: 1, to: 2 },
      ],
    });
    expect(byId.get('f:2:stmt@19')!.label).toBe('statement `x = 1;`');
    expect(byId.get('f:3:stmt')!.target).toEqual({ kind: 'block', block: 4 });
    expect(byId.get('f:3:div-by-zero')!.label).toBe('`x / y` may divide by zero');
    expect(byId.get('f:3:div-by-zero')!.target).toMatchObject({ kind: 'runtime-error', block: 4, index: 0, error: 'div-by-zero' });
    expect(new Set(goals.map((g) => g.id)).size).toBe(goals.length);
    expect(buildCatalogue(program, f, { runtimeErrors: false }).some((g) => g.kind === 'runtime-error')).toBe(false);
  });

  it('skips synthetic decisions and unsigned arithmetic; flags signed ops, shifts, float-to-int, bounds and null', () => {
    const f = fnFromSuccessors([[1, 2], [2], []]);
    f.decisions[0].synthetic = true;
    const at = (column: number) => range(1, column, column + 1);
    const dst = { root: { kind: 'var' as const, id: 3 }, path: [], type: INT };
    const assign = (value: Extract<Instr, { kind: 'assign' }>['value'], column: number): Instr => ({ kind: 'assign', dst, value, range: at(column) });
    const ptr: Operand = { kind: 'var', id: 5, type: { kind: 'pointer', to: INT } };
    f.blocks[1].instrs = [
      assign({ op: 'binary', bop: '+', a: v(1), b: v(2), type: UINT }, 1),
      assign({ op: 'binary', bop: '*', a: v(1), b: v(2), type: INT }, 3),
      assign({ op: 'binary', bop: '<<', a: v(1), b: v(2), type: INT }, 5),
      assign({ op: 'unary', uop: '-', a: v(1), type: INT }, 7),
      assign({ op: 'cast', a: { kind: 'var', id: 6, type: DOUBLE }, to: INT }, 9),
      assign({ op: 'load', place: { root: { kind: 'var', id: 4 }, path: [{ kind: 'index', index: v(1) }], type: INT } }, 11),
      assign({ op: 'load', place: { root: { kind: 'deref', ptr }, path: [], type: INT } }, 13),
      { kind: 'assert', cond: v(1), origin: 'assert', text: 'assert(x)', range: at(15) },
      { kind: 'error', text: 'reach_error()', range: at(17) },
    ];
    const program = programOf(f, [
      intVar(1, 'x', 'param'),
      intVar(2, 'y', 'param'),
      intVar(3, 't'),
      { ...intVar(4, 'a'), type: { kind: 'array', of: INT, length: 3 } },
    ]);
    program.source = 'x'.repeat(40);
    const goals = buildCatalogue(program, f, { runtimeErrors: true });
    expect(goals.filter((g) => g.kind === 'branch')).toEqual([]);
    const kinds = goals.filter((g) => g.kind !== 'statement').map((g) => `${g.range.column}:${g.outcome ?? g.id.split(':')[2]}`);
    // A dereference can be null, or outside any live object (out of bounds, freed): two goals.
    expect(kinds).toEqual([
      '3:overflow',
      '5:shift',
      '5:overflow',
      '7:overflow',
      '9:float-to-int',
      '11:bounds',
      '13:null',
      '13:bounds',
      '15:assert',
      '17:error',
    ]);
    const bounds = goals.find((g) => g.outcome === 'bounds')!;
    expect(bounds.target).toMatchObject({ detail: 'index in 0..2' });
    // Several goals of one kind on line 1: the tag takes the column.
    expect(goals.find((g) => g.range.column === 7)!.id).toBe('f:1:overflow@7');
    expect(goals.find((g) => g.kind === 'assertion' && g.range.column === 15)!.id).toBe('f:1:assert');
  });
});

describe('goalAt', () => {
  const { f, program } = sample();
  const goals = buildCatalogue(program, f, { runtimeErrors: true });
  it('picks the statement by column, the outermost decision by default, a condition by column', () => {
    expect(goalAt(goals, 3).id).toBe('f:3:stmt');
    expect(goalAt(goals, 2).id).toBe('f:2:stmt@19');
    expect(goalAt(goals, 2, 36).id).toBe('f:2:stmt@31');
    expect(goalAt(goals, 2, undefined, 'true').id).toBe('f:2:if:true');
    expect(goalAt(goals, 2, 16, 'false').id).toBe('f:2:cond@16:false');
    expect(goalAt(goals, 2, 8, 'true').id).toBe('f:2:cond@7:true');
  });
  it('lists what the line has when nothing matches', () => {
    expect(() => goalAt(goals, 3, undefined, 'true')).toThrow(/no decision with outcome 'true' on line 3; it has:\n {2}f:3:stmt/);
    expect(() => goalAt(goals, 9)).toThrow(/line 9; it has no goals/);
  });
});

describe('sourceText', () => {
  it('slices a range over lines and collapses whitespace', () => {
    expect(sourceText('ab\n  if (x)\n    y;', { line: 2, column: 3, endLine: 3, endColumn: 7 })).toBe('if (x) y;');
  });
});
