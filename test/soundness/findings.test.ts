// The hand-minimised findings of FINDINGS.md, each a test with gcc's answer:
// a finding fixed stays fixed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import type { Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine(defaultEngineOptions);
});
afterAll(() => engine?.dispose());

/** gcc with UBSan (stopping at the first error): what `main` prints, and the sanitizer's first message. */
function runUbsan(file: string, main: string): { stdout: string; stderr: string } {
  const src = writeC('main.c', `${readFileSync(file, 'utf8')}\n#include <stdio.h>\n${main}\n`);
  const cc = spawnSync('gcc', ['-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', '-w', src, '-o', `${src}.exe`], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  const r = spawnSync(`${src}.exe`, [], { encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr };
}
const goal = (r: Report, label: RegExp) => r.functions[0].goals.find((g) => label.test(g.label))!;

describe('FINDINGS.md', () => {
  it('F2: in `a[x + 2] += 10 / x`, the division by zero is violated for x = 0 (gcc divides first)', async () => {
    const file = writeC('f2.c', 'int f(int x)\n{\n  int a[2] = {0, 0};\n  a[x + 2] += 10 / x;\n  return a[0];\n}\n');
    expect(runUbsan(file, 'int main(void) { return f(0); }').stderr).toMatch(/division by zero/);
    const r = await engine.check({ file, function: 'f' });
    const div = goal(r, /^`10 \/ x` may divide by zero/);
    expect(div.status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === div.test)!.inputs.x).toBe(0);
  });

  it('F3: a statement after `(c ? 1 : 2) + b[3]` in the same block is unreachable: every run stops at b[3]', async () => {
    const text = 'int f(int x)\n{\n  int b[3] = {4, 9, 1};\n  int r = (x > 0 ? 1 : 2) + b[3];\n  r++;\n  return r;\n}\n';
    const file = writeC('f3.c', text);
    // gcc: for every x tried, the out-of-bounds read stops the run before r++ (which would print).
    const probe = writeC('f3probe.c', text.replace('r++;', 'r++; printf("r++ ran\\n");').replace('int f(', '#include <stdio.h>\nint f('));
    for (const x of [-5, 0, 7]) {
      const r = runUbsan(probe, `int main(void) { return f(${x}); }`);
      expect(r.stdout).not.toMatch(/r\+\+ ran/);
      expect(r.stderr).toMatch(/index 3 out of bounds/);
    }
    const r = await engine.cover({ file, function: 'f', criterion: 'statement' });
    expect(goal(r, /^statement `r\+\+;`/).status).toBe('unreachable');
    expect(goal(r, /^statement `return r;`/).status).toBe('unreachable');
    // The statement that starts the block before the join still runs (it is where the read happens).
    expect(goal(r, /^statement `int r = /).status).toBe('covered');
  });

  it('F3 with `&&`: a statement after `c && d` in an expression statement runs only if the rest of it does', async () => {
    const file = writeC('f3b.c', 'int f(int x, int y)\n{\n  int r = (x > 0 && y > 0) + 10 / y;\n  r++;\n  return r;\n}\n');
    const r = await engine.cover({ file, function: 'f', criterion: 'statement' });
    expect(goal(r, /^statement `r\+\+;`/).status).toBe('covered');
    await expectAllValidated(file, r);
    // Every datum that runs r++ divides by a nonzero y (gcc would stop at 10 / 0 first).
    for (const t of r.functions[0].tests) if (t.goals.some((g) => g.includes(':5:'))) expect(t.inputs.y).not.toBe(0);
  });

  it('F14: code inside the index of `sa[2].a[...]` never runs: gcc checks the base `sa[2]` first', async () => {
    const text =
      'int f(int x)\n{\n  struct S { int x; int y; int a[3]; } sa[2] = {{7, 7, {4, 9, 5}}, {0}};\n  return sa[2].a[(x > 0 ? sa[0].a[1] : 0) & 1];\n}\n';
    const file = writeC('f14.c', text);
    const probe = writeC('f14probe.c', `#include <stdio.h>\n${text.replace('sa[0].a[1]', '(printf("arm ran\\n"), sa[0].a[1])')}`);
    for (const x of [-3, 0, 16]) {
      const r = runUbsan(probe, `int main(void) { return f(${x}); }`);
      expect(r.stdout).not.toMatch(/arm ran/);
      expect(r.stderr).toMatch(/index 2 out of bounds for type 'S \[2\]'/);
    }
    const r = await engine.cover({ file, function: 'f', criterion: 'decision' });
    expect(goal(r, /is true$/).status).toBe('unreachable');
    expect(goal(r, /is false$/).status).toBe('unreachable');
    // With a variable base index, the arms are reached by data whose base is in bounds (gcc runs them).
    const g = writeC('f14b.c', 'int g(int i, int x)\n{\n  int m[3][4] = {{0}};\n  m[1][2] = 5;\n  return m[i][x > 0 ? 2 : 3];\n}\n');
    const rg = await engine.cover({ file: g, function: 'g', criterion: 'decision' });
    expect(goal(rg, /is true$/).status).toBe('covered');
    expect(goal(rg, /is false$/).status).toBe('covered');
    await expectAllValidated(g, rg);
    const checked = await engine.check({ file: g, function: 'g' });
    const base = goal(checked, /^`m\[i\]` may index out of bounds/);
    expect(base.status).toBe('violated');
    const i = checked.functions[0].tests.find((t) => t.id === base.test)!.inputs.i as number;
    expect(runUbsan(g, `int main(void) { return g(${i}, 1); }`).stderr).toMatch(/out of bounds for type 'int \[3\]\[4\]'/);
  });

  it('F15: `&sa[2].x` (a member of an element one past the end) is a bounds error: gcc flags it, `&a[2]` is none', async () => {
    const text = 'struct S { int x; int a[3]; };\nint *k(int x)\n{\n  static struct S sa[2];\n  static int a[2];\n  return x > 0 ? &sa[2].x : &a[2];\n}\n';
    const file = writeC('f15.c', text);
    expect(runUbsan(file, 'int main(void) { return k(1) == 0; }').stderr).toMatch(/index 2 out of bounds for type 'S \[2\]'/);
    expect(runUbsan(file, 'int main(void) { return k(0) == 0; }').stderr).toBe('');
    const r = await engine.check({ file, function: 'k' });
    const bounds = r.functions[0].goals.filter((g) => /may index out of bounds/.test(g.label));
    expect(bounds.map((g) => g.label)).toEqual(['`&sa[2].x` may index out of bounds']);
    expect(bounds[0].status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === bounds[0].test)!.inputs.x).toBeGreaterThan(0);
  });

  it("F16: `q = p[1]` with p a pointer to rows of m: q[j] is in m's row 1, no bounds error (it was violated)", async () => {
    const text =
      'int m[3][4];\nint h(int j)\n{\n  int (*p)[4] = m;\n  int *q = p[1];\n  if (j < 0 || j > 3)\n    return -1;\n  m[1][2] = 7;\n  return q[j];\n}\n';
    const file = writeC('f16.c', text);
    for (const j of [0, 2, 3]) {
      const run = runUbsan(file, `int main(void) { printf("%d\\n", h(${j})); return 0; }`);
      expect(run.stderr).toBe('');
      expect(run.stdout.trim()).toBe(j === 2 ? '7' : '0');
    }
    const r = await engine.check({ file, function: 'h' });
    const access = goal(r, /^`q\[j\]` may index out of bounds/);
    expect(access.status).toBe('holds');
  });

  it('F18: q + 4294967295 with q one past sa[1].x is outside sa (it was the next element’s member); q[-1] is sa[1].x', async () => {
    const text =
      'struct S { int x; unsigned int y; char c; };\nint h(unsigned int u)\n{\n  struct S sa[3] = {{-2, 2, 0}, {6, 9, 9}, {8, 6, 6}};\n  int *q = &sa[1].x + 1;\n  if (u == 4294967295u)\n    return q[u];\n  return q[-1];\n}\n';
    const file = writeC('f18.c', text);
    // gcc: q[-1] is sa[1].x (6); q[4294967295] reads 16 GiB past sa: AddressSanitizer stops the run.
    const main = 'int main(int argc, char **argv) { printf("%d\\n", h(argc > 1 ? 4294967295u : 0)); return 0; }';
    const src = writeC('f18main.c', `${text}\n#include <stdio.h>\n${main}\n`);
    const cc = spawnSync('gcc', ['-O0', '-fsanitize=address', '-w', src, '-o', `${src}.exe`], { encoding: 'utf8' });
    expect(cc.status, cc.stderr).toBe(0);
    expect(spawnSync(`${src}.exe`, [], { encoding: 'utf8' }).stdout.trim()).toBe('6');
    const far = spawnSync(`${src}.exe`, ['far'], { encoding: 'utf8' });
    expect(far.status).not.toBe(0);
    expect(far.stderr).toMatch(/AddressSanitizer/);
    const r = await engine.check({ file, function: 'h' });
    const access = goal(r, /^`q\[u\]` may index out of bounds/);
    expect(access.status).toBe('violated');
    expect(r.functions[0].tests.find((t) => t.id === access.test)!.inputs.u).toBe(4294967295);
    expect(goal(r, /^`q\[-1\]` may index out of bounds/).status).toBe('holds');
  });
});
