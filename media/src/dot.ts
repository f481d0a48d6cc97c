// The CFG as Graphviz DOT: one box per block (its lines and source text),
// classes for the status of its goals and for the selected datum's path, so
// the stylesheet can colour them with the theme. Pure: no DOM.
//
// Edge labels are short (`true`, `false`, `case 3`: the deciding condition is
// the last line of the block the edge leaves) and laid out as Graphviz's own
// label nodes, with room between ranks, so they do not overlap each other or
// the boxes. Text is measured as Courier (0.6 em a character), the metrics of
// the monospace fonts the webview draws it with, so boxes fit their text.

import type { CfgView } from '../../shared/cfg';
import type { GoalStatus, Report } from '../../shared/report';

const statusOrder: GoalStatus[] = ['violated', 'unknown', 'not-reached', 'unreachable', 'covered', 'holds'];

/** Text inside a DOT string: backslashes and quotes escaped (so `\\l` line ends stay ours). */
function dotEscape(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

function dotString(s: string): string {
  return `"${dotEscape(s)}"`;
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

/** `i == 0: true` -> `true`: the condition is already in the block the edge leaves. */
export function edgeLabel(label: string): string {
  const m = /: (true|false)$/.exec(label);
  return m ? m[1] : label;
}

export function toDot(view: CfgView, report: Report | undefined, pathGoals: string[] | undefined): string {
  const statuses = blockStatuses(view, report);
  const path = pathBlocks(view, pathGoals);
  const lines = [
    'digraph cfg {',
    '  graph [bgcolor="transparent", rankdir=TB, nodesep=0.45, ranksep=0.5];',
    '  node [shape=box, fontname="Courier", fontsize=10, margin="0.15,0.06"];',
    '  edge [fontname="Courier", fontsize=9, labelfloat=false];',
  ];
  for (const b of view.blocks) {
    const head = b.firstLine !== null ? `line ${b.firstLine}${b.lastLine !== null && b.lastLine !== b.firstLine ? `-${b.lastLine}` : ''}` : `block ${b.id}`;
    const body = b.text.map((t) => `${dotEscape(t.replace(/\s+/g, ' '))}\\l`).join('');
    const label = `${head}\\l${body}`;
    const classes = [`status-${statuses.get(b.id) ?? 'none'}`, ...(path.has(b.id) ? ['on-path'] : [])].join(' ');
    lines.push(`  b${b.id} [id="b${b.id}", class="${classes}", label="${label}"];`);
  }
  for (const e of view.edges) {
    const onPath = path.has(e.from) && path.has(e.to);
    const label = edgeLabel(e.label);
    lines.push(`  b${e.from} -> b${e.to} [${label ? `label=${dotString(` ${label} `)}` : 'label=""'}${onPath ? ', class="on-path", penwidth=2.5' : ''}];`);
  }
  lines.push('}');
  return lines.join('\n');
}
