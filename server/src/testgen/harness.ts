// The C test harness: one self-contained C file per source file that
// includes the source (so static functions and globals are reachable, its
// `main` renamed), and runs one test function per datum of the report.
// Nondet and external calls get their values from generated stubs, in the
// order of the datum, each checked against the expected call name.
// Assertion failures (glibc's `__assert_fail`), error calls and failed
// assumptions stop the test through longjmp, so one run can go on with the
// next test. Output: failure messages, then exactly `N passed, N failed`.

import type { Program, IRFunction, Variable } from '../ir/ir';
import type { CType, FloatType, IntType } from '../ir/types';
import { DOUBLE, INT, ULLONG, typeToString } from '../ir/types';
import type { DataValue, FunctionReport, GoalReport, Report, TestReport } from '../../../shared/report';
import { ObjectBuilder, POINTS_INTO, ValueError, declare, describeValue, intLiteral, scalarLiteral, toBigInt, toFloat, floatLiteral } from './cvalues';
import { inputFunctions, type InputFunction } from './inputs';

/** Allocation functions whose failure can be part of a datum (see EngineOptions.mallocMayFail). */
const ALLOCATORS = new Set(['malloc', 'calloc', 'realloc']);

export interface HarnessOptions {
  /** The source file as the harness should #include it (relative to the harness file). */
  sourcePath: string;
  /** Extra text before the #include (probe declarations of the validation build). */
  before?: string;
  /** Extra text at the end (probe definitions of the validation build). */
  after?: string;
}

/** What running a datum must show. */
export type Expectation =
  | { kind: 'returns' }
  /**
   * No expected result for a function that has one: the path may end in an error call or a failed assertion, or
   * run past the loop bound the solver explored. Either end is accepted; the goals are checked by validation.
   */
  | { kind: 'no-result' }
  | { kind: 'assert-fails'; line: number; goal: string }
  | { kind: 'error-call'; line: number; goal: string }
  | { kind: 'runtime-error'; line: number; error: string; goal: string }
  /** The run ends the process with exit(status) (status null: any) or abort(): the test passes when it does. */
  | { kind: 'exits'; line: number; status: number | null }
  | { kind: 'aborts'; line: number };

/** One test of the harness: its C name, the datum, and what it must show. */
export interface HarnessTest {
  /** Name accepted by the harness's argv[1] (the test id, or `function.id` when ids repeat). */
  name: string;
  function: string;
  test: TestReport;
  expect: Expectation;
}

const ERROR_TAG = /:\d+:error(@\d+)?$/;
const ASSERT_TAG = /:\d+:assert(@\d+)?$/;

/** What a datum is expected to show, from the statuses of the goals it was generated for. */
export function expectationOf(test: TestReport, goals: GoalReport[], returnsValue = false): Expectation {
  for (const id of test.goals) {
    const g = goals.find((x) => x.id === id);
    if (!g || g.status !== 'violated') continue;
    if (g.kind === 'runtime-error') return { kind: 'runtime-error', line: g.line, error: g.outcome ?? 'runtime error', goal: g.id };
    if (ERROR_TAG.test(g.id)) return { kind: 'error-call', line: g.line, goal: g.id };
    // SV-COMP's __VERIFIER_assert (declared, not defined) fails in its stub, which does not know the line: any line (0).
    if (ASSERT_TAG.test(g.id)) return { kind: 'assert-fails', line: g.label.startsWith('`__VERIFIER_assert(') ? 0 : g.line, goal: g.id };
  }
  if (test.end?.how === 'exit') return { kind: 'exits', line: test.end.line, status: test.end.status ?? null };
  if (test.end?.how === 'abort') return { kind: 'aborts', line: test.end.line };
  return returnsValue && test.result === undefined ? { kind: 'no-result' } : { kind: 'returns' };
}

/** The tests of a report with their harness names (ids, made unique across functions). */
export function harnessTests(report: Report, program?: Program): HarnessTest[] {
  const returnsValue = (name: string) => {
    const t = program?.functions.find((f) => f.name === name)?.type;
    return t?.kind === 'function' && t.ret.kind !== 'void';
  };
  const count = new Map<string, number>();
  for (const f of report.functions) for (const t of f.tests) count.set(t.id, (count.get(t.id) ?? 0) + 1);
  return report.functions.flatMap((f) =>
    f.tests.map((t) => ({
      name: (count.get(t.id) ?? 0) > 1 ? `${f.name}.${t.id}` : t.id,
      function: f.name,
      test: t,
      expect: expectationOf(t, f.goals, returnsValue(f.name)),
    })),
  );
}

const cString = (s: string): string => JSON.stringify(s).replace(/\?/g, '\\?');
const cIdent = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '_');
const comment = (s: string): string => s.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *');

/** The C library functions the runtime calls by symbol (see RUNTIME). */
const RUNNER_SYMBOLS = ['fork', 'waitpid', 'alarm'];

const EXPECT_C: Record<Expectation['kind'], string> = {
  returns: 'CREACH_RETURNS',
  'no-result': 'CREACH_NO_RESULT',
  'assert-fails': 'CREACH_ASSERT_FAILS',
  'error-call': 'CREACH_ERROR_CALL',
  'runtime-error': 'CREACH_RUNTIME_ERROR',
  exits: 'CREACH_EXITS',
  aborts: 'CREACH_ABORTS',
};

