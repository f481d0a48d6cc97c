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
// - values that depend on k (closedforms.ts): `p[k] == 2 + 3*k (modulo 2^64)` for
//   `p[i] = p[i - 1] + 3` from `p[0] = 2`, what an earlier loop's form leaves in
//   the part not yet written and in the arrays the loop reads, and the elements
//   stored at fixed indices before the loop (`b[0] == 1`), the last two only for
//   loops that write memory (the abstraction keeps it otherwise);
// - stores of different forms on the two sides of a branch the loop does not
//   change: `n % 2 == 0 ==> \forall integer k; 0 <= k < i ==> a[k] == 2`.
// All of them only in functions where some loop fills an array.
//
// None is trusted: Houdini (prover.ts) checks them in the encoder's semantics
// like every candidate; the quantifier is the IR's `forallElements`, which
// the encoder gives meaning without a Z3 quantifier (model/memory.ts).

import type { Instr, IRFunction, Operand, Place, Program, Rvalue, SourceRange } from '../ir/ir';
import { INT, LLONG, type CType, type IntType } from '../ir/types';
import type { Loop } from '../ir/loops';
import { predecessors } from '../ir/cfg';
import { dominators } from '../ir/dominators';
import type { LoweredCandidate } from './transform';
import { loopEffects } from './transform';
import { candidateCode, functionConstants, loopFacts, type LoopFacts } from './candidates';
import { arrayKeyText, arraysRead, closedForms, degree, functionStores, integral, tempDefinitions, type ArrayKey, type ClosedForm } from './closedforms';

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
  /** Every operand the loop stores there (for closedforms.ts). */
  values: Operand[];
  /** The block of each of those stores (indexed like `values`). */
  blocks: number[];
  key: ArrayKey;
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

  // Values that depend on k: the closed forms of what this loop and the earlier ones store.
  const texts = new Set(out.map((c) => c.text));
  for (const c of formCandidates(program, fn, loop, loops, fillsIn, facts, range, () => next++)) if (!texts.has(c.text)) out.push(c);

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

/** A closed form an earlier loop left in an array, from index `lo` on. */
interface KnownForm {
  form: ClosedForm;
  lo: bigint;
  fill: Fill;
}

/**
 * `\forall integer k; lo <= k < hi ==> p[k] == F(k)` for the closed forms F (closedforms.ts): what this loop
 * stores from its counter's start (or from the fixed index a recurrence starts at), what it has not
 * overwritten yet of an earlier loop's form, and the forms of the arrays it reads and does not write.
 */
