// Diagnostics (Problems view) from a file's analysis: violated assertions and
// possible runtime errors with their counter-example, properties left
// unknown, data whose compiled run did not confirm them (validation failed),
// unsupported constructs, front-end messages and syntax errors, and
// unreachable statements as faded "unnecessary" hints (dimmed code).
//
// Messages are sentences for people: no goal ids (they stay in `data`), no
// "may overflow violated". A runtime error located in a comment (an ACSL
// contract that reads through a pointer it allows to be NULL) is about the
// contract, not about code that runs: a hint there, not a warning. A null
// dereference whose counter-example passes NULL for a parameter (or global)
// is about the function's unstated contract, which callers may well keep:
// information, with a quick fix adding `requires \valid(p)`, below the
// warnings of errors no caller can rule out.

import { CodeActionKind, DiagnosticSeverity, DiagnosticTag, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver';
import type { FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';
import { formatInputs, pathValues, type PathDiagnosticData } from '../../../shared/editor-protocol';
import { within, type FileIndex, type FunctionInfo } from './functions';
import { failedTests, goalContext, ownGoals, withoutGoalIds } from './reports';
import { isProperty } from '../../../shared/verdicts';

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

/** The code a goal's label quotes: "`x * y` may overflow" -> `x * y`. */
function quoted(label: string): string {
  return /`([^`]*)`/.exec(label)?.[1] ?? label;
}

/** What goes wrong when a runtime error happens, as a verb phrase: "`x * y` overflows". */
const failsAs: Record<string, string> = {
  overflow: 'overflows',
  'div-by-zero': 'divides by zero',
  'div-overflow': 'overflows (INT_MIN / -1)',
  shift: 'shifts by a negative or too large amount, or shifts a negative value',
  bounds: 'indexes out of bounds',
  null: 'dereferences a null pointer',
  'float-to-int': 'converts a floating value out of the integer range',
  free: 'frees a pointer that is not a live heap object',
  uninit: 'reads an uninitialised variable',
  'vla-size': 'declares a variable-length array of a size not greater than 0',
};

/** A property in words: what it is about, the sentence when it fails, the one when it holds. */
export function property(g: GoalReport): { subject: string; fails: string; holds: string } {
  if (g.kind === 'assertion') {
    if (/:\d+:error(@\d+)?$/.test(g.id)) {
      const call = quoted(g.label);
      return { subject: `\`${call}\``, fails: `\`${call}\` is called`, holds: `\`${call}\` is never called` };
    }
    if (/^`ensures /.test(g.label)) {
      const clause = quoted(g.label).replace(/^ensures\s+/, '');
      return { subject: `postcondition \`${clause}\``, fails: `postcondition \`${clause}\` fails`, holds: `postcondition \`${clause}\` holds` };
    }
    const condition = assertedCondition(g.label);
    return { subject: `assertion \`${condition}\``, fails: `assertion \`${condition}\` fails`, holds: `assertion \`${condition}\` holds` };
  }
  const code = quoted(g.label);
  const verb = failsAs[g.outcome ?? ''] ?? 'fails at run time';
  return { subject: `\`${code}\``, fails: `\`${code}\` ${verb}`, holds: `\`${code}\` never ${verb}` };
}

/** " (in g, called from main at line 12)" for a goal of a called function. */
function contextText(g: GoalReport): string {
  const context = goalContext(g);
  if (!context) return '';
  const first = context.calls[0];
  return ` (in ${context.function}, called from ${first ? `${first.function} at line ${first.line}` : 'the analysed function'})`;
}

function propertyDiagnostic(uri: string, f: FunctionReport, g: GoalReport, inComment: boolean): Diagnostic | undefined {
  const test = g.test ? f.tests.find((t) => t.id === g.test) : undefined;
  const functionLocation = { uri, range: { start: { line: f.line - 1, character: 0 }, end: { line: f.line - 1, character: 0 } } };
  const related = [
    ...(test ? [{ location: functionLocation, message: `inputs of ${f.name}: ${formatInputs(test)}` }] : []),
    ...(g.why ?? []).map((r) => ({ location: { uri, range: goalRange(r) }, message: `\`${r.text}\`: ${r.role}` })),
  ];
  const p = property(g);
  const where = contextText(g);
  const reason = g.reason ? `: ${withoutGoalIds(g.reason, f.goals)}` : '';
  if (g.status === 'violated') {
    if (inComment) {
      // The contract itself reads through something it does not require to be valid.
      return {
        range: goalRange(g),
        source: 'creach',
        severity: DiagnosticSeverity.Hint,
        message: `the contract's ${p.subject} is undefined${test ? ` for ${formatInputs(test)}` : ''}: the contract does not rule that out`,
      };
    }
    const nullInputs = g.outcome === 'null' && test ? unconstrainedNulls(test) : [];
    const contract = nullInputs.length
      ? `: nothing requires ${nullInputs.map((n) => `\`${n}\``).join(', ')} to be valid (if callers guarantee it, say so with \`requires \\valid(${nullInputs[0]})\`)`
      : '';
    return {
      range: goalRange(g),
      source: 'creach',
      severity: g.kind === 'assertion' ? DiagnosticSeverity.Error : nullInputs.length ? DiagnosticSeverity.Information : DiagnosticSeverity.Warning,
      message: `${p.fails}${where}${test ? ` for ${formatInputs(test)}` : ''}${contract}`,
      relatedInformation: related,
      // The client shows these values inline while the diagnostic is selected.
      ...(test
        ? {
            data: {
              goal: g.id,
              test: test.id,
              inlineValues: pathValues(test.trace),
              ...(nullInputs.length ? { nullInputs } : {}),
            } satisfies PathDiagnosticData,
          }
        : {}),
    };
  }
  if (inComment) return undefined;
  if (g.status === 'unknown') {
    return {
      range: goalRange(g),
      source: 'creach',
      severity: DiagnosticSeverity.Information,
      message: `CReach could not decide whether ${p.fails}${where}${reason}`,
      data: { goal: g.id },
    };
  }
  if (g.status === 'not-reached') {
    return {
      range: goalRange(g),
      source: 'creach',
      severity: DiagnosticSeverity.Information,
      // Bounded by loop iterations, or only by what the input model assumes (then `reason` names it).
      message:
        g.bound !== undefined
          ? `${p.holds} within ${g.bound} loop iterations; not a proof beyond them${where}${reason}`
          : `${p.holds} for the inputs considered; not a proof${where}${reason}`,
      data: { goal: g.id },
    };
  }
  return undefined;
}

