// Array-content candidate invariants (issue 13's "array-content facts for
// simple fills"), written directly as IR like the kept quantities of
// candidates.ts, for a loop whose counter i goes up by 1 from a known start
// i0 and which writes `p[i]` (p a pointer or an array the loop does not
// reassign):
//
// - what the loop has written: `\forall integer k; i0 <= k < i ==> p[k] == c`
//   for the function's small constants c, `<=` and `>=` the greatest and least
//   constants the loop stores (when it stores two or more) and the integers it
//   stores and does not change (`p[k] <= n` after a clamp);
// - what it has not written yet, kept from an earlier loop:
//   `\forall integer k; i <= k < n ==> p[k] == c` for n an integer the loop
//   reads and does not change;
// - sums the loop accumulates in a variable or a fixed array element (`sum[0]
//   += a[i]`, a step no constant gives): `L - K * i == \at(L - K * i,
//   LoopEntry)` in long long, for small constants K (also `<=` and `>=` for K
//   the least or greatest constant a loop of the function stores).
// All of them only in functions where some loop fills an array.
//
// None is trusted: Houdini (prover.ts) checks them in the encoder's semantics
// like every candidate; the quantifier is the IR's `forallElements`, which
// the encoder gives meaning without a Z3 quantifier (model/memory.ts).

import type { Instr, IRFunction, Operand, Place, Program, Rvalue } from '../ir/ir';
import { INT, LLONG, type CType, type IntType } from '../ir/types';
import type { Loop } from '../ir/loops';
import type { LoweredCandidate } from './transform';
import { loopEffects } from './transform';
import { candidateCode, functionConstants, loopFacts, type LoopFacts } from './candidates';

/** Constants a content candidate compares elements with, and multiples K of a sum, at most. */
const MAX_VALUES = 6;
/** Bounds of the part a loop has not written yet, at most. */
const MAX_BOUNDS = 3;

/** One array the loop writes at its counter: `p[i] = ...` each time round. */
interface Fill {
  /** A pointer to the array's first element (or the pointer the loop indexes), as an operand at the head. */
  ptr: Operand;
  /** How the report writes the array. */
  name: string;
  elem: IntType;
  /** The constants the loop writes there. */
  stored: bigint[];
  /** The variables (ids) whose values the loop writes there (`a[i] = n`). */
  storedVars: number[];
  counter: { id: number; name: string; type: IntType; start: bigint };
}

