// Rewrites of the preprocessed text, before parsing, for C that tree-sitter-c
// cannot parse. Each keeps the order of the user's tokens (the column mapping
// relies on it) and is reported where it could change the meaning.

/** Prefix of the names given to unnamed bit-fields. */
export const UNNAMED_BITFIELD = '__creach_unnamed_';

export interface Rewritten {
  text: string;
  /** 0-based positions where `_Complex`/`_Imaginary` were blanked out (not modelled). */
  complexAt: { row: number; column: number }[];
}

export function rewriteForParsing(text: string): Rewritten {
  return { text: nameUnnamedBitFields(blankThreadLocal(builtinOffsetof(blankComplex(text)))), complexAt: complexPositions(text) };
}

/** stddef.h's `offsetof` expands to `__builtin_offsetof(T, m)`; tree-sitter-c knows `offsetof(T, m)`. */
function builtinOffsetof(text: string): string {
  return text.replace(/\b__builtin_offsetof\b/g, 'offsetof          ');
}

/** `_Thread_local` / `__thread`: one thread is analysed, so thread storage is static storage. */
function blankThreadLocal(text: string): string {
  return text.replace(/\b(?:_Thread_local|__thread)\b/g, (m) => ' '.repeat(m.length));
}

/**
 * `unsigned : 0;` (padding in some system headers) gets a name, `unsigned __creach_unnamed_1: 0;`;
 * the declarations code treats such members as unnamed.
 */
function nameUnnamedBitFields(text: string): string {
  let k = 0;
  // Only at the start of a member declaration (after `{` or `;`): `_Generic(x, int: 1)` is left alone.
  return text.replace(/(?<=[{;]\s*)((?:(?:un)?signed|int|char|short|long|_Bool)(?:\s+(?:(?:un)?signed|int|char|short|long))*\s*):(\s*\d+\s*[;,])/g, (_m, type: string, rest: string) => `${type} ${UNNAMED_BITFIELD}${++k}:${rest}`);
}

const COMPLEX = /\b(?:_Complex|__complex__|_Imaginary)\b/g;

/** Complex types (complex.h) become their real type: blanked, same length. */
function blankComplex(text: string): string {
  return text.replace(COMPLEX, (m) => ' '.repeat(m.length));
}

function complexPositions(text: string): { row: number; column: number }[] {
  const out: { row: number; column: number }[] = [];
  const lines = text.split('\n');
  lines.forEach((l, row) => {
    for (const m of l.matchAll(COMPLEX)) out.push({ row, column: m.index ?? 0 });
  });
  return out;
}
