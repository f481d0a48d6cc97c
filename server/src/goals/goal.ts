// A goal: something a test datum should reach (statement, decision outcome)
// or a property to check (assertion, ensures, possible runtime error).
// The catalogue (catalogue.ts) lists them per function; the model turns a
// goal's target into a reachability literal.

import type { GoalKind } from '../../../shared/report';
import type { SourceRange } from '../ir/ir';
import type { RuntimeErrorKind } from '../ir/runtimeErrors';

export type { RuntimeErrorKind };

export type GoalTarget =
  /** Statement goal: the block is entered. */
  | { kind: 'block'; block: number }
  /** A statement inside a block (not its first): the instruction at blocks[block].instrs[index] is executed. */
  | { kind: 'point'; block: number; index: number; statement?: number }
  /** Decision or condition outcome: one of these CFG edges is taken. */
  | { kind: 'edges'; edges: { from: number; to: number }[] }
  /** Assertion or ensures: the `assert` instruction at blocks[block].instrs[index] (violated when reached with cond false). */
  | { kind: 'assert'; block: number; index: number }
  /** `reach_error()`-like call: the `error` instruction at blocks[block].instrs[index] (violated when reached). */
  | { kind: 'error'; block: number; index: number }
  /** Possible runtime error of the instruction at blocks[block].instrs[index] (or of the terminator when index = instrs.length). */
  | { kind: 'runtime-error'; block: number; index: number; error: RuntimeErrorKind; detail: string };

/** A call on the way from the analysed function to a callee's goal. */
export interface CallSite {
  /** The calling function, and where the call is in it. */
  function: string;
  block: number;
  index: number;
  callee: string;
  range: SourceRange;
}

/**
 * A goal of a called function in the analysed function's context: its code
 * runs in a call made through these sites (recursive calls folded into the
 * first call of the function on the path).
 */
export interface GoalContext {
  /** The analysed function. */
  entry: string;
  sites: CallSite[];
  /** `${function}:${block}:${index}` of each site, joined by `>` (goal copies are matched by it). */
  key: string;
}

export interface Goal {
  /**
   * Stable id: `${function}:${line}:${tag}` then `:${outcome}` for branch goals.
   * tag: `stmt`, `if`, `while`, `do`, `for`, `switch`, `ternary`, `cond`, `assert`, `ensures`, `error`,
   * or a runtime-error kind. When two goals would share an id, the tag gets `@${column}`.
   * Example: `f:12:if:true`, `f:9:stmt`, `f:20:assert`, `f:14:overflow@9`.
   */
  id: string;
  /** The tag of the id (`stmt`, `if`, `cond`, `assert`, `overflow`, ...), kept here so no one parses ids. */
  tag: string;
  kind: GoalKind;
  /** The function whose code the goal is in. */
  function: string;
  /** For a goal of a called function: the calls that lead to it from the analysed function. */
  context?: GoalContext;
  range: SourceRange;
  /** Branch goals: 'true' | 'false' | 'case 3' | 'default'; runtime errors: the error kind. */
  outcome?: string;
  /** Readable label: "`if (x < 4)` is true", "statement `i = 2;`", "`assert(r >= 0)`", "`x * y` may overflow". */
  label: string;
  target: GoalTarget;
  /** For decision goals: the Decision id this outcome belongs to. */
  decision?: string;
}
