// A C expression lowered at a point of a lowered program (`--where`
// conditions): parsed as exactly one C expression, its names resolved in the
// scope visible at a statement, typed and lowered exactly like code, but into
// straight-line value instructions, since it is evaluated at one point with
// no control flow: `&&`, `||`, `!` and `?:` become arithmetic on truth values,
// and side effects (assignments, `++`, calls) are errors.

import { INT, VOID } from '../ir/types';
import type { Diagnostic, Instr, IRFunction, Operand, Place, Program, SourceRange, Variable } from '../ir/ir';
import { parseC, type SyntaxNode } from './parser';
import { SourceMap } from './sourcemap';
import { FrontendContext } from './context';
import { TypeResolver } from './declarations';
import { ExpressionLowerer, NestingError, type ExpressionHost, type LValueOrValue } from './expressions';
import { FunctionBuilder } from './builder';
import { intOfRank } from './ctypes';
import { FrontendError } from './errors';

/** Where a condition is evaluated. */
export type ConditionAt =
  /** Before the statement `fn.blocks[block].statements[statement]` runs. */
  | { block: number; statement: number }
  /** Where the decision (`Decision.id`) evaluates its condition. */
  | { decision: string }
  /** Before the statement starting at that line (and column; without one, the first on the line). */
  | { line: number; column?: number };

export interface LoweredCondition {
  /** Straight-line code: `assign`s of `binary`, `unary`, `cast`, `load`, `use`, `ptradd` and `ptrdiff` values to the temps. */
  instrs: Instr[];
  /** The condition's truth value: integer-typed, nonzero when it holds (like a branch condition). */
  cond: Operand;
  /** The variables the instructions write: fresh ids, not in `program.vars`. */
  temps: Variable[];
}

/**
 * Lowers `text`, a C expression, at `at` in `fn`. Throws a FrontendError whose message is
 * `column N: problem` (N 1-based within `text`) when the text is not exactly one C expression
 * (extra tokens, unbalanced parentheses, statements, a comma expression), names something not
 * visible there, is ill-typed, has side effects or uses what conditions do not support; and one
 * without a column when `at` names no statement or decision of `fn`. Every operation is
 * evaluated, whatever the value of the `&&`, `||` or `?:` around it: a division by zero or a null
 * dereference in an operand that C would not evaluate gives some value that does not change the
 * result, and is not an error of the program.
 */
export async function lowerCondition(
  program: Program,
  fn: IRFunction | string,
  at: ConditionAt,
  text: string,
  options: { firstTempId?: number } = {},
): Promise<LoweredCondition> {
  const f = typeof fn === 'string' ? program.functions.find((x) => x.name === fn) : fn;
  if (!f) throw new FrontendError([], `no function '${fn}' in the program`);
  if (!program.scopes) throw new FrontendError([], 'the program was lowered without scopes');
  const point = placeOf(f, at);
  const tree = await parseC(PREFIX + '\n' + text + '\n;}');
  try {
    const expr = theExpression(tree.rootNode, text);
    const ctx = new ConditionContext(program, point.scope);
    let maxId = 0;
    for (const id of program.vars.keys()) maxId = Math.max(maxId, id);
    ctx.startIdsAt(Math.max(maxId + 1, options.firstTempId ?? 0));
    const temps: number[] = [];
    const lowerer = new ConditionLowerer(program, ctx, temps, point.range);
    let cond: Operand;
    try {
      cond = lowerer.truthOf(lowerer.rvalue(expr), expr);
    } catch (e) {
      if (e instanceof NestingError) throw new ConditionError(e.node, 'expression nested too deeply');
      if (e instanceof RangeError) throw new ConditionError({ row: 1, column: 0 }, 'expression nested too deeply');
      throw e;
    }
    const instrs = lowerer.finish();
    return { instrs, cond, temps: temps.map((id) => ctx.vars.get(id)!).filter((v) => !!v) };
  } catch (e) {
    if (e instanceof ConditionError) throw conditionError(text, e.row, e.column, e.message);
    throw e;
  } finally {
    tree.delete();
  }
}

const PREFIX = 'void __creach_condition(void) { return';

/** An error at a node of the wrapped text (row 1 is the condition's first line). */
class ConditionError extends Error {
  readonly row: number;
  readonly column: number;
  constructor(node: SyntaxNode | { row: number; column: number }, message: string) {
    super(message);
    const p = 'startPosition' in node ? node.startPosition : node;
    this.row = p.row;
    this.column = p.column;
  }
}

