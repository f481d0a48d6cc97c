// Closed forms of what loops store in arrays, as polynomials of the index: the
// source of contents.ts's candidates whose value depends on k
// (`\forall integer k; 0 <= k < i ==> a[k] == 2 + 2*k (modulo 2^64)`). Only
// forms of degree 0 and 1 are proposed for now (MAX_DEGREE).
//
// Over the function's outermost loops in source order, the value a loop stores
// at `p[i]` (i its counter) is read as a polynomial of i over the rationals:
// constants, i, + - *, and elements of arrays at i + c whose closed form an
// earlier loop gave. A store of `p[i - 1] + E(i)` is a recurrence: with a
// constant index the function stores p[j0] = v0 at, its closed form is
// v0 + E(j0 + 1) + ... + E(k), fitted exactly by interpolation.
//
// This works over mathematical rationals and ignores overflow and conversions:
// it only proposes. Houdini checks every candidate in the encoder's bit-vector
// semantics (prover.ts), modulo 2^bits of the element (model/operands.ts).

import type { IRFunction, Operand, Place, Program, Rvalue } from '../ir/ir';
import type { Loop } from '../ir/loops';
import { gcd } from './candidates';

/** A rational number n / d, d > 0, in lowest terms. */
interface Q {
  n: bigint;
  d: bigint;
}
/** A polynomial of the index: the coefficient of k^j at j. */
export type Poly = Q[];

/** What an array holds at index k once a loop has stored it: `base + poly(k)`. */
export interface ClosedForm {
  poly: Poly;
  /** A variable added to the polynomial (`c[0] = N` before `c[i] = c[i-1] + ...`), by id. */
  baseVar: number | null;
}

/** An array a loop writes at its counter, named as contents.ts names it (pointer or array variable id). */
export interface ArrayKey {
  kind: 'ptr' | 'arr';
  id: number;
}

/** A counter-indexed store of a loop: the array, the stored operand and the counter's id. */
export interface CounterStore {
  array: ArrayKey;
  value: Operand;
  counter: number;
}

/**
 * Forms of degree above this are not proposed. A quadratic's check needs Z3 to relate the products
 * k * k at the witness and at i, which bit-blasting did not do within the time limit (e.g.
 * `b[i] = b[i-1] + 2*i`, b[k] == k*k + k), even with the powers as uninterpreted functions.
 */
const MAX_DEGREE = 1;

const q = (n: bigint, d = 1n): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const ZERO = q(0n);
const addQ = (a: Q, b: Q) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const mulQ = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);

function trim(p: Poly): Poly {
  const out = [...p];
  while (out.length && out[out.length - 1].n === 0n) out.pop();
  return out;
}
export function degree(p: Poly): number {
  return trim(p).length - 1;
}
function addP(a: Poly, b: Poly, sign = 1n): Poly {
  const out: Poly = [];
  for (let j = 0; j < Math.max(a.length, b.length); j++) out.push(addQ(a[j] ?? ZERO, mulQ(b[j] ?? ZERO, q(sign))));
  return trim(out);
}
function mulP(a: Poly, b: Poly): Poly {
  const out: Poly = [];
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = addQ(out[i + j] ?? ZERO, mulQ(x, y)))));
  return trim(out);
}
function evalP(p: Poly, x: bigint): Q {
  return p.reduceRight<Q>((acc, c) => addQ(mulQ(acc, q(x)), c), ZERO);
}
/** p(k + c). */
function shiftP(p: Poly, c: bigint): Poly {
  return p.reduceRight<Poly>((acc, coef) => addP(mulP(acc, [q(c), q(1n)]), [coef]), []);
}
/** The polynomial of degree < xs.length through the points (Lagrange). */
function fit(xs: bigint[], ys: Q[]): Poly {
  let out: Poly = [];
  xs.forEach((xi, i) => {
    let term: Poly = [ys[i]];
    xs.forEach((xj, j) => {
      if (j !== i) term = mulP(term, [q(-xj, xi - xj), q(1n, xi - xj)]);
    });
    out = addP(out, term);
  });
  return out;
}

/** The polynomial with integer coefficients and the least positive scale s with s * form == it. */
export function integral(p: Poly): { scale: bigint; coeffs: bigint[] } {
  const scale = p.reduce((l, c) => (l * c.d) / (gcd(l, c.d) || 1n), 1n);
  return { scale, coeffs: p.map((c) => (c.n * scale) / c.d) };
}

