// String to integer conversions of <stdlib.h> as glibc does them in the "C"
// locale: atoi, atol, atoll, strtol, strtoul, strtoll, strtoull. The string
// is read from where the pointer points (objects of known length, see
// libstrings.ts): leading white space, an optional sign, for base 0 or 16 an
// optional `0x`/`0X` prefix (base 0: a leading 0 means octal), then the
// digits of the base. strto*: the value saturates on overflow with errno set
// to ERANGE, `*endptr` gets the first character not converted (the string
// itself when there are no digits; after the `0` of a `0x` with no hex digit
// after it), an invalid base gives 0 with errno EINVAL. ato*: a value outside
// the result type is undefined behaviour in C (an obligation). A base that is
// not a constant makes the call a taint.

import type { CType } from '../ir/types';
import type { Rvalue } from '../ir/ir';
import { longType } from '../ir/types';
import type { CallContext, DagNode } from './unroll';
import { bvConst, ite, type B, type BV, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, iteVal, tOf, type PtrVal, type Val } from './values';
import { CHAR_TYPE, type EncoderState, type Env } from './state';
import type { Memory } from './memory';
import type { Operands } from './operands';
import type { LibResult, StringOps } from './libstrings';

/** glibc's errno values. */
export const ERANGE = 34;
export const EINVAL = 22;

const CONVERSIONS = new Set(['atoi', 'atol', 'atoll', 'strtol', 'strtoul', 'strtoll', 'strtoull']);

export function isConversion(name: string): boolean {
  return CONVERSIONS.has(name);
}