export function emitHarness(program: Program, report: Report, opts: HarnessOptions): string {
  const out: string[] = [];
  out.push(`/* CReach test harness for ${comment(report.file)}.`);
  out.push(` * Build: cc -Wall -Wextra THIS_FILE.c -o tests   Run all: ./tests   Run one: ./tests t1`);
  out.push(` * Each test calls the function with one datum and checks what CReach expects. On POSIX systems each`);
  out.push(` * test runs in a process of its own (exit() or a crash ends only that test); -DCREACH_NO_FORK runs them`);
  out.push(` * all in one process (under a debugger), -DCREACH_TEST_TIMEOUT=S limits each to S seconds (default 10). */`);
  out.push('');
  out.push(...harnessCode(program, report, opts).code);
  out.push(MAIN);
  if (opts.after) out.push(opts.after);
  return out.join('\n') + '\n';
}

/**
 * The C every format of tests shares (the plain harness, CMocka, GoogleTest): the source included
 * with `main` renamed, the runtime, the stubs, one body function and one input table per datum,
 * and the table of tests `creach_tests` (`CREACH_TEST_COUNT` of them). `render` writes a body's
 * checks (by default the harness's, which print mismatches; the frameworks record what they observe);
 * `runtime` is C placed after the runtime, before the stubs and bodies.
 */
export function harnessCode(
  program: Program,
  report: Report,
  opts: HarnessOptions,
  render: (c: Check) => string[] = harnessCheck,
  runtime?: string,
): { code: string[]; tests: HarnessTest[]; checks: Check[][] } {
  const inputs = inputFunctions(program, report);
  const tests = harnessTests(report, program);
  const out: string[] = [];
  out.push(...prototypesBefore(inputs));
  // The source copy that sets uninitialised locals (testgen/indeterminate.ts) calls these before the runtime.
  out.push('static inline unsigned long long creach_indeterminate_int(const char *creach_var);');
  out.push('static inline double creach_indeterminate_double(const char *creach_var);');
  if (opts.before) out.push(opts.before);
  // Allocation failures in the data: the source's malloc/calloc calls go through stubs that fail on demand.
  const failing = new Set(report.functions.flatMap((f) => f.tests.flatMap((t) => t.nondet.map((n) => n.call).filter((c) => ALLOCATORS.has(c)))));
  const allocFailures = failing.size > 0;
  if (allocFailures) {
    out.push('#include <stdlib.h>');
    if (failing.has('malloc')) out.push('static void *creach_malloc(size_t creach_n);', '#define malloc(n) creach_malloc(n)');
    if (failing.has('calloc')) out.push('static void *creach_calloc(size_t creach_n, size_t creach_s);', '#define calloc(n, s) creach_calloc(n, s)');
    if (failing.has('realloc')) out.push('static void *creach_realloc(void *creach_p, size_t creach_n);', '#define realloc(p, n) creach_realloc(p, n)');
  }
  out.push('#define main creach_user_main');
  out.push(`#include ${cString(opts.sourcePath)}`);
  out.push('#undef main');
  if (failing.has('malloc')) out.push('#undef malloc');
  if (failing.has('calloc')) out.push('#undef calloc');
  if (failing.has('realloc')) out.push('#undef realloc');
  out.push('');
  // The runtime reaches fork, waitpid and alarm by their symbols: a program with its own runs the tests in one process.
  const own = [...program.functions.map((f) => f.name), ...program.globals.map((g) => program.vars.get(g)?.name)];
  const clash = RUNNER_SYMBOLS.filter((n) => own.includes(n));
  if (clash.length) out.push(`#define CREACH_NO_FORK /* the program defines ${clash.join(', ')} itself */`);
  // An error function with the program's own body (SV-COMP's `reach_error() { abort(); }`) runs that body: the
  // harness cannot see the call, only the abort it ends in.
  const ownError = inputs.filter((f) => f.role === 'error' && f.defined).map((f) => f.name);
  if (ownError.length) out.push(`#define CREACH_OWN_ERROR_FUNCTION 1 /* ${ownError.join(', ')} */`);
  out.push(RUNTIME);
  if (runtime) out.push(runtime);
  if (failing.has('malloc')) out.push('static void *creach_malloc(size_t creach_n) { return creach_input("malloc")->i ? NULL : malloc(creach_n); }');
  if (failing.has('calloc'))
    out.push('static void *creach_calloc(size_t creach_n, size_t creach_s) { return creach_input("calloc")->i ? NULL : calloc(creach_n, creach_s); }');
  if (failing.has('realloc'))
    out.push('static void *creach_realloc(void *creach_p, size_t creach_n) { return creach_input("realloc")->i ? NULL : realloc(creach_p, creach_n); }');
  out.push(...stubs(inputs, program));
  const tables: string[] = [];
  const checks: Check[][] = [];
  for (const t of tests) {
    const f = program.functions.find((fn) => fn.name === t.function);
    const fr = report.functions.find((x) => x.name === t.function)!;
    out.push(...testBody(program, f, fr, t, inputs, tables, render, checks));
  }
  out.push(...tables);
  out.push('static const struct creach_test creach_tests[] = {');
  for (const t of tests) {
    const id = cIdent(t.name);
    const line = 'line' in t.expect ? t.expect.line : 0;
    const what = t.expect.kind === 'runtime-error' ? t.expect.error : '';
    // The exit status the process shows: the low 8 bits of exit()'s argument (-1: any).
    const status = t.expect.kind === 'exits' && t.expect.status !== null ? ((t.expect.status % 256) + 256) % 256 : -1;
    out.push(
      `    { ${cString(t.name)}, ${cString(t.test.goals.join(', '))}, creach_body_${id}, creach_inputs_${id}, ${t.test.nondet.length}, ${EXPECT_C[t.expect.kind]}, ${line}, ${cString(what)}, ${status}, creach_indeterminate_${id}, ${t.test.indeterminate?.length ?? 0} },`,
    );
  }
  if (tests.length === 0) out.push('    { 0, 0, 0, 0, 0, CREACH_RETURNS, 0, 0, -1, 0, 0 }');
  out.push('};');
  out.push(`#define CREACH_TEST_COUNT ${tests.length}`);
  return { code: out, tests, checks };
}

