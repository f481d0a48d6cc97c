// Goal-by-goal comparison of CReach's reports with the ground truth of the
// gcc runs (oracle.ts).
//
// - A statement or branch goal is reached by an input when its probe fired
//   (probes fire before any undefined behaviour, since the first one ends the run).
// - A runtime-error goal is violated by an input when the run's first
//   undefined behaviour is of the goal's kind, on its line, inside its range
//   (the innermost such goal; when several goals share the line and none
//   contains the column, the event counts for the group; an event that two
//   kinds may name, a left shift that overflows, counts for both as a group).
// - An assertion goal is violated when its assertion check is the first failure.
//
// Disagreements that must never happen:
// - false-proof: `unreachable` (complete/invariant) or `holds` while a domain
//   input reaches / violates the goal;
// - false-bounded: `not-reached` (or a bounded `holds`) within k iterations
//   while a domain input reaches it and no loop of the program can run more
//   than k times (a false claim too);
// - bad-datum: a datum of a report, run by gcc, does not reach a goal it
//   claims (or its input is not a value of the parameter's type);
// - bad-result: a datum's expected result differs from the compiled run's
//   (or the run does not return normally).
// Figures only: goals reachable in the domain that CReach left unknown or
// not-reached ("missed"), goals CReach covered that no domain input reaches
// ("outside"), goals with no probe ("unmapped"), undefined behaviour of a
// domain run that no goal names ("unmatched").

import type { FunctionReport, GoalReport, TestReport } from '../../shared/report';
import type { Generated } from './generator';
import { type ErrorEvent, type Observation, doubleOf } from './oracle';

export type Category = 'false-proof' | 'false-bounded' | 'bad-datum' | 'bad-result';

export interface Disagreement {
  category: Category;
  goal?: string;
  detail: string;
}

export interface Comparison {
  /** Goals reported by CReach (cover and check). */
  goals: number;
  /** Goals with no probe, with the reason. */
  unmapped: string[];
  /** Goals some domain input reaches (or violates) validly. */
  reachable: number;
  statuses: Record<string, number>;
  disagreements: Disagreement[];
  /** Reachable in the domain, but CReach said unknown / not-reached / bounded. */
  missed: string[];
  /** Covered or violated by CReach, not reached by any domain input. */
  outside: string[];
  /** Undefined behaviour of domain runs that matches no runtime-error goal (kind line:col message). */
  unmatched: string[];
  /** Data checked, and goal claims checked. */
  data: number;
  claims: number;
}

type Where = { k: 'slot'; slot: number } | { k: 'error' } | { k: 'none'; why: string };

/** The tag and explicit column of a goal id `f:12:cond@7:true`. */
function tagOf(id: string): { tag: string; col?: number } {
  const parts = id.split(':');
  const m = /^([a-z-]+)(?:@(\d+))?/.exec(parts[2] ?? '');
  return { tag: m?.[1] ?? '', col: m?.[2] ? Number(m[2]) : undefined };
}

function pickOne<X extends { line: number; col: number }>(xs: X[], line: number, col: number): X | string {
  const onLine = xs.filter((x) => x.line === line);
  const exact = onLine.filter((x) => x.col === col);
  if (exact.length === 1) return exact[0];
  if (exact.length === 0 && onLine.length === 1) return onLine[0];
  return exact.length > 1
    ? 'several probes at that position'
    : onLine.length
      ? `no probe at column ${col} (probes at ${onLine.map((x) => x.col).join(', ')})`
      : 'no probe on that line';
}

