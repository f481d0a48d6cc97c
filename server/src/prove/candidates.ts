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
// and parities (`s % 2 == 0`). For a pointer the loop moves between objects
// (`p = *p` over a cycle of pointers), the objects whose address the function
// takes: `p == &a || p == &b || p == &c`.

import type { Instr, IRFunction, Operand, Program, Rvalue, SourceRange, Variable } from '../ir/ir';
import { INT, LLONG, UINT, ULLONG, sameType, type IntType } from '../ir/types';
import { forEachVar, rvalueOperands } from '../ir/walk';
import { sourceText } from '../ir/source';
import { predecessors, successors } from '../ir/cfg';
import { dominators } from '../ir/dominators';
import type { Loop } from '../ir/loops';
import { lowerCondition, type ConditionAt } from '../frontend/condition';
import type { LoweredCandidate } from './transform';
import { loopEffects } from './transform';
import { holds } from './accelerate';
import { fitsIn } from '../ir/interp';
import { tracksInitialisation, uninitialisedReads } from '../ir/uninitialised';

/** At most this many constants of the function take part in intervals (the smallest in magnitude). */
const MAX_CONSTANTS = 12;
/** Constants beyond this magnitude are left out of intervals. */
const MAX_CONSTANT = 1n << 24n;

/** What the candidates are built from: one loop's integer variables, their values at entry and steps. */
export interface LoopFacts {
  modified: string[];
  /** The variable of each name in `modified`. */
  ids: Map<string, number>;
  others: string[];
  /** The variable of each name in `others` (the first read of that name). */
  otherIds: Map<string, number>;
  init: Map<string, bigint>;
  step: Map<string, bigint>;
  /** Variables changed only by constant steps, with the gcd of those steps (2 or more). */
  modulus: Map<string, bigint>;
  /** Variables changed only by constant steps, some even, some odd: a parity may hold in one phase of the loop. */
  mixedParity: string[];
}

/** The C texts of the candidates of one loop, without duplicates, cheapest first. */
export function candidateTexts(program: Program, fn: IRFunction, loop: Loop, loops: Loop[], fewBounds = false): string[] {
  const facts = loopFacts(program, fn, loop, loops);
  // `fewBounds`: intervals only from 0 and the values at entry (each Houdini round is slower with array contents).
  const consts = fewBounds ? [0n] : functionConstants(fn);
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
    if (facts.mixedParity.includes(v)) for (const r of [0, 1]) add(`${v} % 2 == ${r}`);
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
      // A counter leaves `v < w` (`v <= w`) at most d - 1 (d) past w: i == n + 1 after `for (i = 1; i <= n; i++)`.
      const d = facts.step.get(v);
      if (d === undefined || d === 0n || !facts.others.includes(w)) continue;
      const m = d < 0n ? -d : d;
      for (const k of m > 1n ? [m - 1n, m] : [m]) add(d > 0n ? `${v} <= ${w} + ${k}` : `${v} >= ${w} - ${k}`);
    }
  for (const t of addressSetTexts(program, fn, loop)) add(t);
  return out;
}

/** Objects in one address-set candidate, at most. */
const MAX_ADDRESSES = 8;

/**
 * For each pointer variable the loop assigns: the variables whose address the function takes (`&x`, with
 * x of the pointed-to type), as one disjunction `p == &a || p == &b`, and with `|| p == 0` when the
 * function assigns p a null pointer. A pointer walking a cycle of pointers stays on that set.
 */