/** The candidates of this file for one loop: none without a counter, or when no loop of the function fills an array. */
export function contentCandidates(program: Program, fn: IRFunction, loop: Loop, loops: Loop[], firstTempId: number): LoweredCandidate[] {
  const facts = loopFacts(program, fn, loop, loops);
  const counters = countersOf(program, facts);
  // The fills of every loop of the function: a sum alone is for the other candidates.
  const fillsIn = new Map(loops.map((l) => [l, fillsOf(program, fn, l, countersOf(program, l === loop ? facts : loopFacts(program, fn, l, loops)))]));
  const allFills = [...fillsIn.values()].flat();
  if (!counters.length || !allFills.length) return [];
  const head = fn.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn.range;
  let next = firstTempId;
  const out: LoweredCandidate[] = [];
  const constants = functionConstants(fn).slice(0, MAX_VALUES);

  const fills = fillsIn.get(loop) ?? [];
  // Bounds of what a loop of the function stores: the least and greatest constant written (when two or more are).
  const extremesOf = (fs: Fill[]) => {
    const stored = [...new Set(fs.flatMap((f) => f.stored))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return stored.length > 1 ? [stored[0], stored[stored.length - 1]] : [];
  };
  const extremes = extremesOf(fills);
  for (const fill of fills) {
    const values = [...new Set([...fill.stored, ...constants])].filter((c) => fits(c, fill.elem)).slice(0, MAX_VALUES);
    const i: Operand = { kind: 'var', id: fill.counter.id, type: fill.counter.type };
    const start: Operand = { kind: 'const', value: fill.counter.start, type: fill.counter.type };
    const bounds = facts.others
      .map((n) => ({ n, id: facts.otherIds.get(n)! }))
      .filter((b) => sameInt(program.vars.get(b.id)!.type, fill.counter.type))
      .slice(0, MAX_BOUNDS);
    const parts: { lo: Operand; hi: Operand; text: string; rels: ('==' | '<=' | '>=')[] }[] = [
      { lo: start, hi: i, text: `${num(fill.counter.start)} <= k < ${fill.counter.name}`, rels: ['==', '<=', '>='] },
      ...bounds.map((b) => ({
        lo: i,
        hi: { kind: 'var', id: b.id, type: fill.counter.type } as Operand,
        text: `${fill.counter.name} <= k < ${b.n}`,
        rels: ['=='] as ('==' | '<=' | '>=')[],
      })),
    ];
    const constant = (c: bigint) => ({ op: { kind: 'const', value: c, type: fill.elem } as Operand, text: num(c) });
    // An integer the loop stores and does not change bounds what it writes too (`a[k] <= n` after a clamp).
    const variables = bounds
      .filter((b) => fill.storedVars.includes(b.id))
      .filter((b) => sameInt(program.vars.get(b.id)!.type, fill.elem))
      .map((b) => ({ op: { kind: 'var', id: b.id, type: fill.elem } as Operand, text: b.n }));
    const compared = (rel: '==' | '<=' | '>=') => [
      ...(rel === '==' ? values : rel === '<=' ? extremes.slice(1) : extremes.slice(0, 1)).map(constant),
      ...(rel === '==' ? [] : variables),
    ];
    for (const part of parts)
      for (const rel of part.rels)
        for (const value of part.lo === start ? compared(rel) : compared(rel).filter((v) => v.op.kind === 'const')) {
          const { temps, instrs, put } = candidateCode(range, () => next++);
          const cond = put('inv.contents', INT, { op: 'forallElements', ptr: fill.ptr, lo: part.lo, hi: part.hi, rel, value: value.op, type: INT });
          out.push({ text: `\\forall integer k; ${part.text} ==> ${fill.name}[k] ${rel} ${value.text}`, instrs, cond, temps });
        }
  }

  // Sums: for the first counter, each integer lvalue the loop assigns otherwise than by a constant step.
  const counter = counters[0];
  const multiples = constants.filter((c) => c > 0n);
  // A sum of what an earlier loop stored is bounded by its bounds times i.
  const bounding = extremesOf(allFills);
  for (const cell of sumCells(program, fn, loop, facts.step, counter.id)) {
    for (const k of multiples)
      for (const rel of bounding.includes(k) ? (['==', '<=', '>='] as const) : (['=='] as const)) {
        const { temps, instrs, temp, put } = candidateCode(range, () => next++);
        const value = cell.read(put);
        const wide = put('inv.l', LLONG, { op: 'cast', a: value, to: LLONG });
        const iw = put('inv.i', LLONG, { op: 'cast', a: { kind: 'var', id: counter.id, type: counter.type }, to: LLONG });
        const times = put('inv.ki', LLONG, { op: 'binary', bop: '*', a: iw, b: { kind: 'const', value: k, type: LLONG }, type: LLONG });
        const diff = put('inv.d', LLONG, { op: 'binary', bop: '-', a: wide, b: times, type: LLONG });
        const ghost = temp('inv.entry', LLONG);
        const entry: Instr[] = [
          ...instrs,
          { kind: 'assign', dst: { root: { kind: 'var', id: ghost.id }, path: [], type: LLONG }, value: { op: 'use', a: diff }, range },
        ];
        const cond = put('inv.sum', INT, { op: 'binary', bop: rel, a: diff, b: { kind: 'var', id: ghost.id, type: LLONG }, type: INT });
        const e = `${cell.name} - ${k === 1n ? '' : `${k} * `}${counter.name}`;
        out.push({ text: `${e} ${rel} \\at(${e}, LoopEntry)`, instrs, cond, temps, entry });
      }
  }
  return out;
}

/** The loop's counters: integer variables with a known value at entry and a step of 1 each time round. */
function countersOf(program: Program, facts: LoopFacts): Fill['counter'][] {
  return facts.modified
    .filter((v) => facts.step.get(v) === 1n && facts.init.has(v))
    .map((name) => {
      const id = facts.ids.get(name)!;
      return { id, name, type: program.vars.get(id)!.type as IntType, start: facts.init.get(name)! };
    });
}

/** The arrays the loop writes at a counter: `p[i] = v` (through a pointer p or into an array variable). */
function fillsOf(program: Program, fn: IRFunction, loop: Loop, counters: Fill['counter'][]): Fill[] {
  if (!counters.length) return [];
  const modified = loopEffects(program, fn, loop.body).vars;
  // The temps the loop computes (each assigned once by the front end), by id.
  const defs = new Map<number, Rvalue>();
  for (const b of loop.body)
    for (const ins of fn.blocks[b].instrs)
      if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && !ins.dst.path.length && program.vars.get(ins.dst.root.id)?.kind === 'temp')
        defs.set(ins.dst.root.id, ins.value);
  // The counter an index operand is (directly or converted).
  const counterOf = (o: Operand): Fill['counter'] | undefined => {
    if (o.kind !== 'var') return undefined;
    const direct = counters.find((c) => c.id === o.id);
    if (direct) return direct;
    const d = defs.get(o.id);
    return d?.op === 'cast' && d.a.kind === 'var' && d.to.kind === 'int' && d.to.bits >= 32
      ? counters.find((c) => c.id === (d.a as { id: number }).id)
      : undefined;
  };
  const out: Fill[] = [];
  const add = (f: Fill) => {
    const g = out.find((x) => x.name === f.name && x.counter.id === f.counter.id);
    if (!g) out.push(f);
    else {
      for (const c of f.stored) if (!g.stored.includes(c)) g.stored.push(c);
      for (const v of f.storedVars) if (!g.storedVars.includes(v)) g.storedVars.push(v);
    }
  };
  for (const b of loop.body)
    for (const ins of fn.blocks[b].instrs) {
      if (ins.kind !== 'assign' || !ins.dst || ins.dst.type.kind !== 'int') continue;
      const elem = ins.dst.type;
      const dst: Place = ins.dst;
      const stored = ins.value.op === 'use' && ins.value.a.kind === 'const' ? [ins.value.a.value] : [];
      const storedVars = ins.value.op === 'use' && ins.value.a.kind === 'var' ? [ins.value.a.id] : [];
      if (dst.root.kind === 'deref' && !dst.path.length && dst.root.ptr.kind === 'var') {
        // `p[i] = v`: *(t) with t = p + i.
        const d = defs.get(dst.root.ptr.id);
        if (d?.op !== 'ptradd' || d.ptr.kind !== 'var' || modified.has(d.ptr.id)) continue;
        const p = program.vars.get(d.ptr.id);
        const counter = counterOf(d.offset);
        if (!p || p.kind === 'temp' || !counter || d.ptr.type.kind !== 'pointer' || !sameInt(d.ptr.type.to, elem)) continue;
        add({ ptr: d.ptr, name: p.name, elem, stored, storedVars, counter });
      } else if (dst.root.kind === 'var' && dst.path.length === 1 && dst.path[0].kind === 'index') {
        // `a[i] = v` for an array variable a: its first element's address.
        const a = program.vars.get(dst.root.id);
        const counter = counterOf(dst.path[0].index);
        if (!a || a.kind === 'temp' || a.type.kind !== 'array' || !counter) continue;
        const first: Place = { root: { kind: 'var', id: a.id }, path: [{ kind: 'index', index: { kind: 'const', value: 0n, type: LLONG } }], type: elem };
        add({ ptr: { kind: 'addr', place: first, type: { kind: 'pointer', to: elem } }, name: a.name, elem, stored, storedVars, counter });
      }
    }
  return out.filter((f) => /^[A-Za-z_]\w*$/.test(f.name));
}

