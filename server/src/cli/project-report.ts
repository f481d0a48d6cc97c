// The project report (`creach cover|check --project`, `creach merge`): its types, the one
// constructor (files sorted by name, the summary computed from them), the goal counts of a
// function, a file and a project, and the exit code. Plain data: the JSON of a run holds no times,
// so merging a run's shards gives the unsharded run's JSON byte for byte.

import type { FunctionReport, Report } from '../../../shared/report';
import { checkViolated } from './run-engine';

export type ProjectCommand = 'cover' | 'check';

/** The version of the project report's format. */
export const PROJECT_REPORT_VERSION = 1;

/** A file of the project: its report, or why it has none. */
export interface ProjectFile {
  /** Relative to the working directory when inside it, else absolute. */
  file: string;
  report?: Report;
  /** The analysis failed: the file is missing, cannot be preprocessed or parsed (`file:line:column: message`), or CReach failed. */
  error?: string;
  /** Not analysed: not a C file. */
  skipped?: string;
}

/** Goal counts of a function, a file or a project. */
export interface Counts {
  /** Statement goals covered (a datum reaches them), of all. */
  statements: { covered: number; total: number };
  /** Branch goals (decision and condition outcomes) covered, of all. */
  branches: { covered: number; total: number };
  /** Goals proved unreachable. */
  unreachable: number;
  /** Properties (assertions, error calls, runtime errors) violated by a datum. */
  violated: number;
  /** Properties proved to hold. */
  holds: number;
  /** Goals not reached within the loop bound or the input sizes assumed (not a proof). */
  notReached: number;
  /** Goals with neither a datum nor a proof. */
  unknown: number;
}

export interface ProjectSummary extends Counts {
  files: number;
  analysed: number;
  errors: number;
  skipped: number;
  functions: number;
}

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
  /** How many files the whole project has (merge checks that the shards add up to it). */
  projectFiles: number;
}

export interface ProjectReport {
  kind: 'creach-project';
  version: number;
  toolVersion?: string;
  command: ProjectCommand;
  /** cover's criterion. */
  criterion?: string;
  shard?: Shard;
  files: ProjectFile[];
  summary: ProjectSummary;
}

export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function zeroCounts(): Counts {
  return { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 }, unreachable: 0, violated: 0, holds: 0, notReached: 0, unknown: 0 };
}

/** Adds `b` to `a`. */
export function addCounts(a: Counts, b: Counts): Counts {
  a.statements.covered += b.statements.covered;
  a.statements.total += b.statements.total;
  a.branches.covered += b.branches.covered;
  a.branches.total += b.branches.total;
  a.unreachable += b.unreachable;
  a.violated += b.violated;
  a.holds += b.holds;
  a.notReached += b.notReached;
  a.unknown += b.unknown;
  return a;
}

/** The counts of a function's goals (as the text report's summary line: every goal it lists, those of called functions too). */
export function functionCounts(f: FunctionReport): Counts {
  const c = zeroCounts();
  for (const g of f.goals) {
    if (g.kind === 'statement' || g.kind === 'branch') {
      const k = g.kind === 'statement' ? c.statements : c.branches;
      k.total++;
      if (g.status === 'covered') k.covered++;
    }
    if (g.status === 'unreachable') c.unreachable++;
    else if (g.status === 'violated') c.violated++;
    else if (g.status === 'holds') c.holds++;
    else if (g.status === 'not-reached') c.notReached++;
    else if (g.status === 'unknown') c.unknown++;
  }
  return c;
}

export function reportCounts(r: Report): Counts {
  return r.functions.reduce((c, f) => addCounts(c, functionCounts(f)), zeroCounts());
}

/** The project report of these files (sorted by name; the summary computed from them): the one constructor, so every run and merge writes the same document. */
export function projectReport(meta: { command: ProjectCommand; criterion?: string; toolVersion?: string; shard?: Shard }, files: ProjectFile[]): ProjectReport {
  const sorted = [...files].sort((a, b) => compare(a.file, b.file));
  const analysed = sorted.filter((f) => f.report);
  const summary: ProjectSummary = {
    files: sorted.length,
    analysed: analysed.length,
    errors: sorted.filter((f) => f.error !== undefined).length,
    skipped: sorted.filter((f) => f.skipped !== undefined).length,
    functions: analysed.reduce((n, f) => n + f.report!.functions.length, 0),
    ...analysed.reduce((c, f) => addCounts(c, reportCounts(f.report!)), zeroCounts()),
  };
  return {
    kind: 'creach-project',
    version: PROJECT_REPORT_VERSION,
    ...(meta.toolVersion !== undefined ? { toolVersion: meta.toolVersion } : {}),
    command: meta.command,
    ...(meta.criterion !== undefined ? { criterion: meta.criterion } : {}),
    ...(meta.shard ? { shard: meta.shard } : {}),
    files: sorted.map((f) => ({
      file: f.file,
      ...(f.report ? { report: f.report } : {}),
      ...(f.error !== undefined ? { error: f.error } : {}),
      ...(f.skipped !== undefined ? { skipped: f.skipped } : {}),
    })),
    summary,
  };
}

/** The exit code of a project run (and of merging its shards): 2 when a file failed, else for check 1 when a violation was found, else 0. */
export function projectExitCode(r: ProjectReport): number {
  if (r.files.some((f) => f.error !== undefined)) return 2;
  return r.command === 'check' && r.files.some((f) => f.report && checkViolated(f.report)) ? 1 : 0;
}

export function summaryText(r: ProjectReport): string {
  const s = r.summary;
  const shard = r.shard ? ` (shard ${r.shard.index}/${r.shard.count} of ${r.shard.projectFiles} files)` : '';
  return (
    `project${shard}: ${s.files} files (${s.analysed} analysed, ${s.errors} with errors, ${s.skipped} not C), ${s.functions} functions; ` +
    `statements ${s.statements.covered}/${s.statements.total} covered, branches ${s.branches.covered}/${s.branches.total} covered; ` +
    `${s.unreachable} unreachable (proved), ${s.violated} violated, ${s.holds} proved to hold, ${s.notReached} not reached (bounded), ${s.unknown} unknown`
  );
}
