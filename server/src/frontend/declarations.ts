// Resolves declaration specifiers and declarators to CTypes: typedefs,
// struct/union/enum tags (with layout and enum constant values), pointers,
// arrays and function types. Array sizes and enum values are constant
// expressions, evaluated by the callback the lowering provides.

import type { CType, FunctionType, IntType, StructType } from '../ir/types';
import { INT, UINT, LLONG, ULLONG, FLOAT, DOUBLE, CHAR, SCHAR, UCHAR, SHORT, USHORT, BOOL, VOID, longType, typeToString } from '../ir/types';
import type { SyntaxNode } from './parser';
import type { FrontendContext } from './context';
import { UNNAMED_BITFIELD } from './rewrite';
import { decayType, enumType, intOfRank, layoutStruct, pointerTo, sizeOf, sizeType, ptrdiffType, type LayoutField } from './ctypes';

export interface Specifiers {
  type: CType;
  isConst: boolean;
  storage: 'static' | 'extern' | 'typedef' | 'auto' | 'register' | null;
  isInline: boolean;
}

export interface Declared {
  name: string | null;
  nameNode: SyntaxNode | null;
  type: CType;
  /** The declared object itself is const (`const int x`, `int *const p`). */
  isConst: boolean;
  /** The function declarator, when the declared entity is a function (for parameter names). */
  functionDeclarator: SyntaxNode | null;
  /** The type has an array of variable length in it (reported unless `quiet`). */
  vla: boolean;
  /**
   * With `vla`: the size of the only variable-length layer, the outermost (`T a[n]`, `T a[n][4]`), of
   * elements of a known size. The caller models it (not counted in `vla`, not reported).
   */
  vlaSize?: SyntaxNode;
}

export interface DeclaratorOptions {
  /** A parameter: an array of variable length at the top is adjusted to a pointer and does not count. */
  parameter?: boolean;
  /** No warning (a prototype: the definition's lowering reports its parameters). */
  quiet?: boolean;
  /** A block-scope object: an array of variable length at the top only is the caller's to model (`vlaSize`). */
  object?: boolean;
  /** The value of an array size that is no constant expression but that the caller knows (a local that holds one). */
  knownSize?: (node: SyntaxNode) => bigint | null;
}

/** Evaluates an integer constant expression; null when it is not one (the callback reports why). */
export type ConstEval = (node: SyntaxNode) => bigint | null;

let anonCounter = 0;

/** Types of the builtin names tree-sitter-c lexes as primitive types when no typedef is in scope. */
function builtinPrimitive(name: string, ctx: FrontendContext): CType | null {
  const m = ctx.model;
  switch (name) {
    case 'void':
      return VOID;
    case 'char':
      return CHAR;
    case 'int':
      return INT;
    case 'float':
      return FLOAT;
    case 'double':
      return DOUBLE;
    case '_Bool':
    case 'bool':
      return BOOL;
    case 'size_t':
    case 'uintptr_t':
      return sizeType(m);
    case 'ssize_t':
    case 'ptrdiff_t':
    case 'intptr_t':
      return ptrdiffType(m);
    case 'int8_t':
      return SCHAR;
    case 'uint8_t':
      return UCHAR;
    case 'int16_t':
      return SHORT;
    case 'uint16_t':
      return USHORT;
    case 'int32_t':
      return INT;
    case 'uint32_t':
      return UINT;
    case 'int64_t':
      return m === 'LP64' ? longType(m, true) : LLONG;
    case 'uint64_t':
      return m === 'LP64' ? longType(m, false) : ULLONG;
    case 'char16_t':
      return USHORT;
    case 'char32_t':
      return UINT;
    case 'wchar_t':
      return INT;
    default:
      return null;
  }
}

export class TypeResolver {
  constructor(
    private readonly ctx: FrontendContext,
    private readonly evalConst: ConstEval,
  ) {}

