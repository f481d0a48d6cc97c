// The one-page HTML summary of a project report (`--format html`): self-contained (no script, no
// external asset), one table with a row per file and per function: statements and branches covered
// of all, goals proved unreachable, properties violated and proved, goals not reached within the
// bounds and unknown; files that failed or are not C, with why. Every text is escaped.

import type { FunctionReport } from '../../../shared/report';
import { functionCounts, reportCounts, type Counts, type ProjectReport } from './project-report';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function ratio(r: { covered: number; total: number }): string {
  if (r.total === 0) return '<td class="num none">–</td>';
  const pct = Math.floor((100 * r.covered) / r.total);
  return `<td class="num${r.covered === r.total ? ' full' : ''}" title="${pct}%">${r.covered}/${r.total}<span class="bar"><span style="width:${pct}%"></span></span></td>`;
}

function cells(c: Counts): string {
  const n = (v: number, cls: string) => `<td class="num ${cls}${v ? '' : ' zero'}">${v}</td>`;
  return (
    ratio(c.statements).replace('class="num', 'class="num statements') +
    ratio(c.branches).replace('class="num', 'class="num branches') +
    n(c.unreachable, 'unreachable') +
    n(c.violated, 'violated') +
    n(c.holds, 'holds') +
    n(c.notReached, 'not-reached') +
    n(c.unknown, 'unknown')
  );
}

function role(f: FunctionReport): string {
  return f.role === 'program' ? ' <span class="role">program, from its entry point</span>' : f.role === 'unit' ? ' <span class="role">alone</span>' : '';
}

export function projectHtml(r: ProjectReport): string {
  const s = r.summary;
  const title = `CReach ${r.command}${r.criterion ? ` (${r.criterion})` : ''}${r.shard ? `, shard ${r.shard.index}/${r.shard.count}` : ''}`;
  const rows: string[] = [];
  for (const f of r.files) {
    const name = escapeHtml(f.file);
    if (f.report) {
      rows.push(`<tr class="file" data-file="${name}"><th scope="row">${name}</th>${cells(reportCounts(f.report))}</tr>`);
      for (const fn of f.report.functions)
        rows.push(
          `<tr class="function" data-file="${name}" data-function="${escapeHtml(fn.name)}"><td class="name">${escapeHtml(fn.name)} <span class="line">line ${fn.line}</span>${role(fn)}</td>${cells(functionCounts(fn))}</tr>`,
        );
    } else
      rows.push(
        `<tr class="file ${f.error !== undefined ? 'error' : 'skipped'}" data-file="${name}"><th scope="row">${name}</th><td colspan="7" class="message">${
          f.error !== undefined ? `error: ${escapeHtml(f.error)}` : `not analysed: ${escapeHtml(f.skipped ?? '')}`
        }</td></tr>`,
      );
  }
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; }
th, td { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
thead th { border-bottom: 2px solid #888; }
tr.file th, tr.file td { background: #f3f3f3; border-top: 2px solid #bbb; }
tr.function td.name { padding-left: 2em; }
td.num { text-align: right; white-space: nowrap; }
td.zero, td.none { color: #aaa; }
td.violated:not(.zero) { color: #b00; font-weight: bold; }
td.unknown:not(.zero), td.not-reached:not(.zero) { color: #a60; }
td.unreachable:not(.zero), td.holds:not(.zero) { color: #060; }
tr.error td.message { color: #b00; white-space: pre-wrap; font-family: monospace; }
tr.skipped td.message { color: #777; }
.bar { display: inline-block; width: 50px; height: 6px; margin-left: 6px; background: #eee; vertical-align: middle; }
.bar span { display: block; height: 100%; background: #4a4; }
td.full .bar span { background: #282; }
.line, .role { color: #777; font-size: 90%; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: 2px 12px; }
dl.summary dt { color: #555; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<dl class="summary">
<dt>Files</dt><dd>${s.files} (${s.analysed} analysed, ${s.errors} with errors, ${s.skipped} not C)</dd>
<dt>Functions</dt><dd>${s.functions}</dd>
<dt>Statements covered</dt><dd>${s.statements.covered} of ${s.statements.total}</dd>
<dt>Branches covered</dt><dd>${s.branches.covered} of ${s.branches.total}</dd>
<dt>Unreachable (proved)</dt><dd>${s.unreachable}</dd>
<dt>Violations</dt><dd>${s.violated}</dd>
<dt>Properties proved</dt><dd>${s.holds}</dd>
<dt>Not reached within the bounds</dt><dd>${s.notReached}</dd>
<dt>Unknown</dt><dd>${s.unknown}</dd>
</dl>
<table>
<thead><tr><th>File / function</th><th>Statements</th><th>Branches</th><th>Unreachable (proved)</th><th>Violated</th><th>Proved</th><th>Not reached (bounded)</th><th>Unknown</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
<p class="legend">Statements and branches: covered (a datum reaches them) of all goals. Unreachable: proved never reached. Violated and
proved: assertions, error calls and runtime errors. Not reached: none within the loop bound or the input sizes assumed (not a proof).
Unknown: neither a datum nor a proof. A function's counts include the goals of the functions it calls, in its context.</p>
</body>
</html>
`;
}
