// An unrolling too large to encode (issue 17's public run: a 100,000-element
// bubble sort crashed node, a 600-line state machine filled Z3's 2 GB) stops
// the search at the last bound built and says so; it never becomes a proof.
// Ground truth: the compiled program reaches the error call (after 999 x 1000
// iterations), so the only honest answers are "reached" or a bounded one.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { MAX_UNROLLED_NODES } from '../../server/src/solve/query';
import { fileEngine, type Engine } from '../helpers/engine';
import { writeC } from './helpers';

const SOURCE = `extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a[1000];
  for (int i = 0; i < 1000; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < 1000; i++)
    for (int j = 0; j < 1000; j++)
      if (i == 999 && j == 999 && a[i] == a[j])
        reach_error();
  return 0;
}
`;

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine(defaultEngineOptions);
});
afterAll(() => engine?.dispose());

describe('an unrolling too large to encode', () => {
  it('stops at the last bound built with a bounded answer that names the limit, never unreachable', async () => {
    const file = writeC('big.c', SOURCE);
    // gcc: the error call is reached (nondet values 0 here; a[999] == a[999] whatever they are).
    const exe = `${file}.exe`;
    execFileSync('gcc', ['-O1', '-w', '-x', 'c', '-', '-o', exe], {
      input: `${SOURCE.replace('extern int __VERIFIER_nondet_int(void);', 'int __VERIFIER_nondet_int(void) { return 0; }').replace('extern void reach_error(void);', '#include <stdlib.h>\nvoid reach_error(void) { exit(7); }')}`,
    });
    expect(() => execFileSync(exe)).toThrow(expect.objectContaining({ status: 7 }));
    const r = await engine.check({ file: path.resolve(file) });
    const goal = r.functions[0].goals.find((g) => g.kind === 'assertion')!;
    expect(goal.status).toBe('not-reached');
    expect(goal.proof).toBe('bounded');
    const cause = goal.causes?.find((c) => c.kind === 'too-large');
    expect(cause).toMatchObject({ kind: 'too-large', limit: MAX_UNROLLED_NODES });
    expect(goal.reason).toMatch(/more than the \d+ CReach encodes/);
  }, 120_000);
});
