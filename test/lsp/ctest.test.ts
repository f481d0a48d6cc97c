// "Copy as C test" (issue 16 §4): one datum as a test function to paste into
// an existing test file, over the real protocol: short, no harness, no
// absolute #include; pasted into a test file it compiles with gcc and passes,
// and fails against a wrong program.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Report } from '../../shared/report';
import { ensureBuilt, fixture, root, startServer, type Session } from './session';

/** Pastes the test function into a test file next to a copy of `source`, builds it with gcc and runs it. */
function runPasted(dir: string, sourceName: string, sourceText: string, testText: string, programMain?: string) {
  writeFileSync(path.join(dir, sourceName), sourceText);
  const name = /^void (\w+)\(void\)$/m.exec(testText)![1];
  // An existing test file: its includes, the code under test, then the pasted function and a runner.
  const file = [
    '#include <assert.h>',
    '#include <stdio.h>',
    ...(programMain ? [`#define main ${programMain}`, `#include "${sourceName}"`, '#undef main'] : [`#include "${sourceName}"`]),
    '',
    testText,
    'int main(void)',
    '{',
    `    ${name}();`,
    '    puts("passed");',
    '    return 0;',
    '}',
  ].join('\n');
  writeFileSync(path.join(dir, 'tests.c'), file);
  const exe = path.join(dir, 'tests');
  const build = spawnSync('gcc', ['-Wall', '-o', exe, 'tests.c'], { cwd: dir, encoding: 'utf8' });
  if (build.status !== 0) return { built: false, output: build.stderr };
  const run = spawnSync(exe, { cwd: dir, encoding: 'utf8' });
  return { built: true, status: run.status, signal: run.signal, output: run.stdout + run.stderr };
}

describe('Copy as C test', () => {
  let s: Session;
  let dir: string;
  beforeAll(async () => {
    ensureBuilt();
    s = await startServer();
    dir = mkdtempSync(path.join(tmpdir(), 'creach-lsp-ctest-'));
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tritype.c: a short test function with assert, that passes, and fails against a mutant', async () => {
    const uri = await s.open(fixture('tritype.c'));
    const source = readFileSync(fixture('tritype.c'), 'utf8');
    const line = source.split('\n').findIndex((l) => l.trim() === 'trityp = 3;');
    const report = await s.reach({ uri, line });
    const text = await s.command<string>('creach.testFunction', { uri, report });
    console.log(text);
    expect(text.split('\n').length).toBeLessThan(25);
    expect(text).not.toMatch(/^#include|creach_[a-z]/m);
    expect(text).toMatch(/^void test_tritype_t1\(void\)$/m);
    expect(text).toMatch(/assert\(result == 3\);/);
    const ok = runPasted(dir, 'tritype.c', source, text);
    expect(ok, ok.output).toMatchObject({ built: true, status: 0 });
    const mutant = runPasted(dir, 'tritype.c', source.replace('trityp = 3;', 'trityp = 2;'), text);
    expect(mutant.built && mutant.signal, mutant.output).toBe('SIGABRT');
  }, 180_000);

  it('a datum with nondet values comes with stubs that return them in order', async () => {
    const file = path.join(root, 'test/lsp/fixtures/accept.c');
    const source = readFileSync(file, 'utf8');
    const uri = await s.open(file);
    const line = source.split('\n').findIndex((l) => l.trim() === 'return 1;');
    const report: Report = await s.reach({ uri, line });
    const test = report.functions[0].tests[0];
    // C semantics: state 3 needs 'a', 'b', 'c' read in that order; other non-zero chars may come
    // between them (they leave the state as it is), a 0 ends the loop. So the datum's chars hold
    // "abc" as a subsequence before any 0 (gcc runs it below).
    const chars = test.nondet.map((n) => Number(n.value));
    const end = chars.indexOf(0) < 0 ? chars.length : chars.indexOf(0);
    let matched = 0;
    for (const c of chars.slice(0, end)) if (c === [97, 98, 99][matched]) matched++;
    expect(matched, JSON.stringify(chars)).toBe(3);
    const text = await s.command<string>('creach.testFunction', { uri, report });
    console.log(text);
    expect(text).toMatch(/^char __VERIFIER_nondet_char\(void\)$/m);
    expect(text).not.toMatch(/^#include|creach_[a-z]/m);
    expect(text).toMatch(/#define main accept_main/);
    const ok = runPasted(dir, 'accept.c', source, text, 'accept_main');
    expect(ok, ok.output).toMatchObject({ built: true, status: 0 });
    const mutant = runPasted(dir, 'accept.c', source.replace("c == 'c'", "c == 'd'"), text, 'accept_main');
    expect(mutant.built && mutant.signal, mutant.output).toBe('SIGABRT');
  }, 180_000);
});
