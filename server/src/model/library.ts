// C library functions with a model: the heap (malloc, calloc, realloc, free:
// heap objects with liveness), abs/labs/llabs, the floating-point functions,
// <ctype.h> (the classifiers and toupper/tolower as glibc's "C" locale has
// them, also through glibc's tables `__ctype_b_loc()`...), `errno`
// (`*__errno_location()`), the printf family and puts as output (their
// `%s` arguments read strings; their results are the C library's), the
// string and memory functions (libstrings.ts) and the conversions atoi and
// strtol (libconvert.ts). Any other library call is left to operands.ts (a
// taint unless its result is unused output).

import type { Operand, Place, Rvalue } from '../ir/ir';
import type { CType } from '../ir/types';
import { sizeOf } from '../ir/layout';
import { CTYPE_CLASSIFIERS, FORMAT_ARG, OUTPUT_ONLY, VLA_ALLOC, allocatedTypeIn, ctypeConvert, ctypeFlags, formatConversions } from '../ir/libc';
import type { CallContext, DagNode } from './unroll';
import { bvConst, ite, boolToInt, type B, type BV, type F, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, freshVal, tOf, zeroVal, zipLeaves, type PtrVal } from './values';
import { CHAR_TYPE, INT_TYPE, toOffset, type EncoderState, type Env } from './state';
import { SUMMARY_BASE, type Memory } from './memory';
import type { Operands } from './operands';
import { stringOps, type LibResult } from './libstrings';
import { conversionOps, isConversion } from './libconvert';

/** Calls that return the address of an object of the C library (set up with the inputs: inputs.ts `libraryObjects`). */
const LIB_OBJECT_CALLS = new Set(['__errno_location', '__ctype_b_loc', '__ctype_tolower_loc', '__ctype_toupper_loc']);

