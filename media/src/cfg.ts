/// <reference lib="dom" />
// The CFG webview: lays out a function's control-flow graph with Graphviz
// (@viz-js/viz, WebAssembly), colours blocks by the status of their goals,
// highlights the selected datum's path, reveals a block's code on click and
// offers "Reach this block" on its context menu. A toolbar zooms: to fit the
// whole graph in the panel (the first view of a graph that does not fit),
// in, out, and to its natural size; Ctrl+wheel zooms too. Colours come from
// VS Code's CSS variables (media/cfg.css); the page runs under a strict CSP.

import { instance } from '@viz-js/viz';
import type { CfgView } from '../../shared/cfg';
import type { FromWebview, ToWebview } from '../../shared/editor-protocol';
import { toDot } from './dot';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };
const vscode = acquireVsCodeApi();

const graph = document.getElementById('graph')!;
const status = document.getElementById('status')!;
const menu = document.getElementById('menu')!;
const zoomLabel = document.getElementById('zoom-level')!;
let vizPromise: ReturnType<typeof instance> | undefined;
let current: { view: CfgView } | undefined;

/** The graph's natural size (CSS pixels) and the scale it is shown at. */
let natural = { width: 0, height: 0 };
let scale = 1;

function setScale(s: number): void {
  const svg = graph.querySelector('svg');
  if (!svg || natural.width === 0) return;
  scale = Math.min(4, Math.max(0.05, s));
  svg.style.width = `${natural.width * scale}px`;
  svg.style.height = `${natural.height * scale}px`;
  zoomLabel.textContent = `${Math.round(scale * 100)}%`;
  graph.dataset.scale = scale.toFixed(3);
}

/** The scale at which the whole graph fits the panel (never above its natural size). */
function fitScale(): number {
  const box = graph.getBoundingClientRect();
  const width = Math.max(50, window.innerWidth - box.left * 2);
  const height = Math.max(50, window.innerHeight - box.top - 8);
  return Math.min(1, width / natural.width, height / natural.height);
}

function zoomToFit(): void {
  setScale(fitScale());
}

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
    // Graphviz sizes the SVG in points; keep its viewBox and size it ourselves.
    const vb = svg.viewBox.baseVal;
    natural = { width: (vb?.width || svg.width.baseVal.value) * (4 / 3), height: (vb?.height || svg.height.baseVal.value) * (4 / 3) };
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    zoomToFit();
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
document.getElementById('zoom-fit')!.addEventListener('click', zoomToFit);
document.getElementById('zoom-in')!.addEventListener('click', () => setScale(scale * 1.25));
document.getElementById('zoom-out')!.addEventListener('click', () => setScale(scale / 1.25));
document.getElementById('zoom-reset')!.addEventListener('click', () => setScale(1));
window.addEventListener(
  'wheel',
  (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    setScale(scale * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
  },
  { passive: false },
);
window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  if (event.data?.type === 'show') void show(event.data);
});
vscode.postMessage({ type: 'ready' });
