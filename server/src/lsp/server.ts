// The CReach language server (stdio, node IPC or socket: chosen by the
// command-line flag, as vscode-languageserver does). The main thread only
// indexes files with tree-sitter and answers from the analysis cache; every
// engine query runs in the worker pool, so hovers, CodeLens and edits never
// wait on a solve.

import * as os from 'node:os';
import * as path from 'node:path';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  createConnection,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
  ResponseError,
  LSPErrorCodes,
  CodeActionKind,
  type CancellationToken,
  type CodeAction,
  type CodeLens,
  type InitializeResult,
  type WorkDoneProgressServerReporter,
  type WorkDoneProgressReporter,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { EngineError, isCancellation, isExportFormat, throttledCollector, type ReachRequest } from '../api';
import type { Report } from '../../../shared/report';
import {
  ServerCommands,
  FileReportNotification,
  StatusNotification,
  TrustNotification,
  type CfgArgs,
  type CoverArgs,
  type ExportArgs,
  type HarnessArgs,
  type FileReportParams,
  type ReachArgs,
  type StatusParams,
  type TrustParams,
} from '../../../shared/editor-protocol';
import { Analysis, ContentModifiedError } from './analysis';
import { testFunction } from './ctest';
import { contractFixes, fileDiagnostics } from './diagnostics';
import { hoverMarkdown } from './hover';
import { decisionLines, fileMarks } from './marks';
import { WorkerPool } from './pool';
import { functionSummary, goalsOnLine, withoutGoalIds } from './reports';
import { engineOptions, readSettings } from './settings';
import type { FunctionInfo } from './functions';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let settings = readSettings(undefined);
let trusted = false;
let supportsConfiguration = false;
let supportsCodeLensRefresh = false;
let supportsProgress = false;

const log = (message: string) => connection.console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`);

let pool: WorkerPool;
let analysis: Analysis;

function fileOf(uri: string): string {
  return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
}

function signalOf(token: CancellationToken | undefined): AbortSignal | undefined {
  if (!token) return undefined;
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

connection.onInitialize((params): InitializeResult => {
  const init = (params.initializationOptions ?? {}) as { settings?: unknown; trusted?: boolean };
  settings = readSettings(init.settings);
  // Clients that do not speak of trust (plain LSP clients) are trusted, as the user chose to run the server.
  trusted = init.trusted ?? true;
  supportsConfiguration = !!params.capabilities.workspace?.configuration;
  supportsCodeLensRefresh = !!params.capabilities.workspace?.codeLens?.refreshSupport;
  supportsProgress = !!params.capabilities.window?.workDoneProgress;

  const options = engineOptions(settings, trusted);
  const size = Number(process.env.CREACH_WORKERS) || Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);
  pool = new WorkerPool({ workerFile: path.join(__dirname, 'worker.js'), size, log, warmOptions: options });
  analysis = new Analysis(pool, options, (uri) => schedulePublish(uri), log);
  log(
    `CReach server started: ${size} solver worker${size === 1 ? '' : 's'}, workspace ${trusted ? 'trusted' : 'untrusted (no validation)'}, compiler ${options.compiler}`,
  );

  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      hoverProvider: true,
      codeLensProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.Empty, CodeActionKind.QuickFix] },
      executeCommandProvider: { commands: Object.values(ServerCommands) },
    },
    serverInfo: { name: 'creach', version: '0.1.0' },
  };
});

connection.onInitialized(() => {
  if (supportsConfiguration) void refreshSettings();
});

async function refreshSettings(): Promise<void> {
  if (supportsConfiguration) {
    try {
      settings = readSettings(await connection.workspace.getConfiguration('creach'));
    } catch (e) {
      log(`could not read the settings: ${String(e)}`);
    }
  }
  const options = engineOptions(settings, trusted);
  if (JSON.stringify(options) !== JSON.stringify(analysis.engineOptions)) {
    log(
      `settings: compiler ${options.compiler}, validation ${options.validate ? 'on' : 'off'}, loop bound ${options.maxLoopBound}, time limit ${options.timeoutMs} ms`,
    );
  }
  await analysis.setOptions(options);
}

connection.onDidChangeConfiguration((change) => {
  if (!supportsConfiguration) settings = readSettings((change.settings as { creach?: unknown } | undefined)?.creach);
  void refreshSettings();
});

connection.onNotification(TrustNotification, (p: TrustParams) => {
  trusted = !!p.trusted;
  log(`workspace ${trusted ? 'trusted: validation allowed' : 'untrusted: validation off'}`);
  void refreshSettings();
});

// ---- document sync: re-index after a short pause in typing ----

const pendingUpdates = new Map<string, { timer: NodeJS.Timeout; run: () => Promise<void> }>();

function scheduleUpdate(doc: TextDocument, delayMs: number): void {
  const previous = pendingUpdates.get(doc.uri);
  if (previous) clearTimeout(previous.timer);
  const run = async () => {
    pendingUpdates.delete(doc.uri);
    const current = documents.get(doc.uri);
    try {
      if (current) await analysis.update(current.uri, fileOf(current.uri), current.getText(), current.version);
    } catch (e) {
      log(`indexing ${doc.uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    } finally {
      // The edit's analyses are queued (or nothing changed): held-back work may go on.
      if (pendingUpdates.size === 0) pool.release();
    }
  };
  pendingUpdates.set(doc.uri, { timer: setTimeout(() => void run(), delayMs), run });
}

