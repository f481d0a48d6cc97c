// The larger differential runs (scripts/soundness.mjs bundles this file):
//   node scripts/soundness.mjs [--seeds 1-300 | --seeds 4,9,17] [--jobs 2]
//        [--timeout MS] [--loop-bound K] [--verbose] [--keep] [--json FILE]
// Prints each disagreement as it is found, then the figures. Exit code 1 when
// there is a false proof, a false bounded claim, a bad datum or a wrong
// expected result.

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultOptions, figures, formatFigures, formatSeed, runSeeds } from './run';

function seedList(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`bad --seeds part '${part}' (use 1-300 or 4,9,17)`);
    const lo = Number(m[1]);
    const hi = m[2] ? Number(m[2]) : lo;
    for (let s = lo; s <= hi; s++) out.push(s);
  }
  return out;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '1-300' },
      jobs: { type: 'string', default: '2' },
      timeout: { type: 'string' },
      'loop-bound': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const seeds = seedList(values.seeds!);
  const o = defaultOptions({
    jobs: Number(values.jobs),
    keepAll: values.keep,
    ...(values.timeout ? { queryTimeoutMs: Number(values.timeout) } : {}),
    ...(values['loop-bound'] ? { loopBound: Number(values['loop-bound']) } : {}),
  });
  process.stdout.write(`soundness: ${seeds.length} programs, CLI ${o.cli}, query timeout ${o.queryTimeoutMs} ms, ${o.jobs} jobs, files in ${o.workDir}\n`);
  const t0 = Date.now();
  let done = 0;
  const results = await runSeeds(seeds, o, (r) => {
    done++;
    const text = formatSeed(r, values.verbose);
    if (text) process.stdout.write(`${text}\n`);
    if (done % 25 === 0) process.stdout.write(`... ${done}/${seeds.length} programs, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  });
  const f = figures(results, (Date.now() - t0) / 1000);
  process.stdout.write(`\n${formatFigures(f)}\n`);
  if (values.json) {
    const bigints = (_k: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
    writeFileSync(values.json, JSON.stringify({ figures: f, results: results.map((r) => ({ ...r, source: undefined })) }, bigints, 2));
  }
  return f.falseProofs + f.falseBounded + f.badData + f.badResults > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(2);
  },
);
