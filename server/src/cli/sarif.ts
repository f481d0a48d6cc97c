// `creach check FILE --format sarif`: the report as a SARIF 2.1.0 log, for
// code-scanning tools (GitHub code scanning, the SARIF viewer extension).
//
// - A violated property (assertion, ensures clause, error call, runtime error)
//   is a result: level `error` when the program (or a file without `main`)
//   can violate it, `warning` for a function checked alone with free
//   parameters (a caller may never pass such values; the message says what
//   the same property is from `main`). The message gives the counter-example;
//   its code flow is the datum's path: the function's entry with the inputs,
//   the values the trace records line by line, the failing line.
// - An unknown or bounded verdict is a result of level `note` with its cause:
//   nothing was proved there, and a reader should see it.
// - A proof is a notification of the invocation (`toolExecutionNotifications`,
//   descriptor `proof`, `associatedRule` the property's rule), not a
//   suppressed result: a suppression says a problem was found and then
//   waived, and viewers and code scanning count suppressed results as
//   (dismissed) alerts; a proof is the absence of any problem, a fact the run
//   established, which is what an execution notification carries.
// - Front-end messages (unsupported constructs, warnings) are notifications too.

import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';
import { causesText } from '../../../shared/verdicts';
import { formatInputs, formatValue } from './report';

// The parts of SARIF 2.1.0 written here (the schema: test/cli/sarif-schema-2.1.0.json).
type Level = 'none' | 'note' | 'warning' | 'error';
interface Message {
  text: string;
}
interface Region {
  startLine: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}
interface Location {
  physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string; index?: number }; region?: Region };
  logicalLocations?: { name: string; kind: string }[];
  message?: Message;
}
interface ThreadFlowLocation {
  location: Location;
  state?: Record<string, Message>;
  importance?: 'important' | 'essential' | 'unimportant';
}
interface Result {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: Message;
  locations: Location[];
  relatedLocations?: (Location & { id: number })[];
  codeFlows?: { message: Message; threadFlows: { locations: ThreadFlowLocation[] }[] }[];
  properties: Record<string, unknown>;
}
interface Notification {
  descriptor: { id: string; index: number };
  associatedRule?: { id: string; index: number };
  level: Level;
  message: Message;
  locations?: Location[];
}
interface Rule {
  id: string;
  name: string;
  shortDescription: Message;
  fullDescription: Message;
  defaultConfiguration: { level: Level };
  properties: { tags: string[] };
}
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: string; version?: string; informationUri?: string; rules: Rule[]; notifications: Rule[] } };
    originalUriBaseIds?: Record<string, { uri: string }>;
    artifacts: { location: { uri: string; uriBaseId?: string } }[];
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: Notification[] }[];
    results: Result[];
  }[];
}

/** The properties CReach checks, one rule each: the goal's tag (`assert`, `ensures`, `error`) or runtime error kind. */
const RULES: Record<string, { name: string; short: string; full: string }> = {
  assert: { name: 'AssertionViolated', short: 'An assertion can fail', full: 'Some execution makes the assert() condition false.' },
  ensures: { name: 'EnsuresViolated', short: 'An ACSL ensures clause can fail', full: 'Some execution returns with the ensures clause false.' },
  error: {
    name: 'ErrorCallReached',
    short: 'An error function is reached',
    full: 'Some execution calls the error function (reach_error, __VERIFIER_error, abort).',
  },
  overflow: { name: 'SignedOverflow', short: 'Signed integer overflow', full: 'A signed arithmetic result does not fit its type (undefined behaviour).' },
  'div-by-zero': { name: 'DivisionByZero', short: 'Division by zero', full: '`/` or `%` by zero (undefined behaviour).' },
  'div-overflow': { name: 'DivisionOverflow', short: 'Division overflow', full: 'The minimum value divided by -1 (undefined behaviour).' },
  shift: {
    name: 'InvalidShift',
    short: 'Invalid shift',
    full: 'A shift by a negative or too large count, or a left shift of a negative value (undefined behaviour).',
  },
  bounds: { name: 'OutOfBounds', short: 'Out-of-bounds access', full: 'An access outside the object (array index out of bounds, or a freed object).' },
  null: { name: 'NullDereference', short: 'Null or invalid pointer dereference', full: 'A dereference of a null or invalid pointer.' },
  'float-to-int': {
    name: 'FloatToIntOutOfRange',
    short: 'Floating value out of the integer range',
    full: 'A conversion of a floating value (or NaN) that the integer type cannot hold (undefined behaviour).',
  },
  free: { name: 'InvalidFree', short: 'Invalid free', full: 'free() of a pointer that is not a live heap object (double free, or not from malloc).' },
  uninit: {
    name: 'UninitialisedRead',
    short: 'Read of an uninitialised variable',
    full: 'A local variable whose address is never taken is read before any assignment (undefined behaviour).',
  },
  'vla-size': {
    name: 'VlaSizeNotPositive',
    short: 'Variable-length array of a size not greater than 0',
    full: 'A variable-length array declared with a size that is zero or negative (undefined behaviour, C11 6.7.6.2p5).',
  },
};

