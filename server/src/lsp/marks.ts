// The marks the editor shows for a file's results: one gutter mark per line
// and one branch mark per decision whose outcomes are not all covered. The
// client draws them (client/src/decorations.ts); they are computed here so
// that what the user sees is one function of the report, tested over the
// protocol.
//
// A line's mark describes its statement (does it run? the one that starts
// first on the line) and its properties
// (assertions, runtime errors): an outcome of a decision on the line that is
// unreachable, not reached or unknown does not make the line's mark ⊘ or a
// clock; it is the line's branch mark (`⊘ never true`). A covered statement
// whose datum failed validation (compiled code did not confirm it) is marked
// so. Violated assertions (errors) and violated runtime errors (warnings)
// have marks of their own.

import type { GoalReport, Report } from '../../../shared/report';
import type { BranchMark, LineMark, LineMarkKind } from '../../../shared/editor-protocol';
import { within, type FileIndex } from './functions';
import { ownGoals } from './reports';
import { isProperty } from '../../../shared/verdicts';

/**
 * Which mark wins when a line has several: a violated property, a datum that
 * failed validation, an undecided goal, then the statement's own verdict; a
 * property that holds (also one that holds within the loop bound) shows only
 * on a line without a statement mark.
 */
export const markOrder: LineMarkKind[] = ['error', 'warning', 'failed', 'unknown', 'not-reached', 'unreachable', 'covered', 'holds'];

/** A property's mark, and whether it may stand above the statement's mark of its line. */
function propertyMark(g: GoalReport): { mark: LineMarkKind; strong: boolean } | undefined {
  switch (g.status) {
    case 'violated':
      return { mark: g.kind === 'assertion' ? 'error' : 'warning', strong: true };
    case 'unknown':
      return { mark: 'unknown', strong: true };
    case 'not-reached':
      return { mark: 'not-reached', strong: false };
    case 'holds':
      return { mark: 'holds', strong: false };
    default:
      return undefined;
  }
}

function outcomeText(g: GoalReport): string {
  const condition = /^condition `([^`]*)`/.exec(g.label)?.[1];
  const which = condition ? `\`${condition}\` ` : '';
  const outcome = g.outcome ?? '';
  const takes = /^(true|false)$/.test(outcome) ? outcome : `takes ${outcome}`;
  switch (g.status) {
    case 'unreachable':
      return `⊘ ${which}never ${outcome === 'true' || outcome === 'false' ? outcome : takes.replace(/^takes /, '')}`;
    case 'not-reached':
      return `◷ ${which}${takes}: not reached ${g.bound !== undefined ? `within ${g.bound} iterations` : 'for the inputs considered'}`;
    case 'unknown':
      return `? ${which}${takes}: unknown`;
    default:
      return `✓ ${which}${takes}`;
  }
}

/** The gutter mark of each line with goals, and the branch marks, of a file's report. */
export function fileMarks(report: Report, index?: FileIndex): { lines: LineMark[]; branches: BranchMark[] } {
  const marks = new Map<number, LineMarkKind>();
  const set = (line: number, mark: LineMarkKind) => {
    const current = marks.get(line);
    if (current === undefined || markOrder.indexOf(mark) < markOrder.indexOf(current)) marks.set(line, mark);
  };
  /** Marks of properties that hold (within the bound or for good): only where no statement has a mark. */
  const weak = new Map<number, LineMarkKind>();
  const inComment = (g: GoalReport) => (index?.comments ?? []).some((c) => within(c, g.line - 1, Math.max(0, g.column - 1)));
  const branchesByLine = new Map<number, BranchMark>();
  for (const f of report.functions) {
    const failed = new Set(f.tests.filter((t) => t.validated === false).map((t) => t.id));
    const own = ownGoals(f);
    const firstStatement = new Map<number, GoalReport>();
    for (const g of own) {
      const current = firstStatement.get(g.line);
      if (g.kind === 'statement' && (!current || g.column < current.column)) firstStatement.set(g.line, g);
    }
    for (const g of own) {
      const line = g.line - 1;
      if (g.kind === 'statement') {
        // The line's statement is the one that starts first on it (`if (c) return 1;`: the if, which runs
        // even when its `return 1;` never does; that one is dimmed, and the outcome has its branch mark).
        if (firstStatement.get(g.line) !== g) continue;
        if (g.status === 'covered') set(line, g.test && failed.has(g.test) ? 'failed' : 'covered');
        else if (g.status === 'unreachable' || g.status === 'not-reached' || g.status === 'unknown') set(line, g.status);
      } else if (isProperty(g)) {
        const p = inComment(g) ? undefined : propertyMark(g);
        if (p?.strong) set(line, p.mark);
        else if (p && (!weak.has(line) || markOrder.indexOf(p.mark) < markOrder.indexOf(weak.get(line)!))) weak.set(line, p.mark);
      } else if (g.kind === 'branch') {
        const unconfirmed = g.status === 'covered' && g.test !== undefined && failed.has(g.test);
        if (g.status === 'covered' && !unconfirmed) continue;
        const text = unconfirmed ? `✗ ${outcomeText(g).slice(2)}: not confirmed` : outcomeText(g);
        const b = branchesByLine.get(line) ?? { line, text: '', worst: g.status };
        b.text = b.text ? `${b.text}  ${text}` : text;
        const rank = (s: GoalReport['status']) => ['unknown', 'not-reached', 'unreachable', 'covered'].indexOf(s);
        if (rank(g.status) < rank(b.worst)) b.worst = g.status;
        branchesByLine.set(line, b);
      }
    }
  }
  for (const [line, mark] of weak) if (!marks.has(line)) marks.set(line, mark);
  return {
    lines: [...marks].sort((a, b) => a[0] - b[0]).map(([line, mark]) => ({ line, mark })),
    branches: [...branchesByLine.values()].sort((a, b) => a.line - b.line),
  };
}

/** 1-based lines with a true/false decision: the analysed ones, and those the parser sees before any analysis. */
export function decisionLines(report: Report, index: FileIndex): number[] {
  const lines = new Set(index.decisionLines.map((l) => l + 1));
  for (const f of report.functions) for (const g of ownGoals(f)) if (g.kind === 'branch' && (g.outcome === 'true' || g.outcome === 'false')) lines.add(g.line);
  return [...lines].sort((a, b) => a - b);
}
