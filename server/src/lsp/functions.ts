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
  /** Hash of the definition's own text (two versions with the same one have the same lines inside). */
  textHash: string;
  /** Offsets of the definition in the text (UTF-16 code units, end exclusive). */
  defStart: number;
  defEnd: number;
  /** The first syntax error inside the definition: the function does not parse. */
  syntaxError?: SyntaxProblem;
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
  /** Syntax errors outside every function definition (declarations, macros): every function depends on them. */
  topLevelErrors: SyntaxProblem[];
  /** Hash of the text outside the function definitions (globals, types, macros, prototypes) and the options. */
  topLevelHash: string;
  /** Comments (0-based positions): ACSL contracts live there. */
  comments: { line: number; character: number; endLine: number; endCharacter: number }[];
  /** 0-based lines where a condition with true/false outcomes starts (if, loops, `?:`, `&&`, `||`), known before any analysis. */
  decisionLines: number[];
}

/** Whether a 0-based position lies inside a range of the index (start inclusive, end exclusive). */
export function within(r: { line: number; character: number; endLine: number; endCharacter: number }, line: number, character: number): boolean {
  const afterStart = line > r.line || (line === r.line && character >= r.character);
  const beforeEnd = line < r.endLine || (line === r.endLine && character < r.endCharacter);
  return afterStart && beforeEnd;
}

/**
 * The text the engine analyses while some functions do not parse: their
 * definitions replaced by blanks (line breaks kept, so every other line and
 * column stays where it is).
 */
export function textWithout(text: string, functions: FunctionInfo[]): string {
  if (functions.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const fn of [...functions].sort((a, b) => a.defStart - b.defStart)) {
    if (fn.defStart < cursor) continue;
    out += text.slice(cursor, fn.defStart) + text.slice(fn.defStart, fn.defEnd).replace(/[^\r\n]/g, ' ');
    cursor = fn.defEnd;
  }
  return out + text.slice(cursor);
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
    if (problems.length >= 50) return;
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

function positionOf(n: SyntaxNode): Omit<SyntaxProblem, 'message'> {
  return { line: n.startPosition.row, character: n.startPosition.column, endLine: n.endPosition.row, endCharacter: n.endPosition.column };
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

    const problems = syntaxErrors(root);
    const inside = (p: SyntaxProblem, def: SyntaxNode) =>
      within(
        { line: def.startPosition.row, character: def.startPosition.column, endLine: def.endPosition.row, endCharacter: def.endPosition.column + 1 },
        p.line,
        p.character,
      );
    const topLevelErrors = problems.filter((p) => !defs.some((d) => inside(p, d)));
    const comments: FileIndex['comments'] = [];
    const collectComments = (n: SyntaxNode) => {
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === 'comment')
          comments.push({ line: c.startPosition.row, character: c.startPosition.column, endLine: c.endPosition.row, endCharacter: c.endPosition.column });
        else if (c.namedChildCount > 0) collectComments(c);
      }
    };
    collectComments(root);
    const decisionLines = new Set<number>();
    const collectDecisions = (n: SyntaxNode) => {
      const condition =
        n.type === 'if_statement' ||
        n.type === 'while_statement' ||
        n.type === 'do_statement' ||
        n.type === 'for_statement' ||
        n.type === 'conditional_expression'
          ? n.childForFieldName('condition')
          : n.type === 'binary_expression' && ['&&', '||'].includes(n.childForFieldName('operator')?.type ?? '')
            ? n
            : null;
      if (condition) {
        // `if (c)`: the condition without its parentheses.
        const inner = condition.type === 'parenthesized_expression' ? (condition.namedChildren[0] ?? condition) : condition;
        decisionLines.add(inner.startPosition.row);
      }
      for (const c of n.namedChildren) if (c) collectDecisions(c);
    };
    for (const d of defs) collectDecisions(d);

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
      const syntaxError = def.hasError ? (problems.find((p) => inside(p, def)) ?? { ...positionOf(def), message: 'syntax error' }) : undefined;
      functions.push({
        name,
        startLine: start.startPosition.row,
        endLine: def.endPosition.row,
        defLine: def.startPosition.row,
        defCharacter: def.startPosition.column,
        dependencies,
        hash,
        textHash: createHash('sha256').update(defText).digest('hex'),
        defStart: def.startIndex,
        defEnd: def.endIndex,
        ...(syntaxError ? { syntaxError } : {}),
      });
    }
    const topLevelHash = createHash('sha256')
      .update(JSON.stringify([optionsKey, topLevel]))
      .digest('hex');
    return { functions, syntaxErrors: problems, topLevelErrors, topLevelHash, comments, decisionLines: [...decisionLines].sort((a, b) => a - b) };
  } finally {
    tree.delete();
  }
}
