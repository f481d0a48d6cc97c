// Editing is the normal state (issue 14, issue 16 §4), over the real
// protocol with the real engine and default settings: a function that does
// not parse, or has an error, does not stop the analysis of the others; it
// (and what calls it) keeps its last results, marked stale, until it parses
// again; nothing stale stays after the fix (also after closing and opening
// the file again); the progress in the status bar always ends; the test
// suite can be cancelled and tells how far it is.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CancellationTokenSource } from 'vscode-languageserver-protocol/node';
import type { FileReportParams } from '../../shared/editor-protocol';
import { ensureBuilt, hoverText, startServer, type Session } from './session';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const good = `int good(int a)
{
    if (a > 3)
        return 1;
    return 0;
}
`;
const bad = (body: string) => `
int bad(int x)
{
${body}
}

int caller(int b)
{
    return bad(b) + 1;
}
`;
const parses = '    if (x > 0)\n        return 1;\n    return 0;';
const syntaxError = '    if (x > 0 {\n        return 1;\n    }\n    return 0;';
const undeclared = '    if (x > 0)\n        return y;\n    return 0;';
// 0-based line of `if (x > 0` in bad (good is 6 lines, then a blank line, `int bad`, `{`).
const badIf = 9;

/** The CodeLens titles by function, once no lens says "analysing" (and the server has the text of `version`). */
async function lenses(s: Session, uri: string, version?: number, timeoutMs = 120_000): Promise<Record<string, string>> {
  if (version !== undefined) await s.fileReport(uri, (p) => p.version >= version);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ls = (await s.codeLens(uri)).filter((l) => l.command?.title.startsWith('CReach:'));
    const byFunction = Object.fromEntries(ls.map((l) => [(l.command!.arguments![0] as { function: string }).function, l.command!.title]));
    // Final lenses only: not while analysing, nor while the properties are checked after the coverage, nor while the data are validated.
    if (ls.length > 0 && !Object.values(byFunction).some((t) => /analysing|checking|validating/.test(t))) return byFunction;
    if (Date.now() > deadline) throw new Error(`CodeLens still analysing: ${JSON.stringify(byFunction)}`);
    await sleep(300);
  }
}

const summary = /^CReach: \d+\/\d+ (branches|statements)/;

