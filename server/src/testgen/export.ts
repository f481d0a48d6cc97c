// Writing suites to disk (`creach cover FILE --emit-tests DIR --format
// c|testcomp|json [--validate]`), and the one call the CLI makes for it.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Program } from '../ir/ir';
import type { Report } from '../../../shared/report';
import { emitHarness } from './harness';
import { testCompSuite } from './testcomp';
import { validateSuite, type SuiteValidation } from './validate';

export type ExportFormat = 'c' | 'testcomp' | 'json';

function stem(file: string): string {
  return path.basename(file).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_.-]/g, '_') || 'source';
}

/** Writes the suite in `format` into `dir` (created) and returns the paths written. */
export function exportSuite(program: Program, report: Report, dir: string, format: ExportFormat): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  switch (format) {
    case 'c': {
      const include = path.relative(path.resolve(dir), path.resolve(program.file)).split(path.sep).join('/');
      return [write(`${stem(program.file)}_tests.c`, emitHarness(program, report, { sourcePath: include }))];
    }
    case 'testcomp':
      return testCompSuite(program, report, { programFile: program.file }).map((f) => write(f.name, f.text));
    case 'json':
      return [write(`${stem(program.file)}.creach.json`, JSON.stringify(report, null, 2) + '\n')];
  }
}

export interface EmitOptions {
  /** Directory to write the suite into; absent: validate only. */
  dir?: string;
  format: ExportFormat;
  validate: boolean;
  compiler: string;
  timeoutMs: number;
  sanitize?: boolean;
  includePaths?: string[];
  defines?: string[];
  /** Scratch directory for validation builds (default: a fresh temporary directory). */
  workDir?: string;
}

export interface EmitResult {
  files: string[];
  validation?: SuiteValidation;
  /** For people: what validation found. */
  messages: string[];
  /** Claims that measurements contradict (bugs of CReach): the CLI prints them loudly on stderr. */
  bugs: string[];
}

/**
 * Validates the suite (when asked: this sets `validated` on each test of the
 * report) and then writes it, so a JSON export carries the verdicts.
 */
export async function emitAndValidate(program: Program, report: Report, opts: EmitOptions): Promise<EmitResult> {
  const result: EmitResult = { files: [], messages: [], bugs: [] };
  if (opts.validate) {
    const workDir = opts.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creach-validate-'));
    const v = await validateSuite(program, report, {
      compiler: opts.compiler, workDir, timeoutMs: opts.timeoutMs, sanitize: opts.sanitize ?? true,
      includePaths: opts.includePaths, defines: opts.defines,
    });
    result.validation = v;
    if (!v.available) result.messages.push(v.message ?? 'validation is not available');
    else {
      const ok = v.tests.filter((t) => t.reached && t.resultsMatch && !t.sanitizer).length;
      result.messages.push(`validation: ${ok} of ${v.tests.length} tests confirmed by the compiled program${v.sanitizers ? ' (with sanitizers)' : ' (sanitizers not available)'}`);
      for (const t of v.tests) {
        const tr = report.functions.find((f) => f.name === t.function)?.tests.find((x) => x.id === t.id);
        if (tr && tr.validated === false) result.messages.push(`  ${t.name}: not validated: ${tr.validation}`);
      }
      if (v.measured) {
        const pct = (c: { covered: number; total: number }) => `${c.covered}/${c.total}`;
        result.messages.push(`measured by gcov: lines ${pct(v.measured.statements)}, branches ${pct(v.measured.branches)}; claimed: statements ${pct(v.claimed.statements)}, branch outcomes ${pct(v.claimed.branches)}`);
      }
      if (v.warnings) result.messages.push(`the harness compiles with warnings:\n${v.warnings}`);
      result.bugs.push(...v.differences);
    }
  }
  if (opts.dir) result.files = exportSuite(program, report, opts.dir, opts.format);
  return result;
}
