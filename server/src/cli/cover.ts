// creach cover FILE [--criterion statement|decision] [--emit-tests DIR [--format c|testcomp|json]] [--validate] [--json]

import { commonOptionsHelp, parseCommandLine } from './options';
import { printReport, solverEngineOptions, solverOptionSpecs, solverOptionsHelp, withEngine } from './run-engine';
import { InputError, UsageError } from './errors';
import { TestCompError } from '../testgen/testcomp';
import { emitAndValidate } from '../testgen/export';
import { loadProgram } from '../frontend/index';

const usage = `usage: creach cover FILE [options]
Generates a test suite for the statement or decision criterion (decision: every outcome of every decision and condition).
${solverOptionsHelp}
  --criterion statement|decision   (default decision)
  --emit-tests DIR          write the suite into DIR
  --format c|testcomp|json  format of the written suite (default c)
  --validate                compile and run the suite, and mark each datum validated or not
${commonOptionsHelp}`;

export async function run(args: string[]): Promise<number> {
  const cl = parseCommandLine(args, { ...solverOptionSpecs, criterion: { type: 'string' }, 'emit-tests': { type: 'string' }, format: { type: 'string' }, validate: { type: 'boolean' } }, usage);
  if (!cl) return 0;
  const { values } = cl;
  const criterion = (values.criterion ?? 'decision') as string;
  if (criterion !== 'statement' && criterion !== 'decision') throw new UsageError(`--criterion must be statement or decision\n${usage}`);
  const format = (values.format ?? 'c') as string;
  if (format !== 'c' && format !== 'testcomp' && format !== 'json') throw new UsageError(`--format must be c, testcomp or json\n${usage}`);
  const engine = solverEngineOptions(cl.engine, values);
  const report = await withEngine(engine, (e) => e.cover({ file: cl.file, function: values.function as string | undefined, criterion }));
  const dir = values['emit-tests'] as string | undefined;
  if (dir || values.validate) {
    const program = await loadProgram({ file: cl.file }, engine);
    let r;
    try {
      r = await emitAndValidate(program, report, { dir, format, validate: Boolean(values.validate), compiler: engine.compiler, timeoutMs: 10_000, includePaths: engine.includePaths, defines: engine.defines });
    } catch (e) {
      if (e instanceof TestCompError) throw new InputError(`${cl.file}:1:1: ${e.message}`);
      throw e;
    }
    for (const m of r.messages) process.stderr.write(`${m}\n`);
    for (const b of r.bugs) process.stderr.write(`CREACH BUG: ${b}\n`);
    for (const f of r.files) process.stderr.write(`wrote ${f}\n`);
  }
  printReport(report, Boolean(values.json));
  return 0;
}
