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
import { bvConst, type B, type BV, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, freshVal, iteVal, selectVal, storeVal, tOf, type PtrVal, type Term, type Val } from './values';
import { initFlagKey, toOffset, type EncoderState, type Env, type Evaluated } from './state';
import { staleMember, storeMember } from './unions';

export type EvalOperand = (op: Operand, env: Env, c: CallContext, node?: number) => Evaluated;

export interface Candidate {
  idx: number;
  varId: number;
  isArray: boolean;
  length: number | null;
  heap: boolean;
  lengthTerm?: BV;
}

export function memoryOps(st: EncoderState, evalOperand: EvalOperand) {
  const { ctx, T, F_, vars, objects, objIndex, addObject, taint, getVar, typeOfVar, alive, boolConst, assertions, tracked, trace, topCtx, opts } = st;

  function addressOf(place: Place, env: Env, c: CallContext): { val: Val; ub: UbCondition[] } {
    const ub: UbCondition[] = [];
    let obj: Term;
    let off: BV;
    let path = place.path;
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      const idx = objIndex.get(id) ?? addObject(id, typeOfVar(id));
      obj = bvConst(ctx, BigInt(idx), OBJ_BITS);
      off = bvConst(ctx, 0n, OFF_BITS);
      const vt = typeOfVar(id);
      if (path.length > 0 && path[0].kind === 'index' && vt.kind === 'array') {
        const i = evalOperand(path[0].index, env, c, st.cur.node);
        off = toOffset(i.val, path[0].index.type);
        path = path.slice(1);
        // &a[i] is defined for i in [0, length] (one past the end), C11 6.5.6p8.
        if (vt.length !== null) ub.push(formationUb(off.ugt(bvConst(ctx, BigInt(vt.length), OFF_BITS)) as B, vt.length));
      }
    } else {
      const p = evalOperand(place.root.ptr, env, c, st.cur.node);
      if (p.val.k !== 'ptr') {
        taint('address computed from a non-pointer');
        return { val: freshVal(ctx, place.type.kind === 'void' ? place.type : { kind: 'pointer', to: place.type }, 'addr'), ub };
      }
      obj = p.val.obj;
      off = p.val.off as BV;
      if (path.length > 0 && path[0].kind === 'index') {
        const i = evalOperand(path[0].index, env, c, st.cur.node);
        off = off.add(toOffset(i.val, path[0].index.type));
        path = path.slice(1);
        const to = place.root.ptr.type.kind === 'pointer' ? place.root.ptr.type.to : place.type;
        ub.push(...pointerFormationUb({ k: 'ptr', obj, off }, to));
      }
    }
    if (path.length > 0) {
      taint('pointer to a struct field or inner array element');
      return { val: freshVal(ctx, { kind: 'pointer', to: place.type }, 'addr'), ub };
    }
    return { val: { k: 'ptr', obj, off }, ub };
  }

  function formationUb(cond: B, length: number | string): UbCondition {
    return { error: 'bounds', cond, detail: `pointer formed outside its object [0, ${length}] (C11 6.5.6p8)` };
  }

  /**
   * A pointer `p` (to `t`) computed by arithmetic must stay within its object or one past its end
   * (C11 6.5.6p8): for each object of type t or array of t it may designate, its offset in [0, length].
   * NULL and objects of another type are left to the access that would use them.
   */
  function pointerFormationUb(p: PtrVal, t: CType): UbCondition[] {
    const off = p.off as BV;
    // Past an input object's assumed size the pointer is defined for a longer object: a size hit (state.ts noteAccess).
    st.noteAccess(p.obj as BV, off.sub(bvConst(ctx, 1n, OFF_BITS)));
    const outside: B[] = [];
    for (const cand of candidates(t)) {
      const len = cand.lengthTerm ?? (cand.isArray ? (cand.length === null ? null : bvConst(ctx, BigInt(cand.length), OFF_BITS)) : bvConst(ctx, 1n, OFF_BITS));
      if (!len) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      outside.push(sel.and(off.ugt(len)) as B);
    }
    return outside.length ? [formationUb(ctx.Or(...outside) as B, 'length')] : [];
  }

  /** Objects a pointer to `t` may designate: objects of type t, or arrays of t. */
  function candidates(t: CType): Candidate[] {
    const out: Candidate[] = [];
    objects.forEach((o, i) => {
      const base = { idx: i + 1, varId: o.varId, heap: Boolean(o.heap), lengthTerm: o.lengthTerm };
      if (sameType(o.type, t)) out.push({ ...base, isArray: false, length: 1 });
      else if (o.type.kind === 'array' && sameType(o.type.of, t)) out.push({ ...base, isArray: true, length: o.type.length });
    });
    return out;
  }

  /** The offset designates an element of the candidate, and the candidate is alive. */
  function inRangeOf(cand: Candidate, off: BV, env: Env): B {
    let r: B;
    if (!cand.isArray) r = off.eq(bvConst(ctx, 0n, OFF_BITS)) as B;
    else if (cand.lengthTerm) r = off.ult(cand.lengthTerm) as B;
    else if (cand.length === null) r = T;
    else r = off.ult(bvConst(ctx, BigInt(cand.length), OFF_BITS)) as B;
    return cand.heap ? (r.and(alive(env, cand.varId)) as B) : r;
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
      parts.push(sel.and(off.eq(len).or(off.eq(bvConst(ctx, -1n, OFF_BITS)))) as B);
    }
    return parts.length ? (ctx.Or(...parts) as B) : F_;
  }

  function readPath(base: Val, path: Place['path'], env: Env, c: CallContext, ub: UbCondition[], baseType: CType): Val {
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
        const i = evalOperand(el.index, env, c, st.cur.node);
        const off = toOffset(i.val, el.index.type);
        if (t.length !== null) ub.push(boundsUb(off, t.length));
        v = selectVal(v, off);
        t = t.of;
      }
    }
    return v;
  }

  function writePath(base: Val, path: Place['path'], val: Val, env: Env, c: CallContext, ub: UbCondition[], baseType: CType): Val {
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
    const i = evalOperand(el.index, env, c, st.cur.node);
    const off = toOffset(i.val, el.index.type);
    if (baseType.length !== null) ub.push(boundsUb(off, baseType.length));
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
      off = off.add(toOffset(i.val, path[0].index.type));
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
    st.noteAccess(p.obj as BV, off);
    let result: Val | null = null;
    let valid: B = F_;
    for (const cand of cands) {
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const objVal = getVar(env, cand.varId);
      const elem = cand.isArray ? selectVal(objVal, off) : objVal;
      const v = readPath(elem, path, env, c, ub, pointee);
      result = result ? iteVal(ctx, sel, v, result) : v;
      valid = valid.or(sel.and(inRangeOf(cand, off, env))) as B;
    }
    ub.push(...accessUb(p, valid, 'read through', justPastEnd(p, cands)));
    return { val: result ?? freshVal(ctx, place.type, 'deref'), ub };
  }

  function writePlace(place: Place, val: Val, env: Env, c: CallContext): UbCondition[] {
    const ub: UbCondition[] = [];
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      const old = place.path.length ? getVar(env, id) : (undefined as unknown as Val);
      let nv = writePath(old, place.path, val, env, c, ub, typeOfVar(id));
      const v = vars.get(id);
      if (opts.explain && c === topCtx && (nv.k === 'bv' || nv.k === 'fp')) nv = trackAssign(nv);
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
    st.noteAccess(p.obj as BV, off);
    for (const cand of cands) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const objVal = getVar(env, cand.varId);
      const inRange = inRangeOf(cand, off, env);
      const updated = cand.isArray
        ? storeVal(objVal, off, writePath(selectVal(objVal, off), path, val, env, c, ub, pointee))
        : writePath(objVal, path, val, env, c, ub, pointee);
      env.set(cand.varId, iteVal(ctx, sel, updated, objVal));
      valid = valid.or(sel.and(inRange)) as B;
    }
    ub.push(...accessUb(p, valid, 'write through', justPastEnd(p, cands)));
    return ub;
  }

  function trackAssign(v: Val): Val {
    const t = tOf(v);
    const named: Val = { k: v.k as 'bv', t: ctx.Const(st.freshName('asg'), t.sort) };
    const lit = boolConst('trk.asg');
    assertions.push(lit.implies(named.t.eq(t)) as B);
    tracked.push({ lit, range: st.cur.range, kind: 'assign', node: st.cur.node });
    return named;
  }

  return { addressOf, candidates, inRangeOf, validRange, accessUb, justPastEnd, readPlace, writePlace, boundsUb };
}

export type Memory = ReturnType<typeof memoryOps>;
