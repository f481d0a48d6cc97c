// Enumerating every datum of a goal (`reach --all`) with pointer parameters
// that may alias: the data without aliasing come from a level encoded without
// it (a smaller formula), the rest from the full level, and the count is exact
// over the assumed sizes. Ground truth: the same function compiled by gcc, run
// on every value of the domain with separate arrays and with one array passed twice.
import { describe, expect, it, afterAll, beforeAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, only, writeC } from './helpers';

const source = `/*@ requires 0 <= p[0] && p[0] <= 3 && 0 <= q[0] && q[0] <= 3; */
int f(int p[1], int q[1])
{
    p[0] = p[0] + 1;
    if (q[0] == 2)
        return 1;
    return 0;
}
`;

/** The input vectors that return 1, by gcc: separate arrays (p, q), then q pointing at p's element. */
function byGcc(file: string): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-enum-'));
  const main = `#include <stdio.h>
#include "${file}"
int main(void) {
  for (int pv = 0; pv <= 3; pv++)
    for (int qv = 0; qv <= 3; qv++) { int p[1] = { pv }, q[1] = { qv }; if (f(p, q) == 1) printf("%d %d\\n", pv, qv); }
  for (int v = 0; v <= 3; v++) { int p[1] = { v }; if (f(p, p) == 1) printf("%d &p[0]\\n", v); }
  return 0;
}
`;
  fs.writeFileSync(path.join(dir, 'truth.c'), main);
  execFileSync('gcc', ['-O0', '-w', '-o', path.join(dir, 'truth'), path.join(dir, 'truth.c')]);
  const out = execFileSync(path.join(dir, 'truth'), { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return out.trim().split('\n').sort();
}

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

describe('enumerating the data of a goal with pointer parameters that may alias', () => {
  it('finds every datum, the aliasing one too, and each returns 1 when compiled and run', async () => {
    const file = writeC('enum_alias.c', source);
    const r = await engine.reach({ file, line: 6, all: true, limit: 100 });
    const { goal, tests } = only(r);
    const found = tests.map((t) => `${(t.inputs.p as number[])[0]} ${Array.isArray(t.inputs.q) ? (t.inputs.q as number[])[0] : t.inputs.q}`).sort();
    const truth = byGcc(file);
    // gcc: p[0] in 0..3 with q[0] == 2 (4 vectors), and q == p with p[0] == 1 (incremented to 2).
    expect(truth).toEqual(['0 2', '1 &p[0]', '1 2', '2 2', '3 2']);
    expect(found).toEqual(truth);
    const count = goal.causes?.find((c) => c.kind === 'data-count');
    expect(count).toMatchObject({ count: 5, limitReached: false });
    await expectAllValidated(file, r);
  }, 120_000);
});
