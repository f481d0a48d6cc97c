// creach check FILE [--function F] [--json]: assertions, ensures clauses and possible runtime errors.

import { engineOptionsHelp, parseCommandLine } from './options';
import { printReport, reportOptionSpecs, withEngine } from './run-engine';

const usage = `usage: creach check FILE [options]
Checks assertions, ACSL ensures clauses, error calls and possible runtime errors: a counter-example or a proof for each,
in the function and in everything it calls (in its context). A file with main is checked as a program: main's verdicts
are the program's; every other function is also checked alone (with free parameters), and says what the same property
is from main. Exit code 1 when a violation is found (for a program: a violation from main).
  --function F, -f F        only the function F
  --json                    the report as JSON
${engineOptionsHelp(['solver', 'common'])}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, ['common', 'solver'], reportOptionSpecs, usage);
  if (!cl) return 0;
  const { values } = cl;
  const report = await withEngine(cl.file, cl.engine, (e, source) => e.check({ ...source, function: values.function as string | undefined }));
  printReport(report, Boolean(values.json));
  // A program's verdict is its entry point's (with everything it calls); functions checked alone are unit views.
  const program = report.functions.filter((f) => f.role === 'program');
  return (program.length ? program : report.functions).some((f) => f.goals.some((g) => g.status === 'violated')) ? 1 : 0;
}