  /** Specifiers of a declaration-like node (declaration, field_declaration, parameter_declaration, function_definition, type_descriptor). */
  specifiers(node: SyntaxNode): Specifiers {
    let isConst = false;
    let storage: Specifiers['storage'] = null;
    let isInline = false;
    for (const c of node.children) {
      if (!c) continue;
      if (c.type === 'type_qualifier' && c.text === 'const') isConst = true;
      if (c.type === 'storage_class_specifier') {
        const t = c.text;
        if (t === 'inline' || t === '__inline' || t === '__inline__') isInline = true;
        else if (t === 'static' || t === 'extern' || t === 'auto' || t === 'register') storage = t;
      }
    }
    if (node.type === 'type_definition') storage = 'typedef';
    const typeNode = node.childForFieldName('type');
    const type = typeNode ? this.baseType(typeNode) : INT;
    return { type, isConst, storage, isInline };
  }

  baseType(node: SyntaxNode): CType {
    switch (node.type) {
      case 'primitive_type': {
        const name = node.text;
        const sym = this.ctx.scopes.lookup(name);
        if (sym?.kind === 'typedef') return sym.type;
        const t = builtinPrimitive(name, this.ctx);
        if (t) return t;
        return this.opaque(node, name);
      }
      case 'sized_type_specifier':
        return this.sizedType(node);
      case 'type_identifier': {
        const sym = this.ctx.scopes.lookup(node.text);
        if (sym?.kind === 'typedef') return sym.type;
        const t = builtinPrimitive(node.text, this.ctx);
        if (t) return t;
        return this.opaque(node, node.text);
      }
      case 'struct_specifier':
      case 'union_specifier':
        return this.structType(node);
      case 'enum_specifier':
        return this.enumSpecifier(node);
      case 'macro_type_specifier':
        if (/^(__)?typeof(__)?$/.test(node.childForFieldName('name')?.text ?? '')) return this.typeofType(node);
        this.ctx.unsupported(node, `type specifier '${node.text.slice(0, 40)}'`);
        return INT;
      default:
        this.ctx.unsupported(node, `type specifier '${node.text.slice(0, 40)}'`);
        return INT;
    }
  }

  /**
   * GNU `typeof(T)` and `typeof(x)` (tree-sitter reads both as a type name). Other operand
   * expressions do not parse as a type: they are syntax errors.
   */
  private typeofType(node: SyntaxNode): CType {
    const desc = node.childForFieldName('type');
    if (!desc) return INT;
    const inner = desc.childForFieldName('type');
    const sym = inner?.type === 'type_identifier' && !desc.childForFieldName('declarator') ? this.ctx.scopes.lookup(inner.text) : undefined;
    if (sym?.kind === 'var') return this.ctx.vars.get(sym.id)!.type;
    if (sym?.kind === 'enum') return sym.type;
    if (sym?.kind === 'func') return sym.type;
    return this.typeDescriptor(desc);
  }

  /** A type the front end does not know (compiler builtins such as `__builtin_va_list`, `__int128`). */
  private opaque(node: SyntaxNode, name: string, warn = true): CType {
    if (warn && this.ctx.isUser(node)) this.ctx.unsupported(node, `type '${name}'`);
    return { kind: 'struct', tag: name, union: false, fields: [], size: 0, align: 1, complete: false };
  }

  private sizedType(node: SyntaxNode): CType {
    let signed: boolean | null = null;
    let longs = 0;
    let short = false;
    let base: string | null = null;
    for (const c of node.children) {
      if (!c) continue;
      switch (c.text) {
        case 'signed':
        case '__signed':
        case '__signed__':
          signed = true;
          break;
        case 'unsigned':
          signed = false;
          break;
        case 'long':
          longs++;
          break;
        case 'short':
          short = true;
          break;
        default:
          if (c.type === 'primitive_type' || c.type === 'type_identifier') base = c.text;
      }
    }
    if (base === 'double') {
      if (longs > 0) {
        if (this.ctx.isUser(node)) this.ctx.unsupported(node, 'long double');
        return { kind: 'float', bits: 64, name: 'long double' };
      }
      return DOUBLE;
    }
    if (base === 'char') return signed === null ? CHAR : signed ? SCHAR : UCHAR;
    if (base === '__int128' || base === '_Float128') return this.opaque(node, base);
    const s = signed ?? true;
    if (short) return s ? SHORT : USHORT;
    if (longs === 1) return longType(this.ctx.model, s);
    if (longs >= 2) return s ? LLONG : ULLONG;
    return s ? INT : UINT;
  }

