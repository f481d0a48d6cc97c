// Pure operations on reports for the editor: moving a cached report to where
// its function now is, the one-line summary shown in the CodeLens, and
// internal goal ids written for people.

import type { FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';
import { isProperty } from '../../../shared/verdicts';

export interface LineShift {
  from: number;
  to: number;
  delta: number;
}

/** The report with every line inside a shifted block moved (goal ids are kept: they name the analysed version). */
export function shiftReport(report: Report, shifts: LineShift[]): Report {
  if (shifts.every((s) => s.delta === 0)) return report;
  const move = (line: number): number => {
    const s = shifts.find((b) => line >= b.from && line <= b.to);
    return s ? line + s.delta : line;
  };
  const moveOpt = (line: number | undefined) => (line === undefined ? undefined : move(line));
  const goal = (g: GoalReport): GoalReport => ({
    ...g,
    line: move(g.line),
    ...(g.endLine !== undefined ? { endLine: moveOpt(g.endLine) } : {}),
    ...(g.why ? { why: g.why.map((r) => ({ ...r, line: move(r.line), ...(r.endLine !== undefined ? { endLine: moveOpt(r.endLine) } : {}) })) } : {}),
  });
  const test = (t: TestReport): TestReport => ({
    ...t,
    nondet: t.nondet.map((n) => ({ ...n, line: move(n.line) })),
    ...(t.trace ? { trace: t.trace.map((step) => ({ ...step, line: move(step.line) })) } : {}),
  });
  return {
    ...report,
    functions: report.functions.map((f) => ({
      ...f,
      line: move(f.line),
      goals: f.goals.map(goal),
      tests: f.tests.map(test),
      ...(f.unsupported ? { unsupported: f.unsupported.map((u) => ({ ...u, line: move(u.line) })) } : {}),
    })),
    ...(report.diagnostics ? { diagnostics: report.diagnostics.map((d) => ({ ...d, line: move(d.line) })) } : {}),
  };
}

/** Where a goal of a called function is (GoalReport.context, when the engine gives it). */
export function goalContext(g: GoalReport): { function: string; calls: { function: string; line: number }[] } | undefined {
  return (g as { context?: { function: string; calls: { function: string; line: number }[] } }).context;
}

/** The goals of the function's own code (a goal of a called function, in its context, is shown with that function). */
export function ownGoals(f: FunctionReport): GoalReport[] {
  return f.goals.filter((g) => !goalContext(g));
}

/** Tests whose compiled run did not confirm the datum (validation failed). */
export function failedTests(f: FunctionReport): TestReport[] {
  return f.tests.filter((t) => t.validated === false);
}

/**
 * `CReach: 9/11 branches · 1 unreachable · 1 unknown` (statements when the
 * function has no branch); `⚠ 2 data failed validation` first when compiled
 * code did not confirm some data, since the counts rest on them.
 */
export function functionSummary(f: FunctionReport): string {
  const goals = ownGoals(f);
  const branches = goals.filter((g) => g.kind === 'branch');
  const measured = branches.length > 0 ? branches : goals.filter((g) => g.kind === 'statement');
  const noun = branches.length > 0 ? 'branches' : 'statements';
  const count = (list: GoalReport[], status: GoalReport['status']) => list.filter((g) => g.status === status).length;
  const failed = failedTests(f).length;
  const parts = [
    `CReach: ${failed ? `$(warning) ${failed} ${failed === 1 ? 'datum' : 'data'} failed validation · ` : ''}${count(measured, 'covered')}/${measured.length} ${noun}`,
  ];
  const unreachable = count(measured, 'unreachable');
  const notReached = count(measured, 'not-reached');
  const unknown = count(measured, 'unknown');
  if (unreachable) parts.push(`${unreachable} unreachable`);
  if (notReached) parts.push(`${notReached} not reached within the loop bound`);
  if (unknown) parts.push(`${unknown} unknown`);
  const properties = goals.filter(isProperty);
  const violated = count(properties, 'violated');
  const undecided = count(properties, 'unknown');
  if (violated) parts.push(`${violated} violated`);
  if (undecided) parts.push(`${undecided} propert${undecided === 1 ? 'y' : 'ies'} unknown`);
  return parts.join(' · ');
}

/** Goals of the function's own code on this 1-based line. */
export function goalsOnLine(f: FunctionReport, line: number): GoalReport[] {
  return ownGoals(f).filter((g) => g.line === line);
}

/**
 * A message for people: every goal id of the report in it (`f:10:stmt`,
 * `find:2:null@14`, `main:12>g:20>g:25:assert`) replaced by its line and
 * label ("line 10, statement `r = 1;`"); ids of goals not in the report by
 * their line.
 */
export function withoutGoalIds(text: string, goals: GoalReport[] = []): string {
  const byId = new Map(goals.map((g) => [g.id, g]));
  return text.replace(/\b[A-Za-z_]\w*:\d+(?:(?:@\d+)?>[A-Za-z_]\w*:\d+)*(?::[A-Za-z_-]+(?:@\d+)?)+(?::(?:true|false|default|case [^\s,;)]+))?/g, (id) => {
    const g = byId.get(id);
    if (g) return `line ${g.line} (${g.label.replace(/^statement /, '')})`;
    const line = /:(\d+):[A-Za-z_-]+(?:@\d+)?(?::[^>]*)?$/.exec(id)?.[1];
    return line ? `line ${line}` : id;
  });
}