/** Prototypes of the nondet functions before the source, so calls without a declaration still get the right type. */
function prototypesBefore(inputs: InputFunction[]): string[] {
  const lines: string[] = [];
  for (const f of inputs) {
    if (f.defined || !(f.name.startsWith('__VERIFIER_') || f.role !== 'input')) continue;
    if (f.type.params.some((p) => p.kind === 'struct') || f.type.ret.kind === 'struct') continue;
    lines.push(`${declare(f.type, f.name)};`);
  }
  return lines;
}

/** Stub definitions: each input function returns the next value of the datum. */
function stubs(inputs: InputFunction[], program: Program): string[] {
  const out: string[] = ['/* Stubs: nondet and external functions return the values of the datum, in call order. */'];
  for (const f of inputs) {
    if (f.defined) continue;
    const params = f.type.params.map((p, i) => declare(p, `creach_a${i}`));
    const head = declare({ ...f.type, params: [], prototyped: false }, f.name).replace(
      /\(\)$/,
      `(${params.length ? params.join(', ') + (f.type.variadic ? ', ...' : '') : 'void'})`,
    );
    const unused = f.type.params.map((_, i) => `    (void)creach_a${i};`);
    out.push(`${head}`);
    out.push('{');
    out.push(...unused);
    if (f.role === 'assume') {
      out.push(`    if (!creach_a0) creach_stop(CREACH_STOP_ASSUME, 0, ${cString(f.name)});`);
    } else if (f.role === 'error') {
      out.push(`    creach_stop(CREACH_STOP_ERROR, 0, ${cString(f.name)});`);
    } else if (f.role === 'assert') {
      out.push(`    if (!creach_a0) creach_stop(CREACH_STOP_ASSERT, 0, ${cString(f.name)});`);
    } else if (f.type.ret.kind !== 'void') {
      out.push(`    return ${fromUnion(f.type.ret, `creach_input(${cString(f.name)})`, program)};`);
    }
    out.push('}');
  }
  return out;
}

function unionMember(t: CType): 'i' | 'u' | 'f' | 'd' | 'p' | null {
  if (t.kind === 'int') return t.signed ? 'i' : 'u';
  if (t.kind === 'float') return t.bits === 32 ? 'f' : 'd';
  if (t.kind === 'pointer') return 'p';
  return null;
}

function fromUnion(t: CType, value: string, _program: Program): string {
  const m = unionMember(t);
  if (!m) return `*(${declare(t, '*')})${value}->p`;
  return `(${declare(t, '')})${value}->${m}`;
}

/** What a test's comment says about the end its run must show ('' for a plain return). */
export function expectationComment(e: Expectation): string {
  switch (e.kind) {
    case 'returns':
      return '';
    case 'no-result':
      return 'No expected result in the report: only the inputs, the goals and the end of the run are checked.';
    case 'exits':
      return `Expected to end the process with exit(${e.status ?? ''}) at line ${e.line} (the test runs in a process of its own).`;
    case 'aborts':
      return `Expected to end the process with abort() at line ${e.line} (the test runs in a process of its own).`;
    default:
      return `Expected to show: ${e.kind} at line ${e.line} (${e.goal}).`;
  }
}

/** C for one test: its input table and its body function. Values that cannot be built make a test that fails saying why. */
function testBody(
  program: Program,
  fn: IRFunction | undefined,
  fr: FunctionReport,
  t: HarnessTest,
  inputs: InputFunction[],
  tables: string[],
  render: (c: Check) => string[],
  checksOut: Check[][],
): string[] {
  const id = cIdent(t.name);
  const out: string[] = [];
  const labels = t.test.goals.map((g) => {
    const goal = fr.goals.find((x) => x.id === g);
    return ` *   ${g}${goal ? ': ' + comment(goal.label) : ''}`;
  });
  out.push(`/* ${t.name}: ${t.function}, generated for goals:`, ...labels);
  const expected = expectationComment(t.expect);
  if (expected) out.push(` * ${expected}`);
  out.push(' */');
  try {
    if (!fn) throw new ValueError(`function ${t.function} is not in the program`);
    const body = new ObjectBuilder(`creach_${id}_`);
    const stmts: string[] = [];
    const inputTable = nondetTable(t.test, inputs, body, stmts, `creach_inputs_${id}`);
    const args: Arg[] = [];
    for (const [k, pid] of fn.params.entries()) {
      const v = program.vars.get(pid)!;
      // main's argv: its strings, then NULL.
      if (fn.name === 'main' && k === 1 && Array.isArray(t.test.inputs[v.name])) args.push(argvArg(v, t.test.inputs[v.name] as DataValue[], body));
      else args.push(paramArg(program, v, t.test.inputs, body, args));
    }
    setGlobals(program, t.test.globals, body, stmts);
    const fnType = fn.type.kind === 'function' ? fn.type : null;
    const ret = fnType?.ret ?? { kind: 'void' };
    const callee = fn.name === 'main' ? 'creach_user_main' : fn.name;
    const callArgs =
      fn.name === 'main' && args.length === 2 && !fn.params.some((p) => program.vars.get(p)!.name in t.test.inputs)
        ? ['1', 'creach_main_argv']
        : args.map((a) => a.expr);
    if (fn.name === 'main' && callArgs[1] === 'creach_main_argv') body.decls.push('char *creach_main_argv[] = { (char *)"program", 0 };');
    const call = `${callee}(${callArgs.join(', ')})`;
    const checks: Check[] = [];
    if (t.expect.kind === 'returns') {
      if (t.test.result !== undefined && ret.kind !== 'void') {
        checks.push(...compare('creach_result', ret, t.test.result, 'result', body.objects));
      }
      for (const [name, value] of Object.entries(t.test.outputs ?? {})) {
        // The object behind a pointer parameter `p` is named `p` or `*p`.
        const arg = args.find((a) => a.name === name.replace(/^\*/, ''));
        if (arg?.object) checks.push(...compare(arg.object.expr, arg.object.type, arg.object.asArray ? value : [value], name, body.objects));
        else if (name === 'errno') checks.push(...compare('errno', INT, value, name, body.objects));
        else {
          const g = globalNamed(program, name);
          if (!g) throw new ValueError(`output '${name}' is neither a pointer parameter nor a global`);
          checks.push(...compare(name, g.type, value, name, body.objects));
        }
      }
    }
    tables.push(inputTable, indeterminateTable(t.test, `creach_indeterminate_${id}`));
    out.push(`static void creach_body_${id}(void)`);
    out.push('{');
    for (const d of body.decls) out.push(`    ${d}`);
    for (const f of body.fixups()) out.push(`    ${f}`);
    if (ret.kind !== 'void' && checks.length) out.push(`    ${declare(ret, 'creach_result')};`);
    for (const s of stmts) out.push(`    ${s}`);
    out.push(ret.kind !== 'void' && checks.length ? `    creach_result = ${call};` : `    ${call};`);
    for (const c of checks.flatMap(render)) out.push(`    ${c}`);
    out.push('}');
    checksOut.push(checks);
  } catch (e) {
    if (!(e instanceof ValueError)) throw e;
    checksOut.push([]);
    tables.push(`static struct creach_input creach_inputs_${id}[1];`, `static struct creach_input creach_indeterminate_${id}[1];`);
    out.push(`static void creach_body_${id}(void)`);
    out.push('{');
    out.push(`    creach_cannot_build(${cString(e.message)});`);
    out.push('}');
  }
  out.push('');
  return out;
}

