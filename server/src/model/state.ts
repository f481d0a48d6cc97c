// The encoder's state, shared by its parts (encode.ts walks the nodes;
// operands.ts, memory.ts, library.ts and inputs.ts encode what they say):
// the formula being built (assertions, obligations, taints, inputs, nondet
// sites, tracked items for explanations), the objects pointers may
// designate, and where the walk is (node, instruction, source range), which
// every obligation and taint records.

import type { Instr, Operand, Program, SourceRange, Variable } from '../ir/ir';
import type { CType } from '../ir/types';
import { uninitialisedDetail, type RuntimeErrorKind } from '../ir/runtimeErrors';
import { tracksInitialisation } from '../ir/uninitialised';
import type { Z3Handle } from '../z3/z3';
import type { CallContext, UnrolledFunction } from './unroll';
import { bvConst, type B, type BV, type ConvertedInt, type UbCondition } from './semantics';
import { OBJ_BITS, OFF_BITS, asBV, freshVal, tOf, type PtrVal, type Val } from './values';

export type Env = Map<number, Val>;

/**
 * Reads of uninitialised locals (ir/uninitialised.ts): a tracked local absent
 * from an environment has not been assigned since its declaration on that
 * path; where paths that did and did not meet, its key `initFlagKey(id)`
 * holds a bit-vector of width 1 that is 1 where it was assigned.
 */
const INIT_FLAG_BASE = 2 ** 40;
export const initFlagKey = (id: number): number => -(INIT_FLAG_BASE + id);
export const isInitFlagKey = (key: number): boolean => key <= -INIT_FLAG_BASE;

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
  /** main's argv: argc (`count`) and the strings argv[0..argc-1], each an array of `length` + 1 chars ending at its first NUL (argv[argc] is NULL). */
  argv?: { count: BV; strings: { varId: number; val: Val }[]; length: number };
}

export interface NondetSite {
  node: number;
  index: number;
  /** The function called; for a read of a local never assigned (`uninitialised`), the variable's name. */
  call: string;
  line: number;
  type: CType;
  val: Val;
  /** A local read before any assignment: its value is any (--uninitialised-nondet), no input a run chooses. */
  uninitialised?: true;
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
  /** The calling context (unrolled: `UnrolledFunction.contexts`) the site is in. */
  ctx: number;
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
  /** `main(argc, argv)`: at most this many arguments (argc <= argcMax), each a string of at most `argLength` characters. */
  argcMax: number;
  argLength: number;
  /** Name every assignment and guard branches and obligations with tracking literals (for unsat cores). */
  explain: boolean;
  /** malloc/calloc may fail: each call's success is a nondet input (`malloc` returning 1 means NULL). */
  mallocMayFail?: boolean;
  /** Reads of uninitialised locals give any value (SV-COMP's convention) instead of being undefined behaviour. */
  uninitialisedNondet?: boolean;
  /** Keep the environment before instruction `index` of `block` of the analysed function (Encoding.pointEnv), for a condition there. */
  snapshotAt?: { block: number; index: number };
  /** Pointer parameters point into objects of their own, as if `restrict` (the executions without aliasing only: a smaller formula). */
  withoutAliasing?: boolean;
}

