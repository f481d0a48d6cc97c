// SV-COMP and Test-Comp property files (`--property unreach-call.prp`): the
// goal set the competitions define, as CReach's requests.
//   unreach-call         CHECK( init(main()), LTL(G ! call(reach_error())) )
//                        check main: only error calls (reach_error, __VERIFIER_error,
//                        assert's __assert_fail) are the property; runtime errors are not.
//   coverage-error-call  COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )
//                        cover main: a test that reaches an error call.
//   coverage-branches    COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )
//                        cover main: the decision criterion.
// Any other property is an input error naming the ones CReach knows.

import * as fs from 'node:fs';
import type { Report } from '../../../shared/report';
import { ERROR_FUNCTIONS } from '../api';
import { InputError } from './errors';

export type Property = { kind: 'unreach-call'; entry: string } | { kind: 'coverage-error-call'; entry: string } | { kind: 'coverage-branches'; entry: string };

export function readProperty(file: string): Property {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`${file}: cannot read the property file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const p = parseProperty(text);
  if (!p) {
    throw new InputError(
      `${file}: unsupported property '${text.trim().slice(0, 120)}' (supported: unreach-call, coverage-error-call, coverage-branches of SV-COMP and Test-Comp)`,
    );
  }
  return p;
}

export function parseProperty(text: string): Property | null {
  // Property files may hold comments (// ...) and spread a formula over lines.
  const s = text.replace(/\/\/.*$/gm, '').replace(/\s+/g, '');
  let m = /^CHECK\(init\((\w+)\(\)\),LTL\(G!call\((\w+)\(\)\)\)\)$/.exec(s);
  if (m && ERROR_FUNCTIONS.has(m[2])) return { kind: 'unreach-call', entry: m[1] };
  m = /^COVER\(init\((\w+)\(\)\),FQL\(COVEREDGES\(@CALL\((\w+)\)\)\)\)$/.exec(s);
  if (m && ERROR_FUNCTIONS.has(m[2])) return { kind: 'coverage-error-call', entry: m[1] };
  m = /^COVER\(init\((\w+)\(\)\),FQL\(COVEREDGES\(@DECISIONEDGE\)\)\)$/.exec(s);
  if (m) return { kind: 'coverage-branches', entry: m[1] };
  return null;
}

/**
 * The verdict of an unreach-call check, as SV-COMP spells it: false when an
 * error call is reached (a counter-example), true when every one is proved
 * unreachable for every execution, unknown otherwise (bounded, timeout, not modelled).
 */
export function svcompVerdict(report: Report, entry: string): 'true' | 'false(unreach-call)' | 'unknown' {
  const fn = report.functions.find((f) => f.name === entry);
  if (!fn) return 'unknown';
  if (fn.goals.some((g) => g.status === 'violated')) return 'false(unreach-call)';
  return fn.goals.every((g) => g.status === 'holds' && g.proof !== 'bounded') ? 'true' : 'unknown';
}
