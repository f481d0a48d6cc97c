// Building reports: a goal's verdict as the report's GoalReport, and one
// report from a function's coverage and check reports (the editor's analysis).

import type { FunctionReport, GoalReport, Report } from '../../../shared/report';
import type { Goal } from '../goals/goal';
import type { GoalVerdict } from '../solve/query';
import { causesText } from '../../../shared/verdicts';

export function goalReport(goal: Goal, v: GoalVerdict, test?: string): GoalReport {
  const r: GoalReport = {
    id: goal.id,
    kind: goal.kind,
    line: goal.range.line,
    column: goal.range.column,
    endLine: goal.range.endLine,
    endColumn: goal.range.endColumn,
    label: goal.label,
    status: v.status,
  };
  if (goal.outcome !== undefined) r.outcome = goal.outcome;
  if (v.proof) r.proof = v.proof;
  if (v.bound !== undefined) r.bound = v.bound;
  if (v.causes?.length) {
    r.causes = v.causes;
    r.reason = causesText(v.causes);
  }
  if (v.why) r.why = v.why;
  if (test) r.test = test;
  if (goal.context)
    r.context = {
      function: goal.function,
      calls: goal.context.sites.map((s) => ({ function: s.function, callee: s.callee, line: s.range.line, column: s.range.column })),
    };
  return r;
}

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
