// Editor decorations: the gutter mark of each line and the branch marks of
// decisions whose outcomes are not all covered (computed by the server,
// marks.ts, sent with the file reports), the inline datum after a line the
// user asked to reach, with its actions in the decoration's hover, and, while
// the cursor is on a CReach diagnostic or an inline datum, the values along
// that datum's path at the end of the lines it passes (the way a debugger
// shows inline values). Inline text is shortened so that it does not run past
// the editor's edge; the hover has all of it. (Unreachable code is dimmed by
// the server's "unnecessary" hint diagnostics, which VS Code renders faded.)

import * as vscode from 'vscode';
import type { GoalStatus, Report, TestReport } from '../../shared/report';
import {
  formatInputs,
  formatValidation,
  formatValue,
  pathValues,
  shorten,
  type FileReportParams,
  type InlineValue,
  type LineMarkKind,
  type PathDiagnosticData,
  type ReachArgs,
} from '../../shared/editor-protocol';

const markKinds: LineMarkKind[] = ['error', 'warning', 'failed', 'unknown', 'not-reached', 'unreachable', 'covered', 'holds'];

/**
 * Characters of inline text after a line of `lineLength` characters: what
 * fits in an editor about 120 columns wide (a side-by-side editor on a laptop),
 * never less than 30; the hover has the whole text.
 */
export function inlineBudget(lineLength: number): number {
  return Math.max(30, 110 - lineLength);
}

const branchColours: Partial<Record<GoalStatus, string>> = {
  unreachable: 'disabledForeground',
  'not-reached': 'editorWarning.foreground',
  unknown: 'editorInfo.foreground',
  covered: 'editorWarning.foreground',
};

/** The inline result of a reach request on one line. */
export interface InlineDatum {
  args: ReachArgs;
  report: Report;
  /** Index of the shown test among the report's tests (for "another datum"). */
  shown: number;
}

export class Decorations implements vscode.Disposable {
  private readonly gutter = new Map<LineMarkKind, vscode.TextEditorDecorationType>();
  private readonly branchType: vscode.TextEditorDecorationType;
  private readonly inlineType: vscode.TextEditorDecorationType;
  private readonly reports = new Map<string, FileReportParams>();
  private readonly inline = new Map<string, Map<number, InlineDatum>>();
  private readonly pathType: vscode.TextEditorDecorationType;
  /** CReach diagnostics as the server sent them (with their `data`), by uri. */
  private readonly diagnostics = new Map<string, vscode.Diagnostic[]>();
  /** The path values shown, by uri: those of the diagnostic or datum under the cursor. */
  private readonly activePath = new Map<string, InlineValue[]>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(extensionUri: vscode.Uri) {
    for (const mark of markKinds) {
      this.gutter.set(
        mark,
        vscode.window.createTextEditorDecorationType({
          gutterIconPath: vscode.Uri.joinPath(extensionUri, 'media', 'icons', `${mark}.svg`),
          gutterIconSize: '75%',
        }),
      );
    }
    this.branchType = vscode.window.createTextEditorDecorationType({
      after: { margin: '0 0 0 1.5em', fontStyle: 'italic' },
    });
    this.inlineType = vscode.window.createTextEditorDecorationType({
      after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
    });
    this.pathType = vscode.window.createTextEditorDecorationType({
      after: {
        margin: '0 0 0 1.5em',
        color: new vscode.ThemeColor('editor.inlineValuesForeground'),
        backgroundColor: new vscode.ThemeColor('editor.inlineValuesBackground'),
      },
    });
    this.subscriptions.push(
      vscode.window.onDidChangeTextEditorSelection((e) => this.updatePath(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor((e) => e && this.updatePath(e)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.renderAll()),
      // An inline datum belongs to the text it was computed for.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length === 0) return;
        const uri = e.document.uri.toString();
        const hadInline = this.inline.delete(uri);
        if (this.activePath.delete(uri) || hadInline) this.renderUri(uri);
      }),
    );
  }

  fileReport(uri: string): FileReportParams | undefined {
    return this.reports.get(uri);
  }

  setFileReport(p: FileReportParams): void {
    this.reports.set(p.uri, p);
    this.renderUri(p.uri);
  }

  /** The server's diagnostics for a file, as the language client received them (middleware). */
  setDiagnostics(uri: string, diagnostics: readonly vscode.Diagnostic[]): void {
    this.diagnostics.set(uri, [...diagnostics]);
    this.updatePathOf(uri);
  }

  inlineAt(uri: string, line: number): InlineDatum | undefined {
    return this.inline.get(uri)?.get(line);
  }

  setInline(uri: string, line: number, datum: InlineDatum | undefined): void {
    if (!this.inline.has(uri)) this.inline.set(uri, new Map());
    if (datum) this.inline.get(uri)!.set(line, datum);
    else this.inline.get(uri)!.delete(line);
    this.renderUri(uri);
    this.updatePathOf(uri);
  }

  /** The values along the path of what is under the cursor: a CReach diagnostic's counter-example, or an inline datum. */
  private pathAtCursor(editor: vscode.TextEditor): InlineValue[] {
    const uri = editor.document.uri.toString();
    const line = editor.selection.active.line;
    const diagnostic = this.diagnostics.get(uri)?.find((d) => d.range.start.line <= line && line <= d.range.end.line && pathData(d));
    if (diagnostic) return pathData(diagnostic)!.inlineValues;
    const datum = this.inlineAt(uri, line);
    const shown = datum && shownTest(datum);
    return shown ? pathValues(shown.test.trace) : [];
  }

