// `npm run bench [part...] [--runs N] [--seeds PREFIX]`: parts are seeds, latency, scale, lsp,
// lsp-large, profile (default: all); --seeds runs only the seed rows whose id starts with PREFIX (the others stay as stored); `report` only prints the stored results again. Prints markdown, merges the parts run into
// bench/results.json, writes bench/out/report.md and bench/out/scale.svg.
// Internal child commands: `seed-warm ID N`, `latency-child`, `scale-point FAMILY SIZE`, `coldsplit`.

const bootMs = performance.now();

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { outDir, root } from './common';
import { runSeeds, seedGoals, seedWarm } from './seeds';
import { latencyChild, runLatency } from './latency';
import { runScale, scalePoint } from './scale';
import { runLsp } from './lsp';
import { coldSplit, runProfiles } from './profile';
import { markdown, scaleSvg, type Results } from './report';
import type { Family } from './synth';

const parts = ['seeds', 'latency', 'scale', 'lsp', 'lsp-large', 'profile'] as const;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'scale-point') {
    await scalePoint(argv[1] as Family, Number(argv[2]));
    return 0;
  }
  if (argv[0] === 'seed-warm') {
    await seedWarm(argv[1], Number(argv[2]));
    return 0;
  }
  if (argv[0] === 'latency-child') {
    process.stdout.write(JSON.stringify(await latencyChild()));
    return 0;
  }
  if (argv[0] === 'coldsplit') {
    await coldSplit(bootMs);
    return 0;
  }
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 5;
  const seedsAt = argv.indexOf('--seeds');
  const seedPrefix = seedsAt >= 0 ? argv[seedsAt + 1] : undefined;
  const asked = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--runs' && argv[i - 1] !== '--seeds');
  const reportOnly = asked.length === 1 && asked[0] === 'report';
  const unknown = [
    ...asked.filter((a) => !reportOnly && !(parts as readonly string[]).includes(a)),
    ...argv.filter((a) => a.startsWith('--') && a !== '--runs' && a !== '--seeds'),
  ];
  if (unknown.length || !(runs >= 1) || (seedsAt >= 0 && !seedPrefix)) {
    process.stderr.write(
      `usage: npm run bench -- [${parts.join('|')} ...] [--runs N] [--seeds ID-PREFIX]\n       npm run bench -- report    (print the markdown of bench/results.json again)\n`,
    );
    return 2;
  }
  const todo = reportOnly ? [] : asked.length ? asked : [...parts];
  mkdirSync(outDir, { recursive: true });
  const resultsFile = path.join(root, 'bench/results.json');
  const results: Results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Results) : {};
  if (!reportOnly)
    results.machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      date: new Date().toISOString().slice(0, 10),
    };
  const save = () => writeFileSync(resultsFile, JSON.stringify(results, null, 1) + '\n');
  const log = (s: string) => process.stderr.write(s + '\n');
  for (const part of todo) {
    log(`== ${part}`);
    if (part === 'seeds' && seedPrefix === undefined) results.seeds = await runSeeds(runs);
    if (part === 'seeds' && seedPrefix !== undefined) {
      // A subset: its rows replace theirs, in the table's order; the other rows stay as stored.
      const fresh = await runSeeds(runs, (g) => g.id.startsWith(seedPrefix));
      const kept = (results.seeds ?? []).filter((x) => !fresh.some((f) => f.id === x.id));
      const order = seedGoals.map((g) => g.id);
      results.seeds = [...kept, ...fresh].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    }
    if (part === 'latency') results.latency = await runLatency();
    if (part === 'scale') results.scale = await runScale(240_000);
    if (part === 'lsp') results.lsp = await runLsp(300_000);
    // The editor file with 300 functions (about 9,900 lines): everything final takes about 5 minutes.
    if (part === 'lsp-large') results.lspLarge = await runLsp(900_000, 300, 300 * 33);
    if (part === 'profile') results.profile = await runProfiles();
    save();
  }
  if (results.scale) writeFileSync(path.join(outDir, 'scale.svg'), scaleSvg(results.scale));
  const md = markdown(results);
  writeFileSync(path.join(outDir, 'report.md'), md);
  process.stdout.write(md);
  return 0;
}

// Exit only once stdout is flushed (a child's JSON goes through a pipe, written asynchronously).
main(process.argv.slice(2)).then(
  (code) => process.stdout.write('', () => process.exit(code)),
  (e) => {
    process.stderr.write(`bench: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(3);
  },
);
