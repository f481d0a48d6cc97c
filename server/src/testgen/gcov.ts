// Measured coverage with gcc's gcov: the harness is compiled with
// `--coverage` as one object; `gcov --json-format --stdout` on it gives the
// line and branch counts of every file it includes (the source under test).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { runProcess } from './run';

export interface GcovLine {
  line: number;
  count: number;
  /** Execution count of each branch arc leaving the line. */
  branches: number[];
  function?: string;
}

export interface CoverageCount {
  covered: number;
  total: number;
}

export interface MeasuredCoverage {
  statements: CoverageCount;
  branches: CoverageCount;
}

/** gcov's tool name for a compiler (`gcc-12` -> `gcov-12`; clang has no compatible gcov). */
export function gcovFor(compiler: string): string {
  const base = path.basename(compiler);
  const m = /^(?:.*-)?gcc(-\d+)?$/.exec(base) ?? /^cc$/.exec(base);
  const suffix = m?.[1] ?? '';
  const beside = path.join(path.dirname(compiler), `gcov${suffix}`);
  // A compiler given by path (a wrapper script, ccache) may have no gcov beside it: then the one on PATH.
  return path.dirname(compiler) !== '.' && fs.existsSync(beside) ? beside : `gcov${suffix}`;
}

/** Line records of `sourceFile` from the counts of `objectFile` (both in workDir). */
export async function readGcov(gcov: string, workDir: string, objectFile: string, sourceFile: string): Promise<GcovLine[] | string> {
  const r = await runProcess(gcov, ['--json-format', '--stdout', '--branch-probabilities', objectFile], { cwd: workDir, timeoutMs: 30_000 });
  if (r.spawnError || r.code !== 0) return `gcov failed: ${r.spawnError ?? r.stderr.trim()}`;
  const want = path.resolve(sourceFile);
  for (const chunk of r.stdout.split('\n')) {
    if (!chunk.trim().startsWith('{')) continue;
    let data: {
      files?: { file: string; lines: { line_number: number; count: number; branches: { count: number }[]; function_name?: string }[] }[];
      current_working_directory?: string;
    };
    try {
      data = JSON.parse(chunk);
    } catch {
      continue;
    }
    for (const f of data.files ?? []) {
      if (path.resolve(data.current_working_directory ?? workDir, f.file) !== want) continue;
      return f.lines.map((l) => ({ line: l.line_number, count: l.count, branches: l.branches.map((b) => b.count), function: l.function_name }));
    }
  }
  return `gcov has no counts for ${sourceFile}`;
}

/** Statement (line) and branch coverage of the lines in [from, to]. */
export function coverageOf(lines: GcovLine[], ranges: { from: number; to: number }[]): MeasuredCoverage {
  const cov: MeasuredCoverage = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const l of linesWithin(lines, ranges)) {
    cov.statements.total++;
    if (l.count > 0) cov.statements.covered++;
    cov.branches.total += l.branches.length;
    cov.branches.covered += l.branches.filter((c) => c > 0).length;
  }
  return cov;
}

/** The records of the lines in [from, to] of some range. */
export function linesWithin(lines: GcovLine[], ranges: { from: number; to: number }[]): GcovLine[] {
  return lines.filter((l) => ranges.some((r) => l.line >= r.from && l.line <= r.to));
}
