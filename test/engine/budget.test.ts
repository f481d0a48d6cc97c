// The solver time of a function's properties (CheckRequest.budgetMs, AnalyseRequest.budgetMs): the language
// server's analysis gives a few query limits, so that one function's hard properties do not keep the others
// waiting; what the budget leaves unasked is unknown, and says so. Expected verdicts from C: `a * 1000`
// overflows exactly when |a| > 2147483 (INT_MAX / 1000), `b + 1` exactly when b == INT_MAX; every datum
// is compiled by gcc and run by the engine's validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { causeText } from '../../shared/verdicts';
import { fileEngine, type Engine } from '../helpers/engine';
import { writeC } from '../solve/helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, validate: true });
});
afterAll(() => engine?.dispose());

const source = [
  'int g(int a, int b, int n)',
  '{',
  '    int s = 0;',
  '    for (int i = 0; i < n && i < 4; i++)',
  '        s = s + i;',
  '    int x = a * 1000;',
  '    return x + s + (b + 1);',
  '}',
  '',
].join('\n');

const properties = (r: Awaited<ReturnType<Engine['check']>>) => r.functions[0].goals.filter((g) => g.kind === 'runtime-error');

describe("a function's properties within a solver budget", () => {
  it('by default every property is asked, with the verdicts of C; every datum validated', async () => {
    const file = writeC('budget-full.c', source);
    const r = await engine.check({ file, function: 'g' });
    // s <= 0 + 1 + 2 + 3; x = a * 1000 without overflow keeps |x| <= 2147483000, so x + s <= 2147483006.
    expect(Object.fromEntries(properties(r).map((g) => [g.label, g.status]))).toEqual({
      '`s + i` may overflow': 'holds',
      '`a * 1000` may overflow': 'violated',
      '`x + s` may overflow': 'holds',
      '`x + s + (b + 1)` may overflow': 'violated',
      '`b + 1` may overflow': 'violated',
    });
    const product = properties(r).find((g) => g.label === '`a * 1000` may overflow')!;
    expect(Math.abs(Number(r.functions[0].tests.find((t) => t.id === product.test)!.inputs.a))).toBeGreaterThan(2147483);
    expect(r.functions[0].tests.every((t) => t.validated === true)).toBe(true);
  }, 120_000);

  it('a budget used up by the first checks: the properties left are unknown, saying the function used its time', async () => {
    const file = writeC('budget-cut.c', source);
    const r = await engine.check({ file, function: 'g', budgetMs: 1 });
    const cut = properties(r).filter((g) => g.status === 'unknown');
    expect(cut.length, JSON.stringify(properties(r))).toBeGreaterThan(0);
    for (const g of cut) {
      expect(g.causes).toContainEqual({ kind: 'timeout', limitMs: 5000, during: 'function', budgetMs: 1 });
      expect(g.reason).toContain("the function's queries used up their solver time (1 ms)");
    }
    // Nothing is claimed beyond what was asked: no property holds or fails that the full check decides otherwise.
    const full = await engine.check({ file, function: 'g' });
    for (const g of properties(r).filter((x) => x.status !== 'unknown')) expect(properties(full).find((x) => x.id === g.id)?.status, g.id).toBe(g.status);
  }, 120_000);

  it('analyse passes its budget to the properties', async () => {
    const file = writeC('budget-analyse.c', source);
    const r = await engine.analyse({ file, function: 'g', budgetMs: 1 });
    const cut = r.functions[0].goals.filter((g) => g.kind === 'runtime-error' && g.status === 'unknown');
    expect(cut.length).toBeGreaterThan(0);
    expect(cut.every((g) => g.causes?.some((c) => c.kind === 'timeout' && c.during === 'function' && c.budgetMs === 1))).toBe(true);
  }, 120_000);

  it('the reason names the budget in query limits when it is a whole number of them', () => {
    expect(causeText({ kind: 'timeout', limitMs: 5000, during: 'function', budgetMs: 20_000 })).toBe(
      "the function's queries used up their solver time (4 times the limit of 5000 ms per query); raise --timeout to go on",
    );
    // A cause without its budget is the CLI's check: 30 query limits.
    expect(causeText({ kind: 'timeout', limitMs: 100, during: 'function' })).toContain('(30 times the limit of 100 ms per query)');
  });
});
