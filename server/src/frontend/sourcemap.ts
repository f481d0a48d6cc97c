// Maps positions in the text tree-sitter parses (the preprocessed file) back
// to the user's original file. Lines come from the `# N "file"` line markers;
// columns by aligning the tokens of a preprocessed line with the tokens of the
// original line (the preprocessor collapses spaces and expands macros, but
// keeps the user's tokens in order).

export interface LineOrigin {
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** From a system header (marker flag 3). */
  system: boolean;
  /** The line belongs to the user's file. */
  user: boolean;
}

export interface MappedPos {
  line: number;
  column: number;
  user: boolean;
  file: string;
}

interface Tok {
  text: string;
  col: number;
}

const TOKEN = /\s+|\/\/.*$|\/\*.*?(\*\/|$)|[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|[\w.])*|"(?:\\.|[^"\\])*"?|'(?:\\.|[^'\\])*'?|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|##|./gy;

function tokenize(line: string): Tok[] {
  const toks: Tok[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < line.length && (m = TOKEN.exec(line))) {
    const t = m[0];
    if (/^\s/.test(t) || t.startsWith('//') || t.startsWith('/*')) continue;
    toks.push({ text: t, col: m.index });
  }
  return toks;
}

export class SourceMap {
  private columnMaps = new Map<number, { iCol: number; oCol: number; len: number }[] | null>();

  constructor(
    /** Origin of each preprocessed line (0-based index), null for lines of no file. */
    readonly origins: (LineOrigin | null)[],
    private readonly parsedLines: string[],
    private readonly userLines: string[],
  ) {}

  /** Identity map for text parsed without preprocessing. */
  static identity(file: string, text: string): SourceMap {
    const lines = text.split('\n');
    return new SourceMap(lines.map((_, i) => ({ file, line: i + 1, system: false, user: true })), lines, lines);
  }

  /** Map a 0-based (row, column) of the parsed text to a 1-based position in its original file. */
  map(row: number, col: number, isEnd = false): MappedPos | null {
    const o = this.origins[row];
    if (!o) return null;
    if (!o.user) return { line: o.line, column: col + 1, user: false, file: o.file };
    const cmap = this.columnMap(row, o.line);
    if (!cmap || cmap.length === 0) return { line: o.line, column: col + 1, user: true, file: o.file };
    const c = isEnd ? Math.max(col - 1, 0) : col;
    let best = cmap[0];
    for (const e of cmap) {
      if (e.iCol <= c) best = e;
      else break;
    }
    const within = Math.min(c - best.iCol, Math.max(best.len - 1, 0));
    const oc = best.oCol + Math.max(within, 0) + (isEnd ? 1 : 0);
    return { line: o.line, column: oc + 1, user: true, file: o.file };
  }

  private columnMap(row: number, userLine: number) {
    if (this.columnMaps.has(row)) return this.columnMaps.get(row)!;
    const iLine = this.parsedLines[row] ?? '';
    const oLine = this.userLines[userLine - 1];
    let result: { iCol: number; oCol: number; len: number }[] | null = null;
    if (oLine !== undefined) {
      const iToks = tokenize(iLine);
      const oToks = tokenize(oLine);
      result = [];
      let j = 0;
      for (const t of iToks) {
        let k = j;
        while (k < oToks.length && k < j + 12 && oToks[k].text !== t.text) k++;
        if (k < oToks.length && oToks[k].text === t.text) {
          result.push({ iCol: t.col, oCol: oToks[k].col, len: t.text.length });
          j = k + 1;
        } else {
          // A token of a macro expansion: attribute it to the macro name (the next identifier),
          // or, after the macro's arguments, to the last token matched.
          const next = oToks[j];
          const anchor = next && /^[A-Za-z_$]/.test(next.text) ? next : oToks[j - 1] ?? oToks[Math.min(j, oToks.length - 1)];
          result.push({ iCol: t.col, oCol: anchor ? anchor.col : 0, len: anchor ? anchor.text.length : 1 });
        }
      }
    }
    this.columnMaps.set(row, result);
    return result;
  }
}
