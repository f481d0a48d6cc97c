// The one formatter of verdict causes (shared/verdicts.ts).
import { describe, expect, it } from 'vitest';
import { causeText, causesText, lineList, mergeConstructs } from '../../shared/verdicts';

describe('verdict causes in words', () => {
  it('joins runs of lines', () => {
    expect(lineList([3])).toBe('line 3');
    expect(lineList([12, 9, 10, 11, 3, 3])).toBe('lines 3, 9-12');
    expect(lineList([168, 169, 170])).toBe('lines 168-170');
  });

  it('lists each unmodelled construct once with all its lines', () => {
    const merged = mergeConstructs([
      { what: 'library function atoi is not modelled', lines: [170] },
      { what: 'library function atoi is not modelled', lines: [168, 169] },
      { what: 'call through a function pointer', lines: [12] },
    ]);
    expect(merged).toEqual([
      { what: 'library function atoi is not modelled', lines: [168, 169, 170] },
      { what: 'call through a function pointer', lines: [12] },
    ]);
    expect(causeText({ kind: 'not-modelled', constructs: merged })).toBe(
      'depends on what CReach does not model: library function atoi is not modelled (lines 168-170); call through a function pointer (line 12)',
    );
    // A cause built from unmerged constructs (one per path) reads the same: each construct once.
    expect(
      causeText({
        kind: 'not-modelled',
        constructs: [
          { what: 'library function atoi is not modelled', lines: [170] },
          { what: 'call through a function pointer', lines: [12] },
          { what: 'library function atoi is not modelled', lines: [168, 169] },
        ],
      }),
    ).toBe(causeText({ kind: 'not-modelled', constructs: merged }));
  });

  it('says each kind of cause', () => {
    expect(causeText({ kind: 'timeout', limitMs: 5000 })).toBe('the solver gave up within the time limit of 5000 ms');
    expect(causeText({ kind: 'loop-bound', bound: 64 })).toMatch(/^not reached with loops unrolled 64 times/);
    expect(causeText({ kind: 'data-count', count: 13, exact: true, limitReached: false })).toBe('exactly 13 distinct input vectors reach it');
    expect(causesText([{ kind: 'no-path' }, { kind: 'assumes', assumptions: ['malloc and calloc succeed'] }])).toBe(
      'no path of the function leads here; assuming malloc and calloc succeed',
    );
    expect(causesText([])).toBeUndefined();
  });

  it('says which invariant each loop keeps (a loop of a called function with its name)', () => {
    expect(causeText({ kind: 'invariant', loops: [{ line: 5, invariant: ['s == 2 * i'] }] })).toBe('the loop at line 5 keeps s == 2 * i');
    expect(
      causeText({
        kind: 'invariant',
        loops: [
          { line: 3, invariant: ['i >= 0', 'i <= n'] },
          { function: 'sum2', line: 9, invariant: ['s % 2 == 0'] },
        ],
      }),
    ).toBe('the loop at line 3 keeps i >= 0 && i <= n; the loop at line 9 (in sum2) keeps s % 2 == 0');
    expect(causeText({ kind: 'invariant', loops: [] })).toBe('excluded whatever the loops do');
  });

  it('says what else was tried past the loop bound, and why it settled nothing', () => {
    expect(
      causeText({
        kind: 'tried',
        attempts: [
          { method: 'invariants', outcome: 'no invariant found excludes it' },
          { method: 'acceleration', outcome: 'no execution found with the loop at line 5 run many iterations at once' },
        ],
      }),
    ).toBe(
      'also tried loop invariants (no invariant found excludes it) and loop acceleration (no execution found with the loop at line 5 run many iterations at once)',
    );
  });
});
