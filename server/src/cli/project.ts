// Whole projects: `creach cover|check --project compile_commands.json [--jobs N] [--shard i/n]`.
//
// The units are the C files of the compilation database (each analysed once,
// with the flags of its first entry: the engine's `compileCommands` option
// takes them from the same database), named relative to the working directory
// when inside it, sorted by that name. `--shard i/n` takes every n-th of the
// sorted list from the i-th on: a function of the list alone, so the n shards
// cover every file exactly once on any machine, whatever the database's order.
// Each file is analysed in a child process of its own (`creach __unit`,
// unit.ts), `--jobs` at a time; the results are put in file order, so the
// report depends neither on the number of jobs nor on timing. A file that is
// missing or cannot be parsed is an error of that file (the run goes on),
// and a file that is not C is listed as not analysed: nothing is dropped.
//
// The project report (`ProjectReport`) is the document shards write and
// `creach merge` (merge.ts) joins; merging every shard gives the unsharded
// run's JSON byte for byte (it holds no times).

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EngineError, readCompileCommands, type EngineOptions } from '../api';
import type { Report } from '../../../shared/report';
import { InputError, UsageError } from './errors';
import { integerOption, type OptionValues } from './options';
import { formatReport } from './report';
import { toolVersion } from './run-engine';
import { sarifLogOf } from './sarif';
import { projectHtml } from './project-html';
import { compare, projectExitCode, projectReport, summaryText, type ProjectCommand, type ProjectFile, type ProjectReport } from './project-report';

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'html'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Options of cover and check for projects. */
export const projectOptionSpecs = {
  project: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' },
  output: { type: 'string', short: 'o' },
} as const;

export const projectUsage = `  --project FILE            every C file of a compile_commands.json (its flags for each), instead of FILE:
                            a report per file, merged (one file's failure is that file's error: exit code 2)
  -j, --jobs N              with --project: files analysed at once, each in a process of its own (default: cores)
  --shard i/n               with --project: only the i-th of n parts of the files (creach merge joins the parts)
  --format text|json|sarif|html   with --project: the project report as text, JSON, SARIF 2.1.0, or a one-page HTML summary
  -o, --output FILE         with --project: write the report to FILE instead of standard output`;