/** main's argv from data (a list of strings, one character a byte): modifiable strings and the NULL-terminated array of them. */
function argvArg(v: Variable, value: DataValue[], body: ObjectBuilder): Arg {
  const names = value.map((s, k) => {
    if (typeof s !== 'string') throw new ValueError(`${v.name}[${k}]: expected a string, got ${JSON.stringify(s)}`);
    const name = body.fresh(`${v.name}${k}`);
    body.decls.push(`char ${name}[] = ${cStringBytes(s)};`);
    return name;
  });
  const arr = body.fresh(v.name);
  body.decls.push(`char *${arr}[] = { ${[...names, '0'].join(', ')} };`);
  return { name: v.name, expr: arr };
}

/** A C string literal of the bytes of `s` (each character a byte, U+0000..U+00FF): printable ASCII as is, the rest as octal escapes. */
export function cStringBytes(s: string): string {
  let out = '"';
  for (const ch of s) {
    const b = ch.charCodeAt(0);
    if (b > 255 || b === 0) throw new ValueError(`a string of bytes cannot hold ${JSON.stringify(ch)}`);
    if (ch === '"' || ch === '\\' || ch === '?') out += `\\${ch}`;
    else if (b >= 32 && b <= 126) out += ch;
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return out + '"';
}

interface Arg {
  name: string;
  expr: string;
  /** For pointer parameters: the array built for the pointee (outputs are read back from it). */
  object?: { expr: string; type: CType; asArray: boolean };
}

function paramArg(program: Program, v: Variable, inputs: Record<string, DataValue>, body: ObjectBuilder, earlier: Arg[] = []): Arg {
  let t = v.type;
  if (t.kind === 'array') t = { kind: 'pointer', to: t.of };
  const value = v.name in inputs ? inputs[v.name] : zeroValue(t);
  const alias = t.kind === 'pointer' && typeof value === 'string' ? POINTS_INTO.exec(value) : null;
  if (alias) {
    const target = earlier.find((a) => a.name === alias[1]);
    if (!target?.object) throw new ValueError(`parameter ${v.name} aliases '${alias[1]}', which is not an earlier pointer parameter with an object`);
    return { name: v.name, expr: `(${target.object.expr} + ${alias[2]})` };
  }
  if (t.kind === 'pointer') {
    const expr = body.pointer(t, value, v.name);
    if (value === null) return { name: v.name, expr };
    const elem = t.to.kind === 'void' ? ({ kind: 'int', bits: 8, signed: false, rank: 'char', name: 'unsigned char' } as IntType) : t.to;
    const asArray = Array.isArray(value) && elem.kind !== 'array';
    const length = asArray ? (value as DataValue[]).length : 1;
    return { name: v.name, expr, object: { expr, type: { kind: 'array', of: elem, length }, asArray } };
  }
  const name = body.fresh(v.name);
  body.decls.push(`${declare(t, name)} = ${body.initializer(t, value, v.name)};`);
  void program;
  return { name: v.name, expr: name };
}

function zeroValue(t: CType): DataValue {
  switch (t.kind) {
    case 'pointer':
      return null;
    case 'array':
      return [];
    case 'struct':
      return {};
    default:
      return 0;
  }
}

function globalNamed(program: Program, name: string): Variable | undefined {
  for (const id of program.globals) {
    const v = program.vars.get(id);
    if (v && v.name === name) return v;
  }
  return undefined;
}

function setGlobals(program: Program, globals: Record<string, DataValue>, body: ObjectBuilder, stmts: string[]): void {
  for (const [name, value] of Object.entries(globals)) {
    if (name === 'errno') {
      // The C library's errno (an input when a function that reads it is analysed alone).
      stmts.push(`errno = ${intLiteral(toBigInt(value, 'errno'), INT)};`);
      continue;
    }
    const g = globalNamed(program, name);
    if (!g) throw new ValueError(`global '${name}' is not in the program`);
    if (name.includes('.')) throw new ValueError(`static local '${name}' cannot be set from outside its function`);
    if (g.isConst) continue; // a constant keeps its initial value
    if (g.type.kind === 'int' || g.type.kind === 'float' || g.type.kind === 'pointer') {
      stmts.push(`${name} = ${body.initializer(g.type, value, name)};`);
    } else {
      const tmp = body.fresh(name);
      body.decls.push(`${declare(g.type, tmp)} = ${body.initializer(g.type, value, name)};`);
      stmts.push(`memcpy(&${name}, &${tmp}, sizeof ${name});`);
    }
  }
}

/**
 * The values of uninitialised locals (SV-COMP's convention), one per execution of their declaration, in
 * order: integers as their bits (`.u`, converted at the declaration as C converts), floating values as doubles.
 */
function indeterminateTable(test: TestReport, tableName: string): string {
  const values = test.indeterminate ?? [];
  if (values.length === 0) return `static struct creach_input ${tableName}[1];`;
  const rows = values.map((u, i) => {
    const what = `uninitialised value ${i + 1} (${u.variable})`;
    const lit =
      u.type === 'float' || u.type === 'double'
        ? `.d = ${floatLiteral(toFloat(u.value, DOUBLE, what), DOUBLE)}`
        : `.u = ${intLiteral(toBigInt(u.value, what), ULLONG)}`;
    return `    { ${cString(u.variable)}, ${u.line}, { ${lit} } },`;
  });
  return `static struct creach_input ${tableName}[] = {\n${rows.join('\n')}\n};`;
}

/** The datum's nondet values as a static table read by the stubs (pointer values are filled in by the body). */
function nondetTable(test: TestReport, inputs: InputFunction[], body: ObjectBuilder, stmts: string[], tableName: string): string {
  if (test.nondet.length === 0) return `static struct creach_input ${tableName}[1];`;
  const rows = test.nondet.map((n, i) => {
    // Whether an allocation fails (1) or succeeds (0).
    if (ALLOCATORS.has(n.call)) return `    { ${cString(n.call)}, ${n.line}, { .i = ${intLiteral(toBigInt(n.value, `input ${i + 1} (${n.call})`), INT)} } },`;
    const f = inputs.find((x) => x.name === n.call);
    if (!f) throw new ValueError(`input ${i + 1} comes from '${n.call}', which the program does not call`);
    const ret = f.type.ret;
    const m = unionMember(ret);
    if (!m) throw new ValueError(`'${n.call}' returns ${typeToString(ret)}: not supported as an input`);
    if (m === 'p') {
      stmts.push(`${tableName}[${i}].v.p = ${body.pointer(ret as Extract<CType, { kind: 'pointer' }>, n.value, `${n.call}_${i}`)};`);
      return `    { ${cString(n.call)}, ${n.line}, { 0 } },`;
    }
    const lit =
      ret.kind === 'int'
        ? intLiteral(toBigInt(n.value, `input ${i + 1} (${n.call})`), ret)
        : floatLiteral(toFloat(n.value, ret as FloatType, `input ${i + 1}`), ret as FloatType);
    return `    { ${cString(n.call)}, ${n.line}, { .${m} = ${lit} } },`;
  });
  return `static struct creach_input ${tableName}[] = {\n${rows.join('\n')}\n};`;
}

/**
 * What a test checks after the call, as data: that `expr` (C, of type `type`) holds the expected
 * value (`literal` in C; `expected` for people), is null, points to `target`, or is a non-null
 * pointer (`pointee`: then its `inner` checks). `label` names the value (`result`, `*a[1]`, `g.x`).
 */
export type Check =
  | { kind: 'int'; expr: string; type: IntType; literal: string; label: string; expected: string }
  | { kind: 'float'; expr: string; type: FloatType; literal: string; label: string; expected: string }
  | { kind: 'null'; expr: string; label: string }
  | { kind: 'address'; expr: string; target: string; label: string; expected: string }
  | { kind: 'non-null'; expr: string; label: string; expected: string }
  | { kind: 'pointee'; expr: string; label: string; inner: Check[] };

/** The harness's C for a check: a mismatch is printed and fails the test. */
export function harnessCheck(c: Check): string[] {
  switch (c.kind) {
    case 'int': {
      const fn = c.type.signed ? 'creach_mismatch_int' : 'creach_mismatch_uint';
      const cast = c.type.signed ? '(long long)' : '(unsigned long long)';
      return [
        `{ ${declare(c.type, 'creach_e')} = ${c.literal}; if (${c.expr} != creach_e) ${fn}(${cString(c.label)}, ${cString(c.expected)}, ${cast}${c.expr}); }`,
      ];
    }
    case 'float':
      return [
        `{ ${declare(c.type, 'creach_e')} = ${c.literal}; if (!creach_same_float(${c.expr}, creach_e)) creach_mismatch_float(${cString(c.label)}, ${cString(c.expected)}, ${c.expr}); }`,
      ];
    case 'null':
      return [`if (${c.expr} != 0) creach_mismatch_text(${cString(c.label)}, "null", "a non-null pointer");`];
    case 'address':
      return [`if (${c.expr} != ${c.target}) creach_mismatch_text(${cString(c.label)}, ${cString(c.expected)}, "another address");`];
    case 'non-null':
      return [`if (${c.expr} == 0) creach_mismatch_text(${cString(c.label)}, ${cString(c.expected)}, "null");`];
    case 'pointee':
      return [
        `if (${c.expr} == 0) creach_mismatch_text(${cString(c.label)}, "a pointer to data", "null"); else {`,
        ...c.inner.flatMap(harnessCheck).map((s) => '    ' + s),
        '}',
      ];
  }
}

/** The checks that `expr` (of type t) holds `value`; `label` names it in messages. */
function compare(expr: string, t: CType, value: DataValue, label: string, objects: Map<string, string> = new Map()): Check[] {
  switch (t.kind) {
    case 'int':
      return [{ kind: 'int', expr, type: t, literal: intLiteral(toBigInt(value, label), t), label, expected: describeValue(value) }];
    case 'float':
      return [{ kind: 'float', expr, type: t, literal: scalarLiteral(t, value, label), label, expected: describeValue(value) }];
    case 'pointer': {
      if (value === null) return [{ kind: 'null', expr, label }];
      const named = typeof value === 'string' ? POINTS_INTO.exec(value) : null;
      // Into a member of an element (`&a[2].f[0]`): another object than the inputs, only that it is not null.
      if (!named && typeof value === 'string' && value.startsWith('&')) return [{ kind: 'non-null', expr, label, expected: value }];
      if (named) {
        // Into an input object: the exact address; into another object (the heap): only that it is not null.
        const target = objects.get(named[1]);
        return target
          ? [{ kind: 'address', expr, target: `${target} + ${named[2]}`, label, expected: value as string }]
          : [{ kind: 'non-null', expr, label, expected: value as string }];
      }
      const items = Array.isArray(value) && t.to.kind !== 'array' ? value : [value];
      return [{ kind: 'pointee', expr, label, inner: items.flatMap((v, i) => compare(`${expr}[${i}]`, t.to, v, `${label}[${i}]`, objects)) }];
    }
    case 'array': {
      if (!Array.isArray(value)) throw new ValueError(`${label}: expected an array, got ${JSON.stringify(value)}`);
      return value.flatMap((v, i) => compare(`${expr}[${i}]`, t.of, v, `${label}[${i}]`, objects));
    }
    case 'struct': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ValueError(`${label}: expected a struct object`);
      return Object.entries(value).flatMap(([name, v]) => {
        const f = t.fields.find((x) => x.name === name);
        if (!f) throw new ValueError(`${label}: no field '${name}'`);
        return compare(`${expr}.${name}`, f.type, v, `${label}.${name}`, objects);
      });
    }
    default:
      throw new ValueError(`${label}: cannot compare values of type ${typeToString(t)}`);
  }
}

