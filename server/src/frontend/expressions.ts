// Lowering of C expressions to three-address IR, on the operand layer of
// operations.ts (typing, conversions, folding): explicit evaluation order
// (side effects as separate instructions; `&&`, `||`, `?:` as control flow),
// lvalues as Places, calls, and integer constant expressions.

import type { CType, FunctionType, StructType } from '../ir/types';
import { INT, BOOL, DOUBLE, VOID, CHAR, isArithmetic, isInteger, typeToString } from '../ir/types';
import type { BinaryOp, Decision, Instr, Operand, Place, Rvalue, SourceRange } from '../ir/ir';
import { runtimeErrors } from '../ir/runtimeErrors';
import type { SyntaxNode } from './parser';
import type { FrontendContext } from './context';
import type { TypeResolver } from './declarations';
import { type CodeMark, type FunctionBuilder, zeroOf } from './builder';
import { decayType, pointerTo, promote, sizeOf, sizeType, alignOf, usualArithmetic } from './ctypes';
import { parseCharLiteral, parseNumber, stringLiteralBytes } from './literals';
import { OperandLowerer, varPlace, retype, type LValueOrValue } from './operations';

export { varPlace, type LValueOrValue };

/** What the function lowering provides to expressions (calls, globals, contract names). */
export interface ExpressionHost {
  ctx: FrontendContext;
  types: TypeResolver;
  /** How a call to `name` is lowered: a body in the program, or external. Records the use. */
  callee(name: string, type: FunctionType, site: SourceRange): { external: boolean };
  /** Does the program define `name` with a body? (No side effect.) */
  hasBody(name: string): boolean;
  /** A global variable was referenced (header globals are kept only when used). */
  useGlobal(id: number): void;
}

/** Names from contract clauses that stand for something else (`\result`, `\old(e)`, parameters in ensures). */
export interface ContractNames {
  result?: Operand;
  /** Old values by identifier name (parameters in ensures) and by `\old(...)` node id. */
  oldByName: Map<string, Operand>;
  oldByNode: Map<number, Operand>;
}

export const RESULT_PLACEHOLDER = '_Result';
export const OLD_PLACEHOLDER = '_Old';
/** `\valid`, `\valid_read` and `\separated` in a requires clause (same lengths, so columns stay those of the file). */
export const VALID_PLACEHOLDER = '_Valid';
export const VALID_READ_PLACEHOLDER = '_Valid_read';
export const SEPARATED_PLACEHOLDER = '_Separated';

const NONDET_TYPES: Record<string, string> = {
  int: 'int',
  uint: 'unsigned int',
  unsigned: 'unsigned int',
  char: 'char',
  uchar: 'unsigned char',
  short: 'short',
  ushort: 'unsigned short',
  long: 'long',
  ulong: 'unsigned long',
  longlong: 'long long',
  ulonglong: 'unsigned long long',
  bool: '_Bool',
  _Bool: '_Bool',
  float: 'float',
  double: 'double',
  size_t: 'unsigned long',
  u32: 'unsigned int',
  u16: 'unsigned short',
  u8: 'unsigned char',
  s32: 'int',
  s16: 'short',
  s8: 'signed char',
  pointer: 'void *',
  loff_t: 'long',
  sector_t: 'unsigned long',
  uint128: '',
  int128: '',
  pchar: 'char *',
};

export class ExpressionLowerer extends OperandLowerer {
  /** Decisions made now are synthetic (contracts, assume, assert). */
  synthetic = false;
  /** Function from a header: no goals. */
  contract: ContractNames | null = null;

  constructor(
    protected override readonly host: ExpressionHost,
    b: FunctionBuilder,
    locals: number[],
    fallback: SourceRange,
  ) {
    super(host, b, locals, fallback);
  }

  // ---------------------------------------------------------------- entry points

  /** Value of an expression (lvalue conversion, array and function decay). */
  rvalue(node: SyntaxNode): Operand {
    return this.toRvalue(this.expr(node), node);
  }

  /** Evaluates for side effects only. */
  effect(node: SyntaxNode): void {
    const n = strip(node);
    if (n.type === 'update_expression') {
      // `i++;`: the old value is not needed.
      this.update(n, true);
      return;
    }
    // Avoid a useless load of a discarded lvalue (`x;`), but keep reads through pointers (they can fault).
    const r = this.expr(n);
    if (r.kind === 'place' && (r.place.root.kind === 'deref' || r.place.path.length > 0) && r.place.type.kind !== 'array') {
      this.toRvalue(r, n);
    }
  }

  /** An integer-typed truth value of a scalar expression (nonzero: true). */
  truth(node: SyntaxNode): Operand {
    const v = this.rvalue(node);
    return this.truthOf(v, node);
  }

  /** A place (lvalue) or reports an error and returns a dummy. */
  place(node: SyntaxNode): Place {
    const r = this.expr(node);
    if (r.kind === 'place') return r.place;
    if (r.op.kind === 'var') return varPlace(r.op.id, r.op.type);
    this.ctx.report('error', node, 'expression is not assignable');
    const t = this.newTemp(r.op.type);
    return varPlace(t.id, r.op.type);
  }

  // ---------------------------------------------------------------- expressions

  expr(node: SyntaxNode): LValueOrValue {
    try {
      return this.exprInner(node);
    } catch (e) {
      if (e instanceof RangeError) throw new NestingError(node);
      throw e;
    }
  }

  private value(op: Operand): LValueOrValue {
    return { kind: 'value', op };
  }

