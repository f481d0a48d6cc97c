// Diagnostics (Problems view) from a file's analysis: violated assertions and
// possible runtime errors with their counter-example, properties left
// unknown, unsupported constructs, front-end messages and syntax errors, and
// unreachable statements as faded "unnecessary" hints (dimmed code).

import { DiagnosticSeverity, DiagnosticTag, type Diagnostic, type Range } from 'vscode-languageserver';
import type { FunctionReport, GoalReport, Report } from '../../../shared/report';
import { formatInputs, pathValues, type PathDiagnosticData } from '../../../shared/editor-protocol';
import type { FileIndex } from './functions';

/** LSP range (0-based) of a 1-based report position. */
export function goalRange(g: { line: number; column: number; endLine?: number; endColumn?: number }): Range {
  const start = { line: g.line - 1, character: Math.max(0, g.column - 1) };
  const end =
    g.endLine !== undefined && g.endColumn !== undefined
      ? { line: g.endLine - 1, character: Math.max(0, g.endColumn - 1) }
      : { line: g.line - 1, character: 10_000 }; // to the end of the line (clients clamp)
  return { start, end };
}

/** `z > -2500` out of the label "`assert(z > -2500)`": the text inside the balanced parentheses after `assert`. */
function assertedCondition(label: string): string {
  const text = label.replace(/`/g, '');
  const start = text.search(/assert\s*\(/);
  if (start >= 0) {
    const open = text.indexOf('(', start);
    for (let i = open, depth = 0; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
    }
  }
  return text;
}

function propertyDiagnostic(uri: string, f: FunctionReport, g: GoalReport): Diagnostic | undefined {
  const test = g.test ? f.tests.find((t) => t.id === g.test) : undefined;
  const functionLocation = { uri, range: { start: { line: f.line - 1, character: 0 }, end: { line: f.line - 1, character: 0 } } };
  const related = [
    ...(test ? [{ location: functionLocation, message: `inputs of ${f.name}: ${formatInputs(test)}` }] : []),
    ...(g.why ?? []).map((r) => ({ location: { uri, range: goalRange(r) }, message: `\`${r.text}\`: ${r.role}` })),
  ];
  const what = g.kind === 'assertion' ? `assertion ${assertedCondition(g.label)}` : `runtime error (${g.outcome ?? 'error'}): ${g.label.replace(/`/g, '')}`;
  if (g.status === 'violated') {
    return {
      range: goalRange(g),
      source: 'creach',
      code: g.id,
      severity: g.kind === 'assertion' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
      message: `${what} violated${test ? ` for ${formatInputs(test)}` : ''}`,
      relatedInformation: related,
      // The client shows these values inline while the diagnostic is selected.
      ...(test ? { data: { goal: g.id, test: test.id, inlineValues: pathValues(test.trace) } satisfies PathDiagnosticData } : {}),
    };
  }
  if (g.status === 'unknown' || g.status === 'not-reached') {
    return {
      range: goalRange(g),
      source: 'creach',
      code: g.id,
      severity: DiagnosticSeverity.Information,
      message: `${what}: ${g.status === 'unknown' ? 'unknown' : `no violation within ${g.bound ?? '?'} loop iterations (not a proof)`}${g.reason ? `: ${g.reason}` : ''}`,
    };
  }
  return undefined;
}

/** Analyses that failed: `file:line:column: message` lines of this file at their place, the rest at the function. */
function failureDiagnostics(file: string, failures: { message: string; line: number }[], syntaxLines: Set<number>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const failure of failures) {
    for (const text of failure.message.split('\n')) {
      const m = /^(.*):(\d+):(\d+): (.*)$/.exec(text);
      const here = m && m[1] === file;
      const line = here ? Number(m[2]) : failure.line + 1;
      const message = here ? m[4] : `CReach could not analyse this function: ${text}`;
      if (seen.has(`${line}:${message}`) || (here && syntaxLines.has(line))) continue;
      seen.add(`${line}:${message}`);
      out.push({
        range: goalRange({ line, column: here ? Number(m[3]) : 1 }),
        severity: here ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        source: 'creach',
        message,
      });
    }
  }
  return out;
}

export function fileDiagnostics(uri: string, report: Report, index: FileIndex, failures: { message: string; line: number }[] = []): Diagnostic[] {
  const out: Diagnostic[] = index.syntaxErrors.map((e) => ({
    range: { start: { line: e.line, character: e.character }, end: { line: e.endLine, character: e.endCharacter } },
    severity: DiagnosticSeverity.Error,
    source: 'creach',
    message: e.message,
  }));
  const syntaxLines = new Set(index.syntaxErrors.map((e) => e.line + 1));
  out.push(...failureDiagnostics(report.file, failures, syntaxLines));
  for (const d of report.diagnostics ?? []) {
    if (d.severity === 'error' && syntaxLines.has(d.line)) continue; // tree-sitter already said it
    out.push({
      range: goalRange({ line: d.line, column: d.column }),
      source: 'creach',
      message: d.message,
      severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    });
  }
  for (const f of report.functions) {
    for (const g of f.goals) {
      if (g.kind === 'assertion' || g.kind === 'runtime-error') {
        const d = propertyDiagnostic(uri, f, g);
        if (d) out.push(d);
      } else if (g.kind === 'statement' && g.status === 'unreachable') {
        out.push({
          range: goalRange(g),
          source: 'creach',
          code: g.id,
          severity: DiagnosticSeverity.Hint,
          tags: [DiagnosticTag.Unnecessary],
          message: `unreachable: ${g.label}${g.why?.length ? ` (because of line${g.why.length > 1 ? 's' : ''} ${[...new Set(g.why.map((r) => r.line))].join(', ')})` : ''}`,
        });
      }
    }
    for (const u of f.unsupported ?? []) {
      out.push({
        range: goalRange({ line: u.line, column: 1 }),
        source: 'creach',
        severity: DiagnosticSeverity.Information,
        message: `not modelled: ${u.what}; goals it can affect are reported unknown`,
      });
    }
  }
  return out;
}
