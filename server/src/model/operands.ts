// Operands and rvalues: C's operators on symbolic values (semantics.ts),
// conversions, pointer arithmetic and comparisons, calls to functions without
// a body (their results are inputs, or taints for unmodelled library
// functions), and initial values of variables from their initializers.

import type { Comparison, Operand, RangeBound, Rvalue, Variable } from '../ir/ir';
import { sameType, type CType, type IntType } from '../ir/types';
import { isLibraryFunction, OUTPUT_ONLY } from '../ir/libc';
import { forEachVar, terminatorOperands } from '../ir/walk';
import type { CallContext } from './unroll';
import { resolveVar } from './unroll';
import {
  bvConst,
  convertInt,
  significandBits,
  convertedIntCompare,
  fpBinary,
  fpCompare,
  fpConst,
  fpConvert,
  fpToInt,
  intBinary,
  intUnary,
  ite,
  boolToInt,
  type B,
  type BV,
  type ConvertedInt,
  type F,
  type UbCondition,
} from './semantics';
import { OBJ_BITS, OFF_BITS, asBV, freshVal, selectVal, storeVal, tOf, zeroVal, type PtrVal, type Val } from './values';
import { CHAR_TYPE, INT_TYPE, toOffset, type EncoderState, type Env, type Evaluated } from './state';
import type { Memory } from './memory';
import { storeMember } from './unions';

/** Width of ACSL integers (range bounds, element offsets of `\valid` and `\separated`). */
const ACSL_BITS = 72;

