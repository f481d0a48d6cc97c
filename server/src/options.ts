// The engine's options, in one table: their defaults, their command-line
// flags and their editor settings. The CLI's help and parsing, the language
// server's reading of `creach.*` settings and the `package.json`
// contribution all come from here (a test holds package.json to it), so an
// option cannot exist in one interface and not in the others.

import type { DataModel } from './ir/types';

export interface EngineOptions {
  /** Data model: LP64 (x86-64 Linux) or ILP32. */
  dataModel: DataModel;
  /** C compiler used for preprocessing and validation. */
  compiler: string;
  includePaths: string[];
  /** `NAME` or `NAME=VALUE`. */
  defines: string[];
  /** Path to a compile_commands.json, if any. */
  compileCommands?: string;
  /** Largest loop unrolling tried (deepening 1, 2, 4, ... up to this). */
  maxLoopBound: number;
  /** Depth up to which calls to functions of the file are inlined. */
  inlineDepth: number;
  /** Time limit of one solver query, in milliseconds. */
  timeoutMs: number;
  /** Make possible runtime errors goals (they are forbidden on the path to other goals in any case). */
  runtimeErrors: boolean;
  /** Length of the input array a pointer parameter points to, when nothing says otherwise. */
  pointerArrayLength: number;
  /** malloc and calloc may return NULL (each call's outcome is then part of the datum). */
  mallocMayFail: boolean;
  /** Reads of uninitialised locals give any value (SV-COMP's convention) instead of being undefined behaviour. */
  uninitialisedNondet: boolean;
  /** `main(argc, argv)`: the largest argc considered. */
  argcMax: number;
  /** `main(argc, argv)`: the longest argument string considered (characters before its NUL). */
  argLength: number;
  /** Compile and run the data of each reach/check/cover report to confirm them. The editor turns it on only in trusted workspaces. */
  validate: boolean;
}

type ValueType = 'integer' | 'boolean' | 'string' | 'strings' | 'dataModel';

export interface OptionSpec<K extends keyof EngineOptions = keyof EngineOptions> {
  key: K;
  type: ValueType;
  default: EngineOptions[K];
  /** One sentence for the settings UI. */
  description: string;
  /** The CLI help line (default: the description). */
  summary?: string;
  /** Smallest value of an integer option. */
  minimum?: number;
  /** Largest value of an integer option (beyond it the engine would build formulas no solver answers: a usage error, not a hang). */
  maximum?: number;
  /**
   * The command-line flag: `group` says which commands take it (`common`:
   * every command; `solver`: reach, check and cover). A boolean whose default
   * is true is turned off by `--no-<flag>`.
   */
  cli?: { flag: string; short?: string; argument?: string; group: 'common' | 'solver'; repeatable?: boolean };
  /**
   * The editor setting `creach.<name>`. `restricted`: an untrusted workspace
   * cannot set it (it names programs to run or files to read);
   * `machineOverridable`: a remote window takes it from the machine settings.
   */
  setting?: { name: string; restricted?: boolean; machineOverridable?: boolean };
}