/** A condition lowered by the front end (ir only: straight-line value instructions into fresh temps). */
export interface ConditionCode {
  instrs: Instr[];
  cond: Operand;
  temps: Variable[];
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
  /** Sites of asserts and errors (`${function}:${block}:${index}`) and runtime errors (`${function}:${block}:${index}:${error}`), in every calling context. */
  sites: Map<string, Site[]>;
  /** Env at the end of each node. */
  exitEnv: Env[];
  entryEnv: Env[];
  exitNode: number | null;
  returnVal: Val | null;
  /** Nodes whose path ends the process: exit(status) or abort(). */
  stops: { node: number; why: 'exit' | 'abort'; line: number; status?: Val }[];
  tracked: TrackedItem[];
  trace: TraceSite[];
  vars: Map<number, Variable>;
  /** One literal per pair of pointer parameters where one may point into the other (none: no aliasing); `noAlias` (an assumption) forbids them all. */
  aliasLits: B[];
  noAlias: B;
  /** Nodes with a malloc/calloc call (whose success is assumed unless mallocMayFail). */
  allocNodes: number[];
  /** A pointer (object id, offset) as data name it (`&l[1]`): a pointer parameter's object takes the parameter's name. */
  pointerText: (obj: number, off: bigint) => string;
  /** The environment at `EncodeOptions.snapshotAt`, by node. */
  pointEnv: Map<number, Env>;
  /**
   * What the input model assumes that C does not guarantee (model/inputs.ts):
   * the number of elements behind a pointer parameter, that a `char *`
   * parameter is a string of bounded length, main's argument count and
   * lengths, how pointer parameters may overlap. A proof that depends on one
   * is not a proof about C (solve/query.ts makes it `bounded`).
   */
  assumptions: InputAssumption[];
  /** Accesses that reach an input object's assumed limit (see InputLimit): the input-size check asks whether any can happen. */
  sizeHits: SizeHit[];
  /**
   * Input bounds the model needs as literals (`text` says each): main's argc at most `argcMax`;
   * a `requires \valid(p + (a..b))` within the elements the model gives p's object. Every query
   * assumes them, except those of the input-size check, which ask whether a proof holds without
   * each (solve/assumptions.ts): larger inputs the model lacks behave as its own until they
   * access past a limit (a size hit).
   */
  inputBounds: InputBound[];
  /**
   * A condition's truth at a node, in `env`, with the C semantics of the code
   * (a `--where` condition). Its undefined behaviour is not an obligation: it
   * selects data, it is not code that runs; but a value read outside an object
   * or through NULL is none a run has, so the condition is false there.
   * Throws when it uses what CReach does not model.
   */
  evalCondition(code: ConditionCode, env: Env, node: number): B;
}

/**
 * An assumption of the input model, in words. `limit`: a size assumption
 * that matters only when an execution accesses the object at or past the
 * limit (a SizeHit); otherwise it matters for every proof of the function.
 */
export interface InputAssumption {
  text: string;
  /** `exact`: below the limit the model has the object's C size (main's argument strings and argv), so a bounds proof does not rest on it. */
  limit?: { objIdx: number; limit: number; exact?: boolean };
}

/** A bound on the inputs that every query but the input-size check assumes (Encoding.inputBounds). */
export interface InputBound {
  lit: B;
  text: string;
}

/** An access, at a node and instruction, that reads or writes an input object at or past its assumed limit when `cond` holds. */
export interface SizeHit {
  node: number;
  index: number;
  cond: B;
  assumption: string;
}

/** An object pointers may designate; a heap object has a liveness flag in the environment at key -varId. */
export interface MemObject {
  varId: number;
  type: CType;
  readOnly?: boolean;
  heap?: boolean;
  /** Objects of a length known only as a term (heap objects: from the allocation size; main's argument strings): their number of elements. */
  lengthTerm?: BV;
  /** A member of another object (`&s.f`, `&p->a[i]`): its value lives in the base's, its varId is the base's. */
  view?: ObjectView;
}

/**
 * A member that a pointer designates, as an object of its own (memory.ts). A
 * pointer into it has the member's element in the low VIEW_SHIFT bits of its
 * offset and, when the base is an array (of structs), the base's element in
 * the high bits: so `&a[k].f + 1` stays one past `a[k].f`, never `a[k+1].f`.
 */
export interface ObjectView {
  /** The object, never itself a view, whose member this is. */
  base: number;
  /** The base is an array: the offset's high bits are its element. */
  baseArray: boolean;
  /** Field indices from the base's element to the member. */
  fields: number[];
}

/** Bits of a view pointer's offset that hold the member's element (ObjectView). */
export const VIEW_SHIFT = 32;

