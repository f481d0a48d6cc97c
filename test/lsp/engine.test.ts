// Protocol tests against the real engine (real Z3 in the server's worker
// threads): what a user sees in the editor for the seed examples, whose
// expected answers are in test/fixtures/EXPECTED.md (checked by exhaustive
// execution of the compiled programs).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from 'vscode-languageserver-protocol/node';
import { ensureBuilt, fixture, hoverText, startServer, type Session } from './session';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the CodeLens until the function's summary is there (not "analysing…"). */
async function summaryLens(s: Session, uri: string, line0: number, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lens = (await s.codeLens(uri)).find((l) => l.range.start.line === line0 && l.command?.title.startsWith('CReach:'));
    const title = lens?.command?.title ?? '';
    if (title && !title.includes('analysing')) return title;
    if (Date.now() > deadline) throw new Error(`no CodeLens summary on line ${line0 + 1} within ${timeoutMs} ms (last: '${title}')`);
    await sleep(300);
  }
}

// A goal no solver reaches quickly: factoring a 64-bit semiprime
// (3347876999 * 3714302567) by bit-blasting takes Z3 minutes.
const hardSource = `int factor(unsigned long long p, unsigned long long q)
{
    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL
        && p * q == 12435028131385956433ULL)
        return 1;
    return 0;
}

int easy(int a)
{
    if (a == 7)
        return 1;
    return 0;
}
`;
const hardGoalLine = 4; // 0-based: `return 1;` of factor
const easyGoalLine = 11; // 0-based: `return 1;` of easy

describe('editor features on the seed examples (real engine)', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
  });
  afterAll(async () => s?.close());

  it('CodeLens on tritype.c reports full decision coverage', async () => {
    const uri = await s.open(fixture('tritype.c'));
    const title = await summaryLens(s, uri, 10); // `int tritype(...)` is line 11
    console.log(`tritype CodeLens: ${title}`);
    // Coverage is shown first; the properties may still be being checked, or the data validated.
    const m = /^CReach: (\d+)\/(\d+) branches( · checking properties…| · validating data…)?$/.exec(title);
    expect(m, title).not.toBeNull();
    // Ten decisions, each with two feasible outcomes (EXPECTED.md: gcov shows 100% branches).
    expect(Number(m![2])).toBeGreaterThanOrEqual(20);
    expect(m![1]).toBe(m![2]);
  }, 180_000);

  it("creach.reach on factorial.c's `i = 2;` returns i = 2", async () => {
    const uri = await s.open(fixture('factorial.c'));
    const report = await s.reach({ uri, line: 12 }); // `i = 2;` is line 13
    const f = report.functions.find((x) => x.name === 'f');
    expect(f, JSON.stringify(report)).toBeDefined();
    const goal = f!.goals.find((g) => g.line === 13);
    expect(goal?.status, JSON.stringify(report)).toBe('covered');
    const test = f!.tests.find((t) => t.id === goal!.test);
    expect(test?.inputs.i, JSON.stringify(report)).toBe(2);
  }, 120_000);

  it('hover on the gcd goal of loops_w.c never says covered', async () => {
    const uri = await s.open(fixture('loops_w.c'));
    await s.cover({ uri, function: 'gcd' });
    const text = hoverText(await s.hover(uri, 46, 8)); // `return 1;` in gcd is line 47
    console.log(`gcd hover: ${text}`);
    expect(text).not.toMatch(/covered/i);
    expect(text).toMatch(/unreachable|not reached within|unknown/);
  }, 180_000);

  it('the tcas_assert.c assertion yields a diagnostic with x = 50', async () => {
    const uri = await s.open(fixture('tcas_assert.c'));
    const diags = await s.diagnostics(uri, (d) => d.some((x) => x.range.start.line === 18 && / fails for /.test(String(x.message))), 120_000);
    const d = diags.find((x) => x.range.start.line === 18 && / fails for /.test(String(x.message)))!;
    console.log(`tcas diagnostic: ${d.message}`);
    expect(d.source).toBe('creach');
    expect(String(d.message)).toMatch(/^assertion `z > -2500` fails for x = 50, y = \d+$/);
    // Overflow-free counter-examples are exactly x = 50, y >= 1 (EXPECTED.md).
    expect(Number(/y = (-?\d+)/.exec(String(d.message))![1])).toBeGreaterThanOrEqual(1);
    expect(d.relatedInformation?.length ?? 0).toBeGreaterThan(0);
  }, 180_000);
});

describe('responsiveness and cancellation (real engine)', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    // Long per-query budget so the hard query is still running when we act.
    s = await startServer({ timeoutMs: 600_000 });
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-'));
  });
  afterAll(async () => s?.close());

  it('answers a hover within 200 ms while a long query runs', async () => {
    const file = path.join(dir, 'hard_hover.c');
    writeFileSync(file, hardSource);
    const uri = await s.open(file);
    const cancel = new CancellationTokenSource();
    const longQuery = s.reach({ uri, line: hardGoalLine }, cancel.token).then(
      () => 'finished',
      (e: Error) => `failed: ${e.message}`,
    );
    await sleep(1500); // the query is now in the worker
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await s.hover(uri, hardGoalLine, 8);
      times.push(performance.now() - t0);
      await sleep(100);
    }
    const still = await Promise.race([longQuery, sleep(0).then(() => 'running')]);
    console.log(
      `hover latency while a query runs: max ${Math.max(...times).toFixed(1)} ms, median ${times.sort((a, b) => a - b)[5].toFixed(1)} ms (query ${still})`,
    );
    cancel.cancel(); // $/cancelRequest: frees the worker for the next test
    expect(await longQuery).toMatch(/failed: cancelled/);
    expect(still).toBe('running');
    expect(Math.max(...times)).toBeLessThan(200);
  }, 60_000);

  it('an edit of the function cancels its running query', async () => {
    const file = path.join(dir, 'hard_edit.c');
    writeFileSync(file, hardSource);
    const uri = await s.open(file);
    let settledAt = 0;
    const longQuery = s.reach({ uri, line: hardGoalLine }).then(
      () => {
        settledAt = performance.now();
        return 'finished';
      },
      (e: { code?: number; message: string }) => {
        settledAt = performance.now();
        return `error ${e.code}`;
      },
    );
    await sleep(2000);
    expect(settledAt).toBe(0); // still running
    const editedAt = performance.now();
    s.change(uri, hardSource.replace('12435028131385956433ULL', '12435028131385956431ULL'));
    const outcome = await Promise.race([longQuery, sleep(10_000).then(() => 'still running 10 s after the edit')]);
    console.log(`edit -> query cancelled after ${(settledAt - editedAt).toFixed(0)} ms (${outcome})`);
    expect(outcome).toBe('error -32801'); // LSP ContentModified
    // The pool is usable afterwards: a goal of the other (unchanged) function is reached.
    const report = await s.reach({ uri, line: easyGoalLine });
    const easy = report.functions.find((f) => f.name === 'easy');
    const goal = easy?.goals.find((g) => g.line === easyGoalLine + 1);
    expect(goal?.status, JSON.stringify(report)).toBe('covered');
    expect(easy?.tests.find((t) => t.id === goal?.test)?.inputs.a, JSON.stringify(report)).toBe(7);
  }, 120_000);
});
