// The probe build observes goals without changing what the code computes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, writeC } from '../solve/helpers';

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
