// ACSL function contracts: `/*@ requires E; ensures E; */` comments read from
// the ORIGINAL source (the preprocessor removes comments). Each clause
// expression is parsed with tree-sitter as a C expression inside a dummy
// function, laid out so that its rows and columns are those of the original
// file. `\result`, `\old`, `\valid`, `\valid_read` and `\separated` become
// same-length placeholder identifiers; the range `a..b` of `\valid(p + (a..b))`
// (and of a `\separated` location) becomes `a||b` (C's operator of lowest
// precedence that a subscript may hold), and inside `\valid` and `\separated`
// only a range may be written so.

import { parseC, type SyntaxNode, type SyntaxTree } from './parser';
import { SourceMap } from './sourcemap';
import type { SourceRange } from '../ir/ir';
import { LineIndex } from '../ir/source';
import { OLD_PLACEHOLDER, RESULT_PLACEHOLDER, SEPARATED_PLACEHOLDER, VALID_PLACEHOLDER, VALID_READ_PLACEHOLDER } from './expressions';

export interface RawClause {
  kind: 'requires' | 'ensures';
  /** Clause expression text as written. */
  text: string;
  range: SourceRange;
  /** Offset of the expression in the original text. */
  start: number;
  end: number;
}

export interface ContractComment {
  /** Offset of the comment's first character. */
  start: number;
  /** Offset just after the comment (its closing `*\/`, or the end of a `//@` line). */
  end: number;
  clauses: RawClause[];
  /** Clauses or constructs we do not handle, with their position. */
  problems: { message: string; range: SourceRange }[];
}

function rangeOf(lines: LineIndex, start: number, end: number): SourceRange {
  const s = lines.position(start);
  const e = lines.position(end);
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}

/** Every `/*@ ... *\/` comment of the source with its clauses. */
export function findContractComments(source: string): ContractComment[] {
  const out: ContractComment[] = [];
  const lines = new LineIndex(source);
  // `/*@ ... */` and `//@ ...` annotations; other comments and literals are skipped whole.
  const re = /\/\*@([\s\S]*?)\*\/|\/\/@([^\n]*)|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|\/\*[\s\S]*?\*\//g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) {
    const body = m[1] ?? m[2];
    if (body === undefined) continue;
    const bodyStart = m.index + 3;
    const comment: ContractComment = { start: m.index, end: m.index + m[0].length, clauses: [], problems: [] };
    // Clauses end at ';' outside parentheses; leading '@' of continuation lines are blanks.
    const clean = body.replace(/(^|\n)([ \t]*)@/g, (_s, nl: string, ws: string) => `${nl}${ws} `);
    let i = 0;
    while (i < clean.length) {
      const kw = /^\s*([A-Za-z_\\]+)/.exec(clean.slice(i));
      if (!kw) break;
      const word = kw[1];
      const exprStart = i + kw[0].length;
      let depth = 0;
      let j = exprStart;
      for (; j < clean.length; j++) {
        const c = clean[j];
        if (c === '(') depth++;
        else if (c === ')') depth--;
        else if (c === ';' && depth <= 0) break;
      }
      const exprText = clean.slice(exprStart, j);
      const trimmedStart = exprStart + (exprText.length - exprText.trimStart().length);
      const trimmedEnd = exprStart + exprText.trimEnd().length;
      const absStart = bodyStart + trimmedStart;
      const absEnd = bodyStart + trimmedEnd;
      const range = rangeOf(lines, absStart, Math.max(absEnd, absStart + 1));
      if (word === 'requires' || word === 'ensures') {
        comment.clauses.push({ kind: word, text: exprText.trim().replace(/\s+/g, ' '), range, start: absStart, end: absEnd });
      } else if (word.trim() !== '') {
        comment.problems.push({
          message: `ACSL clause '${word}' is not supported (ignored)`,
          range: rangeOf(lines, bodyStart + i + kw[0].length - word.length, bodyStart + i + kw[0].length),
        });
      }
      i = j + 1;
    }
    out.push(comment);
  }
  return out;
}

