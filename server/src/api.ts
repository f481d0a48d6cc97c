// The engine's one door. The CLI, the language server's workers and the
// benchmark drive the engine only through this file: every operation a user
// can ask for is a method of `Engine`, its options are `EngineOptions` (one
// table, options.ts), and every error it throws is an `EngineError`.
//
// The engine does no I/O of its own beyond running the compiler it is given
// (preprocessing, validation): callers pass the source text (`readSource`
// reads a file with the one message every command gives for a missing file)
// and write the files an export returns.

import { readFile } from 'node:fs/promises';
import type { Report, RunSuiteResult, RunTestResult } from '../../shared/report';
export type { RunSuiteResult, RunTestResult };
import type { CfgView } from '../../shared/cfg';
import { EngineError, readFailure } from './errors';

export { EngineError, isCancellation, type EngineErrorKind, type ErrorLocation } from './errors';
export {
  defaultEngineOptions,
  editorDefaults,
  optionSpecs,
  checkedValue,
  settingsContribution,
  restrictedSettings,
  type EngineOptions,
  type OptionSpec,
} from './options';
/**
 * `interruptionCount`: how many solver checks a cancellation interrupted on this thread (the language server retires a worker whose Z3 was).
 * `setOnThreadSlice`: how long a check runs on the JS thread before it goes on where a cancellation can interrupt it (default: wholly on the JS thread).
 */
export { createEngine, interruptionCount, setOnThreadSlice, startEngineParts } from './engine/engine';
/** Full garbage collections, which free the Z3 terms of dropped JavaScript handles (the language server runs them after jobs and publishes). */
export { collectGarbage, throttledCollector } from './engine/engine';
export { ERROR_FUNCTIONS } from './ir/libc';
/** The C parser (tree-sitter), for the editor's index of functions. */
export { parseC, type SyntaxNode } from './frontend/parser';
/** The entries of a compile_commands.json (the one reader: preprocessing takes each file's flags from the same entries). */
export { readCompileCommands, type CompileCommand } from './frontend/preprocess';
export type { ReplayResult, ReplayedTest } from './testgen/replay';
import type { ReplayResult } from './testgen/replay';

/** The source to analyse: its path (for messages, preprocessing and `#include`s) and its text. */
export interface SourceInput {
  file: string;
  text: string;
}

export interface ReachRequest extends SourceInput {
  /** The goal by id (`f:12:if:true`), or by place: */
  goal?: string;
  /** 1-based line of the statement or decision. */
  line?: number;
  column?: number;
  /** 'true' | 'false' (or a switch case label) for decisions; absent: the statement on that line. */
  outcome?: string;
  function?: string;
  /** Extra C condition over the variables in scope at the goal. */
  where?: string;
  /** Enumerate distinct data, up to `limit`. */
  all?: boolean;
  limit?: number;
  /** As CheckRequest.invariants (a bounded proof comes with its conflicting conditions; an invariant proof with its invariants). */
  invariants?: boolean;
}

export interface CheckRequest extends SourceInput {
  function?: string;
  /**
   * Try to prove goals left bounded by the loop bound with loop invariants (default true); `cheap`: only the
   * prover's first stages past the early loop bound, no Spacer, no accelerated search (the editor's background
   * analysis: a follow-up query on a goal still open tries the rest).
   */
  invariants?: boolean | 'cheap';
  /**
   * One violation is the answer (SV-COMP's false): once the first pass has found one, the other properties keep
   * its answers (bounded ones say their bound) instead of being asked again in full.
   */
  untilViolated?: boolean;
  /**
   * Solver time for each function's properties together, in ms (default 30 query limits); the properties left
   * when it runs out are unknown (`timeout` during `function`).
   */
  budgetMs?: number;
}

export interface CoverRequest extends SourceInput {
  function?: string;
  /**
   * statement, decision (every outcome of every decision and condition), mcdc (decision, and a pair of data
   * per condition showing its independent effect: FunctionReport.mcdc), or error-calls (a test reaching each
   * error call: Test-Comp's coverage-error-call).
   */
  criterion: 'statement' | 'decision' | 'mcdc' | 'error-calls';
  /**
   * As CheckRequest.invariants (`cheap`: the prover's first stages are a few queries for the whole function; they
   * prove gcd's `y > 10` in a second where unrolling to the full bound takes tens).
   */
  invariants?: boolean | 'cheap';
  /** False: no validation of the data even when the engine validates (the editor validates coverage after showing it). */
  validate?: boolean;
}

