// Lowering of one function definition: parameters, statements (blocks,
// decisions, loops, switch, goto), local declarations and initialisers,
// ACSL contracts (requires at entry, ensures in the single exit block), and
// the calls that are properties or path ends (assert, __VERIFIER_assume,
// reach_error, abort, exit).

import type { CType, FunctionType } from '../ir/types';
import { INT, VOID, isInteger, typeToString } from '../ir/types';
import type { AcslLocation, IRFunction, Operand, RangeBound, SourceRange, Variable } from '../ir/ir';
import { sizeOf } from '../ir/layout';
import { wrapInt } from '../ir/interp';
import type { SyntaxNode } from './parser';
import { ERROR_FUNCTIONS, VLA_ALLOC } from '../ir/libc';
import type { SourceMap } from './sourcemap';
import {
  ExpressionLowerer,
  NestingError,
  type LValueOrValue,
  type ExpressionHost,
  type ContractNames,
  OLD_PLACEHOLDER,
  SEPARATED_PLACEHOLDER,
  VALID_PLACEHOLDER,
  VALID_READ_PLACEHOLDER,
  strip,
  varPlace,
} from './expressions';
import { isRange, isSeparatedCall, isValidCall } from './acsl';
import { FunctionBuilder } from './builder';
import { InitResolver, emitLocalInit, constInitializer, inferredLength, type InitTree } from './initializers';
import { decayType, pointerTo, promote, sizeType } from './ctypes';

/** A clause's words: the placeholders and ranges written back as ACSL. */
const acslText = (call: SyntaxNode): string =>
  call.text
    .replace(VALID_READ_PLACEHOLDER, '\\valid_read')
    .replace(VALID_PLACEHOLDER, '\\valid')
    .replace(SEPARATED_PLACEHOLDER, '\\separated')
    .replace(/\|\|/g, '..')
    .replace(/\s+/g, ' ');

export interface ContractClause {
  kind: 'requires' | 'ensures';
  text: string;
  range: SourceRange;
  /** The clause expression, parsed from the original comment (positions through `map`). */
  expr: SyntaxNode;
  map: SourceMap;
}

export interface FunctionHost extends ExpressionHost {
  /** A static local becomes a global `f.name` with a constant initialiser. */
  staticLocal(fn: string, name: string, type: CType, isConst: boolean, range: SourceRange | undefined): Variable;
}

interface Breakable {
  brk: number;
  cont: number | null;
}

interface SwitchContext {
  value: Operand;
  cases: { values: bigint[]; target: number; label: string }[];
  defaultTarget: number | null;
}

const STOP_CALLS: Record<string, 'abort' | 'exit'> = {
  abort: 'abort',
  exit: 'exit',
  _Exit: 'exit',
  _exit: 'exit',
  quick_exit: 'exit',
  __builtin_trap: 'abort',
  __builtin_abort: 'abort',
};
const UNSUPPORTED_CALLS = new Set([
  'setjmp',
  '_setjmp',
  'sigsetjmp',
  '__sigsetjmp',
  'longjmp',
  '_longjmp',
  'siglongjmp',
  '__builtin_setjmp',
  '__builtin_longjmp',
  '__builtin_va_start',
  '__builtin_va_arg',
  '__builtin_va_copy',
  'alloca',
  '__builtin_alloca',
]);

export class FunctionLowerer extends ExpressionLowerer {
  private retVar: Variable | null = null;
  private exitBlock = -1;
  /** The expression statement an `ERROR:` label marks (an `abort()` there is an error call). */
  private errorLabelStatement: SyntaxNode | null = null;
  private breakables: Breakable[] = [];
  private switches: SwitchContext[] = [];
  private labels = new Map<string, number>();
  private definedLabels = new Set<string>();
  private readonly fnLocals: number[];

  constructor(
    private readonly fhost: FunctionHost,
    private readonly name: string,
    private readonly fnType: FunctionType,
    /** False for helpers from headers: kept for calls, no goals. */
    private readonly user: boolean,
    fallback: SourceRange,
  ) {
    const locals: number[] = [];
    super(fhost, new FunctionBuilder(name), locals, fallback);
    this.fnLocals = locals;
    if (!user) this.synthetic = true;
  }

  /** The function definition being lowered. */
  private functionNode: SyntaxNode | null = null;

