// CMocka and GoogleTest exports (`--format cmocka|gtest`) against the real
// libraries (Debian's libcmocka-dev and libgtest-dev): the engine's suites for
// tritype.c (decision coverage), struct_array.c (pointers, an output
// parameter), result_kinds.c (float and pointer results) and tcas_assert.c's foo (check: a violated assertion, and runtime
// errors whose data only a sanitizer build shows) are exported, compiled with
// gcc/g++ and run: every test passes (or is skipped, for the sanitizer-only
// data). Then one constant of a copy of the source is changed and exactly the
// tests whose data run the changed code fail; which ones follows from the C
// code (comments below), not from what CReach printed.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFile, spawnSync } from 'node:child_process';
import { fileEngine, type Engine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import type { Report, TestReport } from '../../shared/report';
import { fixture, ownFixture, scratch } from './helpers';

// Without the libraries the test is skipped, except in CI (.ci/run installs them): there it must run.
const hasLibraries =
  spawnSync('sh', ['-c', 'test -f /usr/include/cmocka.h && test -d /usr/include/gtest && command -v g++'], { encoding: 'utf8' }).status === 0;

let engine: Engine | undefined;
beforeAll(async () => {
  engine = await fileEngine(defaultEngineOptions);
});
afterAll(() => engine?.dispose());

type Outcome = 'OK' | 'FAILED' | 'SKIPPED';

/** Each test's outcome, by name, from CMocka's or GoogleTest's text output. */
function outcomes(stdout: string, names: string[]): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  for (const m of stdout.matchAll(/^\[\s+(OK|FAILED|SKIPPED)\s+\] (.+?)(?: \(\d+ ms\))?$/gm)) {
    if (names.includes(m[2])) out.set(m[2], m[1] as Outcome);
  }
  return out;
}

// Asynchronous: long synchronous children (g++ on GoogleTest) would keep vitest's worker from answering its runner.
function run(cmd: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(cmd, args, { cwd, encoding: 'utf8', timeout: 120_000 }, (_e, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
  });
}

