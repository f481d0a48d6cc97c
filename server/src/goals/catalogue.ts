// The goal catalogue of a function: a statement goal per source statement
// (the first of a block is entered with the block; the others are points in
// it), a goal per outcome of every decision and condition, a goal per
// assertion, ensures clause and error call, and (optionally) a goal per
// instruction that can fail at run time. Ids come from ir/goalIds.ts.
//
// Analysing a function covers the functions it calls (DESIGN.md): the
// catalogue also lists every goal of each callee reached through a chain of
// calls, once per chain (`Goal.context`), its id prefixed by the call sites
// (`main:12>g:20>__VERIFIER_assert:5:error`).

import type { BasicBlock, Decision, Instr, IRFunction, Program, SourceRange, StatementStart } from '../ir/ir';
import { runtimeErrors, runtimeErrorWording, uninitialisedDetail } from '../ir/runtimeErrors';
import { uninitialisedReads } from '../ir/uninitialised';
import { settledErrors } from '../ir/ranges';
import { sourceText } from '../ir/source';
import { branchGoalId, decisionTag, disambiguate, goalStem } from '../ir/goalIds';
import type { CallSite, Goal, GoalContext } from './goal';

export interface CatalogueOptions {
  runtimeErrors: boolean;
  /** Reads of uninitialised locals give any value (SV-COMP's convention): no goal for them. */
  uninitialisedNondet?: boolean;
  /** List the goals of called functions in this function's context, through chains of calls up to this depth (0: none). */
  contextDepth?: number;
}

export function buildCatalogue(program: Program, fn: IRFunction, opts: CatalogueOptions): Goal[] {
  const own = ownGoals(program, fn, opts);
  if (!opts.contextDepth) return own;
  const out = [...own];
  const functions = new Map(program.functions.map((f) => [f.name, f]));
  const ownGoalsOf = new Map<string, Goal[]>([[fn.name, own]]);
  const walk = (caller: IRFunction, sites: CallSite[], onPath: string[]) => {
    if (sites.length >= opts.contextDepth!) return;
    for (const block of caller.blocks)
      block.instrs.forEach((ins, index) => {
        if (ins.kind !== 'assign' || ins.value.op !== 'call' || ins.value.external) return;
        const callee = functions.get(ins.value.callee);
        // A recursive call runs goals already listed for the first call of the function on the path.
        if (!callee || onPath.includes(callee.name)) return;
        const here = [...sites, { function: caller.name, block: block.id, index, callee: callee.name, range: ins.range }];
        let goals = ownGoalsOf.get(callee.name);
        if (!goals) ownGoalsOf.set(callee.name, (goals = ownGoals(program, callee, opts)));
        const context: GoalContext = { entry: fn.name, sites: here, key: contextKey(here) };
        const prefix = sitePrefixes(here, program);
        for (const g of goals) out.push({ ...g, id: `${prefix}>${g.id}`, context });
        walk(callee, here, [...onPath, callee.name]);
      });
  };
  walk(fn, [], [fn.name]);
  return out;
}

/** The key of a chain of call sites (the encoder's contexts are matched against it). */
export function contextKey(sites: { function: string; block: number; index: number }[]): string {
  return sites.map((s) => `${s.function}:${s.block}:${s.index}`).join('>');
}

/** `main:12>g:20` (with `@column` when a line has several calls of the chain's caller): the readable part of a context goal's id. */
function sitePrefixes(sites: CallSite[], program: Program): string {
  return sites
    .map((s) => {
      const fn = program.functions.find((f) => f.name === s.function);
      const sameLine = (fn?.blocks ?? []).flatMap((b) => b.instrs).filter((i) => i.kind === 'assign' && i.value.op === 'call' && i.range.line === s.range.line);
      return `${s.function}:${s.range.line}${sameLine.length > 1 ? `@${s.range.column}` : ''}`;
    })
    .join('>');
}

