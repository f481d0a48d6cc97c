// C library functions with a model: malloc, calloc and free (heap objects
// with liveness), abs, the floating-point functions, and the memory and
// string functions element by element over objects of known length. Any
// other library call is left to operands.ts (a taint unless its result is
// unused output).

import type { Operand, Place, Rvalue } from '../ir/ir';
import { typeToString as typeToName, type CType } from '../ir/types';
import { sizeOf } from '../ir/layout';
import type { CallContext, DagNode } from './unroll';
import { bvConst, ite, boolToInt, type B, type BV, type F, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, freshVal, iteVal, selectVal, storeVal, tOf, zeroVal, type PtrVal, type Val } from './values';
import { CHAR_TYPE, INT_TYPE, toOffset, type EncoderState, type Env } from './state';
import type { Candidate, Memory } from './memory';
import type { Operands } from './operands';

export function libraryOps(st: EncoderState, ops: Operands, mem: Memory) {
  const { ctx, z, T, F_, vars, objects, objIndex, taint, getVar, alive, assertions, allocNodes, nondetSite, program, opts } = st;
  const { evalOperand, fitInt } = ops;
  const { candidates, inRangeOf, accessUb } = mem;

  // ---- the heap and library functions with a model ----

  /** Calls with a model: malloc/calloc/free and common library functions. Null: not modelled here. */
  function libraryCall(
    rv: Extract<Rvalue, { op: 'call' }>,
    dst: Place | null,
    env: Env,
    c: CallContext,
    n: DagNode,
    i: number,
  ): { val: Val | null; ub: UbCondition[] } | null {
    const args = () =>
      rv.args.map((a) => {
        const v = evalOperand(a, env, c, n.id);
        return { ...v, type: a.type };
      });
    const name = rv.callee.replace(/^__builtin_/, '');
    switch (name) {
      case 'malloc':
      case 'calloc': {
        const a = args();
        const ub = a.flatMap((x) => x.ub);
        const elem = allocatedType(dst, n, i);
        if (!elem) {
          taint(`${name} whose result is not converted to a typed pointer`);
          return { val: freshVal(ctx, rv.type, name), ub };
        }
        const esize = sizeOf(elem, program.dataModel);
        if (!esize) {
          taint(`${name} of an object of unknown size`);
          return { val: freshVal(ctx, rv.type, name), ub };
        }
        const toOff = (x: (typeof a)[number]) => toOffset(x.val, x.type);
        const bytes = name === 'calloc' ? toOff(a[0]).mul(toOff(a[1])) : toOff(a[0]);
        const lengthTerm = bytes.udiv(bvConst(ctx, BigInt(esize), OFF_BITS));
        const varId = st.newVarId();
        const type: CType = { kind: 'array', of: elem, length: null };
        vars.set(varId, { id: varId, name: `${name}@${st.cur.range.line}`, type, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
        objects.push({ varId, type, heap: true, lengthTerm });
        objIndex.set(varId, objects.length);
        // malloc'd memory is indeterminate, calloc'd memory zero.
        env.set(varId, name === 'calloc' ? zeroVal(ctx, type) : freshVal(ctx, type, `heap@${st.cur.range.line}`));
        allocNodes.push(st.cur.node);
        const objTerm = bvConst(ctx, BigInt(objects.length), OBJ_BITS);
        if (opts.mallocMayFail) {
          // Whether this call fails is an input of the datum (the harness makes that call fail).
          const fails = nondetSite(name, INT_TYPE);
          const f = (fails as { t: BV }).t;
          assertions.push(f.ule(bvConst(ctx, 1n, 32)) as B);
          const failed = f.eq(bvConst(ctx, 1n, 32)) as B;
          env.set(-varId, { k: 'bv', t: ite(ctx, failed, bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) });
          return { val: { k: 'ptr', obj: ite(ctx, failed, bvConst(ctx, 0n, OBJ_BITS), objTerm), off: bvConst(ctx, 0n, OFF_BITS) }, ub };
        }
        env.set(-varId, { k: 'bv', t: bvConst(ctx, 1n, 1) });
        return { val: { k: 'ptr', obj: objTerm, off: bvConst(ctx, 0n, OFF_BITS) }, ub };
      }
      case 'free': {
        const [p] = args();
        if (!p || p.val.k !== 'ptr') return null;
        const obj = p.val.obj as BV;
        const isNull = obj.eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
        let ok: B = isNull;
        objects.forEach((o, k) => {
          if (!o.heap) return;
          const sel = obj.eq(bvConst(ctx, BigInt(k + 1), OBJ_BITS)) as B;
          ok = ok.or(sel.and((p.val as PtrVal).off.eq(bvConst(ctx, 0n, OFF_BITS))).and(alive(env, o.varId))) as B;
          env.set(-o.varId, { k: 'bv', t: ite(ctx, sel, bvConst(ctx, 0n, 1), tOf(getVar(env, -o.varId)) as BV) });
        });
        return { val: null, ub: [...p.ub, { error: 'free', cond: ok.not() as B, detail: 'free of a pointer that is not a live heap object' }] };
      }
      case 'abs':
      case 'labs':
      case 'llabs': {
        const [x] = args();
        if (!x || x.val.k !== 'bv' || x.type.kind !== 'int') return null;
        const t = x.val.t as BV;
        const w = x.type.bits;
        const neg = t.slt(bvConst(ctx, 0n, w)) as B;
        return {
          val: { k: 'bv', t: ite(ctx, neg, t.neg(), t) },
          ub: [...x.ub, { error: 'overflow', cond: t.eq(bvConst(ctx, -(1n << BigInt(w - 1)), w)) as B, detail: `${name} of the minimum value` }],
        };
      }
      case 'fabs':
      case 'fabsf':
      case 'sqrt':
      case 'sqrtf': {
        const [x] = args();
        if (!x || x.val.k !== 'fp') return null;
        const f = x.val.t as F;
        return { val: { k: 'fp', t: name.startsWith('fabs') ? f.abs() : f.sqrt(ctx.FloatRM.RNE()) }, ub: x.ub };
      }
      case 'floor':
      case 'floorf':
      case 'ceil':
      case 'ceilf':
      case 'round':
      case 'roundf':
      case 'trunc':
      case 'truncf': {
        const [x] = args();
        if (!x || x.val.k !== 'fp') return null;
        const f = x.val.t as F;
        const base = name.replace(/f$/, '');
        const rm = base === 'floor' ? ctx.FloatRM.RTN() : base === 'ceil' ? ctx.FloatRM.RTP() : base === 'round' ? ctx.FloatRM.RNA() : ctx.FloatRM.RTZ();
        return { val: { k: 'fp', t: z.wrap(f, z.api.mk_fpa_round_to_integral(ctx.ptr, rm.ast, f.ast)) }, ub: x.ub };
      }
      case 'fmin':
      case 'fminf':
      case 'fmax':
      case 'fmaxf': {
        const [x, y] = args();
        if (!x || !y || x.val.k !== 'fp' || y.val.k !== 'fp') return null;
        const a = x.val.t as F;
        const b = y.val.t as F;
        // C: a NaN argument gives the other one; between -0 and +0 either is allowed (we take IEEE min/max).
        const mk = name.startsWith('fmin') ? z.api.mk_fpa_min : z.api.mk_fpa_max;
        return { val: { k: 'fp', t: z.wrap(a, mk(ctx.ptr, a.ast, b.ast)) }, ub: [...x.ub, ...y.ub] };
      }
      case 'isnan':
      case 'isinf':
      case 'isfinite': {
        const [x] = args();
        if (!x || x.val.k !== 'fp') return null;
        const f = x.val.t as F;
        const b = name === 'isnan' ? f.isNaN() : name === 'isinf' ? f.isInf() : f.isNaN().or(f.isInf()).not();
        return { val: { k: 'bv', t: fitInt(boolToInt(ctx, b as B), rv.type) }, ub: x.ub };
      }
      case 'strlen': {
        const [s0] = args();
        if (!s0 || s0.val.k !== 'ptr') return null;
        return strlenModel(s0.val, env, s0.ub, rv.type);
      }
      case 'memset':
      case 'memcpy':
      case 'memmove':
      case 'memcmp':
      case 'strcmp':
      case 'strncmp':
      case 'strcpy':
        return memoryFunction(name, rv, env, c, n, i);
      default:
        return null;
    }
  }

  // ---- memory and string functions, element by element over objects of known length ----

  const MAX_MODELLED_LENGTH = 256;

  /** The element type a pointer argument had before its conversion to `void *` (memset(a, ...) with `int *a`). */
  function elementTypeOf(op: Operand, n: DagNode, i: number): CType | null {
    const direct = op.type.kind === 'pointer' ? op.type.to : null;
    if (direct && direct.kind !== 'void') return direct;
    if (op.kind !== 'var') return null;
    for (let j = i - 1; j >= n.start; j--) {
      const ins = n.block.instrs[j];
      if (ins.kind === 'assign' && ins.dst?.root.kind === 'var' && ins.dst.root.id === op.id && !ins.dst.path.length) {
        if (ins.value.op === 'cast' && ins.value.a.type.kind === 'pointer' && ins.value.a.type.to.kind !== 'void') return ins.value.a.type.to;
        if (ins.value.op === 'use' && ins.value.a.type.kind === 'pointer' && ins.value.a.type.to.kind !== 'void') return ins.value.a.type.to;
        return null;
      }
    }
    return null;
  }

  interface Span {
    cand: Candidate;
    sel: B;
    obj: Val;
    length: number;
  }

  /** The objects a pointer may designate, each of known, modest length; null when one is not. */
  function spans(p: PtrVal, elem: CType, env: Env): Span[] | null {
    const out: Span[] = [];
    for (const cand of candidates(elem)) {
      const length = cand.isArray ? cand.length : 1;
      if (length === null || length > MAX_MODELLED_LENGTH || cand.lengthTerm) return null;
      out.push({ cand, sel: (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B, obj: getVar(env, cand.varId), length });
    }
    return out;
  }

  const elemOf = (sp: Span, j: number): Val => (sp.cand.isArray ? selectVal(sp.obj, bvConst(ctx, BigInt(j), OFF_BITS)) : sp.obj);
  const bv64 = (k: number | bigint) => bvConst(ctx, BigInt(k), OFF_BITS);

  /** Reads k elements from p: element m (m < bound) as a term-valued function, with the condition that all k lie inside one live object. */
  function readElements(p: PtrVal, sps: Span[], env: Env, count: BV): { at: (m: number) => Val | null; valid: B } {
    let valid: B = F_;
    for (const sp of sps)
      valid = valid.or(
        sp.sel
          .and(inRangeOf(sp.cand, p.off as BV, env).or(count.eq(bv64(0))))
          .and((p.off as BV).ule(bv64(sp.length)))
          .and(count.ule(bv64(sp.length).sub(p.off as BV))),
      ) as B;
    const at = (m: number): Val | null => {
      let v: Val | null = null;
      for (const sp of sps) {
        // Element off + m of this object (any element when out of range: only read under `valid`).
        let e: Val | null = null;
        for (let j = sp.length - 1; j >= 0; j--) {
          const here = (p.off as BV).add(bv64(m)).eq(bv64(j)) as B;
          e = e ? iteVal(ctx, here, elemOf(sp, j), e) : elemOf(sp, j);
        }
        if (e) v = v ? iteVal(ctx, sp.sel, e, v) : e;
      }
      return v;
    };
    return { at, valid };
  }

  /** Writes value(m) to elements off + m, m < count, of whichever object p designates. */
  function writeElements(p: PtrVal, sps: Span[], env: Env, count: BV, value: (m: BV) => Val): B {
    let valid: B = F_;
    for (const sp of sps) {
      if (objects[sp.cand.idx - 1].readOnly) continue;
      valid = valid.or(
        sp.sel
          .and((p.off as BV).ule(bv64(sp.length)))
          .and(count.ule(bv64(sp.length).sub(p.off as BV)))
          .and(sp.cand.heap ? alive(env, sp.cand.varId) : T),
      ) as B;
      let updated = sp.obj;
      for (let j = 0; j < sp.length; j++) {
        const m = bv64(j).sub(p.off as BV);
        const inside = (bv64(j).uge(p.off as BV) as B).and(m.ult(count)) as B;
        const nv = iteVal(ctx, inside, value(m), elemOf(sp, j));
        updated = sp.cand.isArray ? storeVal(updated, bv64(j), nv) : nv;
      }
      env.set(sp.cand.varId, iteVal(ctx, sp.sel, updated, sp.obj));
    }
    return valid;
  }

  /** The elements a copy reads, all before it writes (memmove semantics): `pick(m)` is source element m. */
  function sourceElements(s: PtrVal, ss: Span[], env: Env, count: BV, elem: CType) {
    const bound = Math.max(...ss.map((x) => x.length), 0);
    const src = readElements(s, ss, env, count);
    const vals: (Val | null)[] = [];
    for (let m = 0; m < bound; m++) vals.push(src.at(m));
    const pick = (m: BV): Val => {
      let v: Val | null = null;
      for (let k = bound - 1; k >= 0; k--) if (vals[k]) v = v ? iteVal(ctx, m.eq(bv64(k)) as B, vals[k]!, v) : vals[k];
      return v ?? zeroVal(ctx, elem);
    };
    return { src, pick };
  }

  function memoryFunction(
    name: string,
    rv: Extract<Rvalue, { op: 'call' }>,
    env: Env,
    c: CallContext,
    n: DagNode,
    i: number,
  ): { val: Val | null; ub: UbCondition[] } | null {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub: UbCondition[] = a.flatMap((x) => x.ub);
    const ptr = (k: number) => (a[k]?.val.k === 'ptr' ? (a[k].val as PtrVal) : null);
    const charType: CType = CHAR_TYPE;
    const isByte = (t: CType | null) => t?.kind === 'int' && t.bits === 8;
    const giveUp = (why: string) => {
      taint(`${name}: ${why}`);
      return null;
    };
    const sizeArg = (k: number) => (a[k] ? toOffset(a[k].val, a[k].type) : bv64(0));
    /** Elements of `elem` covered by `bytes`, or null when the size is not a known multiple. */
    const elementCount = (elem: CType, bytes: BV): BV | null => {
      const size = sizeOf(elem, program.dataModel);
      if (!size) return null;
      if (size === 1) return bytes;
      ub.push({
        error: 'bounds',
        cond: bytes.urem(bv64(size)).neq(bv64(0)) as B,
        detail: `${name} of a size that is not a whole number of ${typeToName(elem)}`,
      });
      return bytes.udiv(bv64(size));
    };
    switch (name) {
      case 'memset': {
        const p = ptr(0);
        const elem = elementTypeOf(rv.args[0], n, i);
        if (!p || !elem) return giveUp('the pointer type of the destination is unknown');
        const fill = a[1].val.k === 'bv' ? (a[1].val.t as BV) : null;
        const count = elementCount(elem, sizeArg(2));
        const sps = spans(p, elem, env);
        if (!fill || !count || !sps) return giveUp('an object of unknown or large size');
        let value: (m: BV) => Val;
        if (isByte(elem)) value = () => ({ k: 'bv', t: fill.extract(7, 0) });
        else if (a[1].op.kind === 'const' && a[1].op.value === 0n) value = () => zeroVal(ctx, elem);
        else return giveUp('a non-zero fill of elements wider than a byte');
        const valid = writeElements(p, sps, env, count, value);
        ub.push(...accessUb(p, valid, `${name} writes through`));
        return { val: rv.type.kind === 'pointer' ? p : null, ub };
      }
      case 'memcpy':
      case 'memmove': {
        const d = ptr(0);
        const s = ptr(1);
        const elem = elementTypeOf(rv.args[0], n, i) ?? elementTypeOf(rv.args[1], n, i);
        if (!d || !s || !elem) return giveUp('the pointer types are unknown');
        const count = elementCount(elem, sizeArg(2));
        const ds = spans(d, elem, env);
        const ss = spans(s, elem, env);
        if (!count || !ds || !ss) return giveUp('an object of unknown or large size');
        // Read everything first (memmove semantics; memcpy's overlap is the caller's problem but gives the same values here).
        const { src, pick } = sourceElements(s, ss, env, count, elem);
        ub.push(...accessUb(s, src.valid, `${name} reads through`));
        const valid = writeElements(d, ds, env, count, pick);
        ub.push(...accessUb(d, valid, `${name} writes through`));
        return { val: rv.type.kind === 'pointer' ? d : null, ub };
      }
      case 'memcmp':
      case 'strcmp':
      case 'strncmp': {
        const x = ptr(0);
        const y = ptr(1);
        const ex = name === 'memcmp' ? (elementTypeOf(rv.args[0], n, i) ?? charType) : charType;
        if (!x || !y || !isByte(ex)) return giveUp('only byte objects are modelled');
        const xs = spans(x, ex, env);
        const ys = spans(y, ex, env);
        if (!xs || !ys) return giveUp('an object of unknown or large size');
        const bound = Math.min(Math.max(...xs.map((q) => q.length), 0), Math.max(...ys.map((q) => q.length), 0));
        const limit = name === 'strcmp' ? bv64(bound) : sizeArg(2);
        const xa = readElements(x, xs, env, bv64(0));
        const ya = readElements(y, ys, env, bv64(0));
        // Scan from the end: the result is decided by the first differing byte (as unsigned char), or a NUL for strings.
        let result: BV = bvConst(ctx, 0n, 32);
        for (let m = bound - 1; m >= 0; m--) {
          const xv = xa.at(m);
          const yv = ya.at(m);
          if (!xv || !yv) continue;
          const xb = tOf(xv) as BV;
          const yb = tOf(yv) as BV;
          const within = bv64(m).ult(limit) as B;
          const differ = xb.neq(yb) as B;
          const stop = name === 'memcmp' ? differ : (differ.or(xb.eq(bvConst(ctx, 0n, 8))) as B);
          const sign = ite(ctx, xb.ult(yb) as B, bvConst(ctx, -1n, 32), bvConst(ctx, 1n, 32));
          result = ite(ctx, within.and(stop) as B, ite(ctx, differ, sign, bvConst(ctx, 0n, 32)), result);
        }
        const inside = (p: PtrVal, sps: Span[], m: number): B => {
          let r: B = F_;
          for (const sp of sps) r = r.or(sp.sel.and((p.off as BV).add(bv64(m)).ult(bv64(sp.length))).and(sp.cand.heap ? alive(env, sp.cand.varId) : T)) as B;
          return r;
        };
        let ok: B;
        if (name === 'memcmp') {
          // memcmp may read all n bytes: both ranges must lie inside their objects.
          const whole = (p: PtrVal, sps: Span[]) => {
            let r: B = F_;
            for (const sp of sps) r = r.or(sp.sel.and((p.off as BV).ule(bv64(sp.length))).and(limit.ule(bv64(sp.length).sub(p.off as BV)))) as B;
            return r;
          };
          ok = limit.eq(bv64(0)).or(whole(x, xs).and(whole(y, ys))) as B;
        } else {
          // The scan stops at the first difference or NUL (or after n for strncmp): that point must lie inside both objects.
          ok = name === 'strncmp' ? (limit.eq(bv64(0)) as B) : F_;
          for (let m = 0; m < bound; m++) {
            const xv = xa.at(m);
            const yv = ya.at(m);
            if (!xv || !yv) continue;
            const xb = tOf(xv) as BV;
            const yb = tOf(yv) as BV;
            const stopsHere = xb.neq(yb).or(xb.eq(bvConst(ctx, 0n, 8))) as B;
            const lastAllowed = name === 'strncmp' ? (bv64(m + 1).eq(limit) as B) : F_;
            ok = ok.or(
              inside(x, xs, m)
                .and(inside(y, ys, m))
                .and(bv64(m).ult(limit))
                .and(stopsHere.or(lastAllowed)),
            ) as B;
          }
        }
        const isNull = (p: PtrVal) => (p.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
        ub.push({ error: 'null', cond: isNull(x).or(isNull(y)) as B, detail: `${name} of a null pointer` });
        ub.push({
          error: 'bounds',
          cond: isNull(x).or(isNull(y)).not().and(ok.not()) as B,
          detail: `${name} reads outside an object (unterminated string or n too large)`,
        });
        return { val: { k: 'bv', t: fitInt(result, rv.type) }, ub };
      }
      case 'strcpy': {
        const d = ptr(0);
        const s = ptr(1);
        if (!d || !s) return null;
        const ss = spans(s, charType, env);
        const ds = spans(d, charType, env);
        if (!ss || !ds) return giveUp('an object of unknown or large size');
        const len = strlenModel(s, env, [], { kind: 'int', bits: 64, signed: false, rank: 'long', name: 'unsigned long' });
        if (!len || len.val.k !== 'bv') return null;
        const count = (len.val.t as BV).add(bv64(1));
        const { pick } = sourceElements(s, ss, env, count, charType);
        ub.push(...len.ub);
        const valid = writeElements(d, ds, env, count, pick);
        ub.push(...accessUb(d, valid, `${name} writes through`));
        return { val: rv.type.kind === 'pointer' ? d : null, ub };
      }
    }
    return null;
  }

  /** The element type of a malloc'd object: from the pointer type its result is converted to. */
  function allocatedType(dst: Place | null, n: DagNode, i: number): CType | null {
    if (dst && dst.type.kind === 'pointer' && dst.type.to.kind !== 'void') return dst.type.to;
    if (!dst || dst.root.kind !== 'var' || dst.path.length) return null;
    const tmp = dst.root.id;
    for (let j = i + 1; j < n.block.instrs.length; j++) {
      const ins = n.block.instrs[j];
      if (
        ins.kind === 'assign' &&
        ins.value.op === 'cast' &&
        ins.value.a.kind === 'var' &&
        ins.value.a.id === tmp &&
        ins.value.to.kind === 'pointer' &&
        ins.value.to.to.kind !== 'void'
      )
        return ins.value.to.to;
      if (
        ins.kind === 'assign' &&
        ins.dst &&
        ins.dst.type.kind === 'pointer' &&
        ins.dst.type.to.kind !== 'void' &&
        ins.value.op === 'use' &&
        ins.value.a.kind === 'var' &&
        ins.value.a.id === tmp
      )
        return ins.dst.type.to;
    }
    return null;
  }

  /** strlen over the char objects the pointer may designate (constant lengths up to 256). */
  function strlenModel(p: PtrVal, env: Env, ub0: UbCondition[], ret: CType): { val: Val; ub: UbCondition[] } | null {
    const bits = ret.kind === 'int' ? ret.bits : 64;
    let result: BV | null = null;
    let valid: B = F_;
    for (const cand of candidates(CHAR_TYPE)) {
      if (!cand.isArray || cand.length === null || cand.length > 256) {
        taint('strlen on a string object of unknown or large size');
        return null;
      }
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const obj = getVar(env, cand.varId);
      // len = first k with s[off + k] == 0; the NUL must lie inside the object.
      let len: BV = bvConst(ctx, 0n, bits);
      let found: B = F_;
      for (let k = cand.length - 1; k >= 0; k--) {
        const idx = (p.off as BV).add(bvConst(ctx, BigInt(k), OFF_BITS));
        const isNul = (idx.ult(bvConst(ctx, BigInt(cand.length), OFF_BITS)) as B).and((tOf(selectVal(obj, idx)) as BV).eq(bvConst(ctx, 0n, 8))) as B;
        len = ite(ctx, isNul, bvConst(ctx, BigInt(k), bits), len);
        found = found.or(isNul) as B;
      }
      result = result ? ite(ctx, sel, len, result) : len;
      valid = valid.or(sel.and(inRangeOf(cand, p.off as BV, env)).and(found)) as B;
    }
    return { val: { k: 'bv', t: result ?? bvConst(ctx, 0n, bits) }, ub: [...ub0, ...accessUb(p, valid, 'strlen reads through')] };
  }

  return { libraryCall };
}
