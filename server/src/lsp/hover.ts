// Hover text for a goal's line: its status in words. Invariant: the word
// "covered" appears only for a goal a datum reaches.

import type { FunctionReport, GoalReport, Reason } from '../../../shared/report';
import { formatInputs, formatValidation, formatValue } from '../../../shared/editor-protocol';

const proofWords: Record<string, string> = {
  complete: 'proved: every loop on the way is fully unrolled or absent',
  invariant: 'proved for every number of loop iterations, by a loop invariant',
  bounded: 'only up to the loop bound: not a proof',
};

function reasonLine(uri: string, r: Reason): string {
  const role = r.role.replace(/`/g, '') === r.text ? '' : `: ${r.role}`; // an assignment is its own reason
  return `- [line ${r.line}](${uri}#L${r.line}) \`${r.text}\`${role}`;
}

/** Where the follow-up query that explains an unreachable goal is: running, or done without reasons. */
export type ExplanationState = (goalId: string) => 'pending' | 'none' | undefined;

function goalHover(uri: string, f: FunctionReport, g: GoalReport, loopBound: number, explanation: ExplanationState): string {
  const head = `**CReach** · ${g.label}: `;
  const test = g.test ? f.tests.find((t) => t.id === g.test) : undefined;
  switch (g.status) {
    case 'covered': {
      const lines = [`${head}**covered**${test ? ` by test ${test.id}` : ''}`];
      if (test) {
        lines.push('', `Datum: \`${formatInputs(test)}\``);
        if (test.result !== undefined) lines.push('', `Expected result: \`${formatValue(test.result)}\``);
        if (test.outputs && Object.keys(test.outputs).length > 0) {
          lines.push(
            '',
            `Expected outputs: \`${Object.entries(test.outputs)
              .map(([k, v]) => `${k} = ${formatValue(v)}`)
              .join(', ')}\``,
          );
        }
        const v = formatValidation(test);
        if (v) lines.push('', v + (test.validation ? `: ${test.validation}` : ''));
      }
      return lines.join('\n');
    }
    case 'unreachable': {
      const lines = [`${head}**unreachable** (${proofWords[g.proof ?? 'complete'] ?? g.proof})`];
      if (g.reason) lines.push('', g.reason);
      if (g.why && g.why.length > 0) lines.push('', 'No input satisfies all of:', ...g.why.map((r) => reasonLine(uri, r)));
      else if (explanation(g.id) === 'pending') lines.push('', '_Working out why (a reach query on this goal); hover again in a moment._');
      else if (explanation(g.id) === 'none') lines.push('', '_The reach query on this goal found no reasons within the time limit (`creach.timeoutMs`)._');
      return lines.join('\n');
    }
    case 'not-reached': {
      const bound = g.bound ?? loopBound;
      return [
        `${head}**not reached within ${bound} loop iteration${bound === 1 ? '' : 's'}**: no datum found up to that bound, which proves nothing beyond it.`,
        ...(g.reason ? ['', g.reason] : []),
        ...(g.why && g.why.length > 0 ? ['', 'Conditions involved:', ...g.why.map((r) => reasonLine(uri, r))] : []),
        '',
        `To search further, raise the setting \`creach.loopBound\` (now ${loopBound}).`,
      ].join('\n');
    }
    case 'unknown':
      return `${head}**unknown**${g.reason ? `: ${g.reason}` : ''}`;
    case 'violated': {
      const lines = [`${head}**violated**`];
      if (test) lines.push('', `Counter-example: \`${formatInputs(test)}\``);
      if (g.reason) lines.push('', g.reason);
      return lines.join('\n');
    }
    case 'holds': {
      const lines = [`${head}**holds** (${proofWords[g.proof ?? 'complete'] ?? g.proof})`];
      if (g.why && g.why.length > 0) lines.push('', 'Because of:', ...g.why.map((r) => reasonLine(uri, r)));
      return lines.join('\n');
    }
  }
}

/** Markdown for the goals of a line (1-based), or undefined when there is none. */
export function hoverMarkdown(
  uri: string,
  f: FunctionReport,
  goals: GoalReport[],
  loopBound: number,
  explanation: ExplanationState = () => undefined,
): string | undefined {
  if (goals.length === 0) return undefined;
  return goals.map((g) => goalHover(uri, f, g, loopBound, explanation)).join('\n\n---\n\n');
}