function addressSetTexts(program: Program, fn: IRFunction, loop: Loop): string[] {
  const named = (id: number) => {
    const v = program.vars.get(id);
    return v && (v.kind === 'local' || v.kind === 'param' || v.kind === 'global') && /^[A-Za-z_]\w*$/.test(v.name) ? v : undefined;
  };
  const taken = new Set<number>();
  const nulled = new Set<number>();
  /** Locals mentioned outside the loop: declared in a scope that contains the loop head (a local of the body is not in scope there). */
  const outside = new Set<number>();
  for (const b of fn.blocks)
    for (const ins of b.instrs) {
      if (ins.kind !== 'assign') continue;
      if (!loop.body.has(b.id)) forEachVar(ins, (id) => outside.add(id));
      for (const o of rvalueOperands(ins.value))
        if (o.kind === 'addr' && o.place.root.kind === 'var' && !o.place.path.length) {
          taken.add(o.place.root.id);
          if (!loop.body.has(b.id)) outside.add(o.place.root.id);
        }
      const v = ins.value;
      if (ins.dst?.root.kind === 'var' && !ins.dst.path.length && v.op === 'use' && v.a.kind === 'const' && v.a.value === 0n) nulled.add(ins.dst.root.id);
    }
  const out: string[] = [];
  for (const id of loopEffects(program, fn, loop.body).vars) {
    const p = named(id);
    if (!p || p.type.kind !== 'pointer') continue;
    const to = p.type.to;
    const objects = [...taken]
      .map((x) => named(x))
      .filter((x) => x !== undefined && x.id !== p.id && sameType(x.type, to) && (x.kind !== 'local' || outside.has(x.id)))
      .map((x) => x!.name)
      .sort();
    if (!objects.length || objects.length > MAX_ADDRESSES || new Set(objects).size !== objects.length) continue;
    const set = objects.map((x) => `${p.name} == &${x}`).join(' || ');
    out.push(set);
    if (nulled.has(p.id)) out.push(`${set} || ${p.name} == 0`);
  }
  return out;
}

/** Ways round a loop enumerated to find the quantities it keeps; a loop with more has only its pairs of steps. */
const MAX_PATHS = 64;
/** Variables a kept quantity may combine. */
const MAX_KEPT_VARS = 12;

/**
 * Quantities the loop keeps, whatever their values at entry: sums `a1 * v1 + ... + ak * vk` of variables of
 * one width that change only by constant steps, where every way round the loop adds 0 (sumt's `i + j - l`
 * when each iteration adds 1 to l and to one of i, j), computed in the unsigned type of that width (C's
 * wrap-around there is the same modulo 2^width as a signed value's exact, overflow-free step). Each
 * candidate is `E == \at(E, LoopEntry)`: E saved in a ghost where the loop is entered (transform.ts).
 * After `while (x > 0) { x--; y++; }` entered with x == n, y == 0: x + y == n, and then y == n.
 * `exact`: instead, the sums of signed int variables computed in long long (exact in every run without
 * an overflow), which bound the variables; 64-bit sums make Houdini slower, so they are a stage apart.
 */
