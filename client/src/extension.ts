// The CReach VS Code extension: starts the language server (dist/server.js,
// node IPC), and adds what LSP has no words for: reach commands with the
// datum shown inline, gutter and branch marks, the results view (the coverage
// CodeLens opens it), the CFG webview, test-suite generation and export,
// "Copy as C test", VS Code's Testing and coverage views (testing.ts), a
// status-bar item and the output channel. Reach requests
// and the test suite show a cancellable progress notification. The context
// keys `creach.decisionLines` and `creach.cursorOnDecision` offer "Reach this
// branch" only on lines with a decision. Workspace trust: the server validates
// data (compiles and runs user code) only when trusted.

import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  ExecuteCommandRequest,
  WorkDoneProgress,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { CfgView } from '../../shared/cfg';
import type { Report, RunSuiteResult } from '../../shared/report';
import {
  ServerCommands,
  FileReportNotification,
  StatusNotification,
  TrustNotification,
  formatInputs,
  type FileReportParams,
  type ReachArgs,
  type StatusParams,
} from '../../shared/editor-protocol';
import { CfgPanels } from './cfgPanel';
import { Decorations, shownTest, type InlineDatum } from './decorations';
import { ResultsView } from './resultsView';
import { TestingView } from './testing';
import { SERVER_NODE_FLAGS, launchEnvironment } from '../../shared/server-flags';

let client: LanguageClient | undefined;

/** Where a command applies: from its arguments (CodeLens, gutter menu, links) or the active editor. */
interface LineTarget {
  uri: string;
  line: number;
}

