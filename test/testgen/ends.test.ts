// Data whose run ends the process (exit(), abort()): the datum says how
// (exit's status from C semantics: exit(x - 1) with x == 3 is status 2,
// exit(-1) is status 255), and the exported harness runs each test in a
// process of its own, so such a test passes when its process ends that
// way and cannot hide the tests after it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileEngine as createEngine, type Engine } from '../helpers/engine';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import type { Report } from '../../shared/report';
import { validateSuite } from '../../server/src/testgen/validate';
import { ownFixture, scratch, gcc, runExe, exportSuite } from './helpers';

let engine: Engine;
let report: Report;
const file = ownFixture('ends.c');

beforeAll(async () => {
  engine = await createEngine(defaultEngineOptions);
  report = await engine.cover({ file, criterion: 'decision' });
  const program = await loadProgram({ file }, defaultEngineOptions);
  const v = await validateSuite(program, report, { compiler: 'gcc', workDir: path.join(scratch('ends-validate'), 'v'), timeoutMs: 20_000, sanitize: true });
  expect(v.differences).toEqual([]);
}, 120_000);
afterAll(() => engine?.dispose());

const testsOf = (fn: string) => report.functions.find((f) => f.name === fn)!.tests;

/** Exports the suite of `source` (the fixture, or a mutant of it) and builds the harness. */
async function build(name: string, source = fs.readFileSync(file, 'utf8')): Promise<string> {
  const dir = scratch(name);
  const copy = path.join(dir, 'ends.c');
  fs.writeFileSync(copy, source);
  const program = await loadProgram({ file: copy }, defaultEngineOptions);
  const [harness] = exportSuite(program, { ...report, file: copy }, dir, 'c');
  expect(gcc(dir, ['-Wall', '-Wextra', path.basename(harness), '-o', 'tests'])).toBe('');
  return path.join(dir, 'tests');
}

describe('data that end the process', () => {
  it('say how their run ends: exit with its status, or abort, at its line', () => {
    const ends = testsOf('f').map((t) => ({ x: t.inputs.x, end: t.end }));
    expect(ends).toContainEqual({ x: 3, end: { how: 'exit', status: 2, line: 9 } });
    expect(ends).toContainEqual({ x: 4, end: { how: 'abort', line: 11 } });
    expect(ends).toContainEqual({ x: 5, end: { how: 'exit', status: -1, line: 13 } });
    for (const t of testsOf('f')) if (![3, 4, 5].includes(t.inputs.x as number)) expect(t.end).toBeUndefined();
    const v = testsOf('v');
    for (const t of v) expect(t.end).toEqual((t.inputs.x as number) > 10 ? { how: 'exit', status: 0, line: 21 } : undefined);
  });

  it('are validated by running them', () => {
    for (const t of [...testsOf('f'), ...testsOf('v')]) expect(t.validated, `${t.id}: ${t.validation}`).toBe(true);
  });

  it('pass in the exported harness, each in a process of its own', async () => {
    const exe = await build('ends');
    const all = runExe(exe);
    const count = testsOf('f').length + testsOf('v').length;
    expect(all.stdout).toMatch(new RegExp(`^${count} passed, 0 failed$`, 'm'));
    expect(all.code).toBe(0);
  });

  it('fail when the process ends otherwise, and the tests after them still run', async () => {
    // The mutant exits with status 3 for x == 3, and crashes instead of aborting for x == 4.
    const source = fs.readFileSync(file, 'utf8').replace('exit(x - 1);', 'exit(x);').replace('abort();', '*(volatile int *)0 = 0;');
    const exe = await build('ends-mutant', source);
    const r = runExe(exe);
    const count = testsOf('f').length + testsOf('v').length;
    expect(r.stdout).toMatch(/expected exit status 2 \(exit\(\) at line 9\), got 3/);
    expect(r.stdout).toMatch(/the run ended with SIGSEGV/);
    expect(r.stdout).toMatch(new RegExp(`^${count - 2} passed, 2 failed$`, 'm'));
    expect(r.code).toBe(1);
  });
});

describe('the harness runtime', () => {
  it('declares nothing of <unistd.h>: a program may name its own things link, read or close', async () => {
    const dir = scratch('posix-names');
    const src = path.join(dir, 'names.c');
    // Each of these names is declared by <unistd.h> with another meaning.
    fs.writeFileSync(
      src,
      'typedef struct node *link;\nstruct node { int key; link next; };\nstatic int read(link l) { return l ? l->key : -1; }\nint close(int x) { return x > 2 ? 1 : 0; }\nint f(int x) { struct node n = { x, 0 }; return read(&n) + close(x); }\n',
    );
    const r = await engine.cover({ file: src, criterion: 'decision' });
    const program = await loadProgram({ file: src }, defaultEngineOptions);
    const [harness] = exportSuite(program, r, dir, 'c');
    expect(gcc(dir, ['-Wall', '-Wextra', path.basename(harness), '-o', 'tests'])).toBe('');
    const run = runExe(path.join(dir, 'tests'));
    expect(run.stdout).toMatch(new RegExp(`^${r.functions.flatMap((f) => f.tests).length} passed, 0 failed$`, 'm'));
  });

  it('runs the tests in one process when the program defines fork, waitpid or alarm itself', async () => {
    const dir = scratch('own-alarm');
    const src = path.join(dir, 'alarm.c');
    fs.writeFileSync(src, 'int alarms;\nvoid alarm(int level) { alarms += level; }\nint f(int x) { if (x > 3) { alarm(x); return 1; } return 0; }\n');
    const r = await engine.cover({ file: src, criterion: 'decision' });
    const program = await loadProgram({ file: src }, defaultEngineOptions);
    const [harness] = exportSuite(program, r, dir, 'c');
    expect(fs.readFileSync(harness, 'utf8')).toContain('#define CREACH_NO_FORK /* the program defines alarm itself */');
    expect(gcc(dir, ['-Wall', '-Wextra', path.basename(harness), '-o', 'tests'])).toBe('');
    expect(runExe(path.join(dir, 'tests')).stdout).toMatch(new RegExp(`^${r.functions.flatMap((f) => f.tests).length} passed, 0 failed$`, 'm'));
  });
});