/** Applies a pending re-index now (before answering a request about the new text). */
async function flushUpdate(uri: string): Promise<void> {
  const pending = pendingUpdates.get(uri);
  if (!pending) return;
  clearTimeout(pending.timer);
  await pending.run();
}

documents.onDidOpen((e) => scheduleUpdate(e.document, 0));
documents.onDidChangeContent((e) => {
  if (e.document.version > 1 || analysis.file(e.document.uri)) {
    // The edited functions are analysed next: follow-ups and second looks make room now, not after the pause.
    pool.holdBelow('background');
    scheduleUpdate(e.document, 250);
  }
});
documents.onDidClose((e) => {
  const pending = pendingUpdates.get(e.document.uri);
  if (pending) clearTimeout(pending.timer);
  pendingUpdates.delete(e.document.uri);
  analysis.close(e.document.uri);
  publishCosts.delete(e.document.uri);
  void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

/** The open file for a command, opening it from disk when the client did not. */
async function openFile(uri: string) {
  await flushUpdate(uri);
  let f = analysis.file(uri);
  if (!f) {
    const file = fileOf(uri);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new ResponseError(LSPErrorCodes.RequestFailed, `${file}: cannot read: ${(e as Error).message}`);
    }
    await analysis.update(uri, file, text, 0);
    f = analysis.file(uri)!;
  }
  return f;
}

// ---- publishing results: diagnostics, file report, CodeLens refresh, status, progress ----

const publishTimers = new Map<string, NodeJS.Timeout>();
/**
 * Each publish of a large file's report leaves several MB of garbage (the report with its marks, its
 * JSON): on a 300-function file (3.7 MB of JSON a time) V8 let the heap grow past 150 MB around 20 MB
 * of live objects. A full collection (tens of ms) now and then keeps it near what is live.
 */
const collectAfterPublish = throttledCollector(2000, 32 * 1024 * 1024);

/** What the last publish of each file took on this thread (ms). */
const publishCosts = new Map<string, number>();

/**
 * Publishes a file's results soon, once for the changes of the next 30 ms; at most a fifth of this
 * thread's time goes to one file's publishes (about 50 ms each on a 300-function file, which would
 * otherwise be republished several times a second while its functions finish).
 */
function schedulePublish(uri: string): void {
  if (publishTimers.has(uri)) return;
  const delay = Math.max(30, Math.min(1000, 4 * (publishCosts.get(uri) ?? 0)));
  publishTimers.set(
    uri,
    setTimeout(() => {
      publishTimers.delete(uri);
      const started = performance.now();
      publish(uri);
      publishCosts.set(uri, performance.now() - started);
    }, delay),
  );
}

function publish(uri: string): void {
  const f = analysis.file(uri);
  const state = analysis.fileReport(uri);
  if (f && state) {
    const failures: { message: string; line: number }[] = [];
    for (const fn of f.index.functions) {
      const v = analysis.view(uri, fn);
      if (v.failure) failures.push({ message: v.failure, line: fn.defLine });
      // Errors the engine found (an undeclared name): at their place; tree-sitter's syntax errors are published from the index.
      const blocker = !fn.syntaxError && f.index.topLevelErrors.length === 0 ? analysis.blocker(uri, fn) : undefined;
      if (blocker && !/does not parse/.test(blocker.where))
        failures.push({ message: `${f.file}:${blocker.line}:${blocker.column}: ${blocker.message}`, line: fn.defLine });
    }
    void connection.sendDiagnostics({ uri, version: f.version, diagnostics: fileDiagnostics(uri, state.report, f.index, failures) });
    // Validation messages name goals by id: the client shows them to people.
    const report: Report = {
      ...state.report,
      functions: state.report.functions.map((fr) => ({
        ...fr,
        tests: fr.tests.map((t) => (t.validation ? { ...t, validation: withoutGoalIds(t.validation, fr.goals) } : t)),
      })),
    };
    const params: FileReportParams = {
      uri,
      version: f.version,
      report,
      pending: state.pending,
      validating: state.validating,
      stale: state.stale,
      marks: fileMarks(state.report, f.index),
      decisionLines: decisionLines(state.report, f.index),
    };
    void connection.sendNotification(FileReportNotification, params);
  }
  if (supportsCodeLensRefresh) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  void updateStatus();
  collectAfterPublish();
}

let progress: WorkDoneProgressServerReporter | undefined;
let progressStarting = false;

/** `analysing 2 functions · 3 goals checked further · 45 goals answered`. */
function statusMessage(): string {
  const functions = analysis.pendingCount;
  const followUps = analysis.followUpCount;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts: string[] = [];
  if (functions > 0) parts.push(`analysing ${plural(functions, 'function')}`);
  if (followUps > 0) parts.push(`${plural(followUps, 'goal')} checked further`);
  parts.push(`${plural(analysis.decidedGoals, 'goal')} answered`);
  return parts.join(' · ');
}

/**
 * The status for the client and the work-done progress (VS Code shows it in
 * the status bar) while functions or follow-up queries are pending; the
 * progress ends when they are all done, also when they were done before the
 * client had created it.
 */
async function updateStatus(): Promise<void> {
  const pending = analysis.pendingCount;
  const followUps = analysis.followUpCount;
  const busy = pending + followUps > 0;
  const status: StatusParams = { state: busy ? 'analysing' : 'idle', pending, followUps, goals: analysis.decidedGoals, message: statusMessage() };
  if (supportsProgress && !busy) {
    // Idle is said after the progress has ended: a progress still being created ends first (its creation looks again).
    if (progressStarting) return;
    progress?.done();
    progress = undefined;
  }
  void connection.sendNotification(StatusNotification, status);
  if (!supportsProgress) return;
  if (busy && !progress) {
    if (progressStarting) return;
    progressStarting = true;
    try {
      const created = await connection.window.createWorkDoneProgress();
      created.begin('CReach', undefined, statusMessage(), false);
      progress = created;
    } catch {
      progress = undefined;
    } finally {
      progressStarting = false;
    }
    // The work may have ended while the client created the progress: look again.
    if (progress) void updateStatus();
  } else if (busy && progress) {
    progress.report(statusMessage());
  }
}

// ---- hover, CodeLens, code actions: answered from the cache, never waiting on a solve ----

function functionAt(uri: string, line0: number): FunctionInfo | undefined {
  return analysis.file(uri)?.index.functions.find((fn) => fn.startLine <= line0 && line0 <= fn.endLine);
}

connection.onHover((params) => {
  const uri = params.textDocument.uri;
  const fn = functionAt(uri, params.position.line);
  if (!fn) return null;
  const v = analysis.view(uri, fn);
  const fr = v.report?.functions.find((f) => f.name === fn.name);
  if (!fr) {
    const value = v.failure
      ? `**CReach**: the analysis of \`${fn.name}\` failed: ${withoutGoalIds(v.failure)}`
      : v.stale
        ? `**CReach**: \`${fn.name}\` is not analysed while ${v.stale}.`
        : v.cancelled
          ? `**CReach**: the analysis of \`${fn.name}\` was cancelled; click its CodeLens to analyse it again.`
          : `**CReach**: analysing \`${fn.name}\`…`;
    return { contents: { kind: 'markdown', value } };
  }
  // Stale results whose lines moved are not tied to lines any more.
  const goals = v.stale && !v.linesExact ? [] : goalsOnLine(fr, params.position.line + 1);
  const value = hoverMarkdown(fr, goals, {
    uri,
    loopBound: settings.maxLoopBound,
    timeoutMs: analysis.engineOptions.timeoutMs,
    explanation: (id) => analysis.explanationState(fn, id),
    ...(v.stale ? { stale: v.stale } : {}),
  });
  return value ? { contents: { kind: 'markdown', value } } : null;
});

connection.onCodeLens((params): CodeLens[] => {
  const uri = params.textDocument.uri;
  const f = analysis.file(uri);
  if (!f) return [];
  const lenses: CodeLens[] = [];
  for (const fn of f.index.functions) {
    const range = { start: { line: fn.defLine, character: fn.defCharacter }, end: { line: fn.defLine, character: fn.defCharacter } };
    const v = analysis.view(uri, fn);
    const fr = v.report?.functions.find((x) => x.name === fn.name);
    const args = [{ uri, function: fn.name }];
    let title: string;
    let command = 'creach.showResults';
    if (v.cancelled && !fr) {
      title = 'CReach: analysis cancelled · click to analyse';
      command = 'creach.generateSuite';
    } else if (fr) {
      const state = v.stale ? ` (stale: ${v.stale})` : v.checking ? ' · checking properties…' : v.validating ? ' · validating data…' : '';
      title = functionSummary(fr) + state;
    } else if (v.stale) title = `CReach: not analysed: ${v.stale}`;
    else if (v.failure) title = 'CReach: analysis failed (see the CReach output)';
    else title = 'CReach: analysing…';
    lenses.push({ range, command: { title, command, arguments: args } });
    lenses.push({ range, command: { title: 'Show control-flow graph', command: 'creach.showCfg', arguments: args } });
  }
  return lenses;
});

connection.onCodeAction((params): CodeAction[] => {
  const uri = params.textDocument.uri;
  const line0 = params.range.start.line;
  const fn = functionAt(uri, line0);
  if (!fn) return [];
  const fr = analysis.functionReport(uri, fn)?.functions.find((x) => x.name === fn.name);
  const goals = fr ? goalsOnLine(fr, line0 + 1) : [];
  // Only on a line with a decision: "Reach this branch" elsewhere could only fail.
  const args = [{ uri, line: line0 }];
  const actions: CodeAction[] = [];
  const add = (title: string, command: string) => actions.push({ title, kind: CodeActionKind.Empty, command: { title, command, arguments: args } });
  if (goals.some((g) => g.kind === 'branch' && g.outcome === 'true')) add('CReach: Reach this branch (true)', 'creach.reachBranchTrue');
  if (goals.some((g) => g.kind === 'branch' && g.outcome === 'false')) add('CReach: Reach this branch (false)', 'creach.reachBranchFalse');
  if (!fr || goals.some((g) => g.kind === 'statement')) add('CReach: Reach this statement', 'creach.reachStatement');
  const doc = documents.get(uri);
  const lineText = (l: number) => doc?.getText({ start: { line: l, character: 0 }, end: { line: l + 1, character: 0 } }) ?? '';
  return [...contractFixes(uri, lineText, fn, params.context.diagnostics), ...actions];
});

// ---- commands ----

function toResponseError(e: unknown): ResponseError<void> {
  if (e instanceof ResponseError) return e;
  if (e instanceof ContentModifiedError) return new ResponseError(LSPErrorCodes.ContentModified, e.message);
  if (isCancellation(e)) return new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
  // Shown to people (notifications): goal ids become lines.
  return new ResponseError(LSPErrorCodes.RequestFailed, withoutGoalIds(e instanceof Error ? e.message : String(e)));
}

function firstArg<T>(args: unknown[] | undefined, name: string): T {
  const a = args?.[0];
  if (!a || typeof a !== 'object' || typeof (a as { uri?: unknown }).uri !== 'string') {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `${name}: expected [{ uri, ... }]`);
  }
  return a as T;
}

