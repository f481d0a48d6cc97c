// The CReach IR: a small typed three-address code over basic blocks.
//
// Contract between the front end (which produces it) and every later stage.
// Invariants:
// - Evaluation order is explicit: `&&`, `||` and `?:` are control flow;
//   `++`, `--`, compound assignment, the comma operator and assignments
//   inside expressions are separate instructions, in C's sequencing.
// - Every operand of an arithmetic `binary`/`unary` already has the type the
//   operation is done in (integer promotions and the usual arithmetic
//   conversions are explicit `cast`s); `type` on the rvalue is that type
//   (`int` for comparisons and `!`). So the model never re-derives C typing.
// - Every instruction, terminator and decision keeps its range in the user's
//   original file (1-based line and column, end exclusive column).
// - `blocks[i].id === i`; blocks no edge reaches may exist (dead code after
//   `return`): they keep their statement goals.
// - A function has one entry block (blocks[0]) and one exit block (`exitBlock`)
//   whose terminator is the only `return`; `return e;` statements assign the
//   return variable and jump there. `ensures` clauses are checked in it.

import type { CType, DataModel, FunctionType, IntType } from './types';

export interface SourceRange {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  endLine: number;
  /** 1-based, exclusive. */
  endColumn: number;
}

export type VarKind = 'param' | 'local' | 'global' | 'temp' | 'return' | 'old';

export interface Variable {
  /** Unique in the program (globals and all functions' locals share one id space). */
  id: number;
  /** Source name; temps are `t1`, `t2`, ...; static locals `f.name`. */
  name: string;
  type: CType;
  kind: VarKind;
  /** `&v` appears somewhere (or v is an array whose elements are reached through pointers). */
  addressTaken: boolean;
  /** Declared `const` (const globals are constants, not inputs). */
  isConst: boolean;
  /** `static` storage (file-scope static, or static local lowered to a global). */
  isStatic: boolean;
  /** Initial value of globals and static locals (absent: zero-initialised). */
  init?: Initializer;
  /** Pointer parameters declared `restrict`: they do not alias other parameters. */
  restrict?: boolean;
  /** Parameters declared as arrays (`int a[3]`, adjusted to `int *a`): the declared length. */
  declaredLength?: number;
  /** For `old` variables: the parameter or global whose entry value they hold. */
  oldOf?: number;
  range?: SourceRange;
}

export type Initializer =
  | { kind: 'scalar'; value: Operand }
  /** Arrays and structs: one entry per element or field, in order; missing trailing entries are zero. */
  | { kind: 'aggregate'; elems: (Initializer | null)[] }
  /** A string literal initialising a char array. */
  | { kind: 'string'; bytes: number[] };

/** An operand: a value that needs no evaluation step. */
export type Operand =
  /** The current value of a scalar variable (int, float or pointer typed). */
  | { kind: 'var'; id: number; type: CType }
  /** An integer constant (also pointer-typed 0, i.e. NULL), already of `type`. */
  | { kind: 'const'; value: bigint; type: CType }
  /** A float or double constant, exactly the value of the literal rounded to `type`. */
  | { kind: 'fconst'; value: number; type: CType }
  /** The address of a place (`&x`, `&a[i]`, `&s.f`, array decay `a`). */
  | { kind: 'addr'; place: Place; type: CType }
  /** The address of a string literal's first char. */
  | { kind: 'string'; bytes: number[]; type: CType }
  /** The address of a function of the program (or an external one). */
  | { kind: 'func'; name: string; type: CType };

/** An lvalue: a root object and a path of fields and indices. */
export interface Place {
  root: { kind: 'var'; id: number } | { kind: 'deref'; ptr: Operand };
  path: PathElem[];
  /** Type of the designated object. */
  type: CType;
}

export type PathElem =
  | { kind: 'field'; name: string; index: number }
  /** Array subscript; `index` has an integer type (already converted to the index type, ptrdiff-like). */
  | { kind: 'index'; index: Operand };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&' | '|' | '^' | '==' | '!=' | '<' | '<=' | '>' | '>=';
/** The binary operators that compare (their result is an int, 0 or 1). */
export type Comparison = '<' | '<=' | '>' | '>=' | '==' | '!=';

export type UnaryOp = '-' | '~' | '!';