export function locate(g: Generated, goal: GoalReport): Where {
  if (goal.kind === 'runtime-error' || goal.kind === 'assertion') {
    if (goal.kind === 'assertion' && !g.checks.some((c) => c.what === 'assert' && c.line === goal.line)) return { k: 'none', why: 'no assertion on that line' };
    return { k: 'error' };
  }
  if (goal.kind === 'statement') {
    const s = pickOne(
      g.sites.filter((x) => x.kind === 'stmt'),
      goal.line,
      goal.column,
    );
    return typeof s === 'string' ? { k: 'none', why: s } : { k: 'slot', slot: s.slot };
  }
  const { tag } = tagOf(goal.id);
  if (tag === 'switch') {
    const s = pickOne(
      g.sites.filter((x) => x.kind === 'switch'),
      goal.line,
      goal.column,
    );
    if (typeof s === 'string' || s.kind !== 'switch') return { k: 'none', why: typeof s === 'string' ? s : 'not a switch' };
    const slot = s.outcomes[goal.outcome ?? ''];
    return slot === undefined ? { k: 'none', why: `no case '${goal.outcome}' (cases: ${Object.keys(s.outcomes).join(', ')})` } : { k: 'slot', slot };
  }
  const s = pickOne(
    g.sites.filter((x) => x.kind === 'branch' && x.tag === tag),
    goal.line,
    goal.column,
  );
  if (typeof s === 'string' || s.kind !== 'branch') return { k: 'none', why: typeof s === 'string' ? `${tag}: ${s}` : 'not a branch' };
  if (goal.outcome === 'true') return { k: 'slot', slot: s.slot };
  if (goal.outcome === 'false') return { k: 'slot', slot: s.slot + 1 };
  return { k: 'none', why: `outcome '${goal.outcome}'` };
}

function contains(goal: GoalReport, ev: ErrorEvent): boolean {
  const endLine = goal.endLine ?? goal.line;
  const endCol = goal.endColumn ?? Number.MAX_SAFE_INTEGER;
  const after = ev.line > goal.line || (ev.line === goal.line && ev.col >= goal.column);
  // A goal's end column is the one after its last character (where gcc reports a member's `[` after a base).
  const before = ev.line < endLine || (ev.line === endLine && ev.col < endCol);
  return after && before;
}

/** The goals an error event violates: one, or a group when the position cannot tell them apart; empty when none matches. */
export function errorGoals(ev: ErrorEvent, goals: GoalReport[]): GoalReport[] {
  if (ev.kind === 'assert') return goals.filter((x) => x.kind === 'assertion' && x.line === ev.line);
  if (ev.kind === 'other') return [];
  const kinds: string[] = ev.kinds ?? [ev.kind];
  const cands = goals.filter((x) => x.kind === 'runtime-error' && kinds.includes(x.outcome ?? '') && ev.line >= x.line && ev.line <= (x.endLine ?? x.line));
  const inside = cands.filter((x) => contains(x, ev));
  if (inside.length === 0) return cands;
  const size = (x: GoalReport) => ((x.endLine ?? x.line) - x.line) * 10000 + ((x.endColumn ?? 9999) - x.column);
  const min = Math.min(...inside.map(size));
  const innermost = inside.filter((x) => size(x) === min);
  // An unsigned index past PTRDIFF_MAX is a goal of its own at its access's subscript (FINDINGS F8), inside the
  // access's goal: the run's bounds error at the access may be either, so it counts for both as a group.
  const others = inside.filter((x) => size(x) > min);
  if (others.length && innermost.some((x) => x.label.includes('index past PTRDIFF_MAX'))) {
    const next = Math.min(...others.map(size));
    return [...innermost, ...others.filter((x) => size(x) === next)];
  }
  return innermost;
}

export function describeValues(g: Generated, values: (bigint | number)[]): string {
  return values.map((v, i) => `${g.params[i].name}=${typeof v === 'number' && Object.is(v, -0) ? '-0' : String(v)}`).join(', ');
}

export function describeRun(o: Observation): string {
  if (o.status === 'returned') return `returns ${o.ret}`;
  if (o.error) return `${o.error.kind} at ${o.error.line}:${o.error.col} (${o.error.message})`;
  return o.status === 'timeout' ? 'times out' : `crashes: ${o.text.slice(0, 200)}`;
}

