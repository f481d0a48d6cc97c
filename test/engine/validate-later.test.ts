// The editor's last stage (issue 14: coverage, then properties, then validation):
// `analyse` with `validate: 'later'` returns the verdicts before their data are
// compiled and run, and `validate` collects that validation. Each datum here is
// compiled by gcc and run by the engine's validation; the expected verdicts come
// from C: `x * 1000` overflows exactly when |x| > 2147483 (INT_MAX / 1000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, validate: true });
});
afterAll(() => engine?.dispose());

const source = 'int g(int x)\n{\n    int r = 0;\n    if (x > 3)\n        r = 1;\n    return r + x * 1000;\n}\n';
const overflowOf = (r: Awaited<ReturnType<Engine['analyse']>>) => r.functions[0].goals.find((g) => g.kind === 'runtime-error' && g.status === 'violated');

describe("analyse with validate: 'later', then validate", () => {
  it('the counter-example comes unvalidated with the verdicts; validate gives the same report with every datum validated', async () => {
    const file = writeC('later.c', source);
    const verdicts = await engine.analyse({ file, function: 'g', validate: 'later' });
    const overflow = overflowOf(verdicts);
    expect(overflow, JSON.stringify(verdicts)).toBeDefined();
    const datum = verdicts.functions[0].tests.find((t) => t.id === overflow!.test)!;
    expect(Math.abs(Number(datum.inputs.x))).toBeGreaterThan(2147483);
    expect(datum.validated).toBeUndefined();
    const validated = await engine.validate({ file, function: 'g', report: verdicts });
    expect(validated.functions[0].goals).toEqual(verdicts.functions[0].goals);
    expect(validated.functions[0].tests.map((t) => [t.id, t.validated])).toEqual(verdicts.functions[0].tests.map((t) => [t.id, true]));
    // The report analyse returned is the caller's: the validation did not mark it.
    expect(datum.validated).toBeUndefined();
  }, 120_000);

  it('a report analyse did not leave running (or a changed one) is validated anew: a wrong datum fails', async () => {
    const file = writeC('anew.c', source);
    const verdicts = await engine.analyse({ file, function: 'g' });
    expect(verdicts.functions[0].tests.every((t) => t.validated === true)).toBe(true);
    // The same report with the overflow's datum changed to x = 5, which does not overflow (5000 fits in an int).
    const changed = structuredClone(verdicts);
    for (const t of changed.functions[0].tests) delete t.validated;
    const datum = changed.functions[0].tests.find((t) => t.id === overflowOf(changed)!.test)!;
    datum.inputs.x = 5;
    const validated = await engine.validate({ file, function: 'g', report: changed });
    const marks = new Map(validated.functions[0].tests.map((t) => [t.id, t.validated]));
    expect(marks.get(datum.id)).toBe(false);
    expect([...marks].filter(([id]) => id !== datum.id).every(([, v]) => v === true)).toBe(true);
  }, 120_000);
});