async function reach(args: ReachArgs, signal: AbortSignal | undefined): Promise<Report> {
  if (typeof args.line !== 'number' || args.line < 0) throw new ResponseError(LSPErrorCodes.RequestFailed, 'creach.reach: line (0-based) is required');
  const f = await openFile(args.uri);
  const fn = functionAt(args.uri, args.line);
  if (args.outcome && fn) {
    // "Reach this branch" on a line without that outcome: say what the line is, in words.
    const fr = analysis.functionReport(args.uri, fn)?.functions.find((x) => x.name === fn.name);
    const onLine = fr ? goalsOnLine(fr, args.line + 1) : undefined;
    if (onLine && !onLine.some((g) => g.kind === 'branch' && g.outcome === args.outcome)) {
      const what = onLine.find((g) => g.kind === 'statement')?.label;
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        `line ${args.line + 1} has no decision with a ${args.outcome} outcome${what ? ` (it is the ${what})` : ''}: use "Reach this statement"`,
      );
    }
  }
  const request: ReachRequest = {
    file: f.file,
    text: analysis.analysisText(args.uri) ?? f.text,
    line: args.line + 1,
    ...(args.character !== undefined ? { column: args.character + 1 } : {}),
    ...(args.outcome ? { outcome: args.outcome } : {}),
    ...(fn ? { function: fn.name } : {}),
    ...(args.where ? { where: args.where } : {}),
    ...(args.limit && args.limit > 1 ? { all: true, limit: args.limit } : {}),
  };
  return analysis.userRequest(args.uri, fn?.name, 'reach', request, signal);
}

