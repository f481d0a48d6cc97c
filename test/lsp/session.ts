// Test helper: spawns the BUILT language server (`node dist/server.js --stdio`)
// and speaks LSP to it over the child's stdio with vscode-languageserver-protocol.
// Nothing of the protocol is mocked; the client side answers the server's
// requests (configuration, progress creation, CodeLens refresh) as VS Code does.

import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationToken as CancellationTokenNs,
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  PublishDiagnosticsNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  ExecuteCommandRequest,
  HoverRequest,
  CodeLensRequest,
  CodeActionRequest,
  DidCloseTextDocumentNotification,
  ShutdownRequest,
  ExitNotification,
  type ProtocolConnection,
  type ServerCapabilities,
  type CancellationToken,
  type Diagnostic,
  type CodeLens,
  type Hover,
  type CodeAction,
  type Command,
} from 'vscode-languageserver-protocol/node';
import type { Report } from '../../shared/report';
import type { FileReportParams, StatusParams } from '../../shared/editor-protocol';
import { SERVER_NODE_FLAGS, launchEnvironment } from '../../shared/server-flags';

const CancellationTokenNone = CancellationTokenNs.None;

export const root = path.resolve(__dirname, '../..');
export const fixture = (name: string) => path.join(root, 'test/fixtures', name);
export const uriOf = (file: string) => pathToFileURL(file).href;

let built = false;
/** Builds the bundles once per test file (set CREACH_TEST_NO_BUILD=1 to use dist/ as it is). */
export function ensureBuilt(): void {
  if (built || process.env.CREACH_TEST_NO_BUILD) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  built = true;
}

