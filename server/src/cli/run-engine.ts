// Shared by the commands: read the source once, create the engine, run one
// operation, and turn the engine's errors into exit codes (input and request
// errors: 2, printed as `file:line:column: message`).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { createEngine, EngineError, readSource, type Engine, type EngineOptions, type SourceInput } from '../api';
import type { Report } from '../../../shared/report';
import { InputError } from './errors';
import { formatReport } from './report';

export async function withEngine<T>(file: string, options: EngineOptions, f: (engine: Engine, source: SourceInput) => Promise<T>): Promise<T> {
  let engine: Engine | undefined;
  try {
    const source = await readSource(file);
    engine = await createEngine(options);
    return await f(engine, source);
  } catch (e) {
    if (e instanceof EngineError && (e.kind === 'input' || e.kind === 'request')) throw new InputError(e.message);
    throw e;
  } finally {
    engine?.dispose();
  }
}

export function printReport(report: Report, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
}

/** Options of reach, check and cover besides the engine's. */
export const reportOptionSpecs = {
  json: { type: 'boolean' },
  function: { type: 'string', short: 'f' },
} as const;

/** Whether `check` found a violation: a program's verdict is its entry point's (with everything it calls); functions checked alone are unit views. */
export function checkViolated(report: Report): boolean {
  const program = report.functions.filter((f) => f.role === 'program');
  return (program.length ? program : report.functions).some((f) => f.goals.some((g) => g.status === 'violated'));
}

/** CReach's version, from the package.json beside the bundle (dist/cli.js), when it is there. */
export function toolVersion(): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { name?: string; version?: string };
    return pkg.name === 'creach' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}
