// Pure operations on reports for the editor: merging a function's coverage
// and check results, moving a cached report to where its function now is,
// and the one-line summary shown in the CodeLens.

import type { FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';

/** One report from a function's decision-coverage report and its check report (assertions, runtime errors). */
export function mergeAnalysis(cover: Report, check: Report): Report {
  const functions: FunctionReport[] = cover.functions.map((f) => ({ ...f, goals: [...f.goals], tests: [...f.tests] }));
  for (const cf of check.functions) {
    let target = functions.find((f) => f.name === cf.name);
    if (!target) {
      target = { ...cf, goals: [], tests: [] };
      functions.push(target);
    }
    // Test ids of the two reports are independent: rename the check's on a clash.
    const usedIds = new Set(target.tests.map((t) => t.id));
    const renamed = new Map<string, string>();
    for (const t of cf.tests) {
      let id = t.id;
      for (let n = 1; usedIds.has(id); n++) id = `${t.id}c${n}`;
      usedIds.add(id);
      renamed.set(t.id, id);
      target.tests.push({ ...t, id });
    }
    const goalIds = new Set(target.goals.map((g) => g.id));
    for (const g of cf.goals) {
      if (goalIds.has(g.id)) continue;
      target.goals.push(g.test ? { ...g, test: renamed.get(g.test) ?? g.test } : g);
    }
    if (cf.unsupported) {
      const seen = new Set((target.unsupported ?? []).map((u) => `${u.line}:${u.what}`));
      target.unsupported = [...(target.unsupported ?? []), ...cf.unsupported.filter((u) => !seen.has(`${u.line}:${u.what}`))];
    }
  }
  const diagnostics = [...(cover.diagnostics ?? [])];
  const seenDiagnostics = new Set(diagnostics.map((d) => `${d.line}:${d.column}:${d.message}`));
  for (const d of check.diagnostics ?? []) if (!seenDiagnostics.has(`${d.line}:${d.column}:${d.message}`)) diagnostics.push(d);
  return { file: cover.file, functions, ...(diagnostics.length > 0 ? { diagnostics } : {}) };
}

/** A block of 1-based lines [from, to] that moved by `delta` lines. */
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
    ...g, line: move(g.line), ...(g.endLine !== undefined ? { endLine: moveOpt(g.endLine) } : {}),
    ...(g.why ? { why: g.why.map((r) => ({ ...r, line: move(r.line), ...(r.endLine !== undefined ? { endLine: moveOpt(r.endLine) } : {}) })) } : {}),
  });
  const test = (t: TestReport): TestReport => ({
    ...t, nondet: t.nondet.map((n) => ({ ...n, line: move(n.line) })),
    ...(t.trace ? { trace: t.trace.map((step) => ({ ...step, line: move(step.line) })) } : {}),
  });
  return {
    ...report,
    functions: report.functions.map((f) => ({
      ...f, line: move(f.line), goals: f.goals.map(goal), tests: f.tests.map(test),
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
