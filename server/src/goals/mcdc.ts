// MC/DC (issue 15 §3): the structure of each decision's short-circuit
// evaluation, the goals that ask for each way through it, and the pairs of
// such ways that show a condition's independent effect.
//
// C evaluates `a && b || c` left to right and stops as soon as the outcome is
// known. The front end lowers each operand to its own branch (a `condition`
// Decision under the whole one), so one evaluation of a decision is a path
// through those branches: a vector with T, F or - (not evaluated) per
// condition, and an outcome. Two executions whose vectors differ in condition
// i, whose outcomes differ, and whose other conditions agree wherever both
// evaluated them show i's independence (unique-cause MC/DC for short-circuit
// code); masking MC/DC also accepts other conditions that differ where the
// outcome does not depend on them. Executions are independent runs, so a pair
// exists exactly when both of its paths are feasible: the engine asks for each
// path as a goal of an instrumented copy of the function (`instrumentMcdc`).

import type { BasicBlock, Decision, Instr, IRFunction, Operand, Program, SourceRange, Variable } from '../ir/ir';
import { successors } from '../ir/cfg';
import { INT, UINT } from '../ir/types';
import type { Goal } from './goal';

/** Decisions with more conditions are left out (their paths grow exponentially). */
const MAX_CONDITIONS = 16;
const MAX_PATHS = 256;

export interface McdcCondition {
  /** The Decision id of the condition (the decision's own id when it has a single condition). */
  id: string;
  text: string;
  range: SourceRange;
  /** The block whose branch evaluates it. */
  block: number;
}

export interface McdcPath {
  /** Per condition, in evaluation order: 'T', 'F', or '-' when this path does not evaluate it. */
  vector: string;
  outcome: boolean;
  /** The branch edges taken, in order; the last one leaves the decision. */
  edges: { from: number; to: number }[];
}

export interface McdcDecision {
  id: string;
  text: string;
  range: SourceRange;
  conditions: McdcCondition[];
  paths: McdcPath[];
}

export interface McdcStructure {
  decisions: McdcDecision[];
  /** Decisions MC/DC is not worked out for, and why. */
  skipped: { id: string; text: string; range: SourceRange; why: string }[];
}

/** The decisions of `fn` (if, loops, `?:`) with their conditions and evaluation paths; `switch` has no conditions. */
export function mcdcDecisions(fn: IRFunction): McdcStructure {
  const out: McdcStructure = { decisions: [], skipped: [] };
  const branchBlocks = new Map<string, BasicBlock[]>();
  for (const b of fn.blocks)
    if (b.terminator.kind === 'branch') branchBlocks.set(b.terminator.decision, [...(branchBlocks.get(b.terminator.decision) ?? []), b]);
  for (const d of fn.decisions) {
    // `x = a && b;`: the operands are conditions of no branch decision (their outcome is a value).
    if (d.kind === 'condition' && !d.parent && !d.synthetic)
      out.skipped.push({ id: d.id, text: d.text, range: d.range, why: 'an operand of && or || used as a value, not in a branch decision' });
    if (d.synthetic || d.kind === 'condition' || d.kind === 'switch') continue;
    const skip = (why: string) => out.skipped.push({ id: d.id, text: d.text, range: d.range, why });
    const parts: Decision[] = conditionsOf(fn, d.id);
    if (parts.length === 0) parts.push(d);
    if (parts.length > MAX_CONDITIONS) {
      skip(`more than ${MAX_CONDITIONS} conditions`);
      continue;
    }
    const conditions: McdcCondition[] = [];
    for (const c of parts) {
      const blocks = branchBlocks.get(c.id) ?? [];
      const t = blocks[0]?.terminator;
      if (blocks.length !== 1 || t?.kind !== 'branch' || t.then === t.else) break;
      conditions.push({ id: c.id, text: c.text, range: c.range, block: blocks[0].id });
    }
    if (conditions.length !== parts.length) {
      // No branch: the front end decided the condition at compile time (a constant), or the code is gone.
      skip('a condition is not evaluated by a branch of its own (a constant, or code that was removed)');
      continue;
    }
    const paths = pathsThrough(fn, d, conditions);
    if (typeof paths === 'string') skip(paths);
    else out.decisions.push({ id: d.id, text: d.text, range: d.range, conditions, paths });
  }
  return out;
}

/** The `&&`/`||` conditions of a decision, in evaluation order (the front end makes them left to right); none for a simple one. */
export function conditionsOf(fn: IRFunction, decision: string): Decision[] {
  return fn.decisions.filter((c) => c.kind === 'condition' && c.parent === decision);
}