describe('a function that does not parse does not stop the others', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-editing-'));
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opened with a syntax error: the other functions are analysed; after the fix everything is, and no error stays', async () => {
    const uri = await s.open(path.join(dir, 'opened_broken.c'), good + bad(syntaxError));
    const before = await lenses(s, uri);
    expect(before.good).toMatch(summary);
    expect(before.bad).toBe('CReach: not analysed: line 10 does not parse');
    expect(before.caller).toBe('CReach: not analysed: bad() does not parse (line 10)');
    const diags = await s.diagnostics(uri, (d) => d.length > 0);
    expect(diags.filter((d) => d.severity === 1).map((d) => [d.range.start.line, String(d.message)])).toEqual([[badIf, "syntax error: missing ')'"]]);
    expect(diags.map((d) => String(d.message)).filter((m) => /analysis failed|could not analyse/.test(m))).toEqual([]);

    const after = await lenses(s, uri, s.change(uri, good + bad(parses)));
    expect(
      Object.values(after).every((t) => summary.test(t) && !/stale/.test(t)),
      JSON.stringify(after),
    ).toBe(true);
    const fixed = await s.diagnostics(uri, (d) => !d.some((x) => x.severity === 1));
    expect(fixed.filter((d) => /syntax|not analysed|failed/.test(String(d.message)))).toEqual([]);
  }, 240_000);

  it('closed and opened again with the error, then fixed: nothing stale stays', async () => {
    const file = path.join(dir, 'reopened.c');
    let uri = await s.open(file, good + bad(syntaxError));
    expect((await lenses(s, uri)).bad).toMatch(/not analysed: line 10 does not parse/);
    await s.closeDocument(uri);
    uri = await s.open(file, good + bad(syntaxError));
    expect((await lenses(s, uri)).good).toMatch(summary);
    const after = await lenses(s, uri, s.change(uri, good + bad(parses)));
    expect(
      Object.values(after).every((t) => summary.test(t) && !/stale/.test(t)),
      JSON.stringify(after),
    ).toBe(true);
    await s.diagnostics(uri, (d) => !d.some((x) => x.severity === 1));
  }, 240_000);

  it('broken while editing: the function and its callers keep their last results, marked stale; the hover says so', async () => {
    const uri = await s.open(path.join(dir, 'edited.c'), good + bad(parses));
    const first = await lenses(s, uri);
    expect(first.bad).toMatch(summary);
    s.change(uri, good + bad(syntaxError));
    const report = await s.fileReport(uri, (p: FileReportParams) => (p.stale ?? []).some((x) => x.function === 'bad'));
    expect(report.stale).toEqual(
      expect.arrayContaining([
        { function: 'bad', reason: 'line 10 does not parse' },
        { function: 'caller', reason: 'bad() does not parse (line 10)' },
      ]),
    );
    const stale = await lenses(s, uri);
    expect(stale.bad).toBe(`${first.bad} (stale: line 10 does not parse)`);
    expect(stale.caller).toBe(`${first.caller} (stale: bad() does not parse (line 10))`);
    expect(stale.good).toBe(first.good);
    // The caller's own text did not change: its last results are still at their lines.
    const callerReturn = (good + bad(syntaxError)).split('\n').findIndex((l) => l.includes('return bad(b) + 1;'));
    expect(hoverText(await s.hover(uri, callerReturn, 8))).toMatch(/stale: bad\(\) does not parse/);
    const again = await lenses(s, uri, s.change(uri, good + bad(parses)));
    expect(again.bad).toBe(first.bad);
    expect(again.caller).toBe(first.caller);
  }, 240_000);

  it('broken while its data are validated: the verdicts stay, marked stale', async () => {
    // Another body than the other tests' (results are cached by the function's text): bad is analysed here.
    const uri = await s.open(path.join(dir, 'validating.c'), good + bad(parses.replace('x > 0', 'x > 7')));
    await s.fileReport(uri, (p: FileReportParams) => (p.validating ?? []).includes('bad'), 120_000);
    s.change(uri, good + bad(syntaxError));
    await s.fileReport(uri, (p: FileReportParams) => (p.stale ?? []).some((x) => x.function === 'bad'));
    const stale = await lenses(s, uri);
    expect(stale.bad).toMatch(/^CReach: 2\/2 branches \(stale: line 10 does not parse\)$/);
  }, 240_000);

  it('an error the engine finds (an undeclared name) is shown at its place; the other functions are analysed', async () => {
    const uri = await s.open(path.join(dir, 'undeclared.c'), good + bad(undeclared));
    const byFunction = await lenses(s, uri);
    expect(byFunction.good).toMatch(summary);
    expect(byFunction.bad).toBe('CReach: not analysed: line 11 has an error');
    const diags = await s.diagnostics(uri, (d) => d.some((x) => /undeclared/.test(String(x.message))));
    expect(diags.filter((d) => /undeclared/.test(String(d.message))).map((d) => [d.range.start.line, d.severity])).toEqual([[10, 1]]);
    const after = await lenses(s, uri, s.change(uri, good + bad(parses)));
    expect(
      Object.values(after).every((t) => summary.test(t)),
      JSON.stringify(after),
    ).toBe(true);
    await s.diagnostics(uri, (d) => !d.some((x) => /undeclared/.test(String(x.message))));
  }, 240_000);

  it('every work-done progress the server began has ended once it is idle', async () => {
    await s.idle();
    const begun = new Set(s.progress.filter((p) => p.value.kind === 'begin').map((p) => p.token));
    const ended = new Set(s.progress.filter((p) => p.value.kind === 'end').map((p) => p.token));
    expect(begun.size).toBeGreaterThan(0);
    expect([...begun].filter((t) => !ended.has(t))).toEqual([]);
    expect(s.status()).toMatchObject({ state: 'idle', pending: 0, followUps: 0 });
  }, 240_000);
});

// Eight functions; g calls k. Editing k re-analyses k and g only, each sent to the worker with the functions
// it depends on alone. Before the edit k(x) = 2 * x is even (no overflow: undefined behaviour is excluded),
// so `k(x) == 7` never holds; after it k(x) = 2 * x + 1 equals 7 exactly for x = 3.
const unrelated = [1, 2, 3, 4, 5, 6].map((i) => `int u${i}(int a)\n{\n    if (a > ${i})\n        return 1;\n    return 0;\n}\n`).join('\n');
const calls = (k: string) => `int k(int x)\n{\n    return ${k};\n}\n\nint g(int x)\n{\n    if (k(x) == 7)\n        return 1;\n    return 0;\n}\n\n${unrelated}`;

