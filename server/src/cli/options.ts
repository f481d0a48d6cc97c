// Command-line options: the engine's options come from the one options table
// (flags, defaults and help lines), each command adds its own, and parsing is
// node:util's parseArgs. `--ilp32` stays as a short form of `--data-model ILP32`.

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultEngineOptions, optionSpecs, type EngineOptions, type OptionSpec } from '../api';
import { UsageError } from './errors';

type OptionSpecs = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** The engine options a group of commands takes (`common`: all; `solver`: reach, check, cover). */
function engineFlags(groups: ('common' | 'solver')[]): OptionSpec[] {
  return optionSpecs.filter((o) => o.cli && groups.includes(o.cli.group));
}

/** A boolean whose default is true is given as `--no-<flag>`. */
const flagName = (o: OptionSpec) => (o.type === 'boolean' && o.default === true ? `no-${o.cli!.flag}` : o.cli!.flag);

function parseSpecs(groups: ('common' | 'solver')[]): OptionSpecs {
  const out: OptionSpecs = { help: { type: 'boolean', short: 'h' } };
  if (groups.includes('common')) out.ilp32 = { type: 'boolean' };
  for (const o of engineFlags(groups)) {
    const c = o.cli!;
    out[flagName(o)] = {
      type: o.type === 'boolean' ? 'boolean' : 'string',
      ...(c.short ? { short: c.short } : {}),
      ...(c.repeatable ? { multiple: true } : {}),
    };
  }
  return out;
}

/** Help lines of the engine options of these groups. */
export function engineOptionsHelp(groups: ('common' | 'solver')[]): string {
  const lines: [string, string][] = [];
  for (const o of engineFlags(groups)) {
    const c = o.cli!;
    const name = `${c.short ? `-${c.short}, ` : ''}--${flagName(o)}${c.argument ? ` ${c.argument}` : ''}`;
    lines.push([name, o.summary ?? o.description]);
    if (o.key === 'dataModel') lines.push(['--ilp32', 'same as --data-model ILP32']);
  }
  lines.push(['-h, --help', 'show this help']);
  const width = Math.max(26, ...lines.map(([n]) => n.length + 2));
  return lines.map(([n, d]) => `  ${n.padEnd(width)}${d}`).join('\n');
}

export interface ParsedCommandLine {
  /** The input file (first positional argument); '' when `fileOr`'s option replaces it. */
  file: string;
  /** Remaining positional arguments. */
  rest: string[];
  values: OptionValues;
  engine: EngineOptions;
}

/**
 * Parses `args` with the engine options of `groups` plus `extra`. Returns null
 * after printing `usage` when --help is given; throws UsageError on a bad
 * command line. `fileOr`: an option of `extra` that stands instead of FILE
 * (`--project`): then FILE must not be given. `fileName`: what FILE is called in messages.
 */
export function parseCommandLine(
  args: string[],
  groups: ('common' | 'solver')[],
  extra: OptionSpecs,
  usage: string,
  fileOr?: string,
  fileName = 'FILE',
): ParsedCommandLine | null {
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...parseSpecs(groups), ...extra }, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return null;
  }
  if (fileOr && values[fileOr] !== undefined) {
    if (positionals.length > 0) throw new UsageError(`${fileName} '${positionals[0]}' and --${fileOr} contradict each other\n${usage}`);
    return { file: '', rest: [], values, engine: engineOptionsFrom(values, groups, usage) };
  }
  const [file, ...rest] = positionals;
  if (!file) throw new UsageError(`missing ${fileName}${fileOr ? ` (or --${fileOr})` : ''}\n${usage}`);
  return { file, rest, values, engine: engineOptionsFrom(values, groups, usage) };
}

/** Engine options: the table's defaults overridden by the flags given. */
function engineOptionsFrom(values: OptionValues, groups: ('common' | 'solver')[], usage: string): EngineOptions {
  const options = { ...defaultEngineOptions } as Record<string, unknown>;
  for (const o of engineFlags(groups)) {
    const v = values[flagName(o)];
    if (v === undefined) continue;
    switch (o.type) {
      case 'boolean':
        options[o.key] = o.default === true ? !v : Boolean(v);
        break;
      case 'integer':
        options[o.key] = integerOption(values, flagName(o), o.default as number, o.minimum ?? 0, o.maximum);
        break;
      case 'strings':
        options[o.key] = Array.isArray(v) ? v.map(String) : [String(v)];
        break;
      case 'dataModel':
        if (v !== 'LP64' && v !== 'ILP32') throw new UsageError(`--${o.cli!.flag} must be LP64 or ILP32, got '${String(v)}'\n${usage}`);
        options[o.key] = v;
        break;
      case 'string':
        options[o.key] = String(v);
        break;
    }
  }
  if (values.ilp32) options.dataModel = 'ILP32';
  return options as unknown as EngineOptions;
}

/** An integer option value, or `fallback` when absent; UsageError when not an integer of at least `minimum` (and at most `maximum`). */
export function integerOption(values: OptionValues, name: string, fallback: number, minimum = 0, maximum = Number.MAX_SAFE_INTEGER): number {
  const v = values[name];
  if (v === undefined) return fallback;
  if (typeof v !== 'string' || !/^\d+$/.test(v) || Number(v) < minimum || Number(v) > maximum || !Number.isSafeInteger(Number(v))) {
    const range = maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw new UsageError(`--${name} expects an integer ${range}, got '${String(v)}'`);
  }
  return Number(v);
}
