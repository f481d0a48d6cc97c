// `creach cfg FILE [--function F] [--json | --dot]`: the blocks, edges, loops
// and goals of each function, as text, as JSON (CfgView objects, with the SSA
// φ-functions and control dependences) or as Graphviz.

import type { CfgView } from '../../../shared/cfg';
import { UsageError } from './errors';
import { engineOptionsHelp, parseCommandLine } from './options';
import { withEngine } from './run-engine';

const usage = `usage: creach cfg FILE [--function F] [--json | --dot] [options]

Shows the control-flow graph of each function: blocks (id, source lines,
statements), edges (with the decision outcome they stand for), loop headers
and goals.

  --function F              only the function F
  --json                    CfgView objects (an array, or one object with --function)
  --dot                     Graphviz digraphs
${engineOptionsHelp(['common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, ['common'], { function: { type: 'string' }, json: { type: 'boolean' }, dot: { type: 'boolean' } }, usage);
  if (!cl) return 0;
  if (cl.values.json && cl.values.dot) throw new UsageError(`--json and --dot exclude each other\n${usage}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'\n${usage}`);
  const only = typeof cl.values.function === 'string' ? cl.values.function : undefined;
  const { views, diagnostics } = await withEngine(cl.file, cl.engine, async (e, source) => {
    const outline = await e.outline(source);
    return { views: await e.cfg({ ...source, function: only, details: true }), diagnostics: outline.diagnostics ?? [] };
  });
  for (const d of diagnostics) process.stderr.write(`${cl.file}:${d.line}:${d.column}: ${d.severity === 'error' ? '' : `${d.severity}: `}${d.message}\n`);
  if (cl.values.json) process.stdout.write(`${JSON.stringify(only === undefined ? views : views[0], null, 2)}\n`);
  else if (cl.values.dot) process.stdout.write(views.map(toDot).join('\n'));
  else process.stdout.write(views.map(toText).join('\n'));
  return 0;
}

function lines(first: number | null, last: number | null): string {
  if (first === null || last === null) return 'no source';
  return first === last ? `line ${first}` : `lines ${first}-${last}`;
}

export function toText(v: CfgView): string {
  const out: string[] = [`function ${v.function}`, '  blocks:'];
  for (const b of v.blocks) {
    out.push(`    B${b.id} (${lines(b.firstLine, b.lastLine)})`);
    for (const t of b.text) out.push(`      ${t}`);
  }
  out.push('  edges:');
  for (const e of v.edges) out.push(`    B${e.from} -> B${e.to}${e.label ? `  [${e.label}]` : ''}`);
  out.push('  loops:');
  if (v.loops.length === 0) out.push('    none');
  for (const l of v.loops) out.push(`    header B${l.header}, body ${l.body.map((b) => `B${b}`).join(' ')}`);
  out.push('  goals:');
  if (v.goals.length === 0) out.push('    none');
  const width = Math.max(0, ...v.goals.map((g) => g.id.length));
  for (const g of v.goals) out.push(`    ${g.id.padEnd(width)}  ${g.label}`);
  return `${out.join('\n')}\n`;
}

/** A Graphviz digraph: one box per block listing its statements, loop headers doubled. */
export function toDot(v: CfgView): string {
  const q = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  const headers = new Set(v.loops.map((l) => l.header));
  const out = [`digraph ${q(v.function)} {`, '  node [shape=box, fontname="monospace"];'];
  for (const b of v.blocks) {
    const label = [`B${b.id} (${lines(b.firstLine, b.lastLine)})`, ...b.text].map((t) => t.replace(/\\/g, '\\\\').replace(/"/g, '\\"')).join('\\l') + '\\l';
    out.push(`  B${b.id} [label="${label}"${headers.has(b.id) ? ', peripheries=2' : ''}];`);
  }
  for (const e of v.edges) out.push(`  B${e.from} -> B${e.to}${e.label ? ` [label=${q(e.label)}]` : ''};`);
  out.push('}');
  return `${out.join('\n')}\n`;
}
