// VS Code's Testing view for CReach's suites (issue 15 §1-2): each function
// with data is a test item, each datum a test under it, rebuilt from the
// server's file reports as they come. Running them (trusted workspaces only)
// compiles the data with the file and runs each, through the server's
// creach.runTests: pass or fail per datum with its output, a failure linked to
// the goal it missed. The coverage profile also gives gcov's line and branch
// counts of that run to the editor's coverage view.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FunctionReport, Report, RunSuiteResult, TestReport } from '../../shared/report';
import { formatInputs, type FileReportParams } from '../../shared/editor-protocol';

type Item = { kind: 'file'; uri: string } | { kind: 'function'; uri: string; function: string } | { kind: 'test'; uri: string; function: string; test: string };

export class TestingView implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController('creach', 'CReach');
  private readonly items = new WeakMap<vscode.TestItem, Item>();
  /** gcov's records of each file's latest coverage run, for the detailed view. */
  private readonly coverage = new WeakMap<vscode.FileCoverage, vscode.FileCoverageDetail[]>();

  constructor(
    private readonly fileReport: (uri: string) => FileReportParams | undefined,
    private readonly runTests: (uri: string, report: Report, token: vscode.CancellationToken) => Promise<RunSuiteResult>,
  ) {
    this.controller.createRunProfile('Run CReach data', vscode.TestRunProfileKind.Run, (r, t) => this.run(r, t, false), true);
    const cov = this.controller.createRunProfile('Run CReach data with coverage', vscode.TestRunProfileKind.Coverage, (r, t) => this.run(r, t, true), true);
    cov.loadDetailedCoverage = async (_run, fc) => this.coverage.get(fc) ?? [];
  }

  /**
   * The file's items from its latest report: a function with data, its data under it. Items have no
   * range: VS Code would put its run buttons in the gutter there, over CReach's marks of those lines.
   */
  update(uri: string): void {
    const report = this.fileReport(uri)?.report;
    const functions = (report?.functions ?? []).filter((f) => f.tests.length > 0);
    if (functions.length === 0) {
      this.controller.items.delete(uri);
      return;
    }
    const fileUri = vscode.Uri.parse(uri);
    const file = this.controller.items.get(uri) ?? this.controller.createTestItem(uri, path.basename(fileUri.path), fileUri);
    this.items.set(file, { kind: 'file', uri });
    file.children.replace(
      functions.map((f) => {
        const fi = this.controller.createTestItem(`${uri}#${f.name}`, f.name, fileUri);
        fi.description = `${f.tests.length} datum${f.tests.length === 1 ? '' : 's'}`;
        this.items.set(fi, { kind: 'function', uri, function: f.name });
        fi.children.replace(
          f.tests.map((t) => {
            const ti = this.controller.createTestItem(`${uri}#${f.name}#${t.id}`, `${t.id}: ${formatInputs(t)}`, fileUri);
            const goals = f.goals.filter((g) => t.goals.includes(g.id));
            ti.description = goals.length === 1 ? goals[0].label : `${goals.length} goals`;
            this.items.set(ti, { kind: 'test', uri, function: f.name, test: t.id });
            return ti;
          }),
        );
        return fi;
      }),
    );
    this.controller.items.add(file);
  }

  /** Runs the requested data, file by file (one compile per file), and reports each. */
  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken, withCoverage: boolean): Promise<void> {
    const run = this.controller.createTestRun(request);
    try {
      const wanted = this.selected(request);
      for (const [uri, tests] of wanted) {
        if (token.isCancellationRequested) break;
        const report = this.fileReport(uri)?.report;
        if (!report) continue;
        // The data asked for, as a report of their functions (with the goals they claim, for validation).
        const chosen: Report = {
          ...report,
          functions: report.functions.map((f) => ({ ...f, tests: f.tests.filter((t) => tests.has(`${f.name}#${t.id}`)) })).filter((f) => f.tests.length > 0),
        };
        const testItems = new Map<string, vscode.TestItem>();
        for (const f of chosen.functions)
          for (const t of f.tests) {
            const item = this.controller.items.get(uri)?.children.get(`${uri}#${f.name}`)?.children.get(`${uri}#${f.name}#${t.id}`);
            if (!item) continue;
            testItems.set(`${f.name}#${t.id}`, item);
            run.started(item);
          }
        let result: RunSuiteResult;
        try {
          result = await this.runTests(uri, chosen, token);
        } catch (e) {
          for (const item of testItems.values()) run.errored(item, new vscode.TestMessage(`CReach: ${(e as Error).message}`));
          continue;
        }
        if (!result.available) {
          for (const item of testItems.values()) run.errored(item, new vscode.TestMessage(result.message ?? 'the tests could not be run'));
          continue;
        }
        for (const r of result.tests) {
          const item = testItems.get(`${r.function}#${r.id}`);
          if (!item) continue;
          if (r.output) run.appendOutput(`${r.id} (${r.function}): ${r.output.trimEnd().replace(/\r?\n/g, '\r\n')}\r\n`, undefined, item);
          if (r.passed === true) run.passed(item);
          else if (r.passed === null) run.skipped(item);
          else run.failed(item, this.failure(uri, chosen, r.function, r.id, r.message, r.missed));
        }
        for (const b of result.bugs) run.appendOutput(`CREACH BUG: ${b}\r\n`);
        if (withCoverage && result.lines) run.addCoverage(this.fileCoverage(uri, result.lines));
      }
    } finally {
      run.end();
    }
  }

  /** `${function}#${test}` of the data asked for, by file. */
  private selected(request: vscode.TestRunRequest): Map<string, Set<string>> {
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const out = new Map<string, Set<string>>();
    const add = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      const it = this.items.get(item);
      if (it?.kind === 'test') {
        if (!out.has(it.uri)) out.set(it.uri, new Set());
        out.get(it.uri)!.add(`${it.function}#${it.test}`);
      }
      item.children.forEach(add);
    };
    if (request.include) request.include.forEach(add);
    else this.controller.items.forEach(add);
    return out;
  }

  /** Why a datum failed, at the line of the goal it missed (or its first goal). */
  private failure(uri: string, report: Report, fn: string, id: string, message: string, missed: string[]): vscode.TestMessage {
    const f: FunctionReport | undefined = report.functions.find((x) => x.name === fn);
    const t: TestReport | undefined = f?.tests.find((x) => x.id === id);
    const goal = f?.goals.find((g) => g.id === missed[0]) ?? f?.goals.find((g) => t?.goals.includes(g.id));
    const text = missed.length && goal ? `${message}\ndid not reach: ${goal.label} (line ${goal.line})` : message;
    const m = new vscode.TestMessage(text);
    if (goal) m.location = new vscode.Location(vscode.Uri.parse(uri), lineRange(goal.line));
    return m;
  }

  private fileCoverage(uri: string, lines: NonNullable<RunSuiteResult['lines']>): vscode.FileCoverage {
    const details = lines.map(
      (l) =>
        new vscode.StatementCoverage(
          l.count,
          new vscode.Position(l.line - 1, 0),
          l.branches.map((b, k) => new vscode.BranchCoverage(b, undefined, `branch ${k + 1}`)),
        ),
    );
    const fc = vscode.FileCoverage.fromDetails(vscode.Uri.parse(uri), details);
    this.coverage.set(fc, details);
    return fc;
  }

  dispose(): void {
    this.controller.dispose();
  }
}

const lineRange = (line1: number) => new vscode.Range(line1 - 1, 0, line1 - 1, 0);
