// Protocol tests (built server, real engine) for what the editor shows beyond
// the bare verdicts: data validated by compiling only in trusted workspaces,
// the values along a counter-example's path (Diagnostic.data), the invariant
// that proves a goal after a loop unreachable, the reasons of a goal
// proved by unrolling a loop, found by a follow-up reach query, and the
// properties a function's time in the analysis left unasked, each asked alone.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, fixture, hoverText, startServer, type Session } from './session';
import type { PathDiagnosticData } from '../../shared/editor-protocol';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A compiler that logs each call's arguments, one line each, then runs gcc. */
function loggingCompiler(dir: string): { compiler: string; calls: () => string[] } {
  const log = path.join(dir, 'calls.log');
  const compiler = path.join(dir, 'cc-logged');
  writeFileSync(compiler, `#!/bin/sh\necho "$*" >> '${log}'\nexec gcc "$@"\n`);
  chmodSync(compiler, 0o755);
  return { compiler, calls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []) };
}

const preprocessOnly = (call: string) => call.split(' ').includes('-E');

describe('validation follows workspace trust', () => {
  let dir: string;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-trust-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const trusted of [true, false]) {
    it(`${trusted ? 'trusted: the datum is compiled, run and validated' : 'untrusted: nothing is compiled or run, the datum is not validated'}`, async () => {
      const cc = loggingCompiler(mkdtempSync(path.join(dir, trusted ? 'trusted-' : 'untrusted-')));
      const s = await startServer({ compiler: cc.compiler }, undefined, trusted);
      try {
        const uri = await s.open(fixture('factorial.c'));
        const report = await s.reach({ uri, line: 12 }); // `i = 2;`
        const test = report.functions.find((f) => f.name === 'f')?.tests[0];
        expect(test?.inputs.i, JSON.stringify(report)).toBe(2);
        const calls = cc.calls();
        // Same set-up both times: the trusted run shows that compiling through the wrapper is seen in its log.
        if (trusted) {
          expect({ validated: test!.validated, why: test!.validation }).toEqual({ validated: true, why: undefined });
          expect(calls.filter((c) => !preprocessOnly(c)).length, calls.join('\n')).toBeGreaterThan(0);
        } else {
          expect(test!.validated).toBeUndefined();
          expect(
            calls.filter((c) => !preprocessOnly(c)),
            calls.join('\n'),
          ).toEqual([]);
        }
      } finally {
        await s.close();
      }
    }, 120_000);
  }
});