// The fixed part of every harness: value table types, the test runner, the
// overrides that turn assertion failures and error calls into test outcomes.
// Helpers are `static inline` so the ones a harness does not use draw no warning.
const RUNTIME = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <math.h>
#include <assert.h>
#include <errno.h>

union creach_value { long long i; unsigned long long u; double d; float f; void *p; };
struct creach_input { const char *call; int line; union creach_value v; };
enum { CREACH_RETURNS, CREACH_NO_RESULT, CREACH_ASSERT_FAILS, CREACH_ERROR_CALL, CREACH_RUNTIME_ERROR, CREACH_EXITS, CREACH_ABORTS };
enum { CREACH_STOP_NONE, CREACH_STOP_RETURNED, CREACH_STOP_ASSERT, CREACH_STOP_ERROR, CREACH_STOP_ASSUME, CREACH_STOP_INPUT };
struct creach_test {
    const char *name;
    const char *goals;
    void (*body)(void);
    struct creach_input *inputs;
    int n_inputs;
    int expect;
    int expect_line;
    const char *expect_what;
    int expect_status; /* CREACH_EXITS: the exit status (0-255), -1 for any */
    struct creach_input *indeterminate; /* values of uninitialised locals, per execution of their declaration */
    int n_indeterminate;
};

static jmp_buf creach_jump;
static const struct creach_test *creach_current;
static int creach_failures;
static int creach_next_input;
static int creach_next_indeterminate;
static int creach_stop_kind;
static unsigned int creach_stop_line;
static const char *creach_stop_text;