export function conservedCandidates(program: Program, fn: IRFunction, loop: Loop, loops: Loop[], firstTempId: number, exact = false): LoweredCandidate[] {
  const facts = loopFacts(program, fn, loop, loops);
  const head = fn.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn.range;
  const out: LoweredCandidate[] = [];
  let next = firstTempId;
  for (const bits of [32, 64]) {
    const u = bits === 32 ? UINT : ULLONG;
    const names = facts.modified
      .filter((v) => {
        const x = program.vars.get(facts.ids.get(v)!)!;
        return x.type.kind === 'int' && x.type.bits === bits && !x.addressTaken;
      })
      .sort()
      .slice(0, MAX_KEPT_VARS);
    const rows = stepRows(
      fn,
      loop,
      loops,
      names.map((v) => facts.ids.get(v)!),
    ) ?? [names.map((v) => facts.step.get(v))];
    // Variables with a step on every way round; the others take no part.
    const kept = names.map((_, k) => rows.every((r) => r[k] !== undefined));
    const vars = names.filter((_, k) => kept[k]);
    // The same columns in every row: a step one way round has for a variable without one another way is dropped too.
    const matrix = rows.map((r) => r.filter((_, k) => kept[k]) as bigint[]);
    const sums = keptSums(matrix, vars.length).flatMap((coef) => {
      // Two variables known at entry with one step each: candidateTexts says it in plain C (`s == 2 * i`).
      const used = vars.filter((_, i) => coef[i] !== 0n);
      if (used.length === 2 && used.every((v) => facts.init.has(v) && facts.step.has(v))) return [];
      if (!exact) return [{ coef, u }];
      // Signed int variables (an overflowing step is undefined): the sum is kept exactly, in long long,
      // which bounds them where the sum modulo 2^32 does not (3 * c + i == n bounds c by n / 3).
      const signed = bits === 32 && used.every((v) => (program.vars.get(facts.ids.get(v)!)!.type as IntType).signed);
      return signed ? [{ coef, u: LLONG }] : [];
    });
    for (const { coef, u } of sums) {
      const { temps, instrs, temp, put } = candidateCode(range, () => next++);
      let sum: Operand | null = null;
      let text = '';
      coef.forEach((k, i) => {
        if (k === 0n) return;
        const name = vars[i];
        const t = program.vars.get(facts.ids.get(name)!)!.type as IntType;
        const x: Operand = { kind: 'var', id: facts.ids.get(name)!, type: t };
        const same = t.signed === u.signed && t.rank === u.rank;
        const cast = same ? x : put('inv.u', u, { op: 'cast', a: x, to: u });
        const m = k < 0n ? -k : k;
        const times = m === 1n ? cast : put('inv.k', u, { op: 'binary', bop: '*', a: cast, b: { kind: 'const', value: m, type: u }, type: u });
        const c = `${m === 1n ? '' : `${m} * `}${same ? name : `(${u.name})${name}`}`;
        if (sum === null) {
          sum = times;
          text = k < 0n ? `-${c}` : c;
        } else {
          sum = put('inv.e', u, { op: 'binary', bop: k < 0n ? '-' : '+', a: sum, b: times, type: u });
          text += ` ${k < 0n ? '-' : '+'} ${c}`;
        }
      });
      if (sum === null) continue;
      const ghost = temp('inv.entry', u);
      const entry: Instr[] = [
        ...instrs,
        { kind: 'assign', dst: { root: { kind: 'var', id: ghost.id }, path: [], type: u }, value: { op: 'use', a: sum }, range },
      ];
      const cond = put('inv.kept', INT, { op: 'binary', bop: '==', a: sum, b: { kind: 'var', id: ghost.id, type: u }, type: INT });
      out.push({ text: `${text} == \\at(${text}, LoopEntry)`, instrs, cond, temps, entry });
    }
  }
  return out;
}

/** A candidate written directly as IR at `range`: temps numbered by `nextId`, each assigned once by `put` (`temp`: none). */
export function candidateCode(range: SourceRange, nextId: () => number) {
  const temps: Variable[] = [];
  const instrs: Instr[] = [];
  const temp = (name: string, type: IntType): Variable => {
    const t: Variable = { id: nextId(), name, type, kind: 'temp', addressTaken: false, isConst: false, isStatic: false };
    temps.push(t);
    return t;
  };
  const put = (name: string, type: IntType, value: Rvalue): Operand => {
    const t = temp(name, type);
    instrs.push({ kind: 'assign', dst: { root: { kind: 'var', id: t.id }, path: [], type }, value, range });
    return { kind: 'var', id: t.id, type };
  };
  return { temps, instrs, temp, put };
}

/**
 * `!\initialized(&x)` (ACSL) for each local the loop may assign whose reads are tracked and one of whose
 * reads may come before an assignment (ir/uninitialised.ts): a loop whose assignments of x never run
 * keeps it unassigned, and a read of x is then undefined before anything else the instruction does
 * (deep_in_loop's `return x + c;` cannot overflow: its read of x comes first).
 */