  private structType(node: SyntaxNode): CType {
    const union = node.type === 'union_specifier';
    const nameNode = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    const tag = nameNode?.text ?? `<anonymous ${union ? 'union' : 'struct'} ${++anonCounter}>`;
    let s: StructType | undefined;
    if (nameNode) {
      const existing = body ? this.ctx.scopes.lookupTagHere(tag) : this.ctx.scopes.lookupTag(tag);
      if (existing && existing.kind === 'struct' && existing.union === union && !(body && existing.complete)) s = existing;
    }
    if (!s) {
      s = { kind: 'struct', tag, union, fields: [], size: 0, align: 1, complete: false };
      if (nameNode) this.ctx.scopes.defineTag(tag, s);
    }
    if (body) {
      const fields: LayoutField[] = [];
      for (const fd of body.namedChildren) {
        if (!fd || fd.type !== 'field_declaration') continue;
        const spec = this.specifiers(fd);
        const declarators = fd.childrenForFieldName('declarator').filter((d): d is SyntaxNode => !!d);
        const bitClause = fd.children.find((c) => c?.type === 'bitfield_clause');
        let bitWidth: number | undefined;
        if (bitClause) {
          const e = bitClause.namedChildren[0];
          const v = e ? this.evalConst(e) : null;
          bitWidth = v === null ? undefined : Number(v);
        }
        if (declarators.length === 0) {
          // Anonymous struct/union member (C11), or an unnamed bit-field (padding).
          if (bitClause) fields.push({ name: '', type: spec.type, bitWidth: bitWidth ?? 0 });
          else if (spec.type.kind === 'struct') fields.push({ name: '', type: spec.type });
          continue;
        }
        const fieldAttrs = this.layoutAttributes(fd);
        for (const d of declarators) {
          const decl = this.declarator(spec.type, d, spec.isConst);
          const unnamed = !decl.name || decl.name.startsWith(UNNAMED_BITFIELD);
          fields.push({ name: unnamed ? '' : decl.name!, type: decl.type, bitWidth: unnamed ? (bitWidth ?? 0) : bitWidth, ...fieldAttrs });
        }
      }
      layoutStruct(s, fields, this.ctx.model, this.layoutAttributes(node));
    }
    return s;
  }

  /** GNU `__attribute__((packed))` and `__attribute__((aligned(N)))` on a struct or a member. */
  private layoutAttributes(node: SyntaxNode): { packed?: boolean; aligned?: number } {
    const out: { packed?: boolean; aligned?: number } = {};
    for (const a of node.children) {
      if (a?.type !== 'attribute_specifier') continue;
      for (const arg of a.namedChildren[0]?.namedChildren ?? []) {
        if (!arg) continue;
        const name = (arg.type === 'call_expression' ? arg.childForFieldName('function')?.text : arg.text)?.replace(/^__(.*)__$/, '$1');
        if (name === 'packed') out.packed = true;
        else if (name === 'aligned') {
          const n = arg.type === 'call_expression' ? arg.childForFieldName('arguments')?.namedChildren[0] : null;
          const v = n ? this.evalConst(n) : null;
          out.aligned = v === null ? 16 : Number(v); // `aligned` alone: the target's largest alignment
        }
      }
    }
    return out;
  }

  private enumSpecifier(node: SyntaxNode): CType {
    const nameNode = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    if (!body) {
      const t = nameNode ? this.ctx.scopes.lookupTag(nameNode.text) : undefined;
      return t ?? UINT;
    }
    const values: bigint[] = [];
    let next = 0n;
    const consts: { name: string; value: bigint }[] = [];
    for (const e of body.namedChildren) {
      if (!e || e.type !== 'enumerator') continue;
      const name = e.childForFieldName('name')?.text ?? '';
      const valueNode = e.childForFieldName('value');
      if (valueNode) {
        const v = this.evalConst(valueNode);
        if (v !== null) next = v;
      }
      values.push(next);
      consts.push({ name, value: next });
      // Enumeration constants are ints (gcc widens those that do not fit).
      this.ctx.scopes.define(name, { kind: 'enum', value: next, type: next >= -(1n << 31n) && next < 1n << 31n ? INT : enumType([next], this.ctx.model) });
      next += 1n;
    }
    const t: IntType = { ...enumType(values, this.ctx.model) };
    if (nameNode) this.ctx.scopes.defineTag(nameNode.text, t);
    return t;
  }

