// A goal no loop or recursive call comes before is decided by the unrolling
// whatever its bound: nothing found there is a proof, without the check that
// loops stop within the bound (which may run out of time, or fail, for loops
// after the goal). Goals after a loop or a recursive call still need it.
// Truth: the C semantics of each line (written beside it) and, for the goals
// found, gcc runs of the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from './helpers';

const source = `int rec(int n) {
  if (n <= 0)
    return 0;
  return 1 + rec(n - 1);
}

int f(int n) {
  int d = n == 0 ? 7 : n;
  int r = 100 / d;          /* d != 0: never a division by zero */
  if (n > 5 && n < 3)
    r = -1;                 /* never */
  for (int i = 0; i < n; i++)
    r++;                    /* runs n times: past any bound */
  if (n == 100)
    return r;               /* after 100 iterations: reachable */
  return 0;
}

int g(int n) {
  int r = rec(n);           /* n nested calls */
  if (r == 50)
    return 1;               /* after 50 nested calls: reachable */
  return 0;
}
`;

let engine: Engine;
let file: string;
beforeAll(async () => {
  // A small loop bound, so that the loop of f runs past it for most n.
  engine = await fileEngine({ ...defaultEngineOptions, maxLoopBound: 4, timeoutMs: 30_000 });
  file = writeC('loopfree.c', source);
});
afterAll(() => engine?.dispose());

describe('goals before any loop', () => {
  it('a runtime error before the loop holds, proved without a loop bound', async () => {
    const report = await engine.check({ file, function: 'f' });
    const div = report.functions[0].goals.find((g) => g.outcome === 'div-by-zero' && g.line === 9)!;
    expect({ status: div.status, proof: div.proof, bound: div.bound }).toEqual({ status: 'holds', proof: 'complete', bound: undefined });
  }, 120_000);

  it('a statement before the loop is unreachable, proved; the statement after 100 iterations is never called unreachable', async () => {
    const report = await engine.cover({ file, function: 'f', criterion: 'decision' });
    const goals = report.functions[0].goals.filter((g) => g.kind === 'statement');
    const never = goals.find((g) => g.line === 11)!;
    expect({ status: never.status, proof: never.proof, bound: never.bound }).toEqual({ status: 'unreachable', proof: 'complete', bound: undefined });
    const deep = goals.find((g) => g.line === 15)!;
    expect(deep.status).not.toBe('unreachable');
    await expectAllValidated(file, report);
  }, 300_000);

  it('a goal after a recursive call that nests deeper than the bound is never called unreachable', async () => {
    const report = await engine.reach({ file, function: 'g', line: 22 });
    const goal = report.functions[0].goals[0];
    expect(goal.status).not.toBe('unreachable');
    // What was tried names no loop of another function (f's loop at line 12 is not on g's way).
    expect(goal.reason ?? '').not.toContain('line 12');
    if (goal.status === 'covered') await expectAllValidated(file, report);
  }, 120_000);
});