export type Rvalue =
  | { op: 'use'; a: Operand }
  /** Read of a place (array element, field, `*p`, or a whole aggregate for struct copy). */
  | { op: 'load'; place: Place }
  /**
   * The lvalue `place` designated, neither read nor written: its subscripts (and pointer) checked as for an
   * access, in the order gcc checks them. The base `a[i]` of `a[i].b[j]` when evaluating `j` may branch, call
   * or fail (frontend/expressions.ts `subscript`). Only with a null `dst`: it has no value.
   */
  | { op: 'designate'; place: Place }
  /** Arithmetic, bitwise or comparison. For shifts `b` keeps its own promoted type. */
  | { op: 'binary'; bop: BinaryOp; a: Operand; b: Operand; type: CType }
  | { op: 'unary'; uop: UnaryOp; a: Operand; type: CType }
  /**
   * Conversion to `to` (implicit or explicit); int<->int, int<->float, float<->float, int<->pointer, pointer<->pointer.
   * `index`: an unsigned index or offset brought to ptrdiff_t by the front end (not by the program): a value
   * past `to`'s maximum designates no element of any object (a `bounds` error), it does not wrap.
   */
  | { op: 'cast'; a: Operand; to: CType; index?: boolean }
  /** `ptr + offset` in elements of `ptr`'s pointee type (`offset` signed integer). */
  /**
   * `ptr + offset` (in elements). `accessed`: the address of a subscript `ptr[offset]` that is then read or
   * written, whose access check (element in [0, length)) covers the formation rule (C11 6.5.6p8, [0, length]).
   */
  | { op: 'ptradd'; ptr: Operand; offset: Operand; type: CType; accessed?: boolean }
  /** `a - b` of two pointers, in elements; result ptrdiff_t. */
  | { op: 'ptrdiff'; a: Operand; b: Operand; type: CType }
  /** Call of a function of the program (external false) or of one without a body (external true). */
  | { op: 'call'; callee: string; args: Operand[]; external: boolean; type: CType }
  /** Call through a function pointer (unsupported by the model for now: gives unknown). */
  | { op: 'icall'; fn: Operand; args: Operand[]; type: CType }
  /**
   * `T x;` without an initialiser, each time the declaration is reached: the object's lifetime
   * starts and its value is indeterminate (reading it before an assignment is undefined for a
   * local whose address is never taken, C11 6.3.2.1p2).
   */
  | { op: 'indeterminate'; type: CType }
  /** `__VERIFIER_nondet_<type>()`: a fresh input of `type` at each execution. */
  | { op: 'nondet'; type: CType; name: string }
  /** A value the front end could not model; `what` says which construct. Never silently trusted. */
  | { op: 'havoc'; type: CType; what: string }
  /**
   * A value nothing constrains: what a loop may have changed by the time it is at its head again
   * (the loop abstraction of prove/). Not an input of a datum, not a taint. With `memory` it is
   * assigned to nothing and every object pointers may designate (but read-only ones) gets one.
   */
  | { op: 'fresh'; type: CType; memory?: boolean }
  /** 1 when evaluating `value` has no undefined behaviour, else 0 (`type`: int); not an obligation (prove/: a candidate invariant is defined). */
  | { op: 'defined'; value: Rvalue; type: CType }
  /**
   * ACSL `\valid(ptr + (lo..hi))` (`\valid_read`) in a requires clause: 1 when the range is empty
   * (lo > hi), or ptr is not NULL and ptr+lo .. ptr+hi are elements of one live object; else 0 (`type`: int).
   * The bounds are ACSL integers, without C's wrap-around (`n - 1` for n == 0 is -1). `text` is the clause's words.
   */
  | { op: 'valid'; ptr: Operand; lo: RangeBound; hi: RangeBound; text: string; type: CType }
  /**
   * ACSL `\separated(l1, ..., ln)` in a requires clause: 1 when the locations are pairwise disjoint, else 0
   * (`type`: int). Location k is `locs[k].ptr + (lo..hi)` (a single pointer: 0..0), bounds as for `valid`; an
   * empty range (lo > hi) is separated from everything. The front end gives every pointer a pointee of one
   * size (offsets count elements of it). `text` is the clause's words.
   */
  | { op: 'separated'; locs: AcslLocation[]; text: string; type: CType }
  /** `value` with its undefined behaviour not an obligation (the model's value then; prove/, next to `defined`). */
  | { op: 'unchecked'; value: Rvalue; type: CType }
  /**
   * 1 when the local `id` has been assigned since its declaration was last reached, else 0 (`type`: int);
   * 1 for a variable whose reads are not tracked (ir/uninitialised.ts). Reads no value (prove/: ACSL's
   * `\initialized(&x)` in a candidate invariant, a loop that keeps a local unassigned).
   */
  | { op: 'assigned'; id: number; type: CType }
  /**
   * The loop abstraction's stand-in for the newest object a loop's allocation site `site` (`Program.summarySites`)
   * made in the iterations before (prove/transform.ts): a live heap object of the site's type, any contents,
   * that no failure of malloc touches. Its value is the pointer to it.
   */
  | { op: 'newestObject'; site: number; type: CType }
  /**
   * 1 when `ptr` designates an element of a live heap object this execution allocated (the summary objects of
   * `Program.summarySites` excluded, and those `aged` designates), else 0 (`type`: int). prove/: the candidate
   * invariant "ptr is a live allocated object, not an older one of the loop's", `aged` the loop's newest
   * objects where it goes back (they are older ones from then on).
   */
  | { op: 'newest'; ptr: Operand; aged: Operand[]; type: CType }
  /**
   * 1 when every element `ptr[k]` for k from `lo` to `hi` - 1 (`lo` and `hi` of one integer type, k of it)
   * compares with `value` by `rel`, else 0 (`type`: int). The elements are the model's values, read with no
   * check (as `unchecked`). prove/: an array-content candidate invariant, ACSL's
   * `\forall integer k; lo <= k < hi ==> ptr[k] == value`. `assumed`: only assumed, never checked (the encoder
   * may then assume less than all of it, model/memory.ts `everyElement`). `perIndex`: the value depends on k,
   * `scale * ptr[k] rel value + coeffs[0] + coeffs[1] * k` (no higher power yet), computed modulo 2^bits of
   * the element type (prove/closedforms.ts).
   */
  | {
      op: 'forallElements';
      ptr: Operand;
      lo: Operand;
      hi: Operand;
      rel: '==' | '<=' | '>=';
      value: Operand;
      type: CType;
      assumed?: boolean;
      perIndex?: { scale: bigint; coeffs: bigint[] };
    };