  lower(def: SyntaxNode, paramDecl: SyntaxNode | null, contract: ContractClause[], isStatic: boolean, nameNode: SyntaxNode | null): IRFunction {
    const ctx = this.ctx;
    this.functionNode = def;
    ctx.scopes.push();
    const params = this.declareParams(paramDecl);
    const ret = this.fnType.ret;
    if (ret.kind !== 'void') {
      this.retVar = ctx.newVar({ name: '\\result', type: ret, kind: 'return', addressTaken: false, isConst: false, isStatic: false });
      this.fnLocals.push(this.retVar.id);
    }
    const entry = this.b.cur;
    this.exitBlock = this.b.newBlock();
    this.b.setBlock(entry);
    if (isLongDouble(ret) || params.some((id) => isLongDouble(ctx.vars.get(id)!.type))) {
      // Read as double, which it is not: nothing in this function can be trusted.
      this.b.emit({ kind: 'unsupported', what: 'long double', range: nameNode ? this.R(nameNode) : this.R(def) });
    }
    const requires = contract.filter((c) => c.kind === 'requires');
    const ensures = contract.filter((c) => c.kind === 'ensures');
    const names = this.prepareOld(ensures, params);
    for (const c of requires) this.withMap(c.map, () => this.assumeAll(c.expr, 'requires', this.R(c.expr)));
    const body = def.childForFieldName('body');
    if (body) {
      // A function body shares the scope of its parameters.
      for (const s of body.namedChildren) if (s) this.statement(s);
    }
    if (this.name === 'main' && this.retVar && this.b.isOpen) {
      // Reaching the } that terminates main returns 0 (C11 5.1.2.2.3).
      this.b.emit({
        kind: 'assign',
        dst: varPlace(this.retVar.id, ret),
        value: { op: 'use', a: { kind: 'const', value: 0n, type: ret } },
        range: this.R(body ?? def),
      });
    }
    this.b.jump(this.exitBlock);
    this.b.setBlock(this.exitBlock);
    if (ensures.length > 0) {
      this.contract = { ...names, result: this.retVar ? { kind: 'var', id: this.retVar.id, type: ret } : undefined };
      const saved = this.synthetic;
      this.synthetic = true;
      for (const c of ensures) {
        this.withMap(c.map, () => {
          const cond = this.truth(c.expr);
          this.b.emit({ kind: 'assert', cond, origin: 'ensures', text: c.text, range: c.range });
        });
      }
      this.synthetic = saved;
      this.contract = null;
    }
    const endRange = body ? this.endOf(body) : this.R(def);
    this.b.terminate({ kind: 'return', value: this.retVar ? { kind: 'var', id: this.retVar.id, type: ret } : null, range: endRange });
    for (const label of this.labels.keys()) {
      if (!this.definedLabels.has(label)) ctx.report('error', def, `label '${label}' used but not defined`);
    }
    this.b.finish(this.exitBlock);
    ctx.scopes.pop();
    if (!this.user) {
      for (const blk of this.b.blocks) {
        blk.hasCode = false;
        blk.statements = [];
      }
      for (const d of this.b.decisions) d.synthetic = true;
    }
    return {
      name: this.name,
      type: this.fnType,
      params,
      locals: this.fnLocals,
      returnVar: this.retVar?.id ?? null,
      blocks: this.b.blocks,
      exitBlock: this.exitBlock,
      decisions: this.b.decisions,
      contract: {
        requires: requires.map((c) => ({ text: c.text, range: c.range })),
        ensures: ensures.map((c) => ({ text: c.text, range: c.range })),
      },
      range: this.R(def),
      nameRange: nameNode ? this.R(nameNode) : this.R(def),
      isStatic,
    };
  }

  private endOf(body: SyntaxNode): SourceRange {
    const last = body.lastChild;
    const r = last ? this.R(last) : this.R(body);
    return { line: r.endLine, column: Math.max(1, r.endColumn - 1), endLine: r.endLine, endColumn: r.endColumn };
  }

  private withMap<T>(map: SourceMap, fn: () => T): T {
    const saved = this.ctx.map;
    this.ctx.map = map;
    try {
      return fn();
    } finally {
      this.ctx.map = saved;
    }
  }

  private declareParams(paramDecl: SyntaxNode | null): number[] {
    const ids: number[] = [];
    const list = paramDecl?.childForFieldName('parameters');
    if (!list) return ids;
    let i = 0;
    for (const p of list.namedChildren) {
      if (p?.type === 'identifier') {
        ids.push(this.knrParam(p, list));
        i++;
        continue;
      }
      if (!p || p.type !== 'parameter_declaration') continue;
      const spec = this.fhost.types.specifiers(p);
      const d = this.fhost.types.declarator(spec.type, p.childForFieldName('declarator'), spec.isConst, { parameter: true });
      if (d.type.kind === 'void' && !d.name) continue;
      // `int m[][n]`: a pointer to arrays whose length is a value; accesses through it are not modelled.
      if (d.vla) this.b.emit({ kind: 'unsupported', what: 'variable-length array', range: this.R(p) });
      const type = decayType(d.type);
      const v = this.ctx.newVar({
        name: d.name ?? `_arg${i}`,
        type,
        kind: 'param',
        addressTaken: false,
        isConst: d.isConst,
        isStatic: false,
        range: d.nameNode ? (this.ctx.range(d.nameNode) ?? undefined) : undefined,
      });
      // `int a[3]` is adjusted to `int *a`; keep 3 as the length of the input array it points to.
      if (d.type.kind === 'array' && d.type.length !== null) v.declaredLength = d.type.length;
      if (/\b(__)?restrict(__)?\b/.test(p.text)) v.restrict = true;
      if (d.name) this.ctx.scopes.define(d.name, { kind: 'var', id: v.id });
      ids.push(v.id);
      this.fnLocals.push(v.id);
      i++;
    }
    return ids;
  }

  /** A parameter of a K&R definition `int f(a, b) int a; char *b; { ... }` (undeclared ones are int). */
  private knrParam(id: SyntaxNode, list: SyntaxNode): number {
    const def = list.parent?.parent;
    let type: CType = INT;
    let isConst = false;
    for (const d of def?.namedChildren ?? []) {
      if (!d || d.type !== 'declaration') continue;
      const spec = this.fhost.types.specifiers(d);
      for (const dn of d.childrenForFieldName('declarator')) {
        const decl = dn ? this.fhost.types.declarator(spec.type, dn, spec.isConst) : null;
        if (decl?.name === id.text) {
          type = decayType(decl.type);
          isConst = decl.isConst;
        }
      }
    }
    this.ctx.report('warning', id, 'K&R-style definition: calls are not checked against its parameter types');
    const v = this.ctx.newVar({ name: id.text, type, kind: 'param', addressTaken: false, isConst, isStatic: false, range: this.ctx.range(id) ?? undefined });
    this.ctx.scopes.define(id.text, { kind: 'var', id: v.id });
    this.fnLocals.push(v.id);
    return v.id;
  }