  private exprInner(node: SyntaxNode): LValueOrValue {
    switch (node.type) {
      case 'parenthesized_expression': {
        const inner = node.namedChildren.find((c) => c && c.type !== 'comment');
        if (!inner) return this.value(this.havoc(INT, 'empty parentheses', node));
        if (inner.type === 'compound_statement') return this.statementExpression(inner, node);
        return this.expr(inner);
      }
      case 'identifier':
        return this.identifier(node);
      case 'number_literal': {
        if (/^[-+]/.test(node.text)) {
          // tree-sitter folds a sign into the literal: `-1000` is unary minus applied to 1000.
          const lit = this.numberLiteral(node, node.text.slice(1));
          return this.value(node.text[0] === '-' ? this.negate(lit, node) : this.promoteOp(lit, node));
        }
        return this.value(this.numberLiteral(node, node.text));
      }
      case 'char_literal': {
        const c = parseCharLiteral(node.text);
        if (!c) {
          this.ctx.report('error', node, `invalid character constant ${node.text}`);
          return this.value({ kind: 'const', value: 0n, type: INT });
        }
        return this.value({ kind: 'const', value: c.value, type: INT });
      }
      case 'string_literal':
      case 'concatenated_string': {
        const bytes = this.stringBytes(node);
        if (!bytes) return this.value(this.havoc(pointerTo(INT), 'wide string literal', node));
        return this.value({ kind: 'string', bytes: [...bytes, 0], type: pointerTo(CHAR) });
      }
      case 'true':
        return this.value({ kind: 'const', value: 1n, type: INT });
      case 'false':
        return this.value({ kind: 'const', value: 0n, type: INT });
      case 'null':
        return this.value({ kind: 'const', value: 0n, type: pointerTo(VOID) });
      case 'binary_expression':
        return this.value(this.binaryExpression(node));
      case 'unary_expression':
        return this.value(this.unaryExpression(node));
      case 'pointer_expression':
        return this.pointerExpression(node);
      case 'update_expression':
        return this.value(this.update(node));
      case 'assignment_expression':
        return this.value(this.assignment(node));
      case 'conditional_expression':
        return this.value(this.conditional(node));
      case 'comma_expression': {
        this.effect(node.childForFieldName('left')!);
        return this.expr(node.childForFieldName('right')!);
      }
      case 'call_expression':
        return this.value(this.call(node));
      case 'subscript_expression':
        return this.subscript(node);
      case 'field_expression':
        return this.field(node);
      case 'cast_expression': {
        const { type: to, vla } = this.host.types.typeName(node.childForFieldName('type')!);
        const v = this.rvalue(node.childForFieldName('value')!);
        if (to.kind === 'void') return this.value({ kind: 'const', value: 0n, type: VOID });
        // A pointer to arrays of variable length: what it points to is not modelled (the declarator warned).
        if (vla) return this.value(this.havoc(to, 'variable-length array', node, false));
        return this.value(this.convert(v, to, node));
      }
      case 'sizeof_expression':
        return this.value(this.sizeofExpression(node));
      case 'alignof_expression': {
        const t = this.typeOperand(node);
        return this.value({ kind: 'const', value: BigInt(t ? alignOf(t, this.model) : 1), type: sizeType(this.model) });
      }
      case 'offsetof_expression':
        return this.value(this.offsetof(node));
      case 'compound_literal_expression':
        return this.value(this.havoc(this.host.types.typeDescriptor(node.childForFieldName('type')!), 'compound literal', node));
      case 'generic_expression':
        return this.value(this.havoc(INT, '_Generic', node));
      case 'gnu_asm_expression':
        return this.value(this.havoc(VOID, 'inline assembly', node));
      case 'extension_expression':
        return this.expr(node.namedChildren[0]!);
      default:
        return this.value(this.havoc(INT, `expression '${node.type}'`, node));
    }
  }

  private numberLiteral(node: SyntaxNode, text: string): Operand {
    const lit = parseNumber(text, this.model);
    if (!lit) {
      this.ctx.report('error', node, `invalid number '${node.text}'`);
      return { kind: 'const', value: 0n, type: INT };
    }
    if (lit.kind === 'unsupported') return this.havoc(DOUBLE, lit.what, node);
    if (lit.kind === 'int') return { kind: 'const', value: lit.value, type: lit.type };
    return { kind: 'fconst', value: lit.value, type: lit.type };
  }

  /** GNU `({ ... })`; the function lowering overrides this (it can lower statements). */
  protected statementExpression(_block: SyntaxNode, node: SyntaxNode): LValueOrValue {
    return this.value(this.havoc(INT, 'statement expression', node));
  }

  stringBytes(node: SyntaxNode): number[] | null {
    const parts = node.type === 'concatenated_string' ? node.namedChildren.filter((c) => c?.type === 'string_literal') : [node];
    const out: number[] = [];
    for (const p of parts) {
      const b = stringLiteralBytes(p!.text);
      if (!b) return null;
      out.push(...b);
    }
    return out;
  }

