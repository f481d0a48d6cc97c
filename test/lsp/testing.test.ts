// VS Code's Testing and coverage views (issue 15 §1-2) are fed by the server's
// creach.runTests over the real protocol: the data of the file report,
// compiled with the file and run. Expected values from C semantics: in dead.c,
// `r = 1;` never runs (x > 10 and x < 5), so gcov counts it 0 whatever the data;
// every other line of classify runs for x = 11; a datum changed to x = 0 no
// longer reaches `r = r + 2;` and fails, naming that goal.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ServerCommands, type FileReportParams } from '../../shared/editor-protocol';
import type { Report, RunSuiteResult } from '../../shared/report';
import { ensureBuilt, root, startServer, type Session } from './session';

const fixture = (name: string) => path.join(root, 'test/lsp/fixtures', name);
const lineOf = (code: string) =>
  readFileSync(fixture('dead.c'), 'utf8')
    .split('\n')
    .findIndex((l) => l.trim().startsWith(code)) + 1;
const done = (p: FileReportParams) => p.pending.length === 0 && p.report.functions.some((f) => f.name === 'classify');

describe('creach.runTests: the Testing view runs the data (trusted)', () => {
  let s: Session;
  let uri: string;
  let report: Report;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
    uri = await s.open(fixture('dead.c'));
    report = (await s.fileReport(uri, done)).report;
  }, 180_000);
  afterAll(async () => s?.close());

  it('runs every datum: each passes, and gcov counts the lines it ran', async () => {
    const r = await s.command<RunSuiteResult>(ServerCommands.runTests, { uri, report });
    expect(r.available).toBe(true);
    const ids = report.functions.flatMap((f) => f.tests.map((t) => `${f.name}#${t.id}`));
    expect(ids.length).toBeGreaterThan(0);
    expect(r.tests.map((t) => `${t.function}#${t.id}`).sort()).toEqual(ids.sort());
    for (const t of r.tests) expect({ id: t.id, passed: t.passed, message: t.message }).toEqual({ id: t.id, passed: true, message: 'passed' });
    expect(r.bugs).toEqual([]);
    const count = (line: number) => r.lines!.find((l) => l.line === line)?.count;
    // Never runs, whatever the input.
    expect(count(lineOf('r = 1;'))).toBe(0);
    // Runs for the datum with x > 10 that the suite must have (r = r + 2 is reachable).
    expect(count(lineOf('r = r + 2;'))).toBeGreaterThan(0);
    expect(count(lineOf('int r = 0;'))).toBe(report.functions.find((f) => f.name === 'classify')!.tests.length);
  }, 120_000);

  it('a datum that no longer reaches its goal fails, and says which goal', async () => {
    const classify = report.functions.find((f) => f.name === 'classify')!;
    const goal = classify.goals.find((g) => g.kind === 'statement' && g.line === lineOf('r = r + 2;'))!;
    const test = classify.tests.find((t) => t.goals.includes(goal.id) || goal.test === t.id)!;
    const changed: Report = { ...report, functions: [{ ...classify, tests: [{ ...test, inputs: { ...test.inputs, x: 0 }, goals: [goal.id] }] }] };
    const r = await s.command<RunSuiteResult>(ServerCommands.runTests, { uri, report: changed });
    expect(r.tests).toHaveLength(1);
    expect(r.tests[0].passed).toBe(false);
    expect(r.tests[0].missed).toContain(goal.id);
  }, 120_000);
});

describe('creach.mcdc: the MC/DC of one function', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
  }, 60_000);
  afterAll(async () => s?.close());

  it('coupled (x > 5 && x > 3): the first condition is shown by validated data, no pair can exist for the second', async () => {
    // C semantics: x > 5 implies x > 3, so no evaluation has the first true and the second false.
    const uri = await s.open(path.join(root, 'test/fixtures/mcdc.c'));
    const r = await s.command<Report>(ServerCommands.mcdc, { uri, function: 'coupled' });
    expect(r.functions.map((f) => f.name)).toEqual(['coupled']);
    const [d] = r.functions[0].mcdc!.decisions;
    expect(d.text).toBe('x > 5 && x > 3');
    expect(d.independence.map((x) => x.status)).toEqual(['shown', 'impossible']);
    for (const p of d.independence[0].pair!) expect(d.paths[p].validated).toBe(true);
    await expect(s.command(ServerCommands.mcdc, { uri })).rejects.toThrow(/which function/);
  }, 120_000);
});

describe('creach.runTests in an untrusted workspace', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer({}, undefined, false);
  }, 60_000);
  afterAll(async () => s?.close());

  it('refuses to compile and run anything', async () => {
    const uri = await s.open(fixture('dead.c'));
    const report: Report = { file: fixture('dead.c'), functions: [] };
    await expect(s.command(ServerCommands.runTests, { uri, report })).rejects.toThrow(/trust this workspace/);
  }, 60_000);
});