function sameResult(g: Generated, expected: unknown, printed: string): boolean {
  if (g.ret.kind === 'int') {
    try {
      return BigInt(expected as number | string) === BigInt(printed);
    } catch {
      return false;
    }
  }
  const actual = doubleOf(printed);
  const want =
    typeof expected === 'number'
      ? expected
      : expected === 'nan'
        ? NaN
        : expected === 'inf'
          ? Infinity
          : expected === '-inf'
            ? -Infinity
            : expected === '-0'
              ? -0
              : undefined;
  if (want === undefined) return false;
  return Number.isNaN(want) ? Number.isNaN(actual) : Object.is(want, actual);
}

export interface DataRun {
  report: 'cover' | 'check';
  test: TestReport;
  /** The run, or why the datum could not be run (an input outside its type). */
  run: Observation | string;
  values?: (bigint | number)[];
}

export function compare(
  g: Generated,
  reports: { cover?: FunctionReport; check?: FunctionReport },
  domain: (bigint | number)[][],
  domainRuns: Observation[],
  data: DataRun[],
): Comparison {
  const goals = [...(reports.cover?.goals ?? []), ...(reports.check?.goals ?? [])];
  const byId = new Map(goals.map((x) => [x.id, x]));
  const res: Comparison = {
    goals: goals.length,
    unmapped: [],
    reachable: 0,
    statuses: {},
    disagreements: [],
    missed: [],
    outside: [],
    unmatched: [],
    data: 0,
    claims: 0,
  };

  // Ground truth over the domain.
  const reachedBy = new Map<number, number>();
  const violatedBy = new Map<string, number>();
  const groups = new Map<string, { ids: string[]; input: number }>();
  const unmatched = new Map<string, number>();
  domainRuns.forEach((o, i) => {
    for (const s of o.hits) if (!reachedBy.has(s)) reachedBy.set(s, i);
    if (!o.error) return;
    const hit = errorGoals(o.error, goals);
    if (hit.length === 1) {
      if (!violatedBy.has(hit[0].id)) violatedBy.set(hit[0].id, i);
    } else if (hit.length > 1) {
      const key = hit
        .map((x) => x.id)
        .sort()
        .join(' ');
      if (!groups.has(key)) groups.set(key, { ids: hit.map((x) => x.id), input: i });
    } else {
      const key = `${o.error.kind} ${o.error.line}:${o.error.col} ${o.error.message.replace(/-?\d+/g, 'N')}`;
      if (!unmatched.has(key)) unmatched.set(key, i);
    }
  });
  res.unmatched = [...unmatched].map(([k, i]) => `${k} (e.g. ${describeValues(g, domain[i])})`);

  const proved = (x: GoalReport) => (x.status === 'unreachable' || x.status === 'holds') && x.proof !== 'bounded';
  const bounded = (x: GoalReport) => x.status === 'not-reached' || ((x.status === 'unreachable' || x.status === 'holds') && x.proof === 'bounded');
  const witnessText = (x: GoalReport, i: number) =>
    `${describeValues(g, domain[i])} ${x.kind === 'statement' || x.kind === 'branch' ? 'reaches it' : 'violates it'} (gcc run: ${describeRun(domainRuns[i])})`;
  const inGroup = new Set([...groups.values()].flatMap((gr) => gr.ids));

  for (const x of goals) {
    res.statuses[x.status] = (res.statuses[x.status] ?? 0) + 1;
    const where = locate(g, x);
    if (where.k === 'none') {
      res.unmapped.push(`${x.id}: ${where.why}`);
      continue;
    }
    const witness = where.k === 'slot' ? reachedBy.get(where.slot) : violatedBy.get(x.id);
    if (witness === undefined) {
      if ((x.status === 'covered' || x.status === 'violated') && !inGroup.has(x.id)) res.outside.push(x.id);
      continue;
    }
    res.reachable++;
    const claim = `${x.status}${x.proof ? ` (${x.proof}${x.bound !== undefined ? `, k=${x.bound}` : ''})` : ''}`;
    if (proved(x)) {
      res.disagreements.push({ category: 'false-proof', goal: x.id, detail: `${x.id} ${x.label}: CReach says ${claim}; ${witnessText(x, witness)}` });
    } else if (bounded(x)) {
      if ((x.bound ?? 0) >= g.maxTrip)
        res.disagreements.push({
          category: 'false-bounded',
          goal: x.id,
          detail: `${x.id} ${x.label}: CReach says ${claim}, loops run at most ${g.maxTrip} times; ${witnessText(x, witness)}`,
        });
      else res.missed.push(`${x.id} (${claim})`);
    } else if (x.status === 'unknown') {
      res.missed.push(`${x.id} (unknown${x.reason ? `: ${x.reason}` : ''})`);
    }
  }
  for (const gr of groups.values()) {
    const members = gr.ids.map((id) => byId.get(id)!);
    res.reachable++;
    if (members.every(proved)) {
      res.disagreements.push({
        category: 'false-proof',
        goal: gr.ids.join(' | '),
        detail: `one of ${gr.ids.join(', ')} is violated, CReach says all hold; ${describeValues(g, domain[gr.input])} (gcc run: ${describeRun(domainRuns[gr.input])})`,
      });
    } else if (!members.some((m) => m.status === 'violated')) res.missed.push(`${gr.ids.join(' | ')} (${members.map((m) => m.status).join('/')})`);
  }

  // Every datum handed out, run by gcc.
  const reportsOf = { cover: reports.cover, check: reports.check };
  for (const d of data) {
    res.data++;
    const fr = reportsOf[d.report]!;
    const claimed = new Set([...(d.test.goals ?? []), ...fr.goals.filter((x) => x.test === d.test.id).map((x) => x.id)]);
    const input = d.values ? describeValues(g, d.values) : JSON.stringify(d.test.inputs);
    if (typeof d.run === 'string') {
      res.disagreements.push({
        category: 'bad-datum',
        goal: [...claimed].join(' '),
        detail: `${d.report} ${d.test.id} (${JSON.stringify(d.test.inputs)}): ${d.run}`,
      });
      continue;
    }
    const o = d.run;
    for (const id of claimed) {
      const x = byId.get(id);
      if (!x) {
        res.disagreements.push({ category: 'bad-datum', goal: id, detail: `${d.report} ${d.test.id} claims ${id}, which is not a goal of the report` });
        continue;
      }
      const where = locate(g, x);
      if (where.k === 'none') continue;
      res.claims++;
      const ok = where.k === 'slot' ? o.hits.has(where.slot) : !!o.error && errorGoals(o.error, goals).some((y) => y.id === id);
      if (!ok)
        res.disagreements.push({
          category: 'bad-datum',
          goal: id,
          detail: `${d.report} ${d.test.id} (${input}) claims ${id} ${x.label}; gcc run: ${where.k === 'slot' ? 'not reached' : 'not violated'}, ${describeRun(o)}`,
        });
    }
    if (d.test.result !== undefined) {
      if (o.status !== 'returned')
        res.disagreements.push({
          category: 'bad-result',
          goal: d.test.id,
          detail: `${d.report} ${d.test.id} (${input}) expects result ${JSON.stringify(d.test.result)}; gcc run ${describeRun(o)}`,
        });
      else if (!sameResult(g, d.test.result, o.ret!))
        res.disagreements.push({
          category: 'bad-result',
          goal: d.test.id,
          detail: `${d.report} ${d.test.id} (${input}) expects result ${JSON.stringify(d.test.result)}; gcc run returns ${g.ret.kind === 'float' ? doubleOf(o.ret!) : o.ret}`,
        });
    }
  }
  for (const fr of [reports.cover, reports.check]) {
    if (!fr) continue;
    const tests = new Set(fr.tests.map((t) => t.id));
    for (const x of fr.goals) {
      if ((x.status === 'covered' || x.status === 'violated') && (!x.test || !tests.has(x.test))) {
        res.disagreements.push({ category: 'bad-datum', goal: x.id, detail: `${x.id} is ${x.status} without a datum (test ${x.test ?? 'missing'})` });
      }
    }
  }
  return res;
}
