// Pure parts of the inline values along a datum's path: the text per line
// (shared/editor-protocol.ts pathValues) and moving a cached trace with its
// function (reports.ts shiftReport).

import { describe, expect, it } from 'vitest';
import { pathValues } from '../../shared/editor-protocol';
import { shiftReport } from '../../server/src/lsp/reports';
import type { Report } from '../../shared/report';

describe('pathValues', () => {
  it('gives one text per line, lines in order of first passage, 0-based', () => {
    const trace = [
      { line: 13, column: 9, variable: 'u', value: 100 },
      { line: 17, column: 9, variable: 'y', value: -50 },
      { line: 18, column: 5, variable: 'z', value: -2500 },
      { line: 20, column: 5, variable: '\\result', value: -2500 },
    ];
    expect(pathValues(trace)).toEqual([
      { line: 12, text: 'u = 100' },
      { line: 16, text: 'y = -50' },
      { line: 17, text: 'z = -2500' },
      { line: 19, text: 'returns -2500' },
    ]);
  });

  it('shows every value a loop gives a variable on one line, in order, and shortens long runs', () => {
    const loop = [0, 1, 2].map((i) => ({ line: 5, column: 1, variable: 'i', value: i }));
    const two = [
      { line: 6, column: 1, variable: 'a', value: [1, 2] },
      { line: 6, column: 8, variable: 'b', value: null },
    ];
    expect(pathValues([...loop, ...two])).toEqual([
      { line: 4, text: 'i = 0, then 1, then 2' },
      { line: 5, text: 'a = {1, 2}, b = NULL' },
    ]);
    const long = Array.from({ length: 10 }, (_, i) => ({ line: 3, column: 1, variable: 'k', value: i }));
    expect(pathValues(long)).toEqual([{ line: 2, text: 'k = 0, then …, then 9 (10 values)' }]);
  });

  it('is empty without a trace', () => {
    expect(pathValues(undefined)).toEqual([]);
  });
});

describe('shiftReport', () => {
  it('moves the trace with its function', () => {
    const report: Report = {
      file: 'a.c',
      functions: [
        {
          name: 'f',
          line: 10,
          goals: [],
          tests: [
            {
              id: 't1',
              inputs: {},
              globals: {},
              nondet: [],
              goals: [],
              trace: [
                { line: 12, column: 3, variable: 'x', value: 1 },
                { line: 40, column: 3, variable: 'y', value: 2 },
              ],
            },
          ],
        },
      ],
    };
    const shifted = shiftReport(report, [{ from: 10, to: 20, delta: 3 }]);
    expect(shifted.functions[0].tests[0].trace).toEqual([
      { line: 15, column: 3, variable: 'x', value: 1 },
      { line: 40, column: 3, variable: 'y', value: 2 },
    ]);
  });
});