function targetOf(arg: unknown): LineTarget | undefined {
  if (arg && typeof arg === 'object' && 'uri' in arg && typeof (arg as LineTarget).uri === 'string') {
    const a = arg as { uri: string; line?: number; lineNumber?: number };
    if (typeof a.line === 'number') return { uri: a.uri, line: a.line };
  }
  // editor/lineNumber/context passes { uri: Uri, lineNumber } (1-based).
  if (arg && typeof arg === 'object' && 'lineNumber' in arg) {
    const a = arg as { uri: vscode.Uri; lineNumber: number };
    return { uri: a.uri.toString(), line: a.lineNumber - 1 };
  }
  const editor = vscode.window.activeTextEditor;
  return editor ? { uri: editor.document.uri.toString(), line: editor.selection.active.line } : undefined;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('CReach', { log: true });
  const statusBar = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 10);
  statusBar.name = 'CReach';
  statusBar.command = 'creach.showOutput';
  statusBar.text = '$(beaker) CReach: starting';
  statusBar.show();
  const decorations = new Decorations(context.extensionUri);
  context.subscriptions.push(output, statusBar, decorations);

  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: SERVER_NODE_FLAGS, env: launchEnvironment(process.env) } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6010'], env: launchEnvironment(process.env) },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'c' },
      { scheme: 'untitled', language: 'c' },
    ],
    synchronize: { configurationSection: 'creach' },
    initializationOptions: { settings: vscode.workspace.getConfiguration('creach'), trusted: vscode.workspace.isTrusted },
    outputChannel: output,
    middleware: {
      // Keep the diagnostics' `data` (the values along a counter-example's path) for the inline path values.
      handleDiagnostics: (uri, diagnostics, next) => {
        decorations.setDiagnostics(uri.toString(), diagnostics);
        next(uri, diagnostics);
      },
    },
  };
  client = new LanguageClient('creach', 'CReach', serverOptions, clientOptions);
  const c = client;

  const execute = <T>(command: string, arg: unknown, token?: vscode.CancellationToken): Promise<T> =>
    c.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] }, token) as Promise<T>;
  const cancelled = (e: unknown) => e instanceof Error && /cancel/i.test(e.message);

  const results = new ResultsView((uri) => decorations.fileReport(uri));
  const testing = new TestingView(
    (uri) => decorations.fileReport(uri),
    (uri, report, token) => execute<RunSuiteResult>(ServerCommands.runTests, { uri, report }, token),
  );
  context.subscriptions.push(results, testing);

  /** `creach.decisionLines`: 1-based lines of the active editor with a true/false decision; `creach.cursorOnDecision`: the cursor is on one. */
  let decisionLines: number[] = [];
  const updateDecisionKeys = (editor = vscode.window.activeTextEditor) => {
    const lines = (editor && decorations.fileReport(editor.document.uri.toString())?.decisionLines) ?? [];
    if (JSON.stringify(lines) !== JSON.stringify(decisionLines)) {
      decisionLines = lines;
      void vscode.commands.executeCommand('setContext', 'creach.decisionLines', lines);
    }
    const onDecision = !!editor && lines.includes(editor.selection.active.line + 1);
    void vscode.commands.executeCommand('setContext', 'creach.cursorOnDecision', onDecision);
  };

  context.subscriptions.push(
    c.onNotification(FileReportNotification, (p: FileReportParams) => {
      decorations.setFileReport(p);
      results.update(p.uri);
      testing.update(p.uri);
      if (vscode.window.activeTextEditor?.document.uri.toString() === p.uri) updateDecisionKeys();
    }),
    // While work is pending the language server's work-done progress is the status-bar item; ours is shown only when idle.
    c.onNotification(StatusNotification, (p: StatusParams) => {
      if (p.state === 'analysing') {
        statusBar.hide();
        return;
      }
      statusBar.text = p.state === 'error' ? '$(error) CReach' : '$(beaker) CReach';
      statusBar.tooltip = `CReach: ${p.state === 'idle' ? 'analysis up to date' : 'error'}${p.message ? ` (${p.message})` : ''}. Click for the output.`;
      statusBar.show();
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void c.sendNotification(TrustNotification, { trusted: true })),
    vscode.window.onDidChangeActiveTextEditor((e) => updateDecisionKeys(e)),
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (e.textEditor === vscode.window.activeTextEditor) updateDecisionKeys(e.textEditor);
    }),
  );

  // ---- reach ----
  const reach = async (target: LineTarget | undefined, extra: Partial<ReachArgs> = {}): Promise<void> => {
    if (!target) {
      void vscode.window.showWarningMessage('CReach: open a C file and put the cursor on a statement first.');
      return;
    }
    const args: ReachArgs = { uri: target.uri, line: target.line, ...extra };
    const what = extra.outcome ? `the ${extra.outcome} branch of line ${target.line + 1}` : `line ${target.line + 1}`;
    try {
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CReach: reaching ${what}`, cancellable: true },
        (_progress, token) => execute<Report>(ServerCommands.reach, args, token),
      );
      decorations.setInline(target.uri, target.line, { args, report, shown: 0 });
    } catch (e) {
      if (!cancelled(e)) void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  };
  const reachLine = (uri: string, line: number) => reach({ uri, line });

  const cfgPanels = new CfgPanels(
    context.extensionUri,
    (uri, fn) => execute<CfgView[]>(ServerCommands.cfg, { uri, function: fn }),
    reachLine,
    (m) => output.appendLine(m),
  );
  context.subscriptions.push(cfgPanels);

  /** The function around a line, from the latest file report. */
  const functionAtLine = (uri: string, line0: number): string | undefined => {
    const fns = decorations.fileReport(uri)?.report.functions ?? [];
    const before = fns.filter((f) => f.line - 1 <= line0).sort((a, b) => b.line - a.line);
    return before[0]?.name;
  };

  const register = (id: string, fn: (...args: unknown[]) => unknown) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));

  register('creach.reachStatement', (arg) => reach(targetOf(arg)));
  register('creach.reachBranchTrue', (arg) => reach(targetOf(arg), { outcome: 'true' }));
  register('creach.reachBranchFalse', (arg) => reach(targetOf(arg), { outcome: 'false' }));
  register('creach.reachWithCondition', async (arg) => {
    const target = targetOf(arg);
    if (!target) return;
    const previous = decorations.inlineAt(target.uri, target.line);
    const where = await vscode.window.showInputBox({
      title: 'CReach: Reach with condition',
      prompt: 'An extra C condition over the variables in scope (e.g. x > 10 && y != 0)',
      value: previous?.args.where ?? '',
    });
    if (where === undefined) return;
    await reach(target, { ...(previous?.args.outcome ? { outcome: previous.args.outcome } : {}), ...(where.trim() ? { where } : {}) });
  });
  register('creach.anotherDatum', async (arg) => {
    const target = targetOf(arg);
    const current = target && decorations.inlineAt(target.uri, target.line);
    if (!target || !current) {
      await reach(target);
      return;
    }
    const wanted = current.shown + 2;
    try {
      const report = await execute<Report>(ServerCommands.reach, { ...current.args, limit: wanted });
      const count = report.functions.reduce((n, f) => n + f.tests.length, 0);
      if (count <= current.shown + 1) {
        void vscode.window.showInformationMessage('CReach: no other datum reaches this goal.');
        return;
      }
      decorations.setInline(target.uri, target.line, { args: current.args, report, shown: current.shown + 1 });
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.copyAsCTest', async (arg) => {
    const target = targetOf(arg);
    const datum: InlineDatum | undefined = target && decorations.inlineAt(target.uri, target.line);
    const shown = datum && shownTest(datum);
    if (!target || !datum || !shown) {
      void vscode.window.showWarningMessage('CReach: reach a statement first; then copy its datum as a C test.');
      return;
    }
    const fr = datum.report.functions.find((f) => f.name === shown.functionName)!;
    const oneTest: Report = {
      ...datum.report,
      functions: [{ ...fr, tests: [shown.test], goals: fr.goals.filter((g) => shown.test.goals.includes(g.id) || g.test === shown.test.id) }],
    };
    try {
      const text = await execute<string>(ServerCommands.testFunction, { uri: target.uri, report: oneTest });
      await vscode.env.clipboard.writeText(text);
      const name = /^void (\w+)\(void\)$/m.exec(text)?.[1] ?? 'a test function';
      void vscode.window.showInformationMessage(`CReach: ${name}() for ${formatInputs(shown.test)} copied to the clipboard: paste it into a test file.`);
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.showResults', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    const line = vscode.window.activeTextEditor?.selection.active.line;
    const fn = a.function ?? (uri && line !== undefined ? functionAtLine(uri, line) : undefined);
    if (!uri || !fn) {
      void vscode.window.showWarningMessage('CReach: put the cursor inside a function to show its results.');
      return;
    }
    await results.show(uri, fn);
  });
  register('creach.mcdc', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    const line = vscode.window.activeTextEditor?.selection.active.line;
    const fn = a.function ?? (uri && line !== undefined ? functionAtLine(uri, line) : undefined);
    if (!uri || !fn) {
      void vscode.window.showWarningMessage('CReach: put the cursor inside a function to work out its MC/DC.');
      return;
    }
    try {
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `CReach: MC/DC of ${fn}`, cancellable: true },
        (_progress, token) => execute<Report>(ServerCommands.mcdc, { uri, function: fn }, token),
      );
      await results.showMcdc(uri, fn, report);
    } catch (e) {
      if (!cancelled(e)) void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.revealLine', async (arg) => {
    const a = arg as { uri: string; line: number };
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(a.uri));
    const editor = await vscode.window.showTextDocument(doc, { preserveFocus: false });
    const position = new vscode.Position(a.line, doc.lineAt(Math.min(a.line, doc.lineCount - 1)).firstNonWhitespaceCharacterIndex);
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  });
  register('creach.generateSuite', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) return;
    try {
      const report = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `CReach: test suite${a.function ? ` of ${a.function}` : ''}`,
          cancellable: true,
        },
        async (progress, token) => {
          // The server reports how far it is (functions done, goals answered) on this work-done token.
          const workDoneToken = `creach-suite-${Date.now()}-${Math.random().toString(36).slice(2)}`;
          let last = 0;
          const listener = c.onProgress(WorkDoneProgress.type, workDoneToken, (p) => {
            if (p.kind === 'end') return;
            const increment = p.percentage !== undefined ? Math.max(0, p.percentage - last) : undefined;
            if (p.percentage !== undefined) last = p.percentage;
            progress.report({ message: p.message, ...(increment !== undefined ? { increment } : {}) });
          });
          try {
            return (await c.sendRequest(
              ExecuteCommandRequest.type,
              { command: ServerCommands.cover, arguments: [{ uri, ...(a.function ? { function: a.function } : {}) }], workDoneToken },
              token,
            )) as Report;
          } finally {
            listener.dispose();
          }
        },
      );
      output.appendLine(`Test suite for ${report.file}${a.function ? ` (${a.function})` : ''}:`);
      for (const f of report.functions) {
        for (const t of f.tests) output.appendLine(`  ${f.name} ${t.id}: ${formatInputs(t)}${t.result !== undefined ? ` -> ${JSON.stringify(t.result)}` : ''}`);
      }
      const tests = report.functions.reduce((n, f) => n + f.tests.length, 0);
      const failed = report.functions.reduce((n, f) => n + f.tests.filter((t) => t.validated === false).length, 0);
      const choice = await vscode.window.showInformationMessage(
        `CReach: ${tests} test data generated${failed ? `; ${failed} failed validation` : ''}.`,
        'Export tests...',
        'Show results',
      );
      if (choice === 'Export tests...') await vscode.commands.executeCommand('creach.exportTests', { uri, function: a.function });
      else if (choice === 'Show results') {
        const fn = a.function ?? report.functions[0]?.name;
        if (fn) await results.show(uri, fn);
      }
    } catch (e) {
      if (cancelled(e))
        void vscode.window.showInformationMessage('CReach: test suite cancelled; the analysis starts again when you edit the function or ask again.');
      else void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.exportTests', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) return;
    const format = await vscode.window.showQuickPick(
      [
        { label: 'c', description: 'a self-contained C harness that runs every datum and checks the expected results' },
        { label: 'cmocka', description: 'CMocka tests, one per datum (cc FILE -lcmocka)' },
        { label: 'gtest', description: 'GoogleTest tests, one per datum (a C part and a C++ part)' },
        { label: 'testcomp', description: 'Test-Comp exchange format (metadata.xml and one XML file per test)' },
        { label: 'json', description: 'the CReach report' },
      ],
      { title: 'CReach: Export tests', placeHolder: 'Format' },
    );
    if (!format) return;
    const folder = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, openLabel: 'Export here' });
    if (!folder?.[0]) return;
    try {
      const result = await execute<{ files: string[] }>(ServerCommands.exportTests, {
        uri,
        dir: folder[0].fsPath,
        format: format.label,
        ...(a.function ? { function: a.function } : {}),
      });
      void vscode.window.showInformationMessage(`CReach: wrote ${result.files.length} file${result.files.length === 1 ? '' : 's'} to ${folder[0].fsPath}`);
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.showCfg', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string; line?: number };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) return;
    const line = a.line ?? (a.function ? undefined : vscode.window.activeTextEditor?.selection.active.line);
    const fn = a.function ?? (line !== undefined ? functionAtLine(uri, line) : undefined);
    if (!fn) {
      void vscode.window.showWarningMessage('CReach: put the cursor inside a function to show its control-flow graph.');
      return;
    }
    const fileReport = decorations.fileReport(uri)?.report;
    const report: Report | undefined = fileReport && { ...fileReport, functions: fileReport.functions.filter((f) => f.name === fn) };
    const inline = line !== undefined ? decorations.inlineAt(uri, line) : undefined;
    const selected = inline && shownTest(inline);
    try {
      await cfgPanels.show({ uri, function: fn, report, selectedTest: selected?.test.id, pathGoals: selected?.test.goals });
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.showOutput', () => output.show(true));

  await c.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