export function unassignedCandidates(program: Program, fn: IRFunction, loop: Loop, firstTempId: number): LoweredCandidate[] {
  const readUnassigned = new Set([...uninitialisedReads(program, fn).values()].flatMap((m) => [...m.values()].flat()));
  const head = fn.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn.range;
  const out: LoweredCandidate[] = [];
  let next = firstTempId;
  for (const id of [...loopEffects(program, fn, loop.body).vars].sort((a, b) => a - b)) {
    const v = program.vars.get(id);
    if (!v || !tracksInitialisation(v) || !readUnassigned.has(id) || !/^[A-Za-z_]\w*$/.test(v.name)) continue;
    const { temps, instrs, put } = candidateCode(range, () => next++);
    const assigned = put('inv.assigned', INT, { op: 'assigned', id, type: INT });
    const cond = put('inv.unassigned', INT, { op: 'binary', bop: '==', a: assigned, b: { kind: 'const', value: 0n, type: INT }, type: INT });
    out.push({ text: `!\\initialized(&${v.name})`, instrs, cond, temps });
  }
  return out;
}

/**
 * For a loop that allocates (transform.ts summary sites): each pointer it assigns, to the type of a site's
 * objects, designates a live allocated object that is not an older one of the loop's (ir.ts `newest`):
 * josephus's `t`, the list's newest node, which each iteration writes through.
 */
export function newestCandidates(program: Program, fn: IRFunction, loop: Loop, firstTempId: number): LoweredCandidate[] {
  const effects = loopEffects(program, fn, loop.body);
  if (!effects.allocs.length) return [];
  const head = fn.blocks[loop.header];
  const range = head.terminator.range ?? head.range ?? fn.range;
  const lines = [...new Set(effects.allocs.map((a) => a.line))].sort((a, b) => a - b).join(', ');
  const out: LoweredCandidate[] = [];
  let next = firstTempId;
  for (const id of [...effects.vars].sort((a, b) => a - b)) {
    const v = program.vars.get(id);
    if (!v || v.type.kind !== 'pointer' || !/^[A-Za-z_]\w*$/.test(v.name)) continue;
    const to = v.type.to;
    if (!effects.allocs.some((a) => sameType(a.elem, to))) continue;
    const { temps, instrs, put } = candidateCode(range, () => next++);
    const cond = put('inv.newest', INT, { op: 'newest', ptr: { kind: 'var', id, type: v.type }, aged: [], type: INT });
    out.push({ text: `\\valid(${v.name}) && ${v.name} is no older block of the malloc at line ${lines}`, instrs, cond, temps });
  }
  return out;
}

/** Iterations of an inner loop counted to summarise it, at most. */
const MAX_INNER_TRIPS = 10_000n;

/**
 * What each way round `loop` (header to a latch) adds to each of the variables `ids` (undefined for a
 * variable assigned there otherwise than by `v = v ± c`). An inner loop counts as one step: one whose
 * counter starts from a constant set on the way there and runs to a constant bound, every way round it
 * adding the same (rounds_never's `for (k = 0; k < 8; k++) s++;` adds 8 to s), its run counted here.
 * Null when an inner loop is not of that kind, or there are more than MAX_PATHS ways round.
 */