function conditionError(text: string, row: number, column: number, message: string): FrontendError {
  const lines = text.split('\n');
  let offset: number;
  if (row < 1) offset = 0;
  else if (row > lines.length) offset = text.length;
  else offset = lines.slice(0, row - 1).reduce((n, l) => n + l.length + 1, 0) + Math.min(column, lines[row - 1].length);
  const col = offset + 1;
  const range: SourceRange = { line: 1, column: col, endLine: 1, endColumn: col + 1 };
  return new FrontendError([{ severity: 'error', message, file: '', range }], `column ${col}: ${message}`);
}

/** The statement or decision `at` stands for: its scope and range. */
function placeOf(f: IRFunction, at: ConditionAt): { scope: number; range: SourceRange } {
  if ('decision' in at) {
    const d = f.decisions.find((x) => x.id === at.decision);
    if (!d || d.scope === undefined) throw new FrontendError([], `no decision '${at.decision}' in ${f.name}`);
    return { scope: d.scope, range: d.range };
  }
  if ('block' in at) {
    const s = f.blocks[at.block]?.statements?.[at.statement];
    if (!s) throw new FrontendError([], `no statement ${at.statement} in block ${at.block} of ${f.name}`);
    return s;
  }
  const all = f.blocks.flatMap((b) => b.statements ?? []).filter((s) => s.range.line === at.line && (at.column === undefined || s.range.column === at.column));
  all.sort((a, b) => a.range.column - b.range.column);
  if (all.length === 0)
    throw new FrontendError([], `no statement of ${f.name} starts at line ${at.line}${at.column === undefined ? '' : `, column ${at.column}`}`);
  return all[0];
}

/** The expression of `return <text>;` in the wrapper, or an error at what is not one expression. */
function theExpression(root: SyntaxNode, text: string): SyntaxNode {
  const body = root.namedChildren.find((n) => n?.type === 'function_definition')?.childForFieldName('body');
  const ret = body?.namedChildren.find((n) => n?.type === 'return_statement');
  const expr = ret?.namedChildren.find((n) => n && n.type !== 'comment' && n.type !== 'ERROR') ?? null;
  const problems: ConditionError[] = [];
  const blank = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*$/.test(text);
  if (blank) throw new ConditionError({ row: 1, column: 0 }, 'empty condition');
  if (expr) {
    // Anything after the expression but blanks and comments is not part of it.
    const end = expr.endPosition;
    const lines = text.split('\n');
    const restLines = end.row >= 1 && end.row <= lines.length ? [lines[end.row - 1].slice(end.column), ...lines.slice(end.row)] : [];
    const rest = restLines.join('\n');
    const skipped = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/.exec(rest)![0];
    if (skipped.length < rest.length) {
      const token = /^(?:[A-Za-z_]\w*|\d[\w.]*|\S)/.exec(rest.slice(skipped.length))![0];
      const before = rest.slice(0, skipped.length).split('\n');
      const row = end.row + before.length - 1;
      const column = before.length === 1 ? end.column + skipped.length : before[before.length - 1].length;
      problems.push(new ConditionError({ row, column }, `unexpected '${token}' after the expression`));
    }
    if (expr.type === 'comma_expression') {
      const comma = expr.children.find((c) => c?.type === ',');
      problems.push(new ConditionError(comma ?? expr, "unexpected ',': a condition is one expression"));
    }
  }
  // Syntax errors inside (or a missing closing token at the end).
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'ERROR') {
      const snippet = n.text.replace(/\s+/g, ' ').trim().slice(0, 20);
      problems.push(new ConditionError(n, n.startPosition.row > text.split('\n').length ? 'unexpected end of the condition' : `unexpected '${snippet}'`));
      continue;
    }
    if (n.isMissing) {
      // A missing ';' is the wrapper's: the text ended the statement; what follows is reported above.
      if (n.type === ';') continue;
      const missing = n.type === 'identifier' ? 'an operand is missing' : `missing '${n.type}'`;
      problems.push(new ConditionError(n, missing));
      continue;
    }
    if (!n.hasError) continue;
    for (const c of n.children) if (c) stack.push(c);
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row || a.column - b.column);
    throw problems[0];
  }
  if (!expr) throw new ConditionError({ row: 1, column: 0 }, 'not a C expression');
  return expr;
}

