// Protocol tests (built server, real engine) for what the editor shows beyond
// the bare verdicts: data validated by compiling only in trusted workspaces,
// the values along a counter-example's path (Diagnostic.data), and the
// reasons of an unreachable goal in loops, found by a follow-up reach query.

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

  it("hover on gcd's unreachable `return 1;` gives the conflicting condition y > 10 with its line", async () => {
    const uri = await s.open(fixture('loops_w.c'));
    await s.cover({ uri, function: 'gcd' });
    const seen: string[] = [];
    const deadline = Date.now() + 270_000;
    let text = '';
    while (Date.now() < deadline) {
      text = hoverText(await s.hover(uri, 46, 8)); // `return 1;` is line 47
      seen.push(text);
      if (/y > 10/.test(text)) break;
      await sleep(1000);
    }
    console.log(`gcd hover: ${text}`);
    expect(seen.filter((t) => /\bcovered\b/i.test(t))).toEqual([]);
    expect(text).toMatch(/unreachable/);
    // The reasons link to their lines: the decision `if (y > 10)` is line 46.
    expect(text).toMatch(/\[line 46\]\([^)]*#L46\) `y > 10`/);
    expect(text).toMatch(/\[line 35\]\([^)]*#L35\) `x > 0`/);
  }, 300_000);
});
