// Memory: addresses, and reads and writes through places. A pointer is
// (object, offset); a read through it is an if-then-else over the objects it
// may designate (the pointer paper's φu), a write updates each of them under
// the condition that it is the one designated (φd), so conditional aliasing
// is exact. Accesses add their undefined-behaviour conditions (null, outside
// every live object, index out of bounds).

import type { Operand, Place } from '../ir/ir';
import type { CType } from '../ir/types';
import { sameType } from '../ir/types';
import type { CallContext } from './unroll';
import { resolveVar } from './unroll';
import { bvConst, ite, type B, type BV, type F, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, freshVal, iteVal, selectVal, storeVal, tOf, type PtrVal, type Term, type Val } from './values';
import { VIEW_SHIFT, initFlagKey, toOffset, type EncoderState, type Env, type Evaluated, type ObjectView } from './state';
import { staleMember, storeMember } from './unions';

export type EvalOperand = (op: Operand, env: Env, c: CallContext, node?: number) => Evaluated;

export interface Candidate {
  idx: number;
  varId: number;
  isArray: boolean;
  length: number | null;
  heap: boolean;
  lengthTerm?: BV;
  /** A member of another object (state.ts ObjectView): its element is reached through the base's value. */
  view?: ObjectView;
}

/** A step of a path: a place's (`.f`, `[i]` of an operand) or an element at an offset already computed. */
type Step = { kind: 'field'; index: number } | Extract<Place['path'][number], { kind: 'index' }> | { kind: 'at'; off: BV };

/**
 * Summary objects (the loop abstraction's, `Program.summarySites`): the objects of site k are the numbers
 * [SUMMARY_BASE + k * SUMMARY_SPAN, SUMMARY_BASE + (k + 1) * SUMMARY_SPAN), far above every object the
 * encoding makes. One such number stands for any older object of the site, so nothing about one is kept:
 * an access checks only that the element exists in an object of the site (they are all alive: a loop that
 * frees is never abstracted), a read gives any value, a write changes nothing the model keeps, and two of
 * them compare equal or not (model/operands.ts).
 */
export const SUMMARY_BASE = 1n << 31n;
export const SUMMARY_SPAN = 1n << 24n;

