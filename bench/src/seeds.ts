// Part 1: every goal of test/fixtures/EXPECTED.md, timed as a cold CLI
// process and in a warm engine, with the answer checked against the expected
// answer (EXPECTED.md's answers come from exhaustive execution of the
// compiled programs) and the seed's reported time beside it.

import type { Report, TestReport, DataValue } from '../../shared/report';
import { createEngine } from '../../server/src/api';
import type { Engine } from '../../server/src/api';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { cliEngineOptions, errorText, fixture, outDir, parseCliReport, root, runCreach, runNode, src } from './common';
import { peakMemoryMB, summarize, type Summary } from './stats';

type Request =
  | { kind: 'reach'; line: number; where?: string; all?: boolean; limit?: number }
  | { kind: 'check'; function: string; runtimeErrors: boolean }
  | { kind: 'cover'; function: string };

export interface SeedGoal {
  id: string;
  file: string;
  goal: string;
  /** The seed's reported cost (EXPECTED.md), verbatim. */
  seed: string;
  /** The suites the issue names. */
  suite?: 'tritype decisions' | 'SAMPLE 1953 data';
  request: Request;
  /** Fewer repetitions for the slow rows. */
  runs?: number;
  /** Null when the report gives the expected answer, else what differs. */
  expect: (r: Report) => string | null;
}

export interface SeedResult {
  id: string;
  file: string;
  goal: string;
  seed: string;
  suite?: string;
  cli: string;
  answer: string;
  expected: boolean;
  mismatch?: string;
  cold?: Summary;
  /** First query in a fresh engine (load, encode, solve) in a process whose Z3 is already up. */
  firstInEngine?: number;
  warm?: Summary;
  /** Peak memory of the warm process (MB, VmHWM). */
  peakMB?: number;
}

// ---- reading reports

const goalsOf = (r: Report) => r.functions.flatMap((f) => f.goals);
const testsOf = (r: Report) => r.functions.flatMap((f) => f.tests);
const num = (v: DataValue | undefined) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);

function firstTest(r: Report): TestReport | undefined {
  const g = goalsOf(r)[0];
  return testsOf(r).find((t) => t.id === g?.test);
}

/** A one-line answer: the statuses, and the datum or how many data. */
export function answerOf(r: Report): string {
  const goals = goalsOf(r);
  const counts = new Map<string, number>();
  for (const g of goals) counts.set(g.status, (counts.get(g.status) ?? 0) + 1);
  const statuses = [...counts].map(([s, n]) => (goals.length > 1 ? `${n} ${s}` : s)).join(', ');
  if (goals.length !== 1) return `${statuses}; ${testsOf(r).length} tests`;
  const g = goals[0];
  const t = firstTest(r);
  const datum = t
    ? ` ${Object.entries(t.inputs)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(', ')}`
    : '';
  const many = testsOf(r).length > 1 ? `; ${g.reason ?? `${testsOf(r).length} data`}` : '';
  const bound = g.status === 'not-reached' ? ` within ${g.bound}` : '';
  return `${statuses}${bound}${datum}${many}`;
}

const need = (ok: boolean, what: string) => (ok ? null : what);

function reachedWith(r: Report, pred: (inputs: Record<string, DataValue>) => boolean, what: string): string | null {
  const g = goalsOf(r)[0];
  if (g?.status !== 'covered') return `expected covered, got ${g?.status ?? 'no goal'}`;
  const t = firstTest(r);
  return need(t !== undefined && pred(t.inputs), `datum should have ${what}`);
}

function exactly(r: Report, n: number, pred: (inputs: Record<string, DataValue>) => boolean): string | null {
  const tests = testsOf(r);
  const g = goalsOf(r)[0];
  if (!g?.reason?.startsWith(`exactly ${n} `)) return `expected exactly ${n} data, got: ${g?.reason ?? g?.status}`;
  const off = tests.filter((t) => !pred(t.inputs));
  return need(
    tests.length === n && off.length === 0,
    `${off.length} of the ${tests.length} data are not among the expected ones, e.g. ${JSON.stringify(off[0]?.inputs)}`,
  );
}

function statusAt(r: Report, kind: string, line: number): string | undefined {
  return goalsOf(r).find((g) => g.kind === kind && g.line === line)?.status;
}

// ---- the goals

/** The TCAS properties of tcas.c and their verdicts (the papers' Table 2, as the test checks them). */
const TCAS_PROPERTIES = (JSON.parse(readFileSync(fixture('tcas.expected.json'), 'utf8')) as { properties: Record<string, 'holds' | 'violated'> }).properties;

