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
  /** Lines after the mapped line (a macro invocation that goes on over the next lines). */
  line: number;
}

const TOKEN =
  /\s+|\/\/.*$|\/\*.*?(\*\/|$)|[A-Za-z_$][\w$]*|\.?\d(?:[eEpP][+-]|[\w.])*|"(?:\\.|[^"\\])*"?|'(?:\\.|[^'\\])*'?|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|##|./gy;

function tokenize(line: string, lineOffset = 0): Tok[] {
  const toks: Tok[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < line.length && (m = TOKEN.exec(line))) {
    const t = m[0];
    if (/^\s/.test(t) || t.startsWith('//') || t.startsWith('/*')) continue;
    toks.push({ text: t, col: m.index, line: lineOffset });
  }
  return toks;
}

/** Macro names known to the preprocessor run (from `-dD`): function-like or object-like. */
export type MacroTable = Map<string, 'function' | 'object'>;

/** A token of the original line, or a whole macro invocation (`NAME` or `NAME(args)`). */
interface Unit {
  text: string;
  col: number;
  end: number;
  /** The lines of `col` and `end`, after the mapped line. */
  line: number;
  endLine: number;
  macro: boolean;
  /** Units of a function-like invocation's arguments (for mapping the tokens they expand to). */
  inner: Unit[];
}

/** One preprocessed token and where it comes from in the original line. */
interface ColumnEntry {
  iCol: number;
  len: number;
  oStart: number;
  oEnd: number;
  /** The lines of oStart and oEnd, after the mapped line. */
  oLine: number;
  oEndLine: number;
  /** Exact copy of an original token (columns inside it map one to one). */
  exact: boolean;
}

/** The entry of preprocessed token `t`, from the user's units `first` to `last`. */
function entry(t: Tok, first: Unit, last: Unit, exact: boolean): ColumnEntry {
  return { iCol: t.col, len: t.text.length, oStart: first.col, oEnd: last.end, oLine: first.line, oEndLine: last.endLine, exact };
}

function groupUnits(toks: Tok[], macros: MacroTable, from = 0, to = toks.length): Unit[] {
  const units: Unit[] = [];
  for (let k = from; k < to; k++) {
    const t = toks[k];
    const kind = macros.get(t.text);
    const end = t.col + t.text.length;
    if (kind === 'function' && toks[k + 1]?.text === '(') {
      let depth = 0;
      let m = k + 1;
      for (; m < to; m++) {
        if (toks[m].text === '(') depth++;
        else if (toks[m].text === ')' && --depth === 0) break;
      }
      const last = toks[Math.min(m, to - 1)];
      units.push({
        text: t.text,
        col: t.col,
        end: last.col + last.text.length,
        line: t.line,
        endLine: last.line,
        macro: true,
        inner: groupUnits(toks, macros, k + 2, Math.min(m, to)),
      });
      k = m;
    } else units.push({ text: t.text, col: t.col, end, line: t.line, endLine: t.line, macro: kind === 'object', inner: [] });
  }
  return units;
}

export class SourceMap {
  private columnMaps = new Map<number, ColumnEntry[] | null>();

  constructor(
    /** Origin of each preprocessed line (0-based index), null for lines of no file. */
    readonly origins: (LineOrigin | null)[],
    private readonly parsedLines: string[],
    private readonly userLines: string[],
    private readonly macros: MacroTable = new Map(),
  ) {}

  /** Identity map for text parsed without preprocessing. */
  static identity(file: string, text: string): SourceMap {
    const lines = text.split('\n');
    return new SourceMap(
      lines.map((_, i) => ({ file, line: i + 1, system: false, user: true })),
      lines,
      lines,
    );
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
    let oc: number;
    let line: number;
    if (best.exact) {
      oc = best.oStart + Math.min(Math.max(c - best.iCol, 0), best.len - 1) + (isEnd ? 1 : 0);
      line = best.oLine;
    } else {
      oc = isEnd ? best.oEnd : best.oStart;
      line = isEnd ? best.oEndLine : best.oLine;
    }
    return { line: o.line + line, column: oc + 1, user: true, file: o.file };
  }

  private columnMap(row: number, userLine: number): ColumnEntry[] | null {
    if (this.columnMaps.has(row)) return this.columnMaps.get(row)!;
    const oLine = this.userLines[userLine - 1];
    // The preprocessor may split one source line over several output rows (a macro from a
    // system header is expanded on rows of its own): align all of them as one line.
    const rows = this.rowsOfSameLine(row);
    let text = '';
    const offsets: number[] = [];
    for (const r of rows) {
      offsets.push(text.length);
      text += (this.parsedLines[r] ?? '') + ' ';
    }
    let entries: ColumnEntry[] | null = null;
    if (oLine !== undefined) {
      const iToks = tokenize(text);
      const units = groupUnits(this.userTokens(userLine), this.macros);
      entries = alignExact(iToks, units) ?? alignGreedy(iToks, units);
    }
    rows.forEach((r, k) => {
      const from = offsets[k];
      const to = k + 1 < rows.length ? offsets[k + 1] : Infinity;
      const own = entries?.filter((e) => e.iCol >= from && e.iCol < to).map((e) => ({ ...e, iCol: e.iCol - from })) ?? null;
      this.columnMaps.set(r, own);
    });
    return this.columnMaps.get(row) ?? null;
  }

