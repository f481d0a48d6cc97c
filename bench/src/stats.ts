// Small statistics over lists of times (milliseconds), memory, markdown.

import { readFileSync } from 'node:fs';

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
}

/** The p-th percentile (0..100) by nearest rank on the sorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function summarize(values: number[]): Summary {
  return { n: values.length, median: percentile(values, 50), min: Math.min(...values), max: Math.max(...values) };
}

/** "123 ms (110–140, n=5)" or seconds when large. */
export function formatSummary(s: Summary | undefined): string {
  if (!s || s.n === 0) return '—';
  return `${formatMs(s.median)} (${formatMs(s.min)}–${formatMs(s.max)}, n=${s.n})`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
}

/** Peak resident memory of a process (VmHWM of /proc/PID/status), in MB; includes every thread. */
export function peakMemoryMB(pid: number | 'self' = 'self'): number {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(text);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
