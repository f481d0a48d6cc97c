// Runs the configured C preprocessor (`cc -E`) and turns its output into the
// text tree-sitter parses plus a SourceMap back to the user's file. Our own
// headers (server/include, or dist/include in the bundle) come first on the
// include path so that `assert(e)` becomes a plain call the lowering sees.

import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, SourceRange } from '../ir/ir';
import { EngineError, readFailure } from '../errors';
import type { DataModel } from '../ir/types';
import { SourceMap, type LineOrigin, type MacroTable } from './sourcemap';

export interface PreprocessOptions {
  compiler: string;
  dataModel?: DataModel;
  includePaths: string[];
  defines: string[];
  compileCommands?: string;
}

export interface Preprocessed {
  /** Text handed to tree-sitter (line markers blanked, one line per output line). */
  text: string;
  map: SourceMap;
  diagnostics: Diagnostic[];
}

export class PreprocessError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => `${d.file}:${d.range.line}:${d.range.column}: ${d.message}`).join('\n'));
  }
}

/** Directory of our own headers, next to the sources (server/include) or the bundle (dist/include). */
export function ownIncludeDir(): string {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const candidates = [
    path.join(here, 'include'), // dist/cli.js -> dist/include
    path.join(here, '..', '..', 'include'), // server/src/frontend -> server/include
    path.join(process.cwd(), 'server', 'include'),
    path.join(process.cwd(), 'dist', 'include'),
  ];
  return candidates.find((d) => existsSync(path.join(d, 'assert.h'))) ?? candidates[1];
}

function pointRange(line: number, column: number): SourceRange {
  return { line, column, endLine: line, endColumn: column + 1 };
}

/** True when the text has preprocessor directives (lines starting with `#`). */
export function hasDirectives(text: string): boolean {
  return /^[ \t]*#/m.test(text);
}

/**
 * Text that is already preprocessor output (an SV-COMP task saved as `.c`, say): it has GNU line
 * markers (`# 12 "file.c"`) and no other directive but `#pragma`/`#ident`. Preprocessing it
 * again would read every line as coming from the file the markers name, not the user's.
 */
