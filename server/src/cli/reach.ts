// creach reach FILE --line L [--column C] [--outcome true|false] [--function F] [--where 'C expr'] [--all --limit N] [--validate] [--json]
// or --goal ID.

import { engineOptionsHelp, integerOption, parseCommandLine } from './options';
import { printReport, reportOptionSpecs, withEngine } from './run-engine';
import { UsageError } from './errors';

const usage = `usage: creach reach FILE (--line L [--column C] [--outcome true|false] | --goal ID) [--where 'C expression'] [--all [--limit N]] [options]
Finds a test datum that reaches the statement (or, with --outcome, the decision outcome) at line L.
  --line L                  1-based line of the statement or decision
  --column C                1-based column, to choose among several goals on the line
  --outcome true|false      a decision's outcome (or 'case 3', 'default' for switches)
  --goal ID                 the goal by its id (as 'creach cfg' lists them), instead of --line
  --where 'C expression'    extra condition on the variables in scope at the goal
  --all                     enumerate distinct data (up to --limit, default 100)
  --limit N
  --function F, -f F        the function (default: the one around the line)
  --json                    the report as JSON
  --validate                compile and run the data (with gcc's sanitizers when available), each marked validated or not
${engineOptionsHelp(['solver', 'common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(
    args,
    ['common', 'solver'],
    {
      ...reportOptionSpecs,
      line: { type: 'string', short: 'l' },
      column: { type: 'string' },
      outcome: { type: 'string' },
      goal: { type: 'string' },
      where: { type: 'string' },
      all: { type: 'boolean' },
      limit: { type: 'string' },
      validate: { type: 'boolean' },
    },
    usage,
  );
  if (!cl) return 0;
  const { values } = cl;
  if (values.line === undefined && values.goal === undefined) throw new UsageError(`--line or --goal is required\n${usage}`);
  if (values.line !== undefined && values.goal !== undefined) throw new UsageError(`--line and --goal exclude each other\n${usage}`);
  if (cl.rest.length > 0) throw new UsageError(`unexpected argument '${cl.rest[0]}'\n${usage}`);
  const report = await withEngine(cl.file, { ...cl.engine, validate: Boolean(values.validate) }, (e, source) =>
    e.reach({
      ...source,
      ...(values.goal !== undefined ? { goal: String(values.goal) } : { line: integerOption(values, 'line', 0, 1) }),
      column: values.column === undefined ? undefined : integerOption(values, 'column', 1, 1),
      outcome: values.outcome as string | undefined,
      function: values.function as string | undefined,
      where: values.where as string | undefined,
      all: Boolean(values.all),
      limit: integerOption(values, 'limit', 100, 1),
    }),
  );
  printReport(report, Boolean(values.json));
  return 0;
}