/** The value of an operand or rvalue, with the undefined-behaviour conditions of computing it. */
export interface Evaluated {
  val: Val;
  ub: UbCondition[];
}

export const INT_TYPE: CType = { kind: 'int', bits: 32, signed: true, rank: 'int', name: 'int' };
export const CHAR_TYPE: CType = { kind: 'int', bits: 8, signed: true, rank: 'char', name: 'char' };

export class EncoderState {
  readonly ctx: Z3Handle['ctx'];
  readonly T: B;
  readonly F_: B;
  readonly vars: Map<number, Variable>;
  readonly assertions: B[] = [];
  readonly obligations: Obligation[] = [];
  readonly taints: Taint[] = [];
  readonly nondet: NondetSite[] = [];
  readonly inputs: InputVar[] = [];
  /** Sites of asserts, errors and runtime errors in every context (see Encoding.sites). */
  readonly sites = new Map<string, Site[]>();
  readonly tracked: TrackedItem[] = [];
  readonly trace: TraceSite[] = [];
  readonly allocNodes: number[] = [];
  readonly objects: MemObject[] = [];
  readonly assumptions: InputAssumption[] = [];
  readonly sizeHits: SizeHit[] = [];
  readonly inputBounds: InputBound[] = [];
  /** Objects of the C library (`errno`, glibc's ctype tables and the pointers to them) by name: their variable ids (inputs.ts). */
  readonly libObjects = new Map<string, number>();
  /** Object index (1-based; 0 is NULL) by variable id. */
  readonly objIndex = new Map<number, number>();
  /**
   * Floats converted from an integer, by the conversion that made them (keyed by the term itself, so a
   * value computed from them is never mistaken for one): compared with a constant, they are compared
   * as integers (operands.ts).
   */
  readonly convertedInts = new WeakMap<object, ConvertedInt>();
  /** The environment at the function's entry (inputs, globals' initial values, string literals). */
  readonly entry: Env = new Map();
  readonly topCtx: CallContext;
  /** Where the walk is: obligations, taints and nondet sites record it. */
  readonly cur: { node: number; index: number; range: SourceRange };
  private nextVar: number;
  private nameCounter = 0;

  constructor(
    readonly z: Z3Handle,
    readonly program: Program,
    readonly u: UnrolledFunction,
    readonly opts: EncodeOptions,
  ) {
    this.ctx = z.ctx;
    this.T = this.ctx.Bool.val(true) as B;
    this.F_ = this.ctx.Bool.val(false) as B;
    this.vars = new Map(u.vars);
    this.nextVar = Math.max(0, ...this.vars.keys()) + 1;
    this.topCtx = u.contexts[0];
    this.cur = { node: 0, index: 0, range: u.top.range };
  }

  /** A variable id no other variable has (for input objects, heap objects, string literals). */
  newVarId = (): number => this.nextVar++;

  /** A name no other Z3 constant of this encoding has. */
  freshName = (prefix: string): string => `${prefix}!${this.nameCounter++}`;

  boolConst = (name: string): B => this.ctx.Bool.const(this.freshName(name)) as B;

  addObject = (varId: number, type: CType, readOnly = false): number => {
    if (this.objIndex.has(varId)) return this.objIndex.get(varId)!;
    this.objects.push({ varId, type, readOnly });
    this.objIndex.set(varId, this.objects.length);
    return this.objects.length;
  };

  /** The object standing for a member of `view.base` (of type `type`), made once per base, layout and member. */
  addView = (view: ObjectView, type: CType): number => {
    const key = `${view.base}:${view.baseArray}:${view.fields.join('.')}`;
    let idx = this.viewIndex.get(key);
    if (idx === undefined) {
      const base = this.objects[view.base - 1];
      this.objects.push({ varId: base.varId, type, readOnly: base.readOnly, view });
      idx = this.objects.length;
      this.viewIndex.set(key, idx);
    }
    return idx;
  };
  private readonly viewIndex = new Map<string, number>();

