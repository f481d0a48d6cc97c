// Command-line options every subcommand shares (the front end's: compiler,
// include paths, defines, data model, compile_commands.json), parsed with
// node:util parseArgs, and loading the input file with errors turned into
// `file:line:column: message` (InputError, exit code 2).

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultEngineOptions, type EngineOptions } from '../api';
import type { Program } from '../ir/ir';
import { FrontendError, formatDiagnostics, loadProgram } from '../frontend/index';
import { InputError, UsageError } from './errors';

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** The options of the front end, common to every subcommand. */
export const commonOptionSpecs = {
  compiler: { type: 'string' },
  'include-path': { type: 'string', short: 'I', multiple: true },
  define: { type: 'string', short: 'D', multiple: true },
  ilp32: { type: 'boolean' },
  'compile-commands': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpecs;

export const commonOptionsHelp = [
  '  --compiler CC             C compiler used to preprocess (default: cc)',
  '  -I DIR                    add an include directory (repeatable)',
  '  -D NAME[=VALUE]           define a macro (repeatable)',
  '  --ilp32                   32-bit data model (int, long and pointers of 32 bits; default LP64)',
  '  --compile-commands FILE   take flags from a compile_commands.json',
  '  -h, --help                show this help',
].join('\n');

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

export interface ParsedCommandLine {
  /** The input file (first positional argument). */
  file: string;
  /** Remaining positional arguments. */
  rest: string[];
  values: OptionValues;
  engine: EngineOptions;
}

/**
 * Parses `args` with the common options plus `extra`. Returns null after
 * printing `usage` when --help is given; throws UsageError on a bad command line.
 */
export function parseCommandLine(args: string[], extra: OptionSpecs, usage: string): ParsedCommandLine | null {
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...commonOptionSpecs, ...extra }, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return null;
  }
  const [file, ...rest] = positionals;
  if (!file) throw new UsageError(`missing FILE\n${usage}`);
  return { file, rest, values, engine: engineOptionsFrom(values) };
}

/** Engine options: the defaults of api.ts overridden by the common options. */
export function engineOptionsFrom(values: OptionValues): EngineOptions {
  const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  return {
    ...defaultEngineOptions,
    dataModel: values.ilp32 ? 'ILP32' : defaultEngineOptions.dataModel,
    compiler: typeof values.compiler === 'string' ? values.compiler : defaultEngineOptions.compiler,
    includePaths: strings(values['include-path']),
    defines: strings(values.define),
    compileCommands: typeof values['compile-commands'] === 'string' ? values['compile-commands'] : undefined,
  };
}

/** An integer option value, or `fallback` when absent; UsageError when not a non-negative integer. */
export function integerOption(values: OptionValues, name: string, fallback: number): number {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !/^\d+$/.test(v)) throw new UsageError(`--${name} expects a non-negative integer, got '${String(v)}'`);
  return Number(v);
}

/** Reads and lowers `file`; front-end errors become an InputError of `file:line:column: message` lines. */
export async function loadForCli(file: string, engine: EngineOptions): Promise<Program> {
  try {
    return await loadProgram({ file }, engine);
  } catch (e) {
    if (e instanceof FrontendError) throw new InputError(e.message);
    throw e;
  }
}

/** Front-end warnings and notes, one `file:line:column: severity: message` line each. */
export function diagnosticsText(program: Program): string {
  const text = formatDiagnostics(program.diagnostics);
  return text ? `${text}\n` : '';
}