static inline void creach_fail_header(void)
{
    ++creach_failures;
    printf("%s (goals %s): ", creach_current->name, creach_current->goals);
}

static inline void creach_mismatch_int(const char *what, const char *expected, long long got)
{
    creach_fail_header();
    printf("expected %s %s, got %lld\n", what, expected, got);
}

static inline void creach_mismatch_uint(const char *what, const char *expected, unsigned long long got)
{
    creach_fail_header();
    printf("expected %s %s, got %llu\n", what, expected, got);
}

static inline void creach_mismatch_float(const char *what, const char *expected, double got)
{
    creach_fail_header();
    printf("expected %s %s, got %.17g (%a)\n", what, expected, got, got);
}

static inline void creach_mismatch_text(const char *what, const char *expected, const char *got)
{
    creach_fail_header();
    printf("expected %s %s, got %s\n", what, expected, got);
}

/* Same value: NaN matches NaN, and -0 differs from +0. */
static inline int creach_same_float(double a, double b)
{
    if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
    return a == b && !signbit(a) == !signbit(b);
}

static inline void creach_stop(int kind, unsigned int line, const char *text)
{
    creach_stop_kind = kind;
    creach_stop_line = line;
    creach_stop_text = text;
    longjmp(creach_jump, 1);
}

static inline void creach_cannot_build(const char *why)
{
    creach_fail_header();
    printf("this datum cannot be built: %s\n", why);
}

/* Any value (0), for one the datum does not give (creach_next_value, creach_indeterminate). */
static union creach_value creach_any_value;

/* The next value of one of the datum's streams (kind names its items, items their plural in messages): it must
 * be the one expected by name. A datum without an expected result runs past the loop bound the solver explored:
 * past its values, any value will do (0). */