  private identifier(node: SyntaxNode): LValueOrValue {
    const name = node.text;
    if (this.contract) {
      if (name === RESULT_PLACEHOLDER && this.contract.result) return this.value(this.contract.result);
      const old = this.contract.oldByName.get(name);
      if (old) return this.value(old);
    }
    const sym = this.ctx.scopes.lookup(name);
    if (!sym) {
      if (name === '__func__' || name === '__FUNCTION__' || name === '__PRETTY_FUNCTION__') {
        return this.value({ kind: 'string', bytes: [...Buffer.from(this.b.fnName), 0], type: pointerTo(CHAR) });
      }
      this.ctx.report('error', node, `'${name}' undeclared`);
      return this.value({ kind: 'const', value: 0n, type: INT });
    }
    switch (sym.kind) {
      case 'var': {
        const v = this.ctx.vars.get(sym.id)!;
        if (v.kind === 'global') this.host.useGlobal(v.id);
        // A variable-length array is the pointer to its first element: a value, as its decay would be.
        if (sym.vla) return this.value({ kind: 'var', id: v.id, type: v.type });
        return { kind: 'place', place: varPlace(v.id, v.type) };
      }
      case 'enum':
        return this.value({ kind: 'const', value: sym.value, type: sym.type });
      case 'func':
        this.host.callee(name, sym.type, this.R(node));
        return this.value({ kind: 'func', name, type: sym.type });
      case 'typedef':
        this.ctx.report('error', node, `unexpected type name '${name}'`);
        return this.value({ kind: 'const', value: 0n, type: INT });
    }
  }

  /** `(T)` where T is a typedef name: tree-sitter cannot tell `(T)*p` from a multiplication. */
  typedefInParens(node: SyntaxNode | null): CType | null {
    if (!node || node.type !== 'parenthesized_expression') return null;
    const inner = node.namedChildren[0];
    if (!inner || node.namedChildren.length !== 1 || inner.type !== 'identifier') return null;
    const sym = this.ctx.scopes.lookup(inner.text);
    return sym?.kind === 'typedef' ? sym.type : null;
  }

  private binaryExpression(node: SyntaxNode): Operand {
    const op = node.childForFieldName('operator')!.type;
    const left = node.childForFieldName('left')!;
    const right = node.childForFieldName('right')!;
    const castType = this.typedefInParens(left);
    if (castType && ['*', '-', '+', '&'].includes(op)) {
      // `(T)*p`, `(T)-x`, `(T)+x`, `(T)&x`: a cast of a unary expression.
      const v =
        op === '*'
          ? this.toRvalue(this.derefOf(this.rvalue(right), right), right)
          : op === '&'
            ? this.addressOf(right)
            : op === '-'
              ? this.negate(this.rvalue(right), node)
              : this.promoteOp(this.rvalue(right), node);
      return this.convert(v, castType, node);
    }
    if (op === '&&' || op === '||') return this.logicalValue(node);
    const innerCast = left.type === 'binary_expression' ? this.typedefInParens(left.childForFieldName('right')) : null;
    if (innerCast && ['*', '-', '+', '&'].includes(op)) {
      // `a + (T)-1` parsed as `(a + (T)) - 1`: really `a + ((T)(-1))`.
      const lop = left.childForFieldName('operator')!.type as BinaryOp;
      const a = this.rvalue(left.childForFieldName('left')!);
      const v =
        op === '*'
          ? this.toRvalue(this.derefOf(this.rvalue(right), right), right)
          : op === '&'
            ? this.addressOf(right)
            : op === '-'
              ? this.negate(this.rvalue(right), node)
              : this.promoteOp(this.rvalue(right), node);
      return this.binary(lop, a, this.convert(v, innerCast, node), node);
    }
    const a = this.rvalue(left);
    const b = this.rvalue(right);
    return this.binary(op as BinaryOp, a, b, node);
  }

  private negate(v: Operand, node: SyntaxNode): Operand {
    const p = this.promoteOp(v, node);
    return this.emitUnary('-', p, p.type, node);
  }

  private unaryExpression(node: SyntaxNode): Operand {
    const op = node.childForFieldName('operator')!.type;
    const arg = node.childForFieldName('argument')!;
    const v = this.rvalue(arg);
    switch (op) {
      case '-':
        if (!isArithmetic(v.type)) return this.badOperands(op, v, v, node);
        return this.negate(v, node);
      case '+':
        return this.promoteOp(v, node);
      case '~': {
        if (!isInteger(v.type)) return this.badOperands(op, v, v, node);
        const p = this.promoteOp(v, node);
        return this.emitUnary('~', p, p.type, node);
      }
      case '!': {
        const zero = v.type.kind === 'int' ? zeroOf(promote(v.type)) : zeroOf(decayType(v.type));
        return this.binary('==', v.type.kind === 'int' ? this.promoteOp(v, node) : v, zero, node);
      }
      default:
        return this.havoc(INT, `unary operator ${op}`, node);
    }
  }

  private pointerExpression(node: SyntaxNode): LValueOrValue {
    const op = node.childForFieldName('operator')!.type;
    const arg = node.childForFieldName('argument')!;
    if (op === '&') return this.value(this.addressOf(arg));
    return this.derefOf(this.rvalue(arg), node);
  }

  addressOf(arg: SyntaxNode): Operand {
    // `&p[i]` is `p + i`: a pointer formed, not an element accessed (indexInto).
    let inner = arg;
    while (inner.type === 'parenthesized_expression' && inner.namedChildCount === 1) inner = inner.namedChild(0)!;
    const vla = this.vlaNamed(inner);
    if (vla) return this.havoc(pointerTo({ kind: 'array', of: vla.of, length: null }), 'address of a variable-length array', arg);
    const outer = this.addressed;
    this.addressed = inner.type === 'subscript_expression' ? inner : null;
    let r: LValueOrValue;
    try {
      r = this.expr(arg);
    } finally {
      this.addressed = outer;
    }
    if (r.kind === 'value') {
      if (r.op.kind === 'func') return { ...r.op, type: pointerTo(r.op.type) };
      this.ctx.report('error', arg, 'cannot take the address of an rvalue');
      return r.op;
    }
    const p = r.place;
    if (p.root.kind === 'deref' && p.path.length === 0) return retype(p.root.ptr, pointerTo(p.type));
    this.markAddressTaken(p);
    return { kind: 'addr', place: p, type: pointerTo(p.type) };
  }