/** The inputs (parameters, globals) a datum sets to NULL: pointers the function's contract does not require valid. */
function unconstrainedNulls(t: TestReport): string[] {
  return Object.entries(t.inputs)
    .filter(([name, v]) => v === null && /^[A-Za-z_]\w*$/.test(name))
    .map(([name]) => name);
}

/**
 * Quick fixes for the diagnostics of null dereferences of inputs nothing requires valid: a
 * `/*@ requires \\valid(p); *\/` comment before the function, at the definition's indentation
 * (ACSL contracts chain, so one before an existing contract joins it).
 */
export function contractFixes(uri: string, lineText: (line0: number) => string, fn: FunctionInfo, diagnostics: Diagnostic[]): CodeAction[] {
  const indent = /^\s*/.exec(lineText(fn.defLine).slice(0, fn.defCharacter))?.[0] ?? '';
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  for (const d of diagnostics) {
    const names = d.source === 'creach' ? (d.data as Partial<PathDiagnosticData> | undefined)?.nullInputs : undefined;
    for (const name of names ?? []) {
      if (seen.has(name)) continue;
      seen.add(name);
      const at = { line: fn.defLine, character: 0 };
      actions.push({
        title: `Add \`requires \\valid(${name})\` to ${fn.name}'s contract`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: seen.size === 1,
        edit: { changes: { [uri]: [{ range: { start: at, end: at }, newText: `${indent}/*@ requires \\valid(${name}); */\n` }] } },
      });
    }
  }
  return actions;
}

/** A datum whose compiled run did not confirm it: at the first goal it was generated for (else the function). */
function validationDiagnostic(f: FunctionReport, t: TestReport): Diagnostic {
  const goals = ownGoals(f);
  const at = goals.find((g) => g.test === t.id) ?? goals.find((g) => t.goals.includes(g.id));
  const range = at ? goalRange(at) : goalRange({ line: f.line, column: 1 });
  const why = t.validation ? withoutGoalIds(t.validation, f.goals) : 'the compiled program did not behave as CReach computed';
  return {
    range,
    source: 'creach',
    severity: DiagnosticSeverity.Warning,
    message: `validation failed for ${formatInputs(t)} (${f.name}): ${why}; what CReach says this datum covers is not confirmed`,
    data: { test: t.id },
  };
}

/** Analyses that failed or errors that keep functions from being analysed: at their place in this file, or at the function. */
function failureDiagnostics(file: string, failures: { message: string; line: number }[], syntaxLines: Set<number>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const failure of failures) {
    for (const text of failure.message.split('\n')) {
      const m = /^(.*):(\d+):(\d+): (.*)$/.exec(text);
      const here = m && m[1] === file;
      const line = here ? Number(m[2]) : failure.line + 1;
      const message = here ? m[4] : `CReach could not analyse this function: ${withoutGoalIds(text)}`;
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
      message: withoutGoalIds(d.message),
      severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    });
  }
  const inComment = (g: GoalReport) => index.comments.some((c) => within(c, g.line - 1, Math.max(0, g.column - 1)));
  const seenProperties = new Set<string>();
  for (const f of report.functions) {
    for (const g of f.goals) {
      if (isProperty(g)) {
        const d = propertyDiagnostic(uri, f, g, inComment(g));
        // The same property of a called function, violated in the contexts of several callers: once.
        const k = d && `${g.line}:${g.column}:${d.message}`;
        if (d && !seenProperties.has(k!)) {
          seenProperties.add(k!);
          out.push(d);
        }
      } else if (g.kind === 'statement' && g.status === 'unreachable' && !goalContext(g)) {
        out.push({
          range: goalRange(g),
          source: 'creach',
          severity: DiagnosticSeverity.Hint,
          tags: [DiagnosticTag.Unnecessary],
          message: `unreachable: ${g.label}${g.why?.length ? ` (because of line${g.why.length > 1 ? 's' : ''} ${[...new Set(g.why.map((r) => r.line))].join(', ')})` : ''}`,
          data: { goal: g.id },
        });
      }
    }
    // A datum made for a contract's own undefined behaviour (all its goals in comments) runs no code CReach claims anything about.
    const aboutCode = (t: TestReport) =>
      t.goals.some((id) => {
        const g = f.goals.find((x) => x.id === id);
        return !g || !inComment(g);
      });
    for (const t of failedTests(f)) if (aboutCode(t)) out.push(validationDiagnostic(f, t));
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
