// Shared by reach, check and cover: create the engine, turn request errors into exit code 2.

import type { Engine, EngineOptions } from '../api';
import { integerOption, type OptionValues } from './options';
import { createEngine, RequestError } from '../engine';
import { FrontendError } from '../frontend/index';
import { WhereError } from '../solve/where';
import { InputError, UsageError } from './errors';
import type { Report } from '../../../shared/report';
import { formatReport } from './report';

export async function withEngine<T>(options: EngineOptions, f: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await createEngine(options);
  try {
    return await f(engine);
  } catch (e) {
    if (e instanceof FrontendError) throw new InputError(e.diagnostics.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.message}`).join('\n') || e.message);
    if (e instanceof RequestError) throw new InputError(e.message);
    if (e instanceof WhereError) throw new UsageError(e.message);
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(`${(e as NodeJS.ErrnoException).path ?? ''}:1:1: cannot read the file: no such file`);
    throw e;
  } finally {
    engine.dispose();
  }
}

export function printReport(report: Report, json: boolean): void {
  process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
}

/** Common solver options of reach, check and cover. */
export const solverOptionSpecs = {
  json: { type: 'boolean' },
  function: { type: 'string', short: 'f' },
  'loop-bound': { type: 'string' },
  timeout: { type: 'string' },
  'no-runtime-errors': { type: 'boolean' },
  'malloc-may-fail': { type: 'boolean' },
} as const;

/** Engine options from the solver options of reach, check and cover. */
export function solverEngineOptions(engine: EngineOptions, values: Record<string, unknown>): EngineOptions {
  const int = (name: string, fallback: number) => integerOption(values as OptionValues, name, fallback);
  return {
    ...engine,
    maxLoopBound: int('loop-bound', engine.maxLoopBound),
    timeoutMs: int('timeout', engine.timeoutMs),
    runtimeErrors: !values['no-runtime-errors'],
    mallocMayFail: Boolean(values['malloc-may-fail']),
  };
}

export const solverOptionsHelp = [
  '  --function F              only function F',
  '  --json                    print the JSON report',
  '  --loop-bound N            largest loop unrolling (default 64)',
  '  --timeout MS              time limit of one solver query (default 5000)',
  '  --no-runtime-errors       do not make possible runtime errors goals',
  '  --malloc-may-fail         malloc and calloc may return NULL (each call\'s outcome becomes part of the datum)',
].join('\n');
