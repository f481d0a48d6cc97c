// The scalar leaves of a function's inputs (parameters, globals, the objects
// behind pointer parameters, nondet values): for small-input boxes and for
// telling enumerated data apart.

import type { CType } from '../ir/types';
import type { Encoding, InputVar } from '../model/encode';
import { bvConst, ite, type B, type BV, type F } from '../model/semantics';
import { selectVal, type Val } from '../model/values';
import type { Z3Handle } from '../z3/z3';

/** The scalar terms of an input with their C types (array elements of input objects included). */
export function typedLeaves(z: Z3Handle, v: Val, t: CType, out: { t: BV | F; type: CType }[] = []): { t: BV | F; type: CType }[] {
  const { ctx } = z;
  if (v.k === 'arr' && t.kind === 'array' && t.length !== null) {
    for (let i = 0; i < t.length; i++) typedLeaves(z, selectVal(v, bvConst(ctx, BigInt(i), 64)), t.of, out);
  } else if (v.k === 'struct' && t.kind === 'struct') {
    // A union's stale members are not inputs of their own (model/unions.ts).
    v.fields.forEach((f, i) => {
      if (!v.stale?.[i]) typedLeaves(z, f, t.fields[i].type, out);
    });
  } else if (v.k === 'bv' || v.k === 'fp') {
    out.push({ t: v.t, type: t });
  } else if (v.k === 'ptr') {
    out.push({ t: v.obj, type: t }, { t: v.off, type: t });
  }
  return out;
}

/** The scalar terms of an input (for main's argv, the characters of its strings) with their C types. */
export function inputTyped(z: Z3Handle, input: InputVar): { t: BV | F; type: CType }[] {
  if (input.argv) {
    // main's argv: the characters of its strings (argc is an input of its own).
    const chars: CType = { kind: 'array', of: { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' }, length: input.argv.length + 1 };
    return input.argv.strings.flatMap((s) => typedLeaves(z, s.val, chars));
  }
  if (input.object) {
    const pointee = (input.type as Extract<CType, { kind: 'pointer' }>).to;
    return typedLeaves(z, input.val, { kind: 'array', of: pointee, length: input.object.length });
  }
  return typedLeaves(z, input.val, input.type);
}

/**
 * The input as the function observes it, leaf by leaf (for telling data apart):
 * for a pointer parameter, the elements it designates (its own object's, or
 * an earlier parameter's when it aliases it) and whether it is null, with
 * everything the function cannot see collapsed to zero.
 */
export function inputLeaves(z: Z3Handle, input: InputVar, all: InputVar[]): (BV | F | B)[] {
  const { ctx } = z;
  const o = input.object;
  if (!o || input.type.kind !== 'pointer') return inputTyped(z, input).map((x) => x.t);
  const pointee = input.type.to;
  const elemAt = (objVal: Val, i: BV) => typedLeaves(z, selectVal(objVal, i), pointee).map((x) => x.t);
  const zeroLike = (t: BV | F) => (ctx.isBitVec(t) ? bvConst(ctx, 0n, (t as BV).size()) : (ctx.Float.val(0, (t as F).sort) as unknown as F));
  const anyAlias = o.aliases.length ? (ctx.Or(...o.aliases.map((a) => a.lit)) as B) : (ctx.Bool.val(false) as B);
  const isNull = o.nullLit.and(anyAlias.not()) as B;
  const out: (BV | F | B)[] = [isNull];
  for (let i = 0; i < o.length; i++) {
    const idx = bvConst(ctx, BigInt(i), 64);
    let leaves = elemAt(input.val, idx).map((t) => ite(ctx, isNull, zeroLike(t), t));
    for (const a of [...o.aliases].reverse()) {
      const target = all.find((x) => x.name === a.name)?.object ? all.find((x) => x.name === a.name)! : undefined;
      if (!target?.object) continue;
      const at = a.at.add(idx);
      const inside = at.ult(bvConst(ctx, BigInt(target.object.length), 64)) as B;
      const theirs = elemAt(target.val, at);
      leaves = leaves.map((t, k) => ite(ctx, a.lit, ite(ctx, inside, theirs[k], zeroLike(t)), t));
    }
    out.push(...leaves);
  }
  return out;
}

/** Every scalar input (and nondet value) within [-size, size] (unsigned: [0, size]). */
export function boxConstraint(z: Z3Handle, inputs: InputVar[], enc: Encoding, size: number): B {
  const { ctx } = z;
  const parts: B[] = [];
  const addFor = ({ t, type }: { t: BV | F; type: CType }) => {
    if (type.kind === 'int' && type.bits > 1) {
      const bv = t as BV;
      const w = type.bits;
      const lim = BigInt(Math.min(size, Number((1n << BigInt(w - 1)) - 1n)));
      parts.push((type.signed ? bv.sle(bvConst(ctx, lim, w)).and(bv.sge(bvConst(ctx, -lim, w))) : bv.ule(bvConst(ctx, lim, w))) as B);
    } else if (type.kind === 'float') {
      const f = t as F;
      parts.push(f.le(size).and(f.ge(-size)) as B);
    }
  };
  for (const i of inputs) {
    if (!i.argv) inputTyped(z, i).forEach(addFor);
    // main's arguments: letters and digits in the first box, printable characters in the others, for readable command lines.
    else
      for (const { t } of inputTyped(z, i)) {
        const c = t as BV;
        const range = (lo: number, hi: number) => c.sge(bvConst(ctx, BigInt(lo), 8)).and(c.sle(bvConst(ctx, BigInt(hi), 8))) as B;
        const readable = size <= 16 ? ctx.Or(range(48, 57), range(65, 90), range(97, 122)) : range(32, 126);
        parts.push(c.eq(bvConst(ctx, 0n, 8)).or(readable) as B);
      }
  }
  for (const n of enc.nondet) typedLeaves(z, n.val, n.type).forEach(addFor);
  return parts.length ? (ctx.And(...parts) as B) : (ctx.Bool.val(true) as B);
}