describe('an edit re-analyses the edited function and its callers with what they depend on only', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-alone-'));
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a callee's new body decides its caller's branch, from C: unreachable before, x = 3 after (validated by gcc)", async () => {
    const uri = await s.open(path.join(dir, 'calls.c'), calls('2 * x'));
    await lenses(s, uri);
    const ret = (p: FileReportParams) => p.report.functions.find((f) => f.name === 'g')?.goals.find((g) => g.kind === 'statement' && g.line === 9);
    expect(ret((await s.fileReport(uri, () => true))!)?.status).toBe('unreachable');
    const mark = s.log.length;
    const version = s.change(uri, calls('2 * x + 1'));
    await lenses(s, uri, version);
    const p = await s.fileReport(uri, (x) => x.version >= version && ret(x)?.status === 'covered' && x.pending.length === 0);
    const g = p.report.functions.find((f) => f.name === 'g')!;
    const test = g.tests.find((t) => t.id === ret(p)!.test)!;
    expect(test.inputs).toEqual({ x: 3 });
    expect(test.validated).toBe(true);
    const log = s.log.slice(mark).join('');
    expect(log).toContain('analysing g with the functions it depends on only (k)');
    expect(log).toContain('analysing k with the functions it depends on only');
    // The six functions the edit does not touch keep their results.
    expect(log).not.toMatch(/analysing u\d/);
  }, 240_000);
});

// Factoring a 64-bit semiprime: each of these goals takes the solver its whole time limit.
const slow = `int factor(unsigned long long p, unsigned long long q)
{
    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL && p * q == 12435028131385956433ULL)
        return 1;
    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL && p * q == 12435028131385956431ULL)
        return 2;
    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL && p * q == 12435028131385956437ULL)
        return 3;
    return 0;
}

int quick(int a)
{
    return a == 7;
}
`;

describe('the test suite can be cancelled and tells how far it is', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-suite-'));
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('cancelling stops the analysis; the lens says so; asking again analyses it', async () => {
    const uri = await s.open(path.join(dir, 'slow.c'), slow);
    await s.fileReport(uri, (p) => p.pending.includes('factor')); // the analysis of factor has started
    await sleep(1500);
    const cancel = new CancellationTokenSource();
    const suite = s.command('creach.cover', { uri, function: 'factor' }, cancel.token).then(
      () => 'finished',
      (e: { code?: number }) => `error ${e.code}`,
    );
    await sleep(500);
    cancel.cancel();
    expect(await suite).toBe('error -32800'); // RequestCancelled
    const lens = async () => (await s.codeLens(uri)).find((l) => (l.command?.arguments?.[0] as { function?: string }).function === 'factor')?.command;
    const deadline = Date.now() + 10_000;
    let cmd = await lens();
    while (!/cancelled/.test(cmd?.title ?? '') && Date.now() < deadline) {
      await sleep(200);
      cmd = await lens();
    }
    expect(cmd).toMatchObject({ title: 'CReach: analysis cancelled · click to analyse', command: 'creach.generateSuite' });
    expect(s.log.join('\n')).toMatch(/cancelled by the user: the analysis of factor/);
    // Nothing runs for it any more. The file report is a notification sent a moment after the state changed
    // (the lens above is a request, answered from the state at once): wait for it rather than read the last one.
    expect((await s.fileReport(uri, (p) => !p.pending.includes('factor'), 10_000)).pending).not.toContain('factor');

    // Asked again (the lens): with a work-done token, the progress says how many functions and goals are done.
    const token = 'suite-progress-test';
    const report = (await s.command('creach.cover', { uri }, undefined, token)) as { functions: { name: string }[] };
    expect(report.functions.map((f) => f.name).sort()).toEqual(['factor', 'quick']);
    const messages = s.progress.filter((p) => p.token === token).map((p) => p.value);
    expect(messages[0]).toMatchObject({ kind: 'begin', cancellable: true });
    expect(messages.at(-1)?.kind).toBe('end');
    expect(messages.filter((m) => m.kind === 'report').map((m) => m.message)).toContainEqual(
      expect.stringMatching(/^2 of 2 functions done · \d+ goals answered$/),
    );
  }, 300_000);
});