function stepRows(fn: IRFunction, loop: Loop, loops: Loop[], ids: number[]): (bigint | undefined)[][] | null {
  const inner = new Map(loops.filter((l) => l.parent === loop.header && l.header !== loop.header).map((l) => [l.header, l]));
  const rows: (bigint | undefined)[][] = [];
  const walk = (b: number, acc: (bigint | undefined)[], consts: Map<number, bigint>, seen: Set<number>): boolean => {
    let next = acc.slice();
    let known = new Map(consts);
    let exitTo: number[] = successors(fn.blocks[b]);
    const innerLoop = b !== loop.header ? inner.get(b) : undefined;
    if (innerLoop) {
      const run = innerRun(fn, innerLoop, loops, ids, known);
      if (!run) return false;
      next = next.map((v, k) => (v === undefined || run.steps[k] === undefined ? undefined : v + run.steps[k]!));
      known = run.after;
      exitTo = [run.exit];
    } else
      for (const ins of fn.blocks[b].instrs) {
        if (ins.kind !== 'assign' || ins.dst?.root.kind !== 'var') continue;
        const id = ins.dst.root.id;
        if (!ins.dst.path.length && ins.value.op === 'use' && ins.value.a.kind === 'const') known.set(id, ins.value.a.value);
        else known.delete(id);
        const k = ids.indexOf(id);
        if (k < 0) continue;
        const d = ins.dst.path.length ? undefined : stepOf(ins.value, id);
        next[k] = d === undefined || next[k] === undefined ? undefined : next[k]! + d;
      }
    for (const s of exitTo) {
      if (s === loop.header) {
        rows.push(next);
        if (rows.length > MAX_PATHS) return false;
      } else if (loop.body.has(s) && !seen.has(s)) {
        seen.add(s);
        const ok = walk(s, next, known, seen);
        seen.delete(s);
        if (!ok) return false;
      }
    }
    return true;
  };
  return walk(
    loop.header,
    ids.map(() => 0n),
    new Map(),
    new Set([loop.header]),
  )
    ? rows
    : null;
}

/**
 * One whole run of an inner loop entered with the constants `known`: what it adds to `ids`, the block it
 * leaves to, and the constants after it (its counter's last value). Null unless the loop is left only
 * from its header, on a comparison of a counter with a constant, the counter known at entry, and every
 * way round adds the same to the counter and to `ids`.
 */
function innerRun(
  fn: IRFunction,
  loop: Loop,
  loops: Loop[],
  ids: number[],
  known: Map<number, bigint>,
): { steps: (bigint | undefined)[]; exit: number; after: Map<number, bigint> } | null {
  const head = fn.blocks[loop.header];
  const t = head.terminator;
  if (t.kind !== 'branch' || t.cond.kind !== 'var' || loop.exits.length !== 1 || loop.exits[0].from !== loop.header) return null;
  const stay = loop.body.has(t.then);
  if (stay === loop.body.has(t.else)) return null;
  const condId = t.cond.id;
  const def = head.instrs.find((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id === condId);
  if (!def || def.kind !== 'assign' || def.value.op !== 'binary') return null;
  const { bop, a, b } = def.value;
  if (bop !== '<' && bop !== '<=' && bop !== '>' && bop !== '>=' && bop !== '!=') return null;
  const [counter, bound] = a.kind === 'var' && b.kind === 'const' ? [a, b.value] : b.kind === 'var' && a.kind === 'const' ? [b, a.value] : [null, 0n];
  if (!counter || counter.type.kind !== 'int') return null;
  const start = known.get(counter.id);
  if (start === undefined) return null;
  // Only the comparison in the header: nothing else there runs once more than the body.
  if (head.instrs.some((i) => i !== def && i.kind === 'assign' && !(i.dst?.root.kind === 'var' && i.dst.root.id === condId))) return null;
  const at = ids.includes(counter.id) ? ids.indexOf(counter.id) : ids.length;
  const rows = stepRows(fn, loop, loops, at < ids.length ? ids : [...ids, counter.id]);
  if (!rows?.length || rows.some((r) => r.some((x, k) => x !== rows[0][k]))) return null;
  const step = rows[0][at];
  if (!step) return null;
  /** The header's comparison with the counter at `v`. */
  const compared = (v: bigint) => (a === counter ? holds(bop, v, bound) : holds(bop, bound, v));
  let v = start;
  let trips = 0n;
  for (; compared(v) === stay; trips++) {
    if (trips >= MAX_INNER_TRIPS) return null;
    v += step;
    // The counter leaves its type: the run is not this simple one.
    if (!fitsIn(v, counter.type)) return null;
  }
  const after = new Map(known);
  after.set(counter.id, v);
  // What the loop assigns, but its counter, is no longer a known constant.
  for (const blk of loop.body)
    for (const ins of fn.blocks[blk].instrs)
      if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && ins.dst.root.id !== counter.id) after.delete(ins.dst.root.id);
  return {
    steps: rows[0].slice(0, ids.length).map((x) => (x === undefined ? undefined : x * trips)),
    exit: loop.exits[0].to,
    after,
  };
}