describe('counter-example path and unreachable explanations (real engine)', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    // Verdicts, not speed, are checked: a generous per-query time limit (the whole suite shares 2 cores).
    s = await startServer({ validate: false, timeoutMs: 60_000 });
  });
  afterAll(async () => {
    if (s) console.log(`server log (last lines):\n${s.log.join('\n').split('\n').slice(-40).join('\n')}`);
    await s?.close();
  });

  it('the tcas_assert.c diagnostic carries the values along the path of x = 50', async () => {
    const uri = await s.open(fixture('tcas_assert.c'));
    const violated = (d: { range: { start: { line: number } }; message: unknown }) => d.range.start.line === 18 && / fails for /.test(String(d.message));
    const diags = await s.diagnostics(uri, (ds) => ds.some(violated), 120_000);
    const d = diags.find(violated)!;
    const [, x, y0] = /x = (-?\d+), y = (-?\d+)/.exec(String(d.message))!.map(Number);
    expect(x).toBe(50);
    // foo's path for these inputs, by C semantics (no overflow for x = 50, y >= 1):
    const u = x * y0 < 4 ? 5 : 100;
    const y = u <= 8 ? x + u : x - u;
    const z = x * y;
    const data = d.data as PathDiagnosticData;
    console.log(`tcas inline values: ${JSON.stringify(data.inlineValues)}`);
    expect(data.goal).toBe('foo:19:assert');
    // 0-based lines: `u = 100;` is line 13, `y = x - u;` 17, `z = x * y;` 18.
    expect(data.inlineValues).toEqual(
      expect.arrayContaining([
        { line: 12, text: `u = ${u}` },
        { line: 16, text: `y = ${y}` },
        { line: 17, text: `z = ${z}` },
      ]),
    );
    expect([u, y, z]).toEqual([100, -50, -2500]);
    // Nothing is shown on lines the path does not pass (`u = 5;`, `y = x + u;`).
    expect(data.inlineValues.map((v) => v.line)).not.toContain(10);
    expect(data.inlineValues.map((v) => v.line)).not.toContain(14);
  }, 180_000);

  it("gcd's unreachable `return 1;` and branch `y > 10` are proved in the first analysis, by the loop's invariant linked to its line", async () => {
    const uri = await s.open(fixture('loops_w.c'));
    // The coverage analysis: past the early loop bound the invariant prover's cheap stages come before
    // deeper unrolling (C semantics: gcd's result lies in 1..10, so `y > 10` never holds after the loop).
    const started = Date.now();
    await s.cover({ uri, function: 'gcd' });
    console.log(`gcd's coverage analysis: ${Date.now() - started} ms`);
    const statement = hoverText(await s.hover(uri, 46, 8)); // `return 1;` is line 47
    const branch = hoverText(await s.hover(uri, 45, 8)); // `if (y > 10)` is line 46
    console.log(`gcd hover: ${statement}\n---\n${branch}`);
    expect(statement).toMatch(/\*\*unreachable\*\* \(proved for every number of loop iterations, by a loop invariant\)/);
    expect(statement).toMatch(/\[line 35\]\([^)]*#L35\): the loop keeps `y <= 10`/);
    // Two answers on one condition agree: the branch's true outcome is unreachable by the same invariant.
    expect(branch).toMatch(/`if \(y > 10\)` is true: \*\*unreachable\*\* \(proved for every number of loop iterations/);
    expect(branch).toMatch(/\[line 35\]\([^)]*#L35\): the loop keeps `y <= 10`/);
    expect([statement, branch].filter((t) => /\bcovered\b.*y > 10/i.test(t))).toEqual([]);
  }, 300_000);

  it('a goal proved by unrolling a loop fully is explained by a follow-up reach query: the conflicting conditions with their lines', async () => {
    const uri = await s.open(fixture('fixed_trip.c'));
    await s.cover({ uri, function: 'four_steps' });
    const seen: string[] = [];
    const deadline = Date.now() + 270_000;
    let text = '';
    while (Date.now() < deadline) {
      text = hoverText(await s.hover(uri, 10, 8)); // `return 1;` is line 11
      seen.push(text);
      if (/No input satisfies/.test(text)) break;
      await sleep(500);
    }
    console.log(`four_steps hover: ${text}`);
    expect(seen.filter((t) => /\bcovered\b/i.test(t))).toEqual([]);
    expect(text).toMatch(/\*\*unreachable\*\* \(proved: every loop on the way is fully unrolled or absent\)/);
    // s starts at 0 and grows by 2 (line 9) however many times the loop runs: never 7.
    expect(text).toMatch(/\[line 7\]\([^)]*#L7\) `s = 0`/);
    expect(text).toMatch(/\[line 9\]\([^)]*#L9\) `s = s \+ 2`/);
    expect(text).toMatch(/\[line 10\]\([^)]*#L10\) `s == 7`: needs `s == 7` to be true/);
  }, 300_000);
});

describe("a function's properties past their time in the analysis (real engine)", () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    // The shortest query limit (100 ms): the analysis gives a function's properties 4 of them together
    // (propertiesBudgetQueries), which josephus.c's list, built by malloc in a loop, uses up.
    s = await startServer({ validate: false, timeoutMs: 100 });
  });
  afterAll(async () => {
    if (s) console.log(`server log (last lines):\n${s.log.join('\n').split('\n').slice(-40).join('\n')}`);
    await s?.close();
  });

  it('each property the analysis left unasked gets a look of its own, with the usual limit: the overflow of `m - 1` is found', async () => {
    const uri = await s.open(fixture('josephus.c'));
    await s.idle(240_000);
    const looks = s.log.join('').match(/second look at f:\S+ \(time limit 100 ms\)/g) ?? [];
    console.log(`second looks with the usual limit: ${looks.length}`);
    expect(looks.length).toBeGreaterThan(0);
    // `while (i <= m - 1)` (line 29) runs once the list has two nodes (n >= 2); m - 1 overflows only for m == INT_MIN.
    const hover = hoverText(await s.hover(uri, 28, 22));
    expect(hover).toMatch(/`m - 1`: \*\*violated\*\*: `m - 1` overflows for `n = \d+, m = -2147483648`/);
    const n = Number(/overflows for `n = (\d+)/.exec(hover)![1]);
    expect(n).toBeGreaterThanOrEqual(2);
    // A hover finds a goal's test by id: the second looks' tests (each numbered t1 by its own query) are
    // renamed apart from the suite's and from each other's.
    const { report } = await s.fileReport(uri, () => true);
    const f = report.functions.find((x) => x.name === 'f')!;
    const ids = f.tests.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    const overflow = f.goals.find((g) => g.status === 'violated' && g.line === 29)!;
    expect(f.tests.find((t) => t.id === overflow.test)?.inputs).toMatchObject({ m: -2147483648 });
  }, 300_000);
});
