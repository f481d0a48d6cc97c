// "Copy as C test": one datum as a test function to paste into an existing
// test file, not a whole harness. The engine's harness (testgen/harness.ts,
// through api.ts) spells the datum's values and checks exactly; this takes
// the one test body out of it and writes it as plain C with `assert`:
// readable names instead of the harness's, `assert(result == 3)` instead of
// the harness's mismatch reports, and, for data with nondet or external
// values, stubs that return them in order.

import type { GoalReport, TestReport } from '../../../shared/report';
import { formatEnd, formatInputs, formatValidation, formatValue } from '../../../shared/editor-protocol';

export interface TestFunctionInput {
  /** The harness the engine wrote for a report of this one test. */
  harness: string;
  functionName: string;
  /** The file's name as the user knows it (for the comment). */
  fileName: string;
  test: TestReport;
  /** The function's goals (labels for the comment). */
  goals: GoalReport[];
}

/** The lines of `static void NAME(void) { ... }` in the harness (without the braces), or undefined. */
function functionBody(text: string, name: string): string[] | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l === `static void ${name}(void)`);
  if (start < 0 || lines[start + 1] !== '{') return undefined;
  const end = lines.findIndex((l, i) => i > start && l === '}');
  return end < 0 ? undefined : lines.slice(start + 2, end);
}

/** `a != b` -> `a == b`, `a == b` -> `a != b` when that is the whole condition; else `!(c)`. */
function negate(condition: string): string {
  const simple = (op: string) => {
    const parts = condition.split(op);
    return parts.length === 2 && !/&&|\|\||[?:]|[=!]=/.test(parts[0] + parts[1]) ? parts : undefined;
  };
  const ne = simple(' != ');
  if (ne) return `${ne[0]} == ${ne[1]}`;
  const eq = simple(' == ');
  if (eq) return `${eq[0]} != ${eq[1]}`;
  return `!(${condition})`;
}

/** The harness's checks as asserts; other lines unchanged. */
function asAssert(line: string): string[] {
  // { T creach_e = LIT; if (EXPR != creach_e) creach_mismatch_int(...); }
  const typed = /^(\s*)\{ .*? creach_e = (.*?); if \((.*?) != creach_e\) creach_mismatch_\w+\(.*\); \}$/.exec(line);
  if (typed) return [`${typed[1]}assert(${typed[3]} == ${typed[2]});`];
  // { float creach_e = LIT; if (!creach_same_float(EXPR, creach_e)) creach_mismatch_float(...); }
  const float = /^(\s*)\{ .*? creach_e = (.*?); if \(!creach_same_float\((.*), creach_e\)\) creach_mismatch_float\(.*\); \}$/.exec(line);
  if (float) {
    const [, indent, lit, expr] = float;
    if (/nan/i.test(lit)) return [`${indent}assert(isnan(${expr}));`];
    if (/^\(?-0(\.0*)?(e[+-]?\d+)?[fFlL]?\)?$|^-0x0(\.0*)?p[+-]?\d+[fFlL]?$/.test(lit)) return [`${indent}assert(${expr} == 0 && signbit(${expr}));`];
    return [`${indent}assert(${expr} == ${lit});`];
  }
  // if (COND) creach_mismatch_text(...); [else {]
  const text = /^(\s*)if \((.*)\) creach_mismatch_\w+\(.*?\);( else \{)?$/.exec(line);
  if (text) return [`${text[1]}assert(${negate(text[2])});`, ...(text[3] ? [`${text[1]}{`] : [])];
  return [line];
}

const cLiteral = /^\s*\{ "([^"]+)", (\d+), \{ \.(\w) = (.*) \} \},?$/;