  derefOf(ptr: Operand, node: SyntaxNode): LValueOrValue {
    const t = decayType(ptr.type);
    if (t.kind !== 'pointer') {
      this.ctx.report('error', node, `cannot dereference a value of type ${typeToString(ptr.type)}`);
      return this.value({ kind: 'const', value: 0n, type: INT });
    }
    if (t.to.kind === 'function') return this.value(ptr);
    if (ptr.kind === 'addr') return { kind: 'place', place: ptr.place };
    return { kind: 'place', place: { root: { kind: 'deref', ptr }, path: [], type: t.to } };
  }

  /** The subscript expression whose address `&` takes, while its operand is lowered (indexInto). */
  private addressed: SyntaxNode | null = null;

  private subscript(node: SyntaxNode): LValueOrValue {
    let baseNode = node.childForFieldName('argument')!;
    let indexNode = node.childForFieldName('index')!;
    let base = this.expr(baseNode);
    const baseType = base.kind === 'place' ? base.place.type : base.op.type;
    if (isInteger(baseType)) {
      // `i[a]` is `a[i]`.
      const idxValue = this.toRvalue(base, baseNode);
      [baseNode, indexNode] = [indexNode, baseNode];
      base = this.expr(baseNode);
      const idx = this.toIndex(idxValue, node);
      return this.indexInto(base, idx, node, baseNode);
    }
    // The index's conversion has the access's range: an index past PTRDIFF_MAX is that access's error (C11 6.5.6p8).
    const mark = this.b.mark();
    const index = this.rvalue(indexNode);
    this.designateFirst(base, mark, baseNode);
    const idx = this.toIndex(index, node);
    return this.indexInto(base, idx, node, baseNode);
  }

  /**
   * gcc checks the subscripts of the base `a[i]` of `a[i].b[j]` before it evaluates `j`. The access checks
   * them all after `j`: when `j` may branch, call or fail, the base is designated first, where `mark` was
   * taken, so that no goal in `j` is reached in a run gcc stops at `a[i]` (FINDINGS F14).
   */
  private designateFirst(base: LValueOrValue, mark: CodeMark, baseNode: SyntaxNode): void {
    if (base.kind !== 'place' || base.place.root.kind !== 'var' || !base.place.path.some((e) => e.kind === 'index')) return;
    const { instrs, branched } = this.b.since(mark);
    const effect = (i: Instr) => (i.kind === 'assign' && (i.value.op === 'call' || i.value.op === 'icall')) || runtimeErrors(this.ctx, i).length > 0;
    if (!branched && !instrs.some(effect)) return;
    this.b.insertAt(mark, { kind: 'assign', dst: null, value: { op: 'designate', place: base.place }, range: this.R(baseNode) });
  }

  private indexInto(base: LValueOrValue, idx: Operand, node: SyntaxNode, baseNode: SyntaxNode): LValueOrValue {
    if (base.kind === 'place' && base.place.type.kind === 'array') {
      const p = base.place;
      const elem = (p.type as Extract<CType, { kind: 'array' }>).of;
      return { kind: 'place', place: { root: p.root, path: [...p.path, { kind: 'index', index: idx }], type: elem } };
    }
    const ptr = this.toRvalue(base, baseNode);
    if (ptr.type.kind !== 'pointer') {
      this.ctx.report('error', node, `subscripted value is not an array or pointer`);
      return this.value({ kind: 'const', value: 0n, type: INT });
    }
    // An element read or written: its access check covers the pointer's formation (ir.ts ptradd `accessed`).
    const accessed = !(this.addressed && this.addressed.startIndex === node.startIndex && this.addressed.endIndex === node.endIndex);
    return this.derefOf(this.ptrAdd(ptr, idx, node, accessed), node);
  }

  private field(node: SyntaxNode): LValueOrValue {
    const argNode = node.childForFieldName('argument')!;
    const name = node.childForFieldName('field')!.text;
    const arrow = node.childForFieldName('operator')?.type === '->';
    let base: Place;
    if (arrow) {
      const r = this.derefOf(this.rvalue(argNode), node);
      if (r.kind !== 'place') return r;
      base = r.place;
    } else {
      const r = this.expr(argNode);
      if (r.kind === 'place') base = r.place;
      else if (r.op.kind === 'var') base = varPlace(r.op.id, r.op.type);
      else {
        const t = this.assignTemp({ op: 'use', a: r.op }, r.op.type, node);
        base = varPlace((t as { id: number }).id, r.op.type);
      }
    }
    if (base.type.kind !== 'struct') {
      this.ctx.report('error', node, `request for member '${name}' in something not a structure or union`);
      return this.value({ kind: 'const', value: 0n, type: INT });
    }
    const path = findField(base.type, name);
    if (!path) {
      this.ctx.report('error', node, `no member named '${name}' in ${typeToString(base.type)}`);
      return this.value({ kind: 'const', value: 0n, type: INT });
    }
    const last = path[path.length - 1];
    if (last.field.bitWidth !== undefined) {
      this.ctx.unsupported(node, 'bit-field member', this.R(node));
      this.b.emit({ kind: 'unsupported', what: 'bit-field member', range: this.R(node) });
    }
    return {
      kind: 'place',
      place: {
        root: base.root,
        path: [...base.path, ...path.map((f) => ({ kind: 'field' as const, name: f.field.name, index: f.index }))],
        type: last.field.type,
      },
    };
  }

