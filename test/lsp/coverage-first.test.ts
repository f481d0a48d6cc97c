// Issue 14: the editor shows a function's coverage first, then its properties.
// The function below has quick coverage (two branches on x) and a property
// whose check takes the solver long (factoring a 64-bit number): its
// CodeLens shows the coverage, "checking properties…", before the check ends.

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

describe('coverage first, then properties', () => {
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
    // Then the whole analysis: the assertion is there, and the lens is final.
    const final = await s.fileReport(uri, (p) => !p.pending.includes('f'), 120_000);
    expect(final.report.functions.find((fr) => fr.name === 'f')!.goals.some((g) => g.kind === 'assertion')).toBe(true);
    const after = (await s.codeLens(uri)).map((l) => l.command?.title ?? '').find((t) => t.startsWith('CReach:'));
    expect(after).not.toMatch(/checking/);
  }, 180_000);
});
