// Summaries and reproductions of a fuzz run.

import { join } from 'node:path';
import { shellCommand, type FuzzCase } from './corpus';
import type { CaseReport } from './runner';

/** The seed of the fixed corpus (fuzz.test.ts, known-findings.ts). */
export const FUZZ_SEED_DEFAULT = 20_250_612;

/** `n` cases spread evenly over the corpus, to run as real processes. */
export function processSample(cases: FuzzCase[], n: number): Set<string> {
  const ids = new Set<string>();
  if (cases.length === 0 || n <= 0) return ids;
  const step = cases.length / Math.min(n, cases.length);
  for (let k = 0; k < Math.min(n, cases.length); k++) ids.add(cases[Math.floor(k * step + step / 2)].id);
  return ids;
}

/** How to reproduce a failure: directory, command, what happened. */
export function reproduction(r: CaseReport, dist: string): string {
  const c = r.case;
  return [
    `${c.id} [${c.hash}] ${r.judgement.verdict} (${r.result.mode}, ${r.result.ms} ms): ${r.judgement.detail}`,
    `  input: ${c.origin}; files in ${r.dir}`,
    `  run:   (cd ${r.dir} && ${shellCommand(c, `node ${join(dist, 'cli.js')}`)})`,
  ].join('\n');
}

export function formatSummary(reports: CaseReport[], ms: number, skipped: number): string {
  const byVerdict = new Map<string, number>();
  const byKind = new Map<string, { n: number; ms: number; codes: Record<string, number> }>();
  for (const r of reports) {
    byVerdict.set(r.judgement.verdict, (byVerdict.get(r.judgement.verdict) ?? 0) + 1);
    const k = byKind.get(r.case.kind) ?? { n: 0, ms: 0, codes: {} };
    k.n++;
    k.ms += r.result.ms;
    const code = r.result.hung ? 'hang' : String(r.result.code);
    k.codes[code] = (k.codes[code] ?? 0) + 1;
    byKind.set(r.case.kind, k);
  }
  const byCommand = new Map<string, { n: number; ms: number }>();
  for (const r of reports) {
    const k = byCommand.get(r.case.argv[0] ?? '(none)') ?? { n: 0, ms: 0 };
    k.n++;
    k.ms += r.result.ms;
    byCommand.set(r.case.argv[0] ?? '(none)', k);
  }
  const slowest = [...reports].sort((a, b) => b.result.ms - a.result.ms).slice(0, 5);
  const retried = reports.filter((r) => r.slow);
  const processes = reports.filter((r) => r.result.mode === 'process').length;
  return [
    `fuzz: ${reports.length} cases run (${processes} as real processes), ${skipped} skipped as known findings, ${(ms / 1000).toFixed(1)} s`,
    `  verdicts: ${[...byVerdict].map(([v, n]) => `${v} ${n}`).join(', ')}`,
    ...[...byKind].map(
      ([k, v]) =>
        `  ${k.padEnd(10)} ${String(v.n).padStart(4)} cases, ${(v.ms / 1000).toFixed(1).padStart(6)} s, exit codes ${Object.entries(v.codes)
          .map(([c, n]) => `${c}: ${n}`)
          .join(', ')}`,
    ),
    `  by command: ${[...byCommand].map(([c, v]) => `${c} ${v.n} (${(v.ms / 1000).toFixed(0)} s)`).join(', ')}`,
    `  slowest: ${slowest.map((r) => `${r.case.id} ${(r.result.ms / 1000).toFixed(1)} s`).join(', ')}`,
    ...retried.map((r) => `  SLOW (not a hang on its second run): ${r.case.id} [${r.case.hash}] ${r.slow}: ${r.case.argv.join(' ').slice(0, 100)}`),
  ].join('\n');
}