export function memoryOps(st: EncoderState, evalOperand: EvalOperand) {
  const { ctx, T, F_, vars, objects, objIndex, addObject, taint, getVar, typeOfVar, alive, boolConst, assertions, tracked, trace, topCtx, opts } = st;
  const sites = st.program.summarySites ?? [];

  /** The summary objects a pointer to `t` may designate: per site of elements of type t, when `obj` is one of its, and its length. */
  function summaries(obj: Term, t: CType): { sel: B; length: BV }[] {
    const out: { sel: B; length: BV }[] = [];
    sites.forEach((site, k) => {
      if (!sameType(site.elem, t)) return;
      const lo = SUMMARY_BASE + BigInt(k) * SUMMARY_SPAN;
      const o = obj as BV;
      out.push({
        sel: o.uge(bvConst(ctx, lo, OBJ_BITS)).and(o.ult(bvConst(ctx, lo + SUMMARY_SPAN, OBJ_BITS))) as B,
        length: bvConst(ctx, BigInt(site.length), OFF_BITS),
      });
    });
    return out;
  }

  /** `obj` is a summary object of some site (there are none without summary sites). */
  function isSummary(obj: Term): B {
    return sites.length ? ((obj as BV).uge(bvConst(ctx, SUMMARY_BASE, OBJ_BITS)) as B) : F_;
  }

  function addressOf(place: Place, env: Env, c: CallContext): { val: Val; ub: UbCondition[] } {
    const ub: UbCondition[] = [];
    let obj: Term;
    let off: BV;
    let path = place.path;
    // The objects the place's leading part designates (before its member path), each under its condition.
    let bases: { sel: B; cand: Candidate }[];
    let baseType: CType;
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      const vt = typeOfVar(id);
      const idx = objIndex.get(id) ?? addObject(id, vt);
      obj = bvConst(ctx, BigInt(idx), OBJ_BITS);
      off = bvConst(ctx, 0n, OFF_BITS);
      const isArray = path.length > 0 && path[0].kind === 'index' && vt.kind === 'array';
      if (isArray) {
        const first = path[0] as Extract<Step, { kind: 'index' }>;
        const i = evalOperand(first.index, env, c, st.cur.node);
        off = toOffset(i.val, first.index.type);
        path = path.slice(1);
        // &a[i] is defined for i in [0, length] (one past the end), C11 6.5.6p8.
        if (vt.length !== null) ub.push(formationUb(off.ugt(bvConst(ctx, BigInt(vt.length), OFF_BITS)) as B, vt.length));
      }
      if (path.length === 0) return { val: { k: 'ptr', obj, off }, ub };
      baseType = isArray && vt.kind === 'array' ? vt.of : vt;
      bases = [{ sel: T, cand: { idx, varId: id, isArray, length: vt.kind === 'array' ? vt.length : 1, heap: false } }];
      // A member of an element: `&a[i].f` needs a[i] to exist, not one past the end.
      if (isArray && vt.kind === 'array' && vt.length !== null) ub.push(boundsUb(off, vt.length));
    } else {
      const p = evalOperand(place.root.ptr, env, c, st.cur.node);
      if (p.val.k !== 'ptr') {
        taint('address computed from a non-pointer');
        return { val: freshVal(ctx, place.type.kind === 'void' ? place.type : { kind: 'pointer', to: place.type }, 'addr'), ub };
      }
      obj = p.val.obj;
      off = p.val.off as BV;
      const to = place.root.ptr.type.kind === 'pointer' ? place.root.ptr.type.to : place.type;
      // `&(*p)[j]` for p a pointer to an array indexes the array *p: not `p + j` (derefTarget's rule).
      if (path.length > 0 && path[0].kind === 'index' && to.kind !== 'array') {
        const i = evalOperand(path[0].index, env, c, st.cur.node);
        const before = off;
        off = moved(obj, off, toOffset(i.val, path[0].index.type));
        path = path.slice(1);
        ub.push(...pointerFormationUb({ k: 'ptr', obj, off }, to, before));
      }
      if (path.length === 0) return { val: { k: 'ptr', obj, off }, ub };
      baseType = to;
      const cands = candidates(to);
      bases = cands.map((cand) => ({ sel: (obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B, cand }));
      // A member of a summary object would be a view of many objects at once.
      if (summaries(obj, to).length) taint('address of a member of an object a loop allocated');
      // `&p->f` is a member access through *p (C11 6.5.2.3): p must designate a live object.
      const valid = bases.reduce((acc: B, b) => acc.or(b.sel.and(inRangeOf(b.cand, off, env))) as B, F_);
      noteAccessAt({ k: 'ptr', obj, off }, off);
      ub.push(...accessUb({ k: 'ptr', obj, off }, valid, 'member address through', justPastEnd({ k: 'ptr', obj, off }, cands)));
    }
    const member = memberAddress(bases, off, path, baseType, env, c, ub);
    if (member) return { val: member, ub };
    taint('pointer into elements nested three levels deep (a 3-D array, a 2-D array member, a member of an element of an array member)');
    return { val: freshVal(ctx, { kind: 'pointer', to: place.type }, 'addr'), ub };
  }

  /**
   * `&x.f.g`, `&x.a[i]`, `&x[i]` where x is one of `bases` (at offset `off`): a pointer into the view object
   * of that member or row (state.ts ObjectView). Null when the path is not fields with at most a final index,
   * or when a base is itself an array member (three levels of elements).
   */
  function memberAddress(
    bases: { sel: B; cand: Candidate }[],
    off: BV,
    path: Step[],
    baseType: CType,
    env: Env,
    c: CallContext,
    ub: UbCondition[],
  ): PtrVal | null {
    const fields: number[] = [];
    let t = baseType;
    let k = 0;
    for (; k < path.length && path[k].kind === 'field'; k++) {
      if (t.kind !== 'struct') return null;
      const f = (path[k] as Extract<Step, { kind: 'field' }>).index;
      fields.push(f);
      t = t.fields[f].type;
    }
    const rest = path.slice(k);
    // No fields (the path is then one index, addressOf never asks for an empty one): `&x[j]` of an array x
    // of `bases`, a row of an array of rows (`&m[i][j]`, `m[i]`'s decay).
    if (rest.length > 1 || bases.some((b) => b.cand.view && b.cand.isArray)) return null;
    let inner = bvConst(ctx, 0n, OFF_BITS);
    if (rest.length === 1) {
      const el = rest[0];
      if (el.kind !== 'index' || t.kind !== 'array') return null;
      inner = toOffset(evalOperand(el.index, env, c, st.cur.node).val, el.index.type);
      if (t.length !== null) ub.push(formationUb(inner.ugt(bvConst(ctx, BigInt(t.length), OFF_BITS)) as B, t.length));
      t = t.of;
    }
    // Every base is of baseType (a composed view's too: its member is of that struct type).
    const memberType = memberTypeOf(baseType, fields);
    let obj: BV = bvConst(ctx, 0n, OBJ_BITS);
    let offset: BV = bvConst(ctx, 0n, OFF_BITS);
    for (const { sel, cand } of bases) {
      if (fields.length === 0 && !cand.view && !cand.isArray) {
        // The row is the object itself (`int (*p)[4] = &r;`): its own element, no view.
        obj = ite(ctx, sel, bvConst(ctx, BigInt(cand.idx), OBJ_BITS), obj) as BV;
        offset = ite(ctx, sel, inner, offset) as BV;
        continue;
      }
      const view: ObjectView = cand.view
        ? { base: cand.view.base, baseArray: cand.view.baseArray, fields: [...cand.view.fields, ...fields] }
        : { base: cand.idx, baseArray: cand.isArray, fields };
      const idx = st.addView(view, memberType);
      // The base's element: a plain array's offset, or a view's own high bits.
      const element = cand.view ? high(off) : cand.isArray ? off : bvConst(ctx, 0n, OFF_BITS);
      obj = ite(ctx, sel, bvConst(ctx, BigInt(idx), OBJ_BITS), obj) as BV;
      offset = ite(ctx, sel, atBaseElement(element).add(inner), offset) as BV;
    }
    return { k: 'ptr', obj, off: offset };
  }

  /** The type of the member `fields` of `t`. */
  function memberTypeOf(t: CType, fields: number[]): CType {
    let m = t;
    for (const f of fields) {
      if (m.kind !== 'struct') throw new Error('member of a non-struct');
      m = m.fields[f].type;
    }
    return m;
  }

  const mask = (bits: number) => bvConst(ctx, (1n << BigInt(bits)) - 1n, OFF_BITS);
  /** A view pointer's base element (the offset's high bits) and member element (its low bits). */
  const high = (off: BV): BV => off.lshr(bvConst(ctx, BigInt(VIEW_SHIFT), OFF_BITS)) as BV;
  const low = (off: BV): BV => off.and(mask(VIEW_SHIFT)) as BV;
  /** The offset of a view's element 0 in the base element `element` (its high bits). */
  const atBaseElement = (element: BV): BV => element.shl(bvConst(ctx, BigInt(VIEW_SHIFT), OFF_BITS)) as BV;

  /**
   * `off` moved by `delta` elements in the object `obj` designates. Into a view, only the member's element
   * moves: a sum outside the low bits' range would carry into the base element (`&sa[1].x + 1 + 4294967295`
   * became `&sa[2].x`: F18), and is a member element no object has (outside, as C11 6.5.6p8 says).
   */
  function moved(obj: Term, off: BV, delta: BV): BV {
    const plain = off.add(delta) as BV;
    const views = objects.flatMap((o, k) => (o.view ? [k + 1] : []));
    if (!views.length) return plain;
    const inView = views.reduce((acc: B, k) => acc.or((obj as BV).eq(bvConst(ctx, BigInt(k), OBJ_BITS))) as B, F_);
    const element = low(off).add(delta) as BV;
    const outside = element.ugt(mask(VIEW_SHIFT)) as B;
    const kept = off.sub(low(off)).add(ite(ctx, outside, mask(VIEW_SHIFT), element)) as BV;
    return ite(ctx, inView, kept, plain);
  }

  /** The path from a view's base value to the element at `off` (accessed as an array of its elements or as one). */
  function viewSteps(view: ObjectView, isArray: boolean, off: BV): Step[] {
    const steps: Step[] = view.baseArray ? [{ kind: 'at', off: high(off) }] : [];
    for (const f of view.fields) steps.push({ kind: 'field', index: f });
    if (isArray) steps.push({ kind: 'at', off: low(off) });
    return steps;
  }

  /** The element of a candidate at `off` (the object itself when it is not accessed as an array), through a pointer to `obj` if given. */
  function elementOf(cand: Candidate, off: BV, env: Env, c: CallContext, obj?: Term): Val {
    const objVal = getVar(env, cand.varId);
    if (cand.isArray) noteIndex(off, indexKey(cand, obj));
    if (!cand.view) return cand.isArray ? selectVal(objVal, off) : objVal;
    return readPath(objVal, viewSteps(cand.view, cand.isArray, off), env, c, [], objects[cand.view.base - 1].type);
  }

  /** The candidate's variable value with its element at `off` replaced by `elem`. */
  function withElement(cand: Candidate, off: BV, elem: Val, env: Env, c: CallContext, obj?: Term): Val {
    const objVal = getVar(env, cand.varId);
    if (cand.isArray) noteIndex(off, indexKey(cand, obj));
    if (!cand.view) return cand.isArray ? storeVal(objVal, off, elem) : elem;
    return writePath(objVal, viewSteps(cand.view, cand.isArray, off), elem, env, c, [], objects[cand.view.base - 1].type);
  }

  /** Notes an access at `off` through p for the input-size check, through a view at its base's element. */
  function noteAccessAt(p: PtrVal, off: BV, when?: B): void {
    st.noteAccess(p.obj as BV, off, when);
    objects.forEach((o, i) => {
      if (!o.view?.baseArray) return;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(i + 1), OBJ_BITS)) as B;
      st.noteAccess(bvConst(ctx, BigInt(o.view.base), OBJ_BITS), high(off), when ? (sel.and(when) as B) : sel);
    });
  }

  /** Two pointers into the same view designate members of different elements of its base (so different objects). */
  function otherBaseElement(a: PtrVal, b: PtrVal): B {
    const parts: B[] = [];
    objects.forEach((o, i) => {
      if (o.view?.baseArray) parts.push((a.obj as BV).eq(bvConst(ctx, BigInt(i + 1), OBJ_BITS)).and(high(a.off as BV).neq(high(b.off as BV))) as B);
    });
    return parts.length ? (ctx.Or(...parts) as B) : F_;
  }

  /**
   * A view candidate's member as a whole, for the string functions: its value in the base element `off`
   * designates, whether that base is on the heap, where the member's element 0 is among the pointer's
   * offsets, and how a new value of the member goes back into the base variable's value.
   */
  function viewMember(cand: Candidate, off: BV, env: Env): { value: Val; heap: boolean; origin: BV; put: (whole: Val, member: Val) => Val } {
    const view = cand.view!;
    const base = objects[view.base - 1];
    const steps = viewSteps(view, false, off);
    return {
      value: readPath(getVar(env, cand.varId), steps, env, topCtx, [], base.type),
      heap: Boolean(base.heap),
      origin: view.baseArray ? atBaseElement(high(off)) : bvConst(ctx, 0n, OFF_BITS),
      put: (whole, member) => writePath(whole, steps, member, env, topCtx, [], base.type),
    };
  }

  function formationUb(cond: B, length: number | string): UbCondition {
    return { error: 'bounds', cond, detail: `pointer formed outside its object [0, ${length}] (C11 6.5.6p8)` };
  }

  /**
   * A pointer `p` (to `t`) computed by arithmetic must stay within its object or one past its end
   * (C11 6.5.6p8): for each object of type t or array of t it may designate, its offset in [0, length].
   * NULL and objects of another type are left to the access that would use them. `before` is the
   * offset before the arithmetic (a member's pointer must not carry into its base element's bits).
   */
  function pointerFormationUb(p: PtrVal, t: CType, before?: BV): UbCondition[] {
    const off = p.off as BV;
    // Past an input object's assumed size the pointer is defined for a longer object: a size hit (state.ts noteAccess).
    st.noteAccess(p.obj as BV, off.sub(bvConst(ctx, 1n, OFF_BITS)));
    const outside: B[] = [];
    for (const cand of candidates(t)) {
      const len = cand.lengthTerm ?? (cand.isArray ? (cand.length === null ? null : bvConst(ctx, BigInt(cand.length), OFF_BITS)) : bvConst(ctx, 1n, OFF_BITS));
      if (!len) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      // A member's pointer moves within the member: its low bits (a carry out of them is outside too).
      outside.push(
        sel.and(
          cand.view
            ? low(off)
                .ugt(len)
                .or(before ? high(off).neq(high(before)) : F_)
            : off.ugt(len),
        ) as B,
      );
    }
    for (const { sel, length } of summaries(p.obj, t)) outside.push(sel.and(off.ugt(length)) as B);
    return outside.length ? [formationUb(ctx.Or(...outside) as B, 'length')] : [];
  }

  /** Objects a pointer to `t` may designate: objects of type t, or arrays of t. */
  function candidates(t: CType): Candidate[] {
    const out: Candidate[] = [];
    objects.forEach((o, i) => {
      const base = { idx: i + 1, varId: o.varId, heap: Boolean(o.heap), lengthTerm: o.lengthTerm, view: o.view };
      if (sameType(o.type, t)) out.push({ ...base, isArray: false, length: 1 });
      else if (o.type.kind === 'array' && sameType(o.type.of, t)) out.push({ ...base, isArray: true, length: o.type.length });
    });
    return out;
  }

  /** The offset designates an element of the candidate, and the candidate is alive. */
  function inRangeOf(cand: Candidate, off: BV, env: Env): B {
    if (cand.view) return viewInRange(cand, cand.view, off, env);
    let r: B;
    if (!cand.isArray) r = off.eq(bvConst(ctx, 0n, OFF_BITS)) as B;
    else if (cand.lengthTerm) r = off.ult(cand.lengthTerm) as B;
    else if (cand.length === null) r = T;
    else r = off.ult(bvConst(ctx, BigInt(cand.length), OFF_BITS)) as B;
    return cand.heap ? (r.and(alive(env, cand.varId)) as B) : r;
  }

  /** A view's element at `off` exists: its base element (alive if on the heap), and the member's element. */
  function viewInRange(cand: Candidate, view: ObjectView, off: BV, env: Env): B {
    const base = objects[view.base - 1];
    const zero = bvConst(ctx, 0n, OFF_BITS);
    const baseLength = base.lengthTerm ?? (base.type.kind === 'array' && base.type.length !== null ? bvConst(ctx, BigInt(base.type.length), OFF_BITS) : null);
    let r = (view.baseArray ? (baseLength ? high(off).ult(baseLength) : T) : high(off).eq(zero)) as B;
    if (cand.isArray) {
      if (cand.length !== null) r = r.and(low(off).ult(bvConst(ctx, BigInt(cand.length), OFF_BITS))) as B;
    } else r = r.and(low(off).eq(zero)) as B;
    return base.heap ? (r.and(alive(env, base.varId)) as B) : r;
  }

  /** UB conditions of an access through pointer p: null, or outside every live object it may designate. */
  function accessUb(p: PtrVal, valid: B, what: string, justPast?: B): UbCondition[] {
    const isNull = (p.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
    const outside = isNull.not().and(valid.not()) as B;
    return [
      { error: 'null', cond: isNull, detail: `${what} a null pointer` },
      {
        error: 'bounds',
        cond: outside,
        detail: `${what} a pointer outside a live object (out of bounds or freed)`,
        prefer: justPast ? (outside.and(justPast) as B) : undefined,
      },
    ];
  }

  /**
   * `\valid(p + (lo..hi))`, bounds as wide signed offsets (ACSL integers): whether the range is empty,
   * whether p is not NULL, and whether p+lo and p+hi (so every element between) lie in one live object
   * p may designate, as the model has its objects (inputs have their assumed sizes).
   */
  function validRange(p: PtrVal, pointee: CType, lo: BV, hi: BV, env: Env): { empty: B; nonNull: B; inObject: B } {
    const wide = lo.sort.size();
    const off = (p.off as BV).zeroExt(wide - OFF_BITS);
    const element = (k: BV): { ok: B; at: BV } => {
      const at = off.add(k);
      // Within [0, 2^64): the object's offsets; anything else is before it or past every object.
      return { ok: at.extract(wide - 1, OFF_BITS).eq(bvConst(ctx, 0n, wide - OFF_BITS)) as B, at: at.extract(OFF_BITS - 1, 0) as BV };
    };
    const first = element(lo);
    const last = element(hi);
    const parts: B[] = [];
    for (const cand of candidates(pointee)) {
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      parts.push(ctx.And(sel, inRangeOf(cand, first.at, env), inRangeOf(cand, last.at, env)) as B);
    }
    for (const { sel, length } of summaries(p.obj, pointee)) parts.push(ctx.And(sel, first.at.ult(length), last.at.ult(length)) as B);
    const inObject = parts.length ? (ctx.And(first.ok, last.ok, ctx.Or(...parts)) as B) : F_;
    return { empty: hi.slt(lo) as B, nonNull: (p.obj as BV).neq(bvConst(ctx, 0n, OBJ_BITS)) as B, inObject };
  }

  /** The pointer designates the element just past the end of one of the candidates (or the one before the start). */
  function justPastEnd(p: PtrVal, cands: Candidate[]): B {
    const off = p.off as BV;
    const parts: B[] = [];
    for (const cand of cands) {
      if (!cand.isArray) continue;
      const len = cand.lengthTerm ?? (cand.length === null ? null : bvConst(ctx, BigInt(cand.length), OFF_BITS));
      if (!len) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const at = cand.view ? low(off) : off;
      parts.push(sel.and(at.eq(len).or(at.eq(cand.view ? mask(VIEW_SHIFT) : bvConst(ctx, -1n, OFF_BITS)))) as B);
    }
    return parts.length ? (ctx.Or(...parts) as B) : F_;
  }

  function readPath(base: Val, path: Step[], env: Env, c: CallContext, ub: UbCondition[], baseType: CType): Val {
    let v = base;
    let t = baseType;
    for (const el of path) {
      if (el.kind === 'field') {
        if (v.k !== 'struct' || t.kind !== 'struct') throw new Error('field access on a non-struct');
        const stale = staleMember(v, el.index);
        if (stale) taint(stale);
        v = v.fields[el.index];
        t = t.fields[el.index].type;
      } else {
        if (v.k !== 'arr' || t.kind !== 'array') throw new Error('index on a non-array');
        v = selectVal(v, stepOffset(el, t, env, c, ub));
        t = t.of;
      }
    }
    return v;
  }

  /** The element offset of an index step, its bounds condition added to `ub` (an `at` step's offset is checked by its access). */
  function stepOffset(el: Exclude<Step, { kind: 'field' }>, t: Extract<CType, { kind: 'array' }>, env: Env, c: CallContext, ub: UbCondition[]): BV {
    if (el.kind === 'at') return el.off;
    const off = toOffset(evalOperand(el.index, env, c, st.cur.node).val, el.index.type);
    if (t.length !== null) ub.push(boundsUb(off, t.length));
    noteIndex(off);
    return off;
  }

  function writePath(base: Val, path: Step[], val: Val, env: Env, c: CallContext, ub: UbCondition[], baseType: CType): Val {
    if (path.length === 0) return val;
    const [el, ...rest] = path;
    if (el.kind === 'field') {
      if (base.k !== 'struct' || baseType.kind !== 'struct') throw new Error('field access on a non-struct');
      const member = writePath(base.fields[el.index], rest, val, env, c, ub, baseType.fields[el.index].type);
      if (baseType.union) return storeMember(st.z, (f) => assertions.push(f), baseType, base, el.index, member, rest.length > 0);
      const fields = [...base.fields];
      fields[el.index] = member;
      return { k: 'struct', fields };
    }
    if (base.k !== 'arr' || baseType.kind !== 'array') throw new Error('index on a non-array');
    const off = stepOffset(el, baseType, env, c, ub);
    return storeVal(base, off, writePath(selectVal(base, off), rest, val, env, c, ub, baseType.of));
  }

  function boundsUb(off: BV, length: number): UbCondition {
    const len = bvConst(ctx, BigInt(length), OFF_BITS);
    return { error: 'bounds', cond: off.uge(len) as B, detail: `index out of bounds [0, ${length})`, prefer: off.eq(len) as B };
  }

  /** Resolves a deref root: the pointer, the pointee type and the remaining path (a leading index folds into the offset). */
  function derefTarget(place: Place, env: Env, c: CallContext) {
    if (place.root.kind !== 'deref') throw new Error('not a deref');
    const p = evalOperand(place.root.ptr, env, c, st.cur.node);
    const ptrType = place.root.ptr.type;
    const pointee = ptrType.kind === 'pointer' ? ptrType.to : place.type;
    let path = place.path;
    let off = p.val.k === 'ptr' ? (p.val.off as BV) : bvConst(ctx, 0n, OFF_BITS);
    if (path.length > 0 && path[0].kind === 'index' && pointee.kind !== 'array') {
      const i = evalOperand(path[0].index, env, c, st.cur.node);
      const delta = toOffset(i.val, path[0].index.type);
      off = p.val.k === 'ptr' ? moved(p.val.obj, off, delta) : off.add(delta);
      path = path.slice(1);
    }
    return { p: p.val, off, pointee, path };
  }

  function readPlace(place: Place, env: Env, c: CallContext): { val: Val; ub: UbCondition[] } {
    const ub: UbCondition[] = [];
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      if (place.path.length === 0) ub.push(...st.uninitUb(env, id));
      return { val: readPath(getVar(env, id), place.path, env, c, ub, typeOfVar(id)), ub };
    }
    const { p, off, pointee, path } = derefTarget(place, env, c);
    if (p.k !== 'ptr' || pointee.kind === 'void') {
      taint('read through an untyped pointer');
      return { val: freshVal(ctx, place.type, 'deref'), ub };
    }
    const cands = candidates(pointee);
    noteAccessAt(p, off);
    let result: Val | null = null;
    let valid: B = F_;
    for (const cand of cands) {
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const v = readPath(elementOf(cand, off, env, c, p.obj), path, env, c, ub, pointee);
      result = result ? iteVal(ctx, sel, v, result) : v;
      valid = valid.or(sel.and(inRangeOf(cand, off, env))) as B;
    }
    // An older object of a loop's: any value.
    for (const { sel, length } of summaries(p.obj, pointee)) {
      const v = freshVal(ctx, place.type, 'summary');
      result = result ? iteVal(ctx, sel, v, result) : v;
      valid = valid.or(sel.and(off.ult(length))) as B;
    }
    ub.push(...accessUb(p, valid, 'read through', justPastEnd(p, cands)));
    return { val: result ?? freshVal(ctx, place.type, 'deref'), ub };
  }

  /**
   * The checks of designating `place` without reading it (ir.ts `designate`): a variable's subscripts are
   * checked, nothing is read (a union's stale member is no read); through a pointer, the checks of a read.
   */
  function designatePlace(place: Place, env: Env, c: CallContext): UbCondition[] {
    if (place.root.kind === 'deref') return readPlace(place, env, c).ub;
    const ub: UbCondition[] = [];
    let t: CType | undefined = typeOfVar(resolveVar(c, place.root.id));
    for (const el of place.path) {
      if (el.kind === 'field') t = t?.kind === 'struct' ? t.fields[el.index].type : undefined;
      else if (t?.kind === 'array') {
        stepOffset(el, t, env, c, ub);
        t = t.of;
      } else throw new Error('index on a non-array');
    }
    return ub;
  }

  function writePlace(place: Place, val: Val, env: Env, c: CallContext): UbCondition[] {
    const ub: UbCondition[] = [];
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      const old = place.path.length ? getVar(env, id) : (undefined as unknown as Val);
      let nv = writePath(old, place.path, val, env, c, ub, typeOfVar(id));
      const v = vars.get(id);
      // A temporary converting an integer to a float is part of the expression it is made for, which a
      // reason shows: untracked, its comparisons cost no floating point at all (trackAssign).
      const convertedTemp = v?.kind === 'temp' && nv.k === 'fp' && st.convertedInts.has(nv.t as object);
      if (opts.explain && c === topCtx && (nv.k === 'bv' || nv.k === 'fp') && !convertedTemp) nv = trackAssign(nv);
      env.set(id, nv);
      env.delete(initFlagKey(id));
      if (c === topCtx && v && v.kind !== 'temp' && (nv.k === 'bv' || nv.k === 'fp' || nv.k === 'ptr')) {
        trace.push({ node: st.cur.node, index: st.cur.index, range: st.cur.range, variable: v.name, type: v.type, val: nv });
      }
      return ub;
    }
    const { p, off, pointee, path } = derefTarget(place, env, c);
    if (p.k !== 'ptr' || pointee.kind === 'void') {
      taint('write through an untyped pointer');
      return ub;
    }
    let valid: B = F_;
    const cands = candidates(pointee);
    noteAccessAt(p, off);
    for (const cand of cands) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const objVal = getVar(env, cand.varId);
      const inRange = inRangeOf(cand, off, env);
      const updated = withElement(cand, off, writePath(elementOf(cand, off, env, c, p.obj), path, val, env, c, ub, pointee), env, c, p.obj);
      env.set(cand.varId, iteVal(ctx, sel, updated, objVal));
      valid = valid.or(sel.and(inRange)) as B;
    }
    // An older object of a loop's: nothing kept to change.
    for (const { sel, length } of summaries(p.obj, pointee)) valid = valid.or(sel.and(off.ult(length))) as B;
    ub.push(...accessUb(p, valid, 'write through', justPastEnd(p, cands)));
    return ub;
  }

  /**
   * Whether `holds` is true of every element `p[k]`, k in [lo, hi) (as integers of lo's type `kType`), of an
   * array of integers p designates (false when it designates none), with no quantifier for Z3 (its
   * quantifiers and lambdas make Houdini's satisfiable rounds slow or unknown):
   * - checked (`assumed` false): the element at a fresh witness offset w (the value at entry's `\exists`):
   *   it fails for some w exactly when some element fails;
   * - assumed: a Boolean constant b and, at the end of the encoding, `b => in range => holds` at every
   *   element offset the encoding accesses its arrays at, witnesses included (instantiateElementFacts).
   *   Fewer instances assume less: a proof stays a proof.
   */
  function everyElement(p: PtrVal, pointee: CType, lo: BV, hi: BV, kType: CType, holds: (elem: BV, k: BV) => B, env: Env, assumed: boolean): B {
    const signed = kType.kind === 'int' && kType.signed;
    const wide = (x: BV) => toOffset({ k: 'bv', t: x }, kType);
    const [first, last] = [wide(lo), wide(hi)];
    // The arrays p may designate (not those a known object number excludes).
    const known = ctx.isBitVecVal(p.obj) ? p.obj.value() : null;
    const arrays: ElementArray[] = [];
    for (const cand of candidates(pointee)) {
      if (cand.view || !cand.isArray || (known !== null && known !== BigInt(cand.idx))) continue;
      const objVal = getVar(env, cand.varId);
      if (objVal.k !== 'arr' || objVal.lifted.k !== 'bv') continue;
      arrays.push({ varId: cand.varId, sel: (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B, arr: objVal.lifted.t });
    }
    // An assumed fact of a summary object is true and tells nothing (a checked one fails there): one candidate
    // checked of the loop's newest object is assumed of it once it is an older one.
    const summary = assumed && summaries(p.obj, pointee).length ? isSummary(p.obj) : F_;
    if (!arrays.length) return summary;
    // At element offset j of the designated array: p[k] for k = j - off, if k is in [lo, hi) as lo's type orders it.
    const at = ({ sel, arr }: ElementArray, j: BV): B => {
      const s = j.sub(p.off as BV) as BV;
      const inRange = (signed ? first.sle(s).and(s.slt(last)) : first.ule(s).and(s.ult(last))) as B;
      return sel.implies(inRange.implies(holds(arr.select(j) as BV, s))) as B;
    };
    const designated = ctx.Or(...arrays.map((a) => a.sel)) as B;
    const keys = [indexKey(null, p.obj), ...arrays.map((a) => indexKey({ varId: a.varId }))];
    if (!assumed) {
      const w = ctx.BitVec.const(st.freshName('elements.w'), OFF_BITS) as BV;
      noteIndex(w, keys[0]);
      return ctx.And(designated, ...arrays.map((a) => at(a, w))) as B;
    }
    const b = boolConst('elements');
    assertions.push(b.implies(designated.or(summary)) as B);
    elementFacts.push({ b, arrays, at, keys });
    return b;
  }
  /** An array `everyElement` reads: its object's variable, whether p designates it, its value. */
  interface ElementArray {
    varId: number;
    sel: B;
    arr: Term;
  }
  /** Assumed `everyElement` facts, instantiated at the end of the encoding. */
  const elementFacts: { b: B; arrays: ElementArray[]; at: (a: ElementArray, j: BV) => B; keys: string[] }[] = [];
  /**
   * The element offsets at which arrays are read or written, by term id: of any array (a variable's
   * subscript), and by how the access designates its array (indexKey).
   */
  const indexTerms = new Map<number, BV>();
  const indexTermsOf = new Map<string, Map<number, BV>>();
  function noteIndex(off: BV, key?: string): void {
    if (key === undefined) indexTerms.set(off.id(), off);
    else (indexTermsOf.get(key) ?? indexTermsOf.set(key, new Map()).get(key)!).set(off.id(), off);
  }
  /** An access through a pointer to `obj` (the object number's term), else directly into the candidate's variable. */
  function indexKey(cand: { varId: number } | null, obj?: Term): string {
    return obj ? `obj:${obj.id()}` : `var:${cand!.varId}`;
  }
  /**
   * Each assumed `everyElement` fact at each element offset the encoding accesses its arrays at
   * (everyElement): through the same pointer's object term, or directly. An offset other objects are
   * accessed at tells nothing of this one's elements, and each instance costs Z3 the fact's terms (two
   * arrays, two facts and two loops took Houdini's rounds past the time limit). An access through another
   * pointer to the same object gives no instance: that assumes less, and a proof stays a proof.
   */
  function instantiateElementFacts(): B[] {
    const termsOf = (keys: string[]) => [...new Map([...indexTerms, ...keys.flatMap((k) => [...(indexTermsOf.get(k) ?? [])])]).values()];
    return elementFacts.flatMap((f) => {
      const terms = termsOf(f.keys);
      return f.arrays.flatMap((a) => terms.map((j) => f.b.implies(f.at(a, j)) as B));
    });
  }

  function trackAssign(v: Val): Val {
    const t = tOf(v);
    const lit = boolConst('trk.asg');
    tracked.push({ lit, range: st.cur.range, kind: 'assign', node: st.cur.node });
    const converted = st.convertedInts.get(t as object);
    if (converted) {
      // A converted integer stays one (compared as an integer, operands.ts) where the assignment is kept.
      const other = ctx.Const(st.freshName('asg'), t.sort) as F;
      const value = ite(ctx, lit, t as F, other);
      st.convertedInts.set(value, { ...converted, tracked: [...(converted.tracked ?? []), { lit, other }] });
      return { k: 'fp', t: value };
    }
    const named: Val = { k: v.k as 'bv', t: ctx.Const(st.freshName('asg'), t.sort) };
    assertions.push(lit.implies(named.t.eq(t)) as B);
    return named;
  }

  return {
    summaries,
    isSummary,
    addressOf,
    moved,
    pointerFormationUb,
    candidates,
    elementOf,
    withElement,
    noteAccessAt,
    viewMember,
    otherBaseElement,
    inRangeOf,
    validRange,
    accessUb,
    justPastEnd,
    readPlace,
    designatePlace,
    writePlace,
    boundsUb,
    everyElement,
    instantiateElementFacts,
  };
}

export type Memory = ReturnType<typeof memoryOps>;