function ownGoals(program: Program, fn: IRFunction, opts: CatalogueOptions): Goal[] {
  const drafts: Draft[] = [];
  const uninitialised = opts.runtimeErrors && !opts.uninitialisedNondet ? uninitialisedReads(program, fn) : new Map<number, Map<number, number[]>>();
  const settled = opts.runtimeErrors ? settledErrors(program, fn) : new Map<number, Map<number, Set<string>>>();
  const text = (r: SourceRange) => sourceText(program.source, r);
  // First line only: the statement goal of `if (c) {` reads "statement `if (c) {`", not the whole if.
  const statementLabel = (r: SourceRange) =>
    `statement \`${text({ ...r, endLine: r.line, endColumn: r.endLine === r.line ? r.endColumn : Number.MAX_SAFE_INTEGER })}\``;
  for (const block of fn.blocks) {
    if (block.hasCode && block.range && blockGoalIsEntry(block)) {
      drafts.push({ tag: 'stmt', kind: 'statement', range: block.range, label: statementLabel(block.range), target: { kind: 'block', block: block.id } });
    }
    // Every other statement of the block is a goal of its own: it runs only if what comes before it in the block does.
    for (const { statement: k, start: st } of pointStatements(block)) {
      drafts.push({
        tag: 'stmt',
        kind: 'statement',
        range: st.range,
        label: statementLabel(st.range),
        target: { kind: 'point', block: block.id, index: st.index, statement: k },
      });
    }
    block.instrs.forEach((instr, index) => {
      if (instr.kind === 'assert') {
        const label =
          instr.origin === 'ensures' ? `\`ensures ${instr.text}\`` : `\`${/^\w+\s*\(.*\)$/s.test(instr.text) ? instr.text : `assert(${instr.text})`}\``;
        drafts.push({ tag: instr.origin, kind: 'assertion', range: instr.range, label, target: { kind: 'assert', block: block.id, index } });
      } else if (instr.kind === 'error') {
        drafts.push({
          tag: 'error',
          kind: 'assertion',
          range: instr.range,
          label: `\`${instr.text}\` is reached`,
          target: { kind: 'error', block: block.id, index },
        });
      }
      if (opts.runtimeErrors) {
        const impossible = settled.get(block.id)?.get(index);
        // An error of the value computed is at its operation, not at the assignment that stores it.
        const at = (instr.kind === 'assign' && instr.opRange) || instr.range;
        for (const [error, detail] of runtimeErrors(program, instr, uninitialised.get(block.id)?.get(index))) {
          // An error the ranges of its operands exclude cannot happen: no goal (ir/ranges.ts).
          if (impossible?.has(error)) continue;
          drafts.push({
            tag: error,
            kind: 'runtime-error',
            range: at,
            outcome: error,
            label: `\`${text(at)}\` ${runtimeErrorWording[error]}${indexPastPtrdiff(instr) ? ' (an unsigned index past PTRDIFF_MAX)' : ''}`,
            target: { kind: 'runtime-error', block: block.id, index, error, detail },
          });
        }
      }
    });
    // The terminator's reads (`return x;`, `if (x)`): at the index past the instructions.
    const atEnd = uninitialised.get(block.id)?.get(block.instrs.length);
    const termRange = block.terminator.range;
    if (atEnd?.length && termRange) {
      drafts.push({
        tag: 'uninit',
        kind: 'runtime-error',
        range: termRange,
        outcome: 'uninit',
        label: `\`${text(termRange)}\` ${runtimeErrorWording.uninit}`,
        target: {
          kind: 'runtime-error',
          block: block.id,
          index: block.instrs.length,
          error: 'uninit',
          detail: atEnd.map((id) => uninitialisedDetail(program.vars, id)).join('; '),
        },
      });
    }
  }
  const byId = new Map(fn.decisions.map((d) => [d.id, d]));
  for (const d of fn.decisions) {
    if (d.synthetic) continue;
    for (const o of d.outcomes) {
      drafts.push({
        tag: decisionTag(d.kind),
        fixedId: branchGoalId(d.id, o.outcome),
        kind: 'branch',
        range: d.range,
        outcome: o.outcome,
        decision: d.id,
        label: outcomeLabel(d, o.outcome, byId),
        target: { kind: 'edges', edges: o.edges.map((e) => ({ ...e })) },
      });
    }
  }
  // In source order (stable: a block's goals keep their order on one position).
  drafts.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
  return assignIds(fn.name, drafts);
}

/** A goal before its id; branch goals take the front end's decision id (`fixedId`), the others get one here. */
type Draft = Omit<Goal, 'id' | 'function'> & { fixedId?: string };

/** Ids in ir/goalIds.ts's scheme; branch goals keep their decision's id and outcome. */
function assignIds(fnName: string, drafts: Draft[]): Goal[] {
  const taken = new Set(drafts.flatMap((d) => (d.fixedId ? [d.fixedId] : [])));
  const named = drafts.filter((d) => !d.fixedId);
  const ids = disambiguate(
    named.map((d) => ({ stem: goalStem(fnName, d.range.line, d.tag), column: d.range.column })),
    taken,
  );
  const idOf = new Map(named.map((d, i) => [d, ids[i]]));
  return drafts.map((d) => {
    const { fixedId, ...goal } = d;
    return { ...goal, id: fixedId ?? idOf.get(d)!, function: fnName };
  });
}

/**
 * The statements of a block that are goals of their own ('point' targets): all
 * but jumps alone and the first statement, which is the block's own goal when
 * it starts the block (see blockGoalIsEntry).
 */
export function pointStatements(block: BasicBlock): { statement: number; start: StatementStart }[] {
  const out: { statement: number; start: StatementStart }[] = [];
  let first = true;
  for (const [k, st] of (block.statements ?? []).entries()) {
    if (st.jump) continue;
    const isBlockGoal = first && block.hasCode && block.range !== undefined && sameRange(st.range, block.range) && blockGoalIsEntry(block);
    first = false;
    if (!isBlockGoal) out.push({ statement: k, start: st });
  }
  return out;
}

