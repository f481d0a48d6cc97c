// Verdict causes in words: the one formatter the CLI, the hover and the
// diagnostics share (a goal's `reason` is made here from its `causes`); which
// goals are properties.

import type { GoalKind, VerdictCause } from './report';

/** Assertions and runtime errors: goals that hold or are violated, where the others are covered or unreachable. */
export function isProperty(goal: { kind: GoalKind }): boolean {
  return goal.kind === 'assertion' || goal.kind === 'runtime-error';
}

/** `3`, `3-5`, `3, 7, 9-12`: sorted line numbers with runs joined. */
export function lineList(lines: number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j;
  }
  return parts.length > 1 || sorted.length > 1 ? `lines ${parts.join(', ')}` : `line ${parts[0]}`;
}

/** A function's solver time, in query limits when it is a whole number of them. */
function functionBudget(budgetMs: number | undefined, limitMs: number): string {
  const queries = (budgetMs ?? 30 * limitMs) / limitMs;
  return Number.isInteger(queries) ? `${queries} times the limit of ${limitMs} ms per query` : `${budgetMs} ms`;
}

export function causeText(c: VerdictCause): string {
  switch (c.kind) {
    case 'timeout':
      return c.during === 'unwinding check'
        ? `the check that loops stop within ${c.bound} iterations ran out of the time limit of ${c.limitMs} ms`
        : c.during === 'enumeration'
          ? `the enumeration used up its time (10 times the limit of ${c.limitMs} ms per query)`
          : c.during === 'goal'
            ? `the goal's queries used up its solver time (a few times the limit of ${c.limitMs} ms per query)`
            : c.during === 'function'
              ? `the function's queries used up their solver time (${functionBudget(c.budgetMs, c.limitMs)}); raise --timeout to go on`
              : `the solver gave up within the time limit of ${c.limitMs} ms`;
    case 'solver-failed':
      return `the solver failed inside a query (Z3: ${c.message})`;
    case 'not-modelled': {
      // The same construct reached on several paths is named once, with all its lines.
      const list = mergeConstructs(c.constructs)
        .map((x) => `${x.what} (${lineList(x.lines)})`)
        .join('; ');
      return c.blocking ? `a candidate datum passes what CReach does not model: ${list}` : `depends on what CReach does not model: ${list}`;
    }
    case 'loop-bound':
      return `not reached with loops unrolled ${c.bound} times; some executions run longer (raise the loop bound)`;
    case 'too-large':
      return `not unrolled further: ${c.bound} loop iterations make ${c.nodes} nodes, more than the ${c.limit} CReach encodes`;
    case 'open-deeper':
      return `unrolled ${c.bound} times, it was left open (${c.causes.length ? c.causes.map(causeText).join('; ') : 'no answer'})`;
    case 'no-path':
      return 'no path of the function leads here';
    case 'assumes':
      return `assuming ${c.assumptions.join(' and ')}`;
    case 'data-count':
      return c.exact
        ? `exactly ${c.count} distinct input vectors reach it`
        : c.limitReached
          ? `at least ${c.count} distinct input vectors reach it (limit reached)`
          : c.assumed
            ? `at least ${c.count} distinct input vectors reach it (counted over inputs of the sizes assumed)`
            : `at least ${c.count} distinct input vectors reach it (others, if any, run loops more than ${c.bound ?? 'the bound'} times, or the solver ran out of time)`;
    case 'not-analysed':
      return 'not analysed yet';
    case 'in-program':
      return c.status === 'violated'
        ? `also violated in the program (from ${c.entry})`
        : c.status === 'holds' || c.status === 'unreachable'
          ? `when called alone; it holds for every call from ${c.entry}`
          : `in the program (from ${c.entry}): ${c.status}`;
    case 'invariant':
      return c.loops.length
        ? c.loops.map((l) => `the loop at line ${l.line}${l.function ? ` (in ${l.function})` : ''} keeps ${l.invariant.join(' && ')}`).join('; ')
        : 'excluded whatever the loops do';
    case 'accelerated':
      return `found past the loop bound by running ${c.loops
        .map((l) => `the loop at line ${l.line}${l.function ? ` (in ${l.function})` : ''}`)
        .join(' and ')} many iterations at once (${c.loops.flatMap((l) => l.counters).join(', ')} in closed form)`;
    case 'tried':
      return `also tried ${c.attempts.map((a) => `${a.method === 'invariants' ? 'loop invariants' : 'loop acceleration'} (${a.outcome})`).join(' and ')}`;
  }
}

/** The causes of one verdict in words, or undefined when there are none. */
export function causesText(causes: VerdictCause[] | undefined): string | undefined {
  if (!causes?.length) return undefined;
  return causes.map(causeText).join('; ');
}

/** The causes of a proof by invariant but its invariant (which CLI and hover show on lines of their own). */
export function causesBesidesInvariant(causes: VerdictCause[] | undefined): string | undefined {
  return causesText(causes?.filter((c) => c.kind !== 'invariant'));
}

/**
 * The constructs of several not-modelled causes, each once with all its lines
 * (`atoi (lines 168-179)`), for a function's summary.
 */
export function mergeConstructs(list: { what: string; lines: number[] }[]): { what: string; lines: number[] }[] {
  const byWhat = new Map<string, Set<number>>();
  for (const x of list) {
    const s = byWhat.get(x.what) ?? new Set<number>();
    for (const l of x.lines) s.add(l);
    byWhat.set(x.what, s);
  }
  return [...byWhat].map(([what, lines]) => ({ what, lines: [...lines].sort((a, b) => a - b) }));
}
