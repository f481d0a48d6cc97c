// Whole projects (issue 15 §6): `creach cover|check --project compile_commands.json`, `--shard i/n`,
// `--jobs N` and `creach merge`, run as the built CLI (dist/cli.js) on the project of
// test/fixtures/project (copied to a temporary directory, its compile_commands.json written here with
// absolute paths, in a scrambled order, with a file listed twice, a missing file, a file that does not
// parse and a C++ file). The merged shards must give the unsharded run's JSON byte for byte, and the
// run must not depend on the number of jobs. Expected verdicts come from C semantics and from running
// the gcc-compiled functions on the data.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { creachIn } from './run';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FunctionReport, Report } from '../../shared/report';

interface ProjectFile {
  file: string;
  report?: Report;
  error?: string;
  skipped?: string;
}
interface ProjectReport {
  kind: string;
  version: number;
  command: string;
  criterion?: string;
  shard?: { index: number; count: number; projectFiles: number };
  files: ProjectFile[];
  summary: Record<string, unknown>;
}

const fixture = join(process.cwd(), 'test/fixtures/project');

/** Runs the CLI in `cwd` without blocking the test worker. */
const creach = (cwd: string, ...args: string[]) => creachIn(cwd, args);

const opts = ['--timeout', '3000'];
let dir: string;
let whole: string; // the unsharded cover run's JSON

/** Writes a compile_commands.json of these entries (absolute paths) and returns its path. */
function database(name: string, entries: { file: string; args?: string[] }[]): string {
  const p = join(dir, name);
  writeFileSync(
    p,
    JSON.stringify(
      entries.map((e) => ({ directory: dir, file: join(dir, e.file), arguments: ['cc', '-c', ...(e.args ?? []), e.file] })),
      null,
      2,
    ),
  );
  return p;
}

// The flags scaled.c needs (its #include "scale.h" is in include/, and it #errors without LIMIT).
const scaledFlags = ['-Iinclude', '-DLIMIT=30'];
let entries: { file: string; args?: string[] }[];

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
  dir = mkdtempSync(join(tmpdir(), 'creach-project-'));
  cpSync(fixture, dir, { recursive: true });
  writeFileSync(join(dir, 'src/broken.c'), 'int broken(int x) {\n  return x +;\n}\n');
  entries = [
    { file: 'src/scaled.c', args: scaledFlags },
    { file: 'src/tool.cpp' },
    { file: 'src/classify.c' },
    { file: 'src/missing.c' },
    { file: 'src/average.c' },
    { file: 'src/broken.c' },
    { file: 'src/classify.c', args: ['-O2'] },
  ];
  database('compile_commands.json', entries);
  database('reversed.json', [...entries].reverse());
  database('good.json', [entries[4], entries[2], entries[0]]);
}, 120_000);

const files = (r: ProjectReport) => r.files.map((f) => f.file);