export function conversionOps(st: EncoderState, ops: Operands, mem: Memory, strs: StringOps) {
  const { ctx, T, F_, objects, getVar, taint, program, libObjects } = st;
  const { evalOperand } = ops;
  const { candidates, inRangeOf, accessUb, withElement, noteAccessAt } = mem;
  const { view, byteAt, inside, noteRead, stringUb } = strs;
  const bv64 = (k: number | bigint) => bvConst(ctx, BigInt(k), OFF_BITS);
  const byte = (k: number) => bvConst(ctx, BigInt(k), 8);
  const between = (b: BV, lo: number, hi: number) => (b.uge(byte(lo)) as B).and(b.ule(byte(hi))) as B;

  /** Writes `val` through `p` (a pointer to `pointee`) when it is not null; the undefined behaviour of a write outside an object. */
  function writeThrough(p: PtrVal, pointee: CType, val: Val, env: Env, what: string): UbCondition[] {
    let valid: B = F_;
    for (const cand of candidates(pointee)) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const old = getVar(env, cand.varId);
      env.set(cand.varId, iteVal(ctx, sel, withElement(cand, p.off as BV, val, env, st.topCtx, p.obj), old));
      valid = valid.or(sel.and(inRangeOf(cand, p.off as BV, env))) as B;
    }
    noteAccessAt(p, p.off as BV);
    return accessUb(p, valid, what).filter((u) => u.error === 'bounds');
  }

  function call(name: string, rv: Extract<Rvalue, { op: 'call' }>, env: Env, c: CallContext, n: DagNode): LibResult {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub: UbCondition[] = a.flatMap((x) => x.ub);
    const giveUp = (why: string): LibResult => {
      taint(`${name}: ${why}`);
      return null;
    };
    const p = a[0]?.val.k === 'ptr' ? (a[0].val as PtrVal) : null;
    if (!p) return null;
    const isStrto = name.startsWith('strto');
    let base = 10;
    if (isStrto) {
      const b = a[2]?.op;
      if (!b || b.kind !== 'const') return giveUp('a base that is not a constant');
      base = Number(BigInt.asIntN(32, b.value));
    }
    const signed = !name.startsWith('strtou');
    const ret = rv.type.kind === 'int' ? rv.type : null;
    if (!ret) return null;
    // The width strto* converts in: unsigned long (long long for the ll forms); atoi converts as strtol.
    const width = name.endsWith('ll') ? 64 : name === 'atoi' ? longType(program.dataModel, true).bits : ret.bits;
    const errnoVar = libObjects.get('errno');
    const setErrno = (when: B, code: number) => {
      if (errnoVar === undefined) return;
      const old = tOf(getVar(env, errnoVar)) as BV;
      env.set(errnoVar, { k: 'bv', t: ite(ctx, when, bvConst(ctx, BigInt(code), 32), old) });
    };

    if (base < 0 || base === 1 || base > 36) {
      // glibc: EINVAL, 0, nothing read and *endptr untouched.
      setErrno(T, EINVAL);
      return { val: { k: 'bv', t: bvConst(ctx, 0n, ret.bits) }, ub };
    }
    const s = view(p, CHAR_TYPE, env);
    if (!s) return giveUp('a string of unknown or large size');
    const N = s.n;

    // One pass over the characters, position by position, as glibc reads them: white space
    // (isspace in the "C" locale), an optional sign, for base 0 or 16 a `0x` prefix (base 0:
    // a leading 0 means octal), then digits of the base until the first character that is not one.
    const isSpace = (b: BV) => b.eq(byte(32)).or(between(b, 9, 13)) as B;
    const W = width;
    const maxW = (1n << BigInt(W)) - 1n;
    // At most N digits: when base^N cannot overflow, the value is accumulated in as few bits as it needs
    // (a smaller circuit for the solver), with no overflow test.
    const largest = BigInt(base === 0 ? 16 : base) ** BigInt(N) - 1n;
    const mayOverflow = largest > maxW;
    const A = mayOverflow ? W : Math.max(8, largest.toString(2).length + 1);
    const wv = (k: bigint) => bvConst(ctx, k, A);
    // glibc's overflow test: the value so far above ULONG_MAX / base, or equal and the digit above ULONG_MAX % base.
    const limits = (k: number) => ({
      cutoff: wv(mayOverflow ? maxW / BigInt(k) : 0n),
      cutlim: byte(Number(maxW % BigInt(k))),
      times: (x: BV) => x.mul(wv(BigInt(k))),
    });
    const digitOf = (b: BV): BV =>
      ite(ctx, between(b, 48, 57), b.sub(byte(48)), ite(ctx, between(b, 97, 122), b.sub(byte(87)), ite(ctx, between(b, 65, 90), b.sub(byte(55)), byte(255))));
    const prefixOk = base === 0 || base === 16;
    // Phases: white space, the number's first character, the `x` of a prefix, digits, done.
    let ws: B = T;
    let num: B = F_;
    let skipX: B = F_;
    let dig: B = F_;
    let neg: B = F_;
    let pfx: B = F_;
    let pfxAt: BV = bv64(0);
    let is16: B = base === 16 ? T : F_;
    let is8: B = base === 8 ? T : F_;
    let acc: BV = wv(0n);
    let ovf: B = F_;
    let nd: BV = bv64(0);
    let end: BV = bv64(N);
    let done: B = F_;
    const bytes = Array.from({ length: N + 1 }, (_, m) => byteAt(s, m));
    for (let m = 0; m < N; m++) {
      const b = bytes[m];
      const space = isSpace(b);
      const sign = b.eq(byte(45)).or(b.eq(byte(43))) as B;
      const wsHere = ws.and(space) as B;
      const signHere = ws.and(sign) as B;
      const numHere = num.or(ws.and(space.not()).and(sign.not())) as B;
      const zero = b.eq(byte(48)) as B;
      const pfxHere = prefixOk ? (numHere.and(zero).and(bytes[m + 1].eq(byte(120)).or(bytes[m + 1].eq(byte(88)))) as B) : F_;
      if (base === 0) {
        is16 = ite(ctx, numHere, pfxHere, is16);
        is8 = ite(ctx, numHere, pfxHere.not().and(zero) as B, is8);
      } else if (base === 16) is16 = T;
      const digHere = dig.or(numHere.and(pfxHere.not())) as B;
      const effBase = base === 0 ? ite(ctx, is16, byte(16), ite(ctx, is8, byte(8), byte(10))) : byte(base);
      const dv = digitOf(b);
      const valid = digHere.and(dv.ult(effBase)) as B;
      const stop = digHere.and(valid.not()) as B;
      const step = (k: number) => {
        const l = limits(k);
        return {
          over: mayOverflow ? (acc.ugt(l.cutoff).or(acc.eq(l.cutoff).and(dv.ugt(l.cutlim))) as B) : F_,
          next: l.times(acc).add(dv.zeroExt(A - 8)),
        };
      };
      let over: B;
      let next: BV;
      if (base === 0) {
        const [s16, s8, s10] = [step(16), step(8), step(10)];
        over = ite(ctx, is16, s16.over, ite(ctx, is8, s8.over, s10.over));
        next = ite(ctx, is16, s16.next, ite(ctx, is8, s8.next, s10.next));
      } else ({ over, next } = step(base));
      // After an overflow the digits are still read, the value no longer changes.
      acc = ite(ctx, valid.and(ovf.not()).and(over.not()) as B, next, acc);
      ovf = ovf.or(valid.and(over)) as B;
      nd = ite(ctx, valid, nd.add(bv64(1)), nd);
      end = ite(ctx, done.not().and(stop) as B, bv64(m), end);
      neg = neg.or(signHere.and(b.eq(byte(45)))) as B;
      pfxAt = ite(ctx, pfxHere, bv64(m), pfxAt);
      pfx = pfx.or(pfxHere) as B;
      done = done.or(stop) as B;
      ws = wsHere;
      num = signHere;
      dig = skipX.or(valid) as B;
      skipX = pfxHere;
    }
    // Every character up to the first one not converted is read: it must lie inside the object.
    noteRead(s, end);
    ub.push(...stringUb(s, inside(s, end), `${name} reads through`));
    const noDigits = nd.eq(bv64(0)) as B;
    const endOff = ite(ctx, noDigits, ite(ctx, pfx, pfxAt.add(bv64(1)), bv64(0)), end);

    const mag = A === W ? acc : acc.zeroExt(W - A);
    const negated = ite(ctx, neg, mag.neg(), mag);
    const half = 1n << BigInt(W - 1);
    let value: BV;
    let rangeErr: B;
    if (signed) {
      rangeErr = ovf.or(mag.ugt(ite(ctx, neg, bvConst(ctx, half, W), bvConst(ctx, half - 1n, W)))) as B;
      value = ite(ctx, rangeErr, ite(ctx, neg, bvConst(ctx, -half, W), bvConst(ctx, half - 1n, W)), negated);
    } else {
      rangeErr = ovf;
      value = ite(ctx, ovf, bvConst(ctx, (1n << BigInt(W)) - 1n, W), negated);
    }

    if (!isStrto) {
      // ato*: a value the result type cannot hold is undefined behaviour.
      const rb = ret.bits;
      const rhalf = 1n << BigInt(rb - 1);
      const outside = rb >= W ? rangeErr : (ovf.or(mag.ugt(ite(ctx, neg, bvConst(ctx, rhalf, W), bvConst(ctx, rhalf - 1n, W)))) as B);
      ub.push({ error: 'overflow', cond: s.isNull.not().and(outside) as B, detail: `${name} of a number outside the range of ${ret.name}` });
      return { val: { k: 'bv', t: rb < W ? negated.extract(rb - 1, 0) : negated }, ub };
    }

    setErrno(rangeErr, ERANGE);
    const endArg = a[1];
    if (endArg && !(endArg.op.kind === 'const' && endArg.op.value === 0n) && endArg.val.k === 'ptr' && endArg.type.kind === 'pointer') {
      const target: PtrVal = { k: 'ptr', obj: s.p.obj, off: s.off.add(endOff) };
      ub.push(...writeThrough(endArg.val as PtrVal, endArg.type.to, target, env, `${name} stores the end pointer through`));
    }
    return { val: { k: 'bv', t: ret.bits < W ? value.extract(ret.bits - 1, 0) : value }, ub };
  }

  return { call, writeThrough };
}

export type ConversionOps = ReturnType<typeof conversionOps>;
