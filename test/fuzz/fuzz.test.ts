// The fuzz test of the CLI: 1,000 inputs (mutated fixtures, garbage, a
// catalogue of C constructs, odd and malformed command lines) from a fixed
// seed; every run must end within its time limit with exit code 0, 1 or 2
// and no internal error. Most cases run in process (runCli in worker
// processes), a sample of 50 as real `node dist/cli.js` processes.
//
//   npx vitest run test/fuzz                          the fixed corpus
//   FUZZ_SEED=7 FUZZ_COUNT=300 npx vitest run test/fuzz   another one
//   node scripts/fuzz.mjs --seed 7 --count 5000        long runs (no vitest)
//
// Environment: FUZZ_JOBS (workers, default 2), CREACH_FUZZ_DIST (a built
// dist/ to test instead of building this checkout), FUZZ_RUN_KNOWN=1 (run the
// cases of KNOWN_FINDINGS too).

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus, type FuzzCase } from './corpus';
import { KNOWN_FINDINGS } from './known-findings';
import { formatSummary, FUZZ_SEED_DEFAULT, processSample, reproduction } from './report';
import { runAll, type CaseReport } from './runner';

const seed = Number(process.env.FUZZ_SEED ?? FUZZ_SEED_DEFAULT);
const count = Number(process.env.FUZZ_COUNT ?? 1000);
const jobs = Number(process.env.FUZZ_JOBS ?? 2);
const dist = process.env.CREACH_FUZZ_DIST ?? join(__dirname, '..', '..', 'dist');

describe('fuzz: the CLI exits 0, 1 or 2, never hangs', () => {
  beforeAll(() => {
    if (!process.env.CREACH_FUZZ_DIST) execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
  }, 180_000);

  it(`${count} inputs from seed ${seed}`, async () => {
    const started = Date.now();
    const corpus = buildCorpus({ seed, count });
    const known = new Map(KNOWN_FINDINGS.map((k) => [k.hash, k]));
    const runKnown = process.env.FUZZ_RUN_KNOWN === '1';
    const skipped = runKnown ? [] : corpus.filter((c) => known.has(c.hash));
    const cases = corpus.filter((c) => !skipped.includes(c));

    // Skipped, visibly: each case of a known finding, with the finding.
    if (skipped.length) {
      console.log(`SKIPPED ${skipped.length} of ${corpus.length} cases: known findings not fixed yet (test/fuzz/known-findings.ts, test/fuzz/FINDINGS.md):`);
      for (const c of skipped) console.log(`  skipped ${c.id} [${c.hash}] ${known.get(c.hash)!.finding}: ${c.origin}: ${c.argv.join(' ').slice(0, 120)}`);
    }
    if (seed === FUZZ_SEED_DEFAULT && count === 1000) {
      const hashes = new Set(corpus.map((c) => c.hash));
      const stale = KNOWN_FINDINGS.filter((k) => !hashes.has(k.hash));
      if (stale.length)
        console.log(
          `NOTE: ${stale.length} KNOWN_FINDINGS entries match no case of the corpus any more (the fixtures changed?): ${stale.map((k) => k.hash).join(', ')}`,
        );
    }

    const sample = processSample(cases, 50);
    const reports = await runAll(cases, {
      dist,
      jobs,
      asProcess: (c) => sample.has(c.id),
      onCase: (r, done, total) => {
        if (r.judgement.verdict !== 'ok') console.log(`FAIL ${r.case.id} ${r.judgement.verdict}: ${r.judgement.detail}`);
        if (done % 100 === 0) console.log(`fuzz: ${done}/${total} cases, ${Math.round((Date.now() - started) / 1000)} s`);
      },
    });
    console.log(formatSummary(reports, Date.now() - started, skipped.length));

    const failures = reports.filter((r) => r.judgement.verdict !== 'ok');
    if (runKnown) {
      const fixed = corpus.filter((c) => known.has(c.hash)).filter((c) => reports.find((r) => r.case === c)?.judgement.verdict === 'ok');
      if (fixed.length)
        console.log(`KNOWN_FINDINGS entries that pass now (delete them): ${fixed.map((c) => `${c.hash} (${known.get(c.hash)!.finding})`).join(', ')}`);
    }
    expect(failures.map((f) => reproduction(f, dist)).join('\n\n')).toBe('');
    // The sample ran as real processes (a slow case run again as a process to tell slow from hung adds to those).
    expect(reports.filter((r) => sample.has(r.case.id) && r.result.mode === 'process').length).toBe(Math.min(50, cases.length));
  }, 3_600_000);
});

// The oracle and the runner must be able to fail: a fake CLI (exiting like server/src/cli.ts, once
// stdout is flushed) that crashes in each way.
describe('fuzz runner', () => {
  it('reports internal errors, bad exit codes, crashes, hangs and wrong exit codes', async () => {
    const fake = mkdtempSync(join(tmpdir(), 'creach-fake-dist-'));
    mkdirSync(fake, { recursive: true });
    writeFileSync(
      join(fake, 'cli.js'),
      `'use strict';
async function runCli(argv, io) {
  const w = io ? io.stderr : (t) => process.stderr.write(t);
  switch (argv[0]) {
    case 'internal': w('creach: internal error: TypeError: boom\\n'); return 3;
    case 'three': return 3;
    case 'one': return 1;
    case 'hang': for (;;) {}
    case 'reject': Promise.reject(new Error('late')); await new Promise((r) => setTimeout(r, 50)); return 0;
    case 'throw': setTimeout(() => { throw new Error('uncaught'); }, 0); await new Promise((r) => setTimeout(r, 50)); return 0;
    case 'die': process.exit(0);
    case 'stack': w('Error: x\\n    at f (/x/y.js:1:2)\\n'); return 2;
    case 'silent': return 2;
    default: return 0;
  }
}
exports.runCli = runCli;
if (!globalThis[Symbol.for('creach.cli.library')]) runCli(process.argv.slice(2)).then((c) => process.stdout.write('', () => process.exit(c)));
`,
    );
    const mk = (argv: string[], expectExit?: number): FuzzCase => ({
      id: argv[0],
      kind: 'self-test',
      origin: 'fake',
      files: {},
      argv,
      expectExit,
      hash: argv[0],
    });
    const cases = [
      mk(['internal']),
      mk(['three']),
      mk(['one']),
      mk(['hang']),
      mk(['reject']),
      mk(['throw']),
      mk(['die']),
      mk(['stack']),
      mk(['silent']),
      mk(['fine']),
      mk(['fine2'], 2),
      mk(['fine3']),
    ];
    const verdicts = async (asProcess: boolean) =>
      Object.fromEntries(
        (await runAll(cases, { dist: fake, jobs: 2, wallMs: 3000, processWallMs: 3000, asProcess: () => asProcess })).map((r: CaseReport) => [
          r.case.id,
          r.judgement.verdict,
        ]),
      );
    const expected = {
      internal: 'internal-error',
      three: 'bad-exit',
      one: 'bad-exit',
      hang: 'hang',
      stack: 'crash',
      silent: 'silent-error',
      fine: 'ok',
      fine2: 'wrong-exit',
      fine3: 'ok',
    };
    const inProcess = await verdicts(false);
    expect(inProcess).toMatchObject({ ...expected, reject: 'crash', throw: 'crash', die: 'crash' });
    const real = await verdicts(true);
    // A real process: the unhandled rejection and the uncaught exception end it with exit code 1 and a stack trace.
    expect(real).toMatchObject({ ...expected, reject: 'bad-exit', throw: 'bad-exit' });
  }, 60_000);
});