/** The editor's background analysis of one function: decision coverage, then assertions and runtime errors, in one report. */
export interface AnalyseRequest extends SourceInput {
  function: string;
  /** The coverage part, already computed (`cover` with the decision criterion, cheap invariants, not validated): it is validated and the checks are run. */
  coverage?: Report;
  /**
   * 'later': the verdicts are returned as soon as the checks end, the data not yet validated; `validate`
   * with this report compiles and runs them (compiler processes beside the checks would slow them down).
   */
  validate?: 'later';
  /** As CheckRequest.budgetMs, for the properties. */
  budgetMs?: number;
}

/** The data of a report compiled and run, each test marked validated or not (the editor's last stage). */
export interface ValidateRequest extends SourceInput {
  function: string;
  /** What `analyse` with `validate: 'later'` returned for this text and function (or any report of them). */
  report: Report;
}

export interface CfgRequest extends SourceInput {
  function?: string;
  /** Add the SSA φ-functions and the control dependences (`creach cfg --json`). */
  details?: boolean;
}

/** The C harness (one test function per datum) for the data of a report. */
export interface HarnessRequest extends SourceInput {
  report: Report;
  /** How the harness `#include`s the source (default: the file's path as given). */
  includePath?: string;
}

/** The C harness, CMocka tests, GoogleTest tests (a C part and a C++ part), a Test-Comp suite, or the report as JSON. */
export const EXPORT_FORMATS = ['c', 'cmocka', 'gtest', 'testcomp', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const isExportFormat = (f: string): f is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(f);

export interface ExportRequest extends SourceInput {
  report: Report;
  format: ExportFormat;
  /** The directory the caller will write the files into (the C harness includes the source relative to it). */
  dir: string;
  /** Compile and run the suite first (sets `validated` on each test of the report). */
  validate?: boolean;
}

/** A file an operation asks its caller to write: `name` is relative to the export directory. */
export interface OutputFile {
  name: string;
  text: string;
}

export interface ExportResult {
  files: OutputFile[];
  /** The report, with `validated` set on its tests when validation ran. */
  report: Report;
  /** For people: what validation found. */
  messages: string[];
  /** Claims that measurements contradict (bugs of CReach): printed loudly. */
  bugs: string[];
}

export interface RunSuiteRequest extends SourceInput {
  report: Report;
}

export interface ReplayRequest extends SourceInput {
  /** The Test-Comp suite: `metadata.xml` and the test-case files, by name. */
  suite: OutputFile[];
}

export interface Engine {
  reach(req: ReachRequest, signal?: AbortSignal): Promise<Report>;
  check(req: CheckRequest, signal?: AbortSignal): Promise<Report>;
  cover(req: CoverRequest, signal?: AbortSignal): Promise<Report>;
  analyse(req: AnalyseRequest, signal?: AbortSignal): Promise<Report>;
  /** The report's data validated (when the engine validates): the outcome of the validation `analyse` left running, or a new one. */
  validate(req: ValidateRequest, signal?: AbortSignal): Promise<Report>;
  /** Goals of every function, statuses unknown (no solving): for fast outlines. */
  outline(req: SourceInput, signal?: AbortSignal): Promise<Report>;
  /** The control-flow graph of each function (or of `function`), for `creach cfg` and the webview. */
  cfg(req: CfgRequest, signal?: AbortSignal): Promise<CfgView[]>;
  harness(req: HarnessRequest, signal?: AbortSignal): Promise<string>;
  exportSuite(req: ExportRequest, signal?: AbortSignal): Promise<ExportResult>;
  replay(req: ReplayRequest, signal?: AbortSignal): Promise<ReplayResult>;
  /** Compiles and runs a report's data (the editor's Test Explorer): each test's outcome, and gcov's counts. */
  runSuite(req: RunSuiteRequest, signal?: AbortSignal): Promise<RunSuiteResult>;
  dispose(): void;
}

/** The operations of an engine, by name (the worker protocol is typed from these). */
export type EngineMethod = Exclude<keyof Engine, 'dispose'>;
export type EngineParams<M extends EngineMethod> = Parameters<Engine[M]>[0];
export type EngineResult<M extends EngineMethod> = Awaited<ReturnType<Engine[M]>>;

/** Reads a source file for a request; a file that cannot be read is an input error, with the same message from every command. */
export async function readSource(file: string): Promise<SourceInput> {
  try {
    return { file, text: await readFile(file, 'utf8') };
  } catch (e) {
    throw EngineError.at('input', file, 1, 1, `cannot read the file: ${readFailure(e)}`);
  }
}
