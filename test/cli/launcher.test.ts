// bin/creach, the command users run: a shell line that gives glibc's malloc its huge-page tunable, then the
// same file as Node's module, which loads dist/cli.js. The environment Node gets is read by a real Node
// process (NODE_OPTIONS --require of a script that prints it), through the launcher as npm links it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchEnvironment } from '../../shared/server-flags';

const root = join(__dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'creach-launcher-'));
const printer = join(dir, 'print-tunables.js');
writeFileSync(printer, 'process.stderr.write("GLIBC_TUNABLES=" + process.env.GLIBC_TUNABLES + "\\n");\n');

/** What Node sees of GLIBC_TUNABLES, and the command's output, when `launcher` runs with `tunables` set (or not). */
function launch(launcher: string, tunables: string | undefined, args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, NODE_OPTIONS: `--require ${printer}` };
  if (tunables === undefined) delete env.GLIBC_TUNABLES;
  else env.GLIBC_TUNABLES = tunables;
  const r = spawnSync(launcher, args, { env, encoding: 'utf8' });
  expect(r.status).toBe(0);
  return { seen: /GLIBC_TUNABLES=(.*)/.exec(r.stderr)?.[1], stdout: r.stdout };
}

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
}, 120_000);

describe('bin/creach', () => {
  const bin = join(root, 'bin', 'creach');
  const fixture = join(root, 'test', 'fixtures', 'factorial.c');

  it('runs the CLI of dist/cli.js, with the huge-page tunable added to the environment', () => {
    const direct = execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), 'cfg', fixture], { encoding: 'utf8' });
    const r = launch(bin, undefined, ['cfg', fixture]);
    expect(r.stdout).toBe(direct);
    expect(r.stdout).toContain('function f');
    expect(r.seen).toBe('glibc.malloc.hugetlb=1');
  });

  it("keeps the user's tunables: others are joined, a hugetlb choice of their own wins", () => {
    expect(launch(bin, 'glibc.malloc.arena_max=2', ['--help']).seen).toBe('glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1');
    expect(launch(bin, 'glibc.malloc.hugetlb=0', ['--help']).seen).toBe('glibc.malloc.hugetlb=0');
  });

  it('works through a symbolic link, as npm installs it in node_modules/.bin', () => {
    const link = join(dir, 'creach');
    symlinkSync(bin, link);
    const r = launch(link, undefined, ['cfg', fixture]);
    expect(r.stdout).toContain('function f');
    expect(r.seen).toBe('glibc.malloc.hugetlb=1');
  });

  it("gives the language server's launchers the same environment", () => {
    expect(launchEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' });
    expect(launchEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }).GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1');
    expect(launchEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }).GLIBC_TUNABLES).toBe('glibc.malloc.hugetlb=0');
  });
});