  /**
   * Entry copies for ensures: every `\old(e)` and every parameter the clauses mention (ACSL:
   * parameters in a postcondition denote their values at entry).
   */
  private prepareOld(ensures: ContractClause[], params: number[]): Omit<ContractNames, 'result'> {
    const names: Omit<ContractNames, 'result'> = { oldByName: new Map(), oldByNode: new Map() };
    if (ensures.length === 0) return names;
    const paramByName = new Map(params.map((id) => [this.ctx.vars.get(id)!.name, id]));
    const makeOld = (type: CType, label: string, oldOf: number | undefined, value: Operand, range: SourceRange): Operand => {
      const v = this.ctx.newVar({ name: `\\old(${label})`, type, kind: 'old', addressTaken: false, isConst: false, isStatic: false, oldOf });
      this.fnLocals.push(v.id);
      this.b.emit({ kind: 'assign', dst: varPlace(v.id, type), value: { op: 'use', a: value }, range });
      return { kind: 'var', id: v.id, type };
    };
    const oldOfParam = (name: string, at: SyntaxNode): Operand => {
      let o = names.oldByName.get(name);
      if (!o) {
        const id = paramByName.get(name)!;
        const pv = this.ctx.vars.get(id)!;
        o = makeOld(pv.type, pv.name, id, { kind: 'var', id, type: pv.type }, this.R(at));
        names.oldByName.set(name, o);
      }
      return o;
    };
    for (const c of ensures) {
      this.withMap(c.map, () => {
        const visit = (n: SyntaxNode, insideOld: boolean) => {
          if (n.type === 'call_expression' && n.childForFieldName('function')?.text === OLD_PLACEHOLDER) {
            const arg = n.childForFieldName('arguments')?.namedChildren[0];
            if (arg && !names.oldByNode.has(n.id)) {
              const a = strip(arg);
              if (a.type === 'identifier' && paramByName.has(a.text)) {
                // `\old(x)` of a parameter is the same entry copy as `x` itself in a postcondition.
                names.oldByNode.set(n.id, oldOfParam(a.text, n));
                return;
              }
              let oldOf: number | undefined;
              if (a.type === 'identifier') {
                const sym = this.ctx.scopes.lookup(a.text);
                if (sym?.kind === 'var') oldOf = sym.id;
              }
              const value = this.rvalue(arg);
              names.oldByNode.set(n.id, makeOld(value.type, this.ctx.text(arg), oldOf, value, this.R(n)));
            }
            return;
          }
          if (!insideOld && n.type === 'identifier' && paramByName.has(n.text)) oldOfParam(n.text, n);
          for (const ch of n.namedChildren) if (ch) visit(ch, insideOld);
        };
        visit(c.expr, false);
      });
    }
    return names;
  }

  /** `assume` of each conjunct of `e` (`a && b` assumes a, then b: same executions, no branching). */
  private assumeAll(e: SyntaxNode, origin: 'requires' | 'assume', range: SourceRange): void {
    const n = strip(e);
    if (n.type === 'binary_expression' && n.childForFieldName('operator')!.type === '&&') {
      this.assumeAll(n.childForFieldName('left')!, origin, range);
      this.assumeAll(n.childForFieldName('right')!, origin, range);
      return;
    }
    const saved = this.synthetic;
    this.synthetic = true;
    const cond = origin === 'requires' && isValidCall(n) ? this.valid(n) : origin === 'requires' && isSeparatedCall(n) ? this.separated(n) : this.truth(n);
    this.synthetic = saved;
    if (!cond) return;
    if (cond.kind === 'const' && cond.value === 0n) {
      this.b.terminate({ kind: 'stop', why: 'assume', range });
      return;
    }
    if (cond.kind === 'const') return;
    this.b.emit({ kind: 'assume', cond, origin, range: origin === 'requires' ? this.R(n) : range });
  }

  /**
   * `\valid(p + (a..b))`, `\valid(&p[a..b])` or `\valid(p)` (and `\valid_read`), checked in place by
   * frontend/acsl.ts: the IR's `valid` of the pointer and the range (see location).
   */
  private valid(call: SyntaxNode): Operand | null {
    const arg = call.childForFieldName('arguments')!.namedChildren.find((a) => a && a.type !== 'comment')!;
    const loc = this.location(arg, '\\valid');
    if (!loc) return null;
    const text = acslText(call);
    return this.assignTemp({ op: 'valid', ...loc, text, type: INT }, INT, call);
  }

