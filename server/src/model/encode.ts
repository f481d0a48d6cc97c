// Encodes an unrolled function (see unroll.ts) as one Z3 formula covering
// all of its paths at once: a reachability literal per node and per edge,
// values merged at joins by if-then-else on the incoming edge (the φ
// functions of SSA, placed where the acyclic graph joins), and, for every
// instruction that can go wrong, an obligation literal saying it does not.
//
// Memory: every variable is a value in the environment, including those
// whose address is taken. A pointer is (object id, offset); a read through a
// pointer is an if-then-else over the objects it may designate (the seeds'
// φu), a write updates each such object under the condition that it is the
// one designated (φd). Conditional aliasing is therefore exact.
//
// Invariant: anything not modelled becomes a *taint* (what, line, node). The
// query layer never reports unreachable/holds when a taint can be on the
// path, and never hands out a datum whose path passes one.

import type { Instr, Operand, Place, Program, Rvalue, SourceRange, Variable } from '../ir/ir';
import { sameType, typeToString as typeToName, type CType, type IntType } from '../ir/types';
import { sizeOf } from '../ir/layout';
import { isLibraryFunction, OUTPUT_ONLY } from '../ir/libc';
import { forEachVar, terminatorOperands } from '../ir/walk';
import type { RuntimeErrorKind } from '../ir/runtimeErrors';
import type { Z3Handle } from '../z3/z3';
import { resolveVar, type CallContext, type DagNode, type UnrolledFunction } from './unroll';
import {
  bvConst, convertInt, fpBinary, fpConst, fpConvert, fpToInt, intBinary, intUnary, ite, boolToInt,
  type B, type BV, type F, type UbCondition,
} from './semantics';
import { OBJ_BITS, OFF_BITS, asBV, freshVal, iteVal, selectVal, storeVal, tOf, zeroVal, type PtrVal, type Term, type Val } from './values';

export type Env = Map<number, Val>;

export interface Obligation {
  lit: B;
  node: number;
  /** Instruction index in the node's block (instrs.length for the terminator). */
  index: number;
  kind: 'ub' | 'assert' | 'assume' | 'error';
  error?: RuntimeErrorKind;
  detail: string;
  range: SourceRange;
  /** What must hold when the node is reached. */
  holds: B;
}

export interface InputObject {
  /** Synthetic variable id of the object the pointer designates. */
  varId: number;
  length: number;
  nullLit: B;
  /** Earlier pointer parameters this one may point into instead (`lit` chooses, `at` is the element). */
  aliases: { name: string; lit: B; at: BV }[];
}

export interface InputVar {
  name: string;
  kind: 'param' | 'global';
  varId: number;
  type: CType;
  val: Val;
  object?: InputObject;
}

export interface NondetSite {
  node: number;
  index: number;
  call: string;
  line: number;
  type: CType;
  val: Val;
}

export interface Taint {
  node: number;
  /** Instruction index in the node's block (instrs.length: the terminator). */
  index: number;
  what: string;
  line: number;
}

/** A site of the top function (not inlined code) where a goal can be met. */
export interface Site {
  node: number;
  /** Assertions: the condition that must hold; runtime errors: the condition of the error. */
  cond: B;
  /** Runtime errors: the case a counter-example should prefer (see UbCondition.prefer). */
  prefer?: B;
}

export interface TrackedItem {
  lit: B;
  range: SourceRange;
  kind: 'branch' | 'assign' | 'obligation';
  node: number;
  /** For branches: the two successor nodes (then, else). */
  targets?: number[];
}

/** An assignment to a named variable of the top function (for the datum's trace). */
export interface TraceSite {
  node: number;
  index: number;
  range: SourceRange;
  variable: string;
  type: CType;
  val: Val;
}

export interface EncodeOptions {
  /** Globals start at their initial values (analysis from main) instead of being inputs. */
  fromMain: boolean;
  pointerArrayLength: number;
  /** Name every assignment and guard branches and obligations with tracking literals (for unsat cores). */
  explain: boolean;
  /** malloc/calloc may fail: each call's success is a nondet input (`malloc` returning 1 means NULL). */
  mallocMayFail?: boolean;
}

export interface Encoding {
  unrolled: UnrolledFunction;
  /** Formulas to assert. */
  assertions: B[];
  reach: B[];
  /** `${from}>${to}` -> literal of the edge between nodes. */
  edges: Map<string, B>;
  obligations: Obligation[];
  okNode: B[];
  okAll: B;
  noUnwind: B;
  anyUnwind: B;
  inputs: InputVar[];
  nondet: NondetSite[];
  taints: Taint[];
  /** Top-function sites: `${block}:${index}` for asserts and errors, `${block}:${index}:${error}` for runtime errors. */
  sites: Map<string, Site[]>;
  /** Env at the end of each node. */
  exitEnv: Env[];
  entryEnv: Env[];
  exitNode: number | null;
  returnVal: Val | null;
  tracked: TrackedItem[];
  trace: TraceSite[];
  vars: Map<number, Variable>;
  /** Some pointer parameter may point into another; `noAlias` (an assumption) forbids it. */
  aliasing: boolean;
  noAlias: B;
  /** Nodes with a malloc/calloc call (whose success is assumed unless mallocMayFail). */
  allocNodes: number[];
  /** Name of each object by its id - 1, as data name them (`&l[1]`): a pointer parameter's object takes the parameter's name. */
  objectNames: string[];
}