/** `--format`, `--json` and `--output` of a project run or a merge. */
export function outputFormat(values: OptionValues, usage: string): OutputFormat {
  const format = String(values.format ?? (values.json ? 'json' : 'text'));
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be text, json, sarif or html\n${usage}`);
  if (values.json && format !== 'json') throw new UsageError(`--json and --format ${format} contradict each other\n${usage}`);
  return format as OutputFormat;
}

/** The project report in `format`, written to `output` (or standard output). */
export function writeProject(r: ProjectReport, format: OutputFormat, output?: string): void {
  const text =
    format === 'json'
      ? `${JSON.stringify(r, null, 2)}\n`
      : format === 'sarif'
        ? `${JSON.stringify(sarifLogOf(r.files, { toolVersion: r.toolVersion }), null, 2)}\n`
        : format === 'html'
          ? projectHtml(r)
          : projectText(r);
  if (output === undefined) {
    process.stdout.write(text);
    return;
  }
  try {
    fs.writeFileSync(output, text);
  } catch (e) {
    throw new InputError(`${output}: cannot write the report: ${(e as Error).message}`);
  }
}

/** The text report: each file's, then the totals. */
function projectText(r: ProjectReport): string {
  const out: string[] = [];
  for (const f of r.files) {
    if (f.report) out.push(formatReport(f.report).trimEnd());
    else if (f.error !== undefined) out.push(`${f.file}: error: ${f.error}`);
    else out.push(`${f.file}: not analysed: ${f.skipped}`);
  }
  out.push(summaryText(r));
  return `${out.join('\n')}\n`;
}

/** `--shard i/n`: 1 <= i <= n. */
export function parseShard(v: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(v);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count)
    throw new UsageError(`--shard expects i/n with 1 <= i <= n (the i-th of n parts), got '${v}'`);
  return { index, count };
}

/** The name a file has in the report: relative to `cwd` when inside it, else absolute. */
function displayName(abs: string, cwd: string): string {
  const rel = path.relative(cwd, abs);
  return rel && !rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel) ? rel : abs;
}

/** The files of a compilation database, once each, by name; and those of them that are not C. */
export function projectFiles(database: string, cwd: string): { file: string; skipped?: string }[] {
  let entries;
  try {
    entries = readCompileCommands(database);
  } catch (e) {
    if (e instanceof EngineError) throw new InputError(e.message);
    throw e;
  }
  const names = [...new Set(entries.map((e) => displayName(e.file, cwd)))].sort(compare);
  return names.map((file) => (/\.[ci]$/.test(file) ? { file } : { file, skipped: `not a C file (${path.extname(file) || 'no extension'})` }));
}

/** The i-th of n parts of a sorted list: every n-th element from the (i-1)-th on. */
export function shardOf<T>(units: T[], shard: { index: number; count: number }): T[] {
  return units.filter((_, k) => k % shard.count === shard.index - 1);
}

/** The default number of jobs: the machine's cores. */
function cores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : Math.max(1, os.cpus().length);
}

/** A unit's request to the child process (unit.ts). */
export interface UnitRequest {
  command: ProjectCommand;
  file: string;
  criterion?: 'statement' | 'decision' | 'mcdc';
  engine: EngineOptions;
}

/** Analyses one file in a child process (`node dist/cli.js __unit`): its report, or its error. */
function runUnit(req: UnitRequest): Promise<ProjectFile> {
  return new Promise((resolve) => {
    // The bundle (dist/cli.js) runs itself: this module is bundled into it.
    const child = spawn(process.execPath, [__filename, '__unit'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => resolve({ file: req.file, error: `internal error: cannot start the analysis: ${e.message}` }));
    child.on('close', (code, signal) => {
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) {
        try {
          resolve({ file: req.file, report: JSON.parse(Buffer.concat(out).toString('utf8')) as Report });
          if (stderr) process.stderr.write(`${stderr}\n`);
          return;
        } catch (e) {
          resolve({ file: req.file, error: `internal error: the analysis wrote no report (${(e as Error).message})` });
          return;
        }
      }
      // Exit code 2: an input error (`file:line:column: message`); anything else is CReach's failure.
      if (code === 2 && stderr) resolve({ file: req.file, error: stderr });
      else {
        if (stderr) process.stderr.write(`${stderr}\n`);
        resolve({
          file: req.file,
          error: `internal error: the analysis ended with ${signal ? `signal ${signal}` : `exit code ${code}`}${stderr ? `: ${stderr.split('\n')[0]}` : ''}`,
        });
      }
    });
    child.stdin.end(JSON.stringify(req));
  });
}

/** Runs `f` on every element, at most `jobs` at once; the results in the elements' order. */
async function inParallel<T, R>(items: T[], jobs: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      results[k] = await f(items[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

/**
 * `creach cover|check --project FILE`: the options of a single-file run that make no sense for a
 * project are usage errors (`unsupported`: the flags given that it does not take).
 */
export async function runProject(
  command: ProjectCommand,
  values: OptionValues,
  engine: EngineOptions,
  usage: string,
  criterion?: 'statement' | 'decision' | 'mcdc',
): Promise<number> {
  for (const flag of ['function', 'property', 'emit-tests', 'validate'])
    if (values[flag] !== undefined) throw new UsageError(`--${flag} cannot be used with --project\n${usage}`);
  if (engine.compileCommands !== undefined)
    throw new UsageError(`--compile-commands and --project contradict each other (--project gives each file its flags)\n${usage}`);
  const format = outputFormat(values, usage);
  const shard = values.shard === undefined ? undefined : parseShard(String(values.shard));
  const jobsGiven = integerOption(values, 'jobs', 0, 1);
  const database = path.resolve(String(values.project));
  const cwd = process.cwd();
  const all = projectFiles(database, cwd);
  const mine = shard ? shardOf(all, shard) : all;
  const jobs = Math.max(1, Math.min(jobsGiven || cores(), mine.length));
  let done = 0;
  const files = await inParallel(mine, jobs, async (u): Promise<ProjectFile> => {
    const r: ProjectFile =
      u.skipped !== undefined
        ? u
        : await runUnit({ command, file: u.file, ...(criterion ? { criterion } : {}), engine: { ...engine, compileCommands: database } });
    done++;
    process.stderr.write(`creach: [${done}/${mine.length}] ${r.file}: ${r.error !== undefined ? 'error' : r.skipped !== undefined ? 'not C' : 'analysed'}\n`);
    return r;
  });
  const report = projectReport({ command, criterion, toolVersion: toolVersion(), ...(shard ? { shard: { ...shard, projectFiles: all.length } } : {}) }, files);
  writeProject(report, format, values.output === undefined ? undefined : String(values.output));
  if (format !== 'text') process.stderr.write(`creach: ${summaryText(report)}\n`);
  return projectExitCode(report);
}
