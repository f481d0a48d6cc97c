// SSA construction on hand-built functions: φ placement, renaming, versions.
import { describe, expect, it } from 'vitest';
import type { Instr, IRFunction, Operand } from '../../server/src/ir/ir';
import { toSsa, type SsaFunction } from '../../server/src/ir/ssa';
import { INT } from '../../server/src/ir/types';
import { fnFromSuccessors, intVar, k, programOf, R, set, v } from './helpers';
import { checkSsa } from './ssaCheck';

const X = 1,
  Y = 2,
  G = 3,
  RET = 4,
  P = 5;
const vars = [intVar(X, 'x'), intVar(Y, 'y'), intVar(G, 'g', 'global'), intVar(RET, 'ret', 'return'), intVar(P, 'p', 'local', true)];

/** The SSA id a renamed `dst = ...` instruction defines. */
function defined(instr: Instr): number {
  if (instr.kind !== 'assign' || !instr.dst || instr.dst.root.kind !== 'var') throw new Error('not a variable assignment');
  return instr.dst.root.id;
}
function readOf(instr: Instr): Operand[] {
  if (instr.kind !== 'assign') return [];
  const rv = instr.value;
  return rv.op === 'use' ? [rv.a] : rv.op === 'binary' ? [rv.a, rv.b] : [];
}
const origOf = (s: SsaFunction, id: number) => s.versions.get(id)!.orig;

describe('toSsa', () => {
  it('a variable assigned in both branches gets one φ at the join, fed by each arm', () => {
    // 0: if (c) 1 else 2; 1: x = 1; 2: x = 2; 3: y = x; ret = y -> 4 exit
    const f = fnFromSuccessors([[1, 2], [3], [3], [4], []], [[], [set(X, k(1))], [set(X, k(2))], [set(Y, v(X)), set(RET, v(Y))]]);
    f.returnVar = RET;
    const s = toSsa(programOf(f, vars), f);
    checkSsa(programOf(f, vars), f, s);
    expect([...s.phis.keys()]).toEqual([3]);
    const [phi] = s.phis.get(3)!;
    expect(phi.orig).toBe(X);
    const x1 = defined(s.fn.blocks[1].instrs[0]);
    const x2 = defined(s.fn.blocks[2].instrs[0]);
    expect(phi.args).toEqual([
      { from: 1, value: x1 },
      { from: 2, value: x2 },
    ]);
    expect(new Set([x1, x2, phi.dst]).size).toBe(3);
    // The join reads the φ's result.
    expect(readOf(s.fn.blocks[3].instrs[0])).toEqual([{ kind: 'var', id: phi.dst, type: INT }]);
    expect(s.exitVersions.get(RET)).toBe(defined(s.fn.blocks[3].instrs[1]));
    // Versions count up per variable; 0 is the entry value.
    expect(s.versions.get(s.entry.get(X)!)).toEqual({ orig: X, version: 0 });
    expect([x1, x2, phi.dst].map((id) => s.versions.get(id)!.version).sort()).toEqual([1, 2, 3]);
  });

  it('no φ for a variable assigned in one arm and dead after the join (pruned)', () => {
    const f = fnFromSuccessors([[1, 2], [3], [3], []], [[], [set(X, k(1))], [], []]);
    expect(toSsa(programOf(f, vars), f).phis.size).toBe(0);
  });

  it('a loop gets a header φ joining the entry value and the latch value', () => {
    // 0 -> 1; 1: while (x) 2 | 3; 2: x = x + -1 -> 1; 3: ret = x (exit)
    const f = fnFromSuccessors([[1], [2, 3], [1], []], [[], [], [set(X, v(X), k(-1))], [set(RET, v(X))]]);
    f.returnVar = RET;
    (f.blocks[1].terminator as { cond: Operand }).cond = v(X);
    const s = toSsa(programOf(f, vars), f);
    checkSsa(programOf(f, vars), f, s);
    const [phi] = s.phis.get(1)!;
    expect(phi.orig).toBe(X);
    const x2 = defined(s.fn.blocks[2].instrs[0]);
    expect(phi.args).toEqual([
      { from: 0, value: s.entry.get(X) },
      { from: 2, value: x2 },
    ]);
    expect((s.fn.blocks[1].terminator as { cond: Operand }).cond).toEqual({ kind: 'var', id: phi.dst, type: INT });
    expect(readOf(s.fn.blocks[2].instrs[0])[0]).toEqual({ kind: 'var', id: phi.dst, type: INT });
    expect(readOf(s.fn.blocks[3].instrs[0])[0]).toEqual({ kind: 'var', id: phi.dst, type: INT });
  });

  it('an entry block that is a loop header takes the entry value from edge -1', () => {
    const f = fnFromSuccessors([[1], [0, 2], []], [[set(X, v(X), k(1))]]);
    f.returnVar = RET;
    const s = toSsa(programOf(f, vars), f);
    // x is read in block 0 before being set: live at entry, so the φ exists.
    const [phi] = s.phis.get(0)!;
    expect(phi.args).toEqual([
      { from: -1, value: s.entry.get(X) },
      { from: 1, value: defined(s.fn.blocks[0].instrs[0]) },
    ]);
  });

  it('address-taken variables keep their ids; SSA ids are fresh and above every program id', () => {
    const f = fnFromSuccessors([[1], []], [[set(P, k(1)), set(X, v(P))]]);
    const s = toSsa(programOf(f, vars), f);
    expect(s.tracked.has(P)).toBe(false);
    expect(s.tracked.has(X)).toBe(true);
    expect(defined(s.fn.blocks[0].instrs[0])).toBe(P);
    expect(readOf(s.fn.blocks[0].instrs[1])).toEqual([{ kind: 'var', id: P, type: INT }]);
    for (const id of s.versions.keys()) expect(id).toBeGreaterThan(5);
    // The original function is not touched.
    expect(defined(f.blocks[0].instrs[1])).toBe(X);
  });

  it('a[i] = v records the version it updates; the global is observable at exit', () => {
    const arrType = { kind: 'array' as const, of: INT, length: 4 };
    const A = 6;
    const write: Instr = {
      kind: 'assign',
      dst: { root: { kind: 'var', id: A }, path: [{ kind: 'index', index: v(X) }], type: INT },
      value: { op: 'use', a: k(7) },
      range: R(2),
    };
    const f: IRFunction = fnFromSuccessors([[1], []], [[write, set(G, v(G), k(1))]]);
    const s = toSsa(programOf(f, [...vars, { ...intVar(A, 'a'), type: arrType }]), f);
    const copy = s.fn.blocks[0].instrs[0];
    expect(s.prev.get(copy)).toBe(s.entry.get(A));
    expect(origOf(s, defined(copy))).toBe(A);
    expect(s.versions.get(defined(copy))!.version).toBe(1);
    const index = (copy as Extract<Instr, { kind: 'assign' }>).dst!.path[0];
    expect(index).toEqual({ kind: 'index', index: { kind: 'var', id: s.entry.get(X), type: INT } });
    expect(s.exitVersions.get(G)).toBe(defined(s.fn.blocks[0].instrs[1]));
    expect(s.exitVersions.has(X)).toBe(false);
  });

  it('dead blocks are renamed too (every id used is a known version)', () => {
    // 0 -> 2 exit; 1 (dead): x = x + 1 -> 2
    const f = fnFromSuccessors([[2], [2], []], [[], [set(X, v(X), k(1))]]);
    const s = toSsa(programOf(f, vars), f);
    const dead = s.fn.blocks[1].instrs[0];
    expect(s.versions.has(defined(dead))).toBe(true);
    expect(readOf(dead)[0]).toEqual({ kind: 'var', id: s.entry.get(X), type: INT });
  });
});

