// `creach cfg FILE [--function F] [--json | --dot]`: the blocks, edges, loops
// and goals of each function, as text, as JSON (CfgView objects, with the SSA
// φ-functions and control dependences) or as Graphviz.

import type { CfgView } from '../../../shared/cfg';
import { buildCatalogue } from '../goals/catalogue';
import { cfgView } from '../goals/cfgView';
import { InputError, UsageError } from './errors';
import { commonOptionsHelp, diagnosticsText, loadForCli, parseCommandLine } from './options';

const usage = `usage: creach cfg FILE [--function F] [--json | --dot] [options]

Shows the control-flow graph of each function: blocks (id, source lines,
statements), edges (with the decision outcome they stand for), loop headers
and goals.

  --function F              only the function F
  --json                    CfgView objects (an array, or one object with --function)
  --dot                     Graphviz digraphs
${commonOptionsHelp}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, { function: { type: 'string' }, json: { type: 'boolean' }, dot: { type: 'boolean' } }, usage);
  if (!cl) return 0;
  if (cl.values.json && cl.values.dot) throw new UsageError(`--json and --dot exclude each other\n${usage}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'\n${usage}`);
  const program = await loadForCli(cl.file, cl.engine);
  process.stderr.write(diagnosticsText(program));
  const only = typeof cl.values.function === 'string' ? cl.values.function : undefined;
  const fns = only === undefined ? program.functions : program.functions.filter((f) => f.name === only);
  if (only !== undefined && fns.length === 0) {
    const known = program.functions.map((f) => f.name).join(', ') || 'none';
    throw new InputError(`${cl.file}:1:1: no function '${only}' with a body in this file (functions: ${known})`);
  }
  const views = fns.map((fn) => cfgView(program, fn, buildCatalogue(program, fn, { runtimeErrors: cl.engine.runtimeErrors }), { ssa: true, controlDependence: true }));
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
