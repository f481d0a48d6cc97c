// creach merge REPORT.json... [--format text|json|sarif|html] [--output FILE]: joins the project
// reports of a project run's shards (`cover|check --project ... --shard i/n --format json`) into the
// report of the whole run, byte for byte the JSON the unsharded run writes, with its exit code.
// It refuses reports of different commands, criteria or CReach versions, a file in two reports,
// and, for shards, a shard given twice, a missing one, or shards of different projects.

import * as fs from 'node:fs';
import { InputError } from './errors';
import { parseCommandLine } from './options';
import { outputFormat, writeProject } from './project';
import { projectExitCode, projectReport, PROJECT_REPORT_VERSION, summaryText, type ProjectFile, type ProjectReport } from './project-report';

const usage = `usage: creach merge REPORT.json... [options]
Joins the JSON project reports of the shards of a project run (creach cover|check --project FILE --shard i/n
--format json) into the report of the whole run: the same JSON as the run without --shard, and its exit code
(2 when a file failed, 1 when check found a violation). Refuses reports of different commands, criteria or CReach
versions, a file present in two reports, a shard given twice or missing, and shards of different projects.
  --format text|json|sarif|html   the merged report as text (the default), JSON, SARIF 2.1.0, or a one-page HTML summary
  --json                    the same as --format json
  -o, --output FILE         write it to FILE instead of standard output
  -h, --help                show this help`;

function readReport(file: string): ProjectReport {
  let doc: unknown;
  try {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    const why =
      e instanceof SyntaxError ? `invalid JSON (${e.message})` : (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message;
    throw new InputError(`${file}: cannot read the report: ${why}`);
  }
  const r = doc as Partial<ProjectReport> | null;
  if (!r || typeof r !== 'object' || r.kind !== 'creach-project' || !Array.isArray(r.files))
    throw new InputError(`${file}: not a CReach project report (creach cover|check --project ... --format json)`);
  if (r.version !== PROJECT_REPORT_VERSION)
    throw new InputError(`${file}: a project report of version ${String(r.version)}; this CReach reads version ${PROJECT_REPORT_VERSION}`);
  return r as ProjectReport;
}

/** What must agree between the reports, said the way the message names it. */
function same(reports: [string, ProjectReport][], what: string, get: (r: ProjectReport) => unknown): void {
  const [file0, r0] = reports[0];
  for (const [file, r] of reports)
    if (get(r) !== get(r0))
      throw new InputError(`${file0} and ${file} are reports of different ${what} (${String(get(r0) ?? 'none')}, ${String(get(r) ?? 'none')})`);
}

export function mergeReports(reports: [string, ProjectReport][]): ProjectReport {
  same(reports, 'commands', (r) => r.command);
  same(reports, 'criteria', (r) => r.criterion);
  same(reports, 'CReach versions', (r) => r.toolVersion);
  const sharded = reports.filter(([, r]) => r.shard);
  if (sharded.length > 0 && sharded.length < reports.length) {
    const [whole] = reports.find(([, r]) => !r.shard)!;
    throw new InputError(`${whole} is the report of a whole run, ${sharded[0][0]} of a shard: merge the shards of one run`);
  }
  if (sharded.length > 0) {
    same(reports, 'shard counts', (r) => r.shard!.count);
    same(reports, 'projects (files in the whole project)', (r) => r.shard!.projectFiles);
    const count = reports[0][1].shard!.count;
    const seen = new Map<number, string>();
    for (const [name, r] of reports) {
      const other = seen.get(r.shard!.index);
      if (other !== undefined) throw new InputError(`shard ${r.shard!.index}/${count} is given twice: ${other} and ${name}`);
      seen.set(r.shard!.index, name);
    }
    const missing = Array.from({ length: count }, (_, k) => k + 1).filter((k) => !seen.has(k));
    if (missing.length > 0) throw new InputError(`${missing.length === 1 ? 'shard' : 'shards'} ${missing.map((k) => `${k}/${count}`).join(', ')} missing`);
  }
  const owner = new Map<string, string>();
  const files: ProjectFile[] = [];
  for (const [name, r] of reports)
    for (const f of r.files) {
      const other = owner.get(f.file);
      if (other !== undefined) throw new InputError(`${f.file} is in both ${other} and ${name}: the reports overlap`);
      owner.set(f.file, name);
      files.push(f);
    }
  if (sharded.length > 0) {
    const projectFiles = reports[0][1].shard!.projectFiles;
    if (files.length !== projectFiles) throw new InputError(`the shards hold ${files.length} files, their project ${projectFiles}: shards of different runs`);
  }
  const r0 = reports[0][1];
  return projectReport({ command: r0.command, criterion: r0.criterion, toolVersion: r0.toolVersion }, files);
}

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(
    args,
    [],
    { format: { type: 'string' }, json: { type: 'boolean' }, output: { type: 'string', short: 'o' } },
    usage,
    undefined,
    'REPORT.json',
  );
  if (!cl) return 0;
  const format = outputFormat(cl.values, usage);
  const names = [cl.file, ...cl.rest];
  const merged = mergeReports(names.map((n) => [n, readReport(n)]));
  writeProject(merged, format, cl.values.output === undefined ? undefined : String(cl.values.output));
  if (format !== 'text') process.stderr.write(`creach: ${summaryText(merged)}\n`);
  return projectExitCode(merged);
}
