// `creach cfg` as a subprocess of the built bundle (dist/cli.js).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CfgView } from '../../shared/cfg';

function creach(...args: string[]) {
  const r = spawnSync(process.execPath, ['dist/cli.js', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { stdio: 'pipe' });
}, 120_000);

describe('creach cfg', () => {
  it('--json on factorial.c shows the loop, both decisions and their goals', () => {
    const r = creach('cfg', 'test/fixtures/factorial.c', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const views = JSON.parse(r.stdout) as CfgView[];
    expect(views.map((v) => v.function)).toEqual(['f']);
    const [v] = views;
    expect(v.loops).toHaveLength(1);
    const header = v.blocks.find((b) => b.id === v.loops[0].header)!;
    expect(header.text).toContain('while (i != 0)');
    const ids = v.goals.map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining(['f:8:while:true', 'f:8:while:false', 'f:12:if:true', 'f:12:if:false', 'f:13:stmt', 'f:9:overflow']));
    expect(v.goals.find((g) => g.id === 'f:13:stmt')).toMatchObject({ kind: 'statement', label: 'statement `i = 2;`', line: 13, column: 9 });
    expect(v.edges.some((e) => e.label === 'i != 0: true' && e.from === header.id)).toBe(true);
    expect(v.edges.some((e) => e.label === 'j == 2: false')).toBe(true);
    const iTwo = v.blocks.find((b) => b.goals.includes('f:13:stmt'))!;
    expect(iTwo.firstLine).toBe(13);
    expect(v.controlDependence!.find((d) => d.block === iTwo.id)!.on).toEqual([{ decision: 'f:12:if', outcome: 'true' }]);
    const headerPhis = v
      .ssa!.find((s) => s.block === header.id)!
      .phis.map((p) => p.variable)
      .sort();
    expect(headerPhis).toEqual(expect.arrayContaining(['i', 'j']));
  });

  it('--function gives one object; text and dot outputs name blocks, edges, loops and goals', () => {
    const one = creach('cfg', 'test/fixtures/loops_w.c', '--function', 'gcd', '--json');
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).function).toBe('gcd');
    const text = creach('cfg', 'test/fixtures/factorial.c');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^function f\n {2}blocks:/);
    expect(text.stdout).toMatch(/loops:\n {4}header B\d+, body/);
    expect(text.stdout).toContain('f:12:if:true');
    const dot = creach('cfg', 'test/fixtures/factorial.c', '--dot');
    expect(dot.code).toBe(0);
    expect(dot.stdout).toMatch(/^digraph "f" \{/);
    expect(dot.stdout).toMatch(/B\d+ -> B\d+ \[label="i != 0: true"\];/);
  });

  it('errors are file:line:column: message with exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'creach-cli-'));
    const bad = join(dir, 'bad.c');
    writeFileSync(bad, 'int f(int x) {\n  return x +;\n}\n');
    const syntax = creach('cfg', bad);
    expect(syntax.code).toBe(2);
    expect(syntax.stderr).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: `, 'm'));
    const missing = creach('cfg', join(dir, 'nope.c'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.c:1:1: cannot read the file: no such file/);
    const unknownFn = creach('cfg', 'test/fixtures/factorial.c', '--function', 'g');
    expect(unknownFn.code).toBe(2);
    expect(unknownFn.stderr).toMatch(/factorial\.c:1:1: no function 'g' .*functions: f/);
    const usage = creach('cfg', 'test/fixtures/factorial.c', '--json', '--dot');
    expect(usage.code).toBe(2);
    expect(creach('cfg', '--bogus').code).toBe(2);
  });
});