function formCandidates(
  program: Program,
  fn: IRFunction,
  loop: Loop,
  loops: Loop[],
  fillsIn: Map<Loop, Fill[]>,
  facts: LoopFacts,
  range: SourceRange,
  nextId: () => number,
): LoweredCandidate[] {
  const stores = functionStores(program, fn);
  const storesOf = (f: Fill) => f.values.map((value) => ({ array: f.key, value, counter: f.counter.id }));
  const line = (l: Loop) => fn.blocks[l.header].terminator.range?.line ?? fn.blocks[l.header].range?.line ?? l.header;
  // The forms the outermost loops before this one leave, in source order.
  const known = new Map<string, KnownForm>();
  const earlier = loops.filter((l) => l.depth === 1 && !l.body.has(loop.header) && line(l) < line(loop)).sort((a, b) => line(a) - line(b));
  for (const m of earlier)
    for (const f of fillsIn.get(m) ?? []) {
      const [form] = closedForms(program, stores, storesOf(f), new Map([...known].map(([k, v]) => [k, v.form]))).flat();
      const key = arrayKeyText(f.key);
      if (form) known.set(key, { form, lo: form.base !== null && form.base < f.counter.start ? form.base : f.counter.start, fill: f });
      else known.delete(key);
    }
  const knownForms = new Map([...known].map(([k, v]) => [k, v.form]));
  const out: LoweredCandidate[] = [];
  const emit = (fill: Fill, form: ClosedForm, lo: Operand, loText: string, hi: (put: Put) => Operand, hiText: string, guard?: Guard) => {
    const { scale, coeffs } = integral(form.poly);
    if (scale !== 1n && form.baseVar !== null) return;
    const baseVar = form.baseVar === null ? null : program.vars.get(form.baseVar);
    if (baseVar && (baseVar.type.kind !== 'int' || !/^[A-Za-z_]\w*$/.test(baseVar.name))) return;
    const { temps, instrs, put } = candidateCode(range, nextId);
    const value: Operand =
      baseVar && baseVar.type.kind === 'int'
        ? put('inv.base', fill.elem, { op: 'cast', a: { kind: 'var', id: baseVar.id, type: baseVar.type }, to: fill.elem })
        : { kind: 'const', value: 0n, type: fill.elem };
    const perIndex = degree(form.poly) >= 1 || scale !== 1n ? { scale, coeffs } : undefined;
    const plain: Operand = perIndex || baseVar ? value : { kind: 'const', value: coeffs[0] ?? 0n, type: fill.elem };
    const all = put('inv.contents', INT, { op: 'forallElements', ptr: fill.ptr, lo, hi: hi(put), rel: '==', value: plain, type: INT, perIndex });
    // Under a guard g: `!g || all`, g computed again at the head from the same values.
    const skip =
      guard && put('inv.skip', INT, { op: 'binary', bop: guard.holds ? '==' : '!=', a: guard.at(put), b: { kind: 'const', value: 0n, type: INT }, type: INT });
    const cond = skip ? put('inv.guarded', INT, { op: 'binary', bop: '|', a: skip, b: all, type: INT }) : all;
    const lhs = `${scale === 1n ? '' : `${scale} * `}${fill.name}[k]`;
    const rhs = polyText(coeffs, baseVar?.name ?? null) + (perIndex ? ` (modulo 2^${fill.elem.bits})` : '');
    const when = guard ? `${guard.holds ? guard.text : `!(${guard.text})`} ==> ` : '';
    out.push({ text: `${when}\\forall integer k; ${loText} <= k < ${hiText} ==> ${lhs} == ${rhs}`, instrs, cond, temps });
  };
  // The integers the loop reads and does not change, as bounds of the counter's type.
  const boundsOf = (counter: Fill['counter']) =>
    facts.others
      .map((n) => ({ n, v: program.vars.get(facts.otherIds.get(n)!)! }))
      .filter((b) => b.v.type.kind === 'int' && widens(b.v.type, counter.type))
      .slice(0, MAX_BOUNDS)
      .map((b) => ({
        text: b.n,
        at: (put: Put): Operand => {
          const v: Operand = { kind: 'var', id: b.v.id, type: b.v.type };
          return sameInt(b.v.type, counter.type) ? v : put('inv.n', counter.type, { op: 'cast', a: v, to: counter.type });
        },
      }));
  const constant = (c: bigint, t: IntType): Operand => ({ kind: 'const', value: c, type: t });
  const fills = fillsIn.get(loop) ?? [];
  // The loop's branches are analysed only for a fill whose stores have different forms.
  let guardOf: ((block: number) => Guard | undefined) | undefined;
  for (const fill of fills) {
    const c = fill.counter;
    const i = (): Operand => ({ kind: 'var', id: c.id, type: c.type });
    const formText = (form: ClosedForm) => JSON.stringify(integral(form.poly).coeffs.map(String)) + form.baseVar;
    const seen = new Set<string>();
    const perStore = closedForms(program, stores, storesOf(fill), knownForms);
    for (const form of perStore.flat()) {
      if (seen.has(formText(form))) continue;
      seen.add(formText(form));
      for (const lo of form.base !== null && form.base < c.start ? [c.start, form.base] : [c.start]) emit(fill, form, constant(lo, c.type), num(lo), i, c.name);
    }
    // Stores of different forms on the two sides of a branch the loop does not change (`if (n % 2 == 0) a[i] += 2;
    // else a[i] += 1;`): each form under its side's condition.
    if (seen.size > 1)
      perStore.forEach((forms, j) => {
        const guard = (guardOf ??= storeGuards(program, fn, loop))(fill.blocks[j]);
        if (guard) for (const form of forms) if (form.base === null) emit(fill, form, constant(c.start, c.type), num(c.start), i, c.name, guard);
      });
    const old = known.get(arrayKeyText(fill.key));
    if (old) for (const b of boundsOf(c)) emit(fill, old.form, i(), c.name, b.at, b.text);
  }
  // What the loop does not write stays as it was, and the abstraction keeps it unless the loop writes memory.
  if (!loopEffects(program, fn, loop.body).memory) return out;
  // Elements stored at fixed indices before the loop, of arrays loops fill and this one does not (`b[0] == 1`
  // kept through the loop filling a, for the loop that sums b from it).
  const filled = new Map([...fillsIn.values()].flat().map((f) => [arrayKeyText(f.key), f]));
  for (const f of stores.fixed) {
    const fill = filled.get(f.key);
    if (!fill || f.line >= line(loop) || fills.some((x) => arrayKeyText(x.key) === f.key)) continue;
    const value =
      f.value.kind === 'const' ? { poly: [{ n: f.value.value, d: 1n }], baseVar: null } : f.value.kind === 'var' ? { poly: [], baseVar: f.value.id } : null;
    if (!value) continue;
    const t = fill.counter.type;
    emit(fill, value, constant(f.index, t), num(f.index), () => constant(f.index + 1n, t), num(f.index + 1n));
  }

  // The arrays the loop reads and no loop of its writes, with the forms earlier loops left.
  const counter = countersOf(program, facts)[0];
  const written = new Set(fills.map((f) => arrayKeyText(f.key)));
  const read = arraysRead(program, stores, fn, loop);
  if (counter)
    for (const [key, k] of known)
      if (!written.has(key) && read.has(key)) for (const b of boundsOf(counter)) emit(k.fill, k.form, constant(k.lo, counter.type), num(k.lo), b.at, b.text);
  return out;
}

