// The inputs of the analysed function and its initial environment: globals
// (inputs, or their initial values when the analysis starts at main or they
// are const), parameters, and for each pointer parameter a fresh input object
// (NULL, its own array, or a place in an earlier parameter's object unless
// restrict); pointers stored in input objects point to null or into an input
// object, as a harness can build them. `main(argc, argv)` gets what C
// guarantees: 0 <= argc, argv[argc] == NULL and argc strings before it
// (at most argcMax of at most argLength characters). Objects of the C
// library the code uses (`errno`, glibc's ctype tables) are set up here too.
//
// The input model and what it assumes (Encoding.assumptions): a pointer
// parameter with no declared length points to `pointerArrayLength` elements
// (one struct for a struct that does not point to its own kind); a plain
// `char *` parameter the code uses as a string (passed to a string function
// of the C library, or a character read through it compared with '\0' or
// tested) is a string: its buffer ends with a NUL. Arrays of declared size
// (`uint8_t m[4]`) and byte buffers are neither strings nor of assumed
// length. A size assumption matters only when an execution reaches the
// limit (a size hit, see EncoderState.noteAccess); main's argument bounds,
// how pointer parameters may overlap, and NULL pointers inside inputs of a
// type no input object has, matter whenever the code uses them.

import type { Operand, Program } from '../ir/ir';
import { INT, USHORT, sameType, typeToString, type CType, type IntType } from '../ir/types';
import { FORMAT_ARG, STRING_ARGS, ctypeConvert, ctypeFlags } from '../ir/libc';
import { forEachVar, terminatorOperands } from '../ir/walk';
import { resolveVar, type CallContext, type UnrolledFunction } from './unroll';
import { bvConst, ite, type B, type BV } from './semantics';
import { consistentUnions } from './unions';
import { OBJ_BITS, OFF_BITS, freshVal, selectVal, storeVal, tOf, zeroVal, type Term, type Val } from './values';
import type { EncoderState, InputObject } from './state';
import type { Operands } from './operands';

