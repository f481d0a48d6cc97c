// File-scope lowering: walks the translation unit in order (typedefs, tags,
// globals with constant initialisers, prototypes, function definitions),
// lowers every function defined in the user's file, and the header functions
// with bodies (static inline helpers) that user code calls.

import type { CType, FunctionType } from '../ir/types';
import type { IRFunction, Program, SourceRange, Variable } from '../ir/ir';
import { LineIndex } from '../ir/source';
import type { SyntaxNode } from './parser';
import { type FrontendContext } from './context';
import { TypeResolver } from './declarations';
import { ExpressionLowerer, NestingError, type ExpressionHost } from './expressions';
import { FunctionBuilder } from './builder';
import { FunctionLowerer, type ContractClause, type FunctionHost } from './functions';
import { InitResolver, constInitializer, inferredLength } from './initializers';
import type { ContractComment, ParsedClause } from './acsl';
import { contractBefore } from './acsl';

interface FunctionDef {
  name: string;
  node: SyntaxNode;
  declarator: SyntaxNode | null;
  nameNode: SyntaxNode | null;
  type: FunctionType;
  user: boolean;
  isStatic: boolean;
}

export interface ContractSource {
  comments: ContractComment[];
  /** Parsed clauses by the comment's end offset. */
  parsed: Map<number, ParsedClause[]>;
}

export class ProgramLowerer implements FunctionHost {
  readonly types: TypeResolver;
  private readonly fileScope: ExpressionLowerer;
  private readonly definitions = new Map<string, FunctionDef>();
  private readonly definedNames: Set<string>;
  private readonly functions: IRFunction[] = [];
  private readonly externals = new Map<string, CType>();
  private readonly globals: number[] = [];
  private readonly globalSet = new Set<number>();
  private readonly pending: { name: string; site: SourceRange }[] = [];
  private readonly loweredOrQueued = new Set<string>();
  private readonly lines: LineIndex;

