// Dominators, post-dominators, frontiers, loops, reducibility and control
// dependence on hand-built CFGs whose answers are worked out by hand.
import { describe, expect, it } from 'vitest';
import { predecessors, reachableFromEntry, reversePostorder, successors } from '../../server/src/ir/cfg';
import { dominanceFrontiers, dominators, postDominanceFrontiers, postDominators } from '../../server/src/ir/dominators';
import { findLoops, irreducibleEdges, isReducible } from '../../server/src/ir/loops';
import { controlDependences } from '../../server/src/ir/controlDependence';
import { fnFromSuccessors } from './helpers';

// 0: if (c0) { 1 } else { 2 }; 3: join; 4: exit
const diamond = () => fnFromSuccessors([[1, 2], [3], [3], [4], []]);
// 0 -> 1 (while header: c1 ? 2 : 3); 2 -> 1; 3 exit
const whileLoop = () => fnFromSuccessors([[1], [2, 3], [1], []]);

describe('cfg', () => {
  it('lists successors in terminator order without duplicates', () => {
    const f = fnFromSuccessors([[1, 2], [3], [3], []]);
    expect(successors(f.blocks[0])).toEqual([1, 2]);
    f.blocks[0].terminator = {
      kind: 'branch',
      cond: { kind: 'const', value: 1n, type: { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' } },
      then: 3,
      else: 3,
      decision: 'd0',
      range: f.blocks[0].range!,
    };
    expect(successors(f.blocks[0])).toEqual([3]);
    const s = fnFromSuccessors([[2, 1, 2, 3], [3], [3], []]);
    expect(successors(s.blocks[0])).toEqual([2, 1, 3]);
  });
  it('gives predecessors, reverse postorder and reachability', () => {
    const f = fnFromSuccessors([[1, 2], [3], [3], [], [3]]); // block 4 is dead code
    f.exitBlock = 3;
    expect(predecessors(f)).toEqual([[], [0], [0], [1, 2, 4], []]);
    const rpo = reversePostorder(f);
    expect(rpo[0]).toBe(0);
    expect(rpo.indexOf(3)).toBeGreaterThan(rpo.indexOf(1));
    expect(rpo.indexOf(3)).toBeGreaterThan(rpo.indexOf(2));
    expect([...reachableFromEntry(f)].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('dominators', () => {
  it('diamond: the join is dominated by the entry only, post-dominates both arms', () => {
    const f = diamond();
    const dom = dominators(f);
    expect(dom.idom.slice(0, 5)).toEqual([-1, 0, 0, 0, 3]);
    expect(dom.dominates(0, 3)).toBe(true);
    expect(dom.dominates(1, 3)).toBe(false);
    expect(dom.dominates(3, 3)).toBe(true);
    const pdom = postDominators(f);
    expect(pdom.idom.slice(0, 5)).toEqual([3, 3, 3, 4, pdom.virtualExit]);
    expect(pdom.dominates(3, 0)).toBe(true);
    expect(pdom.dominates(1, 0)).toBe(false);
    const df = dominanceFrontiers(f);
    expect([...df[1]]).toEqual([3]);
    expect([...df[2]]).toEqual([3]);
    expect([...df[0]]).toEqual([]);
    const pdf = postDominanceFrontiers(f);
    expect([...pdf[1]]).toEqual([0]);
    expect([...pdf[3]]).toEqual([]);
  });
  it('while loop: the header is in its own frontier and in the body frontier', () => {
    const f = whileLoop();
    const dom = dominators(f);
    expect(dom.idom.slice(0, 4)).toEqual([-1, 0, 1, 1]);
    const df = dominanceFrontiers(f);
    expect([...df[2]]).toEqual([1]);
    expect([...df[1]]).toEqual([1]);
  });
  it('stop blocks join the virtual exit: an abort arm does not post-dominate', () => {
    // 0: if (c0) abort (1) else 2; 2 -> 3 exit
    const f = fnFromSuccessors([[1, 2], [], [3], []]);
    const pdom = postDominators(f);
    expect(pdom.idom[1]).toBe(pdom.virtualExit);
    expect(pdom.idom[0]).toBe(pdom.virtualExit);
    expect(pdom.dominates(2, 0)).toBe(false);
  });
  it('an infinite loop still gets post-dominators (one artificial exit)', () => {
    // 0 -> 1; 1: if (c1) 2 else 3; 2 -> 1; 3 -> 3 (for (;;);) ; 4 exit unreachable
    const f = fnFromSuccessors([[1], [2, 3], [1], [3], []]);
    const pdom = postDominators(f);
    expect(pdom.artificialExits).toEqual([3]);
    for (let b = 0; b < 5; b++) expect(pdom.idom[b]).not.toBe(-1);
  });
  it('unreachable blocks have no dominator', () => {
    const f = fnFromSuccessors([[2], [2], []]);
    expect(dominators(f).idom[1]).toBe(-1);
    expect(dominators(f).dominates(0, 1)).toBe(false);
  });
});

describe('loops', () => {
  it('finds a while loop with its latch and exit', () => {
    const [loop, ...rest] = findLoops(whileLoop());
    expect(rest).toEqual([]);
    expect(loop.header).toBe(1);
    expect([...loop.body].sort()).toEqual([1, 2]);
    expect(loop.latches).toEqual([2]);
    expect(loop.exits).toEqual([{ from: 1, to: 3 }]);
    expect(loop.parent).toBeNull();
    expect(loop.depth).toBe(1);
  });
  it('nests loops and merges back edges to one header (continue)', () => {
    // 0->1; 1: outer header (2 | 7); 2: inner header (3 | 6); 3: (4 | 5) ; 4 -> 2 (continue); 5 -> 2; 6 -> 1; 7 exit
    const f = fnFromSuccessors([[1], [2, 7], [3, 6], [4, 5], [2], [2], [1], []]);
    const loops = findLoops(f);
    expect(loops.map((l) => l.header)).toEqual([1, 2]);
    const [outer, inner] = loops;
    expect([...outer.body].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...inner.body].sort()).toEqual([2, 3, 4, 5]);
    expect(inner.latches.sort()).toEqual([4, 5]);
    expect(inner.parent).toBe(1);
    expect(inner.depth).toBe(2);
    expect(inner.exits).toEqual([{ from: 2, to: 6 }]);
    expect(isReducible(f)).toBe(true);
  });
  it('detects an irreducible cycle (two entries, made by goto)', () => {
    // 0: if (c0) goto 1 else goto 2; 1 -> 2; 2: (1 | 3); 3 exit.  Cycle 1<->2 entered at both.
    const f = fnFromSuccessors([[1, 2], [2], [1, 3], []]);
    expect(isReducible(f)).toBe(false);
    expect(irreducibleEdges(f)).toHaveLength(1);
    expect(findLoops(f)).toEqual([]);
  });
  it('a self loop is a natural loop', () => {
    const f = fnFromSuccessors([[1], [1, 2], []]);
    const [loop] = findLoops(f);
    expect(loop.header).toBe(1);
    expect(loop.latches).toEqual([1]);
    expect([...loop.body]).toEqual([1]);
  });
});

describe('control dependence', () => {
  it('ISSTA98 factorial shape: the then-block depends only on the if', () => {
    // 0: j = 1 -> 1; 1: while (i != 0) 2 | 3; 2 -> 1; 3: if (j == 2) 4 | 5; 4 -> 5; 5 exit
    const f = fnFromSuccessors([[1], [2, 3], [1], [4, 5], [5], []]);
    const cd = controlDependences(f);
    expect(cd[4]).toEqual([{ decision: 'd3', outcome: 'true' }]);
    expect(cd[2]).toEqual([{ decision: 'd1', outcome: 'true' }]);
    // The loop header depends on its own condition (it runs again when true).
    expect(cd[1]).toEqual([{ decision: 'd1', outcome: 'true' }]);
    expect(cd[0]).toEqual([]);
    expect(cd[3]).toEqual([]);
    expect(cd[5]).toEqual([]);
  });
  it('nested ifs depend on the inner decision only; a switch case on its outcome', () => {
    // 0: if (c0) 1 | 4; 1: if (c1) 2 | 3; 2 -> 3; 3 -> 4; 4: switch 5 6 7(default); 5,6,7 -> 8 exit
    const f = fnFromSuccessors([[1, 4], [2, 3], [3], [4], [5, 6, 7], [8], [8], [8], []]);
    const cd = controlDependences(f);
    expect(cd[2]).toEqual([{ decision: 'd1', outcome: 'true' }]);
    expect(cd[1]).toEqual([{ decision: 'd0', outcome: 'true' }]);
    expect(cd[3]).toEqual([{ decision: 'd0', outcome: 'true' }]);
    expect(cd[6]).toEqual([{ decision: 's4', outcome: 'case 1' }]);
    expect(cd[7]).toEqual([{ decision: 's4', outcome: 'default' }]);
  });
  it('a block reached from two decisions depends on both (a disjunction)', () => {
    // 0: if 1 | 2; 1: if 3 | 4; 2: if 3 | 4; 3 -> 4; 4 exit
    const f = fnFromSuccessors([[1, 2], [3, 4], [3, 4], [4], []]);
    const cd = controlDependences(f);
    expect(cd[3]).toEqual([
      { decision: 'd1', outcome: 'true' },
      { decision: 'd2', outcome: 'true' },
    ]);
  });
  it('code after an abort arm depends on the other outcome', () => {
    const f = fnFromSuccessors([[1, 2], [], [3], []]);
    const cd = controlDependences(f);
    expect(cd[2]).toEqual([{ decision: 'd0', outcome: 'false' }]);
    expect(cd[3]).toEqual([{ decision: 'd0', outcome: 'false' }]);
  });
});
