// The C front end: source file -> preprocessed text -> tree-sitter syntax
// tree -> typed IR Program (server/src/ir/ir.ts). Entry point: loadProgram.

import { readFile } from 'node:fs/promises';
import type { DataModel } from '../ir/types';
import type { Diagnostic, Program, SourceRange } from '../ir/ir';
import { parseC, type SyntaxNode } from './parser';
import { preprocess, fromPreprocessedOutput, hasDirectives, isPreprocessorOutput, PreprocessError, type Preprocessed } from './preprocess';
import { SourceMap } from './sourcemap';
import { FrontendContext } from './context';
import { ProgramLowerer } from './program';
import { NestingError } from './expressions';
import { resolveIndirectCalls } from '../ir/indirect';
import { findContractComments, parseClause, type ParsedClause } from './acsl';
import { rewriteForParsing } from './rewrite';
import { FrontendError } from './errors';

export { FrontendError, formatDiagnostics } from './errors';
export { lowerCondition, type ConditionAt, type LoweredCondition } from './condition';

export interface FrontendOptions {
  dataModel: DataModel;
  compiler: string;
  includePaths: string[];
  defines: string[];
  compileCommands?: string;
}

function at(file: string, line: number, column: number, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic {
  const range: SourceRange = { line, column, endLine: line, endColumn: column + 1 };
  return { severity, message, file, range };
}

const MAX_SYNTAX_ERRORS = 20;

export async function loadProgram(input: { file: string; text?: string }, options: FrontendOptions): Promise<Program> {
  const file = input.file;
  let text: string;
  if (input.text !== undefined) text = input.text;
  else {
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      throw new FrontendError([at(file, 1, 1, `cannot read file: ${(e as Error).message}`)]);
    }
  }
  if (text.includes('\0')) throw new FrontendError([at(file, 1, 1, 'not a C source file (it contains NUL bytes)')]);

  const warnings: Diagnostic[] = [];
  let pre: Preprocessed;
  if (file.endsWith('.i') || isPreprocessorOutput(text)) {
    // Preprocessed already (`.i`, or a `.c` of preprocessor output): positions are those of the
    // file itself. Preprocessing it again would file every line under the name its markers give.
    pre = fromPreprocessedOutput(text, file, text.split('\n'), null, true);
  } else if (!hasDirectives(text) && options.defines.length === 0 && !options.compileCommands) {
    // Nothing for the preprocessor to do: parse as is (exact columns, no process to start).
    pre = { text, map: SourceMap.identity(file, text), diagnostics: [] };
  } else {
    let result: Preprocessed | null;
    try {
      result = await preprocess(file, text, options);
    } catch (e) {
      if (e instanceof PreprocessError) throw new FrontendError(e.diagnostics);
      throw e;
    }
    if (!result) {
      if (hasDirectives(text)) {
        throw new FrontendError([
          at(
            file,
            1,
            1,
            `cannot run the C compiler '${options.compiler}' to preprocess this file (it has # directives); install one or set the compiler option`,
          ),
        ]);
      }
      warnings.push(at(file, 1, 1, `C compiler '${options.compiler}' not found: parsed without preprocessing (-D defines ignored)`, 'warning'));
      result = { text, map: SourceMap.identity(file, text), diagnostics: [] };
    }
    pre = result;
  }
  warnings.push(...pre.diagnostics);

  const rewritten = rewriteForParsing(pre.text);
  const tree = await parseC(rewritten.text);
  let contracts: Awaited<ReturnType<typeof readContracts>> | null = null;
  try {
    const ctx = new FrontendContext(file, options.dataModel, text, pre.map);
    ctx.diagnostics.push(...warnings);
    for (const note of rewritten.notes) {
      const p = pre.map.map(note.row, note.column);
      if (p?.user)
        ctx.diagnostics.push({
          severity: 'warning',
          message: note.message,
          file,
          range: { line: p.line, column: p.column, endLine: p.line, endColumn: p.column + note.length },
        });
    }
    const syntax = syntaxErrors(tree.rootNode, ctx);
    if (syntax.some((d) => d.severity === 'error')) throw new FrontendError([...syntax, ...ctx.diagnostics]);
    ctx.diagnostics.push(...syntax);
    contracts = await readContracts(file, text);
    const lowerer = new ProgramLowerer(ctx, tree.rootNode, contracts);
    let program: Program;
    try {
      program = lowerer.lower();
    } catch (e) {
      if (e instanceof NestingError) {
        const p = ctx.diagnosticPlace(e.node);
        throw new FrontendError([{ severity: 'error', message: 'expression nested too deeply', file: p.file, range: p.range }]);
      }
      if (e instanceof RangeError) throw new FrontendError([at(file, 1, 1, 'program nested too deeply')]);
      throw e;
    }
    if (program.diagnostics.some((d) => d.severity === 'error')) throw new FrontendError(program.diagnostics);
    resolveIndirectCalls(program);
    return program;
  } finally {
    tree.delete();
    for (const list of contracts?.parsed.values() ?? []) for (const c of list) c.tree.delete();
  }
}

/** ERROR and MISSING nodes as `syntax error` diagnostics (iterative: trees can be very deep). */
function syntaxErrors(root: SyntaxNode, ctx: FrontendContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!root.hasError) return out;
  const stack: SyntaxNode[] = [root];
  let errors = 0;
  while (stack.length > 0 && errors < MAX_SYNTAX_ERRORS) {
    const n = stack.pop()!;
    if (n.isMissing || n.type === 'ERROR') {
      const p = ctx.diagnosticPlace(n);
      const snippet = n.text.replace(/\s+/g, ' ').slice(0, 30);
      const inHeader = !ctx.isUser(n) && !ctx.isUser(lastLeaf(n));
      if (inHeader) {
        // A header construct tree-sitter-c cannot parse: what it declares stays unknown, and a
        // use of it in the user's code is reported there.
        out.push({
          severity: 'warning',
          message: `cannot parse this part of the header near '${snippet}'; its declarations are ignored`,
          file: p.file,
          range: p.range,
        });
        continue;
      }
      const atEnd = root.text.slice(n.endIndex - root.startIndex).trim() === '';
      const message = n.isMissing
        ? `syntax error: missing '${n.type}'${atEnd ? ' (unexpected end of file)' : ''}`
        : `syntax error${atEnd ? ': unexpected end of file in' : ' near'} '${snippet}'`;
      out.push({ severity: 'error', message, file: p.file, range: p.range });
      errors++;
      continue;
    }
    if (!n.hasError) continue;
    const kids = n.children.filter((c): c is SyntaxNode => !!c);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

function lastLeaf(n: SyntaxNode): SyntaxNode {
  let cur = n;
  while (cur.childCount > 0) cur = cur.lastChild!;
  return cur;
}

async function readContracts(file: string, text: string) {
  const comments = findContractComments(text);
  const parsed = new Map<number, ParsedClause[]>();
  for (const c of comments) {
    const list: ParsedClause[] = [];
    for (const clause of c.clauses) list.push(await parseClause(file, text, clause));
    parsed.set(c.end, list);
  }
  return { comments, parsed };
}

export type { Program };
