// The report: CReach's public result format (DESIGN.md, "Contracts").
// The CLI prints it with --json, the language server returns it from
// `creach.reach` / `creach.cover`, the webview and the exporters read it.
// Only plain JSON data here: no engine types, no vscode.

export type GoalKind = 'statement' | 'branch' | 'assertion' | 'runtime-error';

export type GoalStatus = 'covered' | 'unreachable' | 'not-reached' | 'unknown' | 'violated' | 'holds';

/** How an `unreachable` / `holds` / `not-reached` verdict was obtained. */
export type ProofKind = 'complete' | 'invariant' | 'bounded';

/**
 * A JSON value of C data: integers are numbers (decimal strings beyond 2^53),
 * floats are numbers or "nan" | "inf" | "-inf" | "-0", arrays are arrays,
 * structs are objects, a pointer is the value it points to (or null).
 */
export type DataValue = number | string | null | boolean | DataValue[] | { [field: string]: DataValue };

export interface SourcePosition {
  line: number;
  column: number;
}

/** One condition or assignment responsible for an unreachable goal (unsat core). */
export interface Reason {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** The source text of the condition or statement, e.g. `x < 4`. */
  text: string;
  /** What it contributes: `needs x < 4 to be true`, `u == 10`. */
  role: string;
}

/**
 * Why a verdict is what it is, as data (GoalReport.causes); `causesText`
 * (shared/verdicts.ts) writes them for people, the same way in the CLI, the
 * hover and the diagnostics.
 */
export type VerdictCause =
  /** A solver query (or the unwinding check, or an enumeration) ran out of its time limit. */
  | {
      kind: 'timeout';
      limitMs: number;
      during?: 'query' | 'unwinding check' | 'enumeration' | 'goal' | 'function';
      bound?: number;
      /** `function`: the solver time the function's goals had together. */
      budgetMs?: number;
    }
  /** Z3 failed inside a query (an internal error, its message): no answer, the query's solver is built afresh for the next one. */
  | { kind: 'solver-failed'; message: string }
  /** Constructs CReach does not model can be on a path to the goal (`blocking`: a candidate datum passes them before the goal). */
  | { kind: 'not-modelled'; constructs: { what: string; lines: number[] }[]; blocking?: boolean }
  /** No execution within `bound` loop iterations reaches it, and some run longer. */
  | { kind: 'loop-bound'; bound: number }
  /** The function unrolled to `bound` has `nodes` nodes, more than the `limit` CReach encodes (the search stopped below). */
  | { kind: 'too-large'; bound: number; nodes: number; limit: number }
  /**
   * Unrolled `bound` times, the goal was left open (`causes`: why, e.g. its checks ran out of time): the
   * answer is the one at the lower bound beside it (not reached within that many iterations).
   */
  | { kind: 'open-deeper'; bound: number; causes: VerdictCause[] }
  /** No path of the control-flow graph leads to the goal at all. */
  | { kind: 'no-path' }
  /** The proof holds under assumptions of the input model or of the options (each said in words). */
  | { kind: 'assumes'; assumptions: string[] }
  /** For enumerations: how many distinct input vectors reach the goal, and whether that is all of them (`assumed`: counted over inputs of the sizes the input model assumes). */
  | { kind: 'data-count'; count: number; exact: boolean; limitReached: boolean; bound?: number; assumed?: boolean }
  /** The goal has not been analysed (yet). */
  | { kind: 'not-analysed' }
  /** For a function analysed alone: what the same goal is in the program, i.e. in the context of its entry point (`main`). */
  | { kind: 'in-program'; entry: string; status: GoalStatus }
  /**
   * Proved for every number of loop iterations (proof `invariant`): each loop (the line of its head;
   * `function` for a loop of a called function) keeps its invariant (C expressions, all true at every
   * visit of the head), and they exclude the goal. No loop listed: excluded whatever the loops do.
   */
  | { kind: 'invariant'; loops: { function?: string; line: number; invariant: string[] }[] }
  /**
   * Found past the loop bound: the execution runs each loop listed (the line of its head) many
   * iterations at once, its counters moved by their steps times the iterations (prove/accelerate.ts).
   */
  | { kind: 'accelerated'; loops: { function?: string; line: number; counters: string[] }[] }
  /**
   * Left open past the loop bound although more was tried: loop invariants (prove/prover.ts) and loop
   * acceleration (prove/accelerate.ts), each with why it settled nothing.
   */
  | { kind: 'tried'; attempts: { method: 'invariants' | 'acceleration'; outcome: string }[] };

/** Where a goal of a called function is, in the analysed function's context. */
export interface GoalContextReport {
  /** The function whose code the goal is in. */
  function: string;
  /** The calls from the analysed function to it, outermost first. */
  calls: { function: string; callee: string; line: number; column: number }[];
}

export interface GoalReport {
  /** Stable id, e.g. `f:12:if:true`, `f:9:stmt`, `f:20:assert`, `f:14:overflow`; a goal of a called function: `main:12>g:20>g:25:assert`. */
  id: string;
  kind: GoalKind;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  /** Branch goals: 'true' | 'false' | 'case 3' | 'default'. Runtime errors: the error kind. */
  outcome?: string;
  /** Readable label, e.g. "`if (x < 4)` is true". */
  label: string;
  status: GoalStatus;
  proof?: ProofKind;
  /** Loop bound used for `not-reached` or bounded proofs. */
  bound?: number;
  /** Why the status is what it is, for people (`causesText(causes)`). */
  reason?: string;
  /** Why the status is what it is, as data. */
  causes?: VerdictCause[];
  /** For unreachable goals and holding properties: the responsible conditions. */
  why?: Reason[];
  /** Id of the test that covers (or violates) this goal. */
  test?: string;
  /** For a goal of a called function (analysing a function covers what it calls): where it is and through which calls. */
  context?: GoalContextReport;
}

