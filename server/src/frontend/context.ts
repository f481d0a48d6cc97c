// State shared by every part of the front end for one program: the data
// model, the source map, diagnostics, the variable table and the scopes of
// ordinary identifiers and tags.

import type { CType, DataModel } from '../ir/types';
import type { Diagnostic, ScopeNode, ScopeSymbol, SourceRange, Variable } from '../ir/ir';
import type { SyntaxNode } from './parser';
import type { SourceMap } from './sourcemap';

export type Symbol = Exclude<ScopeSymbol, { kind: 'tag' }>;

/**
 * Ordinary identifiers (variables, functions, enum constants, typedef names) and tags, by nested
 * scope. Every declaration is also a node of `chain` (the IR's `Program.scopes`), so that the
 * names visible at a statement can be found again after lowering (`head`).
 */
export class Scopes {
  private ordinary: Map<string, Symbol>[] = [new Map()];
  private tags: Map<string, CType>[] = [new Map()];
  readonly chain: ScopeNode[] = [];
  private heads: number[] = [];
  /** The last declaration visible here (-1: none). */
  head = -1;

  push(): void {
    this.ordinary.push(new Map());
    this.tags.push(new Map());
    this.heads.push(this.head);
  }
  pop(): void {
    this.ordinary.pop();
    this.tags.pop();
    this.head = this.heads.pop() ?? -1;
  }
  get depth(): number {
    return this.ordinary.length;
  }
  lookup(name: string): Symbol | undefined {
    for (let i = this.ordinary.length - 1; i >= 0; i--) {
      const s = this.ordinary[i].get(name);
      if (s) return s;
    }
    return undefined;
  }
  define(name: string, sym: Symbol): void {
    this.ordinary[this.ordinary.length - 1].set(name, sym);
    this.record(name, sym);
  }
  defineGlobal(name: string, sym: Symbol): void {
    this.ordinary[0].set(name, sym);
    this.record(name, sym);
  }
  lookupTag(name: string): CType | undefined {
    for (let i = this.tags.length - 1; i >= 0; i--) {
      const t = this.tags[i].get(name);
      if (t) return t;
    }
    return undefined;
  }
  /** Tag declared in the innermost scope only (for `struct S;` redeclarations). */
  lookupTagHere(name: string): CType | undefined {
    return this.tags[this.tags.length - 1].get(name);
  }
  defineTag(name: string, t: CType): void {
    this.tags[this.tags.length - 1].set(name, t);
    this.record(name, { kind: 'tag', type: t });
  }
  private record(name: string, symbol: ScopeSymbol): void {
    this.chain.push({ parent: this.head, name, symbol });
    this.head = this.chain.length - 1;
  }
}

export class FrontendContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly vars = new Map<number, Variable>();
  readonly scopes = new Scopes();
  private nextVarId = 1;
  private warned = new Set<string>();

  constructor(
    readonly file: string,
    readonly model: DataModel,
    readonly source: string,
    /** Position map of the tree being lowered (contract clauses are parsed separately and swap it). */
    public map: SourceMap,
    private readonly sourceLines: string[] = source.split('\n'),
  ) {}

  newVar(v: Omit<Variable, 'id'>): Variable {
    const full: Variable = { id: this.nextVarId++, ...v };
    this.vars.set(full.id, full);
    return full;
  }

  /** New variables get ids from `id` on (lowering more code for a program already lowered). */
  startIdsAt(id: number): void {
    this.nextVarId = Math.max(this.nextVarId, id);
  }

  /** Ids from here on are new variables (see dropVarsFrom). */
  varMark(): number {
    return this.nextVarId;
  }

  /** Forgets the variables created since `mark` (temps of scratch lowering). */
  dropVarsFrom(mark: number): void {
    for (let id = mark; id < this.nextVarId; id++) this.vars.delete(id);
  }

  /** The node's range in the user's file, or null when it comes from a header. */
  range(node: SyntaxNode): SourceRange | null {
    const s = this.map.map(node.startPosition.row, node.startPosition.column);
    if (!s || !s.user) return null;
    const e = this.map.map(node.endPosition.row, node.endPosition.column, true);
    if (!e || !e.user || e.line < s.line || (e.line === s.line && e.column <= s.column)) {
      return { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + 1 };
    }
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }

  /** Is the node's code from the user's file? */
  isUser(node: SyntaxNode): boolean {
    const s = this.map.map(node.startPosition.row, node.startPosition.column);
    return !!s && s.user;
  }

  /** The node's text as the user wrote it (original file), else its preprocessed text. */
  text(node: SyntaxNode): string {
    const r = this.range(node);
    if (r) {
      const slice = this.slice(r);
      if (slice !== null && slice.trim() !== '') return collapse(slice);
    }
    return collapse(node.text);
  }

  slice(r: SourceRange): string | null {
    if (r.line < 1 || r.endLine > this.sourceLines.length) return null;
    if (r.line === r.endLine) return this.sourceLines[r.line - 1].slice(r.column - 1, r.endColumn - 1);
    const parts = [this.sourceLines[r.line - 1].slice(r.column - 1)];
    for (let l = r.line + 1; l < r.endLine; l++) parts.push(this.sourceLines[l - 1]);
    parts.push(this.sourceLines[r.endLine - 1].slice(0, r.endColumn - 1));
    return parts.join('\n');
  }

  /** Where a node is, for diagnostics (user range, else the header position). */
  diagnosticPlace(node: SyntaxNode): { file: string; range: SourceRange } {
    const r = this.range(node);
    if (r) return { file: this.file, range: r };
    const s = this.map.map(node.startPosition.row, node.startPosition.column);
    if (s) return { file: s.file, range: { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + 1 } };
    return { file: this.file, range: { line: 1, column: 1, endLine: 1, endColumn: 2 } };
  }

  report(severity: Diagnostic['severity'], node: SyntaxNode, message: string, at?: SourceRange): void {
    const place = at ? { file: this.file, range: at } : this.diagnosticPlace(node);
    const key = `${severity}:${place.file}:${place.range.line}:${place.range.column}:${message}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.diagnostics.push({ severity, message, file: place.file, range: place.range });
  }

  /** A construct the front end does not model. */
  unsupported(node: SyntaxNode, what: string, at?: SourceRange): void {
    this.report('warning', node, `unsupported: ${what}; goals it can affect are unknown`, at);
  }
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