/** A context whose positions are those of the condition, and in which an error or an unsupported construct is thrown. */
class ConditionContext extends FrontendContext {
  constructor(program: Program, scope: number) {
    // No position maps to the user's file: instructions take the range of the evaluation point.
    super('', program.dataModel, '', new SourceMap([], [], []));
    // Copies: lowering may mark variables address-taken; the program is left as it is.
    for (const [id, v] of program.vars) this.vars.set(id, { ...v });
    // The declarations visible at the point, outermost first, so that inner ones shadow outer ones.
    const chain = [];
    for (let n = scope; n >= 0; n = program.scopes![n].parent) chain.push(program.scopes![n]);
    for (const node of chain.reverse()) {
      if (node.symbol.kind === 'tag') this.scopes.defineTag(node.name, node.symbol.type);
      else this.scopes.define(node.name, node.symbol);
    }
  }
  override report(severity: Diagnostic['severity'], node: SyntaxNode, message: string): void {
    if (severity === 'error') throw new ConditionError(node, message);
  }
  override unsupported(node: SyntaxNode, what: string): void {
    throw new ConditionError(node, `${what} is not supported in a condition`);
  }
}

const SIDE_EFFECTS: Record<string, string> = {
  assignment_expression: 'an assignment',
  update_expression: `'++' or '--'`,
  compound_literal_expression: 'a compound literal',
  gnu_asm_expression: 'inline assembly',
  string_literal: 'a string literal',
  concatenated_string: 'a string literal',
};

class ConditionLowerer extends ExpressionLowerer {
  /** Temps known to hold 0 or 1 (comparisons, `!`, `&&`, `||`). */
  private readonly truthValues = new Set<number>();
  /** Innermost node being lowered, and where each variable's address was first taken. */
  private readonly nodes: SyntaxNode[] = [];
  private readonly addressNodes = new Map<number, SyntaxNode>();

  constructor(
    private readonly program: Program,
    ctx: ConditionContext,
    temps: number[],
    range: SourceRange,
  ) {
    const hasBody = (name: string) => program.functions.some((f) => f.name === name);
    const host = { ctx, callee: (name: string) => ({ external: !hasBody(name) }), hasBody, useGlobal: () => undefined } as Omit<
      ExpressionHost,
      'types'
    > as ExpressionHost;
    super(host, new FunctionBuilder('<condition>'), temps, range);
    host.types = new TypeResolver(ctx, (n) => this.constInteger(n));
  }

  override expr(node: SyntaxNode): LValueOrValue {
    this.nodes.push(node);
    try {
      return this.conditionExpr(node);
    } finally {
      this.nodes.pop();
    }
  }

  private conditionExpr(node: SyntaxNode): LValueOrValue {
    const value = (op: Operand): LValueOrValue => ({ kind: 'value', op });
    const what = SIDE_EFFECTS[node.type];
    if (what) throw new ConditionError(node, `${what} is not allowed in a condition`);
    switch (node.type) {
      case 'call_expression': {
        const fnNode = node.childForFieldName('function');
        const args = node.childForFieldName('arguments')?.namedChildren.filter((c) => c && c.type !== 'comment') ?? [];
        // `(T)(x)` with a typedef T reads as a call: it is a cast.
        if (this.typedefInParens(fnNode) && args.length === 1) return super.expr(node);
        throw new ConditionError(node, `a call is not allowed in a condition (calls can have side effects)`);
      }
      case 'comma_expression':
        throw new ConditionError(node.children.find((c) => c?.type === ',') ?? node, "unexpected ',': a condition is one expression");
      case 'parenthesized_expression':
        if (node.namedChildren.some((c) => c?.type === 'compound_statement'))
          throw new ConditionError(node, 'a statement expression is not allowed in a condition');
        break;
      case 'identifier':
        if (!this.ctx.scopes.lookup(node.text)) {
          // NULL is a macro in code; conditions are not preprocessed.
          if (node.text === 'NULL') return value({ kind: 'const', value: 0n, type: { kind: 'pointer', to: VOID } });
          throw new ConditionError(node, `'${node.text}' is not declared where the condition is evaluated`);
        }
        break;
      case 'binary_expression': {
        const op = node.childForFieldName('operator')!.type;
        if (op === '&&' || op === '||') {
          const a = this.truthValue(node.childForFieldName('left')!);
          const b = this.truthValue(node.childForFieldName('right')!);
          return value(this.truthResult(this.emitBinary(op === '&&' ? '&' : '|', a, b, INT, node)));
        }
        const r = super.expr(node);
        if (['==', '!=', '<', '<=', '>', '>='].includes(op) && r.kind === 'value') this.truthResult(r.op);
        return r;
      }
      case 'unary_expression': {
        const r = super.expr(node);
        if (node.childForFieldName('operator')!.type === '!' && r.kind === 'value') this.truthResult(r.op);
        return r;
      }
      case 'conditional_expression':
        return value(this.select(node));
    }
    const r = super.expr(node);
    if (r.kind === 'value' && r.op.kind === 'string') throw new ConditionError(node, 'a string is not allowed in a condition');
    return r;
  }