/** Every file and function of the report has its row in the HTML page, with the counts of its goals (counted here, independently of the CLI's summing); returns a function's cells. */
function expectRows(page: string, r: ProjectReport): (file: string, name: string) => string[] {
  const count = (f: FunctionReport) => {
    const of = (kind: string) => f.goals.filter((g) => g.kind === kind);
    const ratio = (gs: typeof f.goals) => (gs.length ? `${gs.filter((g) => g.status === 'covered').length}/${gs.length}` : '–');
    const n = (s: string) => f.goals.filter((g) => g.status === s).length;
    return [ratio(of('statement')), ratio(of('branch')), n('unreachable'), n('violated'), n('holds'), n('not-reached'), n('unknown')].map(String);
  };
  const row = (file: string, name: string) => {
    const m = new RegExp(`<tr class="function" data-file="${file.replace(/\./g, '\\.')}" data-function="${name}">(.*?)</tr>`).exec(page);
    expect(m, `${file} ${name}`).not.toBeNull();
    return [...m![1].matchAll(/<td class="num[^"]*"[^>]*>([^<]*)/g)].map((x) => x[1]);
  };
  for (const f of r.files) {
    expect(page).toContain(`data-file="${f.file}"`);
    for (const fn of f.report?.functions ?? []) expect(row(f.file, fn.name), `${f.file} ${fn.name}`).toEqual(count(fn));
  }
  return row;
}

describe('creach cover --project', () => {
  it('analyses every file once; merged shards give the unsharded JSON byte for byte; jobs and order do not matter', async () => {
    const [two, one] = await Promise.all([
      creach(dir, 'cover', '--project', 'compile_commands.json', '--jobs', '2', '--format', 'json', '--output', 'whole.json', ...opts),
      creach(dir, 'cover', '--project', 'compile_commands.json', '--jobs', '1', '--json', ...opts),
    ]);
    // A missing file and one that does not parse: the run goes on, exit code 2.
    expect(two.code).toBe(2);
    expect(one.code).toBe(2);
    whole = readFileSync(join(dir, 'whole.json'), 'utf8');
    expect(one.stdout).toBe(whole);
    const r = JSON.parse(whole) as ProjectReport;
    expect(r).toMatchObject({ kind: 'creach-project', version: 1, command: 'cover', criterion: 'decision' });
    expect(r.shard).toBeUndefined();
    // Sorted by name, each once (classify.c is listed twice), the C++ file listed as not analysed.
    expect(files(r)).toEqual(['src/average.c', 'src/broken.c', 'src/classify.c', 'src/missing.c', 'src/scaled.c', 'src/tool.cpp']);
    const by = new Map(r.files.map((f) => [f.file, f]));
    expect(by.get('src/missing.c')!.error).toBe('src/missing.c:1:1: cannot read the file: no such file');
    expect(by.get('src/broken.c')!.error).toMatch(/^src\/broken\.c:2:\d+: syntax error/);
    expect(by.get('src/tool.cpp')!.skipped).toMatch(/not a C file/);
    for (const f of ['src/average.c', 'src/classify.c', 'src/scaled.c']) expect(by.get(f)!.report, f).toBeDefined();
    expect(r.summary).toMatchObject({ files: 6, analysed: 3, errors: 2, skipped: 1, functions: 5 });

    // Three shards, one job each, on the same database: every file in exactly one shard.
    const shards = await Promise.all(
      [1, 2, 3].map((i) => creach(dir, 'cover', '--project', 'compile_commands.json', '--shard', `${i}/3`, '--jobs', '1', '--json', ...opts)),
    );
    const parts = shards.map((s) => JSON.parse(s.stdout) as ProjectReport);
    parts.forEach((p, k) => expect(p.shard).toEqual({ index: k + 1, count: 3, projectFiles: 6 }));
    expect(parts.flatMap(files).sort()).toEqual(files(r));
    parts.forEach((p, k) => writeFileSync(join(dir, `shard${k + 1}.json`), shards[k].stdout));
    // Merged in any order: the unsharded run's JSON, and its exit code.
    const merged = await creach(dir, 'merge', 'shard3.json', 'shard1.json', 'shard2.json', '--json');
    expect(merged.stdout).toBe(whole);
    expect(merged.code).toBe(2);

    // The database in the reverse order gives the same shard.
    const reversed = await creach(dir, 'cover', '--project', 'reversed.json', '--shard', '2/3', '--json', ...opts);
    expect(reversed.stdout).toBe(shards[1].stdout);
  });

  it('says what C says: the flags of each file are used, an impossible branch is proved unreachable, data run as gcc runs them', () => {
    const r = JSON.parse(whole) as ProjectReport;
    const fn = (file: string, name: string) => r.files.find((f) => f.file === file)!.report!.functions.find((f) => f.name === name)!;
    // classify: `if (x < 5)` inside `if (x > 10)`: its true outcome and `return -1;` are unreachable, the rest is covered.
    const classify = fn('src/classify.c', 'classify');
    const source = readFileSync(join(fixture, 'src/classify.c'), 'utf8').split('\n');
    const inner = source.findIndex((l) => l.includes('if (x < 5)')) + 1;
    const dead = classify.goals.filter((g) => g.status === 'unreachable');
    expect(dead.map((g) => [g.line, g.kind, g.outcome ?? null]).sort()).toEqual([
      [inner, 'branch', 'true'],
      [inner + 1, 'statement', null],
    ]);
    expect(classify.goals.filter((g) => g.status !== 'unreachable').every((g) => g.status === 'covered')).toBe(true);

    // scaled.c preprocesses only with -Iinclude -DLIMIT=30: it was analysed, and each datum's expected
    // result is what the gcc-compiled function (built with the same flags) returns.
    const over = fn('src/scaled.c', 'over');
    expect(over.goals.every((g) => g.status === 'covered')).toBe(true);
    const driver = `#include <stdio.h>\nint over(int);\nint main(void) {\n${over.tests.map((t) => `  printf("%d\\n", over(${String(t.inputs.x)}));`).join('\n')}\n}\n`;
    writeFileSync(join(dir, 'driver.c'), driver);
    execFileSync('gcc', [...scaledFlags, 'src/scaled.c', 'driver.c', '-o', 'driver'], { cwd: dir });
    const ran = execFileSync(join(dir, 'driver'), { encoding: 'utf8' }).trim().split('\n').map(Number);
    expect(ran).toEqual(over.tests.map((t) => t.result));
    expect(ran).toContain(1); // x * 3 > 30 for some datum: LIMIT came from the flags
  });

  it('writes a one-page HTML summary with every file and function and their counts', async () => {
    const html = await creach(dir, 'merge', 'shard1.json', 'shard2.json', 'shard3.json', '--format', 'html');
    expect(html.code).toBe(2);
    const page = html.stdout;
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).not.toMatch(/<script|<link|src=|url\(/i); // self-contained
    const row = expectRows(page, JSON.parse(whole) as ProjectReport);
    // classify's two unreachable goals (C semantics, above), in the unreachable column.
    expect(row('src/classify.c', 'classify')[2]).toBe('2');
    // Errors are shown, escaped (the syntax error's message quotes 'identifier').
    expect(page).toContain('cannot read the file: no such file');
    expect(page).toMatch(/syntax error: missing &#39;identifier&#39;/);
    expect(page).not.toContain("'identifier'");
  });
});

describe('creach check --project', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(join(__dirname, 'sarif-schema-2.1.0.json'), 'utf8')));

  it('finds the violation (exit 1), merges its shards, and writes SARIF with every file', async () => {
    const [all, s1, s2] = await Promise.all([
      creach(dir, 'check', '--project', 'good.json', '--json', '--jobs', '1', ...opts),
      creach(dir, 'check', '--project', 'good.json', '--shard', '1/2', '--json', '--jobs', '1', ...opts),
      creach(dir, 'check', '--project', 'good.json', '--shard', '2/2', '--json', '--jobs', '1', ...opts),
    ]);
    expect([all.code, s1.code, s2.code].sort()).toEqual([0, 1, 1]);
    expect(all.code).toBe(1);
    writeFileSync(join(dir, 'check1.json'), s1.stdout);
    writeFileSync(join(dir, 'check2.json'), s2.stdout);
    const merged = await creach(dir, 'merge', 'check1.json', 'check2.json', '--json');
    expect(merged.code).toBe(1);
    expect(merged.stdout).toBe(all.stdout);

    // average: `a + b` overflows for the counter-example (C semantics: outside int's range); twice's assertion holds.
    const r = JSON.parse(all.stdout) as ProjectReport;
    const average = r.files.find((f) => f.file === 'src/average.c')!.report!.functions.find((f) => f.name === 'average')!;
    const overflow = average.goals.find((g) => g.kind === 'runtime-error' && g.outcome === 'overflow')!;
    expect(overflow.status).toBe('violated');
    const t = average.tests.find((x) => x.id === overflow.test)!;
    const sum = BigInt(String(t.inputs.a)) + BigInt(String(t.inputs.b));
    expect(sum > 2147483647n || sum < -2147483648n).toBe(true);
    const twice = r.files.find((f) => f.file === 'src/average.c')!.report!.functions.find((f) => f.name === 'twice')!;
    expect(twice.goals.find((g) => g.kind === 'assertion')!.status).toBe('holds');

    const sarif = await creach(dir, 'merge', 'check1.json', 'check2.json', '--format', 'sarif');
    expect(sarif.code).toBe(1);
    const log = JSON.parse(sarif.stdout) as {
      runs: {
        artifacts: { location: { uri: string } }[];
        results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string; index: number } } }[] }[];
      }[];
    };
    expect(validate(log), ajv.errorsText(validate.errors)).toBe(true);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].artifacts.map((a) => a.location.uri)).toEqual(['src/average.c', 'src/classify.c', 'src/scaled.c']);
    const violations = log.runs[0].results.filter((x) => x.level === 'error');
    expect(violations.map((x) => [x.ruleId, x.locations[0].physicalLocation.artifactLocation.uri])).toEqual([['overflow', 'src/average.c']]);
    expect(violations[0].locations[0].physicalLocation.artifactLocation.index).toBe(0);

    // The HTML summary of the check: twice's proof (its assertion: `x * 2` for 0 < x < 100 cannot overflow,
    // so it is no goal, ir/ranges.ts), average's violation.
    const html = await creach(dir, 'merge', 'check1.json', 'check2.json', '--format', 'html');
    const row = expectRows(html.stdout, r);
    expect(row('src/average.c', 'average')[3]).toBe('1');
    expect(row('src/average.c', 'twice')[4]).toBe('1');
  });
});