/** An ACSL range bound: a C value (none: 0) plus a constant, added as mathematical integers. */
export interface RangeBound {
  value: Operand | null;
  add: bigint;
}

/** An ACSL set of locations `ptr + (lo..hi)` (`\separated`'s arguments; `ptr` alone is 0..0). */
export interface AcslLocation {
  ptr: Operand;
  lo: RangeBound;
  hi: RangeBound;
}

export type Instr =
  /** `dst = value`. `dst` is null for calls whose result is discarded. */
  /**
   * `opRange`: the value's own range when one instruction computes and stores it (`x = a + b`, `return a + b;`:
   * `range` is the assignment's or the statement's); an error of the operation is at the operation.
   */
  | { kind: 'assign'; dst: Place | null; value: Rvalue; range: SourceRange; opRange?: SourceRange }
  /** Restricts executions: `requires`, `__VERIFIER_assume(e)`, a loop invariant assumed at the loop's head (prove/). `origin` says which. */
  | { kind: 'assume'; cond: Operand; origin: 'requires' | 'assume' | 'invariant'; range: SourceRange }
  /**
   * A property: `assert(e)` or an ACSL `ensures` clause (`text` is its source text), or a candidate
   * loop invariant checked where the loop is entered (`invariant-init`) or goes back (`invariant-step`) (prove/).
   */
  | { kind: 'assert'; cond: Operand; origin: 'assert' | 'ensures' | 'invariant-init' | 'invariant-step'; text: string; range: SourceRange }
  /** `reach_error()`, `__VERIFIER_error()`, `__assert_fail(...)`: reaching it is a violation. */
  | { kind: 'error'; text: string; range: SourceRange }
  /** Something the front end did not model (inline asm, setjmp, ...). Goals it can affect become unknown. */
  | { kind: 'unsupported'; what: string; range: SourceRange };

/** A decision (if, loop condition, switch, `?:`) or one condition of a `&&`/`||` decision. */
export interface Decision {
  /** Stable goal-id stem: `${function}:${line}:${kind}` plus `:${column}` when several share the line. */
  id: string;
  kind: 'if' | 'while' | 'do' | 'for' | 'switch' | 'ternary' | 'condition';
  /** The enclosing decision, for conditions of `&&`/`||`. */
  parent?: string;
  /** Made for a contract or assume expression (`requires a && b`): no coverage goals. */
  synthetic?: boolean;
  /** Source text of the condition, e.g. `x < 4`. */
  text: string;
  /** The decision's range (for labels: a `?:` decision is the whole conditional expression). */
  range: SourceRange;
  /** The condition expression alone (what a probe may wrap without changing the value of the code). */
  condition?: SourceRange;
  /** The outcomes and the CFG edges that stand for each. Branch decisions: 'true' and 'false'; switch: 'case 3', 'default'. */
  outcomes: { outcome: string; edges: { from: number; to: number }[] }[];
  /** The identifiers visible where the condition is evaluated (an index into `Program.scopes`, -1: none). */
  scope?: number;
}

export type Terminator =
  | { kind: 'goto'; target: number; range?: SourceRange }
  /** Two-way branch on an integer-typed `cond` (nonzero: then). `decision` names the Decision (a simple if, or a condition). */
  | { kind: 'branch'; cond: Operand; then: number; else: number; decision: string; range: SourceRange }
  | { kind: 'switch'; value: Operand; cases: { values: bigint[]; target: number }[]; default: number; decision: string; range: SourceRange }
  /** Only in the exit block. */
  | { kind: 'return'; value: Operand | null; range: SourceRange }
  /**
   * The path ends here without returning (abort(), exit(), an error call, `__VERIFIER_assume(0)`).
   * `status`: the argument of exit() converted to int (what the process's exit status is made of).
   */
  | { kind: 'stop'; why: 'abort' | 'exit' | 'error' | 'assume'; range: SourceRange; status?: Operand };

