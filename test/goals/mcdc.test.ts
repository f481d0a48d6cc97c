// MC/DC (issue 15 §3) on test/fixtures/mcdc.c and tritype. Ground truth: every
// input of each function (signed chars) run by gcc, recording each evaluation of
// the decision (which conditions C evaluated, their values, the outcome), with
// the decision written out again in the harness, each condition wrapped. From
// those evaluations alone: which paths exist, and which conditions a pair of
// evaluations can show. CReach's paths, pairs and proofs must agree, and each of
// its data must take its path when compiled and run (probes).
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import type { FunctionReport, McdcDecisionReport, Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { fixture, validate, writeC } from '../solve/helpers';

const FILE = fixture('mcdc.c');
let engine: Engine;
let report: Report;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 20_000 });
  report = await engine.cover({ file: FILE, criterion: 'mcdc' });
  await validate(FILE, report);
}, 120_000);
afterAll(() => engine?.dispose());

/** Each function's decision again, each condition k wrapped in C(k, ...): gcc records what C evaluates. */
const TRUTH = String.raw`
#include <stdio.h>
static char v[8];
static int n;
#define C(k, e) (v[k] = (e) ? 'T' : 'F', v[k] == 'T')
static void start(int conditions) { n = conditions; for (int i = 0; i < n; i++) v[i] = '-'; }
static char seen[6][1 << 12];
static void record(int f, int outcome) {
  int code = 0;
  for (int i = 0; i < n; i++) code = code * 3 + (v[i] == '-' ? 0 : v[i] == 'T' ? 1 : 2);
  if (!seen[f][code * 2 + outcome]) { seen[f][code * 2 + outcome] = 1; printf("%d %.*s:%d\n", f, n, v, outcome); }
}
#define EACH(x) for (int x = -128; x <= 127; x++)
int main(void) {
  EACH(a) EACH(b) { start(2); record(0, C(0, a > 0) && C(1, b > 0)); }
  EACH(x) EACH(y) EACH(z) { start(3); record(1, (C(0, x > 0) || C(1, y > 0)) && C(2, z > 0)); }
  EACH(x) { start(2); record(2, C(0, x > 5) && C(1, x > 3)); }
  EACH(a) EACH(b) EACH(c) { start(4); record(3, (C(0, a > 0) && C(1, b > 0)) || (C(2, a <= 0) && C(3, c > 0))); }
  EACH(a) EACH(b) EACH(c) { start(2); record(4, C(0, !(a == b)) || C(1, c < 0)); }
  EACH(x0) { signed char x = x0; for (;;) { start(2); int o = C(0, x < 100) && C(1, x % 7 != 3); record(5, o); if (!o) break; x++; } }
  return 0;
}
`;
const FUNCTIONS = ['both', 'either3', 'coupled', 'masking', 'negated', 'window'];

