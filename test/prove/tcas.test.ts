// The ten TCAS safety properties of the EUCLIDE and TCAS papers (Table 1) on
// the module of test/fixtures/tcas.c (issue 14), and MC/DC on its
// alt_sep_test (issue 15). Expected verdicts: the papers' Table 2 (five
// proved, five counter-examples). Checked here against compiled code:
// - every counter-example CReach gives is validated by the gcc harness (with
//   the sanitizers) and, set into the globals of a gcc-compiled driver,
//   satisfies the property's assumption and breaks its conclusion;
// - a grid of inputs around every threshold of the module (1.7 million runs of
//   the compiled module) violates exactly the five properties CReach finds
//   violated, and none that it proves (the grid is evidence, not a proof: the
//   proofs are CReach's, complete, with no bound);
// - the MC/DC evaluation paths CReach covers of alt_sep_test's decisions are
//   exactly those the grid's runs take.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import type { Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, fixture, writeC } from '../solve/helpers';

const FILE = fixture('tcas.c');

/** Table 2 of the papers (shared with the bench). */
const EXPECTED = (JSON.parse(readFileSync(fixture('tcas.expected.json'), 'utf8')) as { properties: Record<string, 'holds' | 'violated'> }).properties;
const PROPERTIES = Object.keys(EXPECTED);

const GLOBALS = [
  'Cur_Vertical_Sep',
  'High_Confidence',
  'Two_of_Three_Reports_Valid',
  'Own_Tracked_Alt',
  'Own_Tracked_Alt_Rate',
  'Other_Tracked_Alt',
  'Alt_Layer_Value',
  'Up_Separation',
  'Down_Separation',
  'Other_RAC',
  'Other_Capability',
  'Climb_Inhibit',
];

/**
 * A driver around the module: `holds(k)` is property k (Table 1: its
 * assumption, then its conclusion on alt_sep_test's result), written in C
 * from the papers' table; `record(...)` notes the evaluation paths of the two
 * decisions of alt_sep_test, re-evaluated on the same state with C's
 * short-circuit order. `grid` runs every point of the grid; `point` sets the
 * globals from argv and prints, for each property, 1 when its assumption
 * holds and its conclusion does not.
 */
const DRIVER = String.raw`
#include <stdio.h>
#include <stdlib.h>
#define ALIM_ (Positive_RA_Alt_Thresh[Alt_Layer_Value])
static int broken(int k) {
  int r = alt_sep_test();
  int up = Up_Separation, down = Down_Separation, own = Own_Tracked_Alt, other = Other_Tracked_Alt;
  switch (k) {
  case 0: return up >= ALIM_ && down < ALIM_ && r == 2;
  case 1: return up < ALIM_ && down >= ALIM_ && r == 1;
  case 2: return up < ALIM_ && down < ALIM_ && down < up && r == 2;
  case 3: return up < ALIM_ && down < ALIM_ && down > up && r == 1;
  case 4: return up >= ALIM_ && down >= ALIM_ && own > other && r == 2;
  case 5: return up >= ALIM_ && down >= ALIM_ && own < other && r == 1;
  case 6: return own > other && r == 2;
  case 7: return own < other && r == 1;
  case 8: return down < up && r == 2;
  case 9: return down > up && r == 1;
  }
  return 0;
}
static char v[5];
#define C(k, e) (v[k] = (e) ? 'T' : 'F', v[k] == 'T')
static char paths[2][256][8];
static int npaths[2];
static void note(int d, int n, int outcome) {
  char p[8];
  for (int i = 0; i < n; i++) p[i] = v[i];
  p[n] = outcome ? '1' : '0';
  p[n + 1] = 0;
  for (int i = 0; i < npaths[d]; i++) if (!strcmp(paths[d][i], p)) return;
  strcpy(paths[d][npaths[d]++], p);
}
static void record(void) {
  int enabled = High_Confidence && (Own_Tracked_Alt_Rate <= OLEV) && (Cur_Vertical_Sep > MAXALTDIFF);
  int tcas_equipped = Other_Capability == TCAS_TA;
  int intent_not_known = Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT;
  memset(v, '-', sizeof v);
  int o = C(0, enabled) && ((C(1, tcas_equipped) && C(2, intent_not_known)) || C(3, !tcas_equipped));
  note(0, 4, o);
  if (!o) return;
  int need_up = Non_Crossing_Biased_Climb() && Own_Below_Threat();
  int need_down = Non_Crossing_Biased_Descend() && Own_Above_Threat();
  memset(v, '-', sizeof v);
  note(1, 2, C(0, need_up) && C(1, need_down));
}
static const int SEP[] = {0, 50, 100, 399, 400, 450, 499, 500, 550, 639, 640, 700, 739, 740, 800};
#define EACH(x, ...) for (int x##_i = 0, x##_v[] = {__VA_ARGS__}; x##_i < (int)(sizeof x##_v / sizeof *x##_v); x##_i++)
int main(int argc, char **argv) {
  if (argc > 1) {
    int *g[] = {&Cur_Vertical_Sep, &High_Confidence, &Two_of_Three_Reports_Valid, &Own_Tracked_Alt, &Own_Tracked_Alt_Rate,
                &Other_Tracked_Alt, &Alt_Layer_Value, &Up_Separation, &Down_Separation, &Other_RAC, &Other_Capability, &Climb_Inhibit};
    for (int i = 0; i < 12; i++) *g[i] = atoi(argv[i + 1]);
    for (int k = 0; k < 10; k++) printf("%d", broken(k));
    printf("\n");
    return 0;
  }
  long violations[10] = {0};
  for (unsigned u = 0; u < sizeof SEP / sizeof *SEP; u++)
  for (unsigned d = 0; d < sizeof SEP / sizeof *SEP; d++)
  EACH(own, 0, 1) EACH(other, 0, 1) EACH(cvs, 0, 299, 300, 600, 601) EACH(hc, 0, 1) EACH(rate, 600, 601)
  EACH(cap, 0, 1, 2) EACH(two, 0, 1) EACH(rac, 0, 1) EACH(ci, 0, 1) EACH(layer, 0, 1, 2, 3) {
    Up_Separation = SEP[u]; Down_Separation = SEP[d];
    Own_Tracked_Alt = own_v[own_i]; Other_Tracked_Alt = other_v[other_i]; Cur_Vertical_Sep = cvs_v[cvs_i];
    High_Confidence = hc_v[hc_i]; Own_Tracked_Alt_Rate = rate_v[rate_i]; Other_Capability = cap_v[cap_i];
    Two_of_Three_Reports_Valid = two_v[two_i]; Other_RAC = rac_v[rac_i]; Climb_Inhibit = ci_v[ci_i];
    Alt_Layer_Value = layer_v[layer_i];
    for (int k = 0; k < 10; k++) violations[k] += broken(k);
    record();
  }
  for (int k = 0; k < 10; k++) printf("%ld ", violations[k]);
  printf("\n");
  for (int d = 0; d < 2; d++) {
    for (int i = 0; i < npaths[d]; i++) printf("%s ", paths[d][i]);
    printf("\n");
  }
  return 0;
}
`;