/** What a stored value is: `prev * p[i - 1] + poly(i)` for the array stored to. */
interface Linear {
  prev: Q;
  poly: Poly;
}

/** What closedForms reads of a function, found once: its temps' definitions and its fixed stores. */
export interface FunctionStores {
  defs: Map<number, Rvalue>;
  fixed: FixedStore[];
}

export function functionStores(program: Program, fn: IRFunction): FunctionStores {
  const defs = tempDefinitions(program, fn);
  return { defs, fixed: fixedStores(program, defs, fn) };
}

/**
 * The closed forms of each store of a loop (indexed like `stores`), given the forms earlier loops left
 * (`known`, by arrayKeyText), and the constants and variables the function stores at fixed indices.
 */
export function closedForms(
  program: Program,
  { defs, fixed }: FunctionStores,
  stores: CounterStore[],
  known: Map<string, ClosedForm>,
): (ClosedForm & { base: bigint | null })[][] {
  return stores.map((s) => {
    const target = arrayKeyText(s.array);
    const lin = linear(program, defs, s.value, s.counter, target, known, new Set());
    if (!lin) return [];
    if (lin.prev.n === 0n) return degree(lin.poly) <= MAX_DEGREE ? [{ poly: lin.poly, baseVar: null, base: null }] : [];
    if (lin.prev.n !== 1n || lin.prev.d !== 1n || degree(lin.poly) + 1 > MAX_DEGREE) return [];
    // p[k] = v0 + E(j0 + 1) + ... + E(k): fitted through deg E + 2 points.
    const out: (ClosedForm & { base: bigint })[] = [];
    for (const f of fixed.filter((f) => f.key === target)) {
      const xs: bigint[] = [];
      const ys: Q[] = [];
      let y = q(f.value.kind === 'const' ? f.value.value : 0n);
      for (let t = 0n; t <= BigInt(degree(lin.poly) + 1); t++) {
        const x = f.index + t;
        if (t > 0n) y = addQ(y, evalP(lin.poly, x));
        xs.push(x);
        ys.push(y);
      }
      out.push({ poly: fit(xs, ys), baseVar: f.value.kind === 'var' ? f.value.id : null, base: f.index });
    }
    return out;
  });
}

export function arrayKeyText(k: ArrayKey): string {
  return `${k.kind}:${k.id}`;
}

/** The arrays the loop reads an element of (arrayKeyText). */
export function arraysRead(program: Program, { defs }: FunctionStores, fn: IRFunction, loop: Loop): Set<string> {
  const out = new Set<string>();
  for (const b of loop.body)
    for (const ins of fn.blocks[b].instrs)
      if (ins.kind === 'assign' && ins.value.op === 'load') {
        const at = elementAt(program, defs, ins.value.place);
        if (at) out.add(arrayKeyText(at.key));
      }
  return out;
}

/** The temps of the function assigned in `blocks` (all of them by default), each assigned once by the front end, by id. */
export function tempDefinitions(program: Program, fn: IRFunction, blocks: Iterable<number> = fn.blocks.keys()): Map<number, Rvalue> {
  const defs = new Map<number, Rvalue>();
  for (const b of blocks)
    for (const ins of fn.blocks[b].instrs)
      if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && !ins.dst.path.length && program.vars.get(ins.dst.root.id)?.kind === 'temp')
        defs.set(ins.dst.root.id, ins.value);
  return defs;
}

/** The array and the index operand a place designates: `*(p + x)`, `*p` (index 0) or `a[x]`. */
function elementAt(program: Program, defs: Map<number, Rvalue>, place: Place): { key: ArrayKey; index: Operand } | null {
  if (place.path.length === 0 && place.root.kind === 'deref' && place.root.ptr.kind === 'var') {
    const ptr = place.root.ptr;
    const d = defs.get(ptr.id);
    if (d?.op === 'ptradd' && d.ptr.kind === 'var' && program.vars.get(d.ptr.id)?.kind !== 'temp')
      return { key: { kind: 'ptr', id: d.ptr.id }, index: d.offset };
    if (program.vars.get(ptr.id)?.kind !== 'temp') return { key: { kind: 'ptr', id: ptr.id }, index: { kind: 'const', value: 0n, type: ptr.type } };
    return null;
  }
  if (place.root.kind === 'var' && place.path.length === 1 && place.path[0].kind === 'index' && program.vars.get(place.root.id)?.type.kind === 'array')
    return { key: { kind: 'arr', id: place.root.id }, index: place.path[0].index };
  return null;
}