  /** Applies a declarator (possibly abstract or absent) to a base type. */
  declarator(base: CType, node: SyntaxNode | null, baseConst = false, options: DeclaratorOptions = {}): Declared {
    let type = base;
    let isConst = baseConst;
    let n: SyntaxNode | null = node;
    let fnDecl: SyntaxNode | null = null;
    // Sizes of variable length, and the one of the outermost type layer (the last one applied).
    const vlas: SyntaxNode[] = [];
    let topVla: SyntaxNode | null = null;
    const done = (nameNode: SyntaxNode | null): Declared => {
      // `T a[n]` with T of a known size: an object of n elements (frontend/functions.ts `vlaDeclaration`).
      const vlaSize =
        options.object && vlas.length === 1 && vlas[0] === topVla && type.kind === 'array' && sizeOf(type.of, this.ctx.model) ? topVla : undefined;
      if (vlaSize) return { name: nameNode?.text ?? null, nameNode, type, isConst, functionDeclarator: fnDecl, vla: false, vlaSize };
      const counted = vlas.filter((v) => !(options.parameter && v === topVla));
      if (!options.quiet) for (const v of counted) this.ctx.unsupported(v, 'variable-length array');
      return { name: nameNode?.text ?? null, nameNode, type, isConst, functionDeclarator: fnDecl, vla: counted.length > 0 };
    };
    // Walk from the outside in: each layer wraps the type built so far.
    while (n) {
      switch (n.type) {
        case 'identifier':
        case 'field_identifier':
        case 'type_identifier':
        case 'primitive_type':
          return done(n);
        case 'init_declarator':
        case 'attributed_declarator':
        case 'parenthesized_declarator':
        case 'abstract_parenthesized_declarator':
          n = n.childForFieldName('declarator') ?? n.namedChildren.find((c) => c && !c.type.includes('attribute')) ?? null;
          break;
        case 'pointer_declarator':
        case 'abstract_pointer_declarator':
          type = pointerTo(type);
          topVla = null;
          isConst = n.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
          n = n.childForFieldName('declarator');
          break;
        case 'array_declarator':
        case 'abstract_array_declarator': {
          const sizeNode = n.childForFieldName('size');
          let length: number | null = null;
          topVla = null;
          if (sizeNode) {
            // `[*]` and sizes that name a parameter of the prototype are variable.
            const v = sizeNode.type === '*' || this.mentionsParameter(sizeNode) ? null : (this.evalConst(sizeNode) ?? options.knownSize?.(sizeNode) ?? null);
            if (v === null) {
              vlas.push(sizeNode);
              topVla = sizeNode;
            } else length = Number(v);
          }
          type = { kind: 'array', of: type, length };
          n = n.childForFieldName('declarator');
          break;
        }
        case 'function_declarator':
        case 'abstract_function_declarator': {
          type = this.functionType(type, n.childForFieldName('parameters'));
          topVla = null;
          if (!fnDecl) fnDecl = n;
          isConst = false;
          n = n.childForFieldName('declarator');
          break;
        }
        default:
          this.ctx.unsupported(n, `declarator '${n.text.slice(0, 40)}'`);
          return done(null);
      }
    }
    return done(null);
  }

  /** Names of the parameters declared so far in the prototypes being read (innermost last). */
  private prototypeNames: Set<string>[] = [];