export function libraryOps(st: EncoderState, ops: Operands, mem: Memory) {
  const { ctx, z, vars, objects, objIndex, taint, getVar, alive, assertions, allocNodes, nondetSite, program, opts, libObjects } = st;
  const { evalOperand, fitInt, resultUsed } = ops;
  const { candidates } = mem;
  const strs = stringOps(st, ops, mem);
  const conv = conversionOps(st, ops, mem, strs);

  // ---- the heap and library functions with a model ----

  /** Calls with a model: malloc/calloc/free and common library functions. Null: not modelled here. */
  function libraryCall(rv: Extract<Rvalue, { op: 'call' }>, dst: Place | null, env: Env, c: CallContext, n: DagNode, i: number): LibResult {
    const args = () =>
      rv.args.map((a) => {
        const v = evalOperand(a, env, c, n.id);
        return { ...v, type: a.type, op: a };
      });
    const name = rv.callee.replace(/^__builtin_/, '');
    // What a library function does with an older object of a loop's (a summary object) is not modelled:
    // freeing one, reading or writing it in bulk. A pointer known not to be one (a numeral) is.
    if (program.summarySites?.length)
      for (const a of rv.args)
        if (a.type.kind === 'pointer') {
          const v = evalOperand(a, env, c, n.id).val;
          if (v.k === 'ptr' && !(ctx.isBitVecVal(v.obj) && v.obj.value() < SUMMARY_BASE)) {
            taint(`${name} of a pointer that may designate an older object a loop allocated`);
            break;
          }
        }
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
        // A size of constant operands gives the object a known length (string functions can then scan it).
        const constBytes = a.every((x) => x.op.kind === 'const')
          ? a.map((x) => (x.op as Extract<Operand, { kind: 'const' }>).value).reduce((p, q) => p * q, 1n)
          : null;
        const length = constBytes !== null && constBytes % BigInt(esize) === 0n ? Number(constBytes / BigInt(esize)) : null;
        const { val, fresh } = heapObject(name, elem, bytes.udiv(bvConst(ctx, BigInt(esize), OFF_BITS)), length, env);
        // malloc'd memory is indeterminate, calloc'd memory zero.
        env.set(fresh, name === 'calloc' ? zeroVal(ctx, vars.get(fresh)!.type) : freshVal(ctx, vars.get(fresh)!.type, `heap@${st.cur.range.line}`));
        return { val, ub };
      }
      case VLA_ALLOC: {
        // `T a[n]`: n must be greater than 0 (C11 6.7.6.2p5); the object's n elements are indeterminate.
        const [size] = args();
        const elem = dst?.type.kind === 'pointer' ? dst.type.to : null;
        const esize = elem && sizeOf(elem, program.dataModel);
        if (!size || size.val.k !== 'bv' || size.type.kind !== 'int' || !elem || !esize) return null;
        const t = size.val.t as BV;
        const w = size.type.bits;
        const positive = (size.type.signed ? t.sgt(bvConst(ctx, 0n, w)) : t.neq(bvConst(ctx, 0n, w))) as B;
        // A size known here (a constant, or a variable that holds one: `int n = 10; int a[n];`) is the object's
        // known length, as for malloc: string functions can then scan it.
        const known = ctx.isBitVecVal(t) ? (size.type.signed ? t.asSignedValue() : t.value()) : null;
        const length = known !== null && known > 0n && known <= 1n << 24n ? Number(known) : null;
        const { val, fresh } = heapObject(
          dst!.root.kind === 'var' ? (vars.get(dst!.root.id)?.name ?? 'vla') : 'vla',
          elem,
          toOffset(size.val, size.type),
          length,
          env,
          undefined,
          true,
        );
        env.set(fresh, freshVal(ctx, vars.get(fresh)!.type, `vla@${st.cur.range.line}`));
        return {
          val,
          ub: [...size.ub, { error: 'vla-size', cond: positive.not() as B, detail: 'variable-length array of a size not greater than 0 (C11 6.7.6.2p5)' }],
        };
      }
      case 'realloc':
        return realloc(rv, dst, env, c, n, i);
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
      default:
        if (isConversion(name)) return conv.call(name, rv, env, c, n);
        if (name in CTYPE_CLASSIFIERS || name === 'tolower' || name === 'toupper') return ctypeCall(name, rv, dst, env, c, n);
        if (LIB_OBJECT_CALLS.has(name)) return libObjectCall(name);
        if (OUTPUT_ONLY.has(name)) return outputCall(name, rv, env, c, n);
        return strs.call(name, rv, dst, env, c, n, i);
    }
  }

  /**
   * A new heap object of `elem` (its number of elements `lengthTerm`, known
   * as `length` when constant): alive unless `dead` holds or, with
   * mallocMayFail, the call fails (a nondet input). Returns the pointer.
   * `automatic`: a variable-length array's object instead (never fails).
   */
  function heapObject(
    name: string,
    elem: CType,
    lengthTerm: BV,
    length: number | null,
    env: Env,
    dead?: B,
    automatic = false,
    cannotFail = false,
  ): { val: PtrVal; fresh: number; failed: B } {
    const varId = st.newVarId();
    const type: CType = { kind: 'array', of: elem, length };
    vars.set(varId, { id: varId, name: `${name}@${st.cur.range.line}`, type, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
    // An automatic object (a variable-length array) is not the heap's: free() of it is an error.
    objects.push({ varId, type, heap: !automatic, lengthTerm });
    objIndex.set(varId, objects.length);
    if (!automatic) allocNodes.push(st.cur.node);
    const objTerm = bvConst(ctx, BigInt(objects.length), OBJ_BITS);
    let failed: B = st.F_;
    if (opts.mallocMayFail && !automatic && !cannotFail) {
      // Whether this call fails is an input of the datum (the harness makes that call fail).
      const f = (nondetSite(name, INT_TYPE) as { t: BV }).t;
      assertions.push(f.ule(bvConst(ctx, 1n, 32)) as B);
      failed = f.eq(bvConst(ctx, 1n, 32)) as B;
    }
    const none = dead ? (failed.or(dead) as B) : failed;
    env.set(-varId, { k: 'bv', t: ite(ctx, none, bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) });
    // A call that cannot fail gives the object's number itself: a numeral tells which object the pointer designates (memory.ts everyElement).
    const obj = none === st.F_ ? objTerm : ite(ctx, none, bvConst(ctx, 0n, OBJ_BITS), objTerm);
    return { val: { k: 'ptr', obj, off: bvConst(ctx, 0n, OFF_BITS) }, fresh: varId, failed };
  }

  /**
   * The loop abstraction's newest object of a summary site (ir.ts `newestObject`): a heap object of the site's
   * type and length, alive, any contents; no failure of malloc applies (it stands for an object that exists).
   */
  function newestObject(rv: Extract<Rvalue, { op: 'newestObject' }>, env: Env): PtrVal {
    const site = program.summarySites![rv.site];
    const { val, fresh } = heapObject('newest', site.elem, bvConst(ctx, BigInt(site.length), OFF_BITS), site.length, env, undefined, false, true);
    env.set(fresh, freshVal(ctx, vars.get(fresh)!.type, `newest@${site.line}`));
    return val;
  }

  /**
   * realloc(p, size): a new heap object holding the old one's elements up to
   * the smaller length (the rest indeterminate), the old one freed; NULL p
   * is malloc; a size of 0 with p not NULL frees p and gives NULL (glibc).
   */
  function realloc(rv: Extract<Rvalue, { op: 'call' }>, dst: Place | null, env: Env, c: CallContext, n: DagNode, i: number): LibResult {
    const [p, size] = rv.args.map((a) => ({ ...evalOperand(a, env, c, n.id), type: a.type, op: a }));
    if (!p || !size || p.val.k !== 'ptr') return null;
    const ub = [...p.ub, ...size.ub];
    const elem = allocatedType(dst, n, i) ?? strs.elementTypeOf(rv.args[0], n, i);
    const esize = elem ? sizeOf(elem, program.dataModel) : null;
    if (!elem || !esize) {
      taint('realloc of an object of unknown type or size');
      return { val: freshVal(ctx, rv.type, 'realloc'), ub };
    }
    const pv = p.val as PtrVal;
    const bytes = toOffset(size.val, size.type);
    const newLen = bytes.udiv(bvConst(ctx, BigInt(esize), OFF_BITS));
    const isNull = (pv.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
    const freesOnly = isNull.not().and(bytes.eq(bvConst(ctx, 0n, OFF_BITS))) as B;
    const constLen = size.op.kind === 'const' && size.op.value % BigInt(esize) === 0n ? Number(size.op.value / BigInt(esize)) : null;
    const olds = candidates(elem).filter((cand) => cand.heap);
    const oldVals = olds.map((cand) => getVar(env, cand.varId));
    const { val, fresh, failed } = heapObject('realloc', elem, newLen, constLen, env, freesOnly);
    const type = vars.get(fresh)!.type;
    // The elements below the smaller length come from the old object, the others are indeterminate.
    let content = freshVal(ctx, type, `heap@${st.cur.range.line}`);
    const idx = ctx.BitVec.const(st.freshName('realloc.i'), OFF_BITS) as BV;
    let ok: B = isNull;
    olds.forEach((cand, k) => {
      const sel = (pv.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      ok = ok.or(sel.and((pv.off as BV).eq(bvConst(ctx, 0n, OFF_BITS))).and(alive(env, cand.varId))) as B;
      const oldLen = cand.lengthTerm ?? bvConst(ctx, BigInt(cand.length ?? 0), OFF_BITS);
      const keep = ite(ctx, oldLen.ult(newLen) as B, oldLen, newLen);
      const kept = zipLeaves(oldVals[k], content, (o, f) => ctx.Lambda([idx] as never, ite(ctx, idx.ult(keep) as B, o.select(idx), f.select(idx)) as never));
      content = zipLeaves(kept, content, (x, y) => ite(ctx, sel, x, y));
      // The old object is freed unless the call fails.
      env.set(-cand.varId, { k: 'bv', t: ite(ctx, sel.and(failed.not()) as B, bvConst(ctx, 0n, 1), tOf(getVar(env, -cand.varId)) as BV) });
    });
    env.set(fresh, content);
    ub.push({ error: 'free', cond: ok.not() as B, detail: 'realloc of a pointer that is not a live heap object' });
    return { val, ub };
  }

  // ---- <ctype.h> ----

  /** Runs of consecutive c in [lo, hi] on which f(c) is constant (`delta`: on which f(c) - c is). */
  function runs(lo: number, hi: number, f: (c: number) => number, delta: boolean): { from: number; to: number; v: number }[] {
    const out: { from: number; to: number; v: number }[] = [];
    for (let c = lo; c <= hi; c++) {
      const v = delta ? f(c) - c : f(c);
      const last = out[out.length - 1];
      if (last && last.v === v && last.to === c - 1) last.to = c;
      else out.push({ from: c, to: c, v });
    }
    return out;
  }

  /** f(x) for x in [-128, 255] as a term of `bits` bits over the 32-bit signed x (`delta`: f is x plus a constant on each run); `other` elsewhere. */
  function piecewise(x: BV, f: (c: number) => number, delta: boolean, bits: number, other: BV): BV {
    let r = other;
    const xb = x.size();
    for (const run of runs(-128, 255, f, delta).reverse()) {
      const inRun = (x.sge(bvConst(ctx, BigInt(run.from), xb)) as B).and(x.sle(bvConst(ctx, BigInt(run.to), xb))) as B;
      const v = delta ? (bits === xb ? x : x.extract(bits - 1, 0)).add(bvConst(ctx, BigInt(run.v), bits)) : bvConst(ctx, BigInt(run.v), bits);
      r = ite(ctx, inRun, v, r);
    }
    return r;
  }

  /**
   * isdigit(c) and the like, tolower(c), toupper(c), called as functions.
   * C says only that a classifier's result is nonzero for a member of the
   * class, and the value differs between builds (glibc's function returns
   * the table's flag, 2048 for isdigit('0'); gcc expands isdigit itself to
   * 0 or 1): a program that uses more than zero/nonzero depends on them.
   */
  function ctypeCall(name: string, rv: Extract<Rvalue, { op: 'call' }>, dst: Place | null, env: Env, c: CallContext, n: DagNode): LibResult {
    const [x] = rv.args.map((a) => ({ ...evalOperand(a, env, c, n.id), type: a.type }));
    if (!x || x.val.k !== 'bv' || x.type.kind !== 'int' || rv.type.kind !== 'int') return null;
    const t = x.val.t as BV;
    const v32 = x.type.bits === 32 ? t : x.type.bits > 32 ? t.extract(31, 0) : x.type.signed ? t.signExt(32 - x.type.bits) : t.zeroExt(32 - x.type.bits);
    const zero32 = bvConst(ctx, 0n, 32);
    if (name === 'tolower' || name === 'toupper') {
      // glibc: the table's value for -128..255, the argument itself elsewhere.
      return {
        val: {
          k: 'bv',
          t: fitInt(
            piecewise(v32, (k) => ctypeConvert(k, name === 'tolower'), true, 32, v32),
            rv.type,
          ),
        },
        ub: x.ub,
      };
    }
    const mask = CTYPE_CLASSIFIERS[name];
    if (!strs.onlySignUsed(dst, n)) taint(`the value of ${name} beyond zero or nonzero (the compiler's or the C library's choice)`);
    const value = piecewise(v32, (k) => ctypeFlags(k) & mask, false, 32, zero32);
    const outside = (v32.slt(bvConst(ctx, -128n, 32)) as B).or(v32.sgt(bvConst(ctx, 255n, 32))) as B;
    return {
      val: { k: 'bv', t: fitInt(value, rv.type) },
      ub: [...x.ub, { error: 'bounds', cond: outside, detail: `${name} of a value that is neither EOF nor an unsigned char (outside the C library's table)` }],
    };
  }

  /** `__errno_location()` and glibc's ctype tables: the address of the object set up with the inputs. */
  function libObjectCall(name: string): LibResult {
    const key = name === '__errno_location' ? 'errno' : name.replace(/^__ctype_(\w+)_loc$/, 'ctype_$1');
    const varId = libObjects.get(key);
    const idx = varId === undefined ? undefined : objIndex.get(varId);
    if (idx === undefined) return null;
    return { val: { k: 'ptr', obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
  }

  // ---- output ----

  /**
   * printf and the like, puts, putchar...: nothing the model tracks changes,
   * but `%s` arguments and puts' string are read (a string must be there);
   * `%n` writes, and a format that is not a literal may hold one: taints.
   * Their results are the C library's: a taint when used.
   */
  function outputCall(name: string, rv: Extract<Rvalue, { op: 'call' }>, env: Env, c: CallContext, n: DagNode): LibResult {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub: UbCondition[] = a.flatMap((x) => x.ub);
    const readArg = (k: number, what: string, limit?: BV, mayBeNull = false) => {
      const p = a[k]?.val.k === 'ptr' ? (a[k].val as PtrVal) : null;
      const v = p ? strs.view(p, CHAR_TYPE, env) : null;
      if (!v) {
        taint(`${name}: a string of unknown or large size`);
        return;
      }
      const r = strs.readString(v, what, limit);
      ub.push(...(mayBeNull ? r.ub.filter((u) => u.error !== 'null').map((u) => ({ ...u, cond: v.isNull.not().and(u.cond) as B })) : r.ub));
    };
    const fmtAt = FORMAT_ARG[name];
    if (fmtAt !== undefined) {
      const fmt = rv.args[fmtAt];
      if (!fmt || fmt.kind !== 'string') taint(`${name} with a format that is not a string literal`);
      else {
        const conv = formatConversions(fmt.bytes);
        if (conv === null || (name.startsWith('v') && conv.some((x) => x.kind !== 'other'))) taint(`${name}: %n, %.*s or arguments of a va_list`);
        else {
          let k = fmtAt + 1;
          for (const x of conv) {
            k += x.stars;
            if (x.kind === 's')
              readArg(k, `${name} reads a %s argument through`, x.precision === undefined ? undefined : bvConst(ctx, BigInt(x.precision), OFF_BITS));
            k++;
          }
        }
      }
    } else if (name === 'puts' || name === 'fputs') readArg(0, `${name} reads through`);
    else if (name === 'perror') readArg(0, 'perror reads through', undefined, true);
    if (resultUsed()) taint(`the result of ${name} (the C library's)`);
    return { val: rv.type.kind === 'void' ? null : freshVal(ctx, rv.type, name), ub };
  }

  /** The element type of a malloc'd object: from the pointer type its result is converted to. */
  function allocatedType(dst: Place | null, n: DagNode, i: number): CType | null {
    return allocatedTypeIn(n.block.instrs, i, dst);
  }

  return { libraryCall, newestObject };
}