  private typeOperand(node: SyntaxNode): CType | null {
    const tn = node.childForFieldName('type');
    if (tn) return this.host.types.typeDescriptor(tn);
    const vn = node.childForFieldName('value');
    if (!vn) return null;
    const cast = this.typedefInParens(vn);
    if (cast) return cast;
    return this.typeOfUnevaluated(vn);
  }

  /** Type of an expression that is not evaluated (`sizeof e`): lowered into a scratch builder. */
  typeOfUnevaluated(node: SyntaxNode): CType {
    // Kept per node: a chain of nested `?:` asks for the type of each branch at every level (exponential without it).
    let byId = this.unevaluatedTypes.get(node.tree);
    if (!byId) this.unevaluatedTypes.set(node.tree, (byId = new Map()));
    const known = byId.get(node.id);
    if (known) return known;
    const t = this.inScratch(false, () => {
      const r = this.expr(node);
      return r.kind === 'place' ? r.place.type : r.op.type;
    });
    byId.set(node.id, t);
    return t;
  }
  private readonly unevaluatedTypes = new WeakMap<object, Map<number, CType>>();

  /** The variable-length array an expression names (`a`, not `a[0]`), if it is one. */
  private vlaNamed(node: SyntaxNode): { length: number; of: CType } | undefined {
    if (node.type !== 'identifier' || this.contract?.oldByName.has(node.text)) return undefined;
    const sym = this.ctx.scopes.lookup(node.text);
    return sym?.kind === 'var' ? sym.vla : undefined;
  }

  private sizeofExpression(node: SyntaxNode): Operand {
    // `sizeof a` of a variable-length array: evaluated, n * sizeof(T) with the n of its declaration (C11 6.5.3.4p2).
    const value = node.childForFieldName('value');
    const vla = value && this.vlaNamed(strip(value));
    if (vla) {
      const st = sizeType(this.model);
      const length: Operand = { kind: 'var', id: vla.length, type: st };
      return this.assignTemp(
        { op: 'binary', bop: '*', a: length, b: { kind: 'const', value: BigInt(sizeOf(vla.of, this.model)!), type: st }, type: st },
        st,
        node,
      );
    }
    const t = this.typeOperand(node);
    const size = t ? sizeOf(t, this.model) : null;
    if (size === null) return this.havoc(sizeType(this.model), `sizeof of an incomplete or variable-length type`, node);
    return { kind: 'const', value: BigInt(size), type: sizeType(this.model) };
  }

  private offsetof(node: SyntaxNode): Operand {
    const tn = node.childForFieldName('type');
    const member = node.childForFieldName('member');
    const t = tn ? this.host.types.typeDescriptor(tn) : null;
    if (!t || t.kind !== 'struct' || !member) return this.havoc(sizeType(this.model), 'offsetof', node);
    const path = findField(t, member.text);
    if (!path) return this.havoc(sizeType(this.model), 'offsetof', node);
    const off = path.reduce((s, f) => s + f.field.offset, 0);
    return { kind: 'const', value: BigInt(off), type: sizeType(this.model) };
  }

  // ---------------------------------------------------------------- side effects

  /** `x++`, `--x`, ...: a load, an add, a store; the value is the old one (postfix) or the new one. */
  private update(node: SyntaxNode, valueUnused = false): Operand {
    const arg = node.childForFieldName('argument')!;
    const opNode = node.childForFieldName('operator')!;
    const prefix = valueUnused || opNode.startIndex < arg.startIndex;
    const delta: BinaryOp = opNode.type === '++' ? '+' : '-';
    const p = this.place(arg);
    let old = this.toRvalue({ kind: 'place', place: p }, arg);
    if (!prefix && old.kind === 'var') old = this.assignTemp({ op: 'use', a: old }, old.type, node);
    const one: Operand = p.type.kind === 'float' ? { kind: 'fconst', value: 1, type: p.type } : { kind: 'const', value: 1n, type: INT };
    const isBool = p.type.kind === 'int' && p.type.bits === 1;
    // _Bool: `b++` sets it to 1; `b--` (b - 1 converted back to _Bool) toggles it.
    const next = !isBool
      ? this.binary(delta, old, one, node)
      : delta === '+'
        ? { kind: 'const' as const, value: 1n, type: p.type }
        : this.binary('==', old, { kind: 'const', value: 0n, type: INT }, node);
    const stored = this.store(p, next, node);
    return prefix ? stored : old;
  }

