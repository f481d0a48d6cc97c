// The protocol between the CReach language server, the VS Code client and the
// CFG webview: command arguments, custom notifications, settings, and the one
// way of writing a datum for people (hover, inline text, diagnostics).
// Plain data only: no vscode, no engine types.

import type { DataValue, GoalStatus, Report, TestReport } from './report';

/** Server commands (`workspace/executeCommand`); the argument is the first element of `arguments`. */
export const ServerCommands = {
  /** ReachArgs -> Report of that goal. */
  reach: 'creach.reach',
  /** CoverArgs -> Report of the file or function (decision coverage plus assertion and runtime-error checks). */
  cover: 'creach.cover',
  /** CfgArgs -> CfgView[]. */
  cfg: 'creach.cfg',
  /** ExportArgs -> { files: string[] }. */
  exportTests: 'creach.export',
  /** HarnessArgs -> the C text of a self-contained test harness for the report's data. */
  harness: 'creach.harness',
  /** HarnessArgs (one function, one test) -> the C text of one test function to paste into an existing test file. */
  testFunction: 'creach.testFunction',
  /** HarnessArgs -> RunSuiteResult (shared/report.ts): the data compiled and run, with gcov's counts (trusted workspaces only). */
  runTests: 'creach.runTests',
  /** CoverArgs (with a function) -> Report of that function with its MC/DC (`FunctionReport.mcdc`) and the data of its pairs. */
  mcdc: 'creach.mcdcReport',
} as const;

export interface ReachArgs {
  uri: string;
  /** 0-based. */
  line: number;
  /** 0-based. */
  character?: number;
  outcome?: 'true' | 'false';
  /** Extra C condition over the variables in scope at the goal. */
  where?: string;
  /** Ask for this many distinct data (for "another datum"); default 1. */
  limit?: number;
}

export interface CoverArgs {
  uri: string;
  function?: string;
}

export interface CfgArgs {
  uri: string;
  function?: string;
}

export interface ExportArgs {
  uri: string;
  /** Output folder (absolute path). */
  dir: string;
  format: string;
  function?: string;
}

export interface HarnessArgs {
  uri: string;
  /** The data to write as tests (e.g. one function with one test). */
  report: Report;
}

/** Server -> client: the analysis results of one open file, sent whenever they change. */
export const FileReportNotification = 'creach/fileReport';
export interface FileReportParams {
  uri: string;
  version: number;
  report: Report;
  /** Functions whose analysis is still running or queued. */
  pending: string[];
  /** Of those, the functions whose verdicts are final and whose data are being compiled and run. */
  validating?: string[];
  /**
   * Functions whose results are not current: they (or a function they call,
   * or the file outside functions) do not parse or have an error. The report
   * keeps their last results where the lines are still right.
   */
  stale?: { function: string; reason: string }[];
  /** 1-based lines with a decision that has true/false outcomes ("Reach this branch" is offered there only). */
  decisionLines?: number[];
  /** What the editor draws: a gutter mark per line with goals, a branch mark per decision with outcomes not covered. */
  marks?: { lines: LineMark[]; branches: BranchMark[] };
}

/**
 * A line's gutter mark: its statement (covered, `failed`: covered by a datum
 * whose compiled run did not confirm it, unreachable, not reached within the
 * loop bound, unknown) or its properties (`error`: a violated assertion,
 * `warning`: a violated runtime-error check, unknown, holds).
 */
export type LineMarkKind = 'error' | 'warning' | 'failed' | 'unknown' | 'not-reached' | 'unreachable' | 'covered' | 'holds';

export interface LineMark {
  /** 0-based. */
  line: number;
  mark: LineMarkKind;
}

/** The outcomes of a line's decisions that are not (confirmed) covered: `⊘ never true`, `◷ false: not reached within 8 iterations`. */
export interface BranchMark {
  /** 0-based. */
  line: number;
  text: string;
  /** The worst status among them (for the colour). */
  worst: GoalStatus;
}

/** Server -> client: overall state, for the status-bar item. */
export const StatusNotification = 'creach/status';
export interface StatusParams {
  state: 'idle' | 'analysing' | 'error';
  /** Functions queued or running. */
  pending: number;
  /** Goals under a follow-up query (explanations, second looks with a longer time limit). */
  followUps?: number;
  /** Goals answered in the open files. */
  goals?: number;
  message?: string;
}

/** Client -> server: workspace trust changed (validation compiles and runs user code: trusted only). */
export const TrustNotification = 'creach/trust';
export interface TrustParams {
  trusted: boolean;
}

/** Extension <-> CFG webview messages. */
export type ToWebview =
  /** `view` is a CfgView; `pathGoals`: the goals the selected datum reaches (its path is highlighted). */
  { type: 'show'; function: string; view: unknown; report?: Report; selectedTest?: string; pathGoals?: string[] };
export type FromWebview =
  { type: 'ready' } | { type: 'reveal'; line: number; endLine?: number } | { type: 'reachBlock'; line: number } | { type: 'error'; message: string };

/** A C value for people: `2`, `{1, 2, 3}`, `{.x = 1, .y = 2}`, `NULL`, `nan`. */
/**
 * A value for people. With its C type, characters read as such: a `char` 71
 * is `'G' (71)`, and the elements of a `char` array or of the object behind
 * a `char *` are `'G'` (a number when not printable). Without a type, numbers.
 */