export interface EdgeLabel {
  /** Text for people and `creach cfg`: `x < 4: true`, `case 3`, `default`, `fall-through`, `loop back`, `break`. */
  text: string;
  decision?: string;
  outcome?: string;
}

/** Where a source statement starts (see `BasicBlock.statements`). */
export interface StatementStart {
  /** Position in the block's `instrs` of the statement's first instruction; `instrs.length` when it lowers to none before the terminator. */
  index: number;
  range: SourceRange;
  /** The identifiers visible at the statement, before it runs: an index into `Program.scopes` (-1: none). */
  scope: number;
  /** A jump alone (`break;`, `continue;`, `goto l;`, `return;`): no statement goal of its own. */
  jump?: boolean;
}

export interface BasicBlock {
  id: number;
  instrs: Instr[];
  terminator: Terminator;
  /** Range of the first source statement in the block (for its statement goal); absent for blocks with no code of their own. */
  range?: SourceRange;
  /**
   * Every source statement of a user function that starts in this block, in source order (the
   * front end always sets it): expression statements (calls included), declarations with
   * initialisers (one entry per declaration), `return`, `break`, `continue`, `goto`, and `if`,
   * `switch` and loops where their evaluation starts. Not compound statements, labels, empty
   * statements, declarations without initialiser, nor a loop's condition and step. Invariant:
   * indexes are non-decreasing; the first entry that is not a jump has `range` equal to
   * `BasicBlock.range` (jumps alone give a block no statement goal).
   */
  statements?: StatementStart[];
  /** Labels of outgoing edges keyed by target block id (for goto/fall-through/loop edges as well as decisions). */
  edgeLabels: Record<number, EdgeLabel>;
  /** True when the block holds user code (statement goals are made only for those). */
  hasCode: boolean;
}

export interface Contract {
  requires: { text: string; range: SourceRange }[];
  ensures: { text: string; range: SourceRange }[];
}

export interface IRFunction {
  name: string;
  type: CType;
  params: number[];
  /** All variables of the function (params, locals, temps, return, old). */
  locals: number[];
  returnVar: number | null;
  blocks: BasicBlock[];
  exitBlock: number;
  decisions: Decision[];
  contract: Contract;
  range: SourceRange;
  /** Range of the function name, for CodeLens. */
  nameRange: SourceRange;
  isStatic: boolean;
}

export interface Diagnostic {
  severity: 'error' | 'warning' | 'info';
  message: string;
  file: string;
  range: SourceRange;
}

/** What an identifier (or a struct, union or enum tag) declares. */
export type ScopeSymbol =
  /** `vla`: a variable-length array `T a[n]`, the variable a pointer to its first element (frontend/functions.ts). */
  | { kind: 'var'; id: number; vla?: { length: number; of: CType } }
  | { kind: 'func'; name: string; type: FunctionType }
  | { kind: 'enum'; value: bigint; type: IntType }
  | { kind: 'typedef'; type: CType }
  | { kind: 'tag'; type: CType };

/**
 * One declaration, in a persistent list: the names visible at a point are those on the path
 * from its node to the root (the first one found for a name is the visible one: it shadows the
 * others), file-scope declarations first, then the function's parameters and block-scope
 * declarations made before that point in the blocks enclosing it.
 */
export interface ScopeNode {
  /** The declaration made before this one on the path (-1: none). */
  parent: number;
  name: string;
  symbol: ScopeSymbol;
}

export interface Program {
  /** The user's file as given. */
  file: string;
  dataModel: DataModel;
  /** Every variable by id. */
  vars: Map<number, Variable>;
  globals: number[];
  functions: IRFunction[];
  /** Functions declared but without a body in the file (external). */
  externals: Map<string, CType>;
  diagnostics: Diagnostic[];
  /** The original source text (for labels and explanations). */
  source: string;
  /** Declarations of the program (set by the front end): `StatementStart.scope` and `Decision.scope` point here. */
  scopes?: ScopeNode[];
  /**
   * Allocation sites in loops that the loop abstraction summarises (prove/transform.ts): the objects such a
   * site made in earlier iterations, but the newest, are the summary objects of the site (model/memory.ts).
   */
  summarySites?: SummarySite[];
}

/** An allocation site in a loop (`malloc` of a constant size): its objects' element type and number of elements. */
export interface SummarySite {
  elem: CType;
  length: number;
  /** The line of the call. */
  line: number;
}