  /**
   * `left = right` and `left op= right`. C leaves the order of the two operands
   * unspecified; gcc evaluates the right operand first, then the place of the
   * left one (and reads it for `op=`): the same order here, so a datum's
   * undefined behaviours come in the order the compiled test meets them.
   */
  private assignment(node: SyntaxNode): Operand {
    const opText = node.childForFieldName('operator')!.type;
    const left = node.childForFieldName('left')!;
    const right = node.childForFieldName('right')!;
    if (opText === '=') {
      // A struct is copied from its place; any other value is computed (and read) before the left place.
      const r = this.expr(right);
      const isStructPlace = r.kind === 'place' && r.place.type.kind === 'struct';
      const v = isStructPlace ? null : this.toRvalue(r, right);
      const p = this.place(left);
      if (p.type.kind === 'struct' && r.kind === 'place') {
        this.b.emit({ kind: 'assign', dst: p, value: { op: 'load', place: r.place }, range: this.R(node) });
        return { kind: 'const', value: 0n, type: VOID };
      }
      return this.store(p, v ?? this.toRvalue(r, right), node);
    }
    const op = opText.slice(0, -1) as BinaryOp;
    const v = this.rvalue(right);
    const p = this.place(left);
    const old = this.toRvalue({ kind: 'place', place: p }, left);
    const result = this.binary(op, old, v, node);
    return this.store(p, result, node);
  }

  // ---------------------------------------------------------------- control flow in expressions

  /** `a && b` / `a || b` as a value: branches on each condition, 1 or 0 into a temp. */
  private logicalValue(node: SyntaxNode): Operand {
    if (this.constMode) {
      const folded = this.foldLogical(node);
      if (folded) return folded;
    }
    const result = this.newTemp(INT);
    const tBlock = this.b.newBlock();
    const fBlock = this.b.newBlock();
    const join = this.b.newBlock();
    this.conditionJump(node, tBlock, fBlock, null);
    this.b.setBlock(tBlock);
    this.b.emit({ kind: 'assign', dst: varPlace(result.id, INT), value: { op: 'use', a: { kind: 'const', value: 1n, type: INT } }, range: this.R(node) });
    this.b.jump(join);
    this.b.setBlock(fBlock);
    this.b.emit({ kind: 'assign', dst: varPlace(result.id, INT), value: { op: 'use', a: { kind: 'const', value: 0n, type: INT } }, range: this.R(node) });
    this.b.jump(join);
    this.b.setBlock(join);
    return { kind: 'var', id: result.id, type: INT };
  }

  private foldLogical(node: SyntaxNode): Operand | null {
    const op = node.childForFieldName('operator')!.type;
    const a = this.truth(node.childForFieldName('left')!);
    if (a.kind !== 'const') return null;
    const aTrue = a.value !== 0n;
    if (op === '&&' && !aTrue) return { kind: 'const', value: 0n, type: INT };
    if (op === '||' && aTrue) return { kind: 'const', value: 1n, type: INT };
    const b = this.truth(node.childForFieldName('right')!);
    if (b.kind !== 'const') return null;
    return { kind: 'const', value: b.value !== 0n ? 1n : 0n, type: INT };
  }

  /**
   * Jumping code for a condition: every `&&`/`||` operand is its own condition Decision with a
   * two-way branch (`parent` set when the whole condition is a decision of its own). Returns the
   * edges into `t` and into `f`.
   */
  conditionJump(node: SyntaxNode, t: number, f: number, parent: Decision | null): { toTrue: Edge[]; toFalse: Edge[] } {
    const leafEdges: Edge[] = [];
    this.jumpRec(node, t, f, parent, leafEdges);
    return { toTrue: leafEdges.filter((e) => e.to === t), toFalse: leafEdges.filter((e) => e.to === f) };
  }

  private jumpRec(node: SyntaxNode, t: number, f: number, parent: Decision | null, edges: Edge[]): void {
    const n = strip(node);
    if (n.type === 'binary_expression') {
      const op = n.childForFieldName('operator')!.type;
      if (op === '&&' || op === '||') {
        const mid = this.b.newBlock();
        if (op === '&&') this.jumpRec(n.childForFieldName('left')!, mid, f, parent, edges);
        else this.jumpRec(n.childForFieldName('left')!, t, mid, parent, edges);
        this.b.setBlock(mid);
        this.jumpRec(n.childForFieldName('right')!, t, f, parent, edges);
        return;
      }
    }
    if (n.type === 'unary_expression' && n.childForFieldName('operator')!.type === '!' && isLogical(n.childForFieldName('argument')!)) {
      this.jumpRec(n.childForFieldName('argument')!, f, t, parent, edges);
      return;
    }
    const cond = this.truth(n);
    const text = this.ctx.text(n);
    const range = this.R(n);
    const d = this.b.addDecision({
      scope: this.ctx.scopes.head,
      kind: 'condition',
      line: range.line,
      tag: 'cond',
      parent: parent?.id,
      synthetic: this.synthetic || undefined,
      text,
      range,
      outcomes: [],
    });
    const { from } = this.b.branch(cond, t, f, d.id, text, range);
    d.outcomes.push({ outcome: 'true', edges: [{ from, to: t }] }, { outcome: 'false', edges: [{ from, to: f }] });
    edges.push({ from, to: t }, { from, to: f });
  }

  /**
   * A decision (if, loops, ternary): one Decision of `kind`; a simple condition branches on it
   * directly, a `&&`/`||` condition gets one `condition` Decision per operand under it.
   */
  decision(kind: Decision['kind'], condNode: SyntaxNode, t: number, f: number, rangeNode: SyntaxNode = condNode): Decision {
    const text = this.ctx.text(strip(condNode));
    const range = this.R(rangeNode);
    const condition = this.R(strip(condNode));
    const tag = kind;
    if (!isLogical(condNode)) {
      const cond = this.truth(condNode);
      const d = this.b.addDecision({
        scope: this.ctx.scopes.head,
        kind,
        line: range.line,
        tag,
        synthetic: this.synthetic || undefined,
        text,
        range,
        condition,
        outcomes: [],
      });
      const { from } = this.b.branch(cond, t, f, d.id, text, this.R(strip(condNode)));
      d.outcomes.push({ outcome: 'true', edges: [{ from, to: t }] }, { outcome: 'false', edges: [{ from, to: f }] });
      return d;
    }
    const d = this.b.addDecision({
      scope: this.ctx.scopes.head,
      kind,
      line: range.line,
      tag,
      synthetic: this.synthetic || undefined,
      text,
      range,
      condition,
      outcomes: [],
    });
    const edges = this.conditionJump(condNode, t, f, d);
    d.outcomes.push({ outcome: 'true', edges: edges.toTrue }, { outcome: 'false', edges: edges.toFalse });
    return d;
  }