/** Stubs returning this test's nondet and external values, in call order (from the harness's stubs and input table). */
function stubs(harness: string, id: string, prefix: string): string[] {
  const lines = harness.split('\n');
  const table = lines.findIndex((l) => l.startsWith(`static struct creach_input creach_inputs_${id}[]`));
  const values = new Map<string, { member: string; literal: string }[]>();
  for (let i = table + 1; table >= 0 && i < lines.length && !lines[i].startsWith('}'); i++) {
    const m = cLiteral.exec(lines[i]);
    if (!m) continue;
    if (!values.has(m[1])) values.set(m[1], []);
    values.get(m[1])!.push({ member: m[3], literal: m[4] });
  }
  const start = lines.findIndex((l) => l.startsWith('/* Stubs:'));
  if (start < 0) return [];
  const out: string[] = [];
  for (let i = start + 1; i < lines.length && lines[i + 1] === '{';) {
    const head = lines[i];
    const end = lines.findIndex((l, j) => j > i && l === '}');
    const body = lines.slice(i + 2, end);
    const name = /(\w+)\s*\(/.exec(head)?.[1] ?? '';
    const rename = (s: string) => s.replace(/\bcreach_a(\d+)\b/g, 'a$1');
    const returns = body.map((l) => /^\s*return \((.*)\)creach_input\("[^"]+"\)->(\w);$/.exec(l)).find((m) => m);
    if (returns) {
      const vs = values.get(name) ?? [];
      const type = { i: 'long long', u: 'unsigned long long', f: 'float', d: 'double', p: 'void *' }[returns[2]] ?? 'long long';
      const short = name.replace(/^_+(VERIFIER_)?/, '');
      const array = `${prefix}_${short}_values`;
      const next = `${prefix}_${short}_next`;
      out.push(
        `/* What ${name}() returns in this test, in call order. */`,
        `static const ${type} ${array}[${Math.max(1, vs.length)}] = { ${vs.length ? vs.map((v) => v.literal).join(', ') : '0'} };`,
        `static unsigned ${next};`,
        rename(head),
        '{',
        ...body.filter((l) => /^\s*\(void\)/.test(l)).map(rename),
        `    assert(${next} < ${vs.length});`,
        `    return (${returns[1]})${array}[${next}++];`,
        '}',
      );
    } else {
      const converted = body.map((l) =>
        rename(
          l
            .replace(/creach_stop\(CREACH_STOP_ASSUME, 0, "[^"]*"\);/, 'assert(!"an assumption of the datum does not hold");')
            .replace(/creach_stop\(CREACH_STOP_ASSERT, 0, "[^"]*"\);/, `assert(!"${name} fails");`)
            .replace(/creach_stop\(CREACH_STOP_ERROR, 0, "[^"]*"\);/, `assert(!"${name} is called");`),
        ),
      );
      out.push(rename(head), '{', ...converted, '}');
    }
    i = end + 1;
  }
  return out;
}

/**
 * The datum as a C test function. Throws when the harness could not build the
 * datum (the message says why).
 */
export function testFunction(input: TestFunctionInput): string {
  const { harness, functionName, test } = input;
  const bodyName = harness.match(/^static void (creach_body_\w+)\(void\)$/m)?.[1];
  const id = bodyName?.replace(/^creach_body_/, '');
  const body = bodyName && functionBody(harness, bodyName);
  if (!id || !body) throw new Error('the harness has no test body for this datum');
  const cannot = body.map((l) => /creach_cannot_build\((".*")\);/.exec(l)).find((m) => m);
  if (cannot) throw new Error(`this datum cannot be written in C: ${JSON.parse(cannot[1]) as string}`);
  const name = `test_${functionName}_${test.id}`.replace(/[^A-Za-z0-9_]/g, '_');

  // Readable names: `creach_<id>_x_1` -> `x` (with its number only when two would clash).
  const declared = [...new Set([...body.join('\n').matchAll(new RegExp(`\\bcreach_${id}_(\\w+?)_(\\d+)\\b`, 'g'))].map((m) => m[0]))];
  const baseOf = (full: string) => new RegExp(`^creach_${id}_(\\w+?)_(\\d+)$`).exec(full)![1];
  const counts = new Map<string, number>();
  for (const d of declared) counts.set(baseOf(d), (counts.get(baseOf(d)) ?? 0) + 1);
  const renames = new Map<string, string>(declared.map((d) => [d, counts.get(baseOf(d))! > 1 ? d.replace(`creach_${id}_`, '') : baseOf(d)]));
  renames.set('creach_result', 'result');
  renames.set('creach_main_argv', 'argv');
  // The harness renames the program's main; so does a test file that includes the program.
  const programMain = `${input.fileName.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_]/g, '_')}_main`;
  renames.set('creach_user_main', programMain);
  const rename = (l: string) => l.replace(/\bcreach_\w+\b/g, (w) => renames.get(w) ?? w);
  const lines = body.flatMap(asAssert).map(rename);

  const violated = input.goals.filter((g) => test.goals.includes(g.id) && g.status === 'violated');
  const reached = input.goals.filter((g) => test.goals.includes(g.id) && g.kind === 'statement');
  const safe = (t: string) => t.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *');
  const what = [
    `CReach: a test of ${functionName}() in ${input.fileName}, datum ${formatInputs(test)}.`,
    ...(reached.length ? [`It runs ${reached.map((g) => `line ${g.line}`).join(', ')}.`] : []),
    ...(test.result !== undefined ? [`Expected result: ${formatValue(test.result)}.`] : []),
    ...(test.end ? [`The run ends the process with ${formatEnd(test)}: run this test in a process of its own (a death test).`] : []),
    ...violated.map((g) => `This datum makes ${g.label.replace(/`/g, '')} (line ${g.line}) fail: the call does not return normally.`),
    ...(formatValidation(test) ? [`${formatValidation(test)}${test.validation ? `: ${test.validation}` : ''}.`] : []),
    ...(lines.some((l) => l.includes(`${programMain}(`))
      ? [`It calls the program's main as ${programMain}(): include the program with #define main ${programMain}, #include "${input.fileName}", #undef main.`]
      : []),
    `Needs <assert.h>${lines.some((l) => /isnan|signbit/.test(l)) ? ' and <math.h>' : ''}, and ${functionName === 'main' ? programMain : functionName}() from ${input.fileName}.`,
  ].map((l, i, all) => `${i === 0 ? '/* ' : ' * '}${safe(l)}${i === all.length - 1 ? ' */' : ''}`);
  const stubLines = test.nondet.length > 0 ? stubs(harness, id, name) : [];
  const stubNote = stubLines.length
    ? ['/* Stubs for the values this datum gives nondet and external calls (a test file defines each of these functions once). */', ...stubLines, '']
    : [];
  return [...stubNote, ...what, `void ${name}(void)`, '{', ...lines, '}', ''].join('\n');
}
