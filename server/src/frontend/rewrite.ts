// Rewrites of the preprocessed text, before parsing, for C that tree-sitter-c
// cannot parse: GNU alternate keywords (`__const`, `__signed__`, ...),
// `__extension__`, asm labels and `__attribute__` where the grammar has no
// place for them, and a few C11/GNU forms. Every rewrite but the naming of
// unnamed bit-fields keeps each token's offset (same-length replacement or
// blanks), so positions in the parsed text are positions in the preprocessed
// text, which the source map knows; string and character literals and
// comments are never touched. Rewrites that could change the meaning are
// reported (`notes`).

import { LineIndex } from '../ir/source';

/** Prefix of the names given to unnamed bit-fields. */
export const UNNAMED_BITFIELD = '__creach_unnamed_';

export interface RewriteNote {
  /** 0-based position in the text. */
  row: number;
  column: number;
  length: number;
  /** The warning: what is not modelled and what that does. */
  message: string;
}

export interface Rewritten {
  text: string;
  /** Constructs read with another meaning than C's (complex types, dropped attributes). */
  notes: RewriteNote[];
}

/** GNU spellings of standard keywords (gcc accepts them in every mode). */
const KEYWORD_SPELLINGS: Record<string, string> = {
  __const: 'const',
  __const__: 'const',
  __signed: 'signed',
  __signed__: 'signed',
  __volatile: 'volatile',
  __volatile__: 'volatile',
  __restrict: 'restrict',
  __restrict__: 'restrict',
  __inline: 'inline',
  __inline__: 'inline',
  __alignof: '_Alignof',
  __alignof__: '_Alignof',
  __builtin_offsetof: 'offsetof',
};
/** Tokens that mean nothing to the analysis: blanked. `_Thread_local`: one thread is analysed, thread storage is static storage. */
const BLANKED = new Set(['__extension__', '_Thread_local', '__thread']);
/** Complex types (complex.h) become their real type: blanked, and reported. */
const COMPLEX = new Set(['_Complex', '__complex__', '_Imaginary']);
/** Attributes that change layout or types, kept where the grammar parses them. */
const LAYOUT_ATTRIBUTES = new Set(['packed', 'aligned']);
/** Attributes with a meaning the analysis would miss when they are dropped. */
const MEANINGFUL_ATTRIBUTES = new Set(['mode', 'vector_size', 'cleanup', 'packed', 'aligned', 'scalar_storage_order']);
const CONTROL_KEYWORDS = new Set(['if', 'while', 'for', 'switch']);
const C_KEYWORDS = new Set([
  'auto',
  'break',
  'case',
  'char',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extern',
  'float',
  'for',
  'goto',
  'if',
  'inline',
  'int',
  'long',
  'register',
  'restrict',
  'return',
  'short',
  'signed',
  'sizeof',
  'static',
  'struct',
  'switch',
  'typedef',
  'union',
  'unsigned',
  'void',
  'volatile',
  'while',
  '_Bool',
  '_Noreturn',
  'typeof',
  '__typeof__',
]);

interface Tok {
  text: string;
  start: number;
  end: number;
  /** Identifier or keyword. */
  word: boolean;
}

/** Tokens of C code; comments, string and character literals are single tokens (`word` false) or skipped. */
function tokenize(text: string): Tok[] {
  const re =
    /\s+|\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|(?:L|u8|u|U)?"(?:\\[\s\S]|[^"\\\n])*"?|(?:L|u8|u|U)?'(?:\\[\s\S]|[^'\\\n])*'?|[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|'?[\w.])*|[\s\S]/gy;
  const out: Tok[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const t = m[0];
    const c = t[0];
    if (/\s/.test(c) || t.startsWith('//') || t.startsWith('/*')) continue;
    const word = /^[A-Za-z_$]/.test(t) && !/^(?:L|u8|u|U)?["']/.test(t);
    out.push({ text: t, start: m.index, end: m.index + t.length, word });
  }
  return out;
}

/** Index of the token closing the parenthesis opened at `open`, or the last token. */
function matching(toks: Tok[], open: number): number {
  let depth = 0;
  for (let k = open; k < toks.length; k++) {
    if (toks[k].text === '(') depth++;
    else if (toks[k].text === ')' && --depth === 0) return k;
  }
  return toks.length - 1;
}

/** Names inside `__attribute__((a, b(1), __c__))`, without their `__` wrappers. */
function attributeNames(toks: Tok[], from: number, to: number): string[] {
  const names: string[] = [];
  let depth = 0;
  for (let k = from; k <= to; k++) {
    const t = toks[k].text;
    if (t === '(') depth++;
    else if (t === ')') depth--;
    else if (depth === 2 && toks[k].word) names.push(t.replace(/^__(.*)__$/, '$1'));
  }
  return names;
}

