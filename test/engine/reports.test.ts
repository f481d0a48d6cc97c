// Reports built by the engine (server/src/engine/reports.ts).
import { describe, expect, it } from 'vitest';
import { mergeAnalysis } from '../../server/src/engine/reports';
import type { Report } from '../../shared/report';

describe('the editor analysis of a function', () => {
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
  it('merges coverage and check reports without mixing up test ids', () => {
    const check: Report = {
      file: 'a.c',
      functions: [
        {
          name: 'f',
          line: 10,
          goals: [{ id: 'f:13:assert', kind: 'assertion', line: 13, column: 5, label: '`assert(a < 50)`', status: 'violated', test: 't1' }],
          tests: [{ id: 't1', inputs: { a: 50 }, globals: {}, nondet: [], goals: ['f:13:assert'] }],
        },
      ],
    };
    const merged = mergeAnalysis(report, check).functions[0];
    expect(merged.goals.map((g) => g.id)).toEqual(['f:12:if:true', 'f:12:if:false', 'f:13:assert']);
    const assertion = merged.goals[2];
    expect(merged.tests.find((t) => t.id === assertion.test)?.inputs.a).toBe(50);
    expect(merged.tests.find((t) => t.id === 't1')?.inputs.a).toBe(6);
  });
});