const PROOF_DESCRIPTOR: Rule = {
  id: 'proof',
  name: 'PropertyProved',
  shortDescription: { text: 'A property holds for every execution' },
  fullDescription: { text: 'CReach proved the property (assertion, ensures clause, error call, runtime error) for every execution, with the reasons.' },
  defaultConfiguration: { level: 'note' },
  properties: { tags: ['proof'] },
};
const NOT_ANALYSED_DESCRIPTOR: Rule = {
  id: 'not-analysed',
  name: 'FileNotAnalysed',
  shortDescription: { text: 'A file of the project was not analysed' },
  fullDescription: { text: 'A file of the compilation database could not be analysed (an error: it is missing or cannot be parsed), or is not C.' },
  defaultConfiguration: { level: 'error' },
  properties: { tags: ['project'] },
};
const FRONTEND_DESCRIPTOR: Rule = {
  id: 'front-end',
  name: 'FrontEndMessage',
  shortDescription: { text: 'A message of the C front end' },
  fullDescription: { text: 'A warning or an unsupported construct met while reading the C file.' },
  defaultConfiguration: { level: 'warning' },
  properties: { tags: ['front-end'] },
};

/** The rule of a property goal: its runtime error kind, or the tag of its id (`f:20:assert`, `main:3>g:7:error@5`). */
function ruleKey(g: GoalReport): string | undefined {
  if (g.kind === 'runtime-error') return g.outcome && g.outcome in RULES ? g.outcome : undefined;
  if (g.kind !== 'assertion') return undefined;
  const tag = (g.id.split('>').pop() ?? '').split(':')[2]?.replace(/[@.].*$/, '');
  return tag && tag in RULES ? tag : undefined;
}

/** What a violation does, as a sentence's start: "`assert(x > 0)` fails", "`x * y` overflows", "`reach_error()` is reached". */
function violatedText(g: GoalReport, key: string): string {
  if (key === 'assert' || key === 'ensures') return `${g.label} fails`;
  if (key === 'error') return g.label;
  // Runtime errors: "`e` may overflow" becomes "`e` overflows".
  return g.label.replace(/ may (\w+)/, (_, verb: string) => ` ${verb}${/(s|x|sh|ch)$/.test(verb) ? 'es' : 's'}`);
}

/** What a proof says: "`assert(x > 0)` holds for every execution", "`x * y` never overflows", "`reach_error()` is never reached". */
function provedText(g: GoalReport, key: string): string {
  if (key === 'assert' || key === 'ensures') return `${g.label} holds for every execution`;
  if (key === 'error') return g.label.replace(/ is reached$/, ' is never reached');
  return g.label.replace(/ may (\w+)/, (_, verb: string) => ` never ${verb}${/(s|x|sh|ch)$/.test(verb) ? 'es' : 's'}`);
}

export interface SarifOptions {
  /** CReach's version (driver.version), when known. */
  toolVersion?: string;
  /** The directory relative file names are relative to (default: the process's). */
  cwd?: string;
}