/**
 * The test suite of a file or function: waits for its analysis, telling the
 * client how far it is (work-done progress, cancellable: cancelling stops the
 * analyses it waits for).
 */
async function cover(args: CoverArgs, signal: AbortSignal | undefined, workDone: WorkDoneProgressReporter): Promise<Report> {
  await openFile(args.uri);
  const what = args.function ?? path.basename(fileOf(args.uri));
  workDone.begin(`CReach: test suite of ${what}`, 0, 'analysing…', true);
  try {
    return await analysis.waitFor(args.uri, args.function, signal, ({ done, total, goals }) => {
      workDone.report(
        total > 0 ? Math.round((100 * done) / total) : 0,
        `${done} of ${total} function${total === 1 ? '' : 's'} done · ${goals} goal${goals === 1 ? '' : 's'} answered`,
      );
    });
  } finally {
    workDone.done();
  }
}

async function cfg(args: CfgArgs, signal: AbortSignal | undefined): Promise<unknown> {
  const f = await openFile(args.uri);
  const text = analysis.analysisText(args.uri) ?? f.text;
  return analysis.userRequest(args.uri, args.function, 'cfg', { file: f.file, text, ...(args.function ? { function: args.function } : {}) }, signal);
}

async function exportTests(args: ExportArgs, signal: AbortSignal | undefined): Promise<unknown> {
  const f = await openFile(args.uri);
  const report = await analysis.waitFor(args.uri, args.function, signal);
  if (!isExportFormat(args.format))
    throw new ResponseError(LSPErrorCodes.RequestFailed, 'creach.exportTests: format must be c, cmocka, gtest, testcomp or json');
  const result = await pool.run(
    'exportSuite',
    { file: f.file, text: analysis.analysisText(args.uri) ?? f.text, report, dir: args.dir, format: args.format },
    analysis.engineOptions,
    'user',
    signal,
  );
  // The engine does no I/O: the files are written here.
  await mkdir(args.dir, { recursive: true });
  const files: string[] = [];
  for (const file of result.files) {
    const p = path.join(args.dir, file.name);
    await writeFile(p, file.text);
    files.push(p);
  }
  return { files };
}