  /**
   * The tokens of the user's line, and, when a function-like macro invocation on it goes on over the next
   * lines, theirs up to its closing parenthesis: the preprocessor puts the whole expansion on the
   * invocation's row (`assert(y >= 1` then `&& a[i] > 0);`), the rest of the last line on that line's row.
   */
  private userTokens(userLine: number): Tok[] {
    const own = tokenize(this.userLines[userLine - 1], 0);
    const open = openInvocation(own, this.macros);
    if (open < 0) return own;
    let toks = own;
    for (let k = 1; k <= MAX_INVOCATION_LINES && userLine - 1 + k < this.userLines.length; k++) {
      toks = toks.concat(tokenize(this.userLines[userLine - 1 + k], k));
      const close = closingParen(toks, open);
      if (close >= 0) return toks.slice(0, close + 1);
    }
    // Never closed within reach: the line alone, as before.
    return own;
  }

  private rowsOfSameLine(row: number): number[] {
    const o = this.origins[row]!;
    const same = (r: number) => {
      const x = this.origins[r];
      return !!x && x.user && x.line === o.line && x.file === o.file;
    };
    const rows = [row];
    for (let r = row - 1; r >= 0 && (this.origins[r] === null || same(r)); r--) if (same(r)) rows.unshift(r);
    for (let r = row + 1; r < this.origins.length && (this.origins[r] === null || same(r)); r++) if (same(r)) rows.push(r);
    return rows;
  }
}

/** The most lines after its own that a macro invocation is followed over (userTokens). */
const MAX_INVOCATION_LINES = 40;

/** The index of the `(` of a function-like macro invocation that the tokens leave open, or -1. */
function openInvocation(toks: Tok[], macros: MacroTable): number {
  for (let k = 0; k + 1 < toks.length; k++) {
    if (macros.get(toks[k].text) !== 'function' || toks[k + 1].text !== '(') continue;
    const close = closingParen(toks, k + 1);
    if (close < 0) return k + 1;
    k = close;
  }
  return -1;
}

/** The index of the `)` that closes the `(` at `open`, or -1. */
function closingParen(toks: Tok[], open: number): number {
  let depth = 0;
  for (let k = open; k < toks.length; k++) {
    if (toks[k].text === '(') depth++;
    else if (toks[k].text === ')' && --depth === 0) return k;
  }
  return -1;
}

/**
 * Aligns preprocessed tokens with the original units: plain tokens must be equal, a macro
 * invocation stands for any run of tokens (its expansion). Null when no alignment exists
 * (a macro call spread over several lines, say) or the line is too long to try.
 */
function alignExact(iToks: Tok[], units: Unit[]): ColumnEntry[] | null {
  const n = iToks.length;
  const m = units.length;
  if (n * m > 40_000) return null;
  // ok[i][j]: iToks[i..] aligns with units[j..]; filled backwards (no recursion).
  const ok: Uint8Array[] = Array.from({ length: n + 1 }, () => new Uint8Array(m + 1));
  ok[n][m] = 1;
  for (let j = m - 1; j >= 0; j--) {
    const u = units[j];
    // For a macro, ok[i][j] if some k >= i has ok[k][j + 1]: a suffix "or".
    let anyLater = 0;
    for (let i = n; i >= 0; i--) {
      if (u.macro) {
        anyLater |= ok[i][j + 1];
        ok[i][j] = anyLater;
      } else ok[i][j] = i < n && iToks[i].text === u.text ? ok[i + 1][j + 1] : 0;
    }
  }
  if (!ok[0][0]) return null;
  const out: ColumnEntry[] = [];
  let i = 0;
  for (let j = 0; j < m; j++) {
    const u = units[j];
    if (!u.macro) {
      out.push(entry(iToks[i], u, u, true));
      i++;
      continue;
    }
    let k = i;
    while (!ok[k][j + 1]) k++; // the shortest expansion that lets the rest align
    out.push(...alignInvocation(iToks.slice(i, k), u));
    i = k;
  }
  return out;
}

/**
 * The tokens a function-like macro invocation expands to. Each argument is found wherever its
 * tokens appear as a whole (the macros inside it standing for any tokens), and maps exactly
 * there: a macro may put its own tokens before an argument (CReach's `assert(e)` is
 * `__creach_assert((e), #e)`, whose first `(` a token-by-token search took for a `(` of `e`),
 * and may expand an argument more than once (`SQ(a)` as `((a) * (a))`). Every other token is
 * the macro's own.
 */
