// The marks the editor shows for a file's results: one gutter mark per line
// and one branch mark per decision whose outcomes are not all covered. The
// client draws them (client/src/decorations.ts); they are computed here so
// that what the user sees is one function of the report, tested over the
// protocol.
//
// A line's mark describes its statement (does it run?) and its properties
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

/** Which mark wins when a line has several. */
export const markOrder: LineMarkKind[] = ['error', 'warning', 'failed', 'unknown', 'not-reached', 'unreachable', 'covered', 'holds'];

function propertyMark(g: GoalReport): LineMarkKind | undefined {
  switch (g.status) {
    case 'violated':
      return g.kind === 'assertion' ? 'error' : 'warning';
    case 'unknown':
      return 'unknown';
    case 'not-reached':
      return 'not-reached';
    case 'holds':
      return 'holds';
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
      return `◷ ${which}${takes}: not reached within ${g.bound ?? '?'} iterations`;
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
  const inComment = (g: GoalReport) => (index?.comments ?? []).some((c) => within(c, g.line - 1, Math.max(0, g.column - 1)));
  const branchesByLine = new Map<number, BranchMark>();
  for (const f of report.functions) {
    const failed = new Set(f.tests.filter((t) => t.validated === false).map((t) => t.id));
    for (const g of ownGoals(f)) {
      const line = g.line - 1;
      if (g.kind === 'statement') {
        if (g.status === 'covered') set(line, g.test && failed.has(g.test) ? 'failed' : 'covered');
        else if (g.status === 'unreachable' || g.status === 'not-reached' || g.status === 'unknown') set(line, g.status);
      } else if (g.kind === 'assertion' || g.kind === 'runtime-error') {
        const mark = inComment(g) ? undefined : propertyMark(g);
        if (mark) set(line, mark);
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