static inline union creach_value *creach_next_value(struct creach_input *values, int n, int *next, const char *name, const char *kind, const char *items)
{
    struct creach_input *in;
    if (*next >= n && creach_current->expect == CREACH_NO_RESULT) {
        memset(&creach_any_value, 0, sizeof creach_any_value);
        return &creach_any_value;
    }
    if (*next >= n) {
        creach_fail_header();
        printf("%s %d is %s, but the datum has only %d %s\n", kind, *next + 1, name, n, items);
        creach_stop(CREACH_STOP_INPUT, 0, name);
    }
    in = &values[(*next)++];
    if (strcmp(in->call, name) != 0) {
        creach_fail_header();
        printf("%s %d is %s, expected %s (line %d)\n", kind, *next, name, in->call, in->line);
        creach_stop(CREACH_STOP_INPUT, 0, name);
    }
    return &in->v;
}

/* The next value of the datum's calls; the call must be the one the datum expects. */
static inline union creach_value *creach_input(const char *call)
{
    return creach_next_value(creach_current->inputs, creach_current->n_inputs, &creach_next_input, call, "call", "input values");
}

/* The value of an uninitialised local at its declaration (the source copy calls this); a datum without
 * such values reads none of them before assigning them: any value will do (0). */
static inline union creach_value *creach_indeterminate(const char *var)
{
    if (creach_current->n_indeterminate == 0) {
        memset(&creach_any_value, 0, sizeof creach_any_value);
        return &creach_any_value;
    }
    return creach_next_value(creach_current->indeterminate, creach_current->n_indeterminate, &creach_next_indeterminate, var,
                             "uninitialised local", "values of uninitialised locals");
}
static inline unsigned long long creach_indeterminate_int(const char *creach_var) { return creach_indeterminate(creach_var)->u; }
static inline double creach_indeterminate_double(const char *creach_var) { return creach_indeterminate(creach_var)->d; }

#if defined(__GLIBC__)
/* glibc's assert() calls this: the failure ends the test, not the harness. */
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    (void)file;
    (void)function;
    creach_stop(CREACH_STOP_ASSERT, line, assertion);
    abort();
}
#endif

static inline int creach_run(const struct creach_test *t)
{
    creach_current = t;
    creach_failures = 0;
    creach_next_input = 0;
    creach_next_indeterminate = 0;
    creach_stop_kind = CREACH_STOP_NONE;
    errno = 0; /* as at program start; a datum that reads it sets it */
    if (setjmp(creach_jump) == 0) {
        creach_current->body();
        creach_stop_kind = CREACH_STOP_RETURNED;
    }
    t = creach_current;
    if (creach_stop_kind == CREACH_STOP_INPUT) return 0;
    switch (t->expect) {
    case CREACH_RETURNS:
        if (creach_stop_kind == CREACH_STOP_ASSERT) {
            creach_fail_header();
            printf("assertion %s failed at line %u\n", creach_stop_text, creach_stop_line);
        } else if (creach_stop_kind == CREACH_STOP_ERROR) {
            creach_fail_header();
            printf("the error function %s was called\n", creach_stop_text);
        } else if (creach_stop_kind == CREACH_STOP_ASSUME) {
            creach_fail_header();
            printf("an assumption (%s) does not hold\n", creach_stop_text);
        } else if (creach_next_input < t->n_inputs) {
            creach_fail_header();
            printf("only %d of the %d input values were used\n", creach_next_input, t->n_inputs);
        } else if (creach_next_indeterminate < t->n_indeterminate) {
            creach_fail_header();
            printf("only %d of the %d values of uninitialised locals were used\n", creach_next_indeterminate, t->n_indeterminate);
        }
        break;
    case CREACH_NO_RESULT:
        if (creach_stop_kind == CREACH_STOP_ASSUME) {
            creach_fail_header();
            printf("an assumption (%s) does not hold\n", creach_stop_text);
        }
        break;
    case CREACH_ASSERT_FAILS:
        if (creach_stop_kind != CREACH_STOP_ASSERT || (t->expect_line != 0 && (int)creach_stop_line != t->expect_line)) {
            creach_fail_header();
            if (creach_stop_kind == CREACH_STOP_ASSERT)
                printf("expected the assertion at line %d to fail, but the one at line %u failed\n", t->expect_line, creach_stop_line);
            else
                printf("expected the assertion at line %d to fail, but it did not\n", t->expect_line);
        }
        break;
    case CREACH_ERROR_CALL:
        if (creach_stop_kind != CREACH_STOP_ERROR && creach_stop_kind != CREACH_STOP_ASSERT) {
            creach_fail_header();
            printf("expected the error call at line %d, but it was not reached\n", t->expect_line);
        }
        break;
    case CREACH_RUNTIME_ERROR:
        creach_fail_header();
        printf("expected a runtime error (%s) at line %d, which only a sanitizer build can see\n", t->expect_what, t->expect_line);
        break;
    case CREACH_EXITS:
    case CREACH_ABORTS:
        /* Reached only when the run came back: exit() and abort() end the (test's own) process. */
        creach_fail_header();
        printf("expected the run to end with %s at line %d, but %s\n", t->expect == CREACH_EXITS ? "exit()" : "abort()", t->expect_line,
               creach_stop_kind == CREACH_STOP_RETURNED ? "the function returned" : "it stopped before");
        break;
    }
    return creach_failures == 0;
}

#if (defined(__unix__) || defined(__APPLE__)) && (defined(__GNUC__) || defined(__clang__)) && !defined(CREACH_NO_FORK)
/* fork, waitpid and alarm by their symbols, without <unistd.h> or <sys/wait.h>: those headers
 * declare names (link, read, close...) the program under test may use for its own things. */