/** Every way through the decision's branches, or why they could not be followed. */
function pathsThrough(fn: IRFunction, d: Decision, conditions: McdcCondition[]): McdcPath[] | string {
  const outcomeOf = new Map<string, boolean>();
  for (const o of d.outcomes) for (const e of o.edges) outcomeOf.set(`${e.from}>${e.to}`, o.outcome === 'true');
  const indexOfBlock = new Map(conditions.map((c, i) => [c.block, i]));
  /** Where the edge leads: the decision's outcome, or the next condition evaluated (the first branch of the decision reached). */
  const next = (from: number, to: number): { outcome: boolean } | { condition: number } | null => {
    const outcome = outcomeOf.get(`${from}>${to}`);
    if (outcome !== undefined) return { outcome };
    const found = new Set<number>();
    const seen = new Set<number>([to]);
    const work = [to];
    while (work.length) {
      const b = work.pop()!;
      const i = indexOfBlock.get(b);
      if (i !== undefined) {
        found.add(i);
        continue;
      }
      for (const s of successors(fn.blocks[b]))
        if (!seen.has(s)) {
          seen.add(s);
          work.push(s);
        }
    }
    const [only] = found;
    return found.size === 1 && only > (indexOfBlock.get(from) ?? -1) ? { condition: only } : null;
  };
  const paths: McdcPath[] = [];
  const walk = (i: number, vector: string[], edges: { from: number; to: number }[]): string | null => {
    const c = conditions[i];
    const t = fn.blocks[c.block].terminator;
    if (t.kind !== 'branch') return 'a condition is not a branch';
    for (const value of [true, false]) {
      const to = value ? t.then : t.else;
      const v = [...vector];
      v[i] = value ? 'T' : 'F';
      const e = [...edges, { from: c.block, to }];
      const n = next(c.block, to);
      if (!n) return 'its conditions are not evaluated one after another (control flow inside an operand)';
      if ('outcome' in n) paths.push({ vector: v.join(''), outcome: n.outcome, edges: e });
      else {
        const why = walk(n.condition, v, e);
        if (why) return why;
      }
      if (paths.length > MAX_PATHS) return `more than ${MAX_PATHS} ways through its conditions`;
    }
    return null;
  };
  const why = walk(
    0,
    conditions.map(() => '-'),
    [],
  );
  return why ?? paths;
}

export type IndependenceMode = 'unique-cause' | 'masking';

/**
 * The pairs of paths (indexes into `d.paths`, the one where condition `i` is true first) that would
 * show condition i's independent effect in `mode`, most direct first.
 */
export function independencePairs(d: McdcDecision, i: number, mode: IndependenceMode): [number, number][] {
  const pairs: [number, number][] = [];
  d.paths.forEach((p, a) =>
    d.paths.forEach((q, b) => {
      if (p.vector[i] !== 'T' || q.vector[i] !== 'F' || p.outcome === q.outcome) return;
      for (let j = 0; j < d.conditions.length; j++) {
        if (j === i || p.vector[j] === '-' || q.vector[j] === '-' || p.vector[j] === q.vector[j]) continue;
        if (mode === 'unique-cause' || !masked(d, p, j) || !masked(d, q, j)) return;
      }
      pairs.push([a, b]);
    }),
  );
  return pairs;
}

/** Whether path p's outcome stays the same whatever condition j is, with p's other evaluated conditions as they were. */
function masked(d: McdcDecision, p: McdcPath, j: number): boolean {
  // The outcomes reachable through the decision's branches when condition j is flipped, the others
  // p evaluated keep their values and the rest may be anything.
  const outcomes = new Set<boolean>();
  for (const q of d.paths) {
    const agrees = [...q.vector].every((v, k) => v === '-' || (k === j ? v !== p.vector[j] : p.vector[k] === '-' || v === p.vector[k]));
    if (agrees) outcomes.add(q.outcome);
  }
  return outcomes.size === 1 && outcomes.has(p.outcome);
}

/** The instrumented copy of a function: a goal per evaluation path of each decision. */
export interface McdcProgram {
  program: Program;
  fn: IRFunction;
  /** One goal per path of each decision, in `structure.decisions` order (id `${decision}:mcdc:${vector}`). */
  pathGoals: { goal: Goal; decision: string; path: number }[];
  /** A goal of the original function, in the instrumented one (branch edges now go through the recording blocks). */
  goalIn(goal: Goal): Goal;
}

/**
 * A copy of the program in which `fn` records, in a fresh variable per decision, the conditions
 * each evaluation takes (base 3: 1 for true, 2 for false, in evaluation order), and where each
 * path of a decision ends in a block of its own: reaching that block is the path's goal. The
 * recording only writes the fresh variables, so the copy has exactly the executions of `fn`.
 */
