// The Test-Comp exchange format (test-format 1.1, as read by TestCov):
// metadata.xml plus one testcase XML per datum, each listing the values of
// the `__VERIFIER_nondet_*` calls in call order. Test-Comp programs are whole
// programs entered at `main` whose only inputs are nondet calls.

import { createHash } from 'node:crypto';
import type { Program } from '../ir/ir';
import type { DataValue, FunctionReport, Report, TestReport } from '../../../shared/report';

export const METADATA_DOCTYPE =
  '<!DOCTYPE test-metadata PUBLIC "+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN" "https://sosy-lab.org/test-format/test-metadata-1.1.dtd">';
export const TESTCASE_DOCTYPE =
  '<!DOCTYPE testcase PUBLIC "+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN" "https://sosy-lab.org/test-format/testcase-1.1.dtd">';
export const SPEC_COVER_BRANCHES = 'CHECK( init(main()), FQL(cover EDGES(@DECISIONEDGE)) )';
export const SPEC_ERROR = 'CHECK( init(main()), LTL(G ! call(reach_error())) )';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';

/** A report that cannot be written in Test-Comp form (the message says why). */
export class TestCompError extends Error {}

export interface TestCompFile {
  /** File name inside the suite directory. */
  name: string;
  text: string;
}

export interface TestCompOptions {
  /** Which Test-Comp property the suite is for; default: error when the program has an error call, else branch coverage. */
  specification?: 'coverage' | 'error';
  /** `programfile` as written in metadata.xml (default: the report's file). */
  programFile?: string;
  /** Fixed creation time (tests); default now. */
  creationTime?: Date;
}

export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A nondet value as Test-Comp input text: decimal integers, shortest round-trip decimals for floats. */
export function inputText(v: DataValue, what: string): string {
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0.0' : String(v);
  if (typeof v === 'string' && /^(-?\d+(\.\d*)?([eE][-+]?\d+)?|nan|inf|-inf|-0)$/.test(v)) return v === '-0' ? '-0.0' : v;
  throw new TestCompError(`${what}: ${JSON.stringify(v)} cannot be written as a Test-Comp input`);
}

/** The report's function `main`, or a clear error (Test-Comp suites run whole programs from main). */
export function mainReport(report: Report): FunctionReport {
  const main = report.functions.find((f) => f.name === 'main');
  if (!main) {
    const names = report.functions.map((f) => f.name).join(', ') || 'none';
    throw new TestCompError(
      `${report.file}: the Test-Comp format needs tests of 'main' (whole programs whose inputs are __VERIFIER_nondet_* calls); this report has tests of: ${names}. Use --function main, or --format c`,
    );
  }
  return main;
}

export function testCompSuite(program: Program, report: Report, opts: TestCompOptions = {}): TestCompFile[] {
  const main = mainReport(report);
  // Test-Comp's error category is for programs with an error call; others are branch coverage.
  const hasErrorCall = program.functions.some((f) => f.name === 'reach_error' || f.blocks.some((b) => b.instrs.some((i) => i.kind === 'error')));
  const spec = opts.specification ?? (hasErrorCall ? 'error' : 'coverage');
  const files: TestCompFile[] = [{ name: 'metadata.xml', text: metadataXml(program, report, spec, opts) }];
  for (const t of main.tests) files.push({ name: `testcase-${t.id.replace(/[^A-Za-z0-9_.-]/g, '_')}.xml`, text: testcaseXml(t) });
  return files;
}

function metadataXml(program: Program, report: Report, spec: 'coverage' | 'error', opts: TestCompOptions): string {
  const hash = createHash('sha256').update(program.source, 'utf8').digest('hex');
  const fields: [string, string][] = [
    ['sourcecodelang', 'C'],
    ['producer', 'CReach'],
    ['specification', spec === 'error' ? SPEC_ERROR : SPEC_COVER_BRANCHES],
    ['programfile', opts.programFile ?? report.file],
    ['programhash', hash],
    ['entryfunction', 'main'],
    ['architecture', program.dataModel === 'ILP32' ? '32bit' : '64bit'],
    ['creationtime', (opts.creationTime ?? new Date()).toISOString()],
  ];
  return [XML_HEAD, METADATA_DOCTYPE, '<test-metadata>', ...fields.map(([k, v]) => `  <${k}>${xmlEscape(v)}</${k}>`), '</test-metadata>', ''].join('\n');
}

function testcaseXml(t: TestReport): string {
  const inputs = t.nondet.map((n, i) => `  <input>${xmlEscape(inputText(n.value, `test ${t.id}, input ${i + 1} (${n.call})`))}</input>`);
  return [
    XML_HEAD,
    TESTCASE_DOCTYPE,
    `<!-- CReach test ${xmlEscape(t.id)}: goals ${xmlEscape(t.goals.join(', ')).replace(/--/g, '- -')} -->`,
    '<testcase>',
    ...inputs,
    '</testcase>',
    '',
  ].join('\n');
}

// Reading suites (ours or another tool's): a small parser for the two
// documents of the format. Comments and CDATA are handled; entities are the
// five predefined ones and numeric references.

function xmlUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e] as string;
  });
}

function stripComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

function elementText(inner: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  return cdata ? cdata[1] : xmlUnescape(inner).trim();
}

export interface ParsedTestcase {
  doctype: string | null;
  inputs: string[];
}

export function parseTestcase(xml: string): ParsedTestcase {
  const doctype = /<!DOCTYPE\s+([^>]*)>/.exec(xml)?.[1] ?? null;
  const body = stripComments(xml);
  if (!/<testcase(\s[^>]*)?>[\s\S]*<\/testcase>|<testcase(\s[^>]*)?\/>/.test(body)) throw new TestCompError('not a Test-Comp testcase: no <testcase> element');
  const inputs: string[] = [];
  for (const m of body.matchAll(/<input(\s[^>]*)?(?:\/>|>([\s\S]*?)<\/input>)/g)) inputs.push(m[2] === undefined ? '' : elementText(m[2]));
  return { doctype, inputs };
}

export function parseMetadata(xml: string): { doctype: string | null; fields: Record<string, string> } {
  const doctype = /<!DOCTYPE\s+([^>]*)>/.exec(xml)?.[1] ?? null;
  const body = stripComments(xml);
  const root = /<test-metadata(\s[^>]*)?>([\s\S]*)<\/test-metadata>/.exec(body);
  if (!root) throw new TestCompError('not a Test-Comp metadata file: no <test-metadata> element');
  const fields: Record<string, string> = {};
  for (const m of root[2].matchAll(/<([A-Za-z_][\w.-]*)(\s[^>]*)?>([\s\S]*?)<\/\1>/g)) fields[m[1]] = elementText(m[3]);
  return { doctype, fields };
}