/** The annotation comments right before a function starting at `defStart` (only blanks between them). */
export function contractBefore(comments: ContractComment[], source: string, defStart: number): ContractComment[] {
  const chain: ContractComment[] = [];
  let next = defStart;
  for (let k = comments.length - 1; k >= 0; k--) {
    const c = comments[k];
    if (c.end > next) continue;
    if (!/^\s*$/.test(source.slice(c.end, next))) break;
    chain.unshift(c);
    next = c.start;
  }
  return chain;
}

export interface ParsedClause {
  clause: RawClause;
  expr: SyntaxNode | null;
  map: SourceMap;
  tree: SyntaxTree;
  error: string | null;
}

const PREFIX = 'void __creach_contract(void) {';

/** Parses a clause expression; rows and columns match the original file (row r = line r). */
export async function parseClause(file: string, source: string, clause: RawClause): Promise<ParsedClause> {
  const ranged = rangesInValid(source.slice(clause.start, clause.end));
  let body = ranged.body;
  const unsupported = /\\(?!result\b|old\b|valid\b|valid_read\b|separated\b)[A-Za-z_]+|==>|<==>|\^\^|(?<!\.)\.\.(?!\.)/.exec(body);
  body = body
    .replace(/\\result\b/g, RESULT_PLACEHOLDER)
    .replace(/\\old\b/g, OLD_PLACEHOLDER)
    .replace(/\\valid_read\b/g, VALID_READ_PLACEHOLDER)
    .replace(/\\valid\b/g, VALID_PLACEHOLDER)
    .replace(/\\separated\b/g, SEPARATED_PLACEHOLDER);
  // The dummy function on row 0, then the expression from row 1 on, at its own column: row r is
  // line firstLine + r - 1 of the source. (Only the expression is parsed: blanking the whole source
  // before it made each clause cost as much as the file, and a file of many functions quadratic.)
  const { line: firstLine, column } = clause.range;
  const lines = (' '.repeat(column - 1) + body).split('\n');
  const text = [PREFIX, ...lines].join('\n') + ';}';
  const parsedLines = text.split('\n');
  const origins = parsedLines.map((_, row) => (row === 0 ? null : { file, line: firstLine + row - 1, system: false, user: true }));
  // The source map reads the user's lines by line number.
  const userLines: string[] = [];
  parsedLines.slice(1).forEach((l, k) => (userLines[firstLine - 1 + k] = l));
  const map = new SourceMap(origins, parsedLines, userLines);
  const tree = await parseC(text);
  let expr: SyntaxNode | null = null;
  const fn = tree.rootNode.namedChildren.find((n) => n?.type === 'function_definition');
  const stmt = fn?.childForFieldName('body')?.namedChildren.find((n) => n?.type === 'expression_statement');
  if (stmt) expr = stmt.namedChildren[0] ?? null;
  let error: string | null = null;
  if (unsupported) error = `ACSL construct '${unsupported[0] === '..' ? 'a..b (a range outside \\valid)' : unsupported[0]}' is not supported`;
  else if (ranged.orInValid) error = `'||' inside \\valid or \\separated is not supported`;
  else if (!expr || tree.rootNode.hasError) error = `cannot parse the ${clause.kind} clause as a C expression`;
  else error = validPlacement(expr, clause.kind);
  return { clause, expr, map, tree, error };
}

