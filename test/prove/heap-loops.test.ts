// Loops that allocate (issue 13, prove/transform.ts summary sites): the
// objects a loop's malloc made before its newest one are summary objects
// (model/memory.ts), and the candidate "t is a live allocated block, no older
// one of the loop's" (candidates.ts newestCandidates) proves the accesses
// through the list's newest node. Ground truth: hand proofs in the comments,
// and gcc-compiled runs (with AddressSanitizer where an access is proved).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import type { GoalReport, Report } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from '../solve/helpers';

const options = { ...defaultEngineOptions, maxLoopBound: 2, timeoutMs: 10_000 };
let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine(options);
});
afterAll(() => engine?.dispose());

const JOSEPHUS = path.join(__dirname, '..', 'fixtures', 'josephus.c');

/** Compiles `source` with a main that prints `call` for each pair of arguments (n m); the outputs, and the run's stderr. */
function run(source: string, call: string, args: string[], flags: string[] = []): { out: string[]; err: string; status: number | null } {
  const file = writeC(
    'run.c',
    `${source}\n#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) { for (int k = 1; k + 1 < argc; k += 2) printf("%d\\n", ${call}); return 0; }\n`,
  );
  const exe = `${file}.exe`;
  const cc = spawnSync('gcc', ['-O0', '-g', '-w', ...flags, file, '-o', exe], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  const r = spawnSync(exe, args, { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=0' } });
  return { out: r.stdout.trim().split('\n'), err: r.stderr, status: r.status };
}

const goalsOn = (report: Report, line: number): GoalReport[] => report.functions.flatMap((f) => f.goals).filter((g) => g.line === line);

describe('loops that allocate', () => {
  it("josephus.c: the accesses through the list's newest node are proved; the loop that frees is cut off", async () => {
    // Hand proof: in while1 (line 20) t is always the node made last (by line 16 or 21), a live block of one
    // struct node, so t->next and t->key (lines 21-23) and, after the loop, t->next = x (line 26) are valid
    // whatever n is. while2 (line 27) frees: nothing after it is claimed.
    const source = fs.readFileSync(JOSEPHUS, 'utf8');
    const pairs = [];
    for (let n = -1; n <= 12; n++) for (let m = -2; m <= 7; m++) pairs.push(String(n), String(m));
    // Every run is free of invalid accesses (AddressSanitizer and UBSan would report one and stop).
    const asan = run(source, 'f(atoi(argv[k]), atoi(argv[k + 1]))', pairs, ['-fsanitize=address,undefined', '-fno-sanitize-recover=all']);
    expect({ status: asan.status, err: asan.err }).toEqual({ status: 0, err: '' });
    expect(asan.out).toHaveLength(pairs.length / 2);
    // f(41, 3) is 31, as the fixture says.
    expect(run(source, 'f(atoi(argv[k]), atoi(argv[k + 1]))', ['41', '3']).out).toEqual(['31']);

    const report = await engine.check({ file: JOSEPHUS });
    for (const line of [21, 22, 23, 26]) {
      const goals = goalsOn(report, line).filter((g) => g.kind === 'runtime-error');
      expect(goals.map((g) => g.outcome).sort()).toEqual(['bounds', 'null']);
      for (const g of goals) expect([line, g.status, g.proof]).toEqual([line, 'holds', 'invariant']);
    }
    const newest = goalsOn(report, 21).find((g) => g.outcome === 'null')!;
    expect(newest.reason).toBe(
      'the loop at line 20 keeps \\valid(t) && t is no older block of the malloc at line 21; assuming malloc and calloc succeed (--malloc-may-fail lets them fail)',
    );
    // i++ overflows for n = INT_MAX (a list of 2^31 nodes): never proved.
    expect(goalsOn(report, 24).find((g) => g.outcome === 'overflow')?.status).not.toBe('holds');
    // In and after while2: no claim, and why.
    for (const line of [27, 30, 33, 34, 35, 37])
      for (const g of goalsOn(report, line).filter((x) => x.kind === 'runtime-error')) {
        expect(g.status).not.toBe('holds');
        if (g.status === 'not-reached')
          expect(g.reason).toMatch(/no claim possible: the goal is in or after a loop CReach cannot abstract \(free called in the loop \(line 35\)\)/);
      }
    // Its one datum (m - 1 overflows for m = INT_MIN) is validated elsewhere or not at all: gcc turns
    // `i <= m - 1` into `i < m`, and no sanitizer sees the subtraction. The proofs hand out no data.
    expect(report.functions[0].tests.flatMap((t) => t.goals)).toEqual(['f:29:overflow']);
  });

  it("the older nodes' contents are any value: a goal that reads one is never proved", async () => {
    // g(n) builds a list of n nodes keyed 0..n-1; prev is the node before the last. `return 1` runs for
    // n = 152 (prev->key == 150): past the loop bound, so only the prover could (wrongly) settle it.
    const source = `#include <stdlib.h>
struct node { int key; struct node *next; };
int g(int n) {
  struct node *head = malloc(sizeof(struct node));
  head->key = 0;
  head->next = 0;
  struct node *t = head, *prev = head;
  int i = 1;
  while (i < n) {
    struct node *m = malloc(sizeof(struct node));
    m->key = i;
    m->next = 0;
    t->next = m;
    prev = t;
    t = m;
    i++;
  }
  t->key = -t->key;
  if (prev->key == 150) return 1;
  return 0;
}`;
    expect(run(source, 'g(atoi(argv[k]))', ['151', '0', '152', '0', '153', '0']).out).toEqual(['0', '1', '0']);
    const file = writeC('list.c', source);
    const report = await engine.check({ file });
    const line = source.split('\n').findIndex((l) => l.includes('prev->key == 150')) + 1;
    const cover = await engine.reach({ file, line, outcome: 'true' });
    const goal = cover.functions[0].goals[0];
    expect(goal.status).not.toBe('unreachable');
    // t is the newest node: `t->key = -t->key` is valid (its overflow is not: keys are never INT_MIN, but
    // the loop's contents are not followed).
    const tLine = source.split('\n').findIndex((l) => l.includes('t->key = -t->key')) + 1;
    const access = goalsOn(report, tLine).filter((g) => g.outcome === 'null' || g.outcome === 'bounds');
    expect(access.length).toBeGreaterThanOrEqual(2);
    for (const g of access) expect([g.outcome, g.status]).toEqual([g.outcome, 'holds']);
    await expectAllValidated(file, report);
  });

  it('four distinct live nodes after the loop: the older ones are summary objects, valid and distinct, so the goal is never proved', async () => {
    // t, p1, p2, p3 are the last four nodes made: distinct, live, keyed n-1 .. n-4. `return 1` runs for every
    // n > 100. The abstraction has three objects of its own (the first node, the peeled iteration's and the
    // loop's newest): the fourth pointer can only be an older node, which must read as a valid object.
    const source = `#include <stdlib.h>
struct node { int key; struct node *next; };
int g(int n) {
  struct node *t = malloc(sizeof(struct node));
  t->key = 0;
  struct node *p1 = t, *p2 = t, *p3 = t;
  int i = 1;
  while (i < n) {
    struct node *m = malloc(sizeof(struct node));
    m->key = i;
    p3 = p2;
    p2 = p1;
    p1 = t;
    t = m;
    i++;
  }
  if (i > 100 && p1 != t && p2 != t && p3 != t && p1 != p2 && p1 != p3 && p2 != p3)
    if (p1->key + p2->key + p3->key + t->key > 0)
      return 1;
  return 0;
}`;
    expect(run(source, 'g(atoi(argv[k]))', ['100', '0', '101', '0', '1000', '0']).out).toEqual(['0', '1', '1']);
    const file = writeC('four.c', source);
    const line = source.split('\n').findIndex((l) => l.trim() === 'return 1;') + 1;
    const report = await engine.reach({ file, line });
    expect(report.functions[0].goals[0].line).toBe(19);
    expect(report.functions[0].goals[0].status).not.toBe('unreachable');
    await expectAllValidated(file, report);
  });

  it('a malloc in an inner loop is not summarised: its loop is cut off, and the reason says so', async () => {
    const source = `#include <stdlib.h>
int h(int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2; j++) {
      int *p = malloc(sizeof(int));
      *p = j;
      s += *p;
    }
  if (s < 0) return 1;
  return 0;
}`;
    const file = writeC('inner.c', source);
    const line = source.split('\n').findIndex((l) => l.includes('if (s < 0)')) + 1;
    const report = await engine.reach({ file, line, outcome: 'true' });
    const goal = report.functions[0].goals[0];
    expect(goal.status).toBe('not-reached');
    expect(goal.reason).toMatch(
      /no claim possible: the goal is in or after a loop CReach cannot abstract \(malloc called in the loop \(line 6\) in an inner loop\)/,
    );
  });
});
