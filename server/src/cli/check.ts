// creach check FILE [--function F] [--json]: assertions, ensures clauses and possible runtime errors.

import { commonOptionsHelp, parseCommandLine } from './options';
import { printReport, solverEngineOptions, solverOptionSpecs, solverOptionsHelp, withEngine } from './run-engine';

const usage = `usage: creach check FILE [options]
Checks assertions, ACSL ensures clauses, error calls and possible runtime errors: a counter-example or a proof for each.
Exit code 1 when a violation is found.
${solverOptionsHelp}
${commonOptionsHelp}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, solverOptionSpecs, usage);
  if (!cl) return 0;
  const { values } = cl;
  const engine = solverEngineOptions(cl.engine, values);
  const report = await withEngine(engine, (e) => e.check({ file: cl.file, function: values.function as string | undefined }));
  printReport(report, Boolean(values.json));
  return report.functions.some((f) => f.goals.some((g) => g.status === 'violated')) ? 1 : 0;
}