export function operandOps(st: EncoderState, memory: () => Memory) {
  const { ctx, z, vars, addObject, taint, getVar, nullPtr, nondetSite, topCtx, entry } = st;
  const nodes = st.u.nodes;
  const addressOf: Memory['addressOf'] = (...a) => memory().addressOf(...a);
  const readPlace: Memory['readPlace'] = (...a) => memory().readPlace(...a);
  const designatePlace: Memory['designatePlace'] = (...a) => memory().designatePlace(...a);

  function initialValue(v: Variable): Val {
    let val = zeroVal(ctx, v.type);
    if (!v.init) return val;
    const apply = (base: Val, type: CType, init: NonNullable<Variable['init']>): Val => {
      if (init.kind === 'scalar') return evalOperand(init.value, new Map(), topCtx, -1).val;
      if (init.kind === 'string' && type.kind === 'array') {
        let b = base;
        init.bytes.forEach((byte, i) => {
          if (type.length === null || i < type.length)
            b = storeVal(b, bvConst(ctx, BigInt(i), OFF_BITS), { k: 'bv', t: bvConst(ctx, BigInt(byte), (type.of as IntType).bits ?? 8) });
        });
        return b;
      }
      if (init.kind === 'aggregate') {
        if (type.kind === 'array') {
          let b = base;
          init.elems.forEach((e, i) => {
            if (e) b = storeVal(b, bvConst(ctx, BigInt(i), OFF_BITS), apply(selectVal(b, bvConst(ctx, BigInt(i), OFF_BITS)), type.of, e));
          });
          return b;
        }
        if (type.kind === 'struct' && base.k === 'struct') {
          if (type.union) {
            // The member initialised (the front end keeps one): the others share its bytes.
            let u: Val = base;
            init.elems.forEach((e, i) => {
              if (e && i < type.fields.length && u.k === 'struct')
                u = storeMember(z, (f) => st.assertions.push(f), type, u, i, apply(u.fields[i], type.fields[i].type, e), false);
            });
            return u;
          }
          const fields = [...base.fields];
          init.elems.forEach((e, i) => {
            if (e && i < fields.length) fields[i] = apply(fields[i], type.fields[i].type, e);
          });
          return { k: 'struct', fields };
        }
      }
      return base;
    };
    val = apply(val, v.type, v.init);
    return val;
  }

  function evalOperand(op: Operand, env: Env, c: CallContext, _node?: number): { val: Val; ub: UbCondition[] } {
    switch (op.kind) {
      case 'var': {
        const id = resolveVar(c, op.id);
        const ub = st.uninitUb(env, id);
        return { val: getVar(env, id), ub };
      }
      case 'const':
        if (op.type.kind === 'pointer') {
          if (op.value !== 0n) taint('integer converted to a pointer');
          return { val: op.value === 0n ? nullPtr() : freshVal(ctx, op.type, 'intptr'), ub: [] };
        }
        if (op.type.kind === 'float') return { val: { k: 'fp', t: fpConst(z, Number(op.value), op.type) }, ub: [] };
        return { val: { k: 'bv', t: bvConst(ctx, op.value, op.type.kind === 'int' ? op.type.bits : 32) }, ub: [] };
      case 'fconst':
        if (op.type.kind !== 'float') return { val: { k: 'bv', t: bvConst(ctx, BigInt(Math.trunc(op.value)), 32) }, ub: [] };
        return { val: { k: 'fp', t: fpConst(z, op.value, op.type) }, ub: [] };
      case 'addr':
        return addressOf(op.place, env, c);
      case 'string': {
        const id = st.newVarId();
        const type: CType = { kind: 'array', of: CHAR_TYPE, length: op.bytes.length };
        vars.set(id, {
          id,
          name: 'string literal',
          type,
          kind: 'global',
          addressTaken: true,
          isConst: true,
          isStatic: true,
          init: { kind: 'string', bytes: op.bytes },
        });
        const idx = addObject(id, type, true);
        env.set(id, initialValue(vars.get(id)!));
        entry.set(id, env.get(id)!);
        return { val: { k: 'ptr', obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
      }
      case 'func': {
        // A function's address: compared with function pointers by the calls ir/indirect.ts resolves.
        const fnType = op.type.kind === 'pointer' ? op.type.to : op.type;
        const idx = st.functionObject(op.name, fnType);
        return { val: { k: 'ptr', obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
      }
    }
  }

  const { convertedInts } = st;
  // a op b is b MIRRORED[op] a.
  const MIRRORED: Record<string, Comparison> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

  /** A converted integer compared with a float constant, as an integer comparison (convertedIntCompare); null otherwise. */
  function convertedComparison(rv: Extract<Rvalue, { op: 'binary' }>, a: Val, b: Val): B | null {
    if (!(rv.bop in MIRRORED)) return null;
    const constant = (o: Operand): number | null => {
      if (o.type.kind !== 'float' || (o.kind !== 'fconst' && o.kind !== 'const')) return null;
      const v = Number(o.value);
      // The value fpConst builds: a float constant is rounded to float.
      return o.type.bits === 32 ? Math.fround(v) : v;
    };
    // x op c, through the tracked assignments of x: where one is left out, x is `other`, compared as IEEE.
    const compare = (x: ConvertedInt, op: Comparison, c: number, cTerm: F): B =>
      (x.tracked ?? []).reduce((r, t) => ite(ctx, t.lit, r, fpCompare(z, op, t.other, cTerm)), convertedIntCompare(ctx, op, x, c));
    const xa = convertedInts.get(tOf(a) as object);
    const cb = constant(rv.b);
    if (xa && cb !== null) return compare(xa, rv.bop as Comparison, cb, tOf(b) as F);
    const xb = convertedInts.get(tOf(b) as object);
    const ca = constant(rv.a);
    if (xb && ca !== null) return compare(xb, MIRRORED[rv.bop], ca, tOf(a) as F);
    return null;
  }

  function evalRvalue(rv: Rvalue, env: Env, c: CallContext): Evaluated {
    const o = (x: Operand) => evalOperand(x, env, c, st.cur.node);
    switch (rv.op) {
      case 'use':
        return o(rv.a);
      case 'load':
        return readPlace(rv.place, env, c);
      case 'designate':
        return { val: { k: 'bv', t: bvConst(ctx, 0n, 32) }, ub: designatePlace(rv.place, env, c) };
      case 'binary': {
        const a = o(rv.a);
        const b = o(rv.b);
        const ub = [...a.ub, ...b.ub];
        if (a.val.k === 'ptr' || b.val.k === 'ptr') return pointerBinary(rv.bop, a.val, b.val, ub, rv.a.type.kind === 'pointer' ? rv.a.type.to : null);
        if (a.val.k === 'fp') {
          const asInts = convertedComparison(rv, a.val, b.val);
          if (asInts) return { val: { k: 'bv', t: boolToInt(ctx, asInts) }, ub };
          const r = fpBinary(z, rv.bop, tOf(a.val) as F, tOf(b.val) as F);
          return { val: r.value.sort.name() === 'FloatingPoint' ? { k: 'fp', t: r.value } : { k: 'bv', t: r.value }, ub };
        }
        const type = rv.a.type as IntType;
        const r = intBinary(ctx, rv.bop, tOf(a.val) as BV, tOf(b.val) as BV, type, rv.b.type as IntType);
        return { val: { k: 'bv', t: fitInt(r.value, rv.type) }, ub: [...ub, ...r.ub] };
      }
      case 'unary': {
        const a = o(rv.a);
        if (a.val.k === 'ptr') {
          // !p
          return { val: { k: 'bv', t: boolToInt(ctx, (a.val.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B, intBits(rv.type)) }, ub: a.ub };
        }
        if (a.val.k === 'fp') {
          const f = tOf(a.val) as F;
          if (rv.uop === '-') return { val: { k: 'fp', t: f.neg() }, ub: a.ub };
          if (rv.uop === '!') return { val: { k: 'bv', t: boolToInt(ctx, f.isZero() as B, intBits(rv.type)) }, ub: a.ub };
          throw new Error('~ on floating point');
        }
        const r = intUnary(ctx, rv.uop, tOf(a.val) as BV, rv.a.type as IntType, intBits(rv.type));
        return { val: { k: 'bv', t: rv.uop === '!' ? r.value : fitInt(r.value, rv.type) }, ub: [...a.ub, ...r.ub] };
      }
      case 'cast': {
        const from = o(rv.a);
        const r = castVal(from, rv.a.type, rv.to);
        if (rv.index && rv.a.type.kind === 'int' && rv.to.kind === 'int' && from.val.k === 'bv') {
          // An unsigned index past PTRDIFF_MAX designates no element (ir.ts): it does not wrap to a negative one.
          const a = from.val.t as BV;
          const max = bvConst(ctx, (1n << BigInt(rv.to.bits - 1)) - 1n, rv.a.type.bits);
          return { val: r.val, ub: [...r.ub, { error: 'bounds', cond: a.ugt(max) as B, detail: 'index past PTRDIFF_MAX: outside every object' }] };
        }
        return r;
      }
      case 'ptradd': {
        const p = o(rv.ptr);
        const i = o(rv.offset);
        if (p.val.k !== 'ptr') {
          taint('pointer arithmetic on a non-pointer');
          return { val: freshVal(ctx, rv.type, 'ptr'), ub: [] };
        }
        const moved: PtrVal = { k: 'ptr', obj: p.val.obj, off: memory().moved(p.val.obj, p.val.off as BV, toOffset(i.val, rv.offset.type)) };
        // `p + i` must stay within p's object or one past its end (C11 6.5.6p8), as `&p[i]` (memory.ts).
        const pointee = rv.type.kind === 'pointer' ? rv.type.to : null;
        const formation = pointee && !rv.accessed ? memory().pointerFormationUb(moved, pointee, p.val.off as BV) : [];
        return { val: moved, ub: [...p.ub, ...i.ub, ...formation] };
      }
      case 'ptrdiff': {
        const a = o(rv.a);
        const b = o(rv.b);
        if (a.val.k !== 'ptr' || b.val.k !== 'ptr') {
          taint('pointer difference of non-pointers');
          return { val: freshVal(ctx, rv.type, 'diff'), ub: [] };
        }
        if (st.program.summarySites?.length) taint('difference of pointers that may designate older objects a loop allocated');
        const d = (a.val.off as BV).sub(b.val.off as BV);
        const bits = intBits(rv.type);
        return {
          val: { k: 'bv', t: bits === OFF_BITS ? d : d.extract(bits - 1, 0) },
          // Into one member of two elements of an array of structs is into two objects too (memory.ts views).
          ub: [
            {
              error: 'null',
              cond: (a.val.obj as BV).neq(b.val.obj).or(memory().otherBaseElement(a.val, b.val)) as B,
              detail: 'difference of pointers into different objects',
            },
          ],
        };
      }
      case 'valid':
        return { val: { k: 'bv', t: boolToInt(ctx, validity(rv, env, c), intBits(rv.type)) }, ub: [] };
      case 'separated':
        return { val: { k: 'bv', t: boolToInt(ctx, separation(rv, env, c), intBits(rv.type)) }, ub: [] };
      case 'call': {
        if (!rv.external) throw new Error('internal calls are handled by the node walk');
        if (isLibraryFunction(rv.callee)) {
          // A library function without a model: the compiled test runs the real one, so its
          // result is neither an input nor known. Output-only calls whose result is unused change nothing.
          if (!(OUTPUT_ONLY.has(rv.callee) && !resultUsed())) taint(`library function ${rv.callee} is not modelled`);
          return { val: freshVal(ctx, rv.type.kind === 'void' ? CHAR_TYPE : rv.type, rv.callee), ub: [] };
        }
        for (const arg of rv.args)
          if (arg.type.kind === 'pointer') {
            taint(`call of external function ${rv.callee} with a pointer argument`);
            break;
          }
        if (rv.type.kind === 'pointer') taint(`pointer returned by external function ${rv.callee}`);
        if (rv.type.kind === 'void') return { val: zeroVal(ctx, CHAR_TYPE), ub: [] };
        return { val: nondetSite(rv.callee, rv.type), ub: [] };
      }
      case 'nondet':
        return { val: nondetSite(rv.name, rv.type), ub: [] };
      case 'icall': {
        // A function pointer to none of the program's functions (ir/indirect.ts resolves those): NULL is
        // undefined behaviour; anything else is a function the model does not know.
        const f = o(rv.fn);
        const isNull = f.val.k === 'ptr' ? ((f.val.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B) : st.F_;
        taint('call through a function pointer to no function of this file');
        return {
          val: freshVal(ctx, rv.type.kind === 'void' ? CHAR_TYPE : rv.type, 'icall'),
          ub: [...f.ub, { error: 'null', cond: isNull, detail: 'call through a null function pointer' }],
        };
      }
      case 'havoc':
        taint(rv.what);
        return { val: freshVal(ctx, rv.type.kind === 'void' ? CHAR_TYPE : rv.type, 'havoc'), ub: [] };
      case 'indeterminate':
        // encode.ts ends the variable's value instead; anywhere else: any value.
        return { val: freshVal(ctx, rv.type, 'indeterminate'), ub: [] };
      case 'fresh':
        // The loop abstraction (prove/): nothing is known of the value; not an input, not a taint.
        if (rv.memory) {
          for (const o of st.objects) if (!o.readOnly && !o.view) env.set(o.varId, freshVal(ctx, o.type, 'fresh.mem'));
          return { val: zeroVal(ctx, CHAR_TYPE), ub: [] };
        }
        return { val: freshVal(ctx, rv.type.kind === 'void' ? CHAR_TYPE : rv.type, 'fresh'), ub: [] };
      case 'defined': {
        // Whether the value is defined, as data: its undefined behaviour is not an obligation.
        if (rv.value.op === 'forallElements') return { val: { k: 'bv', t: bvConst(ctx, 1n, intBits(rv.type)) }, ub: [] }; // reads nothing checked
        const { ub } = evalRvalue(rv.value, env, c);
        const none = ub.length ? (ctx.Or(...ub.map((u) => u.cond)).not() as B) : st.T;
        return { val: { k: 'bv', t: boolToInt(ctx, none, intBits(rv.type)) }, ub: [] };
      }
      case 'unchecked':
        return { val: evalRvalue(rv.value, env, c).val, ub: [] };
      case 'forallElements':
        return { val: { k: 'bv', t: boolToInt(ctx, everyElement(rv, env, c), intBits(rv.type)) }, ub: [] };
      case 'newest':
        return { val: { k: 'bv', t: boolToInt(ctx, newest(rv, env, c), intBits(rv.type)) }, ub: [] };
      case 'newestObject':
        throw new Error('newestObject is assigned by the node walk (encode.ts)');
      case 'assigned': {
        // Assigned exactly when reading it now would not be undefined for want of an assignment (one rule: uninitUb).
        const [read] = st.uninitUb(env, resolveVar(c, rv.id));
        return { val: { k: 'bv', t: boolToInt(ctx, read ? (read.cond.not() as B) : st.T, intBits(rv.type)) }, ub: [] };
      }
    }
  }

  /**
   * `\valid(p + (lo..hi))` of a requires clause. That p is not NULL is exact. That the range lies in
   * p's object rests on the sizes the model gives inputs (4 elements for `int *a`): a caller may pass a
   * larger object, so that part holds under an input bound (Encoding.inputBounds) which the input-size
   * check drops, and a proof that needs it is `bounded`, never a proof about C.
   */
  function validity(rv: Extract<Rvalue, { op: 'valid' }>, env: Env, c: CallContext): B {
    const p = evalOperand(rv.ptr, env, c, st.cur.node).val;
    const pointee = rv.ptr.type.kind === 'pointer' ? rv.ptr.type.to : null;
    if (p.k !== 'ptr' || !pointee || pointee.kind === 'void' || pointee.kind === 'function') {
      taint(`${rv.text} of a pointer without an object type`);
      return st.T;
    }
    const { empty, nonNull, inObject } = memory().validRange(p, pointee, acslBound(rv.lo, env, c), acslBound(rv.hi, env, c), env);
    const exact = empty.or(nonNull) as B;
    if (c !== topCtx) return exact; // a callee's requires is not assumed (encode.ts)
    const lit = st.boolConst('validBound');
    st.inputBounds.push({ lit, text: `\`${rv.text}\` within the sizes the model gives inputs (--pointer-array-length)` });
    return ite(ctx, lit, empty.or(nonNull.and(inObject)), exact) as B;
  }

  /** `newest` (ir.ts): p designates an element of a live heap object of this execution's, not a summary object nor one `aged` designates. */
  function newest(rv: Extract<Rvalue, { op: 'newest' }>, env: Env, c: CallContext): B {
    const p = evalOperand(rv.ptr, env, c, st.cur.node).val;
    const pointee = rv.ptr.type.kind === 'pointer' ? rv.ptr.type.to : null;
    if (p.k !== 'ptr' || !pointee) return st.F_;
    let r: B = st.F_;
    for (const cand of memory().candidates(pointee))
      if (cand.heap && !cand.view) r = r.or((p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)).and(memory().inRangeOf(cand, p.off as BV, env))) as B;
    for (const a of rv.aged) {
      const q = evalOperand(a, env, c, st.cur.node).val;
      if (q.k === 'ptr') r = r.and((p.obj as BV).neq(q.obj)) as B;
    }
    return r;
  }

  /** `forallElements`: every element ptr[k], k in [lo, hi), compares with the value (memory.ts everyElement). */
  function everyElement(rv: Extract<Rvalue, { op: 'forallElements' }>, env: Env, c: CallContext): B {
    const p = evalOperand(rv.ptr, env, c, st.cur.node).val;
    const pointee = rv.ptr.type.kind === 'pointer' ? rv.ptr.type.to : null;
    if (p.k !== 'ptr' || !pointee || pointee.kind !== 'int') {
      taint('an array-content invariant of a pointer without integer elements');
      return st.F_;
    }
    if (rv.perIndex && rv.perIndex.coeffs.slice(2).some((a) => a !== 0n)) {
      taint('an array-content invariant whose value is a power of the index');
      return st.F_;
    }
    const lo = asBV(evalOperand(rv.lo, env, c, st.cur.node).val);
    const hi = asBV(evalOperand(rv.hi, env, c, st.cur.node).val);
    const base = asBV(evalOperand(rv.value, env, c, st.cur.node).val);
    const signed = pointee.signed;
    const bits = intBits(pointee);
    const times = (x: BV, m: bigint) => (m === 1n ? x : (x.mul(bvConst(ctx, m, bits)) as BV));
    // A value depending on k: c0 + c1 * k modulo 2^bits (k's low bits, OFF_BITS >= bits).
    const valueAt = (k: BV): BV => {
      if (!rv.perIndex) return base;
      const kb = (OFF_BITS > bits ? k.extract(bits - 1, 0) : k) as BV;
      const [c0, c1 = 0n] = rv.perIndex.coeffs;
      return base.add(bvConst(ctx, c0 ?? 0n, bits)).add(times(kb, c1)) as BV;
    };
    const holds = (elem: BV, k: BV): B => {
      const e = rv.perIndex ? times(elem, rv.perIndex.scale) : elem;
      const v = valueAt(k);
      if (rv.rel === '==') return e.eq(v) as B;
      if (rv.rel === '<=') return (signed ? e.sle(v) : e.ule(v)) as B;
      return (signed ? e.sge(v) : e.uge(v)) as B;
    };
    return memory().everyElement(p, pointee, lo, hi, rv.lo.type, holds, env, rv.assumed === true);
  }

  /** ACSL integers: a range bound in ACSL_BITS bits, which no C value plus a constant of the clause overflows. */
  function acslBound(b: RangeBound, env: Env, c: CallContext): BV {
    let v = bvConst(ctx, b.add, ACSL_BITS);
    if (b.value) {
      const x = tOf(evalOperand(b.value, env, c, st.cur.node).val) as BV;
      const t = b.value.type as IntType;
      v = v.add(t.signed ? x.signExt(ACSL_BITS - t.bits) : x.zeroExt(ACSL_BITS - t.bits)) as BV;
    }
    return v;
  }

  /**
   * `\separated(l1, ..., ln)` of a requires clause: every two locations are in different objects
   * (NULL is object 0: two NULL locations meet, a NULL one and another do not), or their element
   * ranges [off + lo, off + hi], as ACSL integers, do not meet; an empty range meets nothing. Unlike
   * `\valid` this needs no input bound: it reads offsets and object identities, which the model has
   * exactly whatever size it gives the objects, so the assumption excludes exactly the executions
   * whose locations overlap. The front end gave every pointee one size (offsets are comparable).
   */
  function separation(rv: Extract<Rvalue, { op: 'separated' }>, env: Env, c: CallContext): B {
    const locs: { obj: BV; first: BV; last: BV; empty: B }[] = [];
    for (const l of rv.locs) {
      const p = evalOperand(l.ptr, env, c, st.cur.node).val;
      if (p.k !== 'ptr') {
        taint(`${rv.text} of a value the model does not have as a pointer`);
        return st.T;
      }
      const lo = acslBound(l.lo, env, c);
      const hi = acslBound(l.hi, env, c);
      // The model's offsets of pointers that exist are within [0, 2^64): zero-extended, as validRange.
      const off = (p.off as BV).zeroExt(ACSL_BITS - OFF_BITS);
      locs.push({ obj: p.obj as BV, first: off.add(lo) as BV, last: off.add(hi) as BV, empty: hi.slt(lo) as B });
    }
    const pairs: B[] = [];
    for (let i = 0; i < locs.length; i++)
      for (let j = i + 1; j < locs.length; j++) {
        const [a, b] = [locs[i], locs[j]];
        pairs.push(ctx.Or(a.empty, b.empty, a.obj.neq(b.obj), a.last.slt(b.first), b.last.slt(a.first)) as B);
      }
    return pairs.length ? (ctx.And(...pairs) as B) : st.T;
  }

  /** Whether the destination of the instruction being encoded is read anywhere in its function. */
  function resultUsed(): boolean {
    const n = nodes[st.cur.node];
    const ins = n.block.instrs[st.cur.index];
    if (ins?.kind !== 'assign' || !ins.dst) return false;
    if (ins.dst.root.kind !== 'var' || ins.dst.path.length) return true;
    const id = ins.dst.root.id;
    return n.ctx.fn.blocks.some((b) => {
      let read = false;
      for (const i of b.instrs) forEachVar(i, (v, role) => (read ||= v === id && role === 'read'));
      return read || terminatorOperands(b.terminator).some((op) => op.kind === 'var' && op.id === id);
    });
  }

  function intBits(t: CType): number {
    return t.kind === 'int' ? t.bits : 32;
  }

  /** Comparisons and `!` come out as 32-bit int; fit them to the IR's result type. */
  function fitInt(v: BV, t: CType): BV {
    const want = intBits(t);
    const have = v.size();
    if (have === want) return v;
    return have > want ? v.extract(want - 1, 0) : v.zeroExt(want - have);
  }

  /**
   * Whether two pointers to `pointee` may designate different members (or a member and the whole) of one
   * struct object, which the model has as different objects: two views of one base, or, through void
   * pointers, any view (other casts between pointee types are taints of their own).
   */
  function memberOrderMatters(pointee: CType | null): boolean {
    const views = st.objects.filter((x) => x.view);
    if (!views.length) return false;
    if (!pointee || pointee.kind === 'void') return true;
    return views.some((x, i) => views.some((y, j) => j > i && x.view!.base === y.view!.base));
  }

  function pointerBinary(op: string, a: Val, b: Val, ub: UbCondition[], pointee: CType | null): { val: Val; ub: UbCondition[] } {
    const pa = a.k === 'ptr' ? a : nullPtr();
    const pb = b.k === 'ptr' ? b : nullPtr();
    const sameObj = (pa.obj as BV).eq(pb.obj) as B;
    const exact = sameObj.and((pa.off as BV).eq(pb.off)) as B;
    // Two summary objects (memory.ts) may be one object or two: equal or not.
    const eq = st.program.summarySites?.length
      ? (ite(ctx, memory().isSummary(pa.obj).and(memory().isSummary(pb.obj)) as B, st.boolConst('summary.eq'), exact) as B)
      : exact;
    const offA = pa.off as BV;
    const offB = pb.off as BV;
    let r: B;
    switch (op) {
      case '==':
        r = eq;
        break;
      case '!=':
        r = eq.not() as B;
        break;
      case '<':
        r = offA.ult(offB) as B;
        break;
      case '<=':
        r = offA.ule(offB) as B;
        break;
      case '>':
        r = offA.ugt(offB) as B;
        break;
      case '>=':
        r = offA.uge(offB) as B;
        break;
      default:
        taint(`pointer operation ${op}`);
        return { val: freshVal(ctx, INT_TYPE, 'ptrop'), ub };
    }
    if (op !== '==' && op !== '!=') {
      if (st.program.summarySites?.length) taint('order comparison of pointers that may designate older objects a loop allocated');
      // C orders the members of one struct (C11 6.5.8p5); the model has each member a pointer designates as an object of its own.
      if (memberOrderMatters(pointee)) taint('order comparison of pointers to different members of one struct');
      ub.push({ error: 'null', cond: sameObj.not().or(memory().otherBaseElement(pa, pb)) as B, detail: 'comparison of pointers into different objects' });
    }
    return { val: { k: 'bv', t: boolToInt(ctx, r) }, ub };
  }

  function castVal(a: { val: Val; ub: UbCondition[] }, from: CType, to: CType): { val: Val; ub: UbCondition[] } {
    const ub = a.ub;
    if (to.kind === 'void') return { val: a.val, ub };
    if (to.kind === 'int') {
      if (from.kind === 'int') return { val: { k: 'bv', t: convertInt(ctx, tOf(a.val) as BV, from, to) }, ub };
      if (from.kind === 'float') {
        const r = fpToInt(z, tOf(a.val) as F, to);
        return { val: { k: 'bv', t: r.value }, ub: [...ub, ...r.ub] };
      }
      if (from.kind === 'pointer' && a.val.k === 'ptr') {
        if (to.rank === 'bool')
          return { val: { k: 'bv', t: ite(ctx, (a.val.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B, bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) }, ub };
        taint('pointer converted to an integer');
        return { val: freshVal(ctx, to, 'ptrint'), ub };
      }
    }
    if (to.kind === 'float') {
      if (from.kind === 'float') return { val: { k: 'fp', t: from.bits === to.bits ? tOf(a.val) : fpConvert(z, 'fp-fp', tOf(a.val) as F, to) }, ub };
      if (from.kind === 'int') {
        const bv = tOf(a.val) as BV;
        const signed = from.signed && from.rank !== 'bool';
        const t = fpConvert(z, signed ? 'sbv-fp' : 'ubv-fp', bv, to);
        convertedInts.set(t, { bv, signed, precision: significandBits(to) });
        return { val: { k: 'fp', t }, ub };
      }
    }
    if (to.kind === 'pointer') {
      if (a.val.k === 'ptr') {
        const fp = from.kind === 'pointer' ? from.to : null;
        if (fp && fp.kind !== 'void' && to.to.kind !== 'void' && !sameType(fp, to.to)) taint('pointer cast between different pointee types');
        return { val: a.val, ub };
      }
      if (from.kind === 'int') {
        taint('integer converted to a pointer');
        return { val: freshVal(ctx, to, 'intptr'), ub };
      }
    }
    if (to.kind === 'struct' || to.kind === 'array') return { val: a.val, ub };
    taint(`conversion from ${from.kind} to ${to.kind}`);
    return { val: freshVal(ctx, to, 'cast'), ub };
  }

  const condTrue = (v: Val): B => {
    if (v.k === 'ptr') return (v.obj as BV).neq(bvConst(ctx, 0n, OBJ_BITS)) as B;
    if (v.k === 'fp') return (v.t as F).isZero().not() as B;
    const t = tOf(v) as BV;
    return t.neq(bvConst(ctx, 0n, t.size())) as B;
  };

  return { initialValue, evalOperand, evalRvalue, castVal, pointerBinary, fitInt, intBits, condTrue, resultUsed };
}

export type Operands = ReturnType<typeof operandOps>;
