/// <reference lib="dom" />
// The CFG webview: lays out a function's control-flow graph with Graphviz
// (@viz-js/viz, WebAssembly), colours blocks by the status of their goals,
// highlights the selected datum's path, reveals a block's code on click and
// offers "Reach this block" on its context menu. Colours come from VS Code's
// CSS variables (media/cfg.css); the page runs under a strict CSP.

import { instance } from '@viz-js/viz';
import type { CfgView } from '../../shared/cfg';
import type { GoalStatus, Report } from '../../shared/report';
import type { FromWebview, ToWebview } from '../../shared/editor-protocol';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };
const vscode = acquireVsCodeApi();

const statusOrder: GoalStatus[] = ['violated', 'unknown', 'not-reached', 'unreachable', 'covered', 'holds'];

function dotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Worst status of the goals located in each block. */
function blockStatuses(view: CfgView, report: Report | undefined): Map<number, GoalStatus> {
  const byId = new Map<string, GoalStatus>();
  for (const f of report?.functions ?? []) if (f.name === view.function) for (const g of f.goals) byId.set(g.id, g.status);
  const result = new Map<number, GoalStatus>();
  for (const b of view.blocks) {
    const statuses = b.goals.map((id) => byId.get(id)).filter((s): s is GoalStatus => !!s);
    if (statuses.length > 0) result.set(b.id, statuses.sort((x, y) => statusOrder.indexOf(x) - statusOrder.indexOf(y))[0]);
  }
  return result;
}

/** Blocks holding a goal the selected datum reaches (its path, as far as goals mark it). */
function pathBlocks(view: CfgView, pathGoals: string[] | undefined): Set<number> {
  const reached = new Set(pathGoals ?? []);
  const blocks = new Set<number>();
  if (reached.size === 0) return blocks;
  for (const b of view.blocks) if (b.goals.some((g) => reached.has(g))) blocks.add(b.id);
  if (blocks.size > 0) blocks.add(0); // every path starts at the entry
  return blocks;
}

export function toDot(view: CfgView, report: Report | undefined, pathGoals: string[] | undefined): string {
  const statuses = blockStatuses(view, report);
  const path = pathBlocks(view, pathGoals);
  const lines = [
    'digraph cfg {',
    '  graph [bgcolor="transparent", rankdir=TB, nodesep=0.3, ranksep=0.35];',
    '  node [shape=box, fontname="monospace", fontsize=10, margin="0.12,0.06"];',
    '  edge [fontname="sans-serif", fontsize=9];',
  ];
  for (const b of view.blocks) {
    const head = b.firstLine !== null ? `line ${b.firstLine}${b.lastLine !== null && b.lastLine !== b.firstLine ? `-${b.lastLine}` : ''}` : `block ${b.id}`;
    const body = b.text.length > 0 ? b.text.map((t) => t.replace(/\s+/g, ' ')).join('\\l') + '\\l' : '';
    const label = `${head}\\l${body}`.replace(/"/g, '\\"');
    const classes = [`status-${statuses.get(b.id) ?? 'none'}`, ...(path.has(b.id) ? ['on-path'] : [])].join(' ');
    lines.push(`  b${b.id} [id="b${b.id}", class="${classes}", label="${label}"];`);
  }
  for (const e of view.edges) {
    const onPath = path.has(e.from) && path.has(e.to);
    lines.push(`  b${e.from} -> b${e.to} [label=${dotString(e.label)}${onPath ? ', class="on-path", penwidth=2.5' : ''}];`);
  }
  lines.push('}');
  return lines.join('\n');
}

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
