// The CReach VS Code extension: starts the language server (dist/server.js,
// node IPC), and adds what LSP has no words for: reach commands with the
// datum shown inline, gutter icons, the CFG webview, test-suite generation and
// export, a status-bar item and the output channel. Workspace trust: the
// server validates data (compiles and runs user code) only when trusted.

import * as vscode from 'vscode';
import { LanguageClient, TransportKind, ExecuteCommandRequest, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import type { CfgView } from '../../shared/cfg';
import type { Report } from '../../shared/report';
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
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
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

  const execute = <T>(command: string, arg: unknown): Promise<T> => c.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] }) as Promise<T>;

  context.subscriptions.push(
    c.onNotification(FileReportNotification, (p: FileReportParams) => decorations.setFileReport(p)),
    c.onNotification(StatusNotification, (p: StatusParams) => {
      statusBar.text =
        p.state === 'analysing'
          ? `$(sync~spin) CReach: analysing ${p.pending} function${p.pending === 1 ? '' : 's'}`
          : p.state === 'error'
            ? '$(error) CReach'
            : '$(beaker) CReach';
      statusBar.tooltip = p.message ?? (p.state === 'idle' ? 'CReach: analysis up to date' : 'CReach: analysing');
    }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void c.sendNotification(TrustNotification, { trusted: true })),
  );

  // ---- reach ----
  const reach = async (target: LineTarget | undefined, extra: Partial<ReachArgs> = {}): Promise<void> => {
    if (!target) {
      void vscode.window.showWarningMessage('CReach: open a C file and put the cursor on a statement first.');
      return;
    }
    const args: ReachArgs = { uri: target.uri, line: target.line, ...extra };
    try {
      const report = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `CReach: reaching line ${target.line + 1}` }, () =>
        execute<Report>(ServerCommands.reach, args),
      );
      decorations.setInline(target.uri, target.line, { args, report, shown: 0 });
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
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
      const text = await execute<string>(ServerCommands.harness, { uri: target.uri, report: oneTest });
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(`CReach: C test for ${formatInputs(shown.test)} copied to the clipboard.`);
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.generateSuite', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) return;
    try {
      const report = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `CReach: generating the test suite${a.function ? ` of ${a.function}` : ''}`,
          cancellable: false,
        },
        () => execute<Report>(ServerCommands.cover, { uri, ...(a.function ? { function: a.function } : {}) }),
      );
      output.appendLine(`Test suite for ${report.file}${a.function ? ` (${a.function})` : ''}:`);
      for (const f of report.functions) {
        for (const t of f.tests) output.appendLine(`  ${f.name} ${t.id}: ${formatInputs(t)}${t.result !== undefined ? ` -> ${JSON.stringify(t.result)}` : ''}`);
      }
      const tests = report.functions.reduce((n, f) => n + f.tests.length, 0);
      const choice = await vscode.window.showInformationMessage(`CReach: ${tests} test data generated.`, 'Export tests...', 'Show');
      if (choice === 'Export tests...') await vscode.commands.executeCommand('creach.exportTests', { uri, function: a.function });
      else if (choice === 'Show') output.show(true);
    } catch (e) {
      void vscode.window.showErrorMessage(`CReach: ${(e as Error).message}`);
    }
  });
  register('creach.exportTests', async (arg) => {
    const a = (arg && typeof arg === 'object' ? arg : {}) as { uri?: string; function?: string };
    const uri = a.uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    if (!uri) return;
    const format = await vscode.window.showQuickPick(
      [
        { label: 'c', description: 'a self-contained C harness that runs every datum and checks the expected results' },
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
