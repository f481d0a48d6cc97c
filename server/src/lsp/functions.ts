// The functions of an open file, found with tree-sitter on the main thread
// (milliseconds, no solver), each with the hash of everything its analysis
// depends on: its own text (with the comments just above it, where ACSL
// contracts live), the text of the functions it may call, the file's
// top-level declarations and macros, and the engine options. Two analyses with
// the same hash give the same report up to a shift of line numbers.

import { createHash } from 'node:crypto';
import { parseC, type SyntaxNode } from '../api';

export interface FunctionInfo {
  name: string;
  /** 0-based lines of the span: leading comments, then the definition. */
  startLine: number;
  endLine: number;
  /** 0-based position of the definition's first character (where the CodeLens goes). */
  defLine: number;
  defCharacter: number;
  /** Names of the functions of the file it may call, directly or not (itself excluded). */
  dependencies: string[];
  /** Hash of everything the analysis of this function depends on. */
  hash: string;
}

export interface SyntaxProblem {
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  message: string;
}

export interface FileIndex {
  functions: FunctionInfo[];
  /** Syntax errors tree-sitter found (before any preprocessing). */
  syntaxErrors: SyntaxProblem[];
}

const identifierPattern = /[A-Za-z_]\w*/g;

/** The declared name of a function definition: follow `declarator` fields to the identifier. */
function definitionName(def: SyntaxNode): string | undefined {
  let d: SyntaxNode | null = def.childForFieldName('declarator');
  while (d && d.type !== 'identifier') {
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c?.type.endsWith('declarator') || c?.type === 'identifier') ?? null;
  }
  return d?.text;
}

function identifiersIn(node: SyntaxNode, out: Set<string>): void {
  for (const m of node.text.matchAll(identifierPattern)) out.add(m[0]);
}

/** Function definitions at file scope, also inside `#if`/`#ifdef` groups. */
function collectDefinitions(node: SyntaxNode, out: SyntaxNode[]): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'function_definition') out.push(child);
    else if (child.type.startsWith('preproc_if') || child.type.startsWith('preproc_else') || child.type === 'preproc_elif') {
      collectDefinitions(child, out);
    }
  }
}

function syntaxErrors(root: SyntaxNode): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const visit = (n: SyntaxNode) => {
    if (problems.length >= 20) return;
    if (n.isMissing) {
      problems.push({
        line: n.startPosition.row,
        character: n.startPosition.column,
        endLine: n.endPosition.row,
        endCharacter: n.endPosition.column + 1,
        message: `syntax error: missing '${n.type}'`,
      });
      return;
    }
    if (n.type === 'ERROR') {
      const snippet = n.text.split('\n')[0].slice(0, 30);
      problems.push({
        line: n.startPosition.row,
        character: n.startPosition.column,
        endLine: n.endPosition.row,
        endCharacter: n.endPosition.column,
        message: `syntax error near '${snippet}'`,
      });
      return;
    }
    if (!n.hasError) return;
    for (const c of n.children) if (c) visit(c);
  };
  visit(root);
  return problems;
}

/** Blank lines mean nothing to C (unless a backslash continues the line before): they stay out of the hashes. */
function withoutBlankLines(text: string): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' && !(kept.length > 0 && kept[kept.length - 1].endsWith('\\'))) continue;
    kept.push(line.trimEnd());
  }
  return kept.join('\n');
}

/** Indexes the functions of `text`; `optionsKey` (the engine options as JSON) goes into every hash. */
export async function indexFile(text: string, optionsKey: string): Promise<FileIndex> {
  const tree = await parseC(text);
  try {
    const root = tree.rootNode;
    const defs: SyntaxNode[] = [];
    collectDefinitions(root, defs);

    // Text outside function definitions: globals, types, macros, prototypes.
    let topLevel = '';
    let cursor = 0;
    for (const d of defs) {
      topLevel += text.slice(cursor, d.startIndex);
      cursor = d.endIndex;
    }
    topLevel += text.slice(cursor);
    topLevel = withoutBlankLines(topLevel);

    // Names a macro body or a global initialiser mentions can be called from anywhere.
    const globallyMentioned = new Set<string>();
    for (const child of root.namedChildren) {
      if (!child) continue;
      if (child.type === 'preproc_def' || child.type === 'preproc_function_def') identifiersIn(child, globallyMentioned);
      if (child.type === 'declaration') {
        for (const init of child.namedChildren) {
          const value = init?.type === 'init_declarator' ? init.childForFieldName('value') : null;
          if (value) identifiersIn(value, globallyMentioned);
        }
      }
    }

    const byName = new Map<string, { def: SyntaxNode; text: string; mentions: Set<string> }>();
    for (const def of defs) {
      const name = definitionName(def);
      if (!name || byName.has(name)) continue;
      const mentions = new Set<string>();
      identifiersIn(def.childForFieldName('body') ?? def, mentions);
      byName.set(name, { def, text: def.text, mentions });
    }

    const dependenciesOf = (name: string): string[] => {
      const seen = new Set<string>([name]);
      const work = [name];
      while (work.length > 0) {
        const current = byName.get(work.pop()!)!;
        for (const m of [...current.mentions, ...globallyMentioned]) {
          if (byName.has(m) && !seen.has(m)) {
            seen.add(m);
            work.push(m);
          }
        }
      }
      seen.delete(name);
      return [...seen].sort();
    };

    const functions: FunctionInfo[] = [];
    for (const [name, { def, text: defText }] of byName) {
      // Leading comments (ACSL contracts) belong to the function's span.
      let start: SyntaxNode = def;
      for (
        let prev = def.previousNamedSibling;
        prev?.type === 'comment' && start.startPosition.row - prev.endPosition.row <= 1;
        prev = prev.previousNamedSibling
      ) {
        start = prev;
      }
      const dependencies = dependenciesOf(name);
      const hash = createHash('sha256')
        .update(JSON.stringify([optionsKey, topLevel, name, defText, ...dependencies.map((d) => [d, byName.get(d)!.text])]))
        .digest('hex');
      functions.push({
        name,
        startLine: start.startPosition.row,
        endLine: def.endPosition.row,
        defLine: def.startPosition.row,
        defCharacter: def.startPosition.column,
        dependencies,
        hash,
      });
    }
    return { functions, syntaxErrors: syntaxErrors(root) };
  } finally {
    tree.delete();
  }
}