/** The ranges `a..b` inside the arguments of `\valid(...)`, `\valid_read(...)` and `\separated(...)` become `a||b` (same length). */
function rangesInValid(body: string): { body: string; orInValid: boolean } {
  let out = body;
  let orInValid = false;
  const re = /\\(?:valid(?:_read)?|separated)\s*\(/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    let depth = 1;
    let j = m.index + m[0].length;
    for (; j < body.length && depth > 0; j++) {
      if (body[j] === '(') depth++;
      else if (body[j] === ')') depth--;
    }
    orInValid ||= out.slice(m.index, j).includes('||');
    const arg = out.slice(m.index, j).replace(/(?<!\.)\.\.(?!\.)/g, '||');
    out = out.slice(0, m.index) + arg + out.slice(j);
  }
  return { body: out, orInValid };
}

/** A range `a..b` of a `\valid` or `\separated` argument, as parsed (see rangesInValid). */
export const isRange = (n: SyntaxNode): boolean => n.type === 'binary_expression' && n.childForFieldName('operator')?.type === '||';

/** A `\\valid(...)` or `\\valid_read(...)` of a clause (as its placeholder call). */
export const isValidCall = (n: SyntaxNode): boolean =>
  n.type === 'call_expression' && [VALID_PLACEHOLDER, VALID_READ_PLACEHOLDER].includes(n.childForFieldName('function')?.text ?? '');

/** A `\\separated(...)` of a clause (as its placeholder call). */
export const isSeparatedCall = (n: SyntaxNode): boolean => n.type === 'call_expression' && n.childForFieldName('function')?.text === SEPARATED_PLACEHOLDER;

const unparen = (n: SyntaxNode): SyntaxNode => (n.type === 'parenthesized_expression' && n.namedChildren[0] ? unparen(n.namedChildren[0]) : n);

/**
 * `\valid` and `\separated` are facts a caller guarantees: only as a conjunct of a requires clause
 * (what the model assumes of the inputs), and a range only as `p + (a..b)` or `&p[a..b]`, a whole
 * argument (`\valid` takes one, `\separated` two or more).
 */
function validPlacement(expr: SyntaxNode, kind: RawClause['kind']): string | null {
  const conjuncts: SyntaxNode[] = [];
  const split = (n: SyntaxNode) => {
    const e = unparen(n);
    if (e.type === 'binary_expression' && e.childForFieldName('operator')?.type === '&&') {
      split(e.childForFieldName('left')!);
      split(e.childForFieldName('right')!);
    } else conjuncts.push(e);
  };
  split(expr);
  const allowedRanges = new Set<number>();
  for (const c of conjuncts) {
    const valid = isValidCall(c);
    if (!valid && !isSeparatedCall(c)) continue;
    const args = c.childForFieldName('arguments')?.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== 'comment') ?? [];
    if (valid && args.length !== 1) return '\\valid takes one argument';
    if (!valid && args.length < 2) return '\\separated takes two or more locations';
    for (const arg of args) {
      const a = unparen(arg);
      const right = a.type === 'binary_expression' && a.childForFieldName('operator')?.type === '+' ? unparen(a.childForFieldName('right')!) : null;
      const index = a.type === 'pointer_expression' && a.childForFieldName('operator')?.type === '&' ? unparen(a.childForFieldName('argument')!) : null;
      const subscript = index?.type === 'subscript_expression' ? unparen(index.childForFieldName('index')!) : null;
      for (const r of [right, subscript]) if (r && isRange(r)) allowedRanges.add(r.id);
    }
  }
  let problem: string | null = null;
  const visit = (n: SyntaxNode, inside: string | null) => {
    if (problem) return;
    const name = isValidCall(n) ? '\\valid' : isSeparatedCall(n) ? '\\separated' : null;
    if (name && (kind !== 'requires' || !conjuncts.some((c) => c.id === n.id)))
      problem = `${name} only as a conjunct of a requires clause (what callers guarantee)`;
    else if (inside && isRange(n) && !allowedRanges.has(n.id)) problem = `a range a..b only as ${inside}(p + (a..b)) or ${inside}(&p[a..b])`;
    for (const ch of n.namedChildren) if (ch) visit(ch, name ?? inside);
  };
  visit(expr, null);
  return problem;
}