  private conditional(node: SyntaxNode): Operand {
    const condNode = node.childForFieldName('condition')!;
    const thenNode = node.childForFieldName('consequence');
    const elseNode = node.childForFieldName('alternative')!;
    if (!thenNode) return this.havoc(INT, "GNU '?:' with omitted operand", node);
    if (this.constMode) {
      const c = this.truth(condNode);
      if (c.kind === 'const') return this.rvalue(c.value !== 0n ? thenNode : elseNode);
    }
    const resultType = this.conditionalType(thenNode, elseNode);
    const result = resultType.kind === 'void' ? null : this.newTemp(resultType);
    const tBlock = this.b.newBlock();
    const fBlock = this.b.newBlock();
    const join = this.b.newBlock();
    this.decision('ternary', condNode, tBlock, fBlock, node);
    for (const [block, arm] of [
      [tBlock, thenNode],
      [fBlock, elseNode],
    ] as const) {
      this.b.setBlock(block);
      if (result) {
        const v = this.rvalue(arm);
        this.store(varPlace(result.id, resultType), v, arm);
      } else this.effect(arm);
      this.b.jump(join);
    }
    this.b.setBlock(join);
    return result ? { kind: 'var', id: result.id, type: resultType } : { kind: 'const', value: 0n, type: VOID };
  }

  /** Type of `c ? a : b` (C11 6.5.15), from the arms' types. */
  protected conditionalType(a: SyntaxNode, b: SyntaxNode): CType {
    const ta = decayType(this.typeOfUnevaluated(a));
    const tb = decayType(this.typeOfUnevaluated(b));
    if (isArithmetic(ta) && isArithmetic(tb)) return usualArithmetic(ta, tb, this.model);
    if (ta.kind === 'void' || tb.kind === 'void') return VOID;
    if (ta.kind === 'pointer' && tb.kind === 'pointer') return ta.to.kind === 'void' ? tb : ta;
    if (ta.kind === 'pointer') return ta;
    if (tb.kind === 'pointer') return tb;
    return ta;
  }

  // ---------------------------------------------------------------- calls

