// Uninitialised locals under SV-COMP's convention (any value, `--uninitialised-nondet`): the model gives
// each execution of the declaration of a local some path reads before assigning it a value of the datum
// (`TestReport.indeterminate`, in execution order). For a compiled run to take those values, the harness
// builds a copy of the source whose such declarations read them: `int t;` becomes
// `int t = (int)creach_indeterminate_int("t");` (no newline is added: lines stay those of the source).

import type { Program } from '../ir/ir';
import { indeterminateLocals } from '../ir/uninitialised';
import type { Report, TestReport } from '../../../shared/report';
import { declare } from './cvalues';

/** Whether a datum of the report carries values of uninitialised locals (then the harness sets them). */
export function setsIndeterminate(report: Report): boolean {
  return report.functions.some((f) => f.tests.some((t) => t.indeterminate?.length));
}

/** Whether the harness can give a test its uninitialised values: integers and floating values only. */
export function indeterminateSettable(test: TestReport): boolean {
  return (test.indeterminate ?? []).every((u) => u.type === undefined || !u.type.includes('*'));
}

/** The insertions (at source offsets) that make the declarations read the datum's values. */
export function indeterminateInsertions(program: Program): { at: number; text: string }[] {
  const text = program.source;
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const offset = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
  const locals = indeterminateLocals(program);
  const out: { at: number; text: string }[] = [];
  for (const fn of program.functions)
    for (const b of fn.blocks)
      for (const ins of b.instrs) {
        if (ins.kind !== 'assign' || ins.value.op !== 'indeterminate' || !ins.dst || ins.dst.root.kind !== 'var' || ins.dst.path.length) continue;
        const id = ins.dst.root.id;
        const v = program.vars.get(id);
        if (!v || !locals.has(id)) continue;
        const r = ins.range;
        const start = offset(r.line, r.column);
        const end = offset(r.endLine, r.endColumn);
        // The declarator is the name itself (a scalar local): anything else is left as it is.
        if (text.slice(start, end) !== v.name) continue;
        const getter = v.type.kind === 'float' ? 'creach_indeterminate_double' : 'creach_indeterminate_int';
        out.push({ at: end, text: ` = (${declare(v.type, '')})${getter}(${JSON.stringify(v.name)})` });
      }
  return out.sort((a, b) => a.at - b.at);
}

/** The source with those declarations rewritten. */
export function sourceWithIndeterminate(program: Program): string {
  let out = '';
  let last = 0;
  for (const i of indeterminateInsertions(program)) {
    out += program.source.slice(last, i.at) + i.text;
    last = i.at;
  }
  return out + program.source.slice(last);
}