export interface NondetValue {
  /** The function called (`__VERIFIER_nondet_int`, or an external function). */
  call: string;
  line: number;
  value: DataValue;
  /** The value's C type (`char`), for showing it. */
  type?: string;
}

export interface TestReport {
  id: string;
  /** Parameter values by name. */
  inputs: Record<string, DataValue>;
  /** Initial values of the globals the function reads. */
  globals: Record<string, DataValue>;
  /** C types of the parameters and globals by name (`char`, `int *`), for showing values: a `char` reads 'G' (71). */
  types?: Record<string, string>;
  /** Values returned by nondet and external calls, in call order. */
  nondet: NondetValue[];
  /**
   * Values the run reads from locals never assigned (SV-COMP's convention, --uninitialised-nondet:
   * any value). A compiled run does not choose them, so such a datum is not validated by running.
   */
  indeterminate?: { variable: string; line: number; value: DataValue; type?: string }[];
  /** Expected return value (absent for void functions). */
  result?: DataValue;
  /**
   * How the datum's run ends when it ends the process instead of returning:
   * `exit` (with the status passed to exit(), when known) or `abort`, at a line.
   */
  end?: { how: 'exit'; status?: number; line: number } | { how: 'abort'; line: number };
  /** Expected final values of the globals written and of objects behind pointer parameters. */
  outputs?: Record<string, DataValue>;
  /** Goals this datum reaches (by id). */
  goals: string[];
  /**
   * The values the datum's execution gives the named variables, statement by
   * statement, in execution order (for showing a path the way a debugger shows
   * inline values). Absent when not computed; cut after 500 entries.
   */
  trace?: { line: number; column: number; variable: string; value: DataValue }[];
  /** true: compiled code confirmed it; false: it failed; absent: not validated. */
  validated?: boolean;
  /** What validation found, when it did not confirm. */
  validation?: string;
}

export interface FunctionReport {
  name: string;
  line: number;
  /**
   * `program`: the entry point (`main`) analysed with everything it calls, whose
   * verdicts are the program's; `unit`: a function analysed alone with free
   * parameters, in a file whose program is checked from its entry point.
   */
  role?: 'program' | 'unit';
  goals: GoalReport[];
  tests: TestReport[];
  /** Constructs the model does not support, with their lines (they make the goals they can affect unknown). */
  unsupported?: { line: number; what: string }[];
  /** `cover --criterion mcdc`: each decision's conditions, evaluation paths and independence pairs. */
  mcdc?: McdcReport;
}

/**
 * MC/DC of one function. Unique-cause for short-circuit C: the two data of a
 * condition's pair differ in that condition and in the decision's outcome, and
 * agree on every other condition both evaluate. Masking (DO-178C allows it): other
 * conditions may also differ where, in both data, the outcome does not depend on them.
 */
export interface McdcReport {
  decisions: McdcDecisionReport[];
  /** Decisions left out, and why (`&&`/`||` used as a value is not a decision of a branch). */
  skipped: { line: number; column: number; text: string; why: string }[];
}

export interface McdcDecisionReport {
  /** The decision's id (its outcome goals are `${id}:true` and `${id}:false`). */
  id: string;
  text: string;
  line: number;
  column: number;
  conditions: { text: string; line: number; column: number }[];
  /** Every way C can evaluate the decision, and whether a datum takes it. */
  paths: McdcPathReport[];
  /** One per condition, in evaluation order. */
  independence: McdcIndependence[];
  /** Conditions whose independence a pair of data shows, of all conditions. */
  shown: number;
}

export interface McdcPathReport {
  /** Per condition: T, F, or - (not evaluated). */
  vector: string;
  outcome: boolean;
  /** `covered` (a datum takes it), `unreachable`, `not-reached` or `unknown`, as for any goal. */
  status: GoalStatus;
  test?: string;
  reason?: string;
  why?: Reason[];
  /** A run of the compiled test took this path (probes record each condition): set when validated. */
  validated?: boolean;
}

export interface McdcIndependence {
  condition: number;
  /** shown: a pair of data; impossible: every pair that could show it needs a path no input takes (proved); not-shown: bounded or unknown. */
  status: 'shown' | 'impossible' | 'not-shown';
  mode?: 'unique-cause' | 'masking';
  /** Indexes into `paths`: the one where the condition is true, then the one where it is false. */
  pair?: [number, number];
  /** The tests of the pair. */
  tests?: [string, string];
  /** For people: why it is shown, impossible or not shown. */
  reason: string;
}

export interface Report {
  file: string;
  functions: FunctionReport[];
  /** Front-end messages (warnings, unsupported constructs). */
  diagnostics?: { line: number; column: number; severity: 'error' | 'warning' | 'info'; message: string }[];
}

/** What running a report's data compiled gave (the editor's Test Explorer and coverage view). */
export interface RunSuiteResult {
  /** False when nothing could be run (no compiler, no 32-bit toolchain); `message` says why. */
  available: boolean;
  message?: string;
  tests: RunTestResult[];
  /** gcov's line records (1-based lines; branch arcs' counts) of the functions run; null when none were measured. */
  lines: { line: number; count: number; branches: number[] }[] | null;
  /** Claims of the report that the runs contradict (bugs of CReach). */
  bugs: string[];
}

export interface RunTestResult {
  function: string;
  id: string;
  /** Reached its goals, returned what was expected, no sanitizer complained; null: not run (`message` says why). */
  passed: boolean | null;
  message: string;
  /** What the run printed. */
  output: string;
  /** Goals it was expected to reach and did not. */
  missed: string[];
}