function alignInvocation(iToks: Tok[], u: Unit): ColumnEntry[] {
  // The arguments, each as its runs of plain tokens; `between[k]` holds the macros before run k.
  type Arg = { runs: Unit[][]; between: Unit[][] };
  const args: Arg[] = [{ runs: [[]], between: [[]] }];
  let depth = 0;
  for (const x of u.inner) {
    const arg = args[args.length - 1];
    if (x.macro) {
      if (arg.runs[arg.runs.length - 1].length > 0) {
        arg.runs.push([]);
        arg.between.push([]);
      }
      arg.between[arg.between.length - 1].push(x);
      continue;
    }
    if (depth === 0 && x.text === ',') {
      args.push({ runs: [[]], between: [[]] });
      continue;
    }
    if (x.text === '(' || x.text === '[' || x.text === '{') depth++;
    if (x.text === ')' || x.text === ']' || x.text === '}') depth--;
    arg.runs[arg.runs.length - 1].push(x);
  }
  const mapped: (ColumnEntry | null)[] = iToks.map(() => null);
  /** Tokens `from`..`to` not yet mapped: the expansion of `macros` (their span in the user's line). */
  const toMacros = (from: number, to: number, macros: Unit[]) => {
    for (let k = from; k < to; k++) if (mapped[k] === null) mapped[k] = entry(iToks[k], macros[0], macros[macros.length - 1], false);
  };
  const runAt = (run: Unit[], i: number) => i + run.length <= iToks.length && run.every((x, k) => mapped[i + k] === null && iToks[i + k].text === x.text);
  // Longer arguments first: a shorter one can be a part of a longer one (`y` of `ADD(y, y * 2)`), and would take its tokens.
  const size = (a: Arg) => a.runs.reduce((n, r) => n + r.length, 0);
  for (const { runs, between } of [...args].sort((a, b) => size(b) - size(a))) {
    if (runs[0].length === 0) continue;
    // Each copy of the argument: its first run, then each next run after it, in order; the tokens
    // between two runs are the expansion of the macros the argument has there.
    for (let i = 0; i < iToks.length; i++) {
      if (!runAt(runs[0], i)) continue;
      let at = i;
      // Macros before the first run and after the last: each one token or one parenthesised group.
      if (between[0].length) {
        let from = i;
        for (let m = 0; m < between[0].length && from > 0; m++) from = groupStart(iToks, from - 1);
        toMacros(from, i, between[0]);
      }
      for (let r = 0; r < runs.length; r++) {
        const from = at;
        const macros = between[r];
        if (runs[r].length === 0) {
          // Trailing macros.
          for (let m = 0; m < macros.length && at < iToks.length; m++) at = groupEnd(iToks, at) + 1;
          toMacros(from, at, macros);
          break;
        }
        while (at < iToks.length && !runAt(runs[r], at)) at++;
        if (at >= iToks.length) break;
        if (r > 0 && macros.length) toMacros(from, at, macros);
        runs[r].forEach((x, k) => (mapped[at + k] = entry(iToks[at + k], x, x, true)));
        at += runs[r].length;
      }
      i = at - 1;
    }
  }
  return iToks.map((t, i) => mapped[i] ?? entry(t, u, u, false));
}

/** The last token of the group that starts at `i`: one token, or a parenthesised group. */
function groupEnd(toks: Tok[], i: number): number {
  if (toks[i].text !== '(') return i;
  let depth = 0;
  for (let k = i; k < toks.length; k++) {
    if (toks[k].text === '(') depth++;
    else if (toks[k].text === ')' && --depth === 0) return k;
  }
  return i;
}

/** The first token of the group that ends at `i`: one token, or a parenthesised group. */
function groupStart(toks: Tok[], i: number): number {
  if (toks[i].text !== ')') return i;
  let depth = 0;
  for (let k = i; k >= 0; k--) {
    if (toks[k].text === ')') depth++;
    else if (toks[k].text === '(' && --depth === 0) return k;
  }
  return i;
}

/**
 * Greedy alignment (a line alignExact cannot align): each token is looked for among the next few
 * units; a token not found comes from the macro unit it stands at, or the unit nearest it.
 */
function alignGreedy(iToks: Tok[], units: Unit[]): ColumnEntry[] {
  const out: ColumnEntry[] = [];
  let j = 0;
  for (const t of iToks) {
    let k = j;
    while (k < units.length && k < j + 12 && (units[k].macro || units[k].text !== t.text)) k++;
    if (k < units.length && !units[k].macro && units[k].text === t.text) {
      out.push(entry(t, units[k], units[k], true));
      j = k + 1;
      continue;
    }
    const at = units[j] ?? units[j - 1];
    if (at) out.push(entry(t, at, at, false));
  }
  return out;
}
