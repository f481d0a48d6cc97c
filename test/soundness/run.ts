// Runs the differential test on seeds: generate, ask the real CReach CLI
// (cover for statements and branches, check for assertions and runtime
// errors), compile and run the gcc oracle on the domain and on every datum,
// compare. Used by differential.test.ts (CI seeds) and scripts/soundness.mjs
// (larger runs).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { FunctionReport, Report } from '../../shared/report';
import { type Comparison, type DataRun, compare } from './compare';
import { type Generated, generate } from './generator';
import { compile, domainInputs, fromJson, inputLine, observe, runProcess } from './oracle';

export interface Options {
  /** Path of CReach's CLI (CREACH_CLI, default dist/cli.js). */
  cli: string;
  /** --timeout of each query, ms. */
  queryTimeoutMs: number;
  /** --loop-bound, when set. */
  loopBound?: number;
  /** Time limit of one CLI run, ms. */
  cliTimeoutMs: number;
  /** Where each seed's files go (prog.c, oracle.c, reports). */
  workDir: string;
  /** Programs run at the same time. */
  jobs: number;
  /** Keep each seed's directory (default: removed unless it disagrees). */
  keepAll?: boolean;
}

export interface SeedResult {
  seed: number;
  dir: string;
  source: string;
  /** The program declares a struct (member accesses, pointers into members). */
  members: boolean;
  comparison?: Comparison;
  /** CReach failed (usage/input error, crash, time limit) or the oracle failed. */
  error?: string;
  inputs: number;
  ms: { creach: number; oracle: number; total: number };
}

export function defaultOptions(overrides: Partial<Options> = {}): Options {
  return {
    cli: path.resolve(process.env.CREACH_CLI ?? 'dist/cli.js'),
    queryTimeoutMs: Number(process.env.SOUNDNESS_QUERY_TIMEOUT ?? 1000),
    // Generated loops run at most 5 times: a bound of 8 still gives complete proofs, with fewer deepening steps than 64.
    loopBound: Number(process.env.SOUNDNESS_LOOP_BOUND ?? 8),
    cliTimeoutMs: 300_000,
    workDir: mkdtempSync(path.join(tmpdir(), 'creach-soundness-')),
    jobs: 2,
    ...overrides,
  };
}

async function creach(command: 'cover' | 'check', file: string, dir: string, o: Options): Promise<{ report?: FunctionReport; error?: string }> {
  const args = [o.cli, command, file, '--function', 'f', '--json', '--timeout', String(o.queryTimeoutMs)];
  if (o.loopBound !== undefined) args.push('--loop-bound', String(o.loopBound));
  const r = await runProcess(process.execPath, args, { timeoutMs: o.cliTimeoutMs, cwd: dir });
  writeFileSync(path.join(dir, `${command}.json`), r.stdout);
  const cmd = `node ${args.join(' ')}`;
  if (r.timedOut) return { error: `${cmd}: no answer within ${o.cliTimeoutMs} ms` };
  if (r.code !== 0 && !(command === 'check' && r.code === 1)) return { error: `${cmd}: exit ${r.code ?? r.signal}: ${r.stderr.trim().slice(0, 1500)}` };
  try {
    const report = JSON.parse(r.stdout) as Report;
    const fn = report.functions.find((f) => f.name === 'f');
    return fn ? { report: fn } : { error: `${cmd}: no function f in the report` };
  } catch (e) {
    return { error: `${cmd}: not JSON (${String(e)}): ${r.stdout.slice(0, 500)}` };
  }
}

