// The CFG webview panel ("CReach CFG: <function>"): asks the server for the
// function's CfgView, hands it with the function's report to the webview
// script (dist/webview.js), and reveals code or reaches a block when asked.

import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { CfgView } from '../../shared/cfg';
import type { Report } from '../../shared/report';
import type { FromWebview, ToWebview } from '../../shared/editor-protocol';

export interface CfgTarget {
  uri: string;
  function: string;
  report?: Report;
  selectedTest?: string;
  /** Goals the selected datum reaches. */
  pathGoals?: string[];
}

export class CfgPanels implements vscode.Disposable {
  private readonly panels = new Map<string, vscode.WebviewPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly fetchCfg: (uri: string, functionName: string) => Promise<CfgView[]>,
    private readonly reachLine: (uri: string, line0: number) => Promise<void>,
    private readonly log: (message: string) => void,
  ) {}

  async show(target: CfgTarget): Promise<void> {
    const views = await this.fetchCfg(target.uri, target.function);
    const view = views.find((v) => v.function === target.function) ?? views[0];
    if (!view) {
      void vscode.window.showWarningMessage(`CReach: no control-flow graph for ${target.function}`);
      return;
    }
    const key = `${target.uri}#${view.function}`;
    let panel = this.panels.get(key);
    const message: ToWebview = {
      type: 'show',
      function: view.function,
      view,
      report: target.report,
      selectedTest: target.selectedTest,
      pathGoals: target.pathGoals,
    };
    if (panel) {
      panel.reveal(vscode.ViewColumn.Beside);
      void panel.webview.postMessage(message);
      return;
    }
    panel = vscode.window.createWebviewPanel('creach.cfg', `CReach CFG: ${view.function}`, vscode.ViewColumn.Beside, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')],
    });
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    panel.webview.html = this.html(panel.webview);
    panel.webview.onDidReceiveMessage(async (m: FromWebview) => {
      if (m.type === 'ready') void panel!.webview.postMessage(message);
      else if (m.type === 'reveal') await this.reveal(target.uri, m.line, m.endLine);
      else if (m.type === 'reachBlock') await this.reachLine(target.uri, m.line - 1);
      else if (m.type === 'error') this.log(`CFG webview: ${m.message}`);
    });
  }

  dispose(): void {
    for (const p of this.panels.values()) p.dispose();
  }

  private async reveal(uri: string, line: number, endLine?: number): Promise<void> {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
    const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    const range = new vscode.Range(line - 1, 0, (endLine ?? line) - 1, Number.MAX_SAFE_INTEGER);
    editor.selection = new vscode.Selection(range.start, range.start);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private html(webview: vscode.Webview): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'cfg.css'));
    // Strict CSP: nothing but our own script (by nonce; Graphviz's WebAssembly needs wasm-unsafe-eval) and stylesheet.
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}' 'wasm-unsafe-eval'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>CReach CFG</title>
</head>
<body>
<div id="toolbar" role="toolbar" aria-label="Zoom">
<button id="zoom-fit" title="Zoom to fit the whole graph">Fit</button>
<button id="zoom-out" title="Zoom out" aria-label="Zoom out">−</button>
<button id="zoom-in" title="Zoom in" aria-label="Zoom in">+</button>
<button id="zoom-reset" title="Natural size">1:1</button>
<span id="zoom-level"></span>
</div>
<div id="status">Loading…</div>
<div id="graph"></div>
<div id="menu" hidden><button id="menu-reach">Reach this block</button></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }
}
