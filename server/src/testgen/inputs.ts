// The functions whose results are inputs of a datum (DESIGN.md "Inputs":
// every `__VERIFIER_nondet_<type>()` call and every call of an external
// function without a body), plus the verification functions a harness must
// define when the source only declares them (`reach_error`,
// `__VERIFIER_error`, `__VERIFIER_assume`, `__VERIFIER_assert`).

import type { Program } from '../ir/ir';
import type { CType, FunctionType } from '../ir/types';
import { INT, VOID } from '../ir/types';
import { LIBC } from '../ir/libc';
import type { Report } from '../../../shared/report';

export interface InputFunction {
  name: string;
  type: FunctionType;
  /** The source defines it: no stub. */
  defined: boolean;
  /** input: returns the next value of the datum; error: reaching it is a violation; assume: stops the test when false; assert: fails the test when false. */
  role: 'input' | 'error' | 'assume' | 'assert';
}

// Functions of the C library are never replaced by stubs (the program links them from libc).
const LIBRARY = LIBC;

const fn = (ret: CType, params: CType[]): FunctionType => ({ kind: 'function', ret, params, variadic: false, prototyped: true });

const VERIFIER: { name: string; role: InputFunction['role']; type: FunctionType }[] = [
  { name: 'reach_error', role: 'error', type: fn(VOID, []) },
  { name: '__VERIFIER_error', role: 'error', type: fn(VOID, []) },
  { name: '__VERIFIER_assume', role: 'assume', type: fn(VOID, [INT]) },
  { name: '__VERIFIER_assert', role: 'assert', type: fn(VOID, [INT]) },
];

export function inputFunctions(program: Program, report?: Report): InputFunction[] {
  const defined = new Set(program.functions.map((f) => f.name));
  const found = new Map<string, InputFunction>();
  const add = (name: string, type: FunctionType, role: InputFunction['role']) => {
    if (!found.has(name)) found.set(name, { name, type, defined: defined.has(name), role });
  };
  for (const f of program.functions) {
    for (const b of f.blocks) {
      for (const instr of b.instrs) {
        if (instr.kind !== 'assign') continue;
        const rv = instr.value;
        if (rv.op === 'nondet') add(rv.name, fn(rv.type, []), 'input');
        else if (rv.op === 'call' && rv.external && !LIBRARY.has(rv.callee) && !VERIFIER.some((v) => v.name === rv.callee)) {
          const declared = program.externals.get(rv.callee);
          add(
            rv.callee,
            declared?.kind === 'function'
              ? declared
              : fn(
                  rv.type,
                  rv.args.map((a) => a.type),
                ),
            'input',
          );
        }
      }
    }
  }
  // Calls a report lists that the IR shows otherwise (an external the front end knows by its declaration only).
  for (const r of report?.functions ?? []) {
    for (const t of r.tests) {
      for (const n of t.nondet) {
        const declared = program.externals.get(n.call);
        if (!found.has(n.call) && !LIBRARY.has(n.call) && declared?.kind === 'function') add(n.call, declared, 'input');
      }
    }
  }
  for (const v of VERIFIER) {
    const mentioned = program.externals.has(v.name) || new RegExp(`\\b${v.name}\\s*\\(`).test(program.source);
    if (!mentioned) continue;
    const declared = program.externals.get(v.name);
    add(v.name, declared?.kind === 'function' && declared.params.length === v.type.params.length ? declared : v.type, v.role);
  }
  return [...found.values()];
}
