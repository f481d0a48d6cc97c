// The string and memory functions of <string.h>, element by element over the
// objects a pointer may designate, each of known length (up to 256
// elements): strlen, strcmp, strncmp, memcmp, strcpy, strncpy, strcat,
// strncat, strchr, strrchr, memchr, strstr, memset, memcpy, memmove. Each
// reads only what the C library reads (a scan stops at the NUL, the match or
// n), and an access outside the object, or through NULL, is undefined
// behaviour (`null` and `bounds` obligations). A pointer that may designate
// an object of unknown or larger length makes the call a taint.
//
// The value a comparison returns beyond its sign is the C library's choice
// (glibc returns the difference of the bytes, its AddressSanitizer build
// -1 or 1): when the program uses more than the sign, it is a taint.

import type { Operand, Place, Rvalue } from '../ir/ir';
import { scalarBits, sizeOf } from '../ir/layout';
import { sameType, typeToString, type CType } from '../ir/types';
import { forEachVar } from '../ir/walk';
import type { CallContext, DagNode } from './unroll';
import { bvConst, ite, type B, type BV, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, iteVal, selectVal, storeVal, tOf, zeroVal, type PtrVal, type Val } from './values';
import { CHAR_TYPE, toOffset, type EncoderState, type Env } from './state';
import type { Memory } from './memory';
import type { Operands } from './operands';
import { bitsOf, fromBits } from './bytes';

/** Objects longer than this are not modelled element by element. */
export const MAX_MODELLED_LENGTH = 256;
/** A copy between objects of different types is modelled up to this many bytes. */
const MAX_MIXED_COPY = 64;

/** One object a pointer may designate, with what a scan needs of it. */
interface Span {
  idx: number;
  varId: number;
  sel: B;
  obj: Val;
  isArray: boolean;
  /** Most elements it can have. */
  max: number;
  /** Its number of elements (a term for heap objects and main's argument strings). */
  len: BV;
  heap: boolean;
  readOnly: boolean;
  /** A struct member (memory.ts views): where its element 0 is in the pointer's offsets, and how a new value of it goes back into the variable's. */
  member?: { origin: BV; put: (whole: Val, member: Val) => Val };
}

/** A pointer as the sequence of elements from where it points: the objects it may designate. */
export interface View {
  p: PtrVal;
  off: BV;
  elem: CType;
  spans: Span[];
  /** Most elements from any position of any of the objects. */
  n: number;
  isNull: B;
  env: Env;
}

export type LibResult = { val: Val | null; ub: UbCondition[] } | null;