  private mentionsParameter(node: SyntaxNode): boolean {
    if (this.prototypeNames.length === 0) return false;
    const stack = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.type === 'identifier' && this.prototypeNames.some((s) => s.has(n.text))) return true;
      for (const c of n.namedChildren) if (c) stack.push(c);
    }
    return false;
  }

  functionType(ret: CType, params: SyntaxNode | null): FunctionType {
    const types: CType[] = [];
    let variadic = false;
    let prototyped = false;
    const names = new Set<string>();
    this.prototypeNames.push(names);
    try {
      for (const p of params?.namedChildren ?? []) {
        if (!p) continue;
        if (p.type === 'variadic_parameter') {
          variadic = true;
          prototyped = true;
          continue;
        }
        if (p.type !== 'parameter_declaration') continue;
        prototyped = true;
        const spec = this.specifiers(p);
        const d = this.declarator(spec.type, p.childForFieldName('declarator'), false, { parameter: true, quiet: true });
        if (d.name) names.add(d.name);
        if (d.type.kind === 'void' && !d.name) continue; // (void)
        types.push(decayType(d.type));
      }
    } finally {
      this.prototypeNames.pop();
    }
    return { kind: 'function', ret, params: types, variadic, prototyped };
  }

  /**
   * Defines the names of a `typedef` declaration (GNU `__attribute__((mode(M)))` on it gives an
   * integer of M's width). True when a type defined has an array of variable length in it.
   */
  typedefs(node: SyntaxNode): boolean {
    const spec = this.specifiers(node);
    const mode = this.modeAttribute(node);
    let vla = false;
    for (const d of node.childrenForFieldName('declarator')) {
      if (!d) continue;
      const decl = this.declarator(spec.type, d, spec.isConst);
      vla ||= decl.vla;
      if (!decl.name) continue;
      const type = mode ? this.withMode(decl.type, mode, node) : decl.type;
      this.ctx.scopes.define(decl.name, { kind: 'typedef', type });
    }
    return vla;
  }

  private modeAttribute(node: SyntaxNode): { name: string; node: SyntaxNode } | null {
    for (const a of node.children) {
      if (a?.type !== 'attribute_specifier') continue;
      for (const arg of a.namedChildren[0]?.namedChildren ?? []) {
        if (arg?.type !== 'call_expression' || arg.childForFieldName('function')?.text.replace(/^__(.*)__$/, '$1') !== 'mode') continue;
        const m = arg.childForFieldName('arguments')?.namedChildren[0];
        if (m) return { name: m.text.replace(/^__(.*)__$/, '$1'), node: arg };
      }
    }
    return null;
  }

  /** gcc's machine modes: QI, HI, SI, DI are 8, 16, 32, 64-bit integers; word and pointer the pointer width. */
  private withMode(t: CType, mode: { name: string; node: SyntaxNode }, at: SyntaxNode): CType {
    const m = this.ctx.model;
    const ranks: Record<string, IntType['rank']> = {
      QI: 'char',
      byte: 'char',
      HI: 'short',
      SI: 'int',
      DI: m === 'LP64' ? 'long' : 'longlong',
      word: 'long',
      pointer: 'long',
    };
    const rank = ranks[mode.name];
    if (t.kind === 'int' && t.bits !== 1 && rank) return intOfRank(rank, t.signed, m);
    if (t.kind === 'float' && (mode.name === 'SF' || mode.name === 'DF')) return mode.name === 'SF' ? FLOAT : DOUBLE;
    if (this.ctx.isUser(at)) this.ctx.unsupported(mode.node, `__attribute__((mode(${mode.name})))`);
    return this.opaque(at, `${typeToString(t)} in mode ${mode.name}`, false);
  }

  /** A builtin type by its C spelling (`unsigned long`), for `__VERIFIER_nondet_ulong` and friends. */
  parseTypeName(spelling: string): CType | null {
    const m = this.ctx.model;
    const table: Record<string, CType> = {
      char: CHAR,
      'signed char': SCHAR,
      'unsigned char': UCHAR,
      short: SHORT,
      'unsigned short': USHORT,
      int: INT,
      'unsigned int': UINT,
      long: longType(m, true),
      'unsigned long': longType(m, false),
      'long long': LLONG,
      'unsigned long long': ULLONG,
      float: FLOAT,
      double: DOUBLE,
      _Bool: BOOL,
      void: VOID,
    };
    return table[spelling] ?? null;
  }

  /** Type of a `type_descriptor` (casts, sizeof, compound literals). */
  typeDescriptor(node: SyntaxNode): CType {
    return this.typeName(node).type;
  }

  /** Type of a `type_descriptor`, and whether it has an array of variable length in it. */
  typeName(node: SyntaxNode): { type: CType; vla: boolean } {
    const spec = this.specifiers(node);
    return this.declarator(spec.type, node.childForFieldName('declarator'));
  }
}