describe('large functions', () => {
  it('5,000 sequential ifs and a deep loop nest go through every analysis quickly, without stack overflow', async () => {
    const { dominators, postDominators } = await import('../../server/src/ir/dominators');
    const { findLoops } = await import('../../server/src/ir/loops');
    const { controlDependences } = await import('../../server/src/ir/controlDependence');
    // Block 3i: if -> 3i+1 | 3i+2 ; both -> 3i+3. Every arm assigns x; then 300 nested self-entered loops.
    const n = 5000;
    const succ: number[][] = [];
    const instrs: Instr[][] = [];
    for (let i = 0; i < n; i++) {
      succ.push([3 * i + 1, 3 * i + 2], [3 * i + 3], [3 * i + 3]);
      instrs.push([], [set(X, v(X), k(1))], [set(X, k(i))]);
    }
    const base = succ.length;
    const depth = 300;
    // Loop nest: header H_j = base + j branches to H_{j+1} (H_{d-1}: to itself) or to X_j = base + depth + j;
    // X_j jumps back to H_{j-1} (X_0 to the exit), so X_j is the latch of loop j-1.
    const exitId = base + 2 * depth;
    for (let j = 0; j < depth; j++) succ.push([j === depth - 1 ? base + j : base + j + 1, base + depth + j]);
    for (let j = 0; j < depth; j++) succ.push([j === 0 ? exitId : base + j - 1]);
    succ.push([]);
    const f = fnFromSuccessors(succ, instrs);
    f.returnVar = RET;
    f.blocks[f.blocks.length - 1].instrs = [set(RET, v(X))];
    const t0 = Date.now();
    const s = toSsa(programOf(f, vars), f);
    dominators(f);
    postDominators(f);
    const loops = findLoops(f);
    controlDependences(f);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(s.phis.size).toBeGreaterThanOrEqual(n);
    expect(loops.length).toBe(depth);
    expect(Math.max(...loops.map((l) => l.depth))).toBe(depth);
    expect(loops[0].body.size).toBe(2 * depth - 1);
  });
});

describe('checkSsa (the well-formedness check used on real C)', () => {
  it('rejects a use not dominated by its definition', () => {
    const f = fnFromSuccessors([[1, 2], [3], [3], [4], []], [[], [set(X, k(1))], [set(X, k(2))], [set(Y, v(X)), set(RET, v(Y))]]);
    f.returnVar = RET;
    const p = programOf(f, vars);
    const s = toSsa(p, f);
    const x1 = defined(s.fn.blocks[1].instrs[0]);
    s.fn.blocks[3].instrs[0] = set(Y, v(x1)); // reads the then-arm's x at the join
    expect(() => checkSsa(p, f, s)).toThrow(/not dominated/);
  });
});