function harnessArgs(args: HarnessArgs, name: string): HarnessArgs {
  if (!args.report || !Array.isArray(args.report.functions)) throw new ResponseError(LSPErrorCodes.RequestFailed, `${name}: expected [{ uri, report }]`);
  return args;
}

async function harness(args: HarnessArgs, signal: AbortSignal | undefined): Promise<unknown> {
  const f = await openFile(args.uri);
  return pool.run('harness', { file: f.file, text: analysis.analysisText(args.uri) ?? f.text, report: args.report }, analysis.engineOptions, 'user', signal);
}

/** One datum as a C test function for an existing test file (ctest.ts), from the engine's harness for it. */
async function cTestFunction(args: HarnessArgs, signal: AbortSignal | undefined): Promise<string> {
  const fr = args.report.functions[0];
  const test = fr?.tests[0];
  if (!fr || !test || args.report.functions.length !== 1 || fr.tests.length !== 1)
    throw new ResponseError(LSPErrorCodes.RequestFailed, 'creach.testFunction: expected a report of one function with one test');
  const f = await openFile(args.uri);
  const text = analysis.analysisText(args.uri) ?? f.text;
  const fileName = path.basename(f.file);
  const harnessText = await pool.run('harness', { file: f.file, text, report: args.report, includePath: fileName }, analysis.engineOptions, 'user', signal);
  try {
    return testFunction({ harness: harnessText, functionName: fr.name, fileName, test, goals: fr.goals });
  } catch (e) {
    throw new EngineError('request', (e as Error).message);
  }
}

