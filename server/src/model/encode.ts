// Encodes an unrolled function (see unroll.ts) as one Z3 formula covering
// all of its paths at once: a reachability literal per node and per edge,
// values merged at joins by if-then-else on the incoming edge (the φ
// functions of SSA, placed where the acyclic graph joins), and, for every
// instruction that can go wrong, an obligation literal saying it does not.
//
// This file is the walk over the nodes; what each instruction means is in
// operands.ts (C operators and conversions), memory.ts (places and
// pointers), library.ts (library functions with a model) and inputs.ts (the
// inputs and the initial environment), all sharing one EncoderState.
//
// Invariant: anything not modelled becomes a *taint* (what, line, node). The
// query layer never reports unreachable/holds when a taint can be on the
// path, and never hands out a datum whose path passes one.

import type { Instr, Program, SourceRange } from '../ir/ir';
import { indeterminateLocals } from '../ir/uninitialised';
import { sameType } from '../ir/types';
import type { Z3Handle } from '../z3/z3';
import { resolveVar, type CallContext, type DagNode, type UnrolledFunction } from './unroll';
import type { B, BV, UbCondition } from './semantics';
import { bvConst, ite } from './semantics';
import { freshVal, iteVal, tOf, type Val } from './values';
import {
  EncoderState,
  VIEW_SHIFT,
  initFlagKey,
  isInitFlagKey,
  siteKey,
  type ConditionCode,
  type EncodeOptions,
  type Encoding,
  type Env,
  type MemObject,
  type Obligation,
} from './state';
import { memoryOps, type Memory } from './memory';
import { operandOps } from './operands';
import { libraryOps } from './library';
import { encodeInputs } from './inputs';

export type { ConditionCode, Env, Obligation, InputObject, InputVar, NondetSite, Taint, Site, TrackedItem, TraceSite, EncodeOptions, Encoding } from './state';

/** A condition uses something CReach does not model (the message says what). */
export class ConditionNotModelled extends Error {}