/**
 * Integer vectors c (first nonzero coefficient positive, coefficients coprime) with every row of `m`
 * orthogonal to c: a basis of the null space, then every pair of variables whose own sum is in it.
 */
function keptSums(m: bigint[][], n: number): bigint[][] {
  if (n < 2) return [];
  const ok = (c: bigint[]) => m.every((r) => r.reduce((s, x, i) => s + x * c[i], 0n) === 0n);
  const out: bigint[][] = [];
  const add = (c: bigint[]) => {
    const g = c.reduce((a, x) => gcd(a, x), 0n);
    if (g === 0n || c.filter((x) => x !== 0n).length < 2) return;
    let v = c.map((x) => x / g);
    if (v.find((x) => x !== 0n)! < 0n) v = v.map((x) => -x);
    if (!out.some((o) => o.every((x, i) => x === v[i]))) out.push(v);
  };
  // Pairs first (the readable ones): for steps dv, dw on every way round in the same ratio, dw * v - dv * w.
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const r = m.find((row) => row[i] !== 0n || row[j] !== 0n);
      if (!r) continue;
      const c = Array.from({ length: n }, () => 0n);
      [c[i], c[j]] = [r[j], -r[i]];
      if (ok(c)) add(c);
    }
  // Row reduction: each pivot row keeps its pivot p at column col, zeros in the other pivot columns.
  const rows = m.map((r) => r.slice());
  const pivots: { row: bigint[]; col: number }[] = [];
  for (let col = 0; col < n; col++) {
    const k = rows.findIndex((r) => r[col] !== 0n);
    if (k < 0) continue;
    const [p] = rows.splice(k, 1);
    const reduce = (r: bigint[]) => {
      if (r[col] === 0n) return r;
      const q = r[col];
      const x = r.map((v, i) => p[col] * v - q * p[i]);
      const g = x.reduce((a, v) => gcd(a, v), 0n);
      return g > 1n ? x.map((v) => v / g) : x;
    };
    for (let i = 0; i < rows.length; i++) rows[i] = reduce(rows[i]);
    for (const pv of pivots) pv.row = reduce(pv.row);
    pivots.push({ row: p, col });
  }
  const lcm = pivots.reduce((l, pv) => {
    const a = pv.row[pv.col] < 0n ? -pv.row[pv.col] : pv.row[pv.col];
    return (l * a) / gcd(l, a);
  }, 1n);
  for (let f = 0; f < n; f++) {
    if (pivots.some((pv) => pv.col === f)) continue;
    const c = Array.from({ length: n }, () => 0n);
    c[f] = lcm;
    for (const pv of pivots) c[pv.col] = (-lcm * pv.row[f]) / pv.row[pv.col];
    if (ok(c)) add(c);
  }
  return out;
}

/** Conditions of branches in a loop that guard candidates, at most; and guarded candidates, at most. */
const MAX_GUARDS = 3;
const MAX_GUARDED = 200;

/**
 * The candidates of `candidateTexts`, each under a condition the loop branches on and under its negation
 * (`x < 500000 || y == x`): what holds in one phase of a loop whose body changes with a threshold.
 */
