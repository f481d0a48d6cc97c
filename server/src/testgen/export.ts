// A suite as files (`creach cover FILE --emit-tests DIR --format
// c|cmocka|gtest|testcomp|json [--validate]`): their names and texts, for the caller to
// write, and the validation that may come first.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Program } from '../ir/ir';
import type { Report } from '../../../shared/report';
import { emitHarness } from './harness';
import { setsIndeterminate, sourceWithIndeterminate } from './indeterminate';
import { emitCmocka, emitGtest } from './frameworks';
import { testCompSuite } from './testcomp';
import { validateSuite, type SuiteValidation } from './validate';

export type ExportFormat = 'c' | 'cmocka' | 'gtest' | 'testcomp' | 'json';

/** A file to write, relative to the export directory. */
export interface SuiteFile {
  name: string;
  text: string;
}

function stem(file: string): string {
  return (
    path
      .basename(file)
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_.-]/g, '_') || 'source'
  );
}

/**
 * The files of the suite in `format`, for writing into `dir` (the C harness includes the source relative to it).
 * Data that give uninitialised locals their values (SV-COMP's convention) come with a copy of the source whose
 * declarations read them (indeterminate.ts), included instead; its own `#include "..."` are found with `-I` the
 * source's folder.
 */
export function suiteFiles(program: Program, report: Report, dir: string, format: ExportFormat): SuiteFile[] {
  const copy = format !== 'testcomp' && format !== 'json' && setsIndeterminate(report);
  const source: SuiteFile[] = copy ? [{ name: `${stem(program.file)}_source.c`, text: sourceWithIndeterminate(program) }] : [];
  const include = copy ? source[0].name : path.relative(path.resolve(dir), path.resolve(program.file)).split(path.sep).join('/');
  switch (format) {
    case 'c':
      return [...source, { name: `${stem(program.file)}_tests.c`, text: emitHarness(program, report, { sourcePath: include }) }];
    case 'cmocka':
      return [...source, { name: `${stem(program.file)}_cmocka.c`, text: emitCmocka(program, report, include) }];
    case 'gtest': {
      const cName = `${stem(program.file)}_creach.c`;
      const { c, cc } = emitGtest(program, report, include, cName);
      return [...source, { name: cName, text: c }, { name: `${stem(program.file)}_gtest.cc`, text: cc }];
    }
    case 'testcomp':
      return testCompSuite(program, report, { programFile: program.file });
    case 'json':
      return [{ name: `${stem(program.file)}.creach.json`, text: JSON.stringify(report, null, 2) + '\n' }];
  }
}

export interface EmitOptions {
  validate: boolean;
  compiler: string;
  timeoutMs: number;
  sanitize?: boolean;
  includePaths?: string[];
  defines?: string[];
  /** Scratch directory for validation builds (default: a fresh temporary directory, removed afterwards). */
  workDir?: string;
}

export interface Validated {
  validation?: SuiteValidation;
  /** For people: what validation found. */
  messages: string[];
  /** Claims that measurements contradict (bugs of CReach): the CLI prints them loudly on stderr. */
  bugs: string[];
}

/** Validates the suite (this sets `validated` on each test of the report), with messages for people. */
export async function validateForExport(program: Program, report: Report, opts: EmitOptions): Promise<Validated> {
  const result: Validated = { messages: [], bugs: [] };
  if (!opts.validate) return result;
  const workDir = opts.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creach-validate-'));
  try {
    const v = await validateSuite(program, report, {
      compiler: opts.compiler,
      workDir,
      timeoutMs: opts.timeoutMs,
      sanitize: opts.sanitize ?? true,
      includePaths: opts.includePaths,
      defines: opts.defines,
    });
    result.validation = v;
    if (!v.available) result.messages.push(v.message ?? 'validation is not available');
    else {
      const ok = v.tests.filter((t) => t.reached && t.resultsMatch && !t.sanitizer).length;
      result.messages.push(
        `validation: ${ok} of ${v.tests.length} tests confirmed by the compiled program${v.sanitizers ? ' (with sanitizers)' : ' (sanitizers not available)'}`,
      );
      for (const t of v.tests) {
        const tr = report.functions.find((f) => f.name === t.function)?.tests.find((x) => x.id === t.id);
        if (tr && tr.validated === false) result.messages.push(`  ${t.name}: not validated: ${tr.validation}`);
      }
      if (v.measured) {
        const pct = (c: { covered: number; total: number }) => `${c.covered}/${c.total}`;
        result.messages.push(
          `measured by gcov: lines ${pct(v.measured.statements)}, branches ${pct(v.measured.branches)}; claimed: statements ${pct(v.claimed.statements)}, branch outcomes ${pct(v.claimed.branches)}`,
        );
      }
      if (v.warnings) result.messages.push(`the harness compiles with warnings:\n${v.warnings}`);
      result.messages.push(...v.reachedWhenRun);
      result.bugs.push(...v.differences);
    }
  } finally {
    if (!opts.workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }
  return result;
}