/** Per function, the evaluations that happen: `TF-:1`. */
function truth(): Map<string, Set<string>> {
  const file = writeC('truth.c', TRUTH);
  const cc = spawnSync('gcc', ['-O2', '-w', file, '-o', `${file}.exe`], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  const out = spawnSync(`${file}.exe`, [], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .stdout.trim()
    .split('\n');
  const m = new Map<string, Set<string>>(FUNCTIONS.map((f) => [f, new Set()]));
  for (const line of out) {
    const [f, ev] = line.split(' ');
    m.get(FUNCTIONS[Number(f)])!.add(ev);
  }
  return m;
}

const fnOf = (name: string): FunctionReport => report.functions.find((f) => f.name === name)!;
const decisionOf = (name: string): McdcDecisionReport => {
  const ds = fnOf(name).mcdc!.decisions.filter((d) => d.conditions.length > 1);
  expect(ds).toHaveLength(1);
  return ds[0];
};
const parse = (ev: string) => ({ vector: ev.split(':')[0], outcome: ev.endsWith(':1') });

describe('MC/DC against every input run by gcc', () => {
  let evaluations: Map<string, Set<string>>;
  beforeAll(() => {
    evaluations = truth();
  });

  it.each(FUNCTIONS)('%s: a path is covered exactly when some input takes it, and proved unreachable otherwise', (name) => {
    const d = decisionOf(name);
    const real = evaluations.get(name)!;
    expect(real.size).toBeGreaterThan(1);
    for (const p of d.paths) {
      const key = `${p.vector}:${p.outcome ? 1 : 0}`;
      if (real.has(key)) expect({ key, status: p.status, validated: p.validated }).toEqual({ key, status: 'covered', validated: true });
      else expect({ key, status: p.status }).toEqual({ key, status: 'unreachable' });
    }
    // Every evaluation gcc saw is one of the paths CReach lists.
    const listed = new Set(d.paths.map((p) => `${p.vector}:${p.outcome ? 1 : 0}`));
    for (const ev of real) expect(listed).toContain(ev);
  });

  it.each(FUNCTIONS)('%s: a condition is shown exactly when two real evaluations can show it', (name) => {
    const d = decisionOf(name);
    const real = [...evaluations.get(name)!].map(parse);
    d.independence.forEach((x, i) => {
      // Two evaluations that differ in condition i and in the outcome: needed by every MC/DC pair.
      const differ = real.some((p) => real.some((q) => p.vector[i] === 'T' && q.vector[i] === 'F' && p.outcome !== q.outcome));
      const uniqueCause = real.some((p) =>
        real.some(
          (q) =>
            p.vector[i] === 'T' &&
            q.vector[i] === 'F' &&
            p.outcome !== q.outcome &&
            [...p.vector].every((c, j) => j === i || c === '-' || q.vector[j] === '-' || c === q.vector[j]),
        ),
      );
      if (!differ) {
        expect({ i, status: x.status }).toEqual({ i, status: 'impossible' });
        return;
      }
      if (uniqueCause) expect({ i, status: x.status, mode: x.mode }).toEqual({ i, status: 'shown', mode: 'unique-cause' });
      else expect({ i, status: x.status, mode: x.mode }).toEqual({ i, status: 'shown', mode: 'masking' });
      // The pair: its two paths are real evaluations, taken by the tests it names.
      const [a, b] = x.pair!;
      expect(d.paths[a].vector[i]).toBe('T');
      expect(d.paths[b].vector[i]).toBe('F');
      expect(d.paths[a].outcome).not.toBe(d.paths[b].outcome);
      expect(x.tests).toEqual([d.paths[a].test, d.paths[b].test]);
      expect([d.paths[a].validated, d.paths[b].validated]).toEqual([true, true]);
    });
    expect(d.shown).toBe(d.independence.filter((x) => x.status === 'shown').length);
  });

  it('the coupled condition and the masking pair are the ones C semantics says', () => {
    expect(decisionOf('coupled').independence.map((x) => x.status)).toEqual(['shown', 'impossible']);
    expect(decisionOf('coupled').independence[1].reason).toMatch(/TF → false/);
    expect(decisionOf('masking').independence.map((x) => x.mode)).toEqual(['unique-cause', 'unique-cause', 'masking', 'unique-cause']);
  });

  it('every datum of the suite is validated by its compiled run', () => {
    for (const t of report.functions.flatMap((f) => f.tests)) expect({ id: t.id, validated: t.validated }).toEqual({ id: t.id, validated: true });
  });
});

describe('what MC/DC leaves out is said', () => {
  it('the operands of && used as a value are listed as not analysed, with why', async () => {
    const file = writeC('value.c', 'int f(int a, int b) {\n  int both = a > 0 && b > 0;\n  if (both) return 1;\n  return 0;\n}\n');
    const r = await engine.cover({ file, criterion: 'mcdc' });
    const m = r.functions[0].mcdc!;
    expect(m.skipped.map((x) => x.text)).toEqual(['a > 0', 'b > 0']);
    for (const x of m.skipped) expect(x.why).toMatch(/used as a value/);
    expect(m.decisions.map((d) => d.text)).toEqual(['both']);
  });
});

describe('MC/DC of tritype', () => {
  it('shows every condition of every decision, each pair taken by validated runs', async () => {
    const file = fixture('tritype.c');
    const r = await engine.cover({ file, criterion: 'mcdc' });
    await validate(file, r);
    const decisions = r.functions.flatMap((f) => f.mcdc?.decisions ?? []);
    expect(decisions.filter((d) => d.conditions.length === 3).length).toBeGreaterThanOrEqual(3);
    for (const d of decisions) {
      expect({ d: d.text, shown: d.shown }).toEqual({ d: d.text, shown: d.conditions.length });
      for (const x of d.independence) for (const p of x.pair!) expect(d.paths[p].validated).toBe(true);
    }
  }, 120_000);
});
