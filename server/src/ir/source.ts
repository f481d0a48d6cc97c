// Source text of IR ranges, for labels and explanations.

import type { SourceRange } from './ir';

let splitSource: { source: string; lines: string[] } | undefined;

/** Source text of a range, whitespace collapsed, cut to `max` characters. */
export function sourceText(source: string, r: SourceRange, max = 80): string {
  // Every goal's label reads the source: split once per source, not once per label.
  if (splitSource?.source !== source) splitSource = { source, lines: source.split('\n') };
  const { lines } = splitSource;
  const parts: string[] = [];
  for (let l = r.line; l <= r.endLine && l <= lines.length; l++) {
    const line = lines[l - 1] ?? '';
    const from = l === r.line ? r.column - 1 : 0;
    const to = l === r.endLine ? r.endColumn - 1 : line.length;
    parts.push(line.slice(from, to));
  }
  const text = parts.join(' ').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A text's line starts, once: the 1-based line and column of an offset (binary search), and back. */
export class LineIndex {
  private readonly starts = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }

  /** Line and column (1-based) of an offset; a newline is the last column of its line. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }

  /** The offset of a line and column (1-based); a line past the text's last counts from its end. */
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? this.text.length) + column - 1;
  }
}