export function encode(z: Z3Handle, program: Program, u: UnrolledFunction, opts: EncodeOptions): Encoding {
  const { ctx } = z;
  const T = ctx.Bool.val(true) as B;
  const F_ = ctx.Bool.val(false) as B;
  const vars = new Map(u.vars);
  let nextVar = Math.max(0, ...vars.keys()) + 1;
  let nameCounter = 0;
  const boolConst = (name: string) => ctx.Bool.const(`${name}!${nameCounter++}`) as B;
  const assertions: B[] = [];
  const obligations: Obligation[] = [];
  const taints: Taint[] = [];
  const nondet: NondetSite[] = [];
  const inputs: InputVar[] = [];
  const sites = new Map<string, Site[]>();
  const tracked: TrackedItem[] = [];
  const trace: TraceSite[] = [];
  const allocNodes: number[] = [];
  const top = u.top;
  const topCtx = u.contexts[0];

  // ---- objects that pointers may designate ----
  const objIndex = new Map<number, number>();
  /** Objects pointers may designate; heap objects have a liveness flag in the environment at key -varId. */
  const objects: { varId: number; type: CType; readOnly?: boolean; heap?: boolean; lengthTerm?: BV }[] = [];
  const addObject = (varId: number, type: CType, readOnly = false) => {
    if (objIndex.has(varId)) return objIndex.get(varId)!;
    objects.push({ varId, type, readOnly });
    objIndex.set(varId, objects.length);
    return objects.length;
  };
  for (const g of program.globals) if (vars.get(g)?.addressTaken) addObject(g, vars.get(g)!.type);
  for (const c of u.contexts) for (const id of c.fn.locals) {
    const v = program.vars.get(id);
    if (v?.addressTaken) addObject(resolveVar(c, id), v.type);
  }

  // ---- initial environment ----
  const entry: Env = new Map();
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
      const objId = nextVar++;
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
          const at = ctx.BitVec.const(`${v.name}.at.${earlier.name}!${nameCounter++}`, OFF_BITS) as BV;
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

  function initialValue(v: Variable): Val {
    let val = zeroVal(ctx, v.type);
    if (!v.init) return val;
    const apply = (base: Val, type: CType, init: NonNullable<Variable['init']>): Val => {
      if (init.kind === 'scalar') return evalOperand(init.value, new Map(), topCtx, -1).val;
      if (init.kind === 'string' && type.kind === 'array') {
        let b = base;
        init.bytes.forEach((byte, i) => {
          if (type.length === null || i < type.length) b = storeVal(b, bvConst(ctx, BigInt(i), OFF_BITS), { k: 'bv', t: bvConst(ctx, BigInt(byte), (type.of as IntType).bits ?? 8) });
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

  // Pointers stored in input objects point to null or into an input object of
  // their pointee type (within it or one past its end): the data a harness can build.
  {
    const inputObjects = inputs.filter((i) => i.object && i.type.kind === 'pointer');
    const pointerLeaves = (v: Val, t: CType, out: { obj: BV; off: BV; to: CType }[]) => {
      if (t.kind === 'pointer' && v.k === 'ptr') out.push({ obj: v.obj, off: v.off, to: t.to });
      else if (t.kind === 'struct' && v.k === 'struct') t.fields.forEach((f, k) => pointerLeaves(v.fields[k], f.type, out));
      else if (t.kind === 'array' && v.k === 'arr' && t.length !== null) for (let k = 0; k < t.length; k++) pointerLeaves(selectVal(v, bvConst(ctx, BigInt(k), OFF_BITS)), t.of, out);
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

  // ---- per-node encoding ----
  const nodes = u.nodes;
  const reach: B[] = [];
  const edges = new Map<string, B>();
  const entryEnv: Env[] = [];
  const exitEnv: Env[] = [];
  const incoming: { from: number; lit: B }[][] = nodes.map(() => []);
  let exitNode: number | null = null;
  let returnVal: Val | null = null;
  const calleeCtxOf = new Map<number, CallContext>();
  for (const c of u.contexts) if (c.callNode !== null) calleeCtxOf.set(c.callNode, c);
  /** For callee exits: the caller's call instruction, to assign its destination. */

  let curNode = 0;
  let curIndex = 0;
  let curRange: SourceRange = top.range;

  const addOb = (kind: Obligation['kind'], holds: B, detail: string, error?: RuntimeErrorKind) => {
    const lit = boolConst(`ob`);
    const ob: Obligation = { lit, node: curNode, index: curIndex, kind, error, detail, range: curRange, holds };
    obligations.push(ob);
    return ob;
  };
  const taint = (what: string) => {
    taints.push({ node: curNode, index: curIndex, what, line: curRange.line });
  };
  const ubs = (list: UbCondition[], ctxNow: CallContext) => {
    for (const u_ of list) {
      addOb('ub', u_.cond.not() as B, u_.detail, u_.error);
      if (ctxNow === topCtx && u_.error) {
        const key = `${nodes[curNode].block.id}:${curIndex}:${u_.error}`;
        (sites.get(key) ?? sites.set(key, []).get(key)!).push({ node: curNode, cond: u_.cond, prefer: u_.prefer });
      }
    }
  };

  const typeOfVar = (id: number): CType => vars.get(id)?.type ?? { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' };

  function getVar(env: Env, id: number): Val {
    let v = env.get(id);
    if (!v && id < 0) return deadFlag();
    if (!v) {
      // Read before any write on this path: an indeterminate value.
      v = freshVal(ctx, typeOfVar(id), `uninit.${vars.get(id)?.name ?? id}`);
      env.set(id, v);
    }
    return v;
  }

  /** Liveness of a heap object on a path that has not allocated it. */
  function deadFlag(): Val {
    return { k: 'bv', t: bvConst(ctx, 0n, 1) };
  }

  function alive(env: Env, varId: number): B {
    return (tOf(getVar(env, -varId)) as BV).eq(bvConst(ctx, 1n, 1)) as B;
  }

  function nullPtr(): PtrVal {
    return { k: 'ptr', obj: bvConst(ctx, 0n, OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) };
  }

  function toOffset(v: Val, t: CType): BV {
    const bv = asBV(v);
    const it = t as IntType;
    if (it.bits === OFF_BITS) return bv;
    return it.signed ? bv.signExt(OFF_BITS - it.bits) : bv.zeroExt(OFF_BITS - it.bits);
  }

  function evalOperand(op: Operand, env: Env, c: CallContext, _node: number): { val: Val; ub: UbCondition[] } {
    switch (op.kind) {
      case 'var':
        return { val: getVar(env, resolveVar(c, op.id)), ub: [] };
      case 'const':
        if (op.type.kind === 'pointer') {
          if (op.value !== 0n) taint('integer converted to a pointer');
          return { val: op.value === 0n ? nullPtr() : freshVal(ctx, op.type, 'intptr'), ub: [] };
        }
        if (op.type.kind === 'float') return { val: { k: 'fp', t: fpConst(ctx, Number(op.value), op.type) }, ub: [] };
        return { val: { k: 'bv', t: bvConst(ctx, op.value, op.type.kind === 'int' ? op.type.bits : 32) }, ub: [] };
      case 'fconst':
        if (op.type.kind !== 'float') return { val: { k: 'bv', t: bvConst(ctx, BigInt(Math.trunc(op.value)), 32) }, ub: [] };
        return { val: { k: 'fp', t: fpConst(ctx, op.value, op.type) }, ub: [] };
      case 'addr':
        return addressOf(op.place, env, c);
      case 'string': {
        const id = nextVar++;
        const type: CType = { kind: 'array', of: { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' }, length: op.bytes.length };
        vars.set(id, { id, name: 'string literal', type, kind: 'global', addressTaken: true, isConst: true, isStatic: true, init: { kind: 'string', bytes: op.bytes } });
        const idx = addObject(id, type, true);
        env.set(id, initialValue(vars.get(id)!));
        entry.set(id, env.get(id)!);
        return { val: { k: 'ptr', obj: bvConst(ctx, BigInt(idx), OBJ_BITS), off: bvConst(ctx, 0n, OFF_BITS) }, ub: [] };
      }
      case 'func':
        taint(`function pointer to ${op.name}`);
        return { val: freshVal(ctx, op.type, 'fnptr'), ub: [] };
    }
  }

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
      if (path.length > 0 && path[0].kind === 'index' && typeOfVar(id).kind === 'array') {
        const i = evalOperand(path[0].index, env, c, curNode);
        off = toOffset(i.val, path[0].index.type);
        path = path.slice(1);
      }
    } else {
      const p = evalOperand(place.root.ptr, env, c, curNode);
      if (p.val.k !== 'ptr') {
        taint('address computed from a non-pointer');
        return { val: freshVal(ctx, place.type.kind === 'void' ? place.type : { kind: 'pointer', to: place.type }, 'addr'), ub };
      }
      obj = p.val.obj;
      off = p.val.off as BV;
      if (path.length > 0 && path[0].kind === 'index') {
        const i = evalOperand(path[0].index, env, c, curNode);
        off = off.add(toOffset(i.val, path[0].index.type));
        path = path.slice(1);
      }
    }
    if (path.length > 0) {
      taint('pointer to a struct field or inner array element');
      return { val: freshVal(ctx, { kind: 'pointer', to: place.type }, 'addr'), ub };
    }
    return { val: { k: 'ptr', obj, off }, ub };
  }

  interface Candidate { idx: number; varId: number; isArray: boolean; length: number | null; heap: boolean; lengthTerm?: BV }

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
      { error: 'bounds', cond: outside, detail: `${what} a pointer outside a live object (out of bounds or freed)`, prefer: justPast ? (outside.and(justPast) as B) : undefined },
    ];
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
        v = v.fields[el.index];
        t = t.fields[el.index].type;
      } else {
        if (v.k !== 'arr' || t.kind !== 'array') throw new Error('index on a non-array');
        const i = evalOperand(el.index, env, c, curNode);
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
      const fields = [...base.fields];
      fields[el.index] = writePath(fields[el.index], rest, val, env, c, ub, baseType.fields[el.index].type);
      return { k: 'struct', fields };
    }
    if (base.k !== 'arr' || baseType.kind !== 'array') throw new Error('index on a non-array');
    const i = evalOperand(el.index, env, c, curNode);
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
    const p = evalOperand(place.root.ptr, env, c, curNode);
    const ptrType = place.root.ptr.type;
    const pointee = ptrType.kind === 'pointer' ? ptrType.to : place.type;
    let path = place.path;
    let off = p.val.k === 'ptr' ? (p.val.off as BV) : bvConst(ctx, 0n, OFF_BITS);
    if (path.length > 0 && path[0].kind === 'index' && pointee.kind !== 'array') {
      const i = evalOperand(path[0].index, env, c, curNode);
      off = off.add(toOffset(i.val, path[0].index.type));
      path = path.slice(1);
    }
    return { p: p.val, off, pointee, path };
  }

  function readPlace(place: Place, env: Env, c: CallContext): { val: Val; ub: UbCondition[] } {
    const ub: UbCondition[] = [];
    if (place.root.kind === 'var') {
      const id = resolveVar(c, place.root.id);
      return { val: readPath(getVar(env, id), place.path, env, c, ub, typeOfVar(id)), ub };
    }
    const { p, off, pointee, path } = derefTarget(place, env, c);
    if (p.k !== 'ptr' || pointee.kind === 'void') {
      taint('read through an untyped pointer');
      return { val: freshVal(ctx, place.type, 'deref'), ub };
    }
    const cands = candidates(pointee);
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
      if (c === topCtx && v && v.kind !== 'temp' && (nv.k === 'bv' || nv.k === 'fp' || nv.k === 'ptr')) {
        trace.push({ node: curNode, index: curIndex, range: curRange, variable: v.name, type: v.type, val: nv });
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
    for (const cand of cands) {
      if (objects[cand.idx - 1].readOnly) continue;
      const sel = (p.obj as BV).eq(bvConst(ctx, BigInt(cand.idx), OBJ_BITS)) as B;
      const objVal = getVar(env, cand.varId);
      const inRange = inRangeOf(cand, off, env);
      const updated = cand.isArray ? storeVal(objVal, off, writePath(selectVal(objVal, off), path, val, env, c, ub, pointee)) : writePath(objVal, path, val, env, c, ub, pointee);
      env.set(cand.varId, iteVal(ctx, sel, updated, objVal));
      valid = valid.or(sel.and(inRange)) as B;
    }
    ub.push(...accessUb(p, valid, 'write through', justPastEnd(p, cands)));
    return ub;
  }

  function trackAssign(v: Val): Val {
    const t = tOf(v);
    const named: Val = { k: v.k as 'bv', t: ctx.Const(`asg!${nameCounter++}`, t.sort) };
    const lit = boolConst('trk.asg');
    assertions.push(lit.implies(named.t.eq(t)) as B);
    tracked.push({ lit, range: curRange, kind: 'assign', node: curNode });
    return named;
  }

  function evalRvalue(rv: Rvalue, env: Env, c: CallContext, dstType: CType | null): { val: Val; ub: UbCondition[] } {
    const o = (x: Operand) => evalOperand(x, env, c, curNode);
    switch (rv.op) {
      case 'use':
        return o(rv.a);
      case 'load':
        return readPlace(rv.place, env, c);
      case 'binary': {
        const a = o(rv.a);
        const b = o(rv.b);
        const ub = [...a.ub, ...b.ub];
        if (a.val.k === 'ptr' || b.val.k === 'ptr') return pointerBinary(rv.bop, a.val, b.val, ub);
        if (a.val.k === 'fp') {
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
      case 'cast':
        return castVal(o(rv.a), rv.a.type, rv.to);
      case 'ptradd': {
        const p = o(rv.ptr);
        const i = o(rv.offset);
        if (p.val.k !== 'ptr') {
          taint('pointer arithmetic on a non-pointer');
          return { val: freshVal(ctx, rv.type, 'ptr'), ub: [] };
        }
        return { val: { k: 'ptr', obj: p.val.obj, off: (p.val.off as BV).add(toOffset(i.val, rv.offset.type)) }, ub: [...p.ub, ...i.ub] };
      }
      case 'ptrdiff': {
        const a = o(rv.a);
        const b = o(rv.b);
        if (a.val.k !== 'ptr' || b.val.k !== 'ptr') {
          taint('pointer difference of non-pointers');
          return { val: freshVal(ctx, rv.type, 'diff'), ub: [] };
        }
        const d = (a.val.off as BV).sub(b.val.off as BV);
        const bits = intBits(rv.type);
        return { val: { k: 'bv', t: bits === OFF_BITS ? d : d.extract(bits - 1, 0) }, ub: [{ error: 'null', cond: (a.val.obj as BV).neq(b.val.obj) as B, detail: 'difference of pointers into different objects' }] };
      }
      case 'call': {
        if (!rv.external) throw new Error('internal calls are handled by the node walk');
        if (isLibraryFunction(rv.callee)) {
          // A library function without a model: the compiled test runs the real one, so its
          // result is neither an input nor known. Output-only calls whose result is unused change nothing.
          if (!(OUTPUT_ONLY.has(rv.callee) && !resultUsed())) taint(`library function ${rv.callee} is not modelled`);
          return { val: freshVal(ctx, rv.type.kind === 'void' ? { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' } : rv.type, rv.callee), ub: [] };
        }
        for (const arg of rv.args) if (arg.type.kind === 'pointer') {
          taint(`call of external function ${rv.callee} with a pointer argument`);
          break;
        }
        if (rv.type.kind === 'pointer') taint(`pointer returned by external function ${rv.callee}`);
        if (rv.type.kind === 'void') return { val: zeroVal(ctx, { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' }), ub: [] };
        return { val: nondetSite(rv.callee, rv.type, env), ub: [] };
      }
      case 'nondet':
        return { val: nondetSite(rv.name, rv.type, env), ub: [] };
      case 'icall':
        taint('call through a function pointer');
        return { val: freshVal(ctx, rv.type.kind === 'void' ? { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' } : rv.type, 'icall'), ub: [] };
      case 'havoc':
        taint(rv.what);
        return { val: freshVal(ctx, rv.type.kind === 'void' ? { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' } : rv.type, 'havoc'), ub: [] };
    }
  }


  // ---- the heap and library functions with a model ----

  /** Calls with a model: malloc/calloc/free and common library functions. Null: not modelled here. */
  function libraryCall(rv: Extract<Rvalue, { op: 'call' }>, dst: Place | null, env: Env, c: CallContext, n: DagNode, i: number): { val: Val | null; ub: UbCondition[] } | null {
    const args = () => rv.args.map((a) => {
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
        const varId = nextVar++;
        const type: CType = { kind: 'array', of: elem, length: null };
        vars.set(varId, { id: varId, name: `${name}@${curRange.line}`, type, kind: 'local', addressTaken: true, isConst: false, isStatic: false });
        objects.push({ varId, type, heap: true, lengthTerm });
        objIndex.set(varId, objects.length);
        // malloc'd memory is indeterminate, calloc'd memory zero.
        env.set(varId, name === 'calloc' ? zeroVal(ctx, type) : freshVal(ctx, type, `heap@${curRange.line}`));
        allocNodes.push(curNode);
        const objTerm = bvConst(ctx, BigInt(objects.length), OBJ_BITS);
        if (opts.mallocMayFail) {
          // Whether this call fails is an input of the datum (the harness makes that call fail).
          const fails = nondetSite(name, { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' }, env);
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
        return { val: { k: 'bv', t: ite(ctx, neg, t.neg(), t) }, ub: [...x.ub, { error: 'overflow', cond: t.eq(bvConst(ctx, -(1n << BigInt(w - 1)), w)) as B, detail: `${name} of the minimum value` }] };
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

  interface Span { cand: Candidate; sel: B; obj: Val; length: number }

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
    for (const sp of sps) valid = valid.or(sp.sel.and(inRangeOf(sp.cand, p.off as BV, env).or(count.eq(bv64(0)))).and((p.off as BV).ule(bv64(sp.length))).and(count.ule(bv64(sp.length).sub(p.off as BV)))) as B;
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
      valid = valid.or(sp.sel.and((p.off as BV).ule(bv64(sp.length))).and(count.ule(bv64(sp.length).sub(p.off as BV))).and(sp.cand.heap ? alive(env, sp.cand.varId) : T)) as B;
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

  function memoryFunction(name: string, rv: Extract<Rvalue, { op: 'call' }>, env: Env, c: CallContext, n: DagNode, i: number): { val: Val | null; ub: UbCondition[] } | null {
    const a = rv.args.map((x) => ({ ...evalOperand(x, env, c, n.id), type: x.type, op: x }));
    const ub: UbCondition[] = a.flatMap((x) => x.ub);
    const ptr = (k: number) => (a[k]?.val.k === 'ptr' ? (a[k].val as PtrVal) : null);
    const charType: CType = { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' };
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
      ub.push({ error: 'bounds', cond: bytes.urem(bv64(size)).neq(bv64(0)) as B, detail: `${name} of a size that is not a whole number of ${typeToName(elem)}` });
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
        const ex = name === 'memcmp' ? elementTypeOf(rv.args[0], n, i) ?? charType : charType;
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
            ok = ok.or(inside(x, xs, m).and(inside(y, ys, m)).and(bv64(m).ult(limit)).and(stopsHere.or(lastAllowed))) as B;
          }
        }
        const isNull = (p: PtrVal) => (p.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B;
        ub.push({ error: 'null', cond: isNull(x).or(isNull(y)) as B, detail: `${name} of a null pointer` });
        ub.push({ error: 'bounds', cond: isNull(x).or(isNull(y)).not().and(ok.not()) as B, detail: `${name} reads outside an object (unterminated string or n too large)` });
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
      if (ins.kind === 'assign' && ins.value.op === 'cast' && ins.value.a.kind === 'var' && ins.value.a.id === tmp && ins.value.to.kind === 'pointer' && ins.value.to.to.kind !== 'void') return ins.value.to.to;
      if (ins.kind === 'assign' && ins.dst && ins.dst.type.kind === 'pointer' && ins.dst.type.to.kind !== 'void' && ins.value.op === 'use' && ins.value.a.kind === 'var' && ins.value.a.id === tmp) return ins.dst.type.to;
    }
    return null;
  }

  /** strlen over the char objects the pointer may designate (constant lengths up to 256). */
  function strlenModel(p: PtrVal, env: Env, ub0: UbCondition[], ret: CType): { val: Val; ub: UbCondition[] } | null {
    const bits = ret.kind === 'int' ? ret.bits : 64;
    let result: BV | null = null;
    let valid: B = F_;
    for (const cand of candidates({ kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' })) {
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

  /** Whether the destination of the instruction being encoded is read anywhere in its function. */
  function resultUsed(): boolean {
    const n = nodes[curNode];
    const ins = n.block.instrs[curIndex];
    if (ins?.kind !== 'assign' || !ins.dst) return false;
    if (ins.dst.root.kind !== 'var' || ins.dst.path.length) return true;
    const id = ins.dst.root.id;
    return n.ctx.fn.blocks.some((b) => {
      let read = false;
      for (const i of b.instrs) forEachVar(i, (v, role) => (read ||= v === id && role === 'read'));
      return read || terminatorOperands(b.terminator).some((op) => op.kind === 'var' && op.id === id);
    });
  }

  function nondetSite(call: string, type: CType, _env: Env): Val {
    const val = freshVal(ctx, type, call);
    nondet.push({ node: curNode, index: curIndex, call, line: curRange.line, type, val });
    return val;
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

  function pointerBinary(op: string, a: Val, b: Val, ub: UbCondition[]): { val: Val; ub: UbCondition[] } {
    const pa = a.k === 'ptr' ? a : nullPtr();
    const pb = b.k === 'ptr' ? b : nullPtr();
    const sameObj = (pa.obj as BV).eq(pb.obj) as B;
    const eq = sameObj.and((pa.off as BV).eq(pb.off)) as B;
    const offA = pa.off as BV;
    const offB = pb.off as BV;
    let r: B;
    switch (op) {
      case '==': r = eq; break;
      case '!=': r = eq.not() as B; break;
      case '<': r = offA.ult(offB) as B; break;
      case '<=': r = offA.ule(offB) as B; break;
      case '>': r = offA.ugt(offB) as B; break;
      case '>=': r = offA.uge(offB) as B; break;
      default:
        taint(`pointer operation ${op}`);
        return { val: freshVal(ctx, { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' }, 'ptrop'), ub };
    }
    if (op !== '==' && op !== '!=') ub.push({ error: 'null', cond: sameObj.not() as B, detail: 'comparison of pointers into different objects' });
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
        if (to.rank === 'bool') return { val: { k: 'bv', t: ite(ctx, (a.val.obj as BV).eq(bvConst(ctx, 0n, OBJ_BITS)) as B, bvConst(ctx, 0n, 1), bvConst(ctx, 1n, 1)) }, ub };
        taint('pointer converted to an integer');
        return { val: freshVal(ctx, to, 'ptrint'), ub };
      }
    }
    if (to.kind === 'float') {
      if (from.kind === 'float') return { val: { k: 'fp', t: from.bits === to.bits ? tOf(a.val) : fpConvert(z, 'fp-fp', tOf(a.val) as F, to) }, ub };
      if (from.kind === 'int') {
        const bv = tOf(a.val) as BV;
        return { val: { k: 'fp', t: fpConvert(z, from.signed || from.rank === 'bool' ? (from.rank === 'bool' ? 'ubv-fp' : 'sbv-fp') : 'ubv-fp', bv, to) }, ub };
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

  const setEdge = (from: number, to: number, cond: B, trackRange?: SourceRange, targets?: number[]) => {
    const key = `${from}>${to}`;
    const lit = boolConst(`e.${from}.${to}`);
    const def = reach[from].and(cond) as B;
    const prev = edges.get(key);
    const full = prev ? (prev.or(lit) as B) : lit;
    if (opts.explain && trackRange) {
      const trk = boolConst('trk.br');
      assertions.push(trk.implies(lit.eq(def)) as B);
      assertions.push(lit.implies(reach[from]) as B);
      tracked.push({ lit: trk, range: trackRange, kind: 'branch', node: from, targets });
    } else {
      assertions.push(lit.eq(def) as B);
    }
    if (prev) {
      // Two outcomes lead to the same node: the edge is taken when either is.
      const both = boolConst(`e.${from}.${to}`);
      assertions.push(both.eq(full) as B);
      edges.set(key, both);
      const list = incoming[to];
      list[list.length - 1] = { from, lit: both };
    } else {
      edges.set(key, lit);
      incoming[to].push({ from, lit });
    }
  };

  for (const n of nodes) {
    curNode = n.id;
    curIndex = n.start;
    curRange = n.block.range ?? n.ctx.fn.range;
    // Reachability and the merged environment (φ as if-then-else on the incoming edge).
    let env: Env;
    if (n.id === 0) {
      reach.push(T);
      env = new Map(entry);
    } else {
      const inc = incoming[n.id];
      const r = boolConst(`r.${n.id}`);
      assertions.push(r.eq(inc.length ? (ctx.Or(...inc.map((e) => e.lit)) as B) : F_) as B);
      reach.push(r);
      env = mergeEnvs(inc.map((e) => ({ lit: e.lit, env: exitEnv[e.from] })));
    }
    entryEnv.push(new Map(env));
    if (n.unwindOf !== undefined) {
      exitEnv.push(env);
      continue;
    }
    const c = n.ctx;
    for (let i = n.start; i < n.end; i++) {
      curIndex = i;
      const ins = n.block.instrs[i];
      curRange = ins.range;
      encodeInstr(ins, env, c, n, i);
    }
    curIndex = n.block.instrs.length;
    const atBlockEnd = n.end === n.block.instrs.length && !n.inlinedCall;
    if (n.inlinedCall) {
      setEdge(n.id, n.succ.get(-1)!, T);
    } else if (!atBlockEnd) {
      // A call beyond the inlining depth (its result was made a havoc): go on with the continuation.
      setEdge(n.id, n.succ.get(-1)!, T);
    } else if (n.block.id === c.fn.exitBlock && c.parent) {
      // Return from an inlined callee: assign the caller's destination.
      const term = n.block.terminator;
      const caller = nodes[c.callNode!];
      const call = caller.block.instrs[caller.end - 1];
      if (term.kind === 'return' && term.value && call.kind === 'assign' && call.dst) {
        curRange = call.range;
        const rv = evalOperand(term.value, env, c, n.id);
        ubs(rv.ub, c);
        ubs(writePlace(call.dst, rv.val, env, caller.ctx), caller.ctx);
      }
      setEdge(n.id, n.succ.get(-1)!, T);
    } else {
      const term = n.block.terminator;
      if (term.range) curRange = term.range;
      switch (term.kind) {
        case 'goto':
          setEdge(n.id, n.succ.get(term.target)!, T);
          break;
        case 'branch': {
          const cv = evalOperand(term.cond, env, c, n.id);
          ubs(cv.ub, c);
          const cond = condTrue(cv.val);
          const tThen = n.succ.get(term.then)!;
          const tElse = n.succ.get(term.else)!;
          // Branches made for contract expressions are explained by the precondition itself: not tracked.
          const synthetic = c.fn.decisions.find((d) => d.id === term.decision)?.synthetic;
          const trackAt = synthetic ? undefined : term.range;
          if (tThen === tElse) setEdge(n.id, tThen, T);
          else {
            setEdge(n.id, tThen, cond, trackAt, [tThen, tElse]);
            setEdge(n.id, tElse, cond.not() as B, trackAt, [tThen, tElse]);
          }
          break;
        }
        case 'switch': {
          const sv = evalOperand(term.value, env, c, n.id);
          ubs(sv.ub, c);
          const bv = tOf(sv.val) as BV;
          const any: B[] = [];
          const byTarget = new Map<number, B[]>();
          for (const cs of term.cases) {
            const conds = cs.values.map((v) => bv.eq(bvConst(ctx, v, bv.size())) as B);
            any.push(...conds);
            const tgt = n.succ.get(cs.target)!;
            (byTarget.get(tgt) ?? byTarget.set(tgt, []).get(tgt)!).push(...conds);
          }
          const def = any.length ? (ctx.Or(...any).not() as B) : T;
          const dTarget = n.succ.get(term.default)!;
          (byTarget.get(dTarget) ?? byTarget.set(dTarget, []).get(dTarget)!).push(def);
          const targets = [...byTarget.keys()];
          for (const [tgt, conds] of byTarget) setEdge(n.id, tgt, conds.length === 1 ? conds[0] : (ctx.Or(...conds) as B), term.range, targets);
          break;
        }
        case 'return':
          if (!c.parent) {
            exitNode = n.id;
            if (term.value) {
              const rv = evalOperand(term.value, env, c, n.id);
              ubs(rv.ub, c);
              returnVal = rv.val;
            }
          }
          break;
        case 'stop':
          break;
      }
    }
    exitEnv.push(env);
  }

  function encodeInstr(ins: Instr, env: Env, c: CallContext, n: DagNode, i: number) {
    switch (ins.kind) {
      case 'assign': {
        const rv = ins.value;
        if (rv.op === 'call' && !rv.external) {
          const cctx = calleeCtxOf.get(n.id);
          if (n.inlinedCall && i === n.end - 1 && cctx) {
            // Pass the arguments to the callee's parameters.
            rv.args.forEach((arg, k) => {
              const a = evalOperand(arg, env, c, n.id);
              ubs(a.ub, c);
              const pid = cctx.fn.params[k];
              if (pid !== undefined) env.set(resolveVar(cctx, pid), a.val);
            });
          } else {
            taint(`call of ${rv.callee} deeper than the inlining bound`);
            if (ins.dst) ubs(writePlace(ins.dst, freshVal(ctx, ins.dst.type, 'deepcall'), env, c), c);
          }
          return;
        }
        if (rv.op === 'call' && rv.external) {
          const lib = libraryCall(rv, ins.dst, env, c, n, i);
          if (lib) {
            ubs(lib.ub, c);
            if (ins.dst && lib.val) ubs(writePlace(ins.dst, lib.val, env, c), c);
            return;
          }
        }
        const r = evalRvalue(rv, env, c, ins.dst?.type ?? null);
        ubs(r.ub, c);
        if (ins.dst) ubs(writePlace(ins.dst, r.val, env, c), c);
        return;
      }
      case 'assume': {
        // A callee's `requires` is its contract, not a fact of the caller's executions:
        // a call that breaks it still runs in C. Only the analysed function's own preconditions restrict inputs.
        if (ins.origin === 'requires' && c !== topCtx) return;
        const v = evalOperand(ins.cond, env, c, n.id);
        ubs(v.ub, c);
        addOb('assume', condTrue(v.val), ins.origin === 'requires' ? 'precondition' : 'assumption');
        return;
      }
      case 'assert': {
        // Likewise a callee's `ensures` is checked when the callee is analysed; in C nothing stops there.
        if (ins.origin === 'ensures' && c !== topCtx) return;
        const v = evalOperand(ins.cond, env, c, n.id);
        ubs(v.ub, c);
        const holds = condTrue(v.val);
        addOb('assert', holds, ins.text);
        if (c === topCtx) {
          const key = `${n.block.id}:${i}`;
          (sites.get(key) ?? sites.set(key, []).get(key)!).push({ node: n.id, cond: holds });
        }
        return;
      }
      case 'error': {
        addOb('error', F_, ins.text);
        if (c === topCtx) {
          const key = `${n.block.id}:${i}`;
          (sites.get(key) ?? sites.set(key, []).get(key)!).push({ node: n.id, cond: T });
        }
        return;
      }
      case 'unsupported':
        taint(ins.what);
        return;
    }
  }

  function mergeEnvs(ins: { lit: B; env: Env }[]): Env {
    if (ins.length === 0) return new Map();
    if (ins.length === 1) return new Map(ins[0].env);
    const keys = new Set<number>();
    for (const e of ins) for (const k of e.env.keys()) keys.add(k);
    const out: Env = new Map();
    for (const k of keys) {
      const vals = ins.map((e) => e.env.get(k));
      const first = vals[0];
      if (first !== undefined && vals.every((v) => v === first)) {
        out.set(k, first);
        continue;
      }
      // Undefined on some path: an indeterminate value there.
      const filled = vals.map((v) => v ?? (k < 0 ? deadFlag() : freshVal(ctx, typeOfVar(k), `uninit.${vars.get(k)?.name ?? k}`)));
      let acc = filled[filled.length - 1];
      for (let j = filled.length - 2; j >= 0; j--) acc = iteVal(ctx, ins[j].lit, filled[j], acc);
      out.set(k, acc);
    }
    return out;
  }

  // ---- obligations and summary literals ----
  const obsOf: Obligation[][] = nodes.map(() => []);
  for (const ob of obligations) {
    obsOf[ob.node].push(ob);
    assertions.push(ob.lit.implies(reach[ob.node].implies(ob.holds)) as B);
    if (opts.explain) tracked.push({ lit: ob.lit, range: ob.range, kind: 'obligation', node: ob.node });
  }
  const okNode = nodes.map((n) => {
    const lit = boolConst(`ok.${n.id}`);
    const obs = obsOf[n.id];
    if (obs.length) assertions.push(lit.implies(ctx.And(...obs.map((o) => o.lit))) as B);
    return lit;
  });
  const okAll = boolConst('okAll');
  assertions.push(okAll.implies(ctx.And(...okNode)) as B);
  const noUnwind = boolConst('noUnwind');
  const anyUnwind = boolConst('anyUnwind');
  const unwindReach = u.unwinds.map((id) => reach[id]);
  assertions.push(noUnwind.implies(unwindReach.length ? (ctx.And(...unwindReach.map((r) => r.not() as B)) as B) : T) as B);
  assertions.push(anyUnwind.eq(unwindReach.length ? (ctx.Or(...unwindReach) as B) : F_) as B);

  return {
    unrolled: u, assertions, reach, edges, obligations, okNode, okAll, noUnwind, anyUnwind, inputs, nondet, taints, sites,
    exitEnv, entryEnv, exitNode, returnVal, tracked, trace, vars, allocNodes, aliasing: aliasLits.length > 0, noAlias,
    objectNames: objects.map((o) => {
      const name = vars.get(o.varId)?.name ?? `object${o.varId}`;
      return name.startsWith('*') ? name.slice(1) : name;
    }),
  };
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
