// The probe build observes goals without changing what the code computes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, validate, writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine(defaultEngineOptions);
});
afterAll(() => engine?.dispose());

describe('probes', () => {
  it('a ?: decision is probed on its condition, not on the whole conditional (its value is returned)', async () => {
    const file = writeC('tern.c', 'int f(int n) { return n <= 0 ? 7 : 3; }\nint g(int a, int b) { return (a > 0 && b > 0) ? a + b : 100; }\n');
    const r = await engine.cover({ file, criterion: 'decision' });
    for (const f of r.functions)
      expect(
        f.goals.every((g) => g.status === 'covered'),
        f.name,
      ).toBe(true);
    expect(r.functions.flatMap((f) => f.tests).some((t) => t.result === 7)).toBe(true);
    await expectAllValidated(file, r);
  });
});

describe('ensures clauses, checked on return by the compiled program', () => {
  // Parameters in a postcondition are their entry values (ACSL), `\old(e)` is e at entry: inc's clause breaks
  // only for x = 9 (it returns 11, not 10), which a check reading the modified x would miss.
  const SOURCE = `int counter;
/*@ ensures \\result == x + 1; */
int inc(int x) { x = x + 1; if (x == 10) return x + 1; return x; }
/*@ ensures counter != \\old(counter); */
void tick(int skip) { if (skip == 3) return; counter = counter == 5 ? 0 : counter + 1; }
`;
  it('a counter-example breaks its clause when run (entry values of parameters, \\old, return; in a void function)', async () => {
    const file = writeC('ens.c', SOURCE);
    const r = await engine.check({ file });
    const ensures = r.functions.map((f) => ({ fn: f.name, status: f.goals.find((g) => g.kind === 'assertion')?.status }));
    expect(ensures).toEqual([
      { fn: 'inc', status: 'violated' },
      { fn: 'tick', status: 'violated' },
    ]);
    const inputs = r.functions.map((f) => f.tests.find((t) => t.id === f.goals.find((g) => g.kind === 'assertion')?.test));
    expect(inputs[0]?.inputs.x).toBe(9);
    expect(inputs[1]?.inputs.skip).toBe(3);
    await expectAllValidated(file, r);
  });

  it('a datum that keeps the clause is not confirmed as breaking it', async () => {
    const file = writeC('ens.c', SOURCE);
    const r = await engine.check({ file, function: 'inc' });
    const goal = r.functions[0].goals.find((g) => g.kind === 'assertion')!;
    const test = r.functions[0].tests.find((t) => t.id === goal.test)!;
    test.inputs.x = 3;
    delete test.result;
    await validate(file, r);
    expect(test.validated).toBe(false);
    expect(test.validation).toMatch(/did not reach|not reach/);
  });
});
