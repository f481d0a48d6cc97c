// bin/creach, the command users run: a shell line that gives glibc's malloc its huge-page tunable, then the
// same file as Node's module, which loads dist/cli.js. The environment Node gets is read by a real Node
// process (NODE_OPTIONS --require of a script that prints it), through the launcher as npm links it.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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

describe('the code cache of the CLI bundle (bin/code-cache.js)', () => {
  const codeCache = join(root, 'bin', 'code-cache.js');
  // Case-blind: the stale bundle's test changes the line's case.
  const usage = (out: string) => /^usage: creach <command>.*$/im.exec(out)?.[0];

  /** Runs `bundle` with `--help` as bin/creach does: what runWithCodeCache said, and the output. */
  function run(bundle: string) {
    const script = `process.argv = [process.argv[0], 'creach', '--help'];
      const said = require(${JSON.stringify(codeCache)}).runWithCodeCache(${JSON.stringify(bundle)}, module);
      process.stderr.write('code cache: ' + said + '\\n');
      if (!said) require(${JSON.stringify(bundle)});`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    return { said: /code cache: (\w+)/.exec(r.stderr)?.[1], usage: usage(r.stdout) };
  }

  /** A copy of dist/cli.js and its cache in a directory of its own (its packages found through a link). */
  function copyOfBundle(name: string) {
    const d = join(dir, name, 'dist');
    mkdirSync(d, { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, name, 'node_modules'));
    copyFileSync(join(root, 'dist', 'cli.js'), join(d, 'cli.js'));
    copyFileSync(join(root, 'dist', 'cli.js.cache'), join(d, 'cli.js.cache'));
    return join(d, 'cli.js');
  }

  it('is made by the build and used by the same Node: the CLI runs as without it', () => {
    const direct = execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), '--help'], { encoding: 'utf8' });
    const r = run(join(root, 'dist', 'cli.js'));
    expect(r.said).toBe('cached');
    expect(r.usage).toBe(usage(direct));
    expect(r.usage).toContain('usage: creach <command>');
  });

  it('is not used for a bundle changed since it was made, even of the same length (V8 checks only the length)', () => {
    const bundle = copyOfBundle('stale');
    const text = readFileSync(bundle, 'utf8');
    const changed = text.replace('usage: creach <command>', 'USAGE: creach <command>');
    expect(changed.length).toBe(text.length);
    writeFileSync(bundle, changed);
    const r = run(bundle);
    expect(r.said).toBe('false');
    // What ran is the changed bundle (required as bin/creach does when there is no cache), not the code the cache holds.
    expect(r.usage).toContain('USAGE: creach <command>');
  });

  it('is not used when damaged', () => {
    const bundle = copyOfBundle('damaged');
    const cache = readFileSync(`${bundle}.cache`);
    cache.fill(0x5a, cache.length - 4096);
    writeFileSync(`${bundle}.cache`, cache);
    expect(run(bundle)).toEqual({ said: 'false', usage: expect.stringContaining('usage: creach <command>') });
  });

  it('falls back to compiling the source when V8 rejects its data (made by another Node, or with other flags)', () => {
    const bundle = copyOfBundle('other-flags');
    const write = `require(${JSON.stringify(codeCache)}).writeCodeCache(${JSON.stringify(bundle)})`;
    execFileSync(process.execPath, ['--no-lazy', '-e', write]);
    const r = run(bundle);
    expect(r.said).toBe('compiled');
    expect(r.usage).toContain('usage: creach <command>');
  });
});
