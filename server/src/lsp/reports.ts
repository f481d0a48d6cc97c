// Pure operations on reports for the editor: moving a cached report to where
// its function now is, and the one-line summary shown in the CodeLens.

import type { FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';

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

/** `CReach: 9/11 branches · 1 unreachable · 1 unknown` (statements when the function has no branch). */
export function functionSummary(f: FunctionReport): string {
  const branches = f.goals.filter((g) => g.kind === 'branch');
  const measured = branches.length > 0 ? branches : f.goals.filter((g) => g.kind === 'statement');
  const noun = branches.length > 0 ? 'branches' : 'statements';
  const count = (goals: GoalReport[], status: GoalReport['status']) => goals.filter((g) => g.status === status).length;
  const parts = [`CReach: ${count(measured, 'covered')}/${measured.length} ${noun}`];
  const unreachable = count(measured, 'unreachable');
  const notReached = count(measured, 'not-reached');
  const unknown = count(measured, 'unknown');
  if (unreachable) parts.push(`${unreachable} unreachable`);
  if (notReached) parts.push(`${notReached} not reached within the loop bound`);
  if (unknown) parts.push(`${unknown} unknown`);
  const properties = f.goals.filter((g) => g.kind === 'assertion' || g.kind === 'runtime-error');
  const violated = count(properties, 'violated');
  const undecided = count(properties, 'unknown');
  if (violated) parts.push(`${violated} violated`);
  if (undecided) parts.push(`${undecided} propert${undecided === 1 ? 'y' : 'ies'} unknown`);
  return parts.join(' · ');
}

/** Goals on this 1-based line. */
export function goalsOnLine(f: FunctionReport, line: number): GoalReport[] {
  return f.goals.filter((g) => g.line === line);
}
