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