export function rewriteForParsing(text: string): Rewritten {
  const toks = tokenize(text);
  const chars = text.split('');
  const notes: { offset: number; length: number; message: string }[] = [];
  const replace = (t: Tok, by: string) => {
    for (let i = t.start; i < t.end; i++) chars[i] = i - t.start < by.length ? by[i - t.start] : ' ';
  };
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  // Brace kinds (struct/union body or not), the token before each open parenthesis, typedef state.
  const braces: boolean[] = [];
  const parenOpeners: (Tok | undefined)[] = [];
  let pendingStruct = false;
  let lastClosedStruct = false;
  let lastCloseOpener: Tok | undefined;
  let typedefDepth = -1;
  let prev: Tok | undefined;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    const s = t.text;
    if (s === '__attribute__' || s === '__attribute') {
      if (toks[k + 1]?.text !== '(') continue;
      const close = matching(toks, k + 1);
      const names = attributeNames(toks, k + 1, close);
      const next = toks[close + 1]?.text;
      const structPlace = braces[braces.length - 1] === true || prev?.text === 'struct' || (prev?.text === '}' && lastClosedStruct);
      const keep =
        (structPlace && names.some((n) => LAYOUT_ATTRIBUTES.has(n))) ||
        (typedefDepth === braces.length && names.includes('mode') && (next === ';' || next === '__attribute__'));
      if (!keep) {
        blank(t.start, toks[close].end);
        // The alignment of a variable does not matter to the analysis; that of a type does.
        const meaningful = names.filter((n) => MEANINGFUL_ATTRIBUTES.has(n) && (n !== 'aligned' || typedefDepth === braces.length));
        if (meaningful.length > 0)
          notes.push({
            offset: t.start,
            length: toks[close].end - t.start,
            message: `__attribute__((${meaningful.join(', ')})) is ignored in this place: the analysis may not match the compiled code`,
          });
      }
      k = close; // an attribute does not end a pending struct specifier
      continue;
    }
    if ((s === '__asm__' || s === '__asm' || s === 'asm') && toks[k + 1]?.text === '(' && isAsmLabelPlace(prev, lastCloseOpener)) {
      // An asm label (`int f(int) __asm__("f64");`) names the symbol for the linker: no meaning here.
      const close = matching(toks, k + 1);
      blank(t.start, toks[close].end);
      k = close;
      continue;
    }
    if (s in KEYWORD_SPELLINGS) replace(t, KEYWORD_SPELLINGS[s]);
    else if (BLANKED.has(s)) {
      blank(t.start, t.end);
      continue;
    } else if (COMPLEX.has(s)) {
      blank(t.start, t.end);
      notes.push({
        offset: t.start,
        length: t.end - t.start,
        message: 'unsupported: complex types (read as their real type); goals they can affect are unknown',
      });
      continue;
    }
    if (s === 'struct' || s === 'union') pendingStruct = true;
    else if (s === '{') {
      braces.push(pendingStruct);
      pendingStruct = false;
    } else if (s === '}') {
      lastClosedStruct = braces.pop() ?? false;
      if (typedefDepth > braces.length) typedefDepth = -1;
    } else if (!t.word) pendingStruct = false;
    if (s === 'typedef') typedefDepth = braces.length;
    else if (s === ';' && typedefDepth === braces.length) typedefDepth = -1;
    if (s === '(') parenOpeners.push(prev);
    else if (s === ')') lastCloseOpener = parenOpeners.pop();
    prev = t;
  }
  const lines = new LineIndex(text);
  const position = (offset: number) => {
    const p = lines.position(offset);
    return { row: p.line - 1, column: p.column - 1 };
  };
  return {
    text: nameUnnamedBitFields(chars.join('')),
    notes: notes.map((n) => ({ ...position(n.offset), length: n.length, message: n.message })),
  };
}

/**
 * `__asm__ (` after a declarator is a label; after `;`, `{`, `}`, `:`, `else`, `do` or the
 * condition of `if`/`while`/`for`/`switch` it is an asm statement.
 */
function isAsmLabelPlace(prev: Tok | undefined, lastCloseOpener: Tok | undefined): boolean {
  if (!prev) return false;
  if (prev.word) return !C_KEYWORDS.has(prev.text);
  if (prev.text === ']') return true;
  if (prev.text === ')') return !(lastCloseOpener && CONTROL_KEYWORDS.has(lastCloseOpener.text));
  return false;
}

/**
 * `unsigned : 0;` (padding in some system headers) gets a name, `unsigned __creach_unnamed_1: 0;`;
 * the declarations code treats such members as unnamed. (This one moves the rest of its line.)
 */
function nameUnnamedBitFields(text: string): string {
  let k = 0;
  // Only at the start of a member declaration (after `{` or `;`): `_Generic(x, int: 1)` is left alone.
  return text.replace(
    /(?<=[{;]\s*)((?:(?:un)?signed|int|char|short|long|_Bool)(?:\s+(?:(?:un)?signed|int|char|short|long))*\s*):(\s*\d+\s*[;,])/g,
    (_m, type: string, rest: string) => `${type} ${UNNAMED_BITFIELD}${++k}:${rest}`,
  );
}