export function guardedTexts(program: Program, fn: IRFunction, loop: Loop, loops: Loop[]): string[] {
  const guards = fn.decisions
    .filter((d) => d.kind === 'if' && !d.parent && d.outcomes.some((o) => o.edges.some((e) => loop.body.has(e.from))))
    .map((d) => d.text)
    .slice(0, MAX_GUARDS);
  const atoms = candidateTexts(program, fn, loop, loops);
  // Sums and differences of two variables the loop changes against one it does not (`x + z == y`): what a
  // phase keeps when it starts in the middle of the loop, where no value at entry can be saved.
  const facts = loopFacts(program, fn, loop, loops);
  for (const [i, v] of facts.modified.entries())
    for (const w of facts.modified.slice(i + 1)) for (const u of facts.others) atoms.push(`${v} + ${w} == ${u}`, `${v} - ${w} == ${u}`, `${w} - ${v} == ${u}`);
  const out: string[] = [];
  // In parentheses: the report joins a loop's invariants with &&.
  for (const g of guards) for (const a of atoms) out.push(`((${g}) || ${a})`, `(!(${g}) || ${a})`);
  return out.slice(0, MAX_GUARDED);
}

/** Conditions of calls taken as candidates, at most. */
const MAX_ASSERTED = 4;

/**
 * The conditions the function hands to checking functions of the program: the argument of each call of
 * a one-parameter function with a body (SV-COMP's `__VERIFIER_assert(x > 0 || y > 0)`), as written. What
 * is asserted after a loop often holds at its head too, disjunctions the other candidates never form.
 */
export function assertedTexts(program: Program, fn: IRFunction): string[] {
  const out: string[] = [];
  for (const b of fn.blocks)
    for (const ins of b.instrs) {
      if (ins.kind !== 'assign' || ins.value.op !== 'call' || ins.value.external || ins.value.args.length !== 1) continue;
      const callee = ins.value.callee;
      const text = sourceText(program.source, ins.range, 400);
      if (!text.startsWith(`${callee}(`) || !text.endsWith(')')) continue;
      const arg = text.slice(callee.length + 1, -1).trim();
      const cond = /\|\||\?/.test(arg) ? `(${arg})` : arg;
      if (arg && !out.includes(cond) && out.length < MAX_ASSERTED) out.push(cond);
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

export function loopFacts(program: Program, fn: IRFunction, loop: Loop, loops: Loop[]): LoopFacts {
  const effects = loopEffects(program, fn, loop.body);
  const modified: string[] = [];
  const modifiedIds = new Set<number>();
  const ids = new Map<string, number>();
  for (const id of effects.vars) {
    const name = userInt(program, id);
    if (name && !modified.includes(name)) {
      modified.push(name);
      modifiedIds.add(id);
      ids.set(name, id);
    }
  }
  // Integer variables the loop reads but does not write.
  const others: string[] = [];
  const otherIds = new Map<string, number>();
  const read = (o: Operand) => {
    if (o.kind !== 'var' || modifiedIds.has(o.id)) return;
    const name = userInt(program, o.id);
    if (name && !others.includes(name)) {
      others.push(name);
      otherIds.set(name, o.id);
    }
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
  const mixedParity: string[] = [];
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
      else if (steps.some((d) => d! % 2n === 0n)) mixedParity.push(name);
    }
    if (sites.length !== 1) continue;
    const [s] = sites;
    if (innermost(s.block) !== loop || !loop.latches.every((l) => dom.dominates(s.block, l))) continue;
    if (steps[0] !== undefined) step.set(name, steps[0]);
  }
  return { modified, ids, others, otherIds, init, step, modulus, mixedParity };
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
export function functionConstants(fn: IRFunction): bigint[] {
  const set = new Set<bigint>([0n]);
  const see = (o: Operand) => {
    if (o.kind === 'const' && o.type.kind === 'int' && (o.value < 0n ? -o.value : o.value) <= MAX_CONSTANT) set.add(o.value);
  };
  for (const b of fn.blocks) for (const ins of b.instrs) if (ins.kind === 'assign') for (const o of rvalueOperands(ins.value)) see(o);
  const abs = (x: bigint) => (x < 0n ? -x : x);
  return [...set].sort((a, b) => (abs(a) < abs(b) ? -1 : abs(a) > abs(b) ? 1 : a < b ? -1 : 1)).slice(0, MAX_CONSTANTS);
}

/** The greatest common divisor of |a| and |b| (0 for two zeros). */
export function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
}
