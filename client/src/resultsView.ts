// The "Results" view (CReach's side bar): the results of one function, the
// one whose coverage CodeLens the user clicked. Goals not covered first (with
// why), then properties, the test data (with their validation), and the
// covered goals. Clicking an item shows its line. It follows the server's
// file reports as they come.

import * as vscode from 'vscode';
import type { FunctionReport, GoalReport, McdcDecisionReport, McdcIndependence, Report, TestReport } from '../../shared/report';
import { formatEnd, formatInputs, formatValidation, formatValue, type FileReportParams } from '../../shared/editor-protocol';
import { isProperty } from '../../shared/verdicts';

type Group = 'open' | 'properties' | 'tests' | 'covered';

type Node =
  | { kind: 'function'; f: FunctionReport }
  | { kind: 'group'; f: FunctionReport; group: Group; items: (GoalReport | TestReport)[] }
  | { kind: 'goal'; f: FunctionReport; goal: GoalReport }
  | { kind: 'test'; f: FunctionReport; test: TestReport }
  /** MC/DC of the function (its own suite, from "CReach: MC/DC of this function"), per decision, per condition. */
  | { kind: 'mcdc'; m: FunctionReport; outdated: boolean }
  | { kind: 'mcdc-decision'; m: FunctionReport; d: McdcDecisionReport }
  | { kind: 'mcdc-condition'; m: FunctionReport; d: McdcDecisionReport; x: McdcIndependence }
  | { kind: 'note'; text: string };

const groupTitles: Record<Group, string> = {
  open: 'Not covered',
  properties: 'Properties',
  tests: 'Test data',
  covered: 'Covered',
};

const statusWords: Record<GoalReport['status'], string> = {
  covered: 'covered',
  unreachable: 'unreachable',
  'not-reached': 'not reached within the loop bound',
  unknown: 'unknown',
  violated: 'violated',
  holds: 'holds',
};

const statusIcons: Record<GoalReport['status'], string> = {
  covered: 'pass',
  unreachable: 'circle-slash',
  'not-reached': 'watch',
  unknown: 'question',
  violated: 'error',
  holds: 'shield',
};