/** Compiles with gcc or g++; returns the warnings, or throws with the errors. */
async function compiler(cc: 'gcc' | 'g++', dir: string, args: string[]): Promise<string> {
  const r = await run(cc, args, dir);
  if (r.code !== 0) throw new Error(`${cc} ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stderr;
}

interface Case {
  fixture: string;
  /** Where the fixture is (default: test/fixtures/). */
  path?: string;
  report: (e: Engine, file: string) => Promise<Report>;
  /** The change to the copy of the source: one constant. */
  from: string;
  to: string;
  /** Whether a test's datum runs the changed code so that its check fails (from the C code). */
  breaks: (fn: string, t: TestReport) => boolean;
  /** Data only a sanitizer build shows (runtime errors): skipped by the frameworks. */
  sanitizerOnly?: (fn: string, t: TestReport) => boolean;
}

const n = (v: unknown) => Number(v);

const CASES: Case[] = [
  {
    fixture: 'tritype.c',
    report: (e, file) => e.cover({ file, criterion: 'decision' }),
    // The first `trityp = 4;` runs exactly when a side is 0; tritype then returns 5, and
    // tritype_checked's `assert(r == 4)` fails (a side of 0 makes i + j <= k or i + k <= j true).
    from: 'trityp = 4;',
    to: 'trityp = 5;',
    breaks: (_fn, t) => n(t.inputs.i) === 0 || n(t.inputs.j) === 0 || n(t.inputs.k) === 0,
  },
  {
    fixture: 'struct_array.c',
    report: (e, file) => e.cover({ file, criterion: 'decision' }),
    // count_first_quadrant then returns one more than before, for every datum; mirror is unchanged.
    from: 'int c = 0;',
    to: 'int c = 1;',
    breaks: (fn) => fn === 'count_first_quadrant',
  },
  {
    fixture: 'result_kinds.c',
    path: ownFixture('result_kinds.c'),
    report: (e, file) => e.cover({ file, criterion: 'decision' }),
    // half returns x / 4 instead of x / 2 when x > 2: another value for every finite x (infinity stays infinity).
    from: 'return x / 2.0f;',
    to: 'return x / 4.0f;',
    breaks: (fn, t) => fn === 'half' && typeof t.inputs.x === 'number' && Number.isFinite(t.inputs.x) && t.inputs.x > 2,
  },
  {
    fixture: 'tcas_assert.c',
    report: (e, file) => e.check({ file, function: 'foo' }),
    // The counter-example of `assert(z > -2500)` has z = -2500 (x = 50: u = 100, y = x - u): it holds
    // with -3000, so the test that expects the assertion to fail sees the function return.
    from: 'assert(z > -2500);',
    to: 'assert(z > -3000);',
    breaks: (_fn, t) => t.goals.some((g) => g.endsWith(':assert')),
    sanitizerOnly: (_fn, t) => t.goals.every((g) => /:(overflow|div-by-zero|div-overflow|shift|bounds|null|float-to-int|free)(@\d+)?$/.test(g)),
  },
];

describe.skipIf(!hasLibraries && !process.env.CI).each(CASES)('CMocka and GoogleTest tests of $fixture', (c) => {
  it('compile, pass, and fail where a changed constant changes what the data show', async () => {
    const dir = scratch(`frameworks-${c.fixture}`);
    const src = path.join(dir, 'src', c.fixture);
    fs.mkdirSync(path.dirname(src));
    fs.copyFileSync(c.path ?? fixture(c.fixture), src);
    const report = await c.report(engine!, src);
    const tests = report.functions.flatMap((f) => f.tests.map((t) => ({ fn: f.name, t })));
    expect(tests.length).toBeGreaterThan(0);

    const stem = path.basename(c.fixture, '.c');
    const build: Record<'cmocka' | 'gtest', { names: string[]; compile: (d: string) => Promise<void> }> = {
      cmocka: {
        names: tests.map(({ fn, t }) => `${fn} ${t.id}`),
        compile: async (d) => expect(await compiler('gcc', d, ['-Wall', '-Wextra', `${stem}_cmocka.c`, '-lcmocka', '-o', 'tests'])).toBe(''),
      },
      gtest: {
        names: tests.map(({ fn, t }) => `${fn}.${t.id}`),
        compile: async (d) => {
          expect(await compiler('gcc', d, ['-Wall', '-Wextra', '-c', `${stem}_creach.c`, '-o', 'creach_c.o'])).toBe('');
          expect(await compiler('g++', d, ['-Wall', '-Wextra', `${stem}_gtest.cc`, 'creach_c.o', '-lgtest_main', '-lgtest', '-pthread', '-o', 'tests'])).toBe(
            '',
          );
        },
      },
    };
    for (const format of ['cmocka', 'gtest'] as const) {
      const out = path.join(dir, format);
      fs.mkdirSync(out);
      const exported = await engine!.exportSuite({ file: src, report, dir: out, format });
      for (const f of exported.files) fs.writeFileSync(path.join(out, f.name), f.text);
      const { names, compile } = build[format];
      const expected = (broken: boolean) =>
        new Map(tests.map(({ fn, t }, k): [string, Outcome] => [names[k], c.sanitizerOnly?.(fn, t) ? 'SKIPPED' : broken && c.breaks(fn, t) ? 'FAILED' : 'OK']));

      await compile(out);
      const passing = await run(path.join(out, 'tests'), [], out);
      expect(outcomes(passing.stdout, names), `${format}:\n${passing.stdout}`).toEqual(expected(false));
      expect(passing.code).toBe(0);

      // The broken copy: the same tests, compiled against the changed source.
      const original = fs.readFileSync(c.path ?? fixture(c.fixture), 'utf8');
      expect(original).toContain(c.from);
      fs.writeFileSync(src, original.replace(c.from, c.to));
      try {
        await compile(out);
        const broken = await run(path.join(out, 'tests'), [], out);
        const want = expected(true);
        expect([...want.values()]).toContain('FAILED');
        expect(outcomes(broken.stdout, names), `${format}, broken:\n${broken.stdout}`).toEqual(want);
        expect(broken.code).not.toBe(0);
      } finally {
        fs.writeFileSync(src, original);
      }
    }
  }, 240_000);
});