describe('project usage errors', () => {
  it('rejects bad --shard, a missing or invalid database, with one line and exit code 2', async () => {
    writeFileSync(join(dir, 'invalid.json'), '[{"file": "a.c",');
    const cases: [string[], RegExp][] = [
      [['cover', '--project', 'compile_commands.json', '--shard', '0/3'], /^--shard expects i\/n with 1 <= i <= n .*got '0\/3'$/],
      [['cover', '--project', 'compile_commands.json', '--shard', '4/3'], /got '4\/3'$/],
      [['check', '--project', 'compile_commands.json', '--shard', 'x'], /got 'x'$/],
      [['cover', '--project', 'nowhere.json'], /nowhere\.json:1:1: cannot read the compilation database: no such file$/],
      [['check', '--project', 'invalid.json'], /invalid\.json:1:1: not a compilation database: invalid JSON/],
      [['cover', '--project', 'compile_commands.json', '--jobs', '0'], /--jobs expects an integer of at least 1, got '0'/],
    ];
    for (const [args, message] of await Promise.all(cases.map(async ([a, m]) => [await creach(dir, ...a), m] as const))) {
      expect(args.code).toBe(2);
      expect(args.stdout).toBe('');
      expect(args.stderr.trim().split('\n')).toHaveLength(1);
      expect(args.stderr.trim()).toMatch(message);
    }
    const both = await creach(dir, 'cover', 'src/classify.c', '--project', 'compile_commands.json');
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^FILE 'src\/classify\.c' and --project contradict each other/);
  });

  it('merge refuses a missing shard, a shard given twice, different commands or criteria', async () => {
    const shard1 = JSON.parse(readFileSync(join(dir, 'shard1.json'), 'utf8')) as ProjectReport;
    writeFileSync(join(dir, 'statement1.json'), JSON.stringify({ ...shard1, criterion: 'statement' }));
    const cases: [string[], RegExp][] = [
      [['shard1.json', 'shard3.json'], /^shard 2\/3 missing$/],
      [['shard1.json'], /^shards 2\/3, 3\/3 missing$/],
      [['shard1.json', 'shard2.json', 'shard1.json', 'shard3.json'], /^shard 1\/3 is given twice: shard1\.json and shard1\.json$/],
      [['shard1.json', 'check1.json'], /^shard1\.json and check1\.json are reports of different commands \(cover, check\)$/],
      [['statement1.json', 'shard2.json', 'shard3.json'], /different criteria \(statement, decision\)/],
      [['whole.json', 'shard1.json'], /whole\.json is the report of a whole run, shard1\.json of a shard/],
      [['whole.json', 'whole.json'], /^src\/average\.c is in both whole\.json and whole\.json: the reports overlap$/],
      [['nowhere.json'], /^nowhere\.json: cannot read the report: no such file$/],
      [[], /^missing REPORT\.json/],
      [['src/classify.c'], /not a CReach project report|invalid JSON/],
    ];
    for (const [r, message] of await Promise.all(cases.map(async ([a, m]) => [await creach(dir, 'merge', ...a), m] as const))) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toMatch(message);
    }
  });
});
