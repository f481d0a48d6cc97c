// Reads of uninitialised locals. A local whose address is never taken, read
// before any assignment since its declaration was reached, is undefined
// behaviour (C11 6.3.2.1p2; what MemorySanitizer reports). Which locals that
// rule covers, and where a read may happen before an assignment on some path
// of the control-flow graph (where the catalogue makes a runtime-error goal;
// the model decides for each execution, model/operands.ts).

import type { IRFunction, Program, Variable } from './ir';
import { successors } from './cfg';
import { forEachVar, terminatorOperands } from './walk';

/** A local the rule covers: automatic, address never taken, scalar (aggregates are not tracked). */
export function tracksInitialisation(v: Variable | undefined): boolean {
  if (!v || v.kind !== 'local' || v.addressTaken || v.isStatic) return false;
  return v.type.kind === 'int' || v.type.kind === 'float' || v.type.kind === 'pointer';
}

/**
 * For each block id, for each instruction index (the terminator's is the
 * number of instructions): the tracked locals it reads while some path may
 * not have assigned them since their declaration (`indeterminate`).
 */
export function uninitialisedReads(program: Program, fn: IRFunction): Map<number, Map<number, number[]>> {
  const tracked = (id: number) => tracksInitialisation(program.vars.get(id));
  const out = new Map<number, Map<number, number[]>>();
  const note = (block: number, index: number, ids: number[]) => {
    if (!ids.length) return;
    const m = out.get(block) ?? out.set(block, new Map()).get(block)!;
    m.set(index, [...new Set([...(m.get(index) ?? []), ...ids])]);
  };
  // Must-analysis: the tracked locals assigned on every path to each block's start (null: not reached yet).
  const atStart: (Set<number> | null)[] = fn.blocks.map(() => null);
  const entry = fn.blocks[0];
  if (!entry) return out;
  atStart[entry.id] = new Set();
  const work = [entry.id];
  const blockById = new Map(fn.blocks.map((b) => [b.id, b]));
  const transfer = (id: number, record: boolean): Set<number> => {
    const block = blockById.get(id)!;
    const assigned = new Set(atStart[id]!);
    block.instrs.forEach((ins, index) => {
      const reads: number[] = [];
      const dsts: number[] = [];
      forEachVar(ins, (v, role) => (role === 'dst' ? dsts : reads).push(v));
      if (record)
        note(
          id,
          index,
          reads.filter((v) => tracked(v) && !assigned.has(v)),
        );
      const fresh = ins.kind === 'assign' && ins.value.op === 'indeterminate';
      for (const v of dsts)
        if (fresh) assigned.delete(v);
        else assigned.add(v);
    });
    if (record)
      note(
        id,
        block.instrs.length,
        terminatorOperands(block.terminator).flatMap((op) => (op.kind === 'var' && tracked(op.id) && !assigned.has(op.id) ? [op.id] : [])),
      );
    return assigned;
  };
  while (work.length) {
    const id = work.pop()!;
    const end = transfer(id, false);
    for (const s of successors(blockById.get(id)!)) {
      const prev = atStart[s];
      const next = prev === null ? new Set(end) : new Set([...prev].filter((v) => end.has(v)));
      if (prev === null || next.size < prev.size) {
        atStart[s] = next;
        work.push(s);
      }
    }
  }
  for (const b of fn.blocks) if (atStart[b.id] !== null) transfer(b.id, true);
  return out;
}

const settable = new WeakMap<Program, Set<number>>();

/**
 * The locals (integer or floating) that some path may read before assigning them, over every function
 * of the program: under SV-COMP's convention (any value) each execution of their declaration gives them
 * a value of the datum, which the harness sets (testgen/indeterminate.ts).
 */
export function indeterminateLocals(program: Program): Set<number> {
  let s = settable.get(program);
  if (!s) {
    s = new Set();
    for (const fn of program.functions)
      for (const byIndex of uninitialisedReads(program, fn).values())
        for (const ids of byIndex.values())
          for (const id of ids) {
            const t = program.vars.get(id)?.type;
            if (t?.kind === 'int' || t?.kind === 'float') s.add(id);
          }
    settable.set(program, s);
  }
  return s;
}