const table: { [K in keyof EngineOptions]-?: OptionSpec<K> } = {
  dataModel: {
    key: 'dataModel',
    type: 'dataModel',
    default: 'LP64',
    description: 'Data model: LP64 (x86-64 Linux: long and pointers 64 bits) or ILP32.',
    summary: 'data model (default LP64)',
    cli: { flag: 'data-model', argument: 'LP64|ILP32', group: 'common' },
    setting: { name: 'dataModel' },
  },
  compiler: {
    key: 'compiler',
    type: 'string',
    default: 'cc',
    description: 'C compiler used to preprocess, and to compile and run test data for validation.',
    summary: 'C compiler used to preprocess and to validate (default cc)',
    cli: { flag: 'compiler', argument: 'CC', group: 'common' },
    setting: { name: 'compiler', restricted: true, machineOverridable: true },
  },
  includePaths: {
    key: 'includePaths',
    type: 'strings',
    default: [],
    description: 'Extra include directories (-I).',
    summary: 'add an include directory (repeatable)',
    cli: { flag: 'include-path', short: 'I', argument: 'DIR', group: 'common', repeatable: true },
    setting: { name: 'includePaths', restricted: true },
  },
  defines: {
    key: 'defines',
    type: 'strings',
    default: [],
    description: 'Preprocessor definitions, NAME or NAME=VALUE (-D).',
    summary: 'define a macro (repeatable)',
    cli: { flag: 'define', short: 'D', argument: 'NAME[=VALUE]', group: 'common', repeatable: true },
    setting: { name: 'defines', restricted: true },
  },
  compileCommands: {
    key: 'compileCommands',
    type: 'string',
    default: undefined,
    description: 'Path to a compile_commands.json whose flags are used for each file.',
    summary: 'take flags from a compile_commands.json',
    cli: { flag: 'compile-commands', argument: 'FILE', group: 'common' },
    setting: { name: 'compileCommands', restricted: true },
  },
  maxLoopBound: {
    key: 'maxLoopBound',
    type: 'integer',
    default: 64,
    minimum: 1,
    maximum: 4096,
    description:
      'Largest loop unrolling tried (deepening 1, 2, 4, ... up to this). A goal not reached within it is reported "not reached within k", never unreachable.',
    summary: 'largest loop unrolling tried (default 64)',
    cli: { flag: 'loop-bound', argument: 'N', group: 'solver' },
    setting: { name: 'loopBound' },
  },
  inlineDepth: {
    key: 'inlineDepth',
    type: 'integer',
    default: 8,
    minimum: 0,
    maximum: 64,
    description: 'Depth up to which calls to functions of the file are inlined; a deeper call makes what depends on it unknown.',
    summary: 'inline calls up to this depth (default 8)',
    cli: { flag: 'inline-depth', argument: 'N', group: 'solver' },
    setting: { name: 'inlineDepth' },
  },
  timeoutMs: {
    key: 'timeoutMs',
    type: 'integer',
    default: 5000,
    minimum: 100,
    maximum: 3600000,
    description: 'Time limit of one solver query, in milliseconds; a query that runs out is reported unknown.',
    summary: 'time limit of one solver query (default 5000)',
    cli: { flag: 'timeout', argument: 'MS', group: 'solver' },
    setting: { name: 'timeoutMs' },
  },
  runtimeErrors: {
    key: 'runtimeErrors',
    type: 'boolean',
    default: true,
    description:
      'Report possible runtime errors (overflow, division by zero, invalid shifts, out-of-bounds and null accesses) as goals. Undefined behaviour is never allowed on the path to any goal.',
    summary: 'do not make possible runtime errors goals',
    cli: { flag: 'runtime-errors', group: 'solver' },
    setting: { name: 'runtimeErrors' },
  },
  pointerArrayLength: {
    key: 'pointerArrayLength',
    type: 'integer',
    default: 4,
    minimum: 1,
    maximum: 1024,
    description: 'Number of elements of the input array behind a pointer parameter whose length nothing states (int *a); verdicts that depend on it say so.',
    summary: 'elements behind a pointer parameter of no stated length (default 4)',
    cli: { flag: 'pointer-array-length', argument: 'N', group: 'solver' },
    setting: { name: 'pointerArrayLength' },
  },
  mallocMayFail: {
    key: 'mallocMayFail',
    type: 'boolean',
    default: false,
    description:
      "malloc and calloc may return NULL: each call's outcome becomes part of the datum. Otherwise they always succeed, and proofs that rely on it say so.",
    summary: 'malloc and calloc may return NULL (the datum says which call fails)',
    cli: { flag: 'malloc-may-fail', group: 'solver' },
    setting: { name: 'mallocMayFail' },
  },
  uninitialisedNondet: {
    key: 'uninitialisedNondet',
    type: 'boolean',
    default: false,
    description:
      'A local variable read before any assignment gives any value, as SV-COMP tasks assume (--property sets it). Otherwise the read is undefined behaviour (C11 6.3.2.1p2): a runtime error, and no execution goes on past it.',
    summary: "a local read before any assignment gives any value (SV-COMP's convention) instead of being undefined",
    cli: { flag: 'uninitialised-nondet', group: 'solver' },
  },
  argcMax: {
    key: 'argcMax',
    type: 'integer',
    default: 4,
    minimum: 0,
    maximum: 64,
    description:
      'main(argc, argv): the largest argc considered; argv[argc] is NULL and each argv[i] before it a string. A verdict that depends on this bound says so and is never a proof.',
    summary: 'main(argc, argv): the largest argc considered (default 4)',
    cli: { flag: 'argc-max', argument: 'N', group: 'solver' },
    setting: { name: 'argcMax' },
  },
  argLength: {
    key: 'argLength',
    type: 'integer',
    default: 8,
    minimum: 0,
    maximum: 256,
    description: 'main(argc, argv): the longest argument considered, in characters. A verdict that depends on this bound says so and is never a proof.',
    summary: 'main(argc, argv): the longest argument considered (default 8)',
    cli: { flag: 'arg-length', argument: 'N', group: 'solver' },
    setting: { name: 'argLength' },
  },
  validate: {
    key: 'validate',
    type: 'boolean',
    default: false,
    description: 'Confirm each datum by compiling and running the code (in the editor: trusted workspaces only).',
    setting: { name: 'validate', restricted: true },
  },
};