let engine: Engine;
let driver: string;
let grid: { violations: number[]; paths: string[][] };
beforeAll(async () => {
  engine = await fileEngine(defaultEngineOptions);
  const file = writeC('tcas_driver.c', `#include <string.h>\n${readFileSync(FILE, 'utf8')}\n${DRIVER}`);
  const cc = spawnSync('gcc', ['-O2', '-Wall', '-Wno-unused-function', file, '-o', `${file}.exe`], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  driver = `${file}.exe`;
  const lines = spawnSync(driver, [], { encoding: 'utf8' }).stdout.trim().split('\n');
  grid = { violations: lines[0].trim().split(' ').map(Number), paths: lines.slice(1).map((l) => l.trim().split(' ').sort()) };
}, 120_000);
afterAll(() => engine?.dispose());

describe('the ten TCAS properties (the papers\u2019 Table 2)', () => {
  it('the gcc grid breaks exactly the five properties the papers found counter-examples to', () => {
    const broken = PROPERTIES.filter((_, k) => grid.violations[k] > 0);
    expect(broken).toEqual(PROPERTIES.filter((p) => EXPECTED[p] === 'violated'));
  });

  for (const name of PROPERTIES) {
    it(`${name}: ${EXPECTED[name]}`, async () => {
      const report: Report = await engine.check({ file: FILE, function: name });
      const fn = report.functions[0];
      const ensures = fn.goals.filter((g) => g.kind === 'assertion');
      expect(ensures).toHaveLength(1);
      const [goal] = ensures;
      expect(goal.status).toBe(EXPECTED[name]);
      if (goal.status === 'holds') {
        // A complete proof: no loop or input bound behind it.
        expect(goal.proof).not.toBe('bounded');
        expect(goal.causes ?? []).toEqual([]);
      } else {
        const test = fn.tests.find((t) => t.id === goal.test)!;
        const args = GLOBALS.map((g) => String(test.globals?.[g]));
        const out = spawnSync(driver, args, { encoding: 'utf8' }).stdout.trim();
        expect({ property: name, inputs: args.join(' '), broken: out[PROPERTIES.indexOf(name)] }).toEqual({
          property: name,
          inputs: args.join(' '),
          broken: '1',
        });
      }
      // Every datum (counter-examples of the ensures and of runtime errors) runs as claimed under gcc's sanitizers.
      await expectAllValidated(FILE, report);
    }, 60_000);
  }
});

describe('MC/DC of alt_sep_test', () => {
  it('its covered evaluation paths are exactly those compiled runs take; the documented dead decision outcome is proved', async () => {
    const report: Report = await engine.cover({ file: FILE, function: 'alt_sep_test', criterion: 'mcdc' });
    const decisions = report.functions[0].mcdc!.decisions;
    const paths = (line: RegExp) => {
      const d = decisions.find((x) => line.test(x.text))!;
      return {
        covered: d.paths
          .filter((p) => p.status === 'covered')
          .map((p) => `${p.vector}${p.outcome ? 1 : 0}`)
          .sort(),
        unreachable: d.paths.filter((p) => p.status === 'unreachable').map((p) => `${p.vector}${p.outcome ? 1 : 0}`),
      };
    };
    const enabledDecision = paths(/^enabled && /);
    const bothDecision = paths(/^need_upward_RA && need_downward_RA$/);
    expect(enabledDecision.covered).toEqual(grid.paths[0]);
    expect(bothDecision.covered).toEqual(grid.paths[1]);
    // `!tcas_equipped` is false only when tcas_equipped is true; the own aircraft is never both below and above.
    expect(enabledDecision.unreachable.sort()).toEqual(['TF-F0', 'TTFT1']);
    expect(bothDecision.unreachable).toEqual(['TT1']);
    await expectAllValidated(FILE, report);
  }, 120_000);
});