export function formatValue(value: DataValue, type?: string): string {
  const scalarChar = isChar(type) && !/[*[]/.test(type!);
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return `{${value.map((v) => formatElement(v, type)).join(', ')}}`;
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `.${k} = ${formatValue(v)}`)
      .join(', ')}}`;
  }
  if (scalarChar && typeof value === 'number' && printable(value)) return `${charLiteral(value)} (${value})`;
  return String(value);
}

/** An element of a list of values of `type` (a `char` one is `'a'`, without its number: lists stay short). */
function formatElement(v: DataValue, type?: string): string {
  return isChar(type) && typeof v === 'number' && printable(v) ? charLiteral(v) : formatValue(v);
}

const isChar = (type?: string): boolean => type !== undefined && /^(?:const )?(?:signed |unsigned )?char\b/.test(type);
const printable = (v: number): boolean => v >= 32 && v < 127;
const charLiteral = (v: number): string => `'${v === 39 || v === 92 ? '\\' : ''}${String.fromCharCode(v)}'`;

/**
 * The inputs of a datum: `x = 2, y = 3`, then globals, then the values of
 * nondet and external calls, one list per call site in call order:
 * `__VERIFIER_nondet_char()@8 = ['a', 'b', 0]`. main's argv (strings) is
 * quoted, so that a space or a comma inside one reads as such.
 */
export function formatInputs(test: TestReport): string {
  const calls = new Map<string, TestReport['nondet']>();
  for (const n of test.nondet) {
    const site = `${n.call}()@${n.line}`;
    if (!calls.has(site)) calls.set(site, []);
    calls.get(site)!.push(n);
  }
  const named = (k: string, v: DataValue) =>
    k === 'argv' && Array.isArray(v) && v.every((s) => typeof s === 'string')
      ? `{${v.map((s) => JSON.stringify(s)).join(', ')}}`
      : formatValue(v, test.types?.[k]);
  const parts = [
    ...Object.entries(test.inputs).map(([k, v]) => `${k} = ${named(k, v)}`),
    ...Object.entries(test.globals).map(([k, v]) => `${k} = ${named(k, v)}`),
    ...[...calls].map(
      ([site, ns]) => `${site} = ${ns.length === 1 ? formatValue(ns[0].value, ns[0].type) : `[${ns.map((n) => formatElement(n.value, n.type)).join(', ')}]`}`,
    ),
    ...(test.indeterminate ?? []).map((u) => `${u.variable} (uninitialised, line ${u.line}) = ${formatValue(u.value, u.type)}`),
  ];
  return parts.length > 0 ? parts.join(', ') : '(no inputs)';
}

/** `text`, or its first `max` characters and `…` (for text shown inline, which must not run past the editor's edge). */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** How a datum's run ends the process, for people: `exit(2) at line 4`, `abort() at line 5`; '' when it returns. */
export function formatEnd(test: TestReport): string {
  if (!test.end) return '';
  const call = test.end.how === 'abort' ? 'abort()' : `exit(${test.end.status ?? ''})`;
  return `${call} at line ${test.end.line}`;
}

/** `✓ validated`, `✗ validation failed`, `not validated` (not run, with a reason), or '' when validation was not asked. */
export function formatValidation(test: TestReport): string {
  if (test.validated === true) return '✓ validated';
  if (test.validated === false) return '✗ validation failed';
  if (test.validation) return 'not validated';
  return '';
}

/** A value shown at the end of a line, the way a debugger shows inline values. */
export interface InlineValue {
  /** 0-based line. */
  line: number;
  /** `u = 100`, `y = -50, z = -2500`, `returns 2`. */
  text: string;
}

/** What the server puts in `Diagnostic.data` of a violated property: the values along its counter-example's path. */
export interface PathDiagnosticData {
  goal: string;
  test: string;
  inlineValues: InlineValue[];
  /**
   * A null dereference whose counter-example passes NULL for these inputs, which nothing requires
   * to be valid: a finding about the function's unstated contract (a quick fix adds `requires \valid`).
   */
  nullInputs?: string[];
}

/**
 * The values of a datum's trace, one text per line it passes, lines in order
 * of first passage. A variable set several times on one line (a loop) shows
 * its values in order: `i = 0, then 1, then 2`, or `i = 0, then …, then 9 (10 values)`.
 */
export function pathValues(trace: TestReport['trace']): InlineValue[] {
  const byLine = new Map<number, Map<string, DataValue[]>>();
  for (const step of trace ?? []) {
    if (!byLine.has(step.line)) byLine.set(step.line, new Map());
    const vars = byLine.get(step.line)!;
    if (!vars.has(step.variable)) vars.set(step.variable, []);
    vars.get(step.variable)!.push(step.value);
  }
  const values = (vs: DataValue[]): string => {
    const shown = vs.map((v) => formatValue(v));
    if (shown.length <= 3) return shown.join(', then ');
    return `${shown[0]}, then …, then ${shown[shown.length - 1]} (${shown.length} values)`;
  };
  return [...byLine].map(([line, vars]) => ({
    line: line - 1,
    text: [...vars].map(([name, vs]) => (name === '\\result' ? `returns ${values(vs)}` : `${name} = ${values(vs)}`)).join(', '),
  }));
}
