// Command-line driver of the fuzzer for long runs and triage (bundled and run
// by scripts/fuzz.mjs):
//
//   node scripts/fuzz.mjs [--seed N] [--count N] [--jobs N] [--dist DIR]
//                         [--wall MS] [--process-sample N] [--list] [--only ID,...]
//                         [--kind K] [--known] [--keep DIR] [--results FILE]
//   node scripts/fuzz.mjs --minimize ID [--seed N] [--count N] [--wall MS]
//
// --list prints the corpus without running it; --only runs the given case ids
// (or hashes); --kind only cases of one part; --known also runs the cases of
// KNOWN_FINDINGS; --keep DIR keeps every case directory under DIR; --results
// FILE writes one JSON line per case (id, hash, origin, argv, exit code, ms,
// verdict). Exit code 1 when a case failed. Failures print their reproduction.
// --minimize ID shrinks the input file of a failing case (id or hash) while it
// fails the same way, and prints the result (for FINDINGS.md).

import { buildCorpus } from './corpus';
import { KNOWN_FINDINGS } from './known-findings';
import { formatSummary, FUZZ_SEED_DEFAULT, processSample, reproduction } from './report';
import { defaultDist, runAll } from './runner';
import { minimizeCase } from './minimize';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

async function main(): Promise<number> {
  const seed = Number(arg('seed') ?? FUZZ_SEED_DEFAULT);
  const count = Number(arg('count') ?? 1000);
  const dist = resolve(arg('dist') ?? process.env.CREACH_FUZZ_DIST ?? defaultDist);
  let cases = buildCorpus({ seed, count });
  if (flag('list')) {
    for (const c of cases)
      console.log(`${c.id} [${c.hash}] ${c.origin}: ${c.argv.join(' ').slice(0, 160)}${c.expectExit !== undefined ? ` (must exit ${c.expectExit})` : ''}`);
    return 0;
  }
  const target = arg('minimize');
  if (target) {
    const c = cases.find((x) => x.id === target || x.hash === target);
    if (!c) throw new Error(`no case ${target} in the corpus of seed ${seed}, count ${count}`);
    const file = Object.keys(c.files).find((f) => c.argv.includes(f)) ?? Object.keys(c.files)[0];
    const m = await minimizeCase(c, file, { dist, wallMs: Number(arg('wall') ?? 60_000) }, (s) => console.error(s));
    console.log(`${m.signature}\n${m.runs} runs; ${file} reduced to:\n${m.text}\ncommand: ${c.argv.join(' ')}`);
    return 0;
  }
  const only = arg('only')?.split(',');
  if (only) cases = cases.filter((c) => only.includes(c.id) || only.includes(c.hash));
  const kind = arg('kind');
  if (kind) cases = cases.filter((c) => c.kind === kind);
  const known = new Map(KNOWN_FINDINGS.map((k) => [k.hash, k]));
  const skipped = flag('known') || only ? [] : cases.filter((c) => known.has(c.hash));
  for (const c of skipped) console.log(`skipped ${c.id} [${c.hash}] ${known.get(c.hash)!.finding}: ${c.origin}`);
  cases = cases.filter((c) => !skipped.includes(c));
  const sample = processSample(cases, Number(arg('process-sample') ?? 50));
  const keep = arg('keep');
  if (keep) mkdirSync(keep, { recursive: true });
  const results = arg('results');
  if (results) writeFileSync(results, '');
  const started = Date.now();
  const reports = await runAll(cases, {
    dist,
    jobs: Number(arg('jobs') ?? 2),
    wallMs: Number(arg('wall') ?? 60_000),
    processWallMs: Number(arg('wall') ?? 60_000) + 15_000,
    root: keep ? resolve(keep) : undefined,
    keepAll: Boolean(keep),
    asProcess: (c) => sample.has(c.id),
    onCase: (r, done, total) => {
      if (results) {
        const { id, hash, origin, argv } = r.case;
        appendFileSync(
          results,
          `${JSON.stringify({ id, hash, origin, argv, code: r.result.code, ms: r.result.ms, mode: r.result.mode, verdict: r.judgement.verdict, detail: r.judgement.detail })}\n`,
        );
      }
      const k = known.get(r.case.hash);
      if (r.judgement.verdict !== 'ok') console.log(`${reproduction(r, dist)}${k ? `\n  (known: ${k.finding})` : ''}`);
      else if (only) console.log(`${r.case.id} ok (${r.result.mode}, exit ${r.result.code}, ${r.result.ms} ms)`);
      if (done % 100 === 0) console.error(`fuzz: ${done}/${total}, ${Math.round((Date.now() - started) / 1000)} s`);
    },
  });
  console.log(formatSummary(reports, Date.now() - started, skipped.length));
  return reports.some((r) => r.judgement.verdict !== 'ok') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