  /**
   * `\separated(l1, ..., ln)`, each location written as for `\valid` (checked in place by
   * frontend/acsl.ts): the IR's `separated`. Offsets count elements of the pointee, so the pointees
   * must have one size; otherwise element ranges are not comparable and the conjunct is left out,
   * with a warning (assuming less is sound, guessing is not).
   */
  private separated(call: SyntaxNode): Operand | null {
    const args = call.childForFieldName('arguments')!.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== 'comment');
    const locs: AcslLocation[] = [];
    for (const arg of args) {
      const loc = this.location(arg, '\\separated');
      if (!loc) return null;
      locs.push(loc);
    }
    const sizes = locs.map((l) => {
      const to = (l.ptr.type as Extract<CType, { kind: 'pointer' }>).to;
      return to.kind === 'void' || to.kind === 'function' ? null : sizeOf(to, this.model);
    });
    const first = sizes[0];
    if (first === null || sizes.some((z) => z !== first)) {
      const types = [...new Set(locs.map((l) => typeToString(l.ptr.type)))].join("', '");
      this.ctx.report(
        'warning',
        call,
        first === null || sizes.includes(null)
          ? `\\separated of a pointer without an element size ('${types}'): ignored`
          : `\\separated of pointers to elements of different sizes ('${types}'): ignored`,
      );
      return null;
    }
    return this.assignTemp({ op: 'separated', locs, text: acslText(call), type: INT }, INT, call);
  }

  /**
   * The location `p + (a..b)`, `&p[a..b]` or `p` (0..0) of a `\valid` or `\separated` argument. A bound
   * is a C value plus a constant (`n - 1`), added as ACSL integers; a bound computed otherwise is not
   * read as C arithmetic (it may wrap where ACSL does not): null, with a warning (the conjunct is left out).
   */
  private location(argNode: SyntaxNode, what: string): AcslLocation | null {
    const arg = strip(argNode);
    const op = arg.type === 'binary_expression' || arg.type === 'pointer_expression' ? arg.childForFieldName('operator')?.type : undefined;
    const plusRange = op === '+' ? strip(arg.childForFieldName('right')!) : null;
    const index = op === '&' ? strip(arg.childForFieldName('argument')!) : null;
    const subscriptRange = index?.type === 'subscript_expression' ? strip(index.childForFieldName('index')!) : null;
    let ptrNode = arg;
    let range: SyntaxNode | null = null;
    // `p + i` and `&p[i]` are the range i..i: ACSL's arithmetic, not a C pointer formed (which could be undefined).
    let single: SyntaxNode | null = null;
    if (plusRange && isRange(plusRange)) [ptrNode, range] = [arg.childForFieldName('left')!, plusRange];
    else if (subscriptRange && isRange(subscriptRange)) [ptrNode, range] = [index!.childForFieldName('argument')!, subscriptRange];
    else if (plusRange) [ptrNode, single] = [arg.childForFieldName('left')!, plusRange];
    else if (subscriptRange) [ptrNode, single] = [index!.childForFieldName('argument')!, subscriptRange];
    const ends = range ? [range.childForFieldName('left')!, range.childForFieldName('right')!] : single ? [single, single] : [];
    const bounds: RangeBound[] = [];
    for (const e of ends) {
      const b = this.rangeBound(e);
      if (!b) {
        this.ctx.report('warning', e, `ACSL range bound '${e.text}' is not a value plus a constant: this ${what} is ignored`);
        return null;
      }
      bounds.push(b);
    }
    const ptr = this.rvalue(ptrNode);
    if (ptr.type.kind !== 'pointer') {
      this.ctx.report('warning', ptrNode, `${what} of '${ptrNode.text}', which is not a pointer: ignored`);
      return null;
    }
    const zero: RangeBound = { value: null, add: 0n };
    const [lo, hi] = bounds.length ? bounds : [zero, zero];
    return { ptr, lo, hi };
  }

  /** A range bound `E`, `E + c`, `E - c` or `c`, with E free of arithmetic (see valid). */
  private rangeBound(node: SyntaxNode): RangeBound | null {
    const n = strip(node);
    const c = this.constInteger(n);
    if (c !== null) return { value: null, add: c };
    let value = n;
    let add = 0n;
    const op = n.type === 'binary_expression' ? n.childForFieldName('operator')!.type : null;
    if (op === '+' || op === '-') {
      const k = this.constInteger(n.childForFieldName('right')!);
      if (k === null) return null;
      value = strip(n.childForFieldName('left')!);
      add = op === '+' ? k : -k;
    }
    let arithmetic = false;
    const visit = (x: SyntaxNode) => {
      if (x.type === 'subscript_expression') return visit(x.childForFieldName('argument')!); // an index is C's business
      if (
        [
          'binary_expression',
          'unary_expression',
          'update_expression',
          'assignment_expression',
          'call_expression',
          'comma_expression',
          'conditional_expression',
        ].includes(x.type)
      )
        arithmetic = true;
      for (const ch of x.namedChildren) if (ch) visit(ch);
    };
    visit(value);
    if (arithmetic) return null;
    const v = this.rvalue(value);
    return v.type.kind === 'int' ? { value: v, add } : null;
  }

  // ---------------------------------------------------------------- special calls

  protected override specialCall(node: SyntaxNode, fnNode: SyntaxNode, args: SyntaxNode[]): Operand | null {
    if (fnNode.type !== 'identifier') return super.specialCall(node, fnNode, args);
    const name = fnNode.text;
    const sym = this.ctx.scopes.lookup(name);
    const hasBody = this.fhost.hasBody(name);
    const none: Operand = { kind: 'const', value: 0n, type: VOID };
    // SV-COMP's error functions are error calls whatever their body (tasks define reach_error() { __assert_fail(...); }).
    if (hasBody && !ERROR_FUNCTIONS.has(name)) return super.specialCall(node, fnNode, args);
    if (name === '__creach_assert' && args.length >= 1) {
      const saved = this.synthetic;
      this.synthetic = true;
      const cond = this.truth(args[0]);
      this.synthetic = saved;
      this.b.emit({ kind: 'assert', cond, origin: 'assert', text: this.ctx.text(strip(args[0])), range: this.R(node) });
      return none;
    }
    // SV-COMP's `__VERIFIER_assert(e)` declared without a body is an assertion.
    if (name === '__VERIFIER_assert' && args.length === 1) {
      const saved = this.synthetic;
      this.synthetic = true;
      const cond = this.truth(args[0]);
      this.synthetic = saved;
      this.b.emit({ kind: 'assert', cond, origin: 'assert', text: this.ctx.text(node), range: this.R(node) });
      return none;
    }
    if (name === '__VERIFIER_assume' && args.length === 1) {
      this.assumeAll(args[0], 'assume', this.R(node));
      return none;
    }
    // `abort()` as the statement an `ERROR:` label marks is SV-COMP's older way to write an error call.
    const abortAtError = name === 'abort' && this.errorLabelStatement !== null && node.parent?.id === this.errorLabelStatement.id;
    if (ERROR_FUNCTIONS.has(name) || name === '__assert_fail' || name === '__assert_rtn' || name === '__assert' || abortAtError) {
      for (const a of args) this.effect(a);
      const range = this.R(node);
      this.b.emit({ kind: 'error', text: this.ctx.text(node), range });
      this.b.terminate({ kind: 'stop', why: 'error', range });
      return none;
    }
    if (name in STOP_CALLS) {
      const why = STOP_CALLS[name];
      // exit(status): the status is kept, so a test can check the process ends with it.
      const status = why === 'exit' && args.length === 1 ? this.convert(this.rvalue(args[0]), INT, args[0]) : undefined;
      if (!status) for (const a of args) this.effect(a);
      this.b.terminate({ kind: 'stop', why, range: this.R(node), ...(status ? { status } : {}) });
      return none;
    }
    if (name === '__builtin_unreachable') {
      // Reaching it is undefined behaviour: no valid execution goes on.
      this.b.terminate({ kind: 'stop', why: 'assume', range: this.R(node) });
      return none;
    }
    if (UNSUPPORTED_CALLS.has(name)) {
      const ret = sym?.kind === 'func' ? sym.type.ret : INT;
      return this.havoc(ret, `call to ${name}`, node);
    }
    return super.specialCall(node, fnNode, args);
  }

  // ---------------------------------------------------------------- statements

  /** GNU `({ s1; ...; e; })`: the statements, then the value of the last expression statement. */
  protected override statementExpression(block: SyntaxNode, _node: SyntaxNode): LValueOrValue {
    const stmts = block.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
    let result: LValueOrValue = { kind: 'value', op: { kind: 'const', value: 0n, type: VOID } };
    this.ctx.scopes.push();
    stmts.forEach((s, i) => {
      const e = s.type === 'expression_statement' ? s.namedChildren.find((c) => c && c.type !== 'comment') : null;
      if (i === stmts.length - 1 && e) {
        this.startStatement(s);
        const r = this.expr(e);
        result = { kind: 'value', op: this.toRvalue(r, e) };
      } else this.statement(s);
    });
    this.ctx.scopes.pop();
    return result;
  }

  /** A statement starts here (`goal` false for jumps alone: no statement goal of their own). */
  private startStatement(node: SyntaxNode, goal = true): void {
    this.b.markStatement(this.R(node), this.ctx.scopes.head, goal);
  }

  statement(node: SyntaxNode): void {
    try {
      this.statementInner(node);
    } catch (e) {
      if (e instanceof RangeError) throw new NestingError(node);
      throw e;
    }
  }

  private statementInner(node: SyntaxNode): void {
    const b = this.b;
    switch (node.type) {
      case 'compound_statement':
        this.ctx.scopes.push();
        for (const s of node.namedChildren) if (s) this.statement(s);
        this.ctx.scopes.pop();
        return;
      case 'declaration':
        this.declaration(node);
        return;
      case 'type_definition':
        if (this.fhost.types.typedefs(node)) this.b.emit({ kind: 'unsupported', what: 'variable-length array', range: this.R(node) });
        return;
      case 'struct_specifier':
      case 'union_specifier':
      case 'enum_specifier':
        this.fhost.types.baseType(node);
        return;
      case 'expression_statement': {
        const e = node.namedChildren.find((c) => c && c.type !== 'comment');
        if (!e) return;
        this.startStatement(node);
        this.effect(e);
        return;
      }
      case 'if_statement':
        return this.ifStatement(node);
      case 'while_statement':
        return this.whileStatement(node);
      case 'do_statement':
        return this.doStatement(node);
      case 'for_statement':
        return this.forStatement(node);
      case 'switch_statement':
        return this.switchStatement(node);
      case 'case_statement':
        return this.caseStatement(node);
      // Jumps alone (break, continue, goto, `return;`) get no statement goal: their block is
      // entered exactly when the edge into it is taken, which a branch goal already covers.
      case 'break_statement': {
        const target = this.breakables[this.breakables.length - 1];
        if (!target) return this.ctx.report('error', node, "'break' outside a loop or switch");
        this.startStatement(node, false);
        b.jump(target.brk, 'break');
        return;
      }
      case 'continue_statement': {
        const target = [...this.breakables].reverse().find((x) => x.cont !== null);
        if (!target) return this.ctx.report('error', node, "'continue' outside a loop");
        this.startStatement(node, false);
        b.jump(target.cont!, 'continue');
        return;
      }
      case 'return_statement': {
        const e = node.namedChildren.find((c) => c && c.type !== 'comment');
        this.startStatement(node, !!e);
        if (e) {
          if (this.retVar) {
            if (this.retVar.type.kind === 'struct') {
              const r = this.expr(e);
              const value = r.kind === 'place' ? { op: 'load' as const, place: r.place } : { op: 'use' as const, a: r.op };
              b.emit({ kind: 'assign', dst: varPlace(this.retVar.id, this.retVar.type), value, range: this.R(node) });
            } else this.store(varPlace(this.retVar.id, this.retVar.type), this.rvalue(e), node);
          } else this.effect(e);
        }
        b.jump(this.exitBlock);
        return;
      }
      case 'goto_statement': {
        const label = node.childForFieldName('label')?.text ?? '';
        this.startStatement(node, false);
        b.jump(this.labelBlock(label), `goto ${label}`);
        return;
      }
      case 'labeled_statement': {
        const label = node.childForFieldName('label')?.text ?? '';
        const target = this.labelBlock(label);
        if (this.definedLabels.has(label)) this.ctx.report('error', node, `duplicate label '${label}'`);
        this.definedLabels.add(label);
        b.jump(target);
        b.setBlock(target);
        for (const s of node.namedChildren) {
          if (!s || s.type === 'statement_identifier') continue;
          const first = s.type === 'compound_statement' ? s.namedChildren.find((c) => c && c.type !== 'comment') : s;
          const saved = this.errorLabelStatement;
          if (label === 'ERROR' && first?.type === 'expression_statement') this.errorLabelStatement = first;
          this.statement(s);
          this.errorLabelStatement = saved;
        }
        return;
      }
      case 'attributed_statement':
        for (const s of node.namedChildren) if (s && s.type !== 'attribute_declaration') this.statement(s);
        return;
      case 'gnu_asm_expression':
      case 'asm_statement':
        this.startStatement(node);
        this.ctx.unsupported(node, 'inline assembly', this.R(node));
        b.emit({ kind: 'unsupported', what: 'inline assembly', range: this.R(node) });
        return;
      case 'function_definition':
        this.ctx.unsupported(node, 'nested function definition', this.R(node));
        b.emit({ kind: 'unsupported', what: 'nested function definition', range: this.R(node) });
        return;
      case 'comment':
      case ';':
        return;
      default:
        this.startStatement(node);
        this.ctx.unsupported(node, `statement '${node.type}'`, this.R(node));
        b.emit({ kind: 'unsupported', what: `statement '${node.type}'`, range: this.R(node) });
    }
  }

  private labelBlock(label: string): number {
    let id = this.labels.get(label);
    if (id === undefined) {
      id = this.b.newBlock();
      this.labels.set(label, id);
    }
    return id;
  }

  private declaration(node: SyntaxNode): void {
    const types = this.fhost.types;
    const spec = types.specifiers(node);
    // A declaration is one statement, where its first initialiser runs, seeing the names declared before it.
    const scope = this.ctx.scopes.head;
    let started = false;
    for (const d of node.childrenForFieldName('declarator')) {
      if (!d) continue;
      const decl = types.declarator(spec.type, d, spec.isConst, { object: true, knownSize: (n) => this.knownLocalValue(n) });
      if (!decl.name) continue;
      if (decl.type.kind === 'function') {
        if (!this.ctx.scopes.lookup(decl.name)) this.ctx.scopes.define(decl.name, { kind: 'func', name: decl.name, type: decl.type });
        else {
          const s = this.ctx.scopes.lookup(decl.name)!;
          this.ctx.scopes.define(decl.name, s);
        }
        continue;
      }
      const initNode = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
      let type = decl.type;
      let tree: InitTree | null = null;
      if (initNode) {
        tree = new InitResolver(this).resolve(type, initNode);
        if (type.kind === 'array' && type.length === null) type = { ...type, length: inferredLength(tree) };
      }
      if (spec.storage === 'extern') {
        const existing = this.ctx.scopes.lookup(decl.name);
        if (existing) this.ctx.scopes.define(decl.name, existing);
        else this.ctx.report('warning', d, `block-scope extern '${decl.name}' without a file-scope declaration`);
        continue;
      }
      // A static or initialised VLA is not C (C11 6.7.6.2p2, 6.7.9p3; gcc rejects both): not modelled.
      const unmodelledVla = decl.vla || (decl.vlaSize !== undefined && (spec.storage === 'static' || initNode !== null));
      if (unmodelledVla && !decl.vla) this.ctx.unsupported(d, 'variable-length array');
      if (unmodelledVla && spec.storage === 'static') this.b.emit({ kind: 'unsupported', what: 'variable-length array', range: this.R(d) });
      if (decl.vlaSize && !unmodelledVla) {
        if (!started) this.b.markStatement(this.R(node), scope);
        started = true;
        this.vlaDeclaration(decl.name, decl.type as Extract<CType, { kind: 'array' }>, decl.vlaSize, d, decl.nameNode);
        continue;
      }
      if (spec.storage === 'static') {
        const v = this.fhost.staticLocal(this.name, decl.name, type, decl.isConst, decl.nameNode ? (this.ctx.range(decl.nameNode) ?? undefined) : undefined);
        this.ctx.scopes.define(decl.name, { kind: 'var', id: v.id });
        if (tree) {
          const init = constInitializer(this, type, tree);
          if (init) v.init = init;
          else this.ctx.unsupported(initNode!, 'non-constant static initialiser', this.R(initNode!));
        }
        continue;
      }
      // A VLA, a pointer to one (the declarator warned), or an array without size: its accesses are not modelled.
      if (unmodelledVla) this.b.emit({ kind: 'unsupported', what: 'variable-length array', range: this.R(d) });
      else if (type.kind === 'array' && type.length === null) this.b.emit({ kind: 'unsupported', what: 'array of unknown length', range: this.R(d) });
      if (isLongDouble(type)) this.b.emit({ kind: 'unsupported', what: 'long double', range: this.R(d) });
      const v = this.ctx.newVar({
        name: decl.name,
        type,
        kind: 'local',
        addressTaken: false,
        isConst: decl.isConst,
        isStatic: false,
        range: decl.nameNode ? (this.ctx.range(decl.nameNode) ?? undefined) : undefined,
      });
      this.fnLocals.push(v.id);
      // In scope from its own declarator on (so `int x = sizeof x;` sees it).
      this.ctx.scopes.define(decl.name, { kind: 'var', id: v.id });
      if (initNode) {
        if (!started) this.b.markStatement(this.R(node), scope);
        started = true;
        emitLocalInit(this, varPlace(v.id, type), tree, d);
        this.noteConstantLocal(v.id, decl.name, type, initNode, node);
      } else {
        // Each time the declaration is reached, the value is indeterminate again (a loop body's `int t;`).
        this.b.emit({ kind: 'assign', dst: varPlace(v.id, type), value: { op: 'indeterminate', type }, range: this.R(d) });
      }
    }
  }

  /** Locals that hold one integer constant wherever they are in scope (noteConstantLocal), by variable id. */
  private readonly constantLocals = new Map<number, bigint>();
  /** The names the function's body assigns, increments or takes the address of; null: it has a goto (lazily). */
  private modifiedNames: Set<string> | null | undefined;

  /**
   * Notes `int n = 10;` as holding 10 wherever it is in scope, so that `int a[n][n]` is an array of
   * known size (what gcc computes at run time, n being 10 there). Only when nothing can change n or skip
   * its initialiser: no assignment, ++/-- or & of any variable of that name in the function, no goto,
   * not volatile, not declared directly in a switch's body (a case label can jump past it).
   */
  private noteConstantLocal(id: number, name: string, type: CType, init: SyntaxNode, declaration: SyntaxNode): void {
    const isVolatile = declaration.children.some((c) => c?.type === 'type_qualifier' && c.text === 'volatile');
    if (type.kind !== 'int' || isVolatile) return;
    if (declaration.parent?.type === 'compound_statement' && declaration.parent.parent?.type === 'switch_statement') return;
    if (this.modifiedNames === undefined) this.modifiedNames = modifiedNamesOf(this.functionNode);
    if (!this.modifiedNames || this.modifiedNames.has(name)) return;
    const folded = this.constInteger(init);
    const value = folded === null ? null : wrapInt(folded, type);
    // A size not greater than 0 stays the runtime's (a vla-size error).
    if (value !== null && value > 0n) this.constantLocals.set(id, value);
  }

  /** The value of a local that holds a constant (noteConstantLocal), named alone by `node`. */
  private knownLocalValue(node: SyntaxNode): bigint | null {
    const n = strip(node);
    if (n.type !== 'identifier') return null;
    const sym = this.ctx.scopes.lookup(n.text);
    return sym?.kind === 'var' ? (this.constantLocals.get(sym.id) ?? null) : null;
  }

  /**
   * `T a[n];` each time it is reached: n evaluated, an object of n elements of T made (model/library.ts,
   * `VLA_ALLOC`; n > 0, C11 6.7.6.2p5, is a runtime error goal), and `a` a pointer to its first element,
   * which is how every use of `a` but `sizeof a` (n * sizeof(T), from the n kept) and `&a` sees it.
   */
  private vlaDeclaration(name: string, type: Extract<CType, { kind: 'array' }>, sizeNode: SyntaxNode, d: SyntaxNode, nameNode: SyntaxNode | null): void {
    const range = nameNode ? (this.ctx.range(nameNode) ?? undefined) : undefined;
    const size = this.rvalue(sizeNode);
    if (size.type.kind !== 'int') {
      this.ctx.report('error', sizeNode, 'size of array has non-integer type');
      return;
    }
    const sizeT = sizeType(this.model);
    const length = this.newTemp(sizeT);
    this.b.emit({ kind: 'assign', dst: varPlace(length.id, sizeT), value: { op: 'cast', a: size, to: sizeT }, range: this.R(d) });
    const ptr = pointerTo(type.of);
    const v = this.ctx.newVar({ name, type: ptr, kind: 'local', addressTaken: false, isConst: true, isStatic: false, range });
    this.fnLocals.push(v.id);
    this.ctx.scopes.define(name, { kind: 'var', id: v.id, vla: { length: length.id, of: type.of } });
    this.b.emit({
      kind: 'assign',
      dst: varPlace(v.id, ptr),
      value: { op: 'call', callee: VLA_ALLOC, args: [size], external: true, type: ptr },
      range: this.R(d),
    });
  }

  private ifStatement(node: SyntaxNode): void {
    const b = this.b;
    this.startStatement(node);
    const cond = node.childForFieldName('condition')!;
    const cons = node.childForFieldName('consequence')!;
    let alt = node.childForFieldName('alternative');
    if (alt?.type === 'else_clause') alt = alt.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
    const thenB = b.newBlock();
    const elseB = alt ? b.newBlock() : null;
    const after = b.newBlock();
    this.decision('if', condExpr(cond), thenB, elseB ?? after);
    b.setBlock(thenB);
    this.statement(cons);
    b.jump(after);
    if (alt && elseB !== null) {
      b.setBlock(elseB);
      this.statement(alt);
      b.jump(after);
    }
    b.setBlock(after);
  }

  /** A loop's condition decision (`for(;;)` has none: its header jumps into the body). */
  private loopDecision(kind: 'while' | 'do' | 'for', cond: SyntaxNode | null, body: number, exit: number, rangeNode: SyntaxNode): void {
    if (!cond) {
      this.b.jump(body);
      return;
    }
    this.decision(kind, condExpr(cond), body, exit, condExpr(rangeNode));
  }

  private whileStatement(node: SyntaxNode): void {
    const b = this.b;
    this.startStatement(node);
    const header = b.newBlock();
    const body = b.newBlock();
    const exit = b.newBlock();
    b.jump(header);
    b.setBlock(header);
    const cond = node.childForFieldName('condition')!;
    this.loopDecision('while', cond, body, exit, cond);
    b.setBlock(body);
    this.breakables.push({ brk: exit, cont: header });
    this.statement(node.childForFieldName('body')!);
    this.breakables.pop();
    b.jump(header, 'loop back');
    b.setBlock(exit);
  }

  private doStatement(node: SyntaxNode): void {
    const b = this.b;
    this.startStatement(node);
    const body = b.newBlock();
    const condB = b.newBlock();
    const exit = b.newBlock();
    b.jump(body);
    b.setBlock(body);
    this.breakables.push({ brk: exit, cont: condB });
    this.statement(node.childForFieldName('body')!);
    this.breakables.pop();
    b.jump(condB);
    b.setBlock(condB);
    const cond = node.childForFieldName('condition')!;
    this.loopDecision('do', cond, body, exit, cond);
    b.setBlock(exit);
  }

  private forStatement(node: SyntaxNode): void {
    const b = this.b;
    this.startStatement(node);
    this.ctx.scopes.push();
    const init = node.childForFieldName('initializer');
    if (init) {
      if (init.type === 'declaration') this.declaration(init);
      else this.effect(init);
    }
    const header = b.newBlock();
    const body = b.newBlock();
    const step = b.newBlock();
    const exit = b.newBlock();
    b.jump(header);
    b.setBlock(header);
    const cond = node.childForFieldName('condition');
    this.loopDecision('for', cond, body, exit, cond ?? node);
    b.setBlock(body);
    this.breakables.push({ brk: exit, cont: step });
    this.statement(node.childForFieldName('body')!);
    this.breakables.pop();
    b.jump(step);
    b.setBlock(step);
    const update = node.childForFieldName('update');
    if (update) this.effect(update);
    b.jump(header, 'loop back');
    b.setBlock(exit);
    this.ctx.scopes.pop();
  }

  private switchStatement(node: SyntaxNode): void {
    const b = this.b;
    this.startStatement(node);
    const condNode = condExpr(node.childForFieldName('condition')!);
    let value = this.rvalue(condNode);
    if (!isInteger(value.type)) {
      this.ctx.report('error', condNode, 'switch quantity is not an integer');
      value = { kind: 'const', value: 0n, type: INT };
    }
    value = this.convert(value, promote(value.type as Extract<CType, { kind: 'int' }>), condNode);
    const from = b.cur;
    b.terminate({ kind: 'goto', target: -1 }); // replaced below once the cases are known
    const exit = b.newBlock();
    const sw: SwitchContext = { value, cases: [], defaultTarget: null };
    this.switches.push(sw);
    this.breakables.push({ brk: exit, cont: null });
    const body = node.childForFieldName('body')!;
    this.statement(body);
    this.breakables.pop();
    this.switches.pop();
    b.jump(exit);
    const range = this.R(condNode);
    const text = this.ctx.text(condNode);
    const d = b.addDecision({
      scope: this.ctx.scopes.head,
      kind: 'switch',
      line: range.line,
      tag: 'switch',
      synthetic: this.synthetic || undefined,
      text,
      range,
      outcomes: [],
    });
    const defaultTarget = sw.defaultTarget ?? exit;
    b.blocks[from].terminator = {
      kind: 'switch',
      value,
      decision: d.id,
      range,
      cases: sw.cases.map((c) => ({ values: c.values, target: c.target })),
      default: defaultTarget,
    };
    for (const c of sw.cases) {
      d.outcomes.push({ outcome: c.label, edges: [{ from, to: c.target }] });
      b.label(from, c.target, { text: c.label, decision: d.id, outcome: c.label });
    }
    const defLabel = sw.defaultTarget === null ? 'default (none)' : 'default';
    d.outcomes.push({ outcome: defLabel, edges: [{ from, to: defaultTarget }] });
    b.label(from, defaultTarget, { text: defLabel, decision: d.id, outcome: defLabel });
    b.setBlock(exit);
  }

  private caseStatement(node: SyntaxNode): void {
    const b = this.b;
    const sw = this.switches[this.switches.length - 1];
    const valueNode = node.childForFieldName('value');
    const target = b.newBlock();
    // Every label is its own block, so stacked labels are distinct edges; falling in is 'fall-through'.
    if (b.isOpen) b.jump(target, 'fall-through');
    b.setBlock(target);
    if (!sw) this.ctx.report('error', node, 'case label not within a switch statement');
    else if (!valueNode) {
      if (sw.defaultTarget !== null) this.ctx.report('error', node, 'multiple default labels in one switch');
      sw.defaultTarget = target;
    } else {
      const v = this.caseValue(valueNode, sw.value.type);
      if (v !== null) sw.cases.push({ values: [v], target, label: `case ${this.ctx.text(valueNode)}` });
    }
    for (const s of node.namedChildren) {
      if (!s || s === valueNode || s.id === valueNode?.id) continue;
      this.statement(s);
    }
  }

  private caseValue(node: SyntaxNode, type: CType): bigint | null {
    return this.inScratch(true, (emitted) => {
      const v = this.convert(this.rvalue(node), type, node);
      if (v.kind === 'const' && !emitted()) return v.value;
      this.ctx.report('error', node, 'case label does not reduce to an integer constant');
      return null;
    });
  }
}

function isLongDouble(t: CType): boolean {
  return t.kind === 'float' && t.name === 'long double';
}

/** The expression inside a statement's `( ... )` condition. */
function condExpr(node: SyntaxNode): SyntaxNode {
  if (node.type === 'parenthesized_expression' || node.type === 'condition_clause') {
    const inner = node.namedChildren.filter((c) => c && c.type !== 'comment');
    if (inner.length === 1) return inner[0]!;
    // `if (int x = ...)` is C++; a comma expression is one node.
  }
  return node;
}

/** The names a function assigns, increments or decrements, or takes the address of anywhere; null when it has a goto. */
function modifiedNamesOf(fn: SyntaxNode | null): Set<string> | null {
  const names = new Set<string>();
  const target = (n: SyntaxNode | null) => {
    if (n && strip(n).type === 'identifier') names.add(strip(n).text);
  };
  const stack = fn ? [fn] : [];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'goto_statement') return null;
    if (n.type === 'assignment_expression') target(n.childForFieldName('left'));
    else if (n.type === 'update_expression') target(n.childForFieldName('argument'));
    else if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.type === '&') target(n.childForFieldName('argument'));
    for (const c of n.namedChildren) if (c) stack.push(c);
  }
  return names;
}
