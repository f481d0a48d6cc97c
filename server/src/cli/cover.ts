// creach cover FILE [--criterion statement|decision|mcdc] [--emit-tests DIR [--format c|cmocka|gtest|testcomp|json]] [--validate] [--json]
// creach cover --project compile_commands.json [--jobs N] [--shard i/n] [--format text|json|sarif|html] [--output FILE] (project.ts)

import * as fs from 'node:fs';
import * as path from 'node:path';
import { engineOptionsHelp, parseCommandLine } from './options';
import { printReport, reportOptionSpecs, withEngine } from './run-engine';
import { InputError, UsageError } from './errors';
import { isExportFormat } from '../api';
import { readProperty } from './property';
import { projectOptionSpecs, projectUsage, runProject } from './project';

const usage = `usage: creach cover FILE [options]
       creach cover --project compile_commands.json [options]
Generates a test suite for the statement, decision or MC/DC criterion (decision: every outcome of every decision and
condition; mcdc: also, for each condition of each decision, a pair of data that shows its independent effect on the
outcome, or a proof that none exists).
  --criterion statement|decision|mcdc   (default decision)
  --emit-tests DIR          write the suite into DIR
  --format FORMAT           format of the written suite: c (a self-contained harness, the default),
                            cmocka (CMocka tests), gtest (GoogleTest tests: a C part and a C++ part),
                            testcomp (Test-Comp test cases) or json (the report)
  --validate                compile and run the suite, and mark each datum validated or not
  --function F, -f F        only the function F
  --property FILE.prp       a Test-Comp property: coverage-branches (the decision criterion on its entry function) or
                            coverage-error-call (a test reaching an error call); with --format testcomp for Test-Comp
  --json                    the report as JSON
${projectUsage}
${engineOptionsHelp(['solver', 'common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(
    args,
    ['common', 'solver'],
    {
      ...reportOptionSpecs,
      criterion: { type: 'string' },
      'emit-tests': { type: 'string' },
      format: { type: 'string' },
      validate: { type: 'boolean' },
      property: { type: 'string' },
      ...projectOptionSpecs,
    },
    usage,
    'project',
  );
  if (!cl) return 0;
  const { values } = cl;
  const property = values.property === undefined ? undefined : readProperty(String(values.property));
  if (property?.kind === 'unreach-call') throw new UsageError(`unreach-call is a property to check: use creach check --property\n${usage}`);
  if (property && values.criterion !== undefined) throw new UsageError(`--criterion and --property contradict each other\n${usage}`);
  if (property && values.function !== undefined && values.function !== property.entry)
    throw new UsageError(`--function ${String(values.function)} contradicts the property's entry function ${property.entry}\n${usage}`);
  const criterion = property ? (property.kind === 'coverage-branches' ? 'decision' : 'error-calls') : ((values.criterion ?? 'decision') as string);
  if (criterion !== 'statement' && criterion !== 'decision' && criterion !== 'mcdc' && criterion !== 'error-calls')
    throw new UsageError(`--criterion must be statement, decision or mcdc\n${usage}`);
  if (values.project !== undefined) return runProject('cover', values, cl.engine, usage, criterion === 'error-calls' ? undefined : criterion);
  const fn = property?.entry ?? (values.function as string | undefined);
  for (const flag of ['jobs', 'shard', 'output']) if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of --project\n${usage}`);
  const format = (values.format ?? 'c') as string;
  if (!isExportFormat(format)) throw new UsageError(`--format must be c, cmocka, gtest, testcomp or json\n${usage}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'\n${usage}`);
  const dir = values['emit-tests'] as string | undefined;
  const report = await withEngine(cl.file, cl.engine, async (e, source) => {
    const r = await e.cover({ ...source, function: fn, criterion });
    if (!dir && !values.validate) return r;
    const exported = await e.exportSuite({ ...source, report: r, format, dir: dir ?? '.', validate: Boolean(values.validate) });
    for (const m of exported.messages) process.stderr.write(`${m}\n`);
    for (const b of exported.bugs) process.stderr.write(`CREACH BUG: ${b}\n`);
    if (dir) {
      try {
        makeDirectory(dir);
        for (const f of exported.files) {
          const p = path.join(dir, f.name);
          fs.writeFileSync(p, f.text);
          process.stderr.write(`wrote ${p}\n`);
        }
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        throw new InputError(
          `${dir}: cannot write the suite there: ${err.code === 'EEXIST' || err.code === 'ENOTDIR' ? 'not a directory' : err.code === 'EACCES' ? 'permission denied' : err.message}`,
        );
      }
    }
    return exported.report;
  });
  printReport(report, Boolean(values.json));
  return 0;
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdirSync never returns
 * when the parent is a pseudo-filesystem that answers ENOENT (`/proc/x`).
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let d = path.resolve(dir);
  while (!fs.existsSync(d)) {
    missing.push(d);
    const parent = path.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  for (const m of missing.reverse()) fs.mkdirSync(m);
}
