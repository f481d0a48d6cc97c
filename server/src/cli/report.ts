// The readable text report of `creach reach | check | cover` (JSON is the report itself).

import type { FunctionReport, GoalReport, McdcReport, Report } from '../../../shared/report';
import { causesBesidesInvariant, causeText, lineList, mergeConstructs } from '../../../shared/verdicts';
import { formatEnd, formatInputs, formatValue } from '../../../shared/editor-protocol';

export { formatInputs, formatValue };

function status(g: GoalReport): string {
  switch (g.status) {
    case 'covered':
      return `covered by ${g.test}`;
    case 'violated':
      return `VIOLATED (counter-example ${g.test})`;
    case 'unreachable':
    case 'holds': {
      // A proof by invariant says which on the same line: "unreachable (invariant): the loop at line 5 keeps s == 2 * i".
      const inv = g.proof === 'invariant' ? g.causes?.find((c) => c.kind === 'invariant') : undefined;
      if (inv) return `${g.status} (invariant): ${causeText(inv)}`;
      return `${g.status} (${g.proof === 'complete' ? 'proved' : (g.proof ?? 'proved')}${g.bound ? `, loops fully unrolled within ${g.bound}` : ''})`;
    }
    case 'not-reached':
      // Not reached with loops unrolled to the bound, or only for inputs of the sizes the input model assumes.
      return g.causes?.some((c) => c.kind === 'loop-bound') || !g.causes?.some((c) => c.kind === 'assumes')
        ? `not reached within ${g.bound} loop iterations (not a proof)`
        : 'not reached for the inputs considered (not a proof)';
    case 'unknown':
      return 'unknown';
  }
}

export function formatReport(report: Report): string {
  const out: string[] = [];
  for (const d of report.diagnostics ?? []) out.push(`${report.file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`);
  for (const f of report.functions) out.push(...formatFunction(report.file, f));
  return out.join('\n') + '\n';
}

function formatFunction(file: string, f: FunctionReport): string[] {
  const role = f.role === 'program' ? ': the program, from its entry point' : f.role === 'unit' ? ': called alone, with free parameters' : '';
  const out = [`${f.name} (${file}:${f.line})${role}`];
  for (const g of f.goals) {
    // A goal of a called function says where it is and through which calls.
    const where = g.context ? ` [in ${g.context.function}, called at ${g.context.calls.map((c) => `${c.function}:${c.line}`).join(' → ')}]` : '';
    out.push(`  ${file}:${g.line}:${g.column}: ${g.label}${where}: ${status(g)}`);
    // (The invariant of a proof by invariant is on the status line already.)
    const reason = g.proof === 'invariant' ? causesBesidesInvariant(g.causes) : g.reason;
    if (reason) out.push(`      ${reason}`);
    if (g.why?.length) {
      out.push('      because:');
      for (const r of g.why) out.push(`        line ${r.line}: ${r.role}`);
    }
  }
  if (f.mcdc) out.push(...formatMcdc(file, f.mcdc));
  const shown = f.tests.slice(0, 50);
  if (shown.length) out.push('  tests:');
  for (const t of shown) {
    let line = `    ${t.id}: ${formatInputs(t)}`;
    if (t.result !== undefined) line += ` -> returns ${formatValue(t.result)}`;
    if (t.end) line += ` -> ends with ${formatEnd(t)}`;
    if (t.validated === true) line += '  ✓ validated';
    else if (t.validated === false) line += `  ✗ not validated: ${t.validation ?? ''}`;
    else if (t.validation) line += `  · not validated: ${t.validation}`;
    out.push(line);
  }
  if (f.tests.length > shown.length) out.push(`    ... and ${f.tests.length - shown.length} more (use --json for all)`);
  for (const u of mergeConstructs((f.unsupported ?? []).map((x) => ({ what: x.what, lines: [x.line] }))))
    out.push(`  note: not modelled: ${u.what} (${lineList(u.lines)})`);
  const counts = new Map<string, number>();
  for (const g of f.goals) counts.set(g.status, (counts.get(g.status) ?? 0) + 1);
  out.push(`  summary: ${[...counts].map(([s, n]) => `${n} ${s}`).join(', ')}`);
  return out;
}

/** MC/DC: per decision, its ratio, each condition's pair (or why there is none), and the evaluation paths. */
function formatMcdc(file: string, m: McdcReport): string[] {
  const out = ['  MC/DC (unique-cause for short-circuit C; masking where no unique-cause pair exists):'];
  for (const d of m.decisions) {
    const vectors = d.conditions.map((c, i) => `${i + 1}: ${c.text}`).join(', ');
    out.push(`    ${file}:${d.line}:${d.column}: \`${d.text}\`: ${d.shown}/${d.conditions.length} conditions shown (conditions ${vectors})`);
    for (const x of d.independence) {
      const mark = x.status === 'shown' ? `shown (${x.mode})` : x.status === 'impossible' ? 'impossible (proved)' : 'not shown';
      out.push(`      condition ${x.condition + 1} \`${d.conditions[x.condition].text}\`: ${mark}: ${x.reason}`);
    }
    for (const p of d.paths) {
      const by =
        p.status === 'covered'
          ? `taken by ${p.test}${p.validated === true ? ' ✓ validated' : p.validated === false ? ' ✗ not seen when run' : ''}`
          : `${p.status}${p.reason ? `: ${p.reason}` : ''}`;
      out.push(`      path ${p.vector} → ${p.outcome}: ${by}`);
    }
  }
  for (const s of m.skipped) out.push(`    ${file}:${s.line}:${s.column}: \`${s.text}\`: not analysed for MC/DC: ${s.why}`);
  return out;
}
