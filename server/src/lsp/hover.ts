// Hover text for a goal's line: its status in words. Invariant: the word
// "covered" appears only for a goal a datum reaches. A line with several
// goals (a decision's statement and outcomes) gives each its verdict, and a
// list of reasons once: the goals after it that have the same say so.

import type { FunctionReport, GoalReport, Reason } from '../../../shared/report';
import { formatEnd, formatInputs, formatValidation, formatValue } from '../../../shared/editor-protocol';
import { cutShort, deeperFactor } from './analysis';
import { property } from './diagnostics';
import { withoutGoalIds } from './reports';
import { causesBesidesInvariant, isProperty } from '../../../shared/verdicts';

const proofWords: Record<string, string> = {
  complete: 'proved: every loop on the way is fully unrolled or absent',
  invariant: 'proved for every number of loop iterations, by a loop invariant',
  bounded: 'only up to the loop bound: not a proof',
};

function reasonLine(uri: string, r: Reason): string {
  const role = r.role.replace(/`/g, '') === r.text ? '' : `: ${r.role}`; // an assignment is its own reason
  return `- [line ${r.line}](${uri}#L${r.line}) \`${r.text}\`${role}`;
}

/** Where the follow-up query on a goal is: explaining it, explained without reasons, or looking again with a longer time limit. */
export type ExplanationState = (goalId: string) => 'pending' | 'none' | 'deeper' | undefined;

export interface HoverContext {
  uri: string;
  loopBound: number;
  /** The per-query time limit (ms), for the second look's message. */
  timeoutMs?: number;
  explanation?: ExplanationState;
  /** Why the results shown are not current (the function does not parse...). */
  stale?: string;
}

/** Writes a goal's reasons, or says they were given above. */
class Reasons {
  private readonly given = new Set<string>();

  list(uri: string, heading: string, why: Reason[]): string[] {
    // The same conditions (whatever role each plays for this goal) are the same list for a reader.
    const k = JSON.stringify(why.map((r) => [r.line, r.column, r.text]));
    if (this.given.has(k)) return ['', '_Same reasons as above._'];
    this.given.add(k);
    return ['', heading, ...why.map((r) => reasonLine(uri, r))];
  }

  /** A proof by invariant: what each loop keeps, linked to the loop's line (a called function's loop, by name). */
  invariants(uri: string, g: GoalReport): string[] {
    const loops = g.causes?.flatMap((c) => (c.kind === 'invariant' ? c.loops : [])) ?? [];
    if (!loops.length) return [];
    const k = `invariant:${JSON.stringify(loops)}`;
    if (this.given.has(k)) return ['', '_Same invariants as above._'];
    this.given.add(k);
    const line = (l: (typeof loops)[number]) =>
      `- ${l.function ? `line ${l.line} of \`${l.function}\`` : `[line ${l.line}](${uri}#L${l.line})`}: the loop keeps \`${l.invariant.join(' && ')}\``;
    return ['', 'True at every iteration, however many there are:', ...loops.map(line)];
  }

  text(reason: string | undefined, goals: GoalReport[]): string[] {
    if (!reason) return [];
    const k = `reason:${reason}`;
    if (this.given.has(k)) return [];
    this.given.add(k);
    return ['', withoutGoalIds(reason, goals)];
  }
}

/** A proof's reasons in words: by invariant, each loop's invariant on its own line, then the other causes. */
function proofReasons(uri: string, g: GoalReport, f: FunctionReport, reasons: Reasons): string[] {
  const kept = g.proof === 'invariant' ? reasons.invariants(uri, g) : [];
  if (!kept.length) return reasons.text(g.reason, f.goals);
  return [...kept, ...reasons.text(causesBesidesInvariant(g.causes), f.goals)];
}

function goalHover(f: FunctionReport, g: GoalReport, ctx: HoverContext, reasons: Reasons): string {
  const p = isProperty(g) ? property(g) : undefined;
  const head = `**CReach** · ${p ? p.subject : g.label}: `;
  const test = g.test ? f.tests.find((t) => t.id === g.test) : undefined;
  const explanation = ctx.explanation?.(g.id);
  const validation = () => {
    const v = test && formatValidation(test);
    return v ? ['', v + (test.validation ? `: ${withoutGoalIds(test.validation, f.goals)}` : '')] : [];
  };
  switch (g.status) {
    case 'covered': {
      const lines = [`${head}**covered**${test ? ` by test ${test.id}` : ''}`];
      if (test) {
        lines.push('', `Datum: \`${formatInputs(test)}\``);
        if (test.result !== undefined) lines.push('', `Expected result: \`${formatValue(test.result)}\``);
        if (test.end) lines.push('', `The run ends with \`${formatEnd(test)}\``);
        if (test.outputs && Object.keys(test.outputs).length > 0) {
          lines.push(
            '',
            `Expected outputs: \`${Object.entries(test.outputs)
              .map(([k, v]) => `${k} = ${formatValue(v, test.types?.[k.replace(/^\*/, '')])}`)
              .join(', ')}\``,
          );
        }
        lines.push(...validation());
      }
      lines.push(...reasons.text(g.reason, f.goals));
      return lines.join('\n');
    }
    case 'unreachable': {
      const lines = [`${head}**unreachable** (${proofWords[g.proof ?? 'complete'] ?? g.proof})`];
      lines.push(...proofReasons(ctx.uri, g, f, reasons));
      if (g.why && g.why.length > 0) lines.push(...reasons.list(ctx.uri, 'No input satisfies all of:', g.why));
      else if (explanation === 'pending') lines.push('', '_Working out why (a reach query on this goal); hover again in a moment._');
      else if (explanation === 'none')
        lines.push('', `_The reach query on this goal found no reasons, even with ${deeperFactor} times the time limit (\`creach.timeoutMs\`)._`);
      return lines.join('\n');
    }
    case 'not-reached': {
      const bound = g.bound ?? ctx.loopBound;
      // Not reached only for the input sizes the input model assumes (no loop ran past the bound).
      if (!g.causes?.some((c) => c.kind === 'loop-bound') && g.causes?.some((c) => c.kind === 'assumes'))
        return [
          `${head}**not reached for the inputs considered**: no datum found among inputs of the sizes assumed, which proves nothing about larger ones.`,
          ...reasons.text(g.reason, f.goals),
          '',
          'To search further, raise the setting named with the assumption.',
        ].join('\n');
      return [
        `${head}**not reached within ${bound} loop iteration${bound === 1 ? '' : 's'}**: no datum found up to that bound, which proves nothing beyond it.`,
        ...reasons.text(g.reason, f.goals),
        ...(g.why && g.why.length > 0 ? reasons.list(ctx.uri, 'Conditions involved:', g.why) : []),
        ...(explanation === 'deeper' ? ['', '_Looking past the loop bound (loop invariants, accelerated loops); hover again later._'] : []),
        '',
        `To search further, raise the setting \`creach.loopBound\` (now ${ctx.loopBound}).`,
      ].join('\n');
    }
    case 'unknown': {
      const lines = [`${head}**unknown**`, ...reasons.text(g.reason, f.goals)];
      if (explanation === 'deeper' && cutShort(g)) lines.push('', '_Asking it on its own, after the analysis of the other functions; hover again later._');
      else if (explanation === 'deeper')
        lines.push(
          '',
          `_Looking again with a longer time limit${ctx.timeoutMs ? ` (${Math.round((ctx.timeoutMs * deeperFactor) / 1000)} s)` : ''}; hover again later._`,
        );
      return lines.join('\n');
    }
    case 'violated': {
      const lines = [`${head}**violated**${p ? `: ${p.fails}` : ''}${test ? ` for \`${formatInputs(test)}\`` : ''}`];
      lines.push(...validation(), ...reasons.text(g.reason, f.goals));
      return lines.join('\n');
    }
    case 'holds': {
      const lines = [`${head}**holds**${p ? `: ${p.holds}` : ''} (${proofWords[g.proof ?? 'complete'] ?? g.proof})`];
      lines.push(...proofReasons(ctx.uri, g, f, reasons));
      if (g.why && g.why.length > 0) lines.push(...reasons.list(ctx.uri, 'Because of:', g.why));
      return lines.join('\n');
    }
  }
}

/** Markdown for the goals of a line (1-based), or undefined when there is none. */
export function hoverMarkdown(f: FunctionReport, goals: GoalReport[], ctx: HoverContext): string | undefined {
  if (goals.length === 0) return undefined;
  const reasons = new Reasons();
  const parts = goals.map((g) => goalHover(f, g, ctx, reasons));
  const banner = ctx.stale ? [`**CReach**: results of the last version that could be analysed (stale: ${ctx.stale}).`] : [];
  return [...banner, ...parts].join('\n\n---\n\n');
}
