// Issue 14: the editor shows a function's coverage first, then its properties.
// The function below has quick coverage (two branches on x) and a property
// whose check takes the solver long (factoring a 64-bit number): its
// CodeLens shows the coverage, "checking properties…", before the check ends;
// then the verdicts, "validating data…", while the data are compiled and run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { FileReportParams } from '../../shared/editor-protocol';
import { ensureBuilt, startServer, type Session } from './session';

const C = `#include <assert.h>
int f(int x, unsigned long long p, unsigned long long q)
{
    int r = 0;
    if (x > 3)
        r = 1;
    if (p > 1 && q > 1 && p < 4294967296ULL && q < 4294967296ULL)
        assert(p * q != 12435028131385956433ULL);
    return r;
}
`;

describe('coverage first, then properties, then validation', () => {
  let s: Session;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer({ timeoutMs: 8000 });
  }, 60_000);
  afterAll(async () => s?.close());

  it('the CodeLens shows the coverage while the property is still being checked, then the final summary', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'creach-first-')), 'slow.c');
    writeFileSync(file, C);
    const uri = await s.open(file, C);
    const partial = await s.fileReport(uri, (p: FileReportParams) => p.pending.includes('f') && p.report.functions.some((fr) => fr.name === 'f'));
    const f = partial.report.functions.find((fr) => fr.name === 'f')!;
    // Coverage only: statement and branch goals, no property yet.
    expect(f.goals.some((g) => g.kind === 'branch' && g.status === 'covered')).toBe(true);
    expect(f.goals.some((g) => g.kind === 'assertion')).toBe(false);
    const lens = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').find((t) => t.startsWith('CReach:'));
    expect(lens).toMatch(/^CReach: \d+\/\d+ branches.* · checking properties…$/);
    // Then the whole analysis: the assertion is there, every datum validated (compiled by gcc and run), the lens final.
    const final = await s.fileReport(uri, (p) => !p.pending.includes('f'), 120_000);
    const ff = final.report.functions.find((fr) => fr.name === 'f')!;
    expect(ff.goals.some((g) => g.kind === 'assertion')).toBe(true);
    expect(ff.tests.filter((t) => t.validated !== true)).toEqual([]);
    const after = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').find((t) => t.startsWith('CReach:'));
    expect(after).not.toMatch(/checking|validating/);
  }, 180_000);

  it('the verdicts are shown before their data are validated: a counter-example first unconfirmed, then validated', async () => {
    // x * 1000 overflows for x > 2147483 (and below -2147483): a runtime error with a counter-example datum.
    const code = `int g(int x)\n{\n    int r = 0;\n    if (x > 3)\n        r = 1;\n    return r + x * 1000;\n}\n`;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'creach-first-')), 'overflow.c');
    writeFileSync(file, code);
    const uri = await s.open(file, code);
    const overflow = (p: FileReportParams) =>
      p.report.functions.find((fr) => fr.name === 'g')?.goals.find((g) => g.kind === 'runtime-error' && g.status === 'violated');
    const verdicts = await s.fileReport(uri, (p) => p.pending.includes('g') && overflow(p) !== undefined, 120_000);
    expect(verdicts.validating).toEqual(['g']);
    const g = verdicts.report.functions.find((fr) => fr.name === 'g')!;
    const datum = g.tests.find((t) => t.id === overflow(verdicts)!.test)!;
    expect(Math.abs(Number(datum.inputs.x))).toBeGreaterThan(2147483);
    expect(datum.validated).toBeUndefined();
    const lens = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').find((t) => t.startsWith('CReach:'));
    expect(lens).toMatch(/^CReach: 2\/2 branches.* · validating data…$/);
    const final = await s.fileReport(uri, (p) => !p.pending.includes('g'), 120_000);
    expect(final.validating).toEqual([]);
    const fg = final.report.functions.find((fr) => fr.name === 'g')!;
    expect(fg.goals.map((x) => [x.id, x.status])).toEqual(g.goals.map((x) => [x.id, x.status]));
    expect(fg.tests.map((t) => [t.id, t.validated])).toEqual(g.tests.map((t) => [t.id, true]));
    const after = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').find((t) => t.startsWith('CReach:'));
    expect(after).toMatch(/^CReach: 2\/2 branches/);
    expect(after).not.toMatch(/checking|validating/);
  }, 180_000);
});
