// The CFG of one function as the plain-JSON CfgView (shared/cfg.ts) that
// `creach cfg --json` prints and the webview draws.

import type { CfgBlock, CfgView } from '../../../shared/cfg';
import type { IRFunction, Program, SourceRange } from '../ir/ir';
import { successors } from '../ir/cfg';
import { controlDependences } from '../ir/controlDependence';
import { findLoops } from '../ir/loops';
import { toSsa } from '../ir/ssa';
import { decisionHead } from './catalogue';
import { sourceText } from '../ir/source';
import type { Goal } from './goal';

export interface CfgViewOptions {
  /** Add the φ-functions of the SSA form. */
  ssa?: boolean;
  /** Add the decision outcomes each block depends on. */
  controlDependence?: boolean;
}

export function cfgView(program: Program, fn: IRFunction, goals: Goal[], opts: CfgViewOptions = {}): CfgView {
  const decisions = new Map(fn.decisions.map((d) => [d.id, d]));
  const blocks: CfgBlock[] = fn.blocks.map((b) => {
    const ranges = [...b.instrs.map((i) => i.range), ...(b.range ? [b.range] : [])];
    const t = b.terminator;
    const decision = t.kind === 'branch' || t.kind === 'switch' ? decisions.get(t.decision) : undefined;
    // A block ending in a decision shows its head (`while (i != 0)`) instead of the whole statement or the condition's pieces.
    const shown = decision ? ranges.filter((r) => !within(r, decision.range) && !within(decision.range, r)) : ranges;
    const text = outermost(shown).map((r) => sourceText(program.source, withSemicolon(program.source, r)));
    if (decision) text.push(decisionHead(decision));
    // The block's statement range may be a whole `if (...) {...}`: only its first line is in this block.
    const lines = [
      ...b.instrs.flatMap((i) => [i.range.line, i.range.endLine]),
      ...(b.range ? [b.range.line] : []),
      ...(t.range && t.kind !== 'goto' ? [t.range.line, t.range.endLine] : []),
    ];
    return {
      id: b.id,
      firstLine: lines.length ? Math.min(...lines) : null,
      lastLine: lines.length ? Math.max(...lines) : null,
      text,
      goals: goals.filter((g) => goalIsIn(g, b.id)).map((g) => g.id),
    };
  });
  const edges = fn.blocks.flatMap((b) => successors(b).map((to) => ({ from: b.id, to, label: edgeLabel(fn, b.id, to) })));
  const loops = findLoops(fn).map((l) => ({ header: l.header, body: [...l.body].sort((x, y) => x - y) }));
  const view: CfgView = {
    function: fn.name,
    blocks,
    edges,
    loops,
    goals: goals.map((g) => ({ id: g.id, kind: g.kind, label: g.label, line: g.range.line, column: g.range.column })),
  };
  if (opts.ssa) {
    const ssa = toSsa(program, fn);
    const nameOf = (id: number | null) => {
      if (id === null) return null;
      const v = ssa.versions.get(id)!;
      return `${program.vars.get(v.orig)?.name ?? `v${v.orig}`}_${v.version}`;
    };
    view.ssa = [...ssa.phis]
      .sort(([a], [b]) => a - b)
      .map(([block, phis]) => ({
        block,
        phis: phis.map((p) => ({
          variable: program.vars.get(p.orig)?.name ?? `v${p.orig}`,
          dst: nameOf(p.dst)!,
          args: p.args.map((a) => ({ from: a.from, value: nameOf(a.value) })),
        })),
      }));
  }
  if (opts.controlDependence) {
    view.controlDependence = controlDependences(fn)
      .map((on, block) => ({ block, on }))
      .filter((d) => d.on.length > 0);
  }
  return view;
}

function goalIsIn(g: Goal, block: number): boolean {
  return g.target.kind === 'edges' ? g.target.edges.some((e) => e.from === block) : g.target.block === block;
}

/** Label of the edge from -> to: the front end's, else the decision outcome it stands for. */
function edgeLabel(fn: IRFunction, from: number, to: number): string {
  const label = fn.blocks[from].edgeLabels[to];
  if (label) return label.text;
  for (const d of fn.decisions) {
    const o = d.outcomes.find((o) => o.edges.some((e) => e.from === from && e.to === to));
    if (o) return d.kind === 'switch' ? o.outcome : `${d.text}: ${o.outcome}`;
  }
  return '';
}

/** `a` lies inside `b` (or is `b`). */
function within(a: SourceRange, b: SourceRange): boolean {
  const before = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);
  return before(b.line, b.column, a.line, a.column) && before(a.endLine, a.endColumn, b.endLine, b.endColumn);
}

/** The range extended over a `;` that follows it directly (expression statements read as statements). */
function withSemicolon(source: string, r: SourceRange): SourceRange {
  const line = source.split('\n')[r.endLine - 1] ?? '';
  return line[r.endColumn - 1] === ';' ? { ...r, endColumn: r.endColumn + 1 } : r;
}

/** The ranges not inside another one (a statement, not its lowered pieces), in source order, each once. */
function outermost(ranges: SourceRange[]): SourceRange[] {
  const same = (a: SourceRange, b: SourceRange) => within(a, b) && within(b, a);
  const kept: SourceRange[] = [];
  for (const r of ranges) {
    if (kept.some((o) => same(o, r)) || ranges.some((o) => !same(o, r) && within(r, o))) continue;
    kept.push(r);
  }
  return kept.sort((a, b) => a.line - b.line || a.column - b.column);
}
