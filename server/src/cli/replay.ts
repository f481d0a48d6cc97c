// `creach replay SUITE_DIR FILE [--json] [--compiler CC]`: runs a Test-Comp
// suite (ours or another tool's) against a program and reports measured
// coverage and whether an error call was reached.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, InputError } from './errors';
import { engineOptionsHelp, parseCommandLine } from './options';
import { withEngine } from './run-engine';
import type { ReplayResult } from '../api';

const usage = `usage: creach replay SUITE_DIR FILE [--json] [options]
Runs each test case of a Test-Comp suite against the program, and reports measured coverage and whether an error call was reached.
  --json                    the result as JSON
${engineOptionsHelp(['common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, ['common'], { json: { type: 'boolean' } }, usage);
  if (!cl) return 0;
  if (cl.rest.length !== 1) throw new UsageError(usage);
  const suiteDir = cl.file;
  const [file] = cl.rest;
  if (!fs.existsSync(suiteDir) || !fs.statSync(suiteDir).isDirectory()) throw new InputError(`${suiteDir}: no such suite directory`);
  const suite = fs
    .readdirSync(suiteDir)
    .filter((f) => f.endsWith('.xml'))
    .map((name) => ({ name, text: fs.readFileSync(path.join(suiteDir, name), 'utf8') }));
  const result = await withEngine(file, cl.engine, (e, source) => e.replay({ ...source, suite }));
  process.stdout.write((cl.values.json ? JSON.stringify(result, null, 2) : formatReplay(result)) + '\n');
  return 0;
}

export function formatReplay(r: ReplayResult): string {
  const out = [`${r.program}: ${r.tests.length} test cases replayed`];
  for (const t of r.tests) out.push(`  ${t.file}: ${t.inputs} inputs, ${t.outcome}${t.detail ? ` (${t.detail})` : ''}`);
  if (r.coverage) {
    const pct = (c: { covered: number; total: number }) => `${c.covered}/${c.total} (${c.total ? ((100 * c.covered) / c.total).toFixed(1) : '100.0'}%)`;
    out.push(`lines: ${pct(r.coverage.statements)}`, `branches: ${pct(r.coverage.branches)}`);
  }
  out.push(`error call reached: ${r.errorReached ? 'yes' : 'no'}`);
  for (const m of r.messages) out.push(`note: ${m}`);
  return out.join('\n');
}
