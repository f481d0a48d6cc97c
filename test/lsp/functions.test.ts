// The function index behind the per-function result cache: a function's hash
// changes exactly when something its analysis depends on changes.

import { describe, expect, it } from 'vitest';
import { indexFile } from '../../server/src/lsp/functions';
import { shiftReport, functionSummary } from '../../server/src/lsp/reports';
import type { Report } from '../../shared/report';

const source = `#define TWICE(v) helper(v)
int limit = 10;

static int helper(int v)
{
    return v * 2;
}

/*@ requires 0 <= a && a <= 100; */
int f(int a)
{
    if (TWICE(a) > limit)
        return 1;
    return 0;
}

int g(int b)
{
    return b + 1;
}
`;

async function hashes(text: string, options = '{}') {
  const index = await indexFile(text, options);
  return Object.fromEntries(index.functions.map((fn) => [fn.name, fn.hash]));
}

describe('function index', () => {
  it('finds each function with its span, contract comment and dependencies', async () => {
    const index = await indexFile(source, '{}');
    const f = index.functions.find((fn) => fn.name === 'f')!;
    expect(index.functions.map((fn) => fn.name)).toEqual(['helper', 'f', 'g']);
    expect(f.startLine).toBe(8); // the ACSL comment above `int f`
    expect(f.defLine).toBe(9);
    expect(f.endLine).toBe(14);
    expect(f.dependencies).toEqual(['helper']); // called through the macro TWICE
    expect(index.syntaxErrors).toEqual([]);
  });

  it('keeps the hash of a function when an unrelated function or only its position changes', async () => {
    const before = await hashes(source);
    const otherEdited = await hashes(source.replace('return b + 1;', 'return b + 2;'));
    expect(otherEdited.f).toBe(before.f);
    expect(otherEdited.g).not.toBe(before.g);
    // g's edit with more lines moves nothing above it; a line added above g only moves g.
    const moved = await hashes(source.replace('int g(int b)', '\nint g(int b)'));
    expect(moved.g).toBe(before.g);
  });

  it('changes the hash when a callee, a global, the contract or the options change', async () => {
    const before = await hashes(source);
    expect((await hashes(source.replace('return v * 2;', 'return v * 3;'))).f).not.toBe(before.f);
    expect((await hashes(source.replace('int limit = 10;', 'int limit = 11;'))).f).not.toBe(before.f);
    expect((await hashes(source.replace('a <= 100', 'a <= 99'))).f).not.toBe(before.f);
    expect((await hashes(source, '{"maxLoopBound":8}')).f).not.toBe(before.f);
  });

  it('reports syntax errors with their position', async () => {
    const index = await indexFile('int f(int x) {\n  return x +;\n}\n', '{}');
    expect(index.syntaxErrors.length).toBeGreaterThan(0);
    expect(index.syntaxErrors[0].line).toBe(1);
  });
});

describe('report helpers', () => {
  const report: Report = {
    file: 'a.c',
    functions: [
      {
        name: 'f',
        line: 10,
        goals: [
          { id: 'f:12:if:true', kind: 'branch', line: 12, column: 5, outcome: 'true', label: '`if (a > 1)` is true', status: 'covered', test: 't1' },
          {
            id: 'f:12:if:false',
            kind: 'branch',
            line: 12,
            column: 5,
            outcome: 'false',
            label: '`if (a > 1)` is false',
            status: 'unreachable',
            proof: 'complete',
            why: [{ line: 9, column: 1, text: 'a > 5', role: 'requires' }],
          },
        ],
        tests: [{ id: 't1', inputs: { a: 6 }, globals: {}, nondet: [], goals: ['f:12:if:true'] }],
      },
    ],
  };

  it('moves the lines of a cached report with its function', () => {
    const moved = shiftReport(report, [{ from: 9, to: 15, delta: 3 }]);
    expect(moved.functions[0].line).toBe(13);
    expect(moved.functions[0].goals.map((g) => g.line)).toEqual([15, 15]);
    expect(moved.functions[0].goals[1].why![0].line).toBe(12);
    expect(report.functions[0].line).toBe(10); // the cached one is untouched
  });

  it('summarises a function for its CodeLens', () => {
    expect(functionSummary(report.functions[0])).toBe('CReach: 1/2 branches · 1 unreachable');
  });
});