export function isPreprocessorOutput(text: string): boolean {
  let markers = 0;
  for (const m of text.matchAll(/^[ \t]*#(.*)$/gm)) {
    if (/^\s*\d+\s+"/.test(m[1])) markers++;
    else if (!/^\s*(pragma|ident)\b/.test(m[1])) return false;
  }
  return markers > 0;
}

/** An entry of a compile_commands.json: the file (absolute), the directory its flags are relative to, and the command's words. */
export interface CompileCommand {
  file: string;
  directory: string;
  arguments: string[];
}

/**
 * The entries of a compile_commands.json, in the file's order (a file may be listed more than once).
 * An unreadable file, invalid JSON, or an entry without a `file` is an input error.
 */
export function readCompileCommands(ccPath: string): CompileCommand[] {
  let text: string;
  try {
    text = readFileSync(ccPath, 'utf8');
  } catch (e) {
    throw EngineError.at('input', ccPath, 1, 1, `cannot read the compilation database: ${readFailure(e)}`);
  }
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch (e) {
    throw EngineError.at('input', ccPath, 1, 1, `not a compilation database: invalid JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(entries)) throw EngineError.at('input', ccPath, 1, 1, 'not a compilation database: expected a JSON array of entries');
  return entries.map((e: unknown, i) => {
    const entry = e as { directory?: unknown; file?: unknown; command?: unknown; arguments?: unknown } | null;
    if (!entry || typeof entry !== 'object' || typeof entry.file !== 'string' || entry.file === '')
      throw EngineError.at('input', ccPath, 1, 1, `not a compilation database: entry ${i + 1} has no "file"`);
    const dir = typeof entry.directory === 'string' ? entry.directory : path.dirname(ccPath);
    const args = Array.isArray(entry.arguments) ? entry.arguments.map(String) : splitCommand(typeof entry.command === 'string' ? entry.command : '');
    return { file: path.resolve(dir, entry.file), directory: dir, arguments: args };
  });
}

/** Flags from a compile_commands.json entry for `file` that matter to the preprocessor (its first entry; none when it cannot be read). */
export function compileCommandFlags(ccPath: string, file: string): string[] {
  let entries: CompileCommand[];
  try {
    entries = readCompileCommands(ccPath);
  } catch {
    return [];
  }
  const target = path.resolve(file);
  const e = entries.find((x) => x.file === target);
  if (!e) return [];
  const { arguments: args, directory: dir } = e;
  const out: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i];
    const takesValue = ['-I', '-D', '-U', '-include', '-isystem', '-iquote', '-idirafter'].includes(a);
    if (takesValue && i + 1 < args.length) {
      const v = args[++i];
      out.push(a, a === '-D' || a === '-U' ? v : path.resolve(dir, v));
    } else if (/^-[IDU]./.test(a)) {
      out.push(a.startsWith('-I') ? `-I${path.resolve(dir, a.slice(2))}` : a);
    } else if (/^-std=|^-m(32|64)$|^-f(un)?signed-char$/.test(a)) {
      out.push(a);
    }
  }
  return out;
}

function splitCommand(cmd: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(cmd))) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  spawnError?: NodeJS.ErrnoException;
}

function runCompiler(compiler: string, args: string[], input: string, cwd: string): Promise<RunResult> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(compiler, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ code: null, stdout: '', stderr: '', spawnError: e as NodeJS.ErrnoException });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.stdin.on('error', () => undefined);
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, stdout: '', stderr: '', spawnError: e });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.end(input);
  });
}

const STDIN_NAME = '<stdin>';

/**
 * Preprocesses `text` (the content of `file`). Returns null when the compiler cannot be run
 * (the caller decides whether the text can be parsed as is).
 */
export async function preprocess(file: string, text: string, opts: PreprocessOptions): Promise<Preprocessed | null> {
  const dir = path.dirname(path.resolve(file));
  // -dD keeps the #define lines in the output: the column mapping needs the macro names.
  const args = ['-E', '-dD', '-x', 'c', '-I', ownIncludeDir(), '-iquote', dir];
  if (opts.compileCommands) args.push(...compileCommandFlags(opts.compileCommands, file));
  for (const inc of opts.includePaths) args.push('-I', path.resolve(inc));
  for (const d of opts.defines) args.push(`-D${d}`);
  const cwd = existsSync(dir) ? dir : process.cwd();
  const diagnostics: Diagnostic[] = [];
  if (opts.dataModel === 'ILP32') {
    // 32-bit headers give int64_t, size_t, ... their ILP32 definitions.
    const r32 = await runCompiler(opts.compiler, [...args, '-m32', '-'], text, cwd);
    if (r32.spawnError) return null;
    if (r32.code === 0) return fromPreprocessedOutput(r32.stdout, file, text.split('\n'), STDIN_NAME);
    diagnostics.push({
      severity: 'warning',
      message: `'${opts.compiler} -m32' cannot preprocess (32-bit headers not installed?): headers were read for the host; typedefs such as int64_t may not match ILP32`,
      file,
      range: pointRange(1, 1),
    });
  }
  const r = await runCompiler(opts.compiler, [...args, '-'], text, cwd);
  if (r.spawnError) return null;
  if (r.code !== 0) throw new PreprocessError(compilerDiagnostics(r.stderr, file, r.code));
  const out = fromPreprocessedOutput(r.stdout, file, text.split('\n'), STDIN_NAME);
  out.diagnostics.push(...diagnostics);
  return out;
}

/** Diagnostics from the compiler's `file:line:col: error: message` lines, mapped to the user's file. */
function compilerDiagnostics(stderr: string, file: string, code: number | null): Diagnostic[] {
  const diags: Diagnostic[] = [];
  for (const line of stderr.split('\n')) {
    const m = /^(.*?):(\d+):(?:(\d+):)?\s*(fatal error|error):\s*(.*)$/.exec(line);
    if (!m) continue;
    const f = m[1] === STDIN_NAME ? file : m[1];
    diags.push({ severity: 'error', message: m[5], file: f, range: pointRange(Number(m[2]), Number(m[3] ?? 1)) });
  }
  if (diags.length === 0) {
    const msg = stderr.trim().split('\n')[0] || `preprocessor exited with code ${code}`;
    diags.push({ severity: 'error', message: `preprocessing failed: ${msg}`, file, range: pointRange(1, 1) });
  }
  return diags;
}

const MARKER = /^#\s*(?:line\s+)?(\d+)\s+"((?:\\.|[^"\\])*)"(.*)$/;

/**
 * Splits preprocessed text into parseable text and line origins. `mainName` is the name the
 * markers use for the user's file (`<stdin>`, or null: the first marker names it). When
 * `positionsInOutput` is set (a `.i` file given by the user), positions stay those of the
 * preprocessed text itself and markers only tell system-header code apart.
 */
export function fromPreprocessedOutput(output: string, file: string, userLines: string[], mainName: string | null, positionsInOutput = false): Preprocessed {
  const lines = output.split('\n');
  const origins: (LineOrigin | null)[] = [];
  const parsed: string[] = [];
  let cur: LineOrigin | null = positionsInOutput ? { file, line: 1, system: false, user: true } : null;
  let main = mainName;
  const macros: MacroTable = new Map();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (l.startsWith('#define')) {
      const d = /^#define\s+([A-Za-z_]\w*)(\()?/.exec(l);
      if (d) macros.set(d[1], d[2] ? 'function' : 'object');
    }
    const m = l.startsWith('#') ? MARKER.exec(l) : null;
    if (m) {
      const name = m[2].replace(/\\(.)/g, '$1');
      if (main === null) main = name;
      const flags = m[3].trim().split(/\s+/);
      // Flag 3 on a marker of the main file only says a system macro was expanded there.
      const isUser = name === main;
      const system = flags.includes('3') && !isUser;
      cur = positionsInOutput ? { file, line: i + 2, system, user: !system } : { file: isUser ? file : name, line: Number(m[1]), system, user: isUser };
      origins.push(null);
      parsed.push('');
      continue;
    }
    // Other directives left in the output (#pragma, #ident): not C for tree-sitter.
    parsed.push(/^\s*#/.test(l) ? '' : l);
    if (positionsInOutput) origins.push({ file, line: i + 1, system: cur?.system ?? false, user: cur?.user ?? true });
    else if (cur) {
      origins.push({ ...cur });
      cur = { ...cur, line: cur.line + 1 };
    } else origins.push(null);
  }
  const srcLines = positionsInOutput ? lines : userLines;
  return { text: parsed.join('\n'), map: new SourceMap(origins, parsed, srcLines, macros), diagnostics: [] };
}
