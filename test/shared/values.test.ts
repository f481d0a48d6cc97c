// How data read for people (issue 15 §8): characters as characters, nondet
// values as one list per call site, main's argv quoted. The text is CReach's
// own design; the numbers are C's (ASCII 'G' is 71).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInputs, formatValue } from '../../shared/editor-protocol';
import type { TestReport } from '../../shared/report';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { writeC } from '../solve/helpers';

const test = (t: Partial<TestReport>): TestReport => ({ id: 't1', inputs: {}, globals: {}, nondet: [], goals: [], ...t });

describe('values for people', () => {
  it("a char is 'G' (71); unprintable ones, and other types, stay numbers", () => {
    expect(formatValue(71, 'char')).toBe("'G' (71)");
    expect(formatValue(71, 'unsigned char')).toBe("'G' (71)");
    expect(formatValue(39, 'char')).toBe("'\\'' (39)");
    expect(formatValue(92, 'signed char')).toBe("'\\\\' (92)");
    expect(formatValue(7, 'char')).toBe('7');
    expect(formatValue(-8, 'char')).toBe('-8');
    expect(formatValue(71, 'int')).toBe('71');
    expect(formatValue(71)).toBe('71');
  });

  it('the elements of a char array, or of the object behind a char *, are characters', () => {
    expect(formatValue([104, 105, 0, -3], 'char *')).toBe("{'h', 'i', 0, -3}");
    expect(formatValue([104, 105], 'int *')).toBe('{104, 105}');
    expect(formatValue(null, 'char *')).toBe('NULL');
  });

  it('inputs with their types; nondet values one list per call site; argv quoted', () => {
    const t = test({
      inputs: { c: 71, n: 3, argv: ['a b', 'x'] },
      types: { c: 'char', n: 'int' },
      nondet: [
        { call: '__VERIFIER_nondet_char', line: 3, value: 120, type: 'char' },
        { call: '__VERIFIER_nondet_char', line: 3, value: 121, type: 'char' },
        { call: '__VERIFIER_nondet_int', line: 4, value: 5, type: 'int' },
      ],
    });
    expect(formatInputs(t)).toBe(`c = 'G' (71), n = 3, argv = {"a b", "x"}, __VERIFIER_nondet_char()@3 = ['x', 'y'], __VERIFIER_nondet_int()@4 = 5`);
  });
});

describe('data carry the C types of their inputs (real engine)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await fileEngine(defaultEngineOptions);
  });
  afterAll(() => engine?.dispose());

  it("a char parameter and a nondet char read as characters: c == 'G' is c = 'G' (71)", async () => {
    const file = writeC(
      'chars.c',
      "extern char __VERIFIER_nondet_char(void);\nint g(char c, int n) {\n  char d = __VERIFIER_nondet_char();\n  if (c == 'G' && d == 'x' && n == 2)\n    return 1;\n  return 0;\n}\n",
    );
    const r = await engine.reach({ file, function: 'g', line: 5 });
    const t = r.functions[0].tests[0];
    expect(t.types).toEqual({ c: 'char', n: 'int' });
    expect(t.nondet.map((n) => n.type)).toEqual(['char']);
    expect(formatInputs(t)).toBe("c = 'G' (71), n = 2, __VERIFIER_nondet_char()@3 = 'x' (120)");
  }, 120_000);
});
