// Calls through function pointers become calls of the functions they may
// designate: `r = (*fp)(a)` is
//   if (fp == f) r = f(a); else if (fp == g) r = g(a); else r = (*fp)(a);
// over the functions with a body whose address the program takes and whose
// type is the call's. The model inlines each call as any other, so callbacks
// and dispatch tables are exact; the last call stays an `icall`, which the
// model does not know (a taint: unknown, never a guess), for a pointer to
// none of them (an external function, one the caller passes in).
// The tests are synthetic decisions: no coverage goals of their own.

import type { BasicBlock, Instr, IRFunction, Operand, Program, Rvalue, Variable } from './ir';
import { INT, sameType, type CType, type FunctionType } from './types';
import { rvalueOperands, terminatorOperands } from './walk';

/** Rewrites every `icall` of the program's functions (in place). */
export function resolveIndirectCalls(program: Program): void {
  const taken = addressTaken(program);
  let nextVar = Math.max(0, ...program.vars.keys()) + 1;
  for (const fn of program.functions) {
    let nextBlock = fn.blocks.length;
    // The fallback blocks keep their icall: not resolved again.
    const kept = new Set<Instr>();
    for (let k = 0; k < fn.blocks.length; k++) {
      const block = fn.blocks[k];
      const at = block.instrs.findIndex((i) => i.kind === 'assign' && i.value.op === 'icall' && !kept.has(i));
      if (at < 0) continue;
      const call = block.instrs[at] as Extract<Instr, { kind: 'assign' }>;
      const icall = call.value as Extract<Rvalue, { op: 'icall' }>;
      const type = calledType(icall.fn);
      const targets = type ? taken.filter((f) => compatible(f.type as FunctionType, type)) : [];
      if (!targets.length) {
        kept.add(call); // nothing to resolve: stays an icall
        k--; // the block may hold another
        continue;
      }
      // The block ends before the call; what follows it (and the block's own end) moves to `rest`.
      const rest: BasicBlock = {
        id: nextBlock++,
        instrs: block.instrs.slice(at + 1),
        terminator: block.terminator,
        edgeLabels: block.edgeLabels,
        hasCode: false,
        statements: (block.statements ?? []).filter((s) => s.index > at).map((s) => ({ ...s, index: s.index - at - 1 })),
      };
      const firstCode = rest.statements!.find((s) => !s.jump);
      if (firstCode) {
        rest.range = firstCode.range;
        rest.hasCode = block.hasCode;
      }
      for (const d of fn.decisions) for (const o of d.outcomes) for (const e of o.edges) if (e.from === block.id) e.from = rest.id;
      const chain: BasicBlock[] = [];
      const plain = (instrs: Instr[], to: number): BasicBlock => ({
        id: nextBlock++,
        instrs,
        terminator: { kind: 'goto', target: to },
        edgeLabels: {},
        hasCode: false,
        statements: [],
      });
      const fallback = plain([call], rest.id);
      kept.add(call);
      chain.push(fallback);
      let next = fallback.id;
      for (let t = targets.length - 1; t >= 0; t--) {
        const f = targets[t];
        const direct = plain([{ ...call, value: { op: 'call', callee: f.name, args: icall.args, external: false, type: icall.type } }], rest.id);
        const same: Variable = { id: nextVar++, name: `t.fp${nextVar}`, type: INT, kind: 'temp', addressTaken: false, isConst: false, isStatic: false };
        program.vars.set(same.id, same);
        fn.locals.push(same.id);
        const decision = `${fn.name}:indirect:${block.id}:${at}:${f.name}`;
        const test: BasicBlock = {
          id: nextBlock++,
          instrs: [
            {
              kind: 'assign',
              dst: { root: { kind: 'var', id: same.id }, path: [], type: INT },
              // The function's address, typed as the pointer it is compared with (the IR's == has one operand type).
              value: { op: 'binary', bop: '==', a: icall.fn, b: { kind: 'func', name: f.name, type: icall.fn.type }, type: INT },
              range: call.range,
            },
          ],
          terminator: { kind: 'branch', cond: { kind: 'var', id: same.id, type: INT }, then: direct.id, else: next, decision, range: call.range },
          edgeLabels: { [direct.id]: { text: `calls ${f.name}` }, [next]: { text: `not ${f.name}` } },
          hasCode: false,
          statements: [],
        };
        fn.decisions.push({
          id: decision,
          kind: 'if',
          synthetic: true,
          text: `${exprText(icall.fn)} == ${f.name}`,
          range: call.range,
          outcomes: [
            { outcome: 'true', edges: [{ from: test.id, to: direct.id }] },
            { outcome: 'false', edges: [{ from: test.id, to: next }] },
          ],
        });
        chain.push(direct, test);
        next = test.id;
      }
      block.instrs = block.instrs.slice(0, at);
      block.terminator = { kind: 'goto', target: next };
      block.edgeLabels = {};
      block.statements = (block.statements ?? []).filter((s) => s.index <= at);
      // Blocks are indexed by id (blocks[id]): the new ones go at the end, in the order of their ids;
      // `rest` is visited in its turn, so a second indirect call after this one is split too.
      fn.blocks.push(rest, ...chain);
    }
  }
}

/** The functions with a body whose address the program takes (a `func` operand anywhere but a direct call). */
function addressTaken(program: Program): IRFunction[] {
  const names = new Set<string>();
  const visit = (op: Operand) => {
    if (op.kind === 'func') names.add(op.name);
  };
  for (const fn of program.functions)
    for (const b of fn.blocks) {
      for (const ins of b.instrs) {
        if (ins.kind === 'assign') rvalueOperands(ins.value).forEach(visit);
        else if (ins.kind === 'assume' || ins.kind === 'assert') visit(ins.cond);
      }
      terminatorOperands(b.terminator).forEach(visit);
    }
  const inInit = (init: Variable['init']): void => {
    if (!init) return;
    if (init.kind === 'scalar') visit(init.value);
    else if (init.kind === 'aggregate') init.elems.forEach((e) => inInit(e ?? undefined));
  };
  for (const v of program.vars.values()) inInit(v.init);
  return program.functions.filter((f) => names.has(f.name));
}

function calledType(fn: Operand): FunctionType | null {
  const t: CType = fn.type.kind === 'pointer' ? fn.type.to : fn.type;
  return t.kind === 'function' ? t : null;
}

/** A call through a pointer of type `call` may reach `f`: same result and parameters (any, for `int (*)()`). */
function compatible(f: FunctionType, call: FunctionType): boolean {
  if (!sameType(f.ret, call.ret)) return false;
  if (!call.prototyped) return true;
  return f.variadic === call.variadic && f.params.length === call.params.length && f.params.every((p, i) => sameType(p, call.params[i]));
}

function exprText(op: Operand): string {
  return op.kind === 'var' ? 'the function pointer' : op.kind === 'func' ? op.name : 'the function pointer';
}
