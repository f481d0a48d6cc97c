// Checks that an SsaFunction is well formed: single assignment, every read of
// a tracked variable renamed, every use dominated by its definition, φ args
// one per incoming edge.
import { expect } from 'vitest';
import type { Instr, IRFunction, Operand, Program } from '../../server/src/ir/ir';
import { predecessors, reachableFromEntry } from '../../server/src/ir/cfg';
import { dominators } from '../../server/src/ir/dominators';
import type { SsaFunction } from '../../server/src/ir/ssa';
import { forEachPlace, rvalueOperands } from '../../server/src/ir/walk';

function reads(instr: Instr): number[] {
  const ids: number[] = [];
  const op = (o: Operand) => o.kind === 'var' && ids.push(o.id);
  forEachPlace(instr, (place, role) => {
    if (place.root.kind === 'deref') op(place.root.ptr);
    else if (role !== 'dst') ids.push(place.root.id);
    for (const e of place.path) if (e.kind === 'index') op(e.index);
  });
  if (instr.kind === 'assign') rvalueOperands(instr.value).forEach(op);
  if (instr.kind === 'assume' || instr.kind === 'assert') op(instr.cond);
  return ids;
}

export function checkSsa(program: Program, original: IRFunction, s: SsaFunction): void {
  const fn = s.fn;
  expect(fn.blocks.map((b) => b.id)).toEqual(original.blocks.map((b) => b.id));
  const preds = predecessors(fn);
  const reach = reachableFromEntry(fn);
  const dom = dominators(fn);
  // Where each SSA id is defined: [block, position] (position -1: φ; entry values: block -1).
  const defAt = new Map<number, [number, number]>();
  const define = (id: number, at: [number, number]) => {
    expect(defAt.has(id), `SSA id ${id} defined twice`).toBe(false);
    expect(s.versions.has(id), `SSA id ${id} has no version`).toBe(true);
    defAt.set(id, at);
  };
  for (const id of s.entry.values()) define(id, [-1, 0]);
  for (const [b, phis] of s.phis) {
    for (const phi of phis) {
      define(phi.dst, [b, -1]);
      expect(s.versions.get(phi.dst)!.orig).toBe(phi.orig);
      const froms = phi.args.map((a) => a.from).filter((f) => f !== -1);
      expect(froms).toEqual(preds[b]);
    }
  }
  fn.blocks.forEach((b) =>
    b.instrs.forEach((instr, i) => {
      if (instr.kind === 'assign' && instr.dst?.root.kind === 'var' && s.versions.has(instr.dst.root.id)) define(instr.dst.root.id, [b.id, i]);
    }),
  );
  const dominatesUse = (id: number, block: number, pos: number) => {
    const [db, dp] = defAt.get(id)!;
    if (db === -1 || !reach.has(block)) return true;
    return db === block ? dp < pos : dom.dominates(db, block);
  };
  for (const b of fn.blocks) {
    b.instrs.forEach((instr, i) => {
      for (const id of reads(instr)) {
        expect(s.tracked.has(id), `block ${b.id}: tracked variable ${id} not renamed`).toBe(false);
        if (s.versions.has(id)) expect(dominatesUse(id, b.id, i), `use of ${id} in block ${b.id} not dominated by its definition`).toBe(true);
      }
      const prev = s.prev.get(instr);
      if (prev !== undefined) expect(dominatesUse(prev, b.id, i)).toBe(true);
    });
  }
  for (const [b, phis] of s.phis) {
    for (const phi of phis) {
      for (const a of phi.args) {
        if (a.from === -1 || a.value === null) continue;
        expect(s.versions.get(a.value)!.orig).toBe(phi.orig);
        expect(dominatesUse(a.value, a.from, Infinity), `φ arg of block ${b} from ${a.from}`).toBe(true);
      }
    }
  }
  for (const [orig, id] of s.exitVersions) expect(s.versions.get(id)!.orig).toBe(orig);
  for (const id of s.versions.keys()) expect(program.vars.has(id)).toBe(false);
}
