// Candidate loop invariants, cheap ones first, as C expressions (the report
// shows them as written) lowered at the loop head by the front end, exactly
// like a --where condition: the encoder then gives them C's meaning. None is
// trusted: Houdini (prover.ts) keeps only those the encoder checks inductive.
//
// From the code around the loop: intervals of the integer variables the loop
// modifies against the constants of the function (`i >= 0`, `y <= 10`);
// order relations with the other integer variables the loop reads or writes
// (`i <= n`); for variables with a known value at entry and one constant
// step per iteration, linear equalities between two of them (`s == 2 * i`)
// and parities (`s % 2 == 0`).

import type { IRFunction, Operand, Program, Rvalue } from '../ir/ir';
import { rvalueOperands } from '../ir/walk';
import { predecessors } from '../ir/cfg';
import { dominators } from '../ir/dominators';
import type { Loop } from '../ir/loops';
import { lowerCondition, type ConditionAt } from '../frontend/condition';
import type { LoweredCandidate } from './transform';
import { loopEffects } from './transform';

/** At most this many constants of the function take part in intervals (the smallest in magnitude). */
const MAX_CONSTANTS = 12;
/** Constants beyond this magnitude are left out of intervals. */
const MAX_CONSTANT = 1n << 24n;

/** What the candidates are built from: one loop's integer variables, their values at entry and steps. */
interface LoopFacts {
  modified: string[];
  others: string[];
  init: Map<string, bigint>;
  step: Map<string, bigint>;
  /** Variables changed only by constant steps, with the gcd of those steps (2 or more). */
  modulus: Map<string, bigint>;
}

/** The C texts of the candidates of one loop, without duplicates, cheapest first. */
export function candidateTexts(program: Program, fn: IRFunction, loop: Loop, loops: Loop[]): string[] {
  const facts = loopFacts(program, fn, loop, loops);
  const consts = functionConstants(fn);
  const out: string[] = [];
  const add = (t: string) => {
    if (!out.includes(t)) out.push(t);
  };
  const num = (c: bigint) => (c < 0n ? `(${c})` : `${c}`);
  for (const v of facts.modified) {
    const init = facts.init.get(v);
    const bounds = [...new Set([...consts, ...(init !== undefined ? [init] : [])])];
    for (const c of bounds) {
      add(`${v} >= ${num(c)}`);
      add(`${v} <= ${num(c)}`);
    }
  }
  // Remainders and linear equalities from the values at entry and the steps.
  for (const v of facts.modified) {
    const cv = facts.init.get(v);
    const m = facts.modulus.get(v);
    // Not known at entry (an inner loop's): each remainder of a small modulus is a candidate.
    if (cv === undefined && m !== undefined && m <= 4n) for (let r = 0n; r < m; r++) add(`${v} % ${m} == ${r}`);
    if (cv === undefined) continue;
    if (m !== undefined) {
      add(`${v} % ${m} == ${cv % m}`);
      if (m % 2n === 0n && m !== 2n) add(`${v} % 2 == ${cv % 2n}`);
    }
    const dv = facts.step.get(v);
    if (dv === undefined) continue;
    for (const w of facts.modified) {
      const cw = facts.init.get(w);
      const dw = facts.step.get(w);
      if (w === v || cw === undefined || dw === undefined || dw === 0n) continue;
      if (dv % dw === 0n) {
        const k = dv / dw;
        const rest = cv - k * cw;
        const times = k === 1n ? w : `${num(k)} * ${w}`;
        add(rest === 0n ? `${v} == ${times}` : `${v} == ${times} ${rest < 0n ? '-' : '+'} ${rest < 0n ? -rest : rest}`);
      } else if (dw % dv !== 0n) {
        // (When dv divides dw, the same relation is written the other way round.)
        const rest = dw * cv - dv * cw;
        add(`${num(dw)} * ${v} == ${num(dv)} * ${w}${rest === 0n ? '' : ` ${rest < 0n ? '-' : '+'} ${rest < 0n ? -rest : rest}`}`);
      }
    }
  }
  for (const v of facts.modified)
    for (const w of [...facts.others, ...facts.modified]) {
      if (w === v) continue;
      add(`${v} <= ${w}`);
      add(`${v} >= ${w}`);
    }
  return out;
}

/** The candidates of `texts` lowered at the loop head (those that do not lower there are left out). */
export async function lowerCandidates(program: Program, fn: IRFunction, loop: Loop, texts: string[], firstTempId: number): Promise<LoweredCandidate[]> {
  const at = headPoint(fn, loop);
  if (!at) return [];
  const out: LoweredCandidate[] = [];
  let next = firstTempId;
  for (const text of texts) {
    try {
      const l = await lowerCondition(program, fn, at, text, { firstTempId: next });
      for (const t of l.temps) next = Math.max(next, t.id + 1);
      out.push({ text, ...l });
    } catch {
      // A name not visible at the head, or an expression C does not accept there: not a candidate.
    }
  }
  return out;
}

/** Where the head's names are those of the loop: the decision of its condition, else its first statement. */
function headPoint(fn: IRFunction, loop: Loop): ConditionAt | null {
  const head = fn.blocks[loop.header];
  if (head.terminator.kind === 'branch' && head.terminator.decision) return { decision: head.terminator.decision };
  if (head.statements?.length) return { block: head.id, statement: 0 };
  return null;
}