  /**
   * The object a function's address designates (ir/indirect.ts compares function pointers with
   * them): read-only, never read. A function pointer the code gets from outside (an input) is
   * none of them: what it calls is not known, and the call through it stays a taint.
   */
  functionObject = (name: string, type: CType): number => {
    let idx = this.fnObjects.get(name);
    if (idx === undefined) {
      const id = this.newVarId();
      this.vars.set(id, { id, name, type, kind: 'global', addressTaken: true, isConst: true, isStatic: true });
      idx = this.addObject(id, type, true);
      this.fnObjects.set(name, idx);
    }
    return idx;
  };
  private readonly fnObjects = new Map<string, number>();

  /**
   * An input function pointer (see functionObject): NULL, or a function outside the program (one
   * object stands for them all), which the model does not know. That it is no function of the
   * program is an assumption: a caller may pass one, so no proof rests on it.
   */
  opaqueFunctionPointer = (p: PtrVal, name: string, type: CType): void => {
    const idx = this.functionObject('an external function', type);
    const obj = p.obj as BV;
    this.assertions.push(obj.eq(bvConst(this.ctx, 0n, OBJ_BITS)).or(obj.eq(bvConst(this.ctx, BigInt(idx), OBJ_BITS))) as B);
    this.assertions.push((p.off as BV).eq(bvConst(this.ctx, 0n, OFF_BITS)) as B);
    this.assumptions.push({ text: `\`${name}\` is NULL or a function outside the program (calls through it are not modelled)` });
  };

  addOb = (kind: Obligation['kind'], holds: B, detail: string, error?: RuntimeErrorKind): Obligation => {
    const lit = this.boolConst(`ob`);
    const ob: Obligation = { lit, node: this.cur.node, index: this.cur.index, kind, error, detail, range: this.cur.range, holds };
    this.obligations.push(ob);
    return ob;
  };

  /** Something not modelled at the current place: goals it can reach become unknown. */
  taint = (what: string): void => {
    this.taints.push({ node: this.cur.node, index: this.cur.index, what, line: this.cur.range.line });
  };

  /**
   * Obligations for these undefined-behaviour conditions, and their runtime-error
   * sites: at the current instruction, or at `at` (a call's destination is written
   * when the callee returns, but the error is the call instruction's).
   */
  ubs = (list: UbCondition[], ctxNow: CallContext, at?: { block: number; index: number }): void => {
    const block = at?.block ?? this.u.nodes[this.cur.node].block.id;
    const index = at?.index ?? this.cur.index;
    // An operand read before it is assigned comes first: the instruction's other errors count only when its reads were defined.
    const uninit = list.filter((u) => u.error === 'uninit');
    if (uninit.length) {
      const defined = this.ctx.And(...uninit.map((u) => u.cond.not())) as B;
      list = list.map((u) =>
        u.error === 'uninit' ? u : { ...u, cond: u.cond.and(defined) as B, prefer: u.prefer ? (u.prefer.and(defined) as B) : undefined },
      );
    }
    for (const u of list) {
      this.addOb('ub', u.cond.not() as B, u.detail, u.error);
      if (u.error) this.addSite(siteKey(ctxNow.fn.name, block, index, u.error), { node: this.cur.node, ctx: ctxNow.id, cond: u.cond, prefer: u.prefer });
    }
  };

  /** A site where a goal can be met (`key`: see Encoding.sites). */
  addSite = (key: string, site: Site): void => {
    (this.sites.get(key) ?? this.sites.set(key, []).get(key)!).push(site);
  };

  typeOfVar = (id: number): CType => this.vars.get(id)?.type ?? INT_TYPE;

