// The inputs of the analysed function and its initial environment: globals
// (inputs, or their initial values when the analysis starts at main or they
// are const), parameters, and for each pointer parameter a fresh input object
// (NULL, its own array, or a place in an earlier parameter's object unless
// restrict); pointers stored in input objects point to null or into an input
// object, as a harness can build them.

import type { Program } from '../ir/ir';
import { sameType, type CType } from '../ir/types';
import { forEachVar, terminatorOperands } from '../ir/walk';
import type { UnrolledFunction } from './unroll';
import { bvConst, ite, type B, type BV } from './semantics';
import { OBJ_BITS, OFF_BITS, freshVal, selectVal, tOf, type Term, type Val } from './values';
import type { EncoderState, InputObject } from './state';
import type { Operands } from './operands';

/** Sets up st.entry and st.inputs; returns the `noAlias` literal (an assumption: no pointer parameter points into another). */
export function encodeInputs(st: EncoderState, ops: Operands): { noAlias: B; aliasing: boolean } {
  const { ctx, program, u, vars, inputs, assertions, objIndex, addObject, boolConst, entry, opts } = st;
  const { initialValue } = ops;
  const top = u.top;

  // ---- initial environment ----
  const referenced = referencedGlobals(program, u);
  for (const g of program.globals) {
    const v = vars.get(g)!;
    if (!referenced.has(g)) continue;
    if (opts.fromMain || v.isConst) {
      entry.set(g, initialValue(v));
    } else {
      const val = freshVal(ctx, v.type, v.name);
      entry.set(g, val);
      inputs.push({ name: v.name, kind: 'global', varId: g, type: v.type, val });
    }
  }
  for (const p of top.params) {
    const v = vars.get(p)!;
    if (v.type.kind === 'pointer' && v.type.to.kind !== 'void' && v.type.to.kind !== 'function') {
      // A struct that points to its own kind (list, tree) gets several elements, so inputs can link them.
      const length = v.declaredLength ?? (v.type.to.kind === 'struct' && !selfReferential(v.type.to) ? 1 : opts.pointerArrayLength);
      const objId = st.newVarId();
      const objType: CType = { kind: 'array', of: v.type.to, length };
      vars.set(objId, { id: objId, name: `*${v.name}`, type: objType, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
      const idx = addObject(objId, objType);
      const objVal = freshVal(ctx, objType, `${v.name}[]`);
      entry.set(objId, objVal);
      // A `char *` parameter is a string: its buffer ends with a NUL.
      if (v.type.to.kind === 'int' && v.type.to.bits === 8) {
        const last = selectVal(objVal, bvConst(ctx, BigInt(length - 1), OFF_BITS));
        assertions.push(tOf(last).eq(bvConst(ctx, 0n, 8)) as B);
      }
      const nullLit = boolConst(`${v.name}.null`);
      let obj: Term = ite(ctx, nullLit, bvConst(ctx, 0n, OBJ_BITS), bvConst(ctx, BigInt(idx), OBJ_BITS));
      let off: Term = bvConst(ctx, 0n, OFF_BITS);
      // Unless restrict, a pointer parameter may point into an earlier parameter's object of the same type.
      const aliases: InputObject['aliases'] = [];
      if (!v.restrict) {
        for (const earlier of inputs) {
          const eo = earlier.object;
          if (!eo || earlier.type.kind !== 'pointer' || !sameType(earlier.type.to, v.type.to) || vars.get(earlier.varId)?.restrict) continue;
          const lit = boolConst(`${v.name}.aliases.${earlier.name}`);
          const at = ctx.BitVec.const(st.freshName(`${v.name}.at.${earlier.name}`), OFF_BITS) as BV;
          assertions.push(lit.implies(at.ult(bvConst(ctx, BigInt(eo.length), OFF_BITS))) as B);
          obj = ite(ctx, lit, bvConst(ctx, BigInt(objIndex.get(eo.varId)!), OBJ_BITS), obj);
          off = ite(ctx, lit, at, off);
          aliases.push({ name: earlier.name, lit, at });
        }
      }
      const val: Val = { k: 'ptr', obj, off };
      entry.set(p, val);
      inputs.push({ name: v.name, kind: 'param', varId: p, type: v.type, val: objVal, object: { varId: objId, length, nullLit, aliases } });
    } else {
      const val = freshVal(ctx, v.type, v.name);
      entry.set(p, val);
      inputs.push({ name: v.name, kind: 'param', varId: p, type: v.type, val });
    }
  }

  // Pointers stored in input objects point to null or into an input object of
  // their pointee type (within it or one past its end): the data a harness can build.
  {
    const inputObjects = inputs.filter((i) => i.object && i.type.kind === 'pointer');
    const pointerLeaves = (v: Val, t: CType, out: { obj: BV; off: BV; to: CType }[]) => {
      if (t.kind === 'pointer' && v.k === 'ptr') out.push({ obj: v.obj, off: v.off, to: t.to });
      else if (t.kind === 'struct' && v.k === 'struct') t.fields.forEach((f, k) => pointerLeaves(v.fields[k], f.type, out));
      else if (t.kind === 'array' && v.k === 'arr' && t.length !== null)
        for (let k = 0; k < t.length; k++) pointerLeaves(selectVal(v, bvConst(ctx, BigInt(k), OFF_BITS)), t.of, out);
      return out;
    };
    for (const input of inputObjects) {
      const objType: CType = { kind: 'array', of: (input.type as Extract<CType, { kind: 'pointer' }>).to, length: input.object!.length };
      for (const leaf of pointerLeaves(input.val, objType, [])) {
        let ok: B = leaf.obj.eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
        for (const target of inputObjects) {
          if (!sameType((target.type as Extract<CType, { kind: 'pointer' }>).to, leaf.to)) continue;
          const sel = leaf.obj.eq(bvConst(ctx, BigInt(objIndex.get(target.object!.varId)!), OBJ_BITS)) as B;
          ok = ok.or(sel.and(leaf.off.ule(bvConst(ctx, BigInt(target.object!.length), OFF_BITS)))) as B;
        }
        assertions.push(ok);
      }
    }
  }

  const aliasLits = inputs.flatMap((i) => i.object?.aliases.map((a) => a.lit) ?? []);
  const noAlias = boolConst('noAlias');
  if (aliasLits.length) assertions.push(noAlias.implies(ctx.And(...aliasLits.map((l) => l.not() as B))) as B);

  return { noAlias, aliasing: aliasLits.length > 0 };
}

/** A struct with a pointer field to its own struct type (a list or tree node). */
function selfReferential(t: Extract<CType, { kind: 'struct' }>): boolean {
  return t.fields.some((f) => f.type.kind === 'pointer' && f.type.to.kind === 'struct' && f.type.to.tag === t.tag);
}

/** Globals read or written anywhere in the unrolled code. */
function referencedGlobals(program: Program, u: UnrolledFunction): Set<number> {
  const globals = new Set(program.globals);
  const seen = new Set<number>();
  const note = (id: number) => {
    if (globals.has(id)) seen.add(id);
  };
  for (const f of new Set(u.contexts.map((c) => c.fn)))
    for (const b of f.blocks) {
      for (const i of b.instrs) forEachVar(i, note);
      for (const op of terminatorOperands(b.terminator)) {
        if (op.kind === 'var') note(op.id);
        else if (op.kind === 'addr' && op.place.root.kind === 'var') note(op.place.root.id);
      }
    }
  return seen;
}