/** The front end's conversion of an unsigned index to ptrdiff_t: its bounds goal shares the access's range, and says why it differs. */
function indexPastPtrdiff(instr: Instr): boolean {
  return instr.kind === 'assign' && instr.value.op === 'cast' && instr.value.index === true;
}

/**
 * Whether the block's first statement runs as soon as the block is entered. Not when the block
 * begins with the rest of an earlier statement (after the join of a `?:`, `&&` or `||`): that code
 * may stop the run (`(c ? 1 : 2) + b[3]`), so the first statement is a 'point' goal.
 */
function blockGoalIsEntry(block: BasicBlock): boolean {
  const first = (block.statements ?? []).find((st) => !st.jump);
  return !first || first.index === 0;
}

function sameRange(a: SourceRange, b: SourceRange): boolean {
  return a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.endColumn === b.endColumn;
}

/** How a decision reads in a label: `if (x < 4)`, `while (n >= 1)`, `switch (c)`, `x ? … : …`. */
export function decisionHead(d: Decision): string {
  switch (d.kind) {
    case 'if':
      return `if (${d.text})`;
    case 'while':
      return `while (${d.text})`;
    case 'do':
      return `do … while (${d.text})`;
    case 'for':
      return `for (…; ${d.text}; …)`;
    case 'switch':
      return `switch (${d.text})`;
    case 'ternary':
      return `${d.text} ? … : …`;
    case 'condition':
      return d.text;
  }
}

function outcomeLabel(d: Decision, outcome: string, byId: Map<string, Decision>): string {
  if (d.kind === 'switch') return `\`${decisionHead(d)}\` takes \`${outcome}\``;
  if (d.kind === 'condition') {
    // Name the whole decision the condition belongs to (the outermost one).
    let top: Decision | undefined = d;
    while (top?.parent && byId.has(top.parent)) top = byId.get(top.parent);
    const whole = top && top !== d ? ` of \`${decisionHead(top)}\`` : '';
    return `condition \`${d.text}\`${whole} is ${outcome}`;
  }
  const loop = d.kind === 'while' || d.kind === 'for' || d.kind === 'do';
  const what = !loop
    ? ''
    : outcome === 'true'
      ? d.kind === 'do'
        ? ' (the loop runs again)'
        : ' (the loop body runs)'
      : outcome === 'false'
        ? ' (the loop is left)'
        : '';
  return `\`${decisionHead(d)}\` is ${outcome}${what}`;
}

/**
 * The goal `creach reach --line L [--column C] [--outcome O]` means: without
 * an outcome, the statement goal on that line (the one whose range holds the
 * column, if several); with one, that outcome of the outermost decision on the
 * line, or of the condition the column points into. Throws an Error listing
 * what the line has when nothing matches.
 */
export function goalAt(goals: Goal[], line: number, column?: number, outcome?: string): Goal {
  const onLine = goals.filter((g) => g.range.line === line);
  const holds = (g: Goal) => column !== undefined && contains(g.range, line, column);
  let found: Goal | undefined;
  if (outcome === undefined) {
    const stmts = onLine.filter((g) => g.kind === 'statement').sort((a, b) => a.range.column - b.range.column);
    // The innermost statement holding the column (`r = 1;` inside `if (c) r = 1;`).
    const holding = stmts.filter(holds).sort((a, b) => span(a.range) - span(b.range));
    found = holding[0] ?? (column === undefined ? stmts[0] : ([...stmts].reverse().find((g) => g.range.column <= column) ?? stmts[0]));
  } else {
    const branches = onLine.filter((g) => g.kind === 'branch' && g.outcome === outcome);
    const pointed = branches.filter(holds).sort((a, b) => span(a.range) - span(b.range));
    const pointedCondition = pointed.find((g) => g.tag === 'cond');
    const outermost = [...branches].sort((a, b) => decisionRank(a) - decisionRank(b) || span(b.range) - span(a.range) || a.range.column - b.range.column);
    found = pointedCondition ?? pointed[0] ?? outermost[0];
  }
  if (found) return found;
  const what = outcome === undefined ? 'no statement starts' : `no decision with outcome '${outcome}'`;
  const listing = onLine.length === 0 ? 'it has no goals' : `it has:\n${onLine.map((g) => `  ${g.id}  ${g.label}`).join('\n')}`;
  throw new Error(`${what} on line ${line}${column === undefined ? '' : `, column ${column}`}; ${listing}`);
}

function contains(r: SourceRange, line: number, column: number): boolean {
  const afterStart = line > r.line || (line === r.line && column >= r.column);
  const beforeEnd = line < r.endLine || (line === r.endLine && column < r.endColumn);
  return afterStart && beforeEnd;
}

/** A comparable size of a range (lines weigh more than columns). */
function span(r: SourceRange): number {
  return (r.endLine - r.line) * 100000 + (r.endColumn - r.column);
}

/** Whole decisions before conditions. */
function decisionRank(g: Goal): number {
  return g.tag === 'cond' ? 1 : 0;
}
