// `creach check --validate` and `creach reach --validate`: the data are compiled
// and run, and each says whether the run confirmed it. Confirmed: TCAS's P2b
// counter-example breaks the `ensures` when run. Refused: a compiler that
// builds another program than the one analysed (it adds `x = x + 1`).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { creachIn } from './run';
import type { Report } from '../../shared/report';

const creach = (...args: string[]) => creachIn(undefined, args);

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
}, 120_000);

describe('--validate on check and reach', () => {
  it('check: the counter-example of an ensures clause is confirmed by running it', async () => {
    const r = await creach('check', 'test/fixtures/tcas.c', '--function', 'P2b', '--validate', '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const fn = report.functions[0];
    const ensures = fn.goals.find((g) => g.kind === 'assertion')!;
    expect(ensures.status).toBe('violated');
    const test = fn.tests.find((t) => t.id === ensures.test)!;
    expect({ validated: test.validated, why: test.validation }).toEqual({ validated: true, why: undefined });
    const text = await creach('check', 'test/fixtures/tcas.c', '--function', 'P2b', '--validate');
    expect(text.stdout).toMatch(/^ {4}t1: .*✓ validated$/m);
  }, 120_000);

  it('reach: a datum the compiled program does not confirm is marked so, not validated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'creach-validate-'));
    const compiler = join(dir, 'cc-miscompiles');
    writeFileSync(compiler, '#!/bin/sh\nfor a in "$@"; do [ "$a" = "-E" ] && exec gcc "$@"; done\nexec gcc -DCREACH_TEST_MISCOMPILED "$@"\n');
    chmodSync(compiler, 0o755);
    const args = ['reach', 'test/lsp/fixtures/miscompiled.c', '--line', '11', '--validate', '--json'];
    const good = JSON.parse((await creach(...args)).stdout) as Report;
    expect(good.functions[0].tests[0]).toMatchObject({ inputs: { x: 7 }, validated: true });
    const bad = JSON.parse((await creach(...args, '--compiler', compiler)).stdout) as Report;
    expect(bad.functions[0].tests[0]).toMatchObject({ inputs: { x: 7 }, validated: false });
    expect(bad.functions[0].tests[0].validation).toBeTruthy();
  }, 120_000);
});
