/// <reference lib="dom" />
// The CFG webview: lays out a function's control-flow graph with Graphviz
// (@viz-js/viz, WebAssembly), colours blocks by the status of their goals,
// highlights the selected datum's path, reveals a block's code on click and
// offers "Reach this block" on its context menu. Colours come from VS Code's
// CSS variables (media/cfg.css); the page runs under a strict CSP.

import { instance } from '@viz-js/viz';
import type { CfgView } from '../../shared/cfg';
import type { FromWebview, ToWebview } from '../../shared/editor-protocol';
import { toDot } from './dot';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };
const vscode = acquireVsCodeApi();

const graph = document.getElementById('graph')!;
const status = document.getElementById('status')!;
const menu = document.getElementById('menu')!;
let vizPromise: ReturnType<typeof instance> | undefined;
let current: { view: CfgView } | undefined;

function hideMenu(): void {
  menu.hidden = true;
}

async function show(message: Extract<ToWebview, { type: 'show' }>): Promise<void> {
  const view = message.view as CfgView;
  current = { view };
  status.textContent = `Laying out ${view.function}…`;
  try {
    vizPromise ??= instance();
    const viz = await vizPromise;
    const svg = viz.renderSVGElement(toDot(view, message.report, message.pathGoals));
    graph.replaceChildren(svg);
    for (const node of Array.from(svg.querySelectorAll('g.node'))) {
      const id = Number((node.getAttribute('id') ?? '').replace(/^b/, ''));
      const block = view.blocks.find((b) => b.id === id);
      if (!block) continue;
      node.setAttribute('data-block-id', String(id));
      node.setAttribute('tabindex', '0');
      const reveal = () => {
        if (block.firstLine !== null) vscode.postMessage({ type: 'reveal', line: block.firstLine, endLine: block.lastLine ?? undefined });
      };
      node.addEventListener('click', reveal);
      node.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') reveal();
      });
      node.addEventListener('contextmenu', (e) => {
        const me = e as MouseEvent;
        me.preventDefault();
        me.stopPropagation();
        if (block.firstLine === null) return;
        menu.hidden = false;
        menu.style.left = `${me.clientX}px`;
        menu.style.top = `${me.clientY}px`;
        menu.dataset.line = String(block.firstLine);
      });
    }
    const pathNote = message.selectedTest ? ` · path of test ${message.selectedTest} highlighted` : '';
    status.textContent = `${view.function}: ${view.blocks.length} blocks, ${view.edges.length} edges${pathNote}. Click a block to reveal its code; right-click to reach it.`;
  } catch (e) {
    status.textContent = `Could not lay out the graph: ${String(e)}`;
    vscode.postMessage({ type: 'error', message: String(e) });
  }
}

document.getElementById('menu-reach')!.addEventListener('click', () => {
  const line = Number(menu.dataset.line);
  hideMenu();
  if (current && Number.isFinite(line)) vscode.postMessage({ type: 'reachBlock', line });
});
window.addEventListener('click', hideMenu);
window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  if (event.data?.type === 'show') void show(event.data);
});
vscode.postMessage({ type: 'ready' });