/** A user variable of integer type (not a temp, a static local's `f.x`, or `\result`). */
function userInt(program: Program, id: number): string | null {
  const v = program.vars.get(id);
  if (!v || v.type.kind !== 'int' || v.type.bits === 1) return null;
  if (v.kind !== 'local' && v.kind !== 'param' && v.kind !== 'global') return null;
  return /^[A-Za-z_]\w*$/.test(v.name) ? v.name : null;
}

function loopFacts(program: Program, fn: IRFunction, loop: Loop, loops: Loop[]): LoopFacts {
  const effects = loopEffects(program, fn, loop.body);
  const modified: string[] = [];
  const modifiedIds = new Set<number>();
  for (const id of effects.vars) {
    const name = userInt(program, id);
    if (name && !modified.includes(name)) {
      modified.push(name);
      modifiedIds.add(id);
    }
  }
  // Integer variables the loop reads but does not write.
  const others: string[] = [];
  const read = (o: Operand) => {
    if (o.kind !== 'var' || modifiedIds.has(o.id)) return;
    const name = userInt(program, o.id);
    if (name && !others.includes(name)) others.push(name);
  };
  for (const b of loop.body) {
    const block = fn.blocks[b];
    for (const ins of block.instrs) if (ins.kind === 'assign') for (const o of rvalueOperands(ins.value)) read(o);
  }
  // The constant each modified variable has where the loop is entered, if the code before it says so.
  const init = new Map<string, bigint>();
  const preds = predecessors(fn);
  const outside = preds[loop.header].filter((p) => !loop.body.has(p));
  if (outside.length === 1)
    for (const id of modifiedIds) {
      const c = valueAtEnd(fn, preds, outside[0], id);
      if (c !== undefined) init.set(program.vars.get(id)!.name, c);
    }
  // One assignment `v = v ± c` per iteration: in a block of this loop (not of an inner one) on every way round.
  // Every assignment of the form `v = v ± c` (inner loops too): v keeps its remainder modulo their gcd.
  const step = new Map<string, bigint>();
  const modulus = new Map<string, bigint>();
  const dom = dominators(fn);
  const innermost = (b: number) => loops.filter((l) => l.body.has(b)).reduce<Loop | null>((a, l) => (!a || l.body.size < a.body.size ? l : a), null);
  for (const id of modifiedIds) {
    const sites: { block: number; value: Rvalue }[] = [];
    for (const b of loop.body)
      for (const ins of fn.blocks[b].instrs)
        if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && ins.dst.root.id === id) sites.push({ block: b, value: ins.value });
    const steps = sites.map((s) => stepOf(s.value, id));
    const name = program.vars.get(id)!.name;
    if (steps.length && steps.every((d) => d !== undefined)) {
      const m = steps.reduce<bigint>((g, d) => gcd(g, d!), 0n);
      if (m >= 2n) modulus.set(name, m);
    }
    if (sites.length !== 1) continue;
    const [s] = sites;
    if (innermost(s.block) !== loop || !loop.latches.every((l) => dom.dominates(s.block, l))) continue;
    if (steps[0] !== undefined) step.set(name, steps[0]);
  }
  return { modified, others, init, step, modulus };
}

/** `v + c`, `c + v`, `v - c` as the step c (or -c). */
function stepOf(rv: Rvalue, id: number): bigint | undefined {
  if (rv.op !== 'binary' || (rv.bop !== '+' && rv.bop !== '-')) return undefined;
  const isV = (o: Operand) => o.kind === 'var' && o.id === id;
  if (isV(rv.a) && rv.b.kind === 'const') return rv.bop === '+' ? rv.b.value : -rv.b.value;
  if (rv.bop === '+' && isV(rv.b) && rv.a.kind === 'const') return rv.a.value;
  return undefined;
}

/** The constant last assigned to variable `id` on the way to the end of `block` (through single predecessors), if any. */
function valueAtEnd(fn: IRFunction, preds: number[][], block: number, id: number): bigint | undefined {
  const seen = new Set<number>();
  for (let b: number | undefined = block; b !== undefined && !seen.has(b); b = preds[b].length === 1 ? preds[b][0] : undefined) {
    seen.add(b);
    const instrs = fn.blocks[b].instrs;
    for (let i = instrs.length - 1; i >= 0; i--) {
      const ins = instrs[i];
      if (ins.kind !== 'assign') continue;
      if (ins.value.op === 'call' || ins.value.op === 'icall') return undefined;
      if (ins.dst?.root.kind === 'deref') return undefined;
      if (ins.dst?.root.kind === 'var' && ins.dst.root.id === id) {
        if (ins.dst.path.length || ins.value.op !== 'use' || ins.value.a.kind !== 'const') return undefined;
        return ins.value.a.value;
      }
    }
  }
  return undefined;
}

/** The integer constants of the function's code, the smallest in magnitude first, with 0. */
function functionConstants(fn: IRFunction): bigint[] {
  const set = new Set<bigint>([0n]);
  const see = (o: Operand) => {
    if (o.kind === 'const' && o.type.kind === 'int' && (o.value < 0n ? -o.value : o.value) <= MAX_CONSTANT) set.add(o.value);
  };
  for (const b of fn.blocks) for (const ins of b.instrs) if (ins.kind === 'assign') for (const o of rvalueOperands(ins.value)) see(o);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  return [...set].sort((a, b) => (abs(a) < abs(b) ? -1 : abs(a) > abs(b) ? 1 : a < b ? -1 : 1)).slice(0, MAX_CONSTANTS);
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}