const inDomain = (inputs: Record<string, DataValue>) => {
  const a = inputs.a as number[];
  const b = inputs.b as number[];
  return [...a, ...b, inputs.target as number].every((v) => v >= 1 && v <= 9);
};

export const seedGoals: SeedGoal[] = [
  {
    id: 'factorial',
    file: 'factorial.c',
    goal: '`i = 2;`',
    seed: "ISSTA'98 Fig. 1: solved by propagation (no time)",
    request: { kind: 'reach', line: 13 },
    expect: (r) => reachedWith(r, (x) => x.i === 2, 'i = 2'),
  },
  {
    id: 'example2',
    file: 'example2.c',
    goal: '`return 1;`',
    seed: "ISSTA'98 3.1: propagation alone (no time)",
    request: { kind: 'reach', line: 14 },
    expect: (r) => reachedWith(r, (x) => x.x === 2 && x.y === 3, 'x = 2, y = 3'),
  },
  {
    id: 'sample-first',
    file: 'sample.c',
    goal: '`out = 1;` first datum',
    seed: "ISSTA'98 Table 1: 1.0 s (Sparc 5)",
    request: { kind: 'reach', line: 33 },
    expect: (r) =>
      reachedWith(
        r,
        (x) => inDomain(x) && (x.a as number[]).includes(x.target as number) && (x.b as number[]).every((v) => v === x.target),
        'target in a and b all equal to target',
      ),
  },
  {
    id: 'sample-1953',
    file: 'sample.c',
    goal: '`out = 1;` all data',
    seed: "ISSTA'98 Table 1: 287 s (Sparc 5)",
    suite: 'SAMPLE 1953 data',
    runs: 3,
    request: { kind: 'reach', line: 33, all: true, limit: 2000 },
    expect: (r) => exactly(r, 1953, (x) => inDomain(x) && (x.a as number[]).includes(x.target as number) && (x.b as number[]).every((v) => v === x.target)),
  },
  {
    id: 'sample-pyth-first',
    file: 'sample.c',
    goal: '`out = 1;` with a[2]² = a[0]² + a[1]², first',
    seed: "ISSTA'98 Table 1: 1.3 s (Sparc 5)",
    request: { kind: 'reach', line: 33, where: 'a[2]*a[2] == a[0]*a[0] + a[1]*a[1]' },
    expect: (r) =>
      reachedWith(
        r,
        (x) => {
          const a = x.a as number[];
          return a[2] * a[2] === a[0] * a[0] + a[1] * a[1];
        },
        'a Pythagorean triple',
      ),
  },
  {
    id: 'sample-pyth-all',
    file: 'sample.c',
    goal: '`out = 1;` with a[2]² = a[0]² + a[1]², all',
    seed: "ISSTA'98 Table 1: 2.4 s (Sparc 5)",
    request: { kind: 'reach', line: 33, where: 'a[2]*a[2] == a[0]*a[0] + a[1]*a[1]', all: true, limit: 100 },
    expect: (r) =>
      exactly(r, 6, (x) => {
        const a = x.a as number[];
        return a[2] === 5 && (x.b as number[]).every((v) => v === x.target) && [3, 4, 5].includes(x.target as number);
      }),
  },
  {
    id: 'cl2000-first',
    file: 'cl2000_foo.c',
    goal: '`return 1;`',
    seed: "CL'2000 Fig. 1 (no time)",
    request: { kind: 'reach', line: 23 },
    expect: (r) => reachedWith(r, (x) => num(x.x) >= 4 && num(x.x) <= 10 && num(x.y) >= 0 && num(x.y) <= 2, 'x in 4..10, y in 0..2'),
  },
  {
    id: 'cl2000-all',
    file: 'cl2000_foo.c',
    goal: '`return 1;` all data',
    seed: "CL'2000 Fig. 1 (no time)",
    request: { kind: 'reach', line: 23, all: true, limit: 100 },
    expect: (r) => exactly(r, 13, (x) => num(x.x) >= 4 && num(x.x) <= 10 && num(x.y) >= 0 && num(x.y) <= 2),
  },
  {
    id: 'tcas-violated',
    file: 'tcas_assert.c',
    goal: '`assert(z > -2500)` (assertion only)',
    seed: 'TCAS Fig. 5 (no time)',
    request: { kind: 'check', function: 'foo', runtimeErrors: false },
    expect: (r) => {
      const g = goalsOf(r).find((x) => x.kind === 'assertion');
      if (g?.status !== 'violated') return `expected violated, got ${g?.status}`;
      const t = testsOf(r).find((x) => x.id === g.test);
      return need(t?.inputs.x === 50 && num(t.inputs.y) >= 1, 'counter-example x = 50, y >= 1');
    },
  },
  {
    id: 'tcas-violated-rte',
    file: 'tcas_assert.c',
    goal: '`foo`: assertion and runtime errors',
    seed: 'TCAS Fig. 5 (no time)',
    request: { kind: 'check', function: 'foo', runtimeErrors: true },
    expect: (r) =>
      need(
        statusAt(r, 'assertion', 19) === 'violated' && goalsOf(r).some((g) => g.kind === 'runtime-error' && g.status === 'violated'),
        'assertion violated and some overflow possible',
      ),
  },
  {
    id: 'tcas-holds',
    file: 'tcas_assert.c',
    goal: '`assert(z > -3000)` (assertion only)',
    seed: 'TCAS Fig. 5 (no time)',
    request: { kind: 'check', function: 'foo_holds', runtimeErrors: false },
    expect: (r) => need(statusAt(r, 'assertion', 35) === 'holds', `expected holds, got ${statusAt(r, 'assertion', 35)}`),
  },
  {
    id: 'tcas-holds-rte',
    file: 'tcas_assert.c',
    goal: '`foo_holds`: assertion and runtime errors',
    seed: 'TCAS Fig. 5 (no time)',
    request: { kind: 'check', function: 'foo_holds', runtimeErrors: true },
    expect: (r) =>
      need(
        statusAt(r, 'assertion', 35) === 'holds' && goalsOf(r).some((g) => g.kind === 'runtime-error' && g.status === 'violated'),
        'assertion holds, some overflow possible',
      ),
  },
  {
    id: 'modular',
    file: 'modular.c',
    goal: '`return 1;`',
    seed: "ModRef'10 Fig. 1 (no time)",
    request: { kind: 'reach', line: 12 },
    expect: (r) => reachedWith(r, (x) => num(x.buf) >= 2 ** 31 && num(x.buf) <= 2 ** 32 - 1, 'buf in [2^31, 2^32-1]'),
  },
  {
    id: 'tritype-decisions',
    file: 'tritype.c',
    goal: 'all decisions and conditions of `tritype`',
    seed: 'pointer paper Table 1: 8 data in 5.3 s (Pentium 4)',
    suite: 'tritype decisions',
    request: { kind: 'cover', function: 'tritype' },
    expect: (r) => {
      const g = goalsOf(r).filter((x) => x.kind === 'branch');
      return need(
        g.length >= 20 && g.every((x) => x.status === 'covered'),
        `every branch outcome covered (${g.filter((x) => x.status === 'covered').length}/${g.length})`,
      );
    },
  },
  {
    id: 'tritype-checked',
    file: 'tritype.c',
    goal: 'both assertions of `tritype_checked`',
    seed: 'DLR 5.2: 5 s and 0.5 s',
    request: { kind: 'check', function: 'tritype_checked', runtimeErrors: false },
    runs: 3,
    expect: (r) => {
      const g = goalsOf(r).filter((x) => x.kind === 'assertion');
      return need(g.length === 2 && g.every((x) => x.status === 'holds'), `both hold (got ${g.map((x) => x.status).join(', ')})`);
    },
  },
  {
    id: 'product-bounded',
    file: 'product.c',
    goal: '`assert(r >= 0)` in `product_bounded`',
    seed: 'DLR 5.3: 0.3 s (192 s by enumeration)',
    request: { kind: 'check', function: 'product_bounded', runtimeErrors: false },
    expect: (r) => need(statusAt(r, 'assertion', 20) === 'holds', `expected holds, got ${statusAt(r, 'assertion', 20)}`),
  },
  {
    id: 'product-overflow',
    file: 'product.c',
    goal: '`product`: overflow possible',
    seed: 'DLR 5.3 (no time)',
    request: { kind: 'check', function: 'product', runtimeErrors: true },
    expect: (r) =>
      need(
        goalsOf(r).some((g) => g.kind === 'runtime-error' && g.status === 'violated'),
        'some signed overflow reported with an input',
      ),
  },
  {
    id: 'power',
    file: 'loops_w.c',
    goal: '`power`: `return 1;`',
    seed: "CP'07: 20 ms (Pentium M)",
    request: { kind: 'reach', line: 14 },
    expect: (r) => reachedWith(r, (x) => x.x === 10 && x.n === 3, 'x = 10, n = 3'),
  },
  {
    id: 'sum',
    file: 'loops_w.c',
    goal: '`sum`: `return 1;`',
    seed: "CP'07 (no time)",
    request: { kind: 'reach', line: 27 },
    expect: (r) => reachedWith(r, (x) => x.i === 10, 'i = 10'),
  },
  {
    id: 'gcd',
    file: 'loops_w.c',
    goal: '`gcd`: `return 1;`',
    seed: "CP'07 (no time)",
    request: { kind: 'reach', line: 47 },
    runs: 3,
    expect: (r) => need(goalsOf(r)[0]?.status === 'unreachable', `expected unreachable, got ${goalsOf(r)[0]?.status}`),
  },
  {
    id: 'ptr-alias',
    file: 'ptr_conditional_alias.c',
    goal: '`return 1;`',
    seed: 'pointer paper Fig. 1 (no time)',
    request: { kind: 'reach', line: 13 },
    expect: (r) => reachedWith(r, (x) => x.c === 1, 'c = 1'),
  },
  {
    id: 'ptr-foo',
    file: 'ptr_foo.c',
    goal: '`return 1;`',
    seed: 'pointer paper Table 1: 0.1 s',
    request: { kind: 'reach', line: 16 },
    expect: (r) => reachedWith(r, (x) => x.i === 5, 'i = 5'),
  },
  {
    id: 'ptr-lh98',
    file: 'ptr_lh98.c',
    goal: '`return 1;`',
    seed: 'pointer paper Table 1: 0.1 s',
    request: { kind: 'reach', line: 18 },
    expect: (r) => reachedWith(r, (x) => x.h === 8 || x.h === 9, 'h = 8 or 9'),
  },
  {
    id: 'ptr-jos97',
    file: 'ptr_jos97.c',
    goal: '`return 1;`',
    seed: 'pointer paper Table 1: 18 s',
    request: { kind: 'reach', line: 18 },
    expect: (r) => reachedWith(r, (x) => num(x.i) >= 2 && num(x.i) % 3 === 2, 'i >= 2, i % 3 == 2'),
  },
  {
    id: 'josephus',
    file: 'josephus.c',
    goal: 'all branches of `f`',
    seed: "JSS'09 Fig. 1: under 1 ms",
    request: { kind: 'cover', function: 'f' },
    expect: (r) => {
      const g = goalsOf(r).filter((x) => x.kind === 'branch');
      return need(g.length > 0 && g.every((x) => x.status === 'covered'), 'every branch covered');
    },
  },
  {
    id: 'fp1',
    file: 'fp_single.c',
    goal: '`fp1`: `return 1;`',
    seed: 'FPSE Table 4 row 6 (no time)',
    request: { kind: 'reach', line: 17 },
    expect: (r) => reachedWith(r, (x) => num(x.x) >= 1.4012984643248171e-45 && num(x.x) <= 32767.998046875, 'x in [1.4e-45, 32767.998046875]'),
  },
  {
    id: 'fp2',
    file: 'fp_single.c',
    goal: '`fp2`: `return 1;`',
    seed: 'FPSE Table 4 row 7 (no time)',
    request: { kind: 'reach', line: 26 },
    expect: (r) => need(goalsOf(r)[0]?.status === 'unreachable', `expected unreachable, got ${goalsOf(r)[0]?.status}`),
  },
  {
    id: 'fp2d',
    file: 'fp_single.c',
    goal: '`fp2d`: `return 1;`',
    seed: 'FPSE Table 4 row 7, double (no time)',
    request: { kind: 'reach', line: 35 },
    expect: (r) => reachedWith(r, (x) => num(x.x) > 6.103515625e-5 && num(x.x) < 1e4, 'x in (6.103515625e-5, 1e4)'),
  },
  // The ten safety properties of the TCAS papers (Table 1) on the module of tcas.c, each checked as a user would:
  // the property's function, its runtime errors too. Table 2 (and tcas.c's gcc runs): five hold, five are violated.
  ...Object.entries(TCAS_PROPERTIES).map(([name, expected]): SeedGoal => ({
    id: `tcas-${name}`,
    file: 'tcas.c',
    goal: `${name}: \`ensures\` (and runtime errors)`,
    seed: `TCAS Table 2: ${expected === 'holds' ? 'proved' : 'counter-example'}`,
    request: { kind: 'check', function: name, runtimeErrors: true },
    expect: (r) => {
      const status = goalsOf(r).find((g) => g.kind === 'assertion')?.status;
      return status === expected ? null : `expected ${expected}, got ${status}`;
    },
  })),
];

