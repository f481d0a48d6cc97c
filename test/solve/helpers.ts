// Shared by the solver tests: fixtures, goal lines found by their text, and
// validation of a report's data by compiling and running them.
import { expect } from 'vitest';
import * as path from 'node:path';
import * as os from 'node:os';
import * as fs from 'node:fs';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { validateSuite, type SuiteValidation } from '../../server/src/testgen/validate';
import type { GoalReport, Report, TestReport } from '../../shared/report';

export const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', name);

/** Line of the first source line (at or after `after`) that starts with `marker`: goals are found by their text, not by hard-coded lines. */
export function lineOf(name: string, marker: string, after = 0): number {
  const lines = fs.readFileSync(fixture(name), 'utf8').split('\n');
  const i = lines.findIndex((l, k) => k >= after && l.trim().startsWith(marker));
  if (i < 0) throw new Error(`${marker} not in ${name}`);
  return i + 1;
}

/** The single goal of a one-goal report (reach) and its tests. */
export function only(report: Report): { goal: GoalReport; tests: TestReport[] } {
  expect(report.functions).toHaveLength(1);
  expect(report.functions[0].goals).toHaveLength(1);
  return { goal: report.functions[0].goals[0], tests: report.functions[0].tests };
}

/** Compiles the report's data with gcc, ASan and UBSan and runs them (sets `validated` on each test). */
export async function validate(file: string, report: Report): Promise<SuiteValidation> {
  const program = await loadProgram({ file }, defaultEngineOptions);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-validate-'));
  const v = await validateSuite(program, report, { compiler: 'gcc', workDir, timeoutMs: 20_000, sanitize: true });
  expect(v.available).toBe(true);
  expect(v.sanitizers).toBe(true);
  return v;
}

/** Every datum reaches its goals, matches its results and runs clean. */
export async function expectAllValidated(file: string, report: Report): Promise<void> {
  await validate(file, report);
  for (const t of report.functions.flatMap((f) => f.tests))
    expect({ id: t.id, validated: t.validated, why: t.validation }).toEqual({ id: t.id, validated: true, why: undefined });
}

/** A C file written into a fresh temporary folder. */
export function writeC(name: string, text: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'creach-src-')), name);
  fs.writeFileSync(file, text);
  return file;
}