export function encode(z: Z3Handle, program: Program, u: UnrolledFunction, opts: EncodeOptions): Encoding {
  const st = new EncoderState(z, program, u, opts);
  const { ctx, T, F_, vars, boolConst, assertions, obligations, tracked, ubs, addOb, taint, deadFlag, typeOfVar, topCtx } = st;
  // The parts, wired: operands read places through memory, memory evaluates indexes through operands.
  const late: { memory?: Memory } = {};
  const ops = operandOps(st, () => late.memory!);
  const memory = (late.memory = memoryOps(st, ops.evalOperand));
  const { writePlace } = memory;
  const { evalOperand, evalRvalue, condTrue, castVal } = ops;
  const { libraryCall, newestObject } = libraryOps(st, ops, memory);

  // Objects pointers may designate: address-taken globals and locals of every calling context.
  for (const g of program.globals) if (vars.get(g)?.addressTaken) st.addObject(g, vars.get(g)!.type);
  for (const c of u.contexts)
    for (const id of c.fn.locals) {
      const v = program.vars.get(id);
      if (v?.addressTaken) st.addObject(resolveVar(c, id), v.type);
    }
  const { noAlias, aliasLits } = encodeInputs(st, ops);

  // ---- per-node encoding ----
  const nodes = u.nodes;
  const reach: B[] = [];
  const edges = new Map<string, B>();
  const entryEnv: Env[] = [];
  const exitEnv: Env[] = [];
  const incoming: { from: number; lit: B }[][] = nodes.map(() => []);
  let exitNode: number | null = null;
  let returnVal: Val | null = null;
  const stops: Encoding['stops'] = [];
  const pointEnv = new Map<number, Env>();
  const calleeCtxOf = new Map<number, CallContext>();
  for (const c of u.contexts) if (c.callNode !== null) calleeCtxOf.set(c.callNode, c);

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
    st.cur.node = n.id;
    st.cur.index = n.start;
    st.cur.range = n.block.range ?? n.ctx.fn.range;
    // Reachability and the merged environment (φ as if-then-else on the incoming edge).
    let env: Env;
    if (n.id === 0) {
      reach.push(T);
      env = new Map(st.entry);
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
    const snap = opts.snapshotAt && c === topCtx && n.block.id === opts.snapshotAt.block ? opts.snapshotAt.index : undefined;
    for (let i = n.start; i < n.end; i++) {
      if (snap === i) pointEnv.set(n.id, new Map(env));
      st.cur.index = i;
      const ins = n.block.instrs[i];
      st.cur.range = ins.range;
      encodeInstr(ins, env, c, n, i);
    }
    if (snap !== undefined && snap >= n.block.instrs.length && n.end === n.block.instrs.length) pointEnv.set(n.id, new Map(env));
    st.cur.index = n.block.instrs.length;
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
        st.cur.range = call.range;
        const rv = evalOperand(term.value, env, c, n.id);
        ubs(rv.ub, c);
        ubs(writePlace(call.dst, rv.val, env, caller.ctx), caller.ctx, { block: caller.block.id, index: caller.end - 1 });
      }
      // The callee's frame ends: its variables are dead (but for those whose address was taken), and
      // dropping them keeps the environments of deep recursion small.
      for (const id of c.rename.values())
        if (!vars.get(id)?.addressTaken) {
          env.delete(id);
          env.delete(initFlagKey(id));
        }
      setEdge(n.id, n.succ.get(-1)!, T);
    } else {
      const term = n.block.terminator;
      if (term.range) st.cur.range = term.range;
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
          // exit() and abort() end the process: a datum ending there says how (exit's status is checked by running it).
          if (term.why === 'exit' || term.why === 'abort') {
            let status: Val | undefined;
            if (term.status) {
              const s = evalOperand(term.status, env, c, n.id);
              ubs(s.ub, c);
              status = s.val;
            }
            stops.push({ node: n.id, why: term.why, line: term.range.line, status });
          }
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
              if (pid === undefined) return;
              // A call without a prototype (a K&R definition) passes the promoted argument: the callee converts it to the parameter's type, as gcc does.
              const ptype = program.vars.get(pid)?.type;
              const val = ptype && !sameType(arg.type, ptype) ? castVal(a, arg.type, ptype).val : a.val;
              env.set(resolveVar(cctx, pid), val);
            });
            // Fewer arguments than parameters (possible only without a prototype) is undefined behaviour: nothing is known of the rest.
            for (let k = rv.args.length; k < cctx.fn.params.length; k++) {
              const pid = cctx.fn.params[k];
              taint(`call of ${rv.callee} with fewer arguments than its parameters`);
              env.set(resolveVar(cctx, pid), freshVal(ctx, program.vars.get(pid)!.type, 'missing-arg'));
            }
          } else if (n.inlinedCall && i === n.end - 1) {
            // A recursive call past the bound: its arguments are evaluated, then the path ends at the recursion's unwind sink.
            for (const arg of rv.args) ubs(evalOperand(arg, env, c, n.id).ub, c);
          } else {
            taint(`call of ${rv.callee} deeper than the inlining bound`);
            if (ins.dst) ubs(writePlace(ins.dst, freshVal(ctx, ins.dst.type, 'deepcall'), env, c), c);
          }
          return;
        }
        if (rv.op === 'newestObject') {
          if (ins.dst) ubs(writePlace(ins.dst, newestObject(rv, env), env, c), c);
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
        if (rv.op === 'indeterminate' && ins.dst?.root.kind === 'var' && ins.dst.path.length === 0) {
          // The declaration is reached: no value until the next assignment (absent: see initFlagKey).
          const id = resolveVar(c, ins.dst.root.id);
          env.delete(initFlagKey(id));
          // SV-COMP's convention (any value), for a local some path reads before assigning it: the
          // declaration takes a value of the datum, which the harness sets there.
          if (opts.uninitialisedNondet && indeterminateLocals(program).has(ins.dst.root.id)) env.set(id, st.indeterminateSite(ins.dst.root.id));
          else env.delete(id);
          return;
        }
        const r = evalRvalue(rv, env, c);
        ubs(r.ub, c);
        if (ins.dst) ubs(writePlace(ins.dst, r.val, env, c), c);
        if (rv.op === 'fresh' && ins.dst?.root.kind === 'var' && ins.dst.path.length === 0) {
          // The loop abstraction's value (prove/): whether the loop assigned the local is not known either.
          const id = resolveVar(c, ins.dst.root.id);
          if (st.tracksInit(id)) env.set(initFlagKey(id), { k: 'bv', t: ctx.BitVec.const(`assigned.${id}.${st.cur.node}`, 1) });
        }
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
        const v = evalOperand(ins.cond, env, c, n.id);
        const holds = condTrue(v.val);
        // A callee's `ensures` is a property of the call (a goal in this context), but in C nothing
        // stops there: unlike an assertion it does not restrict the executions that go on.
        if (ins.origin === 'ensures' && c !== topCtx) {
          st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: holds });
          return;
        }
        ubs(v.ub, c);
        addOb('assert', holds, ins.text);
        st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: holds });
        return;
      }
      case 'error': {
        addOb('error', F_, ins.text);
        st.addSite(siteKey(c.fn.name, n.block.id, i), { node: n.id, ctx: c.id, cond: T });
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
    // Tracked locals assigned on some incoming paths only: on which, as a flag (see initFlagKey).
    const one = bvConst(ctx, 1n, 1);
    const zero = bvConst(ctx, 0n, 1);
    for (const k of keys) {
      if (k < 0 || !st.tracksInit(k)) continue;
      const bits = ins.map((e) => (!e.env.has(k) ? zero : e.env.get(initFlagKey(k)) ? (tOf(e.env.get(initFlagKey(k))!) as BV) : one));
      if (bits.every((b) => b === one)) continue;
      let acc = bits[bits.length - 1];
      for (let j = bits.length - 2; j >= 0; j--) acc = bits[j] === acc ? acc : (ite(ctx, ins[j].lit, bits[j], acc) as BV);
      out.set(initFlagKey(k), { k: 'bv', t: acc });
    }
    for (const k of keys) {
      if (isInitFlagKey(k)) continue;
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

  /** Encoding.evalCondition: the instructions evaluated in a copy of `env`; nothing they add stays in the encoding. */
  function evalCondition(code: ConditionCode, env: Env, node: number): B {
    const mark = { taints: st.taints.length, obligations: obligations.length, assertions: assertions.length, nondet: st.nondet.length, trace: st.trace.length };
    const saved = { ...st.cur };
    for (const t of code.temps) vars.set(t.id, t);
    const e = new Map(env);
    Object.assign(st.cur, { node, index: u.nodes[node].start, range: code.instrs[0]?.range ?? saved.range });
    try {
      // A value read outside an object or through NULL is no value a run can have: such data are not selected.
      const invalid: B[] = [];
      const keep = (ub: UbCondition[]) => ub.forEach((x) => (x.error === 'null' || x.error === 'bounds') && invalid.push(x.cond));
      for (const ins of code.instrs)
        if (ins.kind === 'assign' && ins.dst) {
          const r = evalRvalue(ins.value, e, topCtx);
          keep(r.ub);
          keep(writePlace(ins.dst, r.val, e, topCtx));
        }
      const c = evalOperand(code.cond, e, topCtx);
      keep(c.ub);
      const truth = condTrue(c.val);
      const taints = st.taints.slice(mark.taints);
      if (taints.length) throw new ConditionNotModelled([...new Set(taints.map((t) => t.what))].join('; '));
      const extra = [...assertions.slice(mark.assertions), ...invalid.map((x) => x.not() as B)];
      return extra.length ? (ctx.And(truth, ...extra) as B) : truth;
    } finally {
      st.taints.length = mark.taints;
      obligations.length = mark.obligations;
      assertions.length = mark.assertions;
      st.nondet.length = mark.nondet;
      st.trace.length = mark.trace;
      Object.assign(st.cur, saved);
    }
  }

  assertions.push(...memory.instantiateElementFacts());

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
    unrolled: u,
    assertions,
    reach,
    edges,
    obligations,
    okNode,
    okAll,
    noUnwind,
    anyUnwind,
    inputs: st.inputs,
    nondet: st.nondet,
    taints: st.taints,
    sites: st.sites,
    exitEnv,
    entryEnv,
    exitNode,
    returnVal,
    stops,
    tracked,
    trace: st.trace,
    vars,
    allocNodes: st.allocNodes,
    aliasLits,
    noAlias,
    pointEnv,
    assumptions: st.assumptions,
    sizeHits: st.sizeHits,
    inputBounds: st.inputBounds,
    evalCondition,
    pointerText: (obj, off) => pointerText(st, obj, off),
  };
}