// ---- running them

export function cliArgs(g: SeedGoal): string[] {
  const r = g.request;
  const file = fixture(g.file);
  switch (r.kind) {
    case 'reach':
      return [
        'reach',
        file,
        '--line',
        String(r.line),
        ...(r.where ? ['--where', r.where] : []),
        ...(r.all ? ['--all', '--limit', String(r.limit ?? 100)] : []),
        '--json',
      ];
    case 'check':
      return ['check', file, '--function', r.function, ...(r.runtimeErrors ? [] : ['--no-runtime-errors']), '--json'];
    case 'cover':
      return ['cover', file, '--function', r.function, '--criterion', 'decision', '--json'];
  }
}

function ask(engine: Engine, g: SeedGoal): Promise<Report> {
  const r = g.request;
  const file = fixture(g.file);
  switch (r.kind) {
    case 'reach':
      return engine.reach({ ...src(file), line: r.line, where: r.where, all: r.all, limit: r.limit });
    case 'check':
      return engine.check({ ...src(file), function: r.function });
    case 'cover':
      return engine.cover({ ...src(file), function: r.function, criterion: 'decision' });
  }
}

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T | string }> {
  const t0 = performance.now();
  try {
    const value = await f();
    return { ms: performance.now() - t0, value };
  } catch (e) {
    return { ms: performance.now() - t0, value: errorText(e) };
  }
}