type Put = ReturnType<typeof candidateCode>['put'];

/** The condition of a branch of the loop that leads to a store, computed again at the head (`holds`: its then side). */
interface Guard {
  at: (put: Put) => Operand;
  text: string;
  holds: boolean;
}

/**
 * For a block of the loop, the innermost branch of the loop whose side (entered from the branch only) dominates
 * it, when the branch's condition is computed from values the loop does not change, by operations without
 * undefined behaviour (comparisons, bitwise operations, conversions, division by a constant other than 0 and -1).
 */
function storeGuards(program: Program, fn: IRFunction, loop: Loop): (block: number) => Guard | undefined {
  const defs = tempDefinitions(program, fn, loop.body);
  const modified = loopEffects(program, fn, loop.body).vars;
  const preds = predecessors(fn);
  const dom = dominators(fn);
  const safe = new Set(['==', '!=', '<', '<=', '>', '>=', '&', '|', '^']);
  // The operand's value at the head, or undefined when the loop may change it.
  const copy = (o: Operand, put: Put, depth = 0): Operand | undefined => {
    if (o.kind === 'const') return o;
    if (o.kind !== 'var' || depth > 8) return undefined;
    const v = program.vars.get(o.id);
    if (!v) return undefined;
    if (v.kind !== 'temp') return modified.has(v.id) || v.addressTaken || v.type.kind !== 'int' ? undefined : o;
    const d = defs.get(o.id);
    if (!d || o.type.kind !== 'int') return undefined;
    if (d.op === 'use') return copy(d.a, put, depth + 1);
    if (d.op === 'cast' && d.to.kind === 'int' && d.a.type.kind === 'int') {
      const a = copy(d.a, put, depth + 1);
      return a && put('inv.g', o.type, { ...d, a });
    }
    if (d.op === 'unary' && d.uop === '!') {
      const a = copy(d.a, put, depth + 1);
      return a && put('inv.g', o.type, { ...d, a });
    }
    if (d.op !== 'binary' || d.type.kind !== 'int') return undefined;
    const byConstant = (d.bop === '/' || d.bop === '%') && d.b.kind === 'const' && d.b.value !== 0n && d.b.value !== -1n;
    if (!safe.has(d.bop) && !byConstant) return undefined;
    const a = copy(d.a, put, depth + 1);
    const b = a && copy(d.b, put, depth + 1);
    return b && put('inv.g', o.type, { ...d, a: a!, b });
  };
  const text = (o: Operand, depth = 0): string => {
    if (o.kind === 'const') return num(o.value);
    if (o.kind !== 'var') return '?';
    const v = program.vars.get(o.id)!;
    if (v.kind !== 'temp') return v.name;
    const d = defs.get(o.id)!;
    if (d.op === 'use' || d.op === 'cast') return text(d.a, depth);
    if (d.op === 'unary') return `!${text(d.a, depth + 1)}`;
    if (d.op !== 'binary') return '?';
    const inner = `${text(d.a, depth + 1)} ${d.bop} ${text(d.b, depth + 1)}`;
    return depth ? `(${inner})` : inner;
  };
  const sides: { side: number; cond: Operand; holds: boolean }[] = [];
  for (const b of loop.body) {
    const t = fn.blocks[b].terminator;
    if (t.kind !== 'branch' || t.then === t.else || b === loop.header) continue;
    // Only a condition the loop does not change (a dry run of the copy).
    if (!copy(t.cond, candidateCode(t.range, () => 0).put)) continue;
    for (const [side, holds] of [
      [t.then, true],
      [t.else, false],
    ] as const)
      if (loop.body.has(side) && preds[side].length === 1) sides.push({ side, cond: t.cond, holds });
  }
  return (block) => {
    const over = sides.filter((s) => dom.dominates(s.side, block));
    const inner = over.find((s) => over.every((o) => dom.dominates(o.side, s.side)));
    if (!inner) return undefined;
    return { at: (put) => copy(inner.cond, put)!, text: text(inner.cond), holds: inner.holds };
  };
}

