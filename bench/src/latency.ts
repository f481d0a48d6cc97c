// Part 2: per-goal latency as the editor asks, one goal at a time: every
// statement and branch goal of every fixture, `engine.reach` with the goal's
// line, column and outcome. Two passes on one engine per file: the first ask
// of each goal (the first goal of a function also encodes it), then the same
// goals again on the unchanged file (warm: program and encodings cached,
// every query solved again).

import { readdirSync } from 'node:fs';
import { createEngine } from '../../server/src/api';
import type { GoalReport } from '../../shared/report';
import { cliEngineOptions, errorText, fixture, outDir, root, runNode, src } from './common';
import { percentile } from './stats';
import * as path from 'node:path';

export interface GoalTime {
  file: string;
  id: string;
  status: string;
  firstMs: number;
  warmMs: number;
}

export interface LatencyResult {
  goals: GoalTime[];
  /** Goals whose reach answered another goal than the one asked (should be none). */
  mismatched: string[];
  errors: string[];
  /** Resident memory (MB, VmRSS) of the process after each file: one long-lived engine, as a language-server worker. */
  rssAfter: { file: string; rssMB: number }[];
  first: { p50: number; p95: number; max: number };
  warm: { p50: number; p95: number; max: number };
}

export async function latencyChild(log = (s: string) => process.stderr.write(s + '\n')): Promise<LatencyResult> {
  const files = readdirSync(path.join(root, 'test/fixtures'))
    .filter((f) => /\.(c|i)$/.test(f))
    .sort();
  const goals: GoalTime[] = [];
  const mismatched: string[] = [];
  const errors: string[] = [];
  const rssAfter: LatencyResult['rssAfter'] = [];
  const engine = await createEngine(cliEngineOptions());
  for (const file of files) {
    let outline: GoalReport[][];
    let names: string[];
    try {
      const o = await engine.outline({ ...src(fixture(file)) });
      outline = o.functions.map((f) => f.goals.filter((g) => g.kind === 'statement' || g.kind === 'branch'));
      names = o.functions.map((f) => f.name);
    } catch (e) {
      errors.push(`${file}: ${errorText(e)}`);
      continue;
    }
    const asks = outline.flatMap((gs, i) => gs.map((g) => ({ g, fn: names[i] })));
    const times = new Map<string, GoalTime>();
    for (const pass of ['first', 'warm'] as const) {
      for (const { g, fn } of asks) {
        const t0 = performance.now();
        let status: string;
        try {
          const r = await engine.reach({ ...src(fixture(file)), function: fn, line: g.line, column: g.column, outcome: g.outcome });
          const answered = r.functions[0]?.goals[0];
          status = answered?.status ?? 'none';
          if (answered?.id !== g.id && pass === 'first') mismatched.push(`${file} ${g.id} answered as ${answered?.id}`);
        } catch (e) {
          status = errorText(e);
          if (pass === 'first') errors.push(`${file} ${g.id}: ${status}`);
        }
        const ms = performance.now() - t0;
        const t = times.get(g.id) ?? { file, id: g.id, status, firstMs: ms, warmMs: NaN };
        if (pass === 'warm') t.warmMs = ms;
        times.set(g.id, t);
      }
    }
    const ts = [...times.values()];
    goals.push(...ts);
    rssAfter.push({ file, rssMB: process.memoryUsage().rss / 2 ** 20 });
    log(
      `  ${file}: ${ts.length} goals, warm p50 ${percentile(
        ts.map((t) => t.warmMs),
        50,
      ).toFixed(1)} ms, max ${Math.max(...ts.map((t) => t.warmMs)).toFixed(0)} ms`,
    );
  }
  engine.dispose();
  const pct = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95), max: Math.max(...xs) });
  return { goals, mismatched, errors, rssAfter, first: pct(goals.map((g) => g.firstMs)), warm: pct(goals.map((g) => g.warmMs)) };
}

/** Runs the latency pass in a child process (a crash, such as Z3 running out of memory, is reported, not fatal). */
export async function runLatency(log = (s: string) => process.stderr.write(s + '\n')): Promise<LatencyResult | { error: string }> {
  const run = await runNode([path.join(outDir, 'bench.js'), 'latency-child'], 1_800_000);
  process.stderr.write(
    run.stderr
      .split('\n')
      .filter((l) => l.startsWith('  '))
      .join('\n') + '\n',
  );
  try {
    return JSON.parse(run.stdout) as LatencyResult;
  } catch {
    const error = errorText(run.stderr.split('\n').find((l) => /Error|Abort/.test(l)) ?? run.stderr);
    log(`  latency: ${error}`);
    return { error };
  }
}