/** A constant or a variable the function stores at a constant index: `a[0] = 2`, `c[0] = N`. */
export interface FixedStore {
  key: string;
  index: bigint;
  value: Operand;
  line: number;
}

/** The function's fixed stores (FixedStore). */
function fixedStores(program: Program, defs: Map<number, Rvalue>, fn: IRFunction): FixedStore[] {
  const out: FixedStore[] = [];
  const constant = (o: Operand): bigint | null => {
    if (o.kind === 'const') return o.value;
    const d = o.kind === 'var' ? defs.get(o.id) : undefined;
    return d?.op === 'cast' || d?.op === 'use' ? constant(d.a) : null;
  };
  // The stored operand, through conversions: a constant or a user variable.
  const stored = (o: Operand): Operand | null => {
    if (o.kind === 'const') return o;
    if (o.kind !== 'var') return null;
    const v = program.vars.get(o.id);
    if (v && v.kind !== 'temp') return v.type.kind === 'int' ? o : null;
    const d = defs.get(o.id);
    return d?.op === 'cast' || d?.op === 'use' ? stored(d.a) : null;
  };
  for (const b of fn.blocks)
    for (const ins of b.instrs) {
      if (ins.kind !== 'assign' || !ins.dst || ins.value.op !== 'use') continue;
      const at = elementAt(program, defs, ins.dst);
      const index = at && constant(at.index);
      const value = stored(ins.value.a);
      if (at && index !== null && value) out.push({ key: arrayKeyText(at.key), index, value, line: ins.range.line });
    }
  return out;
}

/** The stored operand as `prev * target[i - 1] + poly(i)`, or null when it is not such. */
function linear(
  program: Program,
  defs: Map<number, Rvalue>,
  o: Operand,
  counter: number,
  target: string,
  known: Map<string, ClosedForm>,
  seen: Set<number>,
): Linear | null {
  const constant = (poly: Poly): Linear => ({ prev: ZERO, poly });
  if (o.kind === 'const') return constant(trim([q(o.value)]));
  if (o.kind !== 'var' || seen.has(o.id)) return null;
  if (o.id === counter) return constant([ZERO, q(1n)]);
  const d = defs.get(o.id);
  if (!d) return null;
  const sub = (x: Operand) => linear(program, defs, x, counter, target, known, new Set([...seen, o.id]));
  switch (d.op) {
    case 'use':
      return sub(d.a);
    case 'cast':
      return d.to.kind === 'int' && d.a.type.kind === 'int' ? sub(d.a) : null;
    case 'binary': {
      if (d.bop !== '+' && d.bop !== '-' && d.bop !== '*') return null;
      const [a, b] = [sub(d.a), sub(d.b)];
      if (!a || !b) return null;
      if (d.bop !== '*') {
        const sign = d.bop === '+' ? 1n : -1n;
        return { prev: addQ(a.prev, mulQ(b.prev, q(sign))), poly: addP(a.poly, b.poly, sign) };
      }
      // A product is linear in the previous element only when one side is a constant.
      const isConst = (x: Linear) => x.prev.n === 0n && degree(x.poly) <= 0;
      if (a.prev.n !== 0n && !isConst(b)) return null;
      if (b.prev.n !== 0n && !isConst(a)) return null;
      const c = (x: Linear) => x.poly[0] ?? ZERO;
      return { prev: a.prev.n !== 0n ? mulQ(a.prev, c(b)) : mulQ(b.prev, c(a)), poly: mulP(a.poly, b.poly) };
    }
    case 'load': {
      const at = elementAt(program, defs, d.place);
      if (!at) return null;
      const index = sub(at.index);
      // The index must be i + c.
      if (!index || index.prev.n !== 0n || degree(index.poly) !== 1 || index.poly[1].n !== 1n || index.poly[1].d !== 1n) return null;
      const c = index.poly[0] ?? ZERO;
      if (c.d !== 1n) return null;
      const key = arrayKeyText(at.key);
      if (key === target && c.n === -1n) return { prev: q(1n), poly: [] };
      const form = known.get(key);
      if (!form || form.baseVar !== null) return null;
      // The target's own element at i is what an earlier loop left there; another array's at i + c too.
      if (key === target && c.n !== 0n) return null;
      return constant(shiftP(form.poly, c.n));
    }
    default:
      return null;
  }
}