/** `3*k*k + 3*k + 1`, after a variable (`N + k*k*k`). */
function polyText(coeffs: bigint[], base: string | null): string {
  const terms: string[] = base ? [base] : [];
  coeffs.forEach((c, j) => {
    if (c === 0n) return;
    const power = Array(j).fill('k').join('*');
    const mag = c < 0n ? -c : c;
    const term = j === 0 ? `${mag}` : mag === 1n ? power : `${mag}*${power}`;
    terms.push(terms.length ? `${c < 0n ? '- ' : '+ '}${term}` : c < 0n ? `-${term}` : term);
  });
  return terms.length ? terms.join(' ') : '0';
}

/** Every value of `from` is a value of `to`. */
function widens(from: IntType, to: IntType): boolean {
  if (from.signed === to.signed) return from.bits <= to.bits;
  return !from.signed && from.bits < to.bits;
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
  // The temps the loop computes, by id.
  const defs = tempDefinitions(program, fn, loop.body);
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
      g.values.push(...f.values);
      g.blocks.push(...f.blocks);
    }
  };
  for (const b of loop.body)
    for (const ins of fn.blocks[b].instrs) {
      if (ins.kind !== 'assign' || !ins.dst || ins.dst.type.kind !== 'int') continue;
      const elem = ins.dst.type;
      const dst: Place = ins.dst;
      // What this store puts in the array, the same for both ways of naming it.
      const v = ins.value.op === 'use' ? ins.value.a : undefined;
      const what = {
        elem,
        stored: v?.kind === 'const' ? [v.value] : [],
        storedVars: v?.kind === 'var' ? [v.id] : [],
        values: v ? [v] : [],
        blocks: v ? [b] : [],
      };
      if (dst.root.kind === 'deref' && !dst.path.length && dst.root.ptr.kind === 'var') {
        // `p[i] = v`: *(t) with t = p + i.
        const d = defs.get(dst.root.ptr.id);
        if (d?.op !== 'ptradd' || d.ptr.kind !== 'var' || modified.has(d.ptr.id)) continue;
        const p = program.vars.get(d.ptr.id);
        const counter = counterOf(d.offset);
        if (!p || p.kind === 'temp' || !counter || d.ptr.type.kind !== 'pointer' || !sameInt(d.ptr.type.to, elem)) continue;
        add({ ...what, ptr: d.ptr, name: p.name, counter, key: { kind: 'ptr', id: d.ptr.id } });
      } else if (dst.root.kind === 'var' && dst.path.length === 1 && dst.path[0].kind === 'index') {
        // `a[i] = v` for an array variable a: its first element's address.
        const a = program.vars.get(dst.root.id);
        const counter = counterOf(dst.path[0].index);
        if (!a || a.kind === 'temp' || a.type.kind !== 'array' || !counter) continue;
        const first: Place = { root: { kind: 'var', id: a.id }, path: [{ kind: 'index', index: { kind: 'const', value: 0n, type: LLONG } }], type: elem };
        const ptr: Operand = { kind: 'addr', place: first, type: { kind: 'pointer', to: elem } };
        add({ ...what, ptr, name: a.name, counter, key: { kind: 'arr', id: a.id } });
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
