// Part 6: where the time goes. (a) A cold CLI run split into its phases
// (node and bundle load, Z3 initialisation, front end, encode and solve), in
// a child process. (b) V8 CPU profiles (`node --cpu-prof`) of CLI runs of
// seed goals, self time grouped by where the code comes from: our sources
// (by server/src file, from the bundle's `// server/src/...` module markers),
// the z3-solver JavaScript, WebAssembly (Z3 API calls and tree-sitter run on
// the main thread), node internals, garbage collection, and idle time. Z3's
// `check` runs on a thread of its own: the main thread is idle meanwhile, so
// idle is mostly solver time (plus waiting for `cc -E`).

import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { createEngine } from '../../server/src/api';
import { cliEngineOptions, fixture, outDir, root, runNode, src } from './common';
import { cliArgs, seedGoals } from './seeds';

export interface ColdSplit {
  /** From process start to the benchmark bundle loaded (node boot + module evaluation). */
  bootMs: number;
  z3InitMs: number;
  /** engine.outline: cc -E, tree-sitter (first use: loading its wasm), lowering, goals. */
  frontEndMs: number;
  /** First reach: unrolling, encoding, solving. */
  firstReachMs: number;
  /** The same reach again (warm). */
  againMs: number;
}

/** In the child (`bench.js coldsplit`): time the phases of a first answer on factorial.c. */
export async function coldSplit(bootMs: number): Promise<void> {
  // Creating the first engine is Z3's start-up (its WebAssembly instance).
  let t = performance.now();
  const engine = await createEngine(cliEngineOptions());
  const z3InitMs = performance.now() - t;
  const file = fixture('factorial.c');
  t = performance.now();
  await engine.outline({ ...src(file) });
  const frontEndMs = performance.now() - t;
  t = performance.now();
  await engine.reach({ ...src(file), line: 13 });
  const firstReachMs = performance.now() - t;
  t = performance.now();
  await engine.reach({ ...src(file), line: 13 });
  const againMs = performance.now() - t;
  process.stdout.write(JSON.stringify({ bootMs, z3InitMs, frontEndMs, firstReachMs, againMs } satisfies ColdSplit) + '\n');
  engine.dispose();
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  id: string;
  cli: string;
  totalMs: number;
  /** Self time (ms) by bucket, largest first. */
  buckets: [string, number][];
  /** Our functions with the most self time. */
  topOurs: [string, number][];
}

/** Source file of each line of the bundle, from esbuild's `// path/to/file.ts` module markers. */
function bundleFiles(bundle: string): (line: number) => string {
  const marks: { line: number; file: string }[] = [];
  bundle.split('\n').forEach((l, i) => {
    const m = /^\/\/ ((?:server|shared|node_modules)\/\S+\.[cm]?[jt]s)$/.exec(l);
    if (m) marks.push({ line: i, file: m[1] });
  });
  return (line) => {
    let lo = 0;
    let hi = marks.length - 1;
    let found = 'dist/cli.js';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (marks[mid].line <= line) {
        found = marks[mid].file;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

export function summarizeProfile(profile: CpuProfile, fileOfLine: (line: number) => string): Omit<ProfileSummary, 'id' | 'cli'> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const buckets = new Map<string, number>();
  const ours = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  let total = 0;
  for (const n of profile.nodes) {
    const ms = self.get(n.id) ?? 0;
    if (!ms) continue;
    total += ms;
    const { functionName: fn, url, lineNumber } = n.callFrame;
    let bucket: string;
    if (fn === '(idle)') bucket = 'idle (Z3 check thread, cc -E)';
    else if (fn === '(garbage collector)') bucket = 'garbage collector';
    else if (fn === '(program)') bucket = 'V8 (program: compile, runtime)';
    else if (url.startsWith('wasm://')) bucket = 'WebAssembly on main thread (Z3 API, tree-sitter)';
    else if (url.includes('z3-solver')) bucket = 'z3-solver JavaScript (high-level API)';
    else if (url.includes('web-tree-sitter')) bucket = 'web-tree-sitter JavaScript';
    else if (url.endsWith('dist/cli.js')) {
      const file = fileOfLine(lineNumber);
      bucket = file.startsWith('node_modules') ? `bundled ${file.split('/').slice(0, 2).join('/')}` : `ours: ${file}`;
      if (!file.startsWith('node_modules')) add(ours, `${fn || '(anonymous)'} (${file.replace('server/src/', '')})`, ms);
    } else if (url.startsWith('node:') || url === '') bucket = 'node internals';
    else bucket = `other: ${url}`;
    add(buckets, bucket, ms);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { totalMs: total, buckets: sorted(buckets), topOurs: sorted(ours).slice(0, 8) };
}

export const profiledGoals = ['sample-first', 'tritype-decisions', 'tritype-checked', 'tcas-holds-rte', 'gcd', 'sample-1953'];

export async function runProfiles(log = (s: string) => process.stderr.write(s + '\n')): Promise<{ split?: ColdSplit; profiles: ProfileSummary[] }> {
  const splitRun = await runNode([path.join(outDir, 'bench.js'), 'coldsplit']);
  let split: ColdSplit | undefined;
  try {
    split = JSON.parse(splitRun.stdout) as ColdSplit;
  } catch {
    log(`  coldsplit failed: ${splitRun.stderr.slice(0, 300)}`);
  }
  const fileOfLine = bundleFiles(readFileSync(path.join(root, 'dist/cli.js'), 'utf8'));
  const profiles: ProfileSummary[] = [];
  for (const id of profiledGoals) {
    const g = seedGoals.find((x) => x.id === id)!;
    const dir = path.join(outDir, 'prof', id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const args = cliArgs(g);
    await runNode(['--cpu-prof', '--cpu-prof-dir', dir, 'dist/cli.js', ...args]);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) continue;
    const s = summarizeProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile, fileOfLine);
    profiles.push({ id, cli: `creach ${args.join(' ').split(`${root}/`).join('')}`, ...s });
    log(
      `  ${id}: ${s.totalMs.toFixed(0)} ms: ${s.buckets
        .slice(0, 4)
        .map(([b, ms]) => `${b} ${ms.toFixed(0)}`)
        .join(', ')}`,
    );
  }
  return { split, profiles };
}
