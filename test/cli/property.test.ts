// SV-COMP / Test-Comp property files (--property): the goal sets the
// competitions define, on programs written here in their conventions.
// Expected answers from C: y == 14 only for x == 7; y is 0 or even, never 13.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { creachIn } from './run';
import { parseProperty } from '../../server/src/cli/property';

const creach = (...args: string[]) => creachIn(undefined, args);

const task = (cond: string) => `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "task.c", 4, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  int z = x + 1; /* may overflow: not part of unreach-call */
  if (x > 5 && x < 10) y = x * 2;
  __VERIFIER_assert(${cond});
  return z > 0 ? 0 : 1;
}
`;

const UNREACH = 'CHECK( init(main()), LTL(G ! call(reach_error())) )\n';
const ERROR_CALL = 'COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )\n';
const BRANCHES = 'COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )\n';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'creach-prp-'));
  writeFileSync(join(dir, 'false.c'), task('y != 14'));
  writeFileSync(join(dir, 'true.c'), task('y != 13'));
  writeFileSync(join(dir, 'unreach-call.prp'), UNREACH);
  writeFileSync(join(dir, 'coverage-error-call.prp'), ERROR_CALL);
  writeFileSync(join(dir, 'coverage-branches.prp'), BRANCHES);
  writeFileSync(join(dir, 'no-overflow.prp'), 'CHECK( init(main()), LTL(G ! overflow) )\n');
});

describe('SV-COMP and Test-Comp properties', () => {
  it('parses the competitions’ formulas, with any spacing and comments', () => {
    expect(parseProperty(UNREACH)).toEqual({ kind: 'unreach-call', entry: 'main' });
    expect(parseProperty('// comment\nCHECK(init(main()),LTL(G ! call(__VERIFIER_error())))')).toEqual({ kind: 'unreach-call', entry: 'main' });
    expect(parseProperty(ERROR_CALL)).toEqual({ kind: 'coverage-error-call', entry: 'main' });
    expect(parseProperty(BRANCHES)).toEqual({ kind: 'coverage-branches', entry: 'main' });
    expect(parseProperty('CHECK( init(main()), LTL(G valid-free) )')).toBeNull();
  });

  it('unreach-call: false with a validated counter-example (x = 7); the possible overflow is not part of the property', async () => {
    const r = await creach('check', join(dir, 'false.c'), '--property', join(dir, 'unreach-call.prp'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('SV-COMP verdict: false(unreach-call)');
    expect(r.stdout).toMatch(/__VERIFIER_nondet_int\(\)@\d+ = 7\b/);
    expect(r.stdout).not.toContain('may overflow');
    // The counter-example run by gcc: __assert_fail aborts (SIGABRT) from reach_error.
    const exe = join(dir, 'false');
    writeFileSync(join(dir, 'nondet.c'), 'int __VERIFIER_nondet_int(void) { return 7; }\n');
    await new Promise<void>((res, rej) => execFile('gcc', ['-o', exe, join(dir, 'false.c'), join(dir, 'nondet.c')], (e) => (e ? rej(e) : res())));
    const run = await new Promise<{ signal: string | null; stderr: string }>((res) =>
      execFile(exe, (e: (Error & { signal?: string }) | null, _out: string, stderr: string) => res({ signal: e?.signal ?? null, stderr })),
    );
    expect(run.signal).toBe('SIGABRT');
    expect(run.stderr).toContain('reach_error');
  }, 180_000);

  it('unreach-call: one violation is the verdict; the other error call keeps its first, bounded answer', async () => {
    // C: the first error call needs n == 500 (500 iterations: found by acceleration). The second needs
    // s == 0 + 1 + ... + (i - 1) == 3, so i == 3, and i == 499: never; no invariant here shows it.
    const source = `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i++;
  if (i == 500) reach_error();
  int s = 0;
  for (int j = 0; j < i; j++) s += j;
  if (s == 3 && i == 499) reach_error();
  return 0;
}
`;
    writeFileSync(join(dir, 'two.c'), source);
    const r = await creach('check', join(dir, 'two.c'), '--property', join(dir, 'unreach-call.prp'), '--json');
    expect(r.code).toBe(1);
    const goals = JSON.parse(r.stdout).functions[0].goals as { line: number; status: string; bound?: number }[];
    expect(goals.find((g) => g.line === 8)?.status).toBe('violated');
    // The first pass stops at the early loop bound (8 for one level of loops); it is not deepened to 64.
    expect(goals.find((g) => g.line === 11)).toMatchObject({ status: 'not-reached', bound: 8 });
    // Without the property, every property is answered in full.
    const full = await creach('check', join(dir, 'two.c'), '--function', 'main', '--json');
    const second = (JSON.parse(full.stdout).functions[0].goals as { line: number; bound?: number }[]).find((g) => g.line === 11 && g.bound !== undefined);
    expect(second?.bound).toBe(64);
  }, 180_000);

  it('unreach-call: true when no execution calls reach_error', async () => {
    const r = await creach('check', join(dir, 'true.c'), '--property', join(dir, 'unreach-call.prp'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('SV-COMP verdict: true');
  }, 180_000);

  it('coverage-error-call: a Test-Comp test that reaches reach_error', async () => {
    const out = join(dir, 'suite');
    const r = await creach(
      'cover',
      join(dir, 'false.c'),
      '--property',
      join(dir, 'coverage-error-call.prp'),
      '--format',
      'testcomp',
      '--emit-tests',
      out,
      '--json',
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.functions[0].goals.map((g: { status: string }) => g.status)).toEqual(['violated']);
    const tests = readdirSync(out).filter((f) => f.endsWith('.xml') && f !== 'metadata.xml');
    expect(tests.length).toBe(1);
    expect(readFileSync(join(out, tests[0]), 'utf8')).toContain('<input>7</input>');
  }, 180_000);

  it('coverage-branches is the decision criterion on main; other properties and misuse are input errors', async () => {
    const b = await creach('cover', join(dir, 'true.c'), '--property', join(dir, 'coverage-branches.prp'), '--json');
    expect(b.code).toBe(0);
    const goals = JSON.parse(b.stdout).functions[0].goals as { kind: string }[];
    expect(goals.some((g) => g.kind === 'branch')).toBe(true);
    expect((await creach('check', join(dir, 'true.c'), '--property', join(dir, 'no-overflow.prp'))).code).toBe(2);
    expect((await creach('check', join(dir, 'true.c'), '--property', join(dir, 'nope.prp'))).code).toBe(2);
    expect((await creach('check', join(dir, 'true.c'), '--property', join(dir, 'coverage-branches.prp'))).code).toBe(2);
    expect((await creach('cover', join(dir, 'true.c'), '--property', join(dir, 'unreach-call.prp'))).code).toBe(2);
  }, 180_000);
});