  private updatePathOf(uri: string): void {
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document.uri.toString() === uri) this.updatePath(editor);
  }

  private updatePath(editor: vscode.TextEditor): void {
    const uri = editor.document.uri.toString();
    const values = this.pathAtCursor(editor);
    const before = this.activePath.get(uri) ?? [];
    if (JSON.stringify(values) === JSON.stringify(before)) return;
    if (values.length > 0) this.activePath.set(uri, values);
    else this.activePath.delete(uri);
    this.renderUri(uri);
  }

  dispose(): void {
    for (const d of this.gutter.values()) d.dispose();
    this.branchType.dispose();
    this.inlineType.dispose();
    this.pathType.dispose();
    for (const s of this.subscriptions) s.dispose();
  }

  private renderAll(): void {
    for (const editor of vscode.window.visibleTextEditors) this.render(editor);
  }

  private renderUri(uri: string): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document.uri.toString() === uri) this.render(editor);
  }

  private render(editor: vscode.TextEditor): void {
    const uri = editor.document.uri.toString();
    const marks = this.reports.get(uri)?.marks;
    const lineCount = editor.document.lineCount;
    for (const [mark, type] of this.gutter) {
      const ranges = (marks?.lines ?? []).filter((m) => m.mark === mark && m.line < lineCount).map((m) => new vscode.Range(m.line, 0, m.line, 0));
      editor.setDecorations(type, ranges);
    }
    const lineEnd = (line: number) => editor.document.lineAt(line).range.end;
    const branches: vscode.DecorationOptions[] = [];
    for (const b of marks?.branches ?? []) {
      if (b.line >= lineCount) continue;
      const end = lineEnd(b.line);
      branches.push({
        range: new vscode.Range(end, end),
        renderOptions: {
          after: {
            contentText: shorten(b.text, inlineBudget(end.character)),
            color: new vscode.ThemeColor(branchColours[b.worst] ?? 'editorCodeLens.foreground'),
          },
        },
      });
    }
    editor.setDecorations(this.branchType, branches);
    const inline: vscode.DecorationOptions[] = [];
    for (const [line, datum] of this.inline.get(uri) ?? []) {
      if (line >= lineCount) continue;
      const end = lineEnd(line);
      inline.push({
        range: new vscode.Range(end, end),
        hoverMessage: actionsMarkdown(uri, line, datum),
        renderOptions: { after: { contentText: shorten(inlineText(datum), inlineBudget(end.character)) } },
      });
    }
    editor.setDecorations(this.inlineType, inline);
    const path: vscode.DecorationOptions[] = [];
    for (const v of this.activePath.get(uri) ?? []) {
      if (v.line >= lineCount) continue;
      const end = lineEnd(v.line);
      const text = shorten(v.text, inlineBudget(end.character));
      path.push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: text } }, ...(text !== v.text ? { hoverMessage: v.text } : {}) });
    }
    editor.setDecorations(this.pathType, path);
  }
}

/** The path values the server attached to a diagnostic, if any. */
function pathData(d: vscode.Diagnostic): PathDiagnosticData | undefined {
  const data = (d as vscode.Diagnostic & { data?: unknown }).data as PathDiagnosticData | undefined;
  return data && Array.isArray(data.inlineValues) && data.inlineValues.length > 0 ? data : undefined;
}

/** The test shown for a reach result, if any. */
export function shownTest(d: InlineDatum): { functionName: string; test: TestReport } | undefined {
  const all = d.report.functions.flatMap((f) => f.tests.map((test) => ({ functionName: f.name, test })));
  return all.length > 0 ? all[Math.min(d.shown, all.length - 1)] : undefined;
}

/** `→ x = 2, y = 3 ✓ validated`, or `→ unreachable: …`. */
export function inlineText(d: InlineDatum): string {
  const shown = shownTest(d);
  if (shown) {
    const v = formatValidation(shown.test);
    const result = shown.test.result !== undefined ? ` (returns ${formatValue(shown.test.result)})` : '';
    return `→ ${formatInputs(shown.test)}${result}${v ? ` ${v}` : ''}`;
  }
  const goal = d.report.functions.flatMap((f) => f.goals)[0];
  if (!goal) return '→ no goal on this line';
  const why = goal.why?.length ? ` (lines ${[...new Set(goal.why.map((r) => r.line))].join(', ')})` : '';
  switch (goal.status) {
    case 'unreachable':
      return `→ unreachable: ${goal.reason ?? 'no input reaches it'}${why}`;
    case 'not-reached':
      return `→ not reached within ${goal.bound ?? '?'} loop iterations (not a proof)`;
    case 'unknown':
      return `→ unknown: ${goal.reason ?? 'the solver gave no answer in time'}`;
    default:
      return `→ ${goal.status}`;
  }
}

function commandLink(title: string, command: string, args: unknown): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

function actionsMarkdown(uri: string, line: number, d: InlineDatum): vscode.MarkdownString {
  const target = { uri, line };
  const actions = [
    ...(shownTest(d) ? [commandLink('Copy as C test', 'creach.copyAsCTest', target), commandLink('Another datum', 'creach.anotherDatum', target)] : []),
    commandLink('Show the path in the CFG', 'creach.showCfg', { uri, line }),
    commandLink('Reach with condition...', 'creach.reachWithCondition', target),
  ];
  const md = new vscode.MarkdownString(`**CReach** ${inlineText(d)}\n\n${actions.join(' · ')}`);
  md.isTrusted = { enabledCommands: ['creach.copyAsCTest', 'creach.anotherDatum', 'creach.showCfg', 'creach.reachWithCondition'] };
  return md;
}