export function stringOps(st: EncoderState, ops: Operands, mem: Memory) {
  const { ctx, T, F_, objects, getVar, alive, taint, program } = st;
  const { evalOperand, fitInt } = ops;
  const { candidates, accessUb, viewMember, noteAccessAt } = mem;
  const bv64 = (k: number | bigint) => bvConst(ctx, BigInt(k), OFF_BITS);
  const byte = (k: number) => bvConst(ctx, BigInt(k), 8);

  /** The view of `p` over objects of `elem`; null when one of them has no known length up to MAX_MODELLED_LENGTH. */
  function view(p: PtrVal, elem: CType, env: Env): View | null {
    const spans: Span[] = [];
    for (const cand of candidates(elem)) {
      const max = cand.isArray ? cand.length : 1;
      if (max === null || max > MAX_MODELLED_LENGTH) return null;
      const member = cand.view ? viewMember(cand, p.off as BV, env) : null;
      spans.push({
        idx: cand.idx,
        varId: cand.varId,
        sel: (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B,
        obj: member ? member.value : getVar(env, cand.varId),
        isArray: cand.isArray,
        max,
        len: cand.lengthTerm ?? bv64(max),
        heap: member ? member.heap : cand.heap,
        readOnly: Boolean(objects[cand.idx - 1].readOnly),
        ...(member && { member: { origin: member.origin, put: member.put } }),
      });
    }
    return {
      p,
      off: p.off as BV,
      elem,
      spans,
      n: Math.max(0, ...spans.map((s) => s.max)),
      isNull: (p.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B,
      env,
    };
  }

  /** The same objects, `k` elements further. */
  const shifted = (v: View, k: BV): View => ({ ...v, off: v.off.add(k), p: { k: 'ptr', obj: v.p.obj, off: v.off.add(k) } });

  /** The view's position in the span's own elements (a member's offsets start at its origin). */
  const offIn = (v: View, sp: Span): BV => (sp.member ? v.off.sub(sp.member.origin) : v.off);

  /** Element `idx` from the view's position (any value where that is outside the object). */
  function at(v: View, idx: BV): Val {
    let r: Val | null = null;
    for (const sp of v.spans) {
      const e = sp.isArray ? selectVal(sp.obj, offIn(v, sp).add(idx)) : sp.obj;
      r = r ? iteVal(ctx, sp.sel, e, r) : e;
    }
    return r ?? zeroVal(ctx, v.elem);
  }
  const byteAt = (v: View, idx: BV | number): BV => tOf(at(v, typeof idx === 'number' ? bv64(idx) : idx)) as BV;

  /** Elements 0..idx from the view's position lie inside one live object it designates. */
  function inside(v: View, idx: BV | number): B {
    const i = typeof idx === 'number' ? bv64(idx) : idx;
    let r: B = F_;
    for (const sp of v.spans) {
      const off = offIn(v, sp);
      const end = off.add(i);
      r = r.or(
        sp.sel
          .and(off.ult(sp.len))
          .and(end.ult(sp.len))
          .and(end.uge(off))
          .and(sp.heap ? alive(v.env, sp.varId) : T),
      ) as B;
    }
    return r;
  }

  /** `count` elements from the view's position lie inside one live object (a count of 0 anywhere from its start to one past its end). */
  function insideCount(v: View, count: BV, forWrite = false): B {
    let r: B = F_;
    for (const sp of v.spans) {
      if (forWrite && sp.readOnly) continue;
      const off = offIn(v, sp);
      r = r.or(
        sp.sel
          .and(off.ule(sp.len))
          .and(count.ule(sp.len.sub(off)))
          .and(count.eq(bv64(0)).or(sp.heap ? alive(v.env, sp.varId) : T)),
      ) as B;
    }
    return r;
  }

  /** Notes the access to elements 0..last (relative, 64 bits) from the view's position for the input-size check. */
  const noteRead = (v: View, last: BV, when?: B) => noteAccessAt(v.p, v.off.add(last), when);

  /** Writes `value(m)` to elements m < count from the view's position; returns the condition that they all lie inside a writable live object. */
  function write(v: View, count: BV, value: (m: BV) => Val): B {
    for (const sp of v.spans) {
      if (sp.readOnly) continue;
      let updated = sp.obj;
      const off = offIn(v, sp);
      for (let j = 0; j < sp.max; j++) {
        const m = bv64(j).sub(off);
        const hit = (bv64(j).uge(off) as B).and(m.ult(count)) as B;
        const old = sp.isArray ? selectVal(sp.obj, bv64(j)) : sp.obj;
        const nv = iteVal(ctx, hit, value(m), old);
        updated = sp.isArray ? storeVal(updated, bv64(j), nv) : nv;
      }
      // Members of one variable share it: put the member back into its value as it is now.
      const current = getVar(v.env, sp.varId);
      v.env.set(sp.varId, iteVal(ctx, sp.sel, sp.member ? sp.member.put(current, updated) : updated, current));
    }
    noteRead(v, count.sub(bv64(1)), count.eq(bv64(0)).not() as B);
    return insideCount(v, count, true);
  }

  /**
   * A string from the view's position: its length (the index of its NUL, or
   * `limit` when the first `limit` characters hold none), whether every
   * character read lies inside the object, and the last index read.
   */
  function scanString(v: View, limit?: BV): { len: BV; ok: B; last: BV } {
    let len: BV = bv64(v.n);
    let ok: B = limit ? (bv64(v.n).uge(limit) as B) : F_;
    let last: BV = bv64(v.n - 1);
    for (let m = v.n - 1; m >= 0; m--) {
      const atLimit = limit ? (bv64(m).uge(limit) as B) : F_;
      const nul = byteAt(v, m).eq(byte(0)) as B;
      len = ite(ctx, atLimit.or(nul) as B, bv64(m), len);
      ok = ite(ctx, atLimit, T, inside(v, m).and(ite(ctx, nul, T, ok)) as B);
      last = ite(ctx, atLimit, bv64(m - 1), ite(ctx, nul, bv64(m), last));
    }
    return { len, ok, last };
  }

  /** A string read: its length and the undefined behaviour of reading it (NULL, no NUL inside the object). */
  function readString(v: View, what: string, limit?: BV): { len: BV; ub: UbCondition[] } {
    const s = scanString(v, limit);
    noteRead(v, s.last);
    return { len: s.len, ub: stringUb(v, s.ok, what) };
  }

  function stringUb(v: View, ok: B, what: string): UbCondition[] {
    return [
      { error: 'null', cond: v.isNull, detail: `${what} a null pointer` },
      { error: 'bounds', cond: v.isNull.not().and(ok.not()) as B, detail: `${what} past the end of an object (no NUL inside it, or n too large)` },
    ];
  }

  const ptrTo = (v: View, k: BV, found: B): PtrVal => ({
    k: 'ptr',
    obj: ite(ctx, found, v.p.obj as BV, bvConst(ctx, 0n, OBJ_BITS)),
    off: ite(ctx, found, v.off.add(k), bv64(0)),
  });

  /** The element type a pointer argument had before its conversion to `void *` (memset(a, ...) with `int *a`). */
  function elementTypeOf(op: Operand, n: DagNode, i: number): CType | null {
    const direct = op.type.kind === 'pointer' ? op.type.to : null;
    if (direct && direct.kind !== 'void') return direct;
    if (op.kind === 'addr') return op.place.type.kind === 'array' ? op.place.type.of : op.place.type;
    if (op.kind !== 'var') return null;
    for (let j = i - 1; j >= n.start; j--) {
      const ins = n.block.instrs[j];
      if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && ins.dst.root.id === op.id && !ins.dst.path.length) {
        if ((ins.value.op === 'cast' || ins.value.op === 'use') && ins.value.a.type.kind === 'pointer' && ins.value.a.type.to.kind !== 'void')
          return ins.value.a.type.to;
        if ((ins.value.op === 'cast' || ins.value.op === 'use') && ins.value.a.kind === 'addr') return elementTypeOf(ins.value.a, n, j);
        return null;
      }
    }
    return null;
  }

  /**
   * Whether only the sign of the call's result matters: every read of its
   * destination compares it with 0 or tests it, directly or through copies
   * and widening conversions, in the function being encoded.
   */
  function onlySignUsed(dst: Place | null, n: DagNode): boolean {
    if (!dst) return true;
    if (dst.root.kind !== 'var' || dst.path.length) return false;
    const fn = n.ctx.fn;
    const v = program.vars.get(dst.root.id);
    if (v && (v.addressTaken || v.kind === 'global' || v.kind === 'param' || v.kind === 'return')) return false;
    const isZero = (op: Operand) => op.kind === 'const' && op.value === 0n;
    const signOnly = (id: number, seen: Set<number>): boolean => {
      if (seen.has(id)) return true;
      seen.add(id);
      const vv = program.vars.get(id);
      if (vv && (vv.addressTaken || vv.kind === 'global' || vv.kind === 'return')) return false;
      for (const b of fn.blocks) {
        for (const ins of b.instrs) {
          let reads = false;
          forEachVar(ins, (x, role) => (reads ||= x === id && role === 'read'));
          if (!reads) continue;
          if (ins.kind !== 'assign' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) return false;
          const rv = ins.value;
          const isMe = (op: Operand) => op.kind === 'var' && op.id === id;
          if (rv.op === 'binary' && ['==', '!=', '<', '<=', '>', '>='].includes(rv.bop) && ((isMe(rv.a) && isZero(rv.b)) || (isMe(rv.b) && isZero(rv.a))))
            continue;
          const widening = rv.op === 'cast' && isMe(rv.a) && rv.to.kind === 'int' && rv.a.type.kind === 'int' && rv.to.bits >= rv.a.type.bits && rv.to.signed;
          if ((rv.op === 'use' && isMe(rv.a)) || widening) {
            if (!signOnly(ins.dst.root.id, seen)) return false;
            continue;
          }
          return false;
        }
        const t = b.terminator;
        if (t.kind === 'return' && t.value?.kind === 'var' && t.value.id === id) return false;
        if (t.kind === 'switch' && t.value.kind === 'var' && t.value.id === id) return false;
      }
      return true;
    };
    return signOnly(dst.root.id, new Set());
  }

  /** A comparison's result: the sign of `diff` (-1, 0, 1) when only the sign is used, else a taint and the difference. */
  function comparison(name: string, diff: BV, resultType: CType, dst: Place | null, n: DagNode): Val {
    const sign = ite(
      ctx,
      diff.slt(bvConst(ctx, 0n, 32)) as B,
      bvConst(ctx, -1n, 32),
      ite(ctx, diff.eq(bvConst(ctx, 0n, 32)) as B, bvConst(ctx, 0n, 32), bvConst(ctx, 1n, 32)),
    );
    if (!onlySignUsed(dst, n)) taint(`the value of ${name} beyond its sign (the C library's choice)`);
    return { k: 'bv', t: fitInt(sign, resultType) };
  }

  function call(name: string, rv: Extract<Rvalue, { op: 'call' }>, dst: Place | null, env: Env, c: CallContext, n: DagNode, i: number): LibResult {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub: UbCondition[] = a.flatMap((x) => x.ub);
    const ptr = (k: number) => (a[k]?.val.k === 'ptr' ? (a[k].val as PtrVal) : null);
    const size = (k: number) => (a[k] ? toOffset(a[k].val, a[k].type) : bv64(0));
    const giveUp = (why: string): LibResult => {
      taint(`${name}: ${why}`);
      return null;
    };
    const strView = (k: number): View | null => {
      const p = ptr(k);
      return p ? view(p, CHAR_TYPE, env) : null;
    };
    const result = (val: Val | null): LibResult => ({ val, ub });
    const retPtr = (v: View): Val | null => (rv.type.kind === 'pointer' ? v.p : null);
    const sizeT = (t: BV): Val => ({ k: 'bv', t: rv.type.kind === 'int' && rv.type.bits < OFF_BITS ? t.extract(rv.type.bits - 1, 0) : t });

    switch (name) {
      case 'strlen': {
        const s = strView(0);
        if (!s) return giveUp('a string of unknown or large size');
        const r = readString(s, 'strlen reads through');
        ub.push(...r.ub);
        return result(sizeT(r.len));
      }
      case 'strcmp':
      case 'strncmp': {
        const x = strView(0);
        const y = strView(1);
        if (!x || !y) return giveUp('a string of unknown or large size');
        const limit = name === 'strncmp' ? size(2) : undefined;
        const bound = Math.min(x.n, y.n);
        // Scan from the end: the first position that differs, holds a NUL, or reaches n decides.
        let diff: BV = bvConst(ctx, 0n, 32);
        let ok: B = limit ? (bv64(bound).uge(limit) as B) : F_;
        let last: BV = bv64(bound - 1);
        for (let m = bound - 1; m >= 0; m--) {
          const xb = byteAt(x, m);
          const yb = byteAt(y, m);
          const atLimit = limit ? (bv64(m).uge(limit) as B) : F_;
          const stop = xb.neq(yb).or(xb.eq(byte(0))) as B;
          const d = xb.zeroExt(24).sub(yb.zeroExt(24));
          diff = ite(ctx, atLimit, bvConst(ctx, 0n, 32), ite(ctx, stop, d, diff));
          ok = ite(
            ctx,
            atLimit,
            T,
            inside(x, m)
              .and(inside(y, m))
              .and(ite(ctx, stop, T, ok)) as B,
          );
          last = ite(ctx, atLimit, bv64(m - 1), ite(ctx, stop, bv64(m), last));
        }
        noteRead(x, last);
        noteRead(y, last);
        ub.push(
          { error: 'null', cond: x.isNull.or(y.isNull) as B, detail: `${name} of a null pointer` },
          {
            error: 'bounds',
            cond: x.isNull.or(y.isNull).not().and(ok.not()) as B,
            detail: `${name} reads past the end of an object (no NUL inside it, or n too large)`,
          },
        );
        return result(comparison(name, diff, rv.type, dst, n));
      }
      case 'memcmp': {
        const ex = elementTypeOf(rv.args[0], n, i) ?? CHAR_TYPE;
        const ey = elementTypeOf(rv.args[1], n, i) ?? CHAR_TYPE;
        const px = ptr(0);
        const py = ptr(1);
        if (!px || !py || ex.kind !== 'int' || ex.bits !== 8 || ey.kind !== 'int' || ey.bits !== 8) return giveUp('only byte objects are modelled');
        const x = view(px, ex, env);
        const y = view(py, ey, env);
        if (!x || !y) return giveUp('an object of unknown or large size');
        const count = size(2);
        const bound = Math.min(x.n, y.n);
        let diff: BV = bvConst(ctx, 0n, 32);
        for (let m = bound - 1; m >= 0; m--) {
          const xb = byteAt(x, m);
          const yb = byteAt(y, m);
          diff = ite(ctx, (bv64(m).ult(count) as B).and(xb.neq(yb)) as B, xb.zeroExt(24).sub(yb.zeroExt(24)), diff);
        }
        // memcmp may read all n bytes of both objects.
        noteRead(x, count.sub(bv64(1)), count.eq(bv64(0)).not() as B);
        noteRead(y, count.sub(bv64(1)), count.eq(bv64(0)).not() as B);
        ub.push(...accessUb(px, insideCount(x, count), 'memcmp reads through'), ...accessUb(py, insideCount(y, count), 'memcmp reads through'));
        return result(comparison(name, diff, rv.type, dst, n));
      }
      case 'strcpy':
      case 'strncpy': {
        const d = strView(0);
        const s = strView(1);
        if (!d || !s) return giveUp('a string of unknown or large size');
        if (name === 'strcpy') {
          const r = readString(s, 'strcpy reads through');
          ub.push(...r.ub);
          const src = s;
          const valid = write(d, r.len.add(bv64(1)), (m) => at(src, m));
          ub.push(...accessUb(d.p, valid, 'strcpy writes through'));
        } else {
          const count = size(2);
          const r = readString(s, 'strncpy reads through', count);
          ub.push(...r.ub);
          // The characters before the NUL (at most n), then NULs up to n.
          const valid = write(d, count, (m) => iteVal(ctx, m.ult(r.len) as B, at(s, m), { k: 'bv', t: byte(0) }));
          ub.push(...accessUb(d.p, valid, 'strncpy writes through'));
        }
        return result(retPtr(d));
      }
      case 'strcat':
      case 'strncat': {
        const d = strView(0);
        const s = strView(1);
        if (!d || !s) return giveUp('a string of unknown or large size');
        const dl = readString(d, `${name} reads through`);
        const sl = readString(s, `${name} reads through`, name === 'strncat' ? size(2) : undefined);
        ub.push(...dl.ub, ...sl.ub);
        const end = shifted(d, dl.len);
        const valid = write(end, sl.len.add(bv64(1)), (m) => iteVal(ctx, m.ult(sl.len) as B, at(s, m), { k: 'bv', t: byte(0) }));
        ub.push(...accessUb(end.p, valid, `${name} writes through`).filter((u) => u.error === 'bounds'));
        return result(retPtr(d));
      }
      case 'strchr':
      case 'strrchr': {
        const s = strView(0);
        if (!s || !a[1] || a[1].val.k !== 'bv') return giveUp('a string of unknown or large size');
        const ch = (a[1].val.t as BV).extract(7, 0);
        if (name === 'strchr') {
          // The first position holding c or the NUL (c may be the NUL).
          let k: BV = bv64(s.n);
          let found: B = F_;
          let ok: B = F_;
          for (let m = s.n - 1; m >= 0; m--) {
            const b = byteAt(s, m);
            const match = b.eq(ch) as B;
            const stop = match.or(b.eq(byte(0))) as B;
            k = ite(ctx, stop, bv64(m), k);
            found = ite(ctx, stop, match, found);
            ok = ok.or(inside(s, m).and(stop)) as B;
          }
          noteRead(s, k);
          ub.push(...stringUb(s, ok, 'strchr reads through'));
          return result(ptrTo(s, k, found));
        }
        const r = scanString(s);
        noteRead(s, r.last);
        ub.push(...stringUb(s, r.ok, 'strrchr reads through'));
        let k: BV = bv64(0);
        let found: B = F_;
        for (let m = 0; m < s.n; m++) {
          const here = (bv64(m).ule(r.len) as B).and(byteAt(s, m).eq(ch)) as B;
          k = ite(ctx, here, bv64(m), k);
          found = found.or(here) as B;
        }
        return result(ptrTo(s, k, found));
      }
      case 'memchr': {
        const p = ptr(0);
        const elem = elementTypeOf(rv.args[0], n, i) ?? CHAR_TYPE;
        if (!p || !a[1] || a[1].val.k !== 'bv' || elem.kind !== 'int' || elem.bits !== 8) return giveUp('only byte objects are modelled');
        const s = view(p, elem, env);
        if (!s) return giveUp('an object of unknown or large size');
        const ch = (a[1].val.t as BV).extract(7, 0);
        const count = size(2);
        // The first of the n bytes holding (unsigned char)c; the bytes read must lie inside the object.
        let k: BV = bv64(s.n);
        let found: B = F_;
        let ok: B = bv64(s.n).uge(count) as B;
        for (let m = s.n - 1; m >= 0; m--) {
          const atLimit = bv64(m).uge(count) as B;
          const match = byteAt(s, m).eq(ch) as B;
          k = ite(ctx, atLimit, bv64(m), ite(ctx, match, bv64(m), k));
          found = ite(ctx, atLimit, F_, ite(ctx, match, T, found));
          ok = ite(ctx, atLimit, T, inside(s, m).and(ite(ctx, match, T, ok)) as B);
        }
        noteRead(s, ite(ctx, found, k, k.sub(bv64(1))));
        ub.push(...accessUb(p, ok, 'memchr reads through'));
        return result(ptrTo(s, k, found));
      }
      case 'strstr': {
        const h = strView(0);
        const nd = strView(1);
        if (!h || !nd) return giveUp('a string of unknown or large size');
        if (h.n * Math.max(nd.n, 1) > 16384) return giveUp('strings too long to compare position by position');
        const hl = readString(h, 'strstr reads through');
        const nl = readString(nd, 'strstr reads through');
        ub.push(...hl.ub, ...nl.ub);
        const needle = Array.from({ length: nd.n }, (_, j) => byteAt(nd, j));
        let k: BV = bv64(0);
        let found: B = F_;
        for (let at0 = h.n - 1; at0 >= 0; at0--) {
          let match: B = bv64(at0).add(nl.len).ule(hl.len) as B;
          for (let j = 0; j < nd.n; j++) match = match.and((bv64(j).uge(nl.len) as B).or(byteAt(h, at0 + j).eq(needle[j]))) as B;
          k = ite(ctx, match, bv64(at0), k);
          found = found.or(match) as B;
        }
        return result(ptrTo(h, k, found));
      }
      case 'memset': {
        const p = ptr(0);
        const elem = elementTypeOf(rv.args[0], n, i);
        if (!p || !elem) return giveUp('the pointer type of the destination is unknown');
        const fill = a[1].val.k === 'bv' ? (a[1].val.t as BV) : null;
        const span = byteSpan(elem, size(2));
        if (!span && partOfElement(elem, rv.args[2])) return giveUp('a size that ends inside a struct, union or pointer element');
        const count = span ? span.touched : elementCount(name, elem, size(2), ub);
        const d = view(p, elem, env);
        if (!fill || !count || !d) return giveUp('an object of unknown or large size');
        let filled: Val;
        if (elem.kind === 'int' && elem.bits === 8) filled = { k: 'bv', t: fill.extract(7, 0) };
        else if (a[1].op.kind === 'const' && a[1].op.value === 0n) filled = zeroVal(ctx, elem);
        else {
          // Each byte of a wider integer or float element is the fill (bytes.ts): -1 for 0xff into an int.
          const w = scalarBits(elem);
          if (w === null) return giveUp('a non-zero fill of elements that are neither integers nor floats');
          const byte = fill.extract(7, 0) as BV;
          filled = fromBits(st.z, elem, ctx.Concat(...Array.from({ length: w / 8 }, () => byte)) as BV, w);
        }
        // A size that ends inside an element fills its first bytes and keeps the others.
        const last = span && span.merge(at(d, span.whole), filled);
        const value = (m: BV): Val => (span && last ? iteVal(ctx, span.partial.and(m.eq(span.whole)) as B, last, filled) : filled);
        ub.push(...accessUb(p, write(d, count, value), 'memset writes through'));
        return result(retPtr(d));
      }
      case 'memcpy':
      case 'memmove': {
        const pd = ptr(0);
        const ps = ptr(1);
        const de = elementTypeOf(rv.args[0], n, i);
        const se = elementTypeOf(rv.args[1], n, i);
        const elem = de ?? se;
        if (!pd || !ps || !elem) return giveUp('the pointer types are unknown');
        if (!de || !se) return giveUp('the pointer types are unknown');
        if (!sameType(de, se))
          return mixedCopy(name, rv, pd, ps, de, se, env, ub) ?? giveUp('a copy between objects of different types (byte-level copies are not modelled)');
        const span = byteSpan(elem, size(2));
        if (!span && partOfElement(elem, rv.args[2])) return giveUp('a size that ends inside a struct, union or pointer element');
        const count = span ? span.touched : elementCount(name, elem, size(2), ub);
        const d = view(pd, elem, env);
        const s = view(ps, elem, env);
        if (!count || !d || !s) return giveUp('an object of unknown or large size');
        // The source is read before anything is written (memmove; an overlapping memcpy gives the same values here).
        noteRead(s, count.sub(bv64(1)), count.eq(bv64(0)).not() as B);
        ub.push(...accessUb(ps, insideCount(s, count), `${name} reads through`));
        // A size that ends inside an element copies its first bytes and keeps the others.
        const last = span && span.merge(at(d, span.whole), at(s, span.whole));
        const value = (m: BV): Val => (span && last ? iteVal(ctx, span.partial.and(m.eq(span.whole)) as B, last, at(s, m)) : at(s, m));
        ub.push(...accessUb(pd, write(d, count, value), `${name} writes through`));
        return result(retPtr(d));
      }
    }
    return null;
  }

  /**
   * memcpy/memmove between objects of different types (a float's bits into
   * an unsigned, an int into two shorts, a short into the low bytes of a
   * long long): exact through the bytes (bytes.ts) when the size is a
   * constant and both element types are plain integers or floats; a last
   * element partly copied keeps its other bytes. Null otherwise (not modelled).
   */
  function mixedCopy(name: string, rv: Extract<Rvalue, { op: 'call' }>, pd: PtrVal, ps: PtrVal, de: CType, se: CType, env: Env, ub: UbCondition[]): LibResult {
    const n = rv.args[2];
    const bytes = n?.kind === 'const' ? Number(n.value) : NaN;
    const sd = scalarBits(de);
    const ss = scalarBits(se);
    if (!(bytes > 0 && bytes <= MAX_MIXED_COPY) || sd === null || ss === null) return null;
    const d = view(pd, de, env);
    const s = view(ps, se, env);
    if (!d || !s) return null;
    const bits = bytes * 8;
    // Elements touched: the last of each side may be touched in part (its first bytes).
    const ns = Math.ceil(bits / ss);
    const nd = Math.ceil(bits / sd);
    const assume = (f: B) => st.assertions.push(f);
    // The source's bytes are read before anything is written (memmove).
    const elems = Array.from({ length: ns }, (_, k) => bitsOf(st.z, assume, se, at(s, bv64(k)), ss));
    const joined = elems.length === 1 ? elems[0] : (ctx.Concat(...elems.reverse()) as BV);
    const all = bits === ns * ss ? joined : (joined.extract(bits - 1, 0) as BV);
    noteRead(s, bv64(ns - 1));
    ub.push(...accessUb(ps, insideCount(s, bv64(ns)), `${name} reads through`));
    const parts = Array.from({ length: nd }, (_, k) => {
      const lo = k * sd;
      if (lo + sd <= bits) return fromBits(st.z, de, all.extract(lo + sd - 1, lo) as BV, sd);
      // The destination's last element: its first bytes copied, the others as they were.
      const old = bitsOf(st.z, assume, de, at(d, bv64(k)), sd);
      return fromBits(st.z, de, ctx.Concat(old.extract(sd - 1, bits - lo), all.extract(bits - 1, lo)) as BV, sd);
    });
    const value = (m: BV): Val => parts.reduceRight((acc: Val, v, k) => (k === nd - 1 ? v : iteVal(ctx, m.eq(bv64(k)) as B, v, acc)), parts[nd - 1]);
    ub.push(...accessUb(pd, write(d, bv64(nd), value), `${name} writes through`));
    return { val: rv.type.kind === 'pointer' ? d.p : null, ub };
  }

  /**
   * The elements `bytes` bytes of `elem` elements touch, for elements whose bytes are modelled
   * (bytes.ts; null otherwise): `whole` elements and, when `partial`, the next one's first bytes
   * (`touched` counts both); `merge(old, neu)` is that element with its first bytes from `neu`.
   */
  function byteSpan(elem: CType, bytes: BV): { whole: BV; touched: BV; partial: B; merge: (old: Val, neu: Val) => Val | null } | null {
    const size = sizeOf(elem, program.dataModel);
    const w = scalarBits(elem);
    if (!size || w === null) return null;
    if (size === 1) return { whole: bytes, touched: bytes, partial: F_, merge: () => null };
    const rem = bytes.urem(bv64(size));
    const whole = bytes.udiv(bv64(size));
    const partial = rem.eq(bv64(0)).not() as B;
    const merge = (old: Val, neu: Val): Val => {
      const assume = (f: B) => st.assertions.push(f);
      const ob = bitsOf(st.z, assume, elem, old, w);
      const nb = bitsOf(st.z, assume, elem, neu, w);
      // rem < size: its bit count fits the element's width.
      const shift = rem.mul(bv64(8));
      const sh = (w === 64 ? shift : w < 64 ? shift.extract(w - 1, 0) : shift.zeroExt(w - 64)) as BV;
      const one = ctx.BitVec.val(1, w) as BV;
      const mask = one.shl(sh).sub(one) as BV;
      return fromBits(st.z, elem, ob.and(mask.not()).or(nb.and(mask)) as BV, w);
    };
    return { whole, touched: whole.add(ite(ctx, partial, bv64(1), bv64(0))) as BV, partial, merge };
  }

  /** A constant size that ends inside an element of `elem`. */
  function partOfElement(elem: CType, bytes: Operand | undefined): boolean {
    const size = sizeOf(elem, program.dataModel);
    return !!size && size > 1 && bytes?.kind === 'const' && BigInt(bytes.value) % BigInt(size) !== 0n;
  }

  /**
   * Elements of `elem` covered by `bytes`, or null when its size is unknown. For elements whose bytes
   * are not modelled (byteSpan), a size that is not a whole number of them is excluded as an error.
   */
  function elementCount(name: string, elem: CType, bytes: BV, ub: UbCondition[]): BV | null {
    const size = sizeOf(elem, program.dataModel);
    if (!size) return null;
    if (size === 1) return bytes;
    ub.push({
      error: 'bounds',
      cond: bytes.urem(bv64(size)).neq(bv64(0)) as B,
      detail: `${name} of a size that is not a whole number of ${typeToString(elem)}`,
    });
    return bytes.udiv(bv64(size));
  }

  return { call, view, readString, byteAt, inside, noteRead, elementTypeOf, stringUb, onlySignUsed };
}

export type StringOps = ReturnType<typeof stringOps>;