/** A value the loop accumulates: a user integer variable without a constant step, or an element `s[c]` of an array variable. */
interface SumCell {
  name: string;
  read: (put: (name: string, type: IntType, value: Rvalue) => Operand) => Operand;
}

function sumCells(program: Program, fn: IRFunction, loop: Loop, steps: Map<string, bigint>, counter: number): SumCell[] {
  const out: SumCell[] = [];
  for (const b of loop.body)
    for (const ins of fn.blocks[b].instrs) {
      if (ins.kind !== 'assign' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.type.kind !== 'int' || ins.dst.type.bits > 64) continue;
      const v = program.vars.get(ins.dst.root.id);
      if (!v || v.kind === 'temp' || v.id === counter || !/^[A-Za-z_]\w*$/.test(v.name)) continue;
      const t = ins.dst.type;
      const path = ins.dst.path;
      if (!path.length) {
        if (v.type.kind !== 'int' || v.addressTaken || steps.has(v.name) || out.some((c) => c.name === v.name)) continue;
        const op: Operand = { kind: 'var', id: v.id, type: t };
        out.push({ name: v.name, read: () => op });
      } else if (path.length === 1 && path[0].kind === 'index' && path[0].index.kind === 'const' && v.type.kind === 'array') {
        const name = `${v.name}[${path[0].index.value}]`;
        if (out.some((c) => c.name === name)) continue;
        const place: Place = { root: { kind: 'var', id: v.id }, path: [{ kind: 'index', index: path[0].index }], type: t };
        out.push({ name, read: (put) => put('inv.cell', t, { op: 'load', place }) });
      }
    }
  return out.slice(0, 2);
}

function sameInt(a: CType, b: CType): boolean {
  return a.kind === 'int' && b.kind === 'int' && a.bits === b.bits && a.signed === b.signed;
}

function fits(c: bigint, t: IntType): boolean {
  const lo = t.signed ? -(1n << BigInt(t.bits - 1)) : 0n;
  const hi = t.signed ? (1n << BigInt(t.bits - 1)) - 1n : (1n << BigInt(t.bits)) - 1n;
  return c >= lo && c <= hi;
}

function num(c: bigint): string {
  return c < 0n ? `(${c})` : `${c}`;
}