/** The Test Explorer's run: the data compiled and run with probes, sanitizers and gcov. Running user code needs trust. */
async function runTests(args: HarnessArgs, signal: AbortSignal | undefined): Promise<unknown> {
  if (!trusted) throw new ResponseError(LSPErrorCodes.RequestFailed, 'running tests compiles and runs the code: trust this workspace first');
  const f = await openFile(args.uri);
  return pool.run('runSuite', { file: f.file, text: analysis.analysisText(args.uri) ?? f.text, report: args.report }, analysis.engineOptions, 'user', signal);
}

/** MC/DC of one function: its own suite (pairs of data per condition), validated by running when the workspace is trusted. */
async function mcdc(args: CoverArgs, signal: AbortSignal | undefined): Promise<Report> {
  if (!args.function) throw new ResponseError(LSPErrorCodes.RequestFailed, `${ServerCommands.mcdc}: which function? (expected [{ uri, function }])`);
  const f = await openFile(args.uri);
  const text = analysis.analysisText(args.uri) ?? f.text;
  return analysis.userRequest(args.uri, args.function, 'cover', { file: f.file, text, function: args.function, criterion: 'mcdc' }, signal);
}

connection.onExecuteCommand(async (params, token, workDone) => {
  const signal = signalOf(token);
  try {
    switch (params.command) {
      case ServerCommands.reach:
        return await reach(firstArg<ReachArgs>(params.arguments, params.command), signal);
      case ServerCommands.cover:
        return await cover(firstArg<CoverArgs>(params.arguments, params.command), signal, workDone);
      case ServerCommands.cfg:
        return await cfg(firstArg<CfgArgs>(params.arguments, params.command), signal);
      case ServerCommands.exportTests:
        return await exportTests(firstArg<ExportArgs>(params.arguments, params.command), signal);
      case ServerCommands.harness:
        return await harness(harnessArgs(firstArg<HarnessArgs>(params.arguments, params.command), params.command), signal);
      case ServerCommands.testFunction:
        return await cTestFunction(harnessArgs(firstArg<HarnessArgs>(params.arguments, params.command), params.command), signal);
      case ServerCommands.mcdc:
        return await mcdc(firstArg<CoverArgs>(params.arguments, params.command), signal);
      case ServerCommands.runTests:
        return await runTests(harnessArgs(firstArg<HarnessArgs>(params.arguments, params.command), params.command), signal);
      default:
        throw new ResponseError(LSPErrorCodes.RequestFailed, `unknown command ${params.command}`);
    }
  } catch (e) {
    if (!(e instanceof ContentModifiedError) && !isCancellation(e)) log(`${params.command} failed: ${e instanceof Error ? e.message : String(e)}`);
    throw toResponseError(e);
  }
});

connection.onShutdown(() => pool?.dispose());
connection.onExit(() => pool?.dispose());

documents.listen(connection);
connection.listen();