/** Every option, in the table's order. */
export const optionSpecs: OptionSpec[] = Object.values(table) as OptionSpec[];

export const defaultEngineOptions: EngineOptions = Object.fromEntries(
  optionSpecs.filter((o) => o.default !== undefined).map((o) => [o.key, o.default]),
) as unknown as EngineOptions;

/**
 * The editor's default differs in one place: validation is on (in trusted
 * workspaces), since the editor shows each datum as confirmed or not.
 */
export const editorDefaults: Partial<EngineOptions> = { validate: true };

/** An option's value from an untyped source (editor settings), or undefined when it has the wrong type or range. */
export function checkedValue(spec: OptionSpec, raw: unknown): unknown {
  switch (spec.type) {
    case 'integer':
      return typeof raw === 'number' &&
        Number.isInteger(raw) &&
        raw >= (spec.minimum ?? Number.MIN_SAFE_INTEGER) &&
        raw <= (spec.maximum ?? Number.MAX_SAFE_INTEGER)
        ? raw
        : undefined;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'string':
      return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
    case 'strings':
      return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : undefined;
    case 'dataModel':
      return raw === 'LP64' || raw === 'ILP32' ? raw : undefined;
  }
}

/** The `contributes.configuration.properties` of package.json, as the table says it must be. */
export function settingsContribution(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const spec of optionSpecs) {
    if (!spec.setting) continue;
    const def = { ...defaultEngineOptions, ...editorDefaults }[spec.key];
    const p: Record<string, unknown> = {};
    switch (spec.type) {
      case 'integer':
        Object.assign(p, { type: 'integer', default: def, description: spec.description, minimum: spec.minimum, maximum: spec.maximum });
        break;
      case 'boolean':
        Object.assign(p, { type: 'boolean', default: def, description: spec.description });
        break;
      case 'string':
        Object.assign(p, { type: 'string', default: def ?? '', description: spec.description });
        break;
      case 'strings':
        Object.assign(p, { type: 'array', default: def, description: spec.description, items: { type: 'string' } });
        break;
      case 'dataModel':
        Object.assign(p, { type: 'string', default: def, description: spec.description, enum: ['LP64', 'ILP32'] });
        break;
    }
    if (p.minimum === undefined) delete p.minimum;
    if (p.maximum === undefined) delete p.maximum;
    if (spec.setting.machineOverridable) p.scope = 'machine-overridable';
    out[`creach.${spec.setting.name}`] = p;
  }
  return out;
}

/** The settings an untrusted workspace cannot set (package.json's `restrictedConfigurations`). */
export function restrictedSettings(): string[] {
  return optionSpecs.filter((o) => o.setting?.restricted).map((o) => `creach.${o.setting!.name}`);
}
