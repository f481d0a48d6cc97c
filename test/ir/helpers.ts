// Hand-built IR for unit tests of the CFG analyses (no front end needed).
import type { BasicBlock, Decision, Instr, IRFunction, Operand, Program, SourceRange, Terminator, Variable } from '../../server/src/ir/ir';
import { INT } from '../../server/src/ir/types';

export const R = (line: number, column = 1): SourceRange => ({ line, column, endLine: line, endColumn: column + 1 });

/**
 * A function whose block i has the successors `succ[i]`: none is the exit
 * (return) for the last block, a `stop` otherwise; one is a goto; two a branch
 * on decision `d<i>` (true, false); more a switch with decision `s<i>`.
 */
export function fnFromSuccessors(succ: number[][], instrs: Instr[][] = [], opts: { exit?: number } = {}): IRFunction {
  const exitBlock = opts.exit ?? succ.length - 1;
  const decisions: Decision[] = [];
  const blocks: BasicBlock[] = succ.map((ss, id) => {
    let terminator: Terminator;
    const range = R(id + 1);
    const cond: Operand = { kind: 'const', value: 1n, type: INT };
    if (ss.length === 0) terminator = id === exitBlock ? { kind: 'return', value: null, range } : { kind: 'stop', why: 'abort', range };
    else if (ss.length === 1) terminator = { kind: 'goto', target: ss[0] };
    else if (ss.length === 2) {
      terminator = { kind: 'branch', cond, then: ss[0], else: ss[1], decision: `d${id}`, range };
      decisions.push({
        id: `d${id}`,
        kind: 'if',
        text: `c${id}`,
        range,
        outcomes: [
          { outcome: 'true', edges: [{ from: id, to: ss[0] }] },
          { outcome: 'false', edges: [{ from: id, to: ss[1] }] },
        ],
      });
    } else {
      const cases = ss.slice(0, -1).map((target, i) => ({ values: [BigInt(i)], target }));
      terminator = { kind: 'switch', value: cond, cases, default: ss[ss.length - 1], decision: `s${id}`, range };
      decisions.push({
        id: `s${id}`,
        kind: 'switch',
        text: `c${id}`,
        range,
        outcomes: [
          ...cases.map((c, i) => ({ outcome: `case ${i}`, edges: [{ from: id, to: c.target }] })),
          { outcome: 'default', edges: [{ from: id, to: ss[ss.length - 1] }] },
        ],
      });
    }
    return { id, instrs: instrs[id] ?? [], terminator, range, edgeLabels: {}, hasCode: true };
  });
  return {
    name: 'f',
    type: { kind: 'function', ret: INT, params: [], variadic: false, prototyped: true },
    params: [],
    locals: [],
    returnVar: null,
    blocks,
    exitBlock,
    decisions,
    contract: { requires: [], ensures: [] },
    range: R(1),
    nameRange: R(1),
    isStatic: false,
  };
}

export function intVar(id: number, name: string, kind: Variable['kind'] = 'local', addressTaken = false): Variable {
  return { id, name, type: INT, kind, addressTaken, isConst: false, isStatic: false };
}

export function programOf(fn: IRFunction, vars: Variable[]): Program {
  return {
    file: 'hand.c',
    dataModel: 'LP64',
    vars: new Map(vars.map((v) => [v.id, v])),
    globals: vars.filter((v) => v.kind === 'global').map((v) => v.id),
    functions: [fn],
    externals: new Map(),
    diagnostics: [],
    source: '',
  };
}

export const v = (id: number): Operand => ({ kind: 'var', id, type: INT });
export const k = (value: number): Operand => ({ kind: 'const', value: BigInt(value), type: INT });

/** `dst = a + b` (or `dst = a` without b). */
export function set(dst: number, a: Operand, b?: Operand): Instr {
  const value = b ? { op: 'binary' as const, bop: '+' as const, a, b, type: INT } : { op: 'use' as const, a };
  return { kind: 'assign', dst: { root: { kind: 'var', id: dst }, path: [], type: INT }, value, range: R(1) };
}