export interface Session {
  connection: ProtocolConnection;
  /** What the server answered to initialize. */
  capabilities: ServerCapabilities;
  child: ChildProcess;
  /** Everything the server logged (window/logMessage) and wrote to stderr. */
  log: string[];
  /** Every `$/progress` notification, in order. */
  progress: { token: string | number; value: { kind: string; title?: string; message?: string; percentage?: number } }[];
  /** Tokens the server asked the client to create (window/workDoneProgress/create). */
  progressCreated: (string | number)[];
  /** The last `creach/status` notification. */
  status(): StatusParams | undefined;
  /** The last `creach/fileReport` of a file, waiting (up to timeoutMs) until `until` holds. */
  fileReport(uri: string, until: (p: FileReportParams) => boolean, timeoutMs?: number): Promise<FileReportParams>;
  /** Waits until the server has no pending work (status idle), at most timeoutMs. */
  idle(timeoutMs?: number): Promise<void>;
  closeDocument(uri: string): Promise<void>;
  /** The code actions on a line, given the diagnostics there (the client's context). */
  codeActions(uri: string, line: number, diagnostics?: Diagnostic[]): Promise<(CodeAction | Command)[]>;
  command<T>(command: string, args: Record<string, unknown>, token?: CancellationToken, workDoneToken?: string): Promise<T>;
  open(file: string, text?: string): Promise<string>;
  /** Sends the new text; returns its version. */
  change(uri: string, text: string): number;
  diagnostics(uri: string, until: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  reach(args: Record<string, unknown>, token?: CancellationToken): Promise<Report>;
  cover(args: Record<string, unknown>): Promise<Report>;
  hover(uri: string, line: number, character?: number): Promise<Hover | null>;
  codeLens(uri: string): Promise<CodeLens[]>;
  close(): Promise<void>;
}

/** `trusted`: what the client says of the workspace (VS Code: workspace trust); untrusted means nothing is compiled or run. */
export async function startServer(settings: Record<string, unknown> = {}, serverPath = path.join(root, 'dist/server.js'), trusted = true): Promise<Session> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverPath, '--stdio'], {
    cwd: root,
    env: launchEnvironment(process.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  child.stderr!.on('data', (d) => log.push(String(d)));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const latestDiagnostics = new Map<string, Diagnostic[]>();
  const diagnosticWaiters: (() => void)[] = [];
  const fileReports = new Map<string, FileReportParams>();
  const reportWaiters: (() => void)[] = [];
  let lastStatus: StatusParams | undefined;
  const progress: Session['progress'] = [];
  const progressCreated: (string | number)[] = [];
  connection.onNotification('creach/fileReport', (p: FileReportParams) => {
    fileReports.set(p.uri, p);
    for (const w of reportWaiters.splice(0)) w();
  });
  connection.onNotification('creach/status', (p: StatusParams) => {
    lastStatus = p;
    for (const w of reportWaiters.splice(0)) w();
  });
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    latestDiagnostics.set(p.uri, p.diagnostics);
    for (const w of diagnosticWaiters.splice(0)) w();
  });
  connection.onNotification('window/logMessage', (p: unknown) => {
    log.push((p as { message: string }).message);
  });
  connection.onRequest('workspace/configuration', (p: unknown) => (p as { items: unknown[] }).items.map(() => settings));
  connection.onRequest('window/workDoneProgress/create', (p: { token: string | number }) => {
    progressCreated.push(p.token);
    return null;
  });
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.onNotification('$/progress', (p: Session['progress'][number]) => {
    progress.push(p);
  });
  connection.listen();

  const initialized = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: uriOf(root),
    workspaceFolders: null,
    capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } }, window: { workDoneProgress: true } },
    initializationOptions: { settings, trusted },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  const versions = new Map<string, number>();

  const waitReport = <T>(probe: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what()} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        const v = probe();
        if (v !== undefined) {
          clearTimeout(timer);
          resolve(v);
        } else reportWaiters.push(check);
      };
      check();
    });

  const session: Session = {
    connection,
    child,
    log,
    progress,
    progressCreated,
    status: () => lastStatus,
    fileReport: (uri, until, timeoutMs = 120_000) =>
      waitReport(
        () => {
          const p = fileReports.get(uri);
          return p && until(p) ? p : undefined;
        },
        timeoutMs,
        () => `no matching creach/fileReport for ${uri}; last: ${JSON.stringify(fileReports.get(uri))?.slice(0, 3000)}`,
      ),
    idle: async (timeoutMs = 180_000) => {
      await waitReport(
        () => (lastStatus?.state === 'idle' ? true : undefined),
        timeoutMs,
        () => `the server is not idle; last status: ${JSON.stringify(lastStatus)}`,
      );
    },
    closeDocument: (uri) => connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } }),
    codeActions: async (uri, line, diagnostics = []) =>
      (await connection.sendRequest(CodeActionRequest.type, {
        textDocument: { uri },
        range: { start: { line, character: 0 }, end: { line, character: 0 } },
        context: { diagnostics },
      })) ?? [],
    command: (command, args, token, workDoneToken) =>
      connection.sendRequest(
        ExecuteCommandRequest.type,
        { command, arguments: [args], ...(workDoneToken ? { workDoneToken } : {}) },
        token ?? CancellationTokenNone,
      ) as never,
    capabilities: initialized.capabilities,
    async open(file, text) {
      const uri = uriOf(file);
      versions.set(uri, 1);
      await connection.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: 'c', version: 1, text: text ?? readFileSync(file, 'utf8') },
      });
      return uri;
    },
    change(uri, text) {
      const version = (versions.get(uri) ?? 1) + 1;
      versions.set(uri, version);
      void connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
      return version;
    },
    diagnostics(uri, until, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(latestDiagnostics.get(uri))}`)),
          timeoutMs,
        );
        const check = () => {
          const d = latestDiagnostics.get(uri);
          if (d && until(d)) {
            clearTimeout(timer);
            resolve(d);
          } else {
            diagnosticWaiters.push(check);
          }
        };
        check();
      });
    },
    reach: (args, token) => connection.sendRequest(ExecuteCommandRequest.type, { command: 'creach.reach', arguments: [args] }, token) as Promise<Report>,
    cover: (args) => connection.sendRequest(ExecuteCommandRequest.type, { command: 'creach.cover', arguments: [args] }) as Promise<Report>,
    hover: (uri, line, character = 4) => connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character } }),
    codeLens: async (uri) => (await connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [],
    async close() {
      try {
        await Promise.race([connection.sendRequest(ShutdownRequest.type), new Promise((r) => setTimeout(r, 2000))]);
        await connection.sendNotification(ExitNotification.type);
      } catch {
        // the server may already be gone
      }
      await new Promise((r) => setTimeout(r, 200));
      connection.dispose();
      if (child.exitCode === null) child.kill();
    },
  };
  return session;
}

/** The text of a Hover as one string. */
export function hoverText(h: Hover | null): string {
  if (!h) return '';
  const c = h.contents as unknown;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n');
  return (c as { value: string }).value;
}