/** The log of one file's report. */
export function sarifLog(report: Report, opts: SarifOptions = {}): SarifLog {
  return sarifLogOf([{ file: report.file, report }], opts);
}

/** A file of a whole-project run: its report, or why it has none (an error, or a file that is not C). */
export interface SarifFile {
  file: string;
  report?: Report;
  error?: string;
  skipped?: string;
}

/** One run over several files (a whole project): one artifact per file, every file's results and notifications. */
export function sarifLogOf(files: SarifFile[], opts: SarifOptions = {}): SarifLog {
  const cwd = opts.cwd ?? process.cwd();
  // A relative path stays relative (code scanning resolves it against the checkout), based at SRCROOT.
  const artifacts = files.map((x) =>
    path.isAbsolute(x.file) ? { uri: pathToFileURL(x.file).href } : { uri: x.file.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: 'SRCROOT' },
  );
  const relative = artifacts.some((a) => a.uriBaseId);
  const keys = Object.keys(RULES);
  const rules: Rule[] = keys.map((id) => ({
    id,
    name: RULES[id].name,
    shortDescription: { text: RULES[id].short },
    fullDescription: { text: RULES[id].full },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['correctness', id === 'assert' || id === 'ensures' || id === 'error' ? 'property' : 'undefined-behavior'] },
  }));
  const results: Result[] = [];
  const notifications: Notification[] = [];

  files.forEach((x, index) => {
    const artifact = artifacts[index];
    const at = (line: number, column?: number, endLine?: number, endColumn?: number, fn?: string, message?: string): Location => ({
      physicalLocation: {
        artifactLocation: { ...artifact, index },
        region: {
          startLine: Math.max(1, line),
          ...(column ? { startColumn: column } : {}),
          ...(endLine ? { endLine } : {}),
          ...(endColumn ? { endColumn } : {}),
        },
      },
      ...(fn ? { logicalLocations: [{ name: fn, kind: 'function' }] } : {}),
      ...(message ? { message: { text: message } } : {}),
    });
    if (x.error !== undefined || x.skipped !== undefined)
      notifications.push({
        descriptor: { id: NOT_ANALYSED_DESCRIPTOR.id, index: 2 },
        level: x.error !== undefined ? 'error' : 'note',
        message: { text: `${x.file}: not analysed: ${x.error ?? x.skipped}` },
        locations: [{ physicalLocation: { artifactLocation: { ...artifact, index } } }],
      });
    const report = x.report;
    if (!report) return;
    for (const d of report.diagnostics ?? [])
      notifications.push({
        descriptor: { id: FRONTEND_DESCRIPTOR.id, index: 1 },
        level: d.severity === 'info' ? 'note' : d.severity,
        message: { text: d.message },
        locations: [at(d.line, d.column)],
      });

    for (const f of report.functions) {
      for (const g of f.goals) {
        const key = ruleKey(g);
        if (!key) continue;
        const rule = { id: key, index: keys.indexOf(key) };
        const fn = g.context?.function ?? f.name;
        const where = at(g.line, g.column, g.endLine, g.endColumn, fn);
        const inContext = g.context ? ` (in ${g.context.function}, called at ${g.context.calls.map((c) => `${c.function}:${c.line}`).join(' → ')})` : '';
        const because = causesText(g.causes);
        const properties = { goal: g.id, function: f.name, status: g.status, ...(f.role ? { role: f.role } : {}) };
        switch (g.status) {
          case 'violated': {
            const t = f.tests.find((x) => x.id === g.test);
            const datum = t ? `for ${formatInputs(t)}` : '(no datum in the report)';
            // A unit's violation: the in-program cause says what the same property is from main.
            const alone = f.role === 'unit' && !g.causes?.some((c) => c.kind === 'in-program') ? ` (${f.name} called alone, with free parameters)` : '';
            const text = `${violatedText(g, key)}${inContext}${alone} ${datum}${t?.validated === true ? ' (confirmed by running the compiled code)' : ''}${because ? `: ${because}` : ''}.`;
            results.push({
              ruleId: key,
              ruleIndex: rule.index,
              level: f.role === 'unit' ? 'warning' : 'error',
              message: { text },
              locations: [where],
              ...(g.context
                ? {
                    relatedLocations: g.context.calls.map((c, k) => ({
                      id: k + 1,
                      ...at(c.line, c.column, undefined, undefined, c.function, `call of ${c.callee}`),
                    })),
                  }
                : {}),
              ...(t ? { codeFlows: [codeFlow(f, g, t, at)] } : {}),
              properties: { ...properties, ...(t ? { test: t.id } : {}) },
            });
            break;
          }
          case 'unknown':
          case 'not-reached': {
            const what =
              g.status === 'unknown'
                ? 'unknown: neither a counter-example nor a proof'
                : `no violation within ${g.bound ?? 'the'} loop iterations (bounded: not a proof)`;
            results.push({
              ruleId: key,
              ruleIndex: rule.index,
              level: 'note',
              message: { text: `${g.label}${inContext}: ${what}${because ? `: ${because}` : ''}.` },
              locations: [where],
              properties,
            });
            break;
          }
          case 'holds':
          case 'unreachable': {
            const how = g.proof === 'bounded' && g.bound ? `, every loop fully unrolled within ${g.bound} iterations` : '';
            const fact = g.status === 'holds' ? '' : ' (it cannot be reached)';
            const why = g.why?.length ? `; because of ${g.why.map((r) => `line ${r.line}: ${r.role}`).join(', ')}` : '';
            notifications.push({
              descriptor: { id: PROOF_DESCRIPTOR.id, index: 0 },
              associatedRule: rule,
              level: 'note',
              message: { text: `${provedText(g, key)}${inContext}${fact}: proved${how}${because ? `, ${because}` : ''}${why}.` },
              locations: [where],
            });
            break;
          }
          default:
            break;
        }
      }
    }
  });

  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'CReach',
            ...(opts.toolVersion ? { version: opts.toolVersion } : {}),
            rules,
            notifications: [PROOF_DESCRIPTOR, FRONTEND_DESCRIPTOR, NOT_ANALYSED_DESCRIPTOR],
          },
        },
        ...(relative ? { originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(cwd + path.sep).href } } } : {}),
        artifacts: artifacts.map((location) => ({ location })),
        invocations: [{ executionSuccessful: files.every((x) => x.error === undefined), toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
}

/**
 * The counter-example's path: the function's entry with the datum's inputs (and the nondet
 * values), each line the trace records with the values assigned there, then the failing line.
 */
function codeFlow(
  f: FunctionReport,
  g: GoalReport,
  t: TestReport,
  at: (line: number, column?: number, endLine?: number, endColumn?: number, fn?: string, message?: string) => Location,
): NonNullable<Result['codeFlows']>[number] {
  const state = (entries: [string, string][]): Record<string, Message> => Object.fromEntries(entries.map(([k, v]) => [k, { text: v }]));
  const inputs: [string, string][] = [...Object.entries(t.inputs), ...Object.entries(t.globals)].map(([k, v]) => [k, formatValue(v)]);
  const locations: ThreadFlowLocation[] = [
    {
      location: at(f.line, undefined, undefined, undefined, f.name, `${f.name} called with ${formatInputs(t)}`),
      ...(inputs.length ? { state: state(inputs) } : {}),
      importance: 'important',
    },
  ];
  // Consecutive trace entries on one line are one step.
  for (const e of t.trace ?? []) {
    const last = locations[locations.length - 1];
    const text = `${e.variable} = ${formatValue(e.value)}`;
    if (locations.length > 1 && last.location.physicalLocation.region?.startLine === e.line) {
      last.state![e.variable] = { text: formatValue(e.value) };
      last.location.message!.text += `, ${text}`;
    } else locations.push({ location: at(e.line, e.column, undefined, undefined, undefined, text), state: state([[e.variable, formatValue(e.value)]]) });
  }
  locations.push({
    location: at(g.line, g.column, g.endLine, g.endColumn, g.context?.function ?? f.name, `${g.label}: violated here`),
    importance: 'essential',
  });
  return { message: { text: `counter-example ${t.id}: ${formatInputs(t)}` }, threadFlows: [{ locations }] };
}