export async function runSeed(seed: number, o: Options): Promise<SeedResult> {
  const t0 = Date.now();
  const g: Generated = generate(seed);
  const dir = path.join(o.workDir, `seed-${seed}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'prog.c');
  writeFileSync(file, g.source);
  const result: SeedResult = { seed, dir, source: g.source, members: g.members, inputs: 0, ms: { creach: 0, oracle: 0, total: 0 } };
  const exe = compile(g, dir).then(
    (x) => x,
    (e: unknown) => e as Error,
  );
  const tc = Date.now();
  const cover = await creach('cover', file, dir, o);
  const check = await creach('check', file, dir, o);
  result.ms.creach = Date.now() - tc;
  const built = await exe;
  if (built instanceof Error) {
    result.error = `oracle: ${built.message}`;
    return result;
  }
  if (cover.error || check.error) {
    result.error = [cover.error, check.error].filter(Boolean).join('\n');
    result.ms.total = Date.now() - t0;
    return result;
  }
  const to = Date.now();
  const domain = domainInputs(g);
  const lines = domain.map((v) => inputLine(g, v));
  const data: (DataRun & { line?: number })[] = [];
  for (const [which, fr] of [
    ['cover', cover.report!],
    ['check', check.report!],
  ] as const) {
    for (const test of fr.tests) {
      const values = g.params.map((p) => fromJson(p.type, test.inputs[p.name]));
      const bad = values.find((v): v is string => typeof v === 'string');
      const extra = Object.keys(test.inputs).filter((k) => !g.params.some((p) => p.name === k));
      if (bad !== undefined || extra.length) {
        data.push({ report: which, test, run: bad ?? `unexpected inputs ${extra.join(', ')}` });
        continue;
      }
      const vs = values as (bigint | number)[];
      data.push({ report: which, test, run: '', values: vs, line: lines.length });
      lines.push(inputLine(g, vs));
    }
  }
  try {
    const runs = await observe(g, built, lines);
    for (const d of data) if (d.line !== undefined) d.run = runs[d.line];
    result.inputs = domain.length;
    result.comparison = compare(g, { cover: cover.report, check: check.report }, domain, runs.slice(0, domain.length), data);
  } catch (e) {
    result.error = `oracle: ${e instanceof Error ? e.message : String(e)}`;
  }
  result.ms.oracle = Date.now() - to;
  result.ms.total = Date.now() - t0;
  const clean = !result.error && result.comparison!.disagreements.length === 0;
  if (clean && !o.keepAll) rmSync(dir, { recursive: true, force: true });
  return result;
}

/** Runs `seeds` with `o.jobs` programs at a time; `onResult` sees each result as it comes. */
export async function runSeeds(seeds: number[], o: Options, onResult?: (r: SeedResult) => void): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const seed = seeds[next++];
      const r = await runSeed(seed, o);
      results.push(r);
      onResult?.(r);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.jobs) }, worker));
  return results.sort((a, b) => a.seed - b.seed);
}

export interface Figures {
  programs: number;
  /** Programs with a struct. */
  memberPrograms: number;
  /** Programs CReach or the oracle could not handle (no comparison). */
  failed: number;
  goals: number;
  reachable: number;
  falseProofs: number;
  falseBounded: number;
  badData: number;
  badResults: number;
  missed: number;
  outside: number;
  unmapped: number;
  unmatched: number;
  data: number;
  claims: number;
  inputs: number;
  statuses: Record<string, number>;
  seconds: number;
}

export function figures(results: SeedResult[], seconds: number): Figures {
  const f: Figures = {
    programs: results.length,
    memberPrograms: results.filter((r) => r.members).length,
    failed: 0,
    goals: 0,
    reachable: 0,
    falseProofs: 0,
    falseBounded: 0,
    badData: 0,
    badResults: 0,
    missed: 0,
    outside: 0,
    unmapped: 0,
    unmatched: 0,
    data: 0,
    claims: 0,
    inputs: 0,
    statuses: {},
    seconds,
  };
  for (const r of results) {
    const c = r.comparison;
    if (!c) {
      f.failed++;
      continue;
    }
    f.goals += c.goals;
    f.reachable += c.reachable;
    f.inputs += r.inputs;
    f.data += c.data;
    f.claims += c.claims;
    f.missed += c.missed.length;
    f.outside += c.outside.length;
    f.unmapped += c.unmapped.length;
    f.unmatched += c.unmatched.length;
    for (const d of c.disagreements) {
      if (d.category === 'false-proof') f.falseProofs++;
      else if (d.category === 'false-bounded') f.falseBounded++;
      else if (d.category === 'bad-datum') f.badData++;
      else f.badResults++;
    }
    for (const [k, v] of Object.entries(c.statuses)) f.statuses[k] = (f.statuses[k] ?? 0) + v;
  }
  return f;
}

export function formatFigures(f: Figures): string {
  return [
    `programs ${f.programs} (${f.failed} not compared: CReach or oracle error; ${f.memberPrograms} with struct members)`,
    `goals ${f.goals} (${Object.entries(f.statuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}), reached or violated in the domain ${f.reachable}, domain inputs ${f.inputs}`,
    `false proofs ${f.falseProofs}, false bounded claims ${f.falseBounded}`,
    `bad data ${f.badData} (of ${f.claims} claims in ${f.data} data), wrong expected results ${f.badResults}`,
    `missed ${f.missed} (reachable in the domain, left unknown/not-reached), covered outside the domain ${f.outside}`,
    `unmapped goals ${f.unmapped}, unmatched undefined behaviours ${f.unmatched}`,
    `time ${f.seconds.toFixed(1)} s`,
  ].join('\n');
}

/** A seed's problems, for people. */
export function formatSeed(r: SeedResult, verbose = false): string {
  const out: string[] = [];
  if (r.error) out.push(`seed ${r.seed}: ERROR ${r.error}`);
  const c = r.comparison;
  if (verbose)
    out.push(
      `seed ${r.seed}: ${c ? `${c.goals} goals, ${c.reachable} reached in the domain` : 'not compared'}; CReach ${(r.ms.creach / 1000).toFixed(1)} s, oracle ${(r.ms.oracle / 1000).toFixed(1)} s, ${r.inputs} inputs`,
    );
  if (c) {
    for (const d of c.disagreements) out.push(`seed ${r.seed}: ${d.category.toUpperCase()} ${d.detail}`);
    if (verbose) {
      for (const u of c.unmapped) out.push(`seed ${r.seed}: unmapped ${u}`);
      for (const u of c.unmatched) out.push(`seed ${r.seed}: unmatched ${u}`);
      for (const m of c.missed) out.push(`seed ${r.seed}: missed ${m}`);
    }
  }
  if (out.length && (r.error || c?.disagreements.length)) out.push(`seed ${r.seed}: files in ${r.dir}`);
  return out.join('\n');
}