export class ResultsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  private target: { uri: string; function: string } | undefined;
  /** MC/DC reports by `${uri}#${function}`, with the file version they were computed on. */
  private readonly mcdc = new Map<string, { report: FunctionReport; version: number | undefined }>();

  constructor(private readonly fileReport: (uri: string) => FileReportParams | undefined) {
    this.view = vscode.window.createTreeView('creach.results', { treeDataProvider: this, showCollapseAll: true });
    this.view.message = "Click a function's CReach CodeLens to see its results here.";
  }

  /** Shows the results of this function (and reveals the view). */
  async show(uri: string, functionName: string): Promise<void> {
    this.target = { uri, function: functionName };
    this.refresh();
    await vscode.commands.executeCommand('creach.results.focus');
  }

  /** Shows a function's MC/DC (from creach.mcdc) in its results. */
  async showMcdc(uri: string, functionName: string, report: Report): Promise<void> {
    const f = report.functions.find((x) => x.name === functionName);
    if (f?.mcdc) this.mcdc.set(`${uri}#${functionName}`, { report: f, version: this.fileReport(uri)?.version });
    await this.show(uri, functionName);
  }

  /** A file report arrived: redraw if it is the shown function's file. */
  update(uri: string): void {
    if (this.target?.uri === uri) this.refresh();
  }

  dispose(): void {
    this.view.dispose();
    this.changed.dispose();
  }

  private refresh(): void {
    const t = this.target;
    if (t) {
      const p = this.fileReport(t.uri);
      const stale = p?.stale?.find((s) => s.function === t.function);
      const file = decodeURIComponent(t.uri.replace(/^.*\//, ''));
      const pending = p?.validating?.includes(t.function) ? ' · validating data…' : p?.pending.includes(t.function) ? ' · analysing…' : '';
      this.view.message = `${t.function}() in ${file}${pending}${stale ? ` · stale: ${stale.reason}` : ''}`;
      this.view.description = `${t.function}()`;
    }
    this.changed.fire(undefined);
  }

  private functionReport(): FunctionReport | undefined {
    const t = this.target;
    return t && this.fileReport(t.uri)?.report.functions.find((f) => f.name === t.function);
  }

  getChildren(node?: Node): Node[] {
    if (!node) {
      const f = this.functionReport();
      if (!f) return this.target ? [{ kind: 'note', text: 'No results yet: the analysis is running or cannot run (see the CodeLens).' }] : [];
      return [{ kind: 'function', f }];
    }
    if (node.kind === 'function') {
      const own = node.f.goals.filter((g) => !('context' in g && g.context));
      const coverage = own.filter((g) => g.kind === 'statement' || g.kind === 'branch');
      const groups: Node[] = [
        { kind: 'group', f: node.f, group: 'open', items: coverage.filter((g) => g.status !== 'covered') },
        { kind: 'group', f: node.f, group: 'properties', items: own.filter(isProperty) },
        { kind: 'group', f: node.f, group: 'tests', items: node.f.tests },
        { kind: 'group', f: node.f, group: 'covered', items: coverage.filter((g) => g.status === 'covered') },
      ];
      const shown = groups.filter((g) => g.kind === 'group' && g.items.length > 0);
      const m = this.target && this.mcdc.get(`${this.target.uri}#${node.f.name}`);
      if (m) shown.push({ kind: 'mcdc', m: m.report, outdated: m.version !== this.fileReport(this.target!.uri)?.version });
      return shown;
    }
    if (node.kind === 'mcdc') return node.m.mcdc!.decisions.map((d) => ({ kind: 'mcdc-decision', m: node.m, d }));
    if (node.kind === 'mcdc-decision') return node.d.independence.map((x) => ({ kind: 'mcdc-condition', m: node.m, d: node.d, x }));
    if (node.kind === 'group') {
      const f = node.f;
      return node.group === 'tests'
        ? (node.items as TestReport[]).map((test) => ({ kind: 'test', f, test }))
        : (node.items as GoalReport[]).sort((a, b) => a.line - b.line || a.column - b.column).map((goal) => ({ kind: 'goal', f, goal }));
    }
    return [];
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const uri = this.target?.uri ?? '';
    const reveal = (line: number): vscode.Command => ({ title: 'Show the line', command: 'creach.revealLine', arguments: [{ uri, line: line - 1 }] });
    switch (node.kind) {
      case 'note':
        return new vscode.TreeItem(node.text);
      case 'function': {
        const item = new vscode.TreeItem(`${node.f.name}()`, vscode.TreeItemCollapsibleState.Expanded);
        const failed = node.f.tests.filter((t) => t.validated === false).length;
        item.description = `${node.f.tests.length} test data${failed ? ` · ${failed} failed validation` : ''}`;
        item.iconPath = new vscode.ThemeIcon(failed ? 'warning' : 'symbol-function');
        item.command = reveal(node.f.line);
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(
          `${groupTitles[node.group]} (${node.items.length})`,
          node.group === 'covered' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
        );
        item.contextValue = `creach.group.${node.group}`;
        return item;
      }
      case 'goal': {
        const g = node.goal;
        const item = new vscode.TreeItem(`line ${g.line}: ${g.label.replace(/^statement /, '')}`);
        const test = g.test ? node.f.tests.find((t) => t.id === g.test) : undefined;
        const unconfirmed = g.status === 'covered' && test?.validated === false;
        item.description = `${statusWords[g.status]}${g.proof === 'bounded' || g.status === 'not-reached' ? ` (k = ${g.bound ?? '?'})` : ''}${unconfirmed ? ' · validation failed' : ''}`;
        const icon = unconfirmed ? 'warning' : g.status === 'violated' && g.kind === 'runtime-error' ? 'warning' : statusIcons[g.status];
        item.iconPath = new vscode.ThemeIcon(icon);
        const why = g.why?.map((r) => `line ${r.line}: ${r.text} (${r.role})`).join('\n');
        item.tooltip = [g.label, statusWords[g.status], g.reason, why, test ? `datum: ${formatInputs(test)}` : undefined].filter(Boolean).join('\n');
        item.command = reveal(g.line);
        return item;
      }
      case 'mcdc': {
        const ds = node.m.mcdc!.decisions;
        const shown = ds.reduce((n, d) => n + d.shown, 0);
        const total = ds.reduce((n, d) => n + d.conditions.length, 0);
        const item = new vscode.TreeItem(`MC/DC (${shown}/${total} conditions)`, vscode.TreeItemCollapsibleState.Expanded);
        item.description = node.outdated ? 'for an earlier version of the file' : `${node.m.tests.length} data`;
        item.tooltip =
          'Unique-cause MC/DC for short-circuit C (the two data of a pair differ in the condition and the outcome, and agree on every other condition both evaluate); masking MC/DC where no unique-cause pair exists.';
        return item;
      }
      case 'mcdc-decision': {
        const d = node.d;
        const item = new vscode.TreeItem(`line ${d.line}: ${d.text}`, vscode.TreeItemCollapsibleState.Expanded);
        item.description = `${d.shown}/${d.conditions.length} shown`;
        item.iconPath = new vscode.ThemeIcon(d.shown === d.conditions.length ? 'pass' : 'warning');
        item.command = reveal(d.line);
        return item;
      }
      case 'mcdc-condition': {
        const { d, x, m } = node;
        const c = d.conditions[x.condition];
        const item = new vscode.TreeItem(c.text);
        const data = (x.tests ?? []).map((id) => m.tests.find((t) => t.id === id)).filter((t): t is TestReport => !!t);
        item.description =
          x.status === 'shown'
            ? `shown (${x.mode}) by ${data.map((t) => formatInputs(t)).join(' and ')}`
            : x.status === 'impossible'
              ? 'no pair can exist'
              : 'not shown';
        item.iconPath = new vscode.ThemeIcon(x.status === 'shown' ? 'pass' : x.status === 'impossible' ? 'circle-slash' : 'question');
        item.tooltip = [x.reason, ...data.map((t) => `${t.id}: ${formatInputs(t)}${t.validated ? ' (✓ validated)' : ''}`)].join('\n');
        item.command = reveal(c.line);
        return item;
      }
      case 'test': {
        const t = node.test;
        const result = t.result !== undefined ? ` → ${formatValue(t.result)}` : t.end ? ` → ${formatEnd(t)}` : '';
        const item = new vscode.TreeItem(`${t.id}: ${formatInputs(t)}${result}`);
        item.description = formatValidation(t) || 'not validated';
        item.iconPath = new vscode.ThemeIcon(t.validated === false ? 'warning' : t.validated ? 'pass' : 'beaker');
        item.tooltip = [`${t.id}: ${formatInputs(t)}${result}`, formatValidation(t) + (t.validation ? `: ${t.validation}` : '')].filter(Boolean).join('\n');
        const first = node.f.goals.find((g) => g.test === t.id) ?? node.f.goals.find((g) => t.goals.includes(g.id));
        if (first) item.command = reveal(first.line);
        return item;
      }
    }
  }
}