  constructor(
    readonly ctx: FrontendContext,
    private readonly root: SyntaxNode,
    private readonly contracts: ContractSource,
  ) {
    const dummyRange: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 2 };
    this.types = new TypeResolver(ctx, (n) => this.fileScope.constInteger(n));
    this.fileScope = new ExpressionLowerer(this, new FunctionBuilder('<file>'), [], dummyRange);
    this.fileScope.constMode = true;
    this.definedNames = new Set(
      root.namedChildren
        .filter((n): n is SyntaxNode => n?.type === 'function_definition')
        .map((n) => definitionName(n))
        .filter((n): n is string => !!n),
    );
    this.lines = new LineIndex(ctx.source);
  }

  // ---------------------------------------------------------------- host services

  hasBody(name: string): boolean {
    return this.definedNames.has(name);
  }

  callee(name: string, type: FunctionType, site: SourceRange): { external: boolean } {
    if (this.definedNames.has(name)) {
      const def = this.definitions.get(name);
      if (!this.loweredOrQueued.has(name) && (!def || !def.user)) {
        this.loweredOrQueued.add(name);
        this.pending.push({ name, site });
      }
      return { external: false };
    }
    if (!this.externals.has(name)) this.externals.set(name, type);
    return { external: true };
  }

  useGlobal(id: number): void {
    if (this.globalSet.has(id)) return;
    this.globalSet.add(id);
    this.globals.push(id);
  }

  staticLocal(fn: string, name: string, type: CType, isConst: boolean, range: SourceRange | undefined): Variable {
    const v = this.ctx.newVar({ name: `${fn}.${name}`, type, kind: 'global', addressTaken: false, isConst, isStatic: true, range });
    this.useGlobal(v.id);
    return v;
  }

  // ---------------------------------------------------------------- translation unit

  lower(): Program {
    for (const n of this.root.namedChildren) if (n) this.guarded(n, () => this.topLevel(n));
    // Header functions called from user code (transitively).
    while (this.pending.length > 0) {
      const { name, site } = this.pending.shift()!;
      const def = this.definitions.get(name);
      if (def && !def.user) this.guarded(def.node, () => this.lowerFunction(def, site));
    }
    return {
      file: this.ctx.file,
      dataModel: this.ctx.model,
      vars: this.ctx.vars,
      globals: this.globals,
      functions: this.functions,
      externals: this.externals,
      diagnostics: this.ctx.diagnostics,
      source: this.ctx.source,
      scopes: this.ctx.scopes.chain,
    };
  }

  /**
   * Runs `work` on one top-level node. A failure of the front end itself on it becomes a
   * diagnostic at that node (a warning that drops it, in a header) instead of a crash.
   */
  private guarded(n: SyntaxNode, work: () => void): void {
    try {
      work();
    } catch (e) {
      if (e instanceof NestingError || !(e instanceof Error)) throw e;
      if (this.ctx.isUser(n)) this.ctx.report('error', n, `internal error of the front end on this declaration: ${e.message}`);
      else this.ctx.report('warning', n, `header declaration ignored (internal error of the front end: ${e.message})`);
    }
  }

  private topLevel(n: SyntaxNode): void {
    switch (n.type) {
      case 'function_definition':
        return this.functionDefinition(n);
      case 'declaration':
        return this.declaration(n);
      case 'type_definition':
        this.types.typedefs(n);
        return;
      case 'struct_specifier':
      case 'union_specifier':
      case 'enum_specifier':
        this.types.baseType(n);
        return;
      case 'comment':
        return;
      case 'expression_statement': {
        const call = n.namedChildren[0];
        const callee = call?.type === 'call_expression' ? call.childForFieldName('function')?.text : undefined;
        if (call && (callee === '_Static_assert' || callee === 'static_assert')) {
          const args = call.childForFieldName('arguments')?.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== 'comment') ?? [];
          this.fileScope.staticAssert(call, args);
        } else if (n.namedChildren.length > 0) this.ctx.report('error', n, 'expected a declaration');
        return;
      }
      case 'linkage_specification':
        return;
      default:
        if (n.type.startsWith('preproc_')) {
          this.ctx.report('error', n, 'preprocessor directive left in the input (was the file preprocessed?)');
          return;
        }
        if (this.ctx.isUser(n)) this.ctx.unsupported(n, `top-level '${n.type}'`);
    }
  }

  private declaration(n: SyntaxNode): void {
    const spec = this.types.specifiers(n);
    const user = this.ctx.isUser(n);
    for (const d of n.childrenForFieldName('declarator')) {
      if (!d) continue;
      const decl = this.types.declarator(spec.type, d, spec.isConst);
      if (!decl.name) continue;
      if (decl.type.kind === 'function') {
        const existing = this.ctx.scopes.lookup(decl.name);
        if (!existing || existing.kind !== 'func') this.ctx.scopes.define(decl.name, { kind: 'func', name: decl.name, type: decl.type });
        else if (!existing.type.prototyped && decl.type.prototyped) existing.type = decl.type;
        continue;
      }
      if (decl.vla) this.ctx.report('error', d, `variable-length array '${decl.name}' at file scope`);
      const initNode = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
      let type = decl.type;
      const tree = initNode ? new InitResolver(this.fileScope).resolve(type, initNode) : null;
      if (tree && type.kind === 'array' && type.length === null) type = { ...type, length: inferredLength(tree) };
      const existing = this.ctx.scopes.lookup(decl.name);
      let v: Variable;
      if (existing?.kind === 'var') {
        v = this.ctx.vars.get(existing.id)!;
        if (type.kind === 'array' && v.type.kind === 'array' && v.type.length === null) v.type = type;
      } else {
        if (user && type.kind === 'float' && type.name === 'long double') this.ctx.unsupported(d, 'long double');
        v = this.ctx.newVar({
          name: decl.name,
          type,
          kind: 'global',
          addressTaken: false,
          isConst: decl.isConst,
          isStatic: spec.storage === 'static',
          range: decl.nameNode ? (this.ctx.range(decl.nameNode) ?? undefined) : undefined,
        });
        this.ctx.scopes.define(decl.name, { kind: 'var', id: v.id });
      }
      if (user && spec.storage !== 'extern') this.useGlobal(v.id);
      if (tree) {
        const init = constInitializer(this.fileScope, v.type, tree);
        if (init) v.init = init;
        else this.ctx.unsupported(initNode!, 'initialiser that is not a constant the front end can evaluate');
      }
    }
  }

  private functionDefinition(n: SyntaxNode): void {
    const spec = this.types.specifiers(n);
    const declNode = n.childForFieldName('declarator');
    const decl = this.types.declarator(spec.type, declNode, false);
    if (!decl.name || decl.type.kind !== 'function') {
      this.ctx.report('error', n, 'malformed function definition');
      return;
    }
    const type = decl.type;
    // `int f()` defines a function of no parameters.
    const fnType: FunctionType = type.prototyped || type.params.length > 0 ? type : { ...type, prototyped: true };
    const existing = this.ctx.scopes.lookup(decl.name);
    if (!existing || existing.kind !== 'func') this.ctx.scopes.define(decl.name, { kind: 'func', name: decl.name, type: fnType });
    else existing.type = fnType;
    const def: FunctionDef = {
      name: decl.name,
      node: n,
      declarator: decl.functionDeclarator,
      nameNode: decl.nameNode,
      type: fnType,
      user: this.ctx.isUser(n),
      isStatic: spec.storage === 'static',
    };
    if (this.definitions.has(decl.name)) {
      this.ctx.report('error', n, `redefinition of '${decl.name}'`);
      return;
    }
    this.definitions.set(decl.name, def);
    if (def.user) {
      this.loweredOrQueued.add(def.name);
      this.lowerFunction(def, null);
    }
  }

  private lowerFunction(def: FunctionDef, site: SourceRange | null): void {
    const fallback = site ?? this.ctx.range(def.node) ?? { line: 1, column: 1, endLine: 1, endColumn: 2 };
    const lowerer = new FunctionLowerer(this, def.name, def.type, def.user, fallback);
    const contract = def.user ? this.contractOf(def.node) : [];
    this.functions.push(lowerer.lower(def.node, def.declarator, contract, def.isStatic, def.nameNode));
  }

  private contractOf(node: SyntaxNode): ContractClause[] {
    const r = this.ctx.range(node);
    if (!r) return [];
    const offset = this.lines.offset(r.line, r.column);
    const out: ContractClause[] = [];
    for (const comment of contractBefore(this.contracts.comments, this.ctx.source, offset)) {
      for (const p of comment.problems) this.ctx.report('warning', node, p.message, p.range);
      out.push(...this.clausesOf(node, comment));
    }
    return out;
  }

  private clausesOf(node: SyntaxNode, comment: ContractComment): ContractClause[] {
    const out: ContractClause[] = [];
    for (const pc of this.contracts.parsed.get(comment.end) ?? []) {
      if (pc.error || !pc.expr) {
        this.ctx.report('warning', node, `${pc.error ?? 'unreadable clause'}: ${pc.clause.kind} clause ignored`, pc.clause.range);
        continue;
      }
      out.push({ kind: pc.clause.kind, text: pc.clause.text, range: pc.clause.range, expr: pc.expr, map: pc.map });
    }
    return out;
  }
}

function definitionName(n: SyntaxNode): string | null {
  let d: SyntaxNode | null = n.childForFieldName('declarator');
  while (d) {
    if (d.type === 'identifier') return d.text;
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c?.type.endsWith('declarator') || c?.type === 'identifier') ?? null;
  }
  return null;
}

export type { ExpressionHost };
