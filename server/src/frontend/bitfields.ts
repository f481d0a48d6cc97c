// tree-sitter-c does not parse unnamed bit-fields (`unsigned : 0;`, used for padding in some
// system headers); they are given a reserved name before parsing.

/** Prefix of the names given to unnamed bit-fields, which tree-sitter-c cannot parse. */
export const UNNAMED_BITFIELD = '__creach_unnamed_';

/**
 * `unsigned : 0;` gets a name (`unsigned __creach_unnamed_1: 0;`) so that tree-sitter parses it;
 * the declarations code treats such members as unnamed. Tokens after it on that line keep their
 * order, which is all the column mapping needs.
 */
export function nameUnnamedBitFields(text: string): string {
  let k = 0;
  // Only at the start of a member declaration (after `{` or `;`): `_Generic(x, int: 1)` is left alone.
  return text.replace(/(?<=[{;]\s*)((?:(?:un)?signed|int|char|short|long|_Bool)(?:\s+(?:(?:un)?signed|int|char|short|long))*\s*):(\s*\d+\s*[;,])/g, (_m, type: string, rest: string) => `${type} ${UNNAMED_BITFIELD}${++k}:${rest}`);
}
