// creach check FILE [--function F] [--validate] [--json | --format text|json|sarif]: assertions, ensures clauses and possible runtime errors.
// creach check --project compile_commands.json [--jobs N] [--shard i/n] [--format text|json|sarif|html] [--output FILE] (project.ts)

import { engineOptionsHelp, parseCommandLine } from './options';
import { checkViolated, printReport, reportOptionSpecs, toolVersion, withEngine } from './run-engine';
import { UsageError } from './errors';
import { sarifLog } from './sarif';
import { readProperty, svcompVerdict } from './property';
import { projectOptionSpecs, projectUsage, runProject } from './project';

const usage = `usage: creach check FILE [options]
       creach check --project compile_commands.json [options]
Checks assertions, ACSL ensures clauses, error calls and possible runtime errors: a counter-example or a proof for each,
in the function and in everything it calls (in its context). A file with main is checked as a program: main's verdicts
are the program's; every other function is also checked alone (with free parameters), and says what the same property
is from main. Exit code 1 when a violation is found (for a program: a violation from main).
  --function F, -f F        only the function F
  --property FILE.prp       an SV-COMP property: unreach-call (the error calls of its entry function; runtime errors
                            are not part of it); the text output ends with the verdict: true, false(unreach-call) or unknown
  --json                    the report as JSON (the same as --format json)
  --format text|json|sarif  the output: text (the default), the report as JSON, or a SARIF 2.1.0 log for code scanning
                            (violations: results of level error, or warning for a function checked alone; unknown and
                            bounded verdicts: results of level note with their cause; proofs: notifications of the run)
  --validate                compile and run the counter-examples (with gcc's sanitizers when available), each marked
                            validated or not
${projectUsage}
${engineOptionsHelp(['solver', 'common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(
    args,
    ['common', 'solver'],
    { ...reportOptionSpecs, format: { type: 'string' }, property: { type: 'string' }, validate: { type: 'boolean' }, ...projectOptionSpecs },
    usage,
    'project',
  );
  if (!cl) return 0;
  const { values } = cl;
  if (values.project !== undefined) return runProject('check', values, cl.engine, usage);
  for (const flag of ['jobs', 'shard', 'output']) if (values[flag] !== undefined) throw new UsageError(`--${flag} is an option of --project\n${usage}`);
  const format = (values.format ?? (values.json ? 'json' : 'text')) as string;
  if (format !== 'text' && format !== 'json' && format !== 'sarif') throw new UsageError(`--format must be text, json or sarif\n${usage}`);
  if (values.json && format !== 'json') throw new UsageError(`--json and --format ${format} contradict each other\n${usage}`);
  const property = values.property === undefined ? undefined : readProperty(String(values.property));
  if (property && property.kind !== 'unreach-call') throw new UsageError(`${property.kind} is a coverage property: use creach cover --property\n${usage}`);
  if (property && values.function !== undefined && values.function !== property.entry)
    throw new UsageError(`--function ${String(values.function)} contradicts the property's entry function ${property.entry}\n${usage}`);
  const fn = property?.entry ?? (values.function as string | undefined);
  // SV-COMP: runtime errors are not the property, and an uninitialised local has any value.
  const options = { ...cl.engine, validate: Boolean(values.validate) };
  const engine = property ? { ...options, runtimeErrors: false, uninitialisedNondet: true } : options;
  // SV-COMP: one violation is the verdict (false); the other error calls keep their first answers.
  const report = await withEngine(cl.file, engine, (e, source) => e.check({ ...source, function: fn, ...(property ? { untilViolated: true } : {}) }));
  if (format === 'sarif') process.stdout.write(`${JSON.stringify(sarifLog(report, { toolVersion: toolVersion() }), null, 2)}\n`);
  else printReport(report, format === 'json');
  if (property && format === 'text') process.stdout.write(`SV-COMP verdict: ${svcompVerdict(report, property.entry)}\n`);
  return checkViolated(report) ? 1 : 0;
}