export function instrumentMcdc(program: Program, fn: IRFunction, structure: McdcStructure): McdcProgram {
  let nextId = Math.max(0, ...program.vars.keys()) + 1;
  const vars = new Map(program.vars);
  const blocks: BasicBlock[] = fn.blocks.map((b) => ({ ...b, terminator: { ...b.terminator }, edgeLabels: { ...b.edgeLabels } }));
  const locals = [...fn.locals];
  const decisions: Decision[] = [...fn.decisions];
  const pathGoals: McdcProgram['pathGoals'] = [];
  /** `${from}>${to}` of an original edge -> the recording block it now goes to. */
  const moved = new Map<string, number>();
  const temp = (name: string, type = UINT): Operand & { kind: 'var' } => {
    const id = nextId++;
    const v: Variable = { id, name, type, kind: 'temp', addressTaken: false, isConst: false, isStatic: false };
    vars.set(id, v);
    locals.push(id);
    return { kind: 'var', id, type };
  };
  const k = (value: number): Operand => ({ kind: 'const', value: BigInt(value), type: UINT });
  const block = (instrs: Instr[], terminator: BasicBlock['terminator']): number => {
    const id = blocks.length;
    blocks.push({ id, instrs, terminator, statements: [], hasCode: false, edgeLabels: {} });
    return id;
  };
  for (const d of structure.decisions) {
    const range = d.range;
    const trace = temp('mcdc.trace');
    const dst = { root: { kind: 'var' as const, id: trace.id }, path: [], type: UINT };
    const code = (vector: string) => [...vector].reduce((n, v) => (v === '-' ? n : n * 3 + (v === 'T' ? 1 : 2)), 0);
    d.conditions.forEach((c, i) => {
      const t = blocks[c.block].terminator;
      if (t.kind !== 'branch') return;
      for (const value of [true, false]) {
        const to = value ? t.then : t.else;
        const digit = k(value ? 1 : 2);
        // trace = digit for the first condition evaluated, trace * 3 + digit for the others.
        const record: Instr[] = [];
        if (i === 0) record.push({ kind: 'assign', dst, value: { op: 'use', a: digit }, range });
        else {
          const times = temp('mcdc.t');
          const timesDst = { root: { kind: 'var' as const, id: times.id }, path: [], type: UINT };
          record.push({ kind: 'assign', dst: timesDst, value: { op: 'binary', bop: '*', a: trace, b: k(3), type: UINT }, range });
          record.push({ kind: 'assign', dst, value: { op: 'binary', bop: '+', a: times, b: digit, type: UINT }, range });
        }
        // The paths that leave the decision through this edge: a check per path, each with its goal block.
        let after = to;
        const ending = d.paths
          .map((p, index) => ({ p, index }))
          .filter(({ p }) => {
            const last = p.edges[p.edges.length - 1];
            return last.from === c.block && last.to === to;
          });
        for (const { p, index } of ending.reverse()) {
          const goalBlock = block([], { kind: 'goto', target: to });
          const is = temp('mcdc.is', INT);
          const decision = `${d.id}:mcdc:${p.vector}`;
          decisions.push({ id: decision, kind: 'if', synthetic: true, text: `path ${p.vector}`, range, outcomes: [] });
          after = block(
            [
              {
                kind: 'assign',
                dst: { root: { kind: 'var', id: is.id }, path: [], type: INT },
                value: { op: 'binary', bop: '==', a: trace, b: k(code(p.vector)), type: INT },
                range,
              },
            ],
            { kind: 'branch', cond: is, then: goalBlock, else: after, decision, range },
          );
          pathGoals.push({ goal: pathGoal(fn, d, p, goalBlock), decision: d.id, path: index });
        }
        const rec = block(record, { kind: 'goto', target: after });
        const from = blocks[c.block];
        from.terminator = value ? { ...(from.terminator as typeof t), then: rec } : { ...(from.terminator as typeof t), else: rec };
        if (from.edgeLabels[to]) {
          from.edgeLabels = { ...from.edgeLabels, [rec]: from.edgeLabels[to] };
          delete from.edgeLabels[to];
        }
        moved.set(`${c.block}>${to}`, rec);
      }
    });
  }
  pathGoals.sort(
    (a, b) => structure.decisions.findIndex((d) => d.id === a.decision) - structure.decisions.findIndex((d) => d.id === b.decision) || a.path - b.path,
  );
  const copy: IRFunction = { ...fn, blocks, locals, decisions };
  const goalIn = (goal: Goal): Goal => {
    if (goal.function !== fn.name || goal.context || goal.target.kind !== 'edges') return goal;
    const edges = goal.target.edges.map((e) => {
      const to = moved.get(`${e.from}>${e.to}`);
      return to === undefined ? e : { from: e.from, to };
    });
    return { ...goal, target: { kind: 'edges', edges } };
  };
  return {
    program: { ...program, vars, functions: program.functions.map((f) => (f === fn ? copy : f)) },
    fn: copy,
    pathGoals,
    goalIn,
  };
}

function pathGoal(fn: IRFunction, d: McdcDecision, p: McdcPath, block: number): Goal {
  const taken = d.conditions
    .map((c, i) => (p.vector[i] === '-' ? null : `${c.text} ${p.vector[i] === 'T' ? 'true' : 'false'}`))
    .filter((x) => x !== null)
    .join(', ');
  return {
    id: `${d.id}:mcdc:${p.vector}`,
    tag: 'mcdc',
    kind: 'branch',
    function: fn.name,
    range: d.range,
    outcome: p.outcome ? 'true' : 'false',
    label: `\`${d.text}\` evaluated as ${taken} (${p.outcome ? 'true' : 'false'})`,
    target: { kind: 'block', block },
    decision: d.id,
  };
}