/**
 * A pointer as data: `&name[k]`, naming the object it points into (a pointer parameter's object by the
 * parameter's name); into a struct member, `&s.f`, `&s.name[k]` or `&a[i].f` (memory.ts views).
 */
function pointerText(st: EncoderState, obj: number, off: bigint): string {
  const name = (o: MemObject) => {
    const n = st.vars.get(o.varId)?.name ?? `object${o.varId}`;
    return n.startsWith('*') ? n.slice(1) : n;
  };
  const o = st.objects[obj - 1];
  if (!o) return `&object${obj}[${off}]`;
  if (!o.view) return `&${name(o)}[${off}]`;
  const base = st.objects[o.view.base - 1];
  let t = base.type;
  let text = name(base);
  if (o.view.baseArray && t.kind === 'array') {
    text += `[${off >> BigInt(VIEW_SHIFT)}]`;
    t = t.of;
  }
  for (const f of o.view.fields) {
    if (t.kind !== 'struct') break;
    text += `.${t.fields[f].name}`;
    t = t.fields[f].type;
  }
  const element = off & ((1n << BigInt(VIEW_SHIFT)) - 1n);
  // A scalar member is the object itself: `&p.x`; an array member's element is indexed: `&s.name[3]`.
  return o.type.kind !== 'array' && element === 0n ? `&${text}` : `&${text}[${element}]`;
}