interface WarmRun {
  report: Report | string;
  firstMs: number;
  warmMs: number[];
  peakMB: number;
}

/**
 * In the child (`bench.js seed-warm ID N`): one engine; the first query loads
 * and encodes; the N repeats are the same query on the unchanged file (the
 * engine keeps the program and the encodings per file, not the verdicts: each
 * repeat runs the solver again).
 */
export async function seedWarm(id: string, n: number): Promise<void> {
  const g = seedGoals.find((x) => x.id === id);
  if (!g) throw new Error(`no seed goal ${id}`);
  const engine = await createEngine(cliEngineOptions(g.request.kind === 'check' ? g.request.runtimeErrors : true));
  const first = await timed(() => ask(engine, g));
  const warmMs: number[] = [];
  if (typeof first.value !== 'string') for (let i = 0; i < n; i++) warmMs.push((await timed(() => ask(engine, g))).ms);
  engine.dispose();
  process.stdout.write(JSON.stringify({ report: first.value, firstMs: first.ms, warmMs, peakMB: peakMemoryMB() } satisfies WarmRun));
}

export async function runSeeds(runs: number, only?: (g: SeedGoal) => boolean, log = (s: string) => process.stderr.write(s + '\n')): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  for (const g of seedGoals.filter(only ?? (() => true))) {
    const n = Math.min(runs, g.runs ?? runs);
    const args = cliArgs(g);
    const res: SeedResult = {
      id: g.id,
      file: g.file,
      goal: g.goal,
      seed: g.seed,
      suite: g.suite,
      cli: `creach ${args.join(' ').split(`${root}/`).join('')}`,
      answer: '',
      expected: false,
    };
    // Cold: a fresh `creach` process per run (bin/creach; wall clock, spawn to exit).
    const cold: number[] = [];
    let coldAnswer: Report | string = '';
    for (let i = 0; i < n; i++) {
      const run = await runCreach(args);
      coldAnswer = parseCliReport(run);
      if (typeof coldAnswer === 'string') break;
      cold.push(run.ms);
    }
    if (cold.length) res.cold = summarize(cold);
    // Warm: in a child process of its own (one process accumulating engines
    // ran Z3's WebAssembly heap into its 2 GB limit), see seedWarm.
    const child = await runNode([path.join(outDir, 'bench.js'), 'seed-warm', g.id, String(n)]);
    let answer: Report | string;
    try {
      const w = JSON.parse(child.stdout) as WarmRun;
      answer = w.report;
      if (typeof answer !== 'string') {
        res.firstInEngine = w.firstMs;
        res.warm = summarize(w.warmMs);
        res.peakMB = w.peakMB;
      }
    } catch {
      answer = errorText(child.stderr.split('\n').find((l) => /Error|Abort/.test(l)) ?? child.stderr);
    }
    const report = typeof answer !== 'string' ? answer : coldAnswer;
    if (typeof report === 'string') {
      res.answer = report;
      res.mismatch = 'no answer';
    } else {
      res.answer = answerOf(report);
      const m = g.expect(report);
      res.expected = m === null;
      if (m) res.mismatch = m;
    }
    log(
      `  ${g.id}: ${res.answer.slice(0, 100)} | cold ${res.cold?.median.toFixed(0) ?? '-'} ms, warm ${res.warm?.median.toFixed(0) ?? '-'} ms${res.expected ? '' : ` | NOT AS EXPECTED: ${res.mismatch}`}`,
    );
    results.push(res);
  }
  return results;
}