  getVar = (env: Env, id: number): Val => {
    let v = env.get(id);
    if (!v && id < 0) return this.deadFlag();
    if (!v) {
      // Read before any write on this path: an indeterminate value. A datum shows it (a run reads it), though the
      // harness sets only the values declarations take (encode.ts, SV-COMP's convention).
      // (Scalars whose address is never taken only: an aggregate is also fetched for a write to one of its
      // members, and an object for a write through a pointer, which read nothing.)
      const variable = this.vars.get(id);
      v = variable && tracksInitialisation(variable) ? this.indeterminateSite(id) : freshVal(this.ctx, this.typeOfVar(id), `uninit.${variable?.name ?? id}`);
      env.set(id, v);
    }
    return v;
  };

  /** A local whose reads before an assignment are undefined behaviour (not under uninitialisedNondet). */
  tracksInit = (id: number): boolean => !this.opts.uninitialisedNondet && tracksInitialisation(this.vars.get(id));

  /** The undefined behaviour of reading `id` now (before getVar, which gives an absent variable a value): not assigned since its declaration. */
  uninitUb = (env: Env, id: number): UbCondition[] => {
    if (!this.tracksInit(id)) return [];
    const flag = env.get(initFlagKey(id));
    if (env.has(id) && !flag) return [];
    const cond = env.has(id) ? ((tOf(flag!) as BV).eq(bvConst(this.ctx, 0n, 1)) as B) : this.T;
    return [{ error: 'uninit', cond, detail: uninitialisedDetail(this.vars, id) }];
  };

  /** Liveness of a heap object on a path that has not allocated it. */
  deadFlag = (): Val => ({ k: 'bv', t: bvConst(this.ctx, 0n, 1) });

  alive = (env: Env, varId: number): B => (tOf(this.getVar(env, -varId)) as BV).eq(bvConst(this.ctx, 1n, 1)) as B;

  nullPtr = (): PtrVal => ({ k: 'ptr', obj: bvConst(this.ctx, 0n, OBJ_BITS), off: bvConst(this.ctx, 0n, OFF_BITS) });

  /**
   * An access to the object `obj` designates, up to element `last` (absolute
   * offset): a size hit for each input object whose assumed limit it reaches.
   */
  noteAccess = (obj: BV, last: BV, when?: B): void => {
    for (const a of this.assumptions) {
      if (!a.limit) continue;
      let cond = obj.eq(bvConst(this.ctx, BigInt(a.limit.objIdx), OBJ_BITS)).and(last.sge(bvConst(this.ctx, BigInt(a.limit.limit), OFF_BITS))) as B;
      if (when) cond = cond.and(when) as B;
      this.sizeHits.push({ node: this.cur.node, index: this.cur.index, cond, assumption: a.text });
    }
  };

  /** A fresh value of a local that has none, recorded where it is taken as the datum's (`TestReport.indeterminate`). */
  indeterminateSite = (varId: number): Val => {
    const variable = this.vars.get(varId)!;
    const val = freshVal(this.ctx, variable.type, `uninit.${variable.name}`);
    this.nondet.push({
      node: this.cur.node,
      index: this.cur.index,
      call: variable.name,
      line: this.cur.range.line,
      type: variable.type,
      val,
      uninitialised: true,
    });
    return val;
  };

  /** A fresh input for a nondet call or an external function's result, recorded at the current place. */
  nondetSite = (call: string, type: CType): Val => {
    const val = freshVal(this.ctx, type, call);
    this.nondet.push({ node: this.cur.node, index: this.cur.index, call, line: this.cur.range.line, type, val });
    return val;
  };
}

/** The key of a goal site in Encoding.sites. */
export function siteKey(fn: string, block: number, index: number, error?: string): string {
  return `${fn}:${block}:${index}${error ? `:${error}` : ''}`;
}

/** An integer value as a pointer offset (64 bits, sign- or zero-extended as its type says). */
export function toOffset(v: Val, t: CType): BV {
  const bv = asBV(v);
  const it = t as Extract<CType, { kind: 'int' }>;
  if (it.bits === OFF_BITS) return bv;
  return it.signed ? bv.signExt(OFF_BITS - it.bits) : bv.zeroExt(OFF_BITS - it.bits);
}