  private truthResult(v: Operand): Operand {
    if (v.kind === 'var') this.truthValues.add(v.id);
    return v;
  }

  /** 1 or 0 as an int: the operand itself when it is one already. */
  private truthValue(node: SyntaxNode): Operand {
    const v = this.rvalue(node);
    if (v.kind === 'var' && this.truthValues.has(v.id)) return v;
    if (v.kind === 'const' && v.type.kind === 'int' && v.type.bits === 32 && v.type.signed && (v.value === 0n || v.value === 1n)) return v;
    return this.truthResult(this.binary('!=', v, { kind: 'const', value: 0n, type: INT }, node));
  }

  /** `c ? a : b` on integers, without branching: `(a & m) | (b & ~m)` with m all ones when c holds. */
  private select(node: SyntaxNode): Operand {
    const condNode = node.childForFieldName('condition')!;
    const thenNode = node.childForFieldName('consequence');
    const elseNode = node.childForFieldName('alternative')!;
    if (!thenNode) throw new ConditionError(node, "'?:' with an omitted operand is not supported in a condition");
    const t = this.conditionalType(thenNode, elseNode);
    const c = this.truthValue(condNode);
    const a = this.rvalue(thenNode);
    const b = this.rvalue(elseNode);
    if (c.kind === 'const') return this.convert(c.value !== 0n ? a : b, t, node);
    if (t.kind !== 'int') throw new ConditionError(node, `a '?:' whose value is not an integer is not supported in a condition`);
    const u = intOfRank(t.rank, false, this.model);
    const ua = this.convert(this.convert(a, t, thenNode), u, thenNode);
    const ub = this.convert(this.convert(b, t, elseNode), u, elseNode);
    const mask = this.emitUnary('-', this.convert(c, u, condNode), u, node);
    const notMask = this.emitUnary('~', mask, u, node);
    const r = this.emitBinary('|', this.emitBinary('&', ua, mask, u, node), this.emitBinary('&', ub, notMask, u, node), u, node);
    return this.convert(r, t, node);
  }

  override markAddressTaken(p: Place): void {
    if (p.root.kind === 'var' && !this.addressNodes.has(p.root.id) && this.nodes.length > 0)
      this.addressNodes.set(p.root.id, this.nodes[this.nodes.length - 1]);
    super.markAddressTaken(p);
  }

  /** The instructions, checked to be straight-line values on objects the program has. */
  finish(): Instr[] {
    if (this.b.blocks.length !== 1) throw new ConditionError({ row: 1, column: 0 }, 'this condition needs control flow, which conditions do not support');
    const instrs = this.b.blocks[0].instrs;
    const allowed = new Set(['use', 'load', 'binary', 'unary', 'cast', 'ptradd', 'ptrdiff']);
    for (const i of instrs) {
      if (i.kind !== 'assign' || !allowed.has(i.value.op))
        throw new ConditionError({ row: 1, column: 0 }, `${i.kind === 'assign' ? i.value.op : i.kind} is not supported in a condition`);
    }
    // An address the program never takes has no object in the model.
    for (const [id, node] of this.addressNodes) {
      const v = this.program.vars.get(id);
      if (v && !v.addressTaken && mentionsAddress(instrs, id))
        throw new ConditionError(node, `the program never takes the address of '${v.name}': a condition cannot either`);
    }
    return instrs;
  }
}

/** Does an `addr` operand of variable `id` occur in `x` (operands, places, instructions)? */
function mentionsAddress(x: unknown, id: number): boolean {
  if (typeof x !== 'object' || x === null) return false;
  if (Array.isArray(x)) return x.some((e) => mentionsAddress(e, id));
  const o = x as { kind?: string; place?: Place };
  if (o.kind === 'addr' && o.place?.root.kind === 'var' && o.place.root.id === id) return true;
  // Types are skipped: struct types can be cyclic.
  return Object.entries(x).some(([k, v]) => k !== 'type' && k !== 'to' && k !== 'range' && mentionsAddress(v, id));
}