/** Sets up st.entry and st.inputs; returns the `noAlias` literal (an assumption: no pointer parameter points into another) and each alias literal. */
export function encodeInputs(st: EncoderState, ops: Operands): { noAlias: B; aliasLits: B[] } {
  const { ctx, program, u, vars, inputs, assertions, objIndex, addObject, boolConst, entry, opts } = st;
  const { initialValue } = ops;
  const top = u.top;
  const calls = calledFunctions(u);

  // ---- initial environment ----
  const referenced = referencedGlobals(program, u);
  for (const g of program.globals) {
    const v = vars.get(g)!;
    if (!referenced.has(g)) continue;
    if (opts.fromMain || v.isConst) {
      entry.set(g, initialValue(v));
    } else {
      const val = consistentUnions(st.z, (f) => assertions.push(f), v.type, freshVal(ctx, v.type, v.name));
      opaqueFunctions(st, v.name, v.type, val);
      entry.set(g, val);
      inputs.push({ name: v.name, kind: 'global', varId: g, type: v.type, val });
    }
  }
  libraryObjects(st, calls);

  const strings = stringParams(program, u);
  const argv = mainArguments(st);
  for (const p of top.params) {
    if (argv.has(p)) continue;
    const v = vars.get(p)!;
    if (v.type.kind === 'pointer' && v.type.to.kind !== 'void' && v.type.to.kind !== 'function') {
      // A struct that points to its own kind (list, tree) gets several elements, so inputs can link them.
      const single = v.type.to.kind === 'struct' && !selfReferential(v.type.to);
      const length = v.declaredLength ?? (single ? 1 : opts.pointerArrayLength);
      const objId = st.newVarId();
      const objType: CType = { kind: 'array', of: v.type.to, length };
      vars.set(objId, { id: objId, name: `*${v.name}`, type: objType, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
      const idx = addObject(objId, objType);
      const objVal = freshVal(ctx, objType, `${v.name}[]`);
      entry.set(objId, objVal);
      if (v.declaredLength === undefined) {
        if (strings.has(p)) {
          // A `char *` the code uses as a string: its buffer ends with a NUL.
          const last = selectVal(objVal, bvConst(ctx, BigInt(length - 1), OFF_BITS));
          assertions.push(tOf(last).eq(bvConst(ctx, 0n, 8)) as B);
          st.assumptions.push({
            text: `\`${v.name}\` is a string of at most ${length - 1} character${length === 2 ? '' : 's'} (--pointer-array-length)`,
            limit: { objIdx: idx, limit: length - 1 },
          });
        } else {
          st.assumptions.push({
            text: single ? `\`${v.name}\` points to one ${typeToString(v.type.to)}` : `\`${v.name}\` points to ${length} elements (--pointer-array-length)`,
            limit: { objIdx: idx, limit: length },
          });
        }
      }
      const nullLit = boolConst(`${v.name}.null`);
      let obj: Term = ite(ctx, nullLit, bvConst(ctx, 0n, OBJ_BITS), bvConst(ctx, BigInt(idx), OBJ_BITS));
      let off: Term = bvConst(ctx, 0n, OFF_BITS);
      // Unless restrict, a pointer parameter may point into an earlier parameter's object of the same type.
      const aliases: InputObject['aliases'] = [];
      if (!v.restrict && !opts.withoutAliasing) {
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
      const val = consistentUnions(st.z, (f) => assertions.push(f), v.type, freshVal(ctx, v.type, v.name));
      opaqueFunctions(st, v.name, v.type, val);
      entry.set(p, val);
      inputs.push({ name: v.name, kind: 'param', varId: p, type: v.type, val });
    }
  }

  // Pointers stored in input objects point to null or into an input object of their pointee type
  // (within it or one past its end): the data a harness can build.
  {
    const inputObjects = inputs.filter((i) => i.object && i.type.kind === 'pointer');
    const pointerLeaves = (v: Val, t: CType, out: { obj: BV; off: BV; to: CType }[]) => {
      if (t.kind === 'pointer' && v.k === 'ptr') out.push({ obj: v.obj, off: v.off, to: t.to });
      else if (t.kind === 'struct' && v.k === 'struct') t.fields.forEach((f, k) => pointerLeaves(v.fields[k], f.type, out));
      else if (t.kind === 'array' && v.k === 'arr' && t.length !== null)
        for (let k = 0; k < t.length; k++) pointerLeaves(selectVal(v, bvConst(ctx, BigInt(k), OFF_BITS)), t.of, out);
      return out;
    };
    const nullOnly = new Set<string>();
    for (const input of inputObjects) {
      const objType: CType = { kind: 'array', of: (input.type as Extract<CType, { kind: 'pointer' }>).to, length: input.object!.length };
      for (const leaf of pointerLeaves(input.val, objType, [])) {
        let ok: B = leaf.obj.eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
        let targets = 0;
        for (const target of inputObjects) {
          if (!sameType((target.type as Extract<CType, { kind: 'pointer' }>).to, leaf.to)) continue;
          const sel = leaf.obj.eq(bvConst(ctx, BigInt(objIndex.get(target.object!.varId)!), OBJ_BITS)) as B;
          ok = ok.or(sel.and(leaf.off.ule(bvConst(ctx, BigInt(target.object!.length), OFF_BITS)))) as B;
          targets++;
        }
        if (!targets && leaf.to.kind !== 'function') nullOnly.add(typeToString({ kind: 'pointer', to: leaf.to }));
        assertions.push(ok);
      }
    }
    for (const t of nullOnly) st.assumptions.push({ text: `the \`${t}\` pointers inside input objects are NULL (no input object of their type)` });
  }

  const aliasLits = inputs.flatMap((i) => i.object?.aliases.map((a) => a.lit) ?? []);
  const noAlias = boolConst('noAlias');
  if (aliasLits.length) assertions.push(noAlias.implies(ctx.And(...aliasLits.map((l) => l.not() as B))) as B);
  overlapAssumption(st);

  return { noAlias, aliasLits };
}

/** A function pointer an input holds designates no function of the program (EncoderState.functionObject). */
function opaqueFunctions(st: EncoderState, name: string, t: CType, v: Val): void {
  if (t.kind === 'pointer' && t.to.kind === 'function' && v.k === 'ptr') st.opaqueFunctionPointer(v, name, t.to);
}

/**
 * `main(int argc, char *argv[])`: argc >= 0 (at most argcMax under the
 * literal of Encoding.inputBounds), argv pointing to argc + 1 pointers, the last
 * NULL, each before it a string (its object ends at its NUL) of at most
 * argLength characters. The model has the first argcMax strings: reading
 * argv[k] for k >= argcMax, or a string's character at argLength (where a
 * longer one would go on), is a size hit. A proof that holds for every argc
 * and reaches no limit is a proof about C. Returns the parameters set up
 * (none for another function or another signature).
 */
function mainArguments(st: EncoderState): Set<number> {
  const { ctx, u, vars, inputs, assertions, addObject, entry, opts } = st;
  const top = u.top;
  if (top.name !== 'main' || top.params.length < 2) return new Set();
  const [pc, pv] = top.params.map((id) => vars.get(id)!);
  const charPtr = pv.type.kind === 'pointer' && pv.type.to.kind === 'pointer' ? pv.type.to : null;
  if (pc.type.kind !== 'int' || !charPtr || charPtr.to.kind !== 'int' || charPtr.to.bits !== 8) return new Set();
  const max = opts.argcMax;
  const len = opts.argLength;
  const bits = pc.type.bits;
  const argc = freshVal(ctx, pc.type, 'argc');
  const count = tOf(argc) as BV;
  // C: argc >= 0, and argv[argc] exists.
  assertions.push(count.sge(bvConst(ctx, 0n, bits)).and(count.slt(bvConst(ctx, (1n << BigInt(bits - 1)) - 1n, bits))) as B);
  const bound = st.boolConst('argcBound');
  assertions.push(bound.implies(count.sle(bvConst(ctx, BigInt(max), bits))) as B);
  const countText = `main gets at most ${max} argument${max === 1 ? '' : 's'} (--argc-max)`;
  st.inputBounds.push({ lit: bound, text: countText });
  entry.set(pc.id, argc);
  inputs.push({ name: pc.name, kind: 'param', varId: pc.id, type: pc.type, val: argc });

  const count64 = bits === OFF_BITS ? count : count.zeroExt(OFF_BITS - bits);
  const strType: CType = { kind: 'array', of: charPtr.to, length: len + 1 };
  const strings: { varId: number; val: Val }[] = [];
  const arrType: CType = { kind: 'array', of: charPtr, length: max + 1 };
  const arrId = st.newVarId();
  vars.set(arrId, { id: arrId, name: `*${pv.name}`, type: arrType, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
  const arrIdx = addObject(arrId, arrType);
  // argv[0..argc]: argc + 1 elements; those from argcMax on are not modelled (a size hit).
  st.objects[arrIdx - 1].lengthTerm = count64.add(bvConst(ctx, 1n, OFF_BITS));
  st.assumptions.push({ text: countText, limit: { objIdx: arrIdx, limit: max, exact: true } });
  const lengthText = `main's arguments have at most ${len} character${len === 1 ? '' : 's'} (--arg-length)`;
  let arr: Val = zeroVal(ctx, arrType);
  for (let k = 0; k < max; k++) {
    const id = st.newVarId();
    vars.set(id, { id, name: `${pv.name}[${k}]`, type: strType, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
    const idx = addObject(id, strType);
    const val = freshVal(ctx, strType, `${pv.name}[${k}]`);
    const byteAt = (m: number) => tOf(selectVal(val, bvConst(ctx, BigInt(m), OFF_BITS))) as BV;
    assertions.push(byteAt(len).eq(bvConst(ctx, 0n, 8)) as B);
    // The string's object ends at its NUL.
    let nul: BV = bvConst(ctx, BigInt(len), OFF_BITS);
    for (let m = len - 1; m >= 0; m--) nul = ite(ctx, byteAt(m).eq(bvConst(ctx, 0n, 8)) as B, bvConst(ctx, BigInt(m), OFF_BITS), nul);
    st.objects[idx - 1].lengthTerm = nul.add(bvConst(ctx, 1n, OFF_BITS));
    st.assumptions.push({ text: lengthText, limit: { objIdx: idx, limit: len, exact: true } });
    entry.set(id, val);
    strings.push({ varId: id, val });
    const present = count.sgt(bvConst(ctx, BigInt(k), bits)) as B;
    arr = storeVal(arr, bvConst(ctx, BigInt(k), OFF_BITS), {
      k: 'ptr',
      obj: ite(ctx, present, bvConst(ctx, BigInt(idx), OBJ_BITS), bvConst(ctx, 0n, OBJ_BITS)),
      off: bvConst(ctx, 0n, OFF_BITS),
    });
  }
  entry.set(arrId, arr);
  const argvVal: Val = { k: 'ptr', obj: bvConst(ctx, BigInt(arrIdx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) };
  entry.set(pv.id, argvVal);
  inputs.push({ name: pv.name, kind: 'param', varId: pv.id, type: pv.type, val: argvVal, argv: { count: count, strings, length: len } });
  return new Set([pc.id, pv.id]);
}

/**
 * Pointer parameters whose objects C lets overlap in ways the model does
 * not (a later one pointing into an earlier one of the same type is
 * modelled; the other way round, or a `char *` into an `int` array, is
 * not): an assumption when the code writes through a pointer or compares
 * pointers (otherwise separate objects give every behaviour an overlap can).
 */
function overlapAssumption(st: EncoderState): void {
  const ptrs = st.inputs.filter((i) => i.kind === 'param' && i.object && i.type.kind === 'pointer' && !st.vars.get(i.varId)?.restrict);
  const pairs: string[] = [];
  for (let x = 0; x < ptrs.length; x++)
    for (let y = x + 1; y < ptrs.length; y++) {
      const a = (ptrs[x].type as Extract<CType, { kind: 'pointer' }>).to;
      const b = (ptrs[y].type as Extract<CType, { kind: 'pointer' }>).to;
      if (mayOverlap(a, b))
        pairs.push(
          `\`${ptrs[y].name}\` and \`${ptrs[x].name}\` ${sameType(a, b) ? `overlap, if at all, only with \`${ptrs[y].name}\` pointing into \`${ptrs[x].name}\`` : 'do not overlap'}`,
        );
    }
  if (!pairs.length || !writesOrComparesPointers(st.u)) return;
  st.assumptions.push(...pairs.map((text) => ({ text })));
}

/** C lets pointers to these types designate overlapping memory (same type, character types, a struct or array holding the other). */
function mayOverlap(a: CType, b: CType): boolean {
  const isChar = (t: CType) => t.kind === 'int' && t.bits === 8;
  const holds = (outer: CType, inner: CType): boolean =>
    sameType(outer, inner) || (outer.kind === 'struct' && outer.fields.some((f) => holds(f.type, inner))) || (outer.kind === 'array' && holds(outer.of, inner));
  return isChar(a) || isChar(b) || holds(a, b) || holds(b, a);
}

const WRITERS = new Set('memset memcpy memmove strcpy strncpy strcat strncat realloc free'.split(' '));

function writesOrComparesPointers(u: UnrolledFunction): boolean {
  const isNullConst = (op: Operand) => op.kind === 'const' && op.value === 0n;
  for (const fn of new Set(u.contexts.map((c) => c.fn)))
    for (const b of fn.blocks)
      for (const i of b.instrs) {
        if (i.kind !== 'assign') continue;
        if (i.dst?.root.kind === 'deref') return true;
        const rv = i.value;
        if (rv.op === 'call' && rv.external && WRITERS.has(rv.callee)) return true;
        if (rv.op === 'ptrdiff') return true;
        if (rv.op === 'binary' && rv.a.type.kind === 'pointer' && rv.b.type.kind === 'pointer' && !isNullConst(rv.a) && !isNullConst(rv.b)) return true;
      }
  return false;
}

/**
 * The plain `char *` parameters (no declared length) that the function or a
 * function it inlines uses as strings: a pointer derived from one (a copy,
 * `p + k`, `&p[k]`, a callee's parameter or result) is passed where the C
 * library reads a string (STRING_ARGS, a printf format or argument), or a
 * character read through one is compared with 0 or tested.
 */
export function stringParams(program: Program, u: UnrolledFunction): Set<number> {
  const top = u.contexts[0];
  const derived = new Map<number, Set<number>>();
  for (const p of u.top.params) {
    const v = program.vars.get(p)!;
    if (v.declaredLength === undefined && v.type.kind === 'pointer' && v.type.to.kind === 'int' && v.type.to.bits === 8 && v.type.to.name === 'char')
      derived.set(resolveVar(top, p), new Set([p]));
  }
  const used = new Set<number>();
  if (!derived.size) return used;
  const from = (c: CallContext, op: Operand | undefined): Set<number> | undefined => {
    if (!op) return undefined;
    if (op.kind === 'var') return derived.get(resolveVar(c, op.id));
    if (op.kind === 'addr' && op.place.root.kind === 'deref') return from(c, op.place.root.ptr);
    return undefined;
  };
  const add = (id: number, ps: Set<number> | undefined): boolean => {
    if (!ps?.size) return false;
    const cur = derived.get(id) ?? new Set<number>();
    const before = cur.size;
    for (const p of ps) cur.add(p);
    derived.set(id, cur);
    return cur.size > before;
  };
  const callOf = (c: CallContext) => {
    const node = c.callNode === null ? undefined : u.nodes[c.callNode];
    const ins = node?.block.instrs[node.end - 1];
    return ins?.kind === 'assign' && ins.value.op === 'call' ? { ins, rv: ins.value } : undefined;
  };
  // Pointers derived from the parameters, to a fixpoint.
  for (let changed = true; changed;) {
    changed = false;
    for (const c of u.contexts) {
      for (const b of c.fn.blocks)
        for (const ins of b.instrs) {
          if (ins.kind !== 'assign' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) continue;
          const rv = ins.value;
          const src = rv.op === 'use' || rv.op === 'cast' ? from(c, rv.a) : rv.op === 'ptradd' ? from(c, rv.ptr) : undefined;
          if (add(resolveVar(c, ins.dst.root.id), src)) changed = true;
        }
      if (c.parent) {
        const call = callOf(c);
        if (!call) continue;
        call.rv.args.forEach((arg, k) => {
          const pid = c.fn.params[k];
          if (pid !== undefined && add(resolveVar(c, pid), from(c.parent!, arg))) changed = true;
        });
        const ret = c.fn.blocks[c.fn.exitBlock]?.terminator;
        if (ret?.kind === 'return' && call.ins.dst?.root.kind === 'var' && !call.ins.dst.path.length)
          if (add(resolveVar(c.parent, call.ins.dst.root.id), from(c, ret.value ?? undefined))) changed = true;
      }
    }
  }
  // Uses as a string.
  const loaded = new Map<number, Set<number>>();
  for (const c of u.contexts)
    for (const b of c.fn.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== 'assign') continue;
        const rv = ins.value;
        if (rv.op === 'call' && rv.external) {
          const name = rv.callee.replace(/^__builtin_/, '');
          const fmt = FORMAT_ARG[name];
          const positions = STRING_ARGS[name] ?? (fmt !== undefined ? rv.args.map((_, k) => k).filter((k) => k >= fmt) : []);
          for (const k of positions) for (const p of from(c, rv.args[k]) ?? []) used.add(p);
        }
        if (!ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) continue;
        const dst = resolveVar(c, ins.dst.root.id);
        if (rv.op === 'load' && rv.place.root.kind === 'deref' && rv.place.type.kind === 'int' && rv.place.type.bits === 8) {
          const ps = from(c, rv.place.root.ptr);
          if (ps) loaded.set(dst, ps);
        } else if (rv.op === 'cast' && rv.a.kind === 'var' && loaded.has(resolveVar(c, rv.a.id))) loaded.set(dst, loaded.get(resolveVar(c, rv.a.id))!);
      }
  const zero = (op: Operand) => op.kind === 'const' && op.value === 0n;
  const loadedFrom = (c: CallContext, op: Operand) => (op.kind === 'var' ? loaded.get(resolveVar(c, op.id)) : undefined);
  for (const c of u.contexts)
    for (const b of c.fn.blocks) {
      for (const ins of b.instrs) {
        if (ins.kind !== 'assign' || ins.value.op !== 'binary' || (ins.value.bop !== '==' && ins.value.bop !== '!=')) continue;
        const { a, b: bb } = ins.value;
        const ps = zero(bb) ? loadedFrom(c, a) : zero(a) ? loadedFrom(c, bb) : undefined;
        for (const p of ps ?? []) used.add(p);
      }
      const t = b.terminator;
      if (t.kind === 'branch') for (const p of loadedFrom(c, t.cond) ?? []) used.add(p);
    }
  return used;
}

/** The C library objects the code uses: `errno` (an input unless the analysis starts at main: C starts it at 0) and glibc's ctype tables. */
function libraryObjects(st: EncoderState, calls: Set<string>): void {
  const { ctx, vars, addObject, entry, inputs, opts } = st;
  if (calls.has('__errno_location') || [...calls].some((c) => /^strto/.test(c))) {
    const id = st.newVarId();
    vars.set(id, { id, name: 'errno', type: INT, kind: 'global', addressTaken: true, isConst: false, isStatic: false });
    addObject(id, INT);
    const val = opts.fromMain ? zeroVal(ctx, INT) : freshVal(ctx, INT, 'errno');
    entry.set(id, val);
    if (!opts.fromMain) inputs.push({ name: 'errno', kind: 'global', varId: id, type: INT, val });
    st.libObjects.set('errno', id);
  }
  const tables: [string, IntType, (c: number) => number, boolean][] = [
    ['b', USHORT, ctypeFlags, false],
    ['tolower', INT, (c) => ctypeConvert(c, true), true],
    ['toupper', INT, (c) => ctypeConvert(c, false), true],
  ];
  for (const [key, elem, f, delta] of tables) {
    if (!calls.has(`__ctype_${key}_loc`)) continue;
    // The table, indexed from -128: element i is f(i - 128).
    const tableType: CType = { kind: 'array', of: elem, length: 384 };
    const tid = st.newVarId();
    vars.set(tid, { id: tid, name: `ctype_${key} table`, type: tableType, kind: 'global', addressTaken: true, isConst: true, isStatic: true });
    const tidx = addObject(tid, tableType, true);
    const i = ctx.BitVec.const(st.freshName(`ctype_${key}.i`), OFF_BITS) as BV;
    let body: BV = bvConst(ctx, 0n, elem.bits);
    for (const run of runsOf(f, delta).reverse()) {
      const inRun = (i.uge(bvConst(ctx, BigInt(run.from + 128), OFF_BITS)) as B).and(i.ule(bvConst(ctx, BigInt(run.to + 128), OFF_BITS))) as B;
      const v = delta ? i.extract(elem.bits - 1, 0).add(bvConst(ctx, BigInt(run.v - 128), elem.bits)) : bvConst(ctx, BigInt(run.v), elem.bits);
      body = ite(ctx, inRun, v, body);
    }
    entry.set(tid, { k: 'arr', lifted: { k: 'bv', t: ctx.Lambda([i] as never, body as never) } });
    // The pointer `*__ctype_b_loc()` reads: to element 128 (c = 0) of the table.
    const pid = st.newVarId();
    const ptrType: CType = { kind: 'pointer', to: elem };
    vars.set(pid, { id: pid, name: `ctype_${key}`, type: ptrType, kind: 'global', addressTaken: true, isConst: true, isStatic: true });
    addObject(pid, ptrType, true);
    entry.set(pid, { k: 'ptr', obj: bvConst(ctx, BigInt(tidx), OBJ_BITS), off: bvConst(ctx, 128n, OFF_BITS) });
    st.libObjects.set(`ctype_${key}`, pid);
  }
}

/** Runs of consecutive c in [-128, 255] on which f(c) is constant (`delta`: on which f(c) - c is). */
function runsOf(f: (c: number) => number, delta: boolean): { from: number; to: number; v: number }[] {
  const out: { from: number; to: number; v: number }[] = [];
  for (let c = -128; c <= 255; c++) {
    const v = delta ? f(c) - c : f(c);
    const last = out[out.length - 1];
    if (last && last.v === v) last.to = c;
    else out.push({ from: c, to: c, v });
  }
  return out;
}

/** The external functions the unrolled code calls. */
function calledFunctions(u: UnrolledFunction): Set<string> {
  const out = new Set<string>();
  for (const fn of new Set(u.contexts.map((c) => c.fn)))
    for (const b of fn.blocks) for (const i of b.instrs) if (i.kind === 'assign' && i.value.op === 'call' && i.value.external) out.add(i.value.callee);
  return out;
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
