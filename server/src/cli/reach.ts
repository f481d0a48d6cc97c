// creach reach FILE --line L [--column C] [--outcome true|false] [--function F] [--where 'C expr'] [--all --limit N] [--json]

import { commonOptionsHelp, integerOption, parseCommandLine } from './options';
import { printReport, solverEngineOptions, solverOptionSpecs, solverOptionsHelp, withEngine } from './run-engine';
import { UsageError } from './errors';

const usage = `usage: creach reach FILE --line L [--column C] [--outcome true|false] [--where 'C expression'] [--all [--limit N]] [options]
Finds a test datum that reaches the statement (or, with --outcome, the decision outcome) at line L.
${solverOptionsHelp}
  --line L                  1-based line of the statement or decision
  --column C                1-based column, to choose among several goals on the line
  --outcome true|false      a decision's outcome (or 'case 3', 'default' for switches)
  --where 'C expression'    extra condition on the variables in scope at the goal
  --all                     enumerate distinct data (up to --limit, default 100)
  --limit N
${commonOptionsHelp}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, { ...solverOptionSpecs, line: { type: 'string', short: 'l' }, column: { type: 'string' }, outcome: { type: 'string' }, where: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' } }, usage);
  if (!cl) return 0;
  const { values } = cl;
  if (values.line === undefined) throw new UsageError(`--line is required\n${usage}`);
  const line = integerOption(values, 'line', 0);
  const engine = solverEngineOptions(cl.engine, values);
  const report = await withEngine(engine, (e) =>
    e.reach({
      file: cl.file, line,
      column: values.column === undefined ? undefined : integerOption(values, 'column', 1),
      outcome: values.outcome as string | undefined,
      function: values.function as string | undefined,
      where: values.where as string | undefined,
      all: Boolean(values.all),
      limit: integerOption(values, 'limit', 100),
    }),
  );
  printReport(report, Boolean(values.json));
  return 0;
}