#include <signal.h>
#define CREACH_STR(x) #x
#define CREACH_XSTR(x) CREACH_STR(x)
#define CREACH_SYMBOL(name) CREACH_XSTR(__USER_LABEL_PREFIX__) #name
extern int creach_fork(void) __asm__(CREACH_SYMBOL(fork));
extern int creach_waitpid(int pid, int *status, int options) __asm__(CREACH_SYMBOL(waitpid));
extern unsigned creach_alarm(unsigned seconds) __asm__(CREACH_SYMBOL(alarm));
/* The wait status, encoded alike on Linux and the BSDs (macOS). */
#define CREACH_EXITED(s) (((s) & 0x7f) == 0)
#define CREACH_EXIT_STATUS(s) (((s) >> 8) & 0xff)
#define CREACH_SIGNALED(s) (((s) & 0x7f) != 0 && ((s) & 0x7f) != 0x7f)
#define CREACH_TERM_SIGNAL(s) ((s) & 0x7f)
#define CREACH_SIGALRM 14

#ifndef CREACH_TEST_TIMEOUT
#define CREACH_TEST_TIMEOUT 10 /* seconds a test may run (0: no limit) */
#endif

#ifdef CREACH_GCOV
/* Validation's coverage build: a test that aborts still writes its counts (gcov writes them at exit). */
extern void __gcov_dump(void);
static void creach_gcov_abort(int sig)
{
    __gcov_dump();
    signal(sig, SIG_DFL);
    raise(sig);
}
#endif

static inline const char *creach_signal_name(int sig)
{
    switch (sig) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGTERM: return "SIGTERM";
    default: return "a signal";
    }
}

/* A test whose process ended without coming back to the harness: exit(), abort() or a crash.
 * It passes when that is the end its datum expects. */
static inline int creach_ended(const struct creach_test *t, int status)
{
    creach_current = t;
    creach_failures = 0;
    if (CREACH_EXITED(status)) {
        int code = CREACH_EXIT_STATUS(status);
        if (t->expect == CREACH_EXITS && (t->expect_status < 0 || code == t->expect_status)) return 1;
        creach_fail_header();
        if (t->expect == CREACH_EXITS)
            printf("expected exit status %d (exit() at line %d), got %d\n", t->expect_status, t->expect_line, code);
        else
            printf("the run ended the process with exit status %d\n", code);
    } else if (CREACH_SIGNALED(status)) {
        int sig = CREACH_TERM_SIGNAL(status);
        if (t->expect == CREACH_ABORTS && sig == SIGABRT) return 1;
#ifdef CREACH_OWN_ERROR_FUNCTION
        /* The error call expected ran the program's error function, which aborts. */
        if (t->expect == CREACH_ERROR_CALL && sig == SIGABRT) return 1;
#endif
        creach_fail_header();
        if (sig == CREACH_SIGALRM && CREACH_TEST_TIMEOUT > 0)
            printf("it did not finish within %d s\n", CREACH_TEST_TIMEOUT);
        else
            printf("the run ended with %s (signal %d)\n", creach_signal_name(sig), sig);
    } else {
        creach_fail_header();
        printf("the run ended abnormally\n");
    }
    return 0;
}

/* Each test in a process of its own (fork): exit(), abort() or a crash ends that test only, and
 * every test starts from the program's initial state. The child writes its verdict into a
 * temporary file the two processes share; no verdict means the program ended the process itself. */
static inline int creach_run_isolated(const struct creach_test *t)
{
    static FILE *verdicts;
    int pid, status = 0, verdict;
    fflush(stdout);
    fflush(stderr);
    if (!verdicts) verdicts = tmpfile();
    if (!verdicts) return creach_run(t);
    rewind(verdicts);
    fputc('?', verdicts);
    fflush(verdicts);
    rewind(verdicts);
    pid = creach_fork();
    if (pid < 0) return creach_run(t);
    if (pid == 0) {
        if (CREACH_TEST_TIMEOUT > 0) creach_alarm(CREACH_TEST_TIMEOUT);
#ifdef CREACH_GCOV
        signal(SIGABRT, creach_gcov_abort);
#endif
        fputc(creach_run(t) ? 'P' : 'F', verdicts);
        fflush(verdicts);
        fflush(stdout);
        exit(0); /* exit, not _exit: a coverage build writes its counts at exit */
    }
    while (creach_waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    fseek(verdicts, 0, SEEK_SET);
    verdict = fgetc(verdicts);
    if (verdict == 'P' || verdict == 'F') return verdict == 'P';
    return creach_ended(t, status);
}
#else
/* No fork here: the tests share one process, and exit() or abort() in one ends the run. */
static inline int creach_run_isolated(const struct creach_test *t) { return creach_run(t); }
#endif
`;

const MAIN = String.raw`
int main(int argc, char **argv)
{
    int i, passed = 0, failed = 0, selected = 0;
    for (i = 0; i < CREACH_TEST_COUNT; i++) {
        const struct creach_test *t = &creach_tests[i];
        if (argc > 1 && strcmp(argv[1], t->name) != 0) continue;
        selected++;
        if (argc <= 1 && t->expect == CREACH_RUNTIME_ERROR) {
            printf("%s: skipped: it shows a runtime error (%s, line %d); run it alone under -fsanitize=undefined\n", t->name, t->expect_what, t->expect_line);
            continue;
        }
        if (creach_run_isolated(t)) passed++;
        else failed++;
    }
    if (argc > 1 && selected == 0) {
        fprintf(stderr, "no test named %s\n", argv[1]);
        return 2;
    }
    printf("%d passed, %d failed\n", passed, failed);
    fflush(stdout);
    return failed != 0;
}
`;