  protected call(node: SyntaxNode): Operand {
    const fnNode = node.childForFieldName('function')!;
    const argsNode = node.childForFieldName('arguments')!;
    const argNodes = argsNode.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== 'comment');
    const castType = this.typedefInParens(fnNode);
    if (castType && argNodes.length === 1) return this.convert(this.rvalue(argNodes[0]), castType, node);
    const old = this.contract && fnNode.text === OLD_PLACEHOLDER ? this.contract.oldByNode.get(node.id) : undefined;
    if (old) return old;
    const special = this.specialCall(node, fnNode, argNodes);
    if (special) return special;
    if (fnNode.type === 'identifier') {
      const sym = this.ctx.scopes.lookup(fnNode.text);
      if (!sym) {
        // Implicit declaration (C89): int f(). Compiler builtins need no declaration; as external
        // functions their results are unconstrained inputs (an over-approximation).
        if (!fnNode.text.startsWith('__builtin_')) this.ctx.report('warning', fnNode, `implicit declaration of function '${fnNode.text}'`);
        const type: FunctionType = { kind: 'function', ret: INT, params: [], variadic: false, prototyped: false };
        this.ctx.scopes.defineGlobal(fnNode.text, { kind: 'func', name: fnNode.text, type });
      }
      const s = this.ctx.scopes.lookup(fnNode.text);
      if (s?.kind === 'func') {
        const args = this.arguments(s.type, argNodes, node);
        const { external } = this.host.callee(s.name, s.type, this.R(node));
        return this.emitCall({ op: 'call', callee: s.name, args, external, type: s.type.ret }, s.type.ret, node);
      }
    }
    const fn = this.rvalue(fnNode);
    const ft = fn.type.kind === 'pointer' && fn.type.to.kind === 'function' ? fn.type.to : fn.type.kind === 'function' ? fn.type : null;
    if (!ft) {
      this.ctx.report('error', fnNode, 'called object is not a function');
      return { kind: 'const', value: 0n, type: INT };
    }
    const args = this.arguments(ft, argNodes, node);
    if (fn.kind === 'func') {
      const { external } = this.host.callee(fn.name, ft, this.R(node));
      return this.emitCall({ op: 'call', callee: fn.name, args, external, type: ft.ret }, ft.ret, node);
    }
    return this.emitCall({ op: 'icall', fn, args, type: ft.ret }, ft.ret, node);
  }

  /** Evaluates an integer constant expression in constant mode; null if it is not one. */
  constInteger(node: SyntaxNode): bigint | null {
    const v = this.constOperand(node);
    if (v && v.kind === 'const' && v.type.kind === 'int') return v.value;
    return null;
  }

  /** A constant operand for an expression (address constants included, converted to `to`), or null. */
  constOperand(node: SyntaxNode, to?: CType): Operand | null {
    return this.inScratch(true, (emitted) => {
      let v = this.rvalue(node);
      if (to) v = this.convert(v, to, node);
      return emitted() || !this.isConstant(v) ? null : v;
    });
  }

  /** An operand known before the program runs: a number, a string, a function, or the address of static storage. */
  private isConstant(v: Operand): boolean {
    if (v.kind === 'var') return false;
    if (v.kind !== 'addr') return true;
    const root = v.place.root;
    if (root.kind !== 'var' || this.variable(root.id)?.kind !== 'global') return false;
    return v.place.path.every((e) => e.kind === 'field' || e.index.kind === 'const');
  }

  /** `_Static_assert(e, "message")`: checked now, no code. */
  staticAssert(node: SyntaxNode, args: SyntaxNode[]): void {
    const v = args[0] ? this.constInteger(args[0]) : null;
    if (v === null) this.ctx.report('error', node, 'static assertion expression is not an integer constant');
    else if (v === 0n) this.ctx.report('error', node, `static assertion failed${args[1] ? `: ${args[1].text}` : ''}`);
  }

  emitCall(call: Rvalue, ret: CType, node: SyntaxNode): Operand {
    if (ret.kind === 'void') {
      this.b.emit({ kind: 'assign', dst: null, value: call, range: this.R(node) });
      return { kind: 'const', value: 0n, type: VOID };
    }
    return this.assignTemp(call, ret, node);
  }

  /** Arguments evaluated left to right and converted to the parameter types (default promotions otherwise). */
  arguments(ft: FunctionType, argNodes: SyntaxNode[], node: SyntaxNode): Operand[] {
    const out: Operand[] = [];
    argNodes.forEach((a, i) => {
      const v = this.rvalue(a);
      if (ft.prototyped && i < ft.params.length) out.push(this.convert(v, ft.params[i], a));
      else out.push(this.defaultPromotion(v, a));
    });
    if (ft.prototyped && argNodes.length < ft.params.length) this.ctx.report('error', node, 'too few arguments in call');
    return out;
  }

  private defaultPromotion(v: Operand, node: SyntaxNode): Operand {
    if (v.type.kind === 'float' && v.type.bits === 32) return this.convert(v, DOUBLE, node);
    if (v.type.kind === 'int') return this.promoteOp(v, node);
    return v;
  }

  /** Calls with a meaning of their own (verifier functions, assert, exit); null for ordinary calls. */
  protected specialCall(node: SyntaxNode, fnNode: SyntaxNode, args: SyntaxNode[]): Operand | null {
    if (fnNode.type !== 'identifier') return null;
    const name = fnNode.text;
    const sym = this.ctx.scopes.lookup(name);
    const hasBody = this.host.hasBody(name);
    if (name.startsWith('__VERIFIER_nondet_') && !hasBody) {
      const suffix = name.slice('__VERIFIER_nondet_'.length);
      let type: CType | null = sym?.kind === 'func' ? sym.type.ret : null;
      if (!type || type.kind === 'void') type = nondetType(suffix, this.host.types);
      if (!type) return this.havoc(INT, `unknown nondet function ${name}`, node);
      return this.assignTemp({ op: 'nondet', type, name }, type, node);
    }
    if ((name === '_Static_assert' || name === 'static_assert') && !hasBody) {
      this.staticAssert(node, args);
      return { kind: 'const', value: 0n, type: VOID };
    }
    if (name === '__builtin_expect' && args.length === 2) {
      const v = this.rvalue(args[0]);
      this.effect(args[1]);
      return v;
    }
    return null;
  }
}

type Edge = { from: number; to: number };

export class NestingError extends Error {
  constructor(readonly node: SyntaxNode) {
    super('expression nested too deeply');
  }
}

export function strip(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren.length === 1 && n.namedChildren[0]!.type !== 'compound_statement') n = n.namedChildren[0]!;
  return n;
}

/** Is the (parenthesis-stripped) node an `&&`/`||` expression or `!` of one? */
export function isLogical(node: SyntaxNode): boolean {
  const n = strip(node);
  if (n.type === 'binary_expression') {
    const op = n.childForFieldName('operator')!.type;
    return op === '&&' || op === '||';
  }
  if (n.type === 'unary_expression' && n.childForFieldName('operator')!.type === '!') return isLogical(n.childForFieldName('argument')!);
  return false;
}

/** Path to a member, through anonymous struct/union members. */
export function findField(s: StructType, name: string): { field: StructType['fields'][number]; index: number }[] | null {
  for (let i = 0; i < s.fields.length; i++) {
    const f = s.fields[i];
    if (f.name === name) return [{ field: f, index: i }];
    if (f.name === '' && f.type.kind === 'struct') {
      const inner = findField(f.type, name);
      if (inner) return [{ field: f, index: i }, ...inner];
    }
  }
  return null;
}

function nondetType(suffix: string, types: TypeResolver): CType | null {
  const spelled = NONDET_TYPES[suffix];
  if (!spelled) return null;
  const base = spelled.replace(/\s*\*$/, '');
  const t = builtinTypeByName(base, types);
  if (!t) return null;
  return spelled.endsWith('*') ? pointerTo(t) : t;
}

function builtinTypeByName(spelling: string, types: TypeResolver): CType | null {
  switch (spelling) {
    case 'void':
      return VOID;
    case '_Bool':
      return BOOL;
    default:
      return types.parseTypeName(spelling);
  }
}
