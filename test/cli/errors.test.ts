// The CLI boundary: every command reads its file once, through the API, and
// reports input errors the same way (exit code 2, `file:line:column: message`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { creachIn } from './run';

const creach = (...args: string[]) => creachIn(undefined, args, 60_000);

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
}, 120_000);

describe('CLI errors', () => {
  it('a missing file gives the same message and exit code from every command', async () => {
    const runs = [
      await creach('cfg', '/nonexistent.c'),
      await creach('reach', '/nonexistent.c', '--line', '3'),
      await creach('check', '/nonexistent.c'),
      await creach('cover', '/nonexistent.c'),
      await creach('replay', tmpdir(), '/nonexistent.c'),
    ];
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe('/nonexistent.c:1:1: cannot read the file: no such file');
    }
  });

  it('a directory given as the file is an input error', async () => {
    const r = await creach('check', tmpdir());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/:1:1: cannot read the file: it is a directory/);
  });

  it('a syntax error is file:line:column with exit code 2, from reach, check and cover alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'creach-cli-'));
    const file = join(dir, 'bad.c');
    writeFileSync(file, 'int f(int x) {\n  return x +;\n}\n');
    for (const args of [
      ['reach', file, '--line', '2'],
      ['check', file],
      ['cover', file],
    ]) {
      const r = await creach(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2:\\d+: `));
    }
  });

  it('requests the engine cannot answer are input errors naming the place', async () => {
    const noGoal = await creach('reach', 'test/fixtures/factorial.c', '--line', '1');
    expect(noGoal.code).toBe(2);
    expect(noGoal.stderr).toMatch(/^test\/fixtures\/factorial\.c:1:1: /);
    const noFunction = await creach('check', 'test/fixtures/factorial.c', '--function', 'nope');
    expect(noFunction.code).toBe(2);
    expect(noFunction.stderr).toContain("no function 'nope'");
    const badGoal = await creach('reach', 'test/fixtures/factorial.c', '--goal', 'f:999:stmt');
    expect(badGoal.code).toBe(2);
    expect(badGoal.stderr).toContain("no goal 'f:999:stmt'");
  });

  it('bad option values are usage errors', async () => {
    expect((await creach('reach', 'test/fixtures/factorial.c', '--line', 'x')).code).toBe(2);
    expect((await creach('check', 'test/fixtures/factorial.c', '--timeout', '5')).code).toBe(2);
    expect((await creach('check', 'test/fixtures/factorial.c', '--data-model', 'LP32')).code).toBe(2);
    // Sizes no formula could hold are refused at once, not tried for ever (fuzz finding: --pointer-array-length 99999999999 hung).
    const huge = await creach('check', 'test/fixtures/factorial.c', '--pointer-array-length', '99999999999');
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('--pointer-array-length expects an integer from 1 to 1024');
    expect((await creach('check', 'test/fixtures/factorial.c', '--loop-bound', '100000')).code).toBe(2);
  });

  it('a goal can be asked by its id', async () => {
    const r = await creach('reach', 'test/fixtures/factorial.c', '--goal', 'f:13:stmt', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.functions[0].goals[0]).toMatchObject({ id: 'f:13:stmt', status: 'covered' });
    expect(report.functions[0].tests[0].inputs).toEqual({ i: 2 });
  });
});

describe('CLI output errors', () => {
  it('an export directory that is a file is an input error, not a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'creach-cli-'));
    const file = join(dir, 'afile');
    writeFileSync(file, 'x');
    const r = await creach('cover', 'test/fixtures/factorial.c', '--emit-tests', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write the suite there: not a directory');
  });

  it('an export directory that cannot be made is an input error, not a hang (fuzz finding: mkdir -p under /proc never ended)', async () => {
    const r = await creach('cover', 'test/fixtures/factorial.c', '--emit-tests', '/proc/creach-nope/suite');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write the suite there');
  });
});
