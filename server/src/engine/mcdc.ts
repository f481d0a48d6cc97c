// The MC/DC report of a function (shared/report.ts McdcReport) from the
// verdicts of its decisions' path goals (goals/mcdc.ts): which paths data
// take, and for each condition the pair that shows its independent effect,
// or why no pair can exist.

import type { McdcDecisionReport, McdcIndependence, McdcPathReport, McdcReport } from '../../../shared/report';
import { independencePairs, type McdcDecision, type McdcStructure } from '../goals/mcdc';
import type { GoalVerdict } from '../solve/query';
import { causesText } from '../../../shared/verdicts';

export function mcdcReport(
  structure: McdcStructure,
  pathGoalId: (decision: string, path: number) => string,
  verdictOf: (goalId: string) => (GoalVerdict & { test?: string }) | undefined,
): McdcReport {
  const decisions = structure.decisions.map((d) => decisionReport(d, (i) => verdictOf(pathGoalId(d.id, i))));
  const skipped = structure.skipped.map((s) => ({ line: s.range.line, column: s.range.column, text: s.text, why: s.why }));
  return { decisions, skipped };
}

function decisionReport(d: McdcDecision, verdict: (path: number) => (GoalVerdict & { test?: string }) | undefined): McdcDecisionReport {
  const paths: McdcPathReport[] = d.paths.map((p, i) => {
    const v = verdict(i);
    const r: McdcPathReport = { vector: p.vector, outcome: p.outcome, status: v?.status ?? 'unknown' };
    if (v?.test) r.test = v.test;
    if (v?.causes?.length) r.reason = causesText(v.causes);
    else if (!v) r.reason = 'not analysed';
    if (v?.why?.length) r.why = v.why;
    return r;
  });
  const independence = d.conditions.map((_, i) => independenceOf(d, paths, i));
  return {
    id: d.id,
    text: d.text,
    line: d.range.line,
    column: d.range.column,
    conditions: d.conditions.map((c) => ({ text: c.text, line: c.range.line, column: c.range.column })),
    paths,
    independence,
    shown: independence.filter((x) => x.status === 'shown').length,
  };
}

function independenceOf(d: McdcDecision, paths: McdcPathReport[], i: number): McdcIndependence {
  const name = `\`${d.conditions[i].text}\``;
  const show = (p: number) => `${paths[p].vector} → ${paths[p].outcome}`;
  for (const mode of ['unique-cause', 'masking'] as const) {
    const pair = independencePairs(d, i, mode).find(([a, b]) => paths[a].test && paths[b].test);
    if (!pair) continue;
    const [a, b] = pair;
    const others =
      mode === 'unique-cause' ? 'every other condition both evaluate the same' : 'the other conditions that differ do not affect the outcome (masking)';
    return {
      condition: i,
      status: 'shown',
      mode,
      pair,
      tests: [paths[a].test!, paths[b].test!],
      reason:
        paths[a].test === paths[b].test
          ? `${name} shown by two evaluations in one run of ${paths[a].test} (${show(a)} and ${show(b)}): ${others}`
          : `${name} shown by ${paths[a].test} (${show(a)}) and ${paths[b].test} (${show(b)}): ${others}`,
    };
  }
  // Masking accepts every unique-cause pair, and more: these are all the pairs that could show the condition.
  const candidates = independencePairs(d, i, 'masking');
  if (candidates.length === 0)
    return { condition: i, status: 'impossible', reason: `no two evaluations of the decision differ in ${name} and in the outcome alone` };
  // Every candidate pair needs a path no input takes (proved): the pair cannot exist.
  const blocked = (p: number) => paths[p].status === 'unreachable';
  if (candidates.every(([a, b]) => blocked(a) || blocked(b))) {
    const never = [...new Set(candidates.flatMap(([a, b]) => [a, b]).filter(blocked))];
    const why = never.map((p) => `${show(p)}${paths[p].why?.length ? ` (${paths[p].why!.map((r) => `line ${r.line}: ${r.text}`).join('; ')})` : ''}`);
    return {
      condition: i,
      status: 'impossible',
      reason: `no pair can exist for ${name}: each needs an evaluation no input takes: ${why.join(', ')}`,
    };
  }
  const open = [...new Set(candidates.flatMap(([a, b]) => [a, b]).filter((p) => !paths[p].test && !blocked(p)))];
  return {
    condition: i,
    status: 'not-shown',
    reason: `no pair found for ${name}: ${open.map((p) => `${show(p)} ${paths[p].reason ?? paths[p].status}`).join('; ')}`,
  };
}
