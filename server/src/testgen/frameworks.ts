// Tests for the unit-test frameworks C teams use: CMocka (`--format cmocka`,
// one C file) and GoogleTest (`--format gtest`: a C file and a C++ file).
// One test per datum. The C part is the harness's own (harness.ts
// `harnessCode`: the source included with `main` renamed, the stubs of
// nondet and external calls, the input tables, one body per datum), except
// that a body records the values it sees after the call (the observations:
// result, objects behind pointer parameters, globals) instead of comparing
// them; the framework's assertions then compare each one with the datum's
// expected value, and with the end the datum must show (it returns, an
// assertion fails at line N, an error function is called: harness.ts
// `expectationOf`, judged by the harness's `creach_run`).
//
// GoogleTest is C++, and C++ rejects valid C (implicit conversions from
// void *, designated initializers out of order, compound literals,
// keywords such as `new` used as names), so the source and the bodies stay C
// (`<stem>_creach.c`, compiled by a C compiler) and the C++ file
// (`<stem>_gtest.cc`) reaches them through a few `extern "C"` functions.

import type { Program } from '../ir/ir';
import type { Report } from '../../../shared/report';
import { expectationComment, harnessCode, type Check, type HarnessTest } from './harness';

export type FrameworkFormat = 'cmocka' | 'gtest';

const cString = (s: string): string => JSON.stringify(s).replace(/\?/g, '\\?');
const cIdent = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, '_');
const comment = (s: string): string => s.replace(/\*\//g, '* /').replace(/\/\*/g, '/ *');

/** A body's checks as observations: the value is recorded under its label (a pointer's pointee only when it is not null). */
function observe(c: Check): string[] {
  const label = cString(c.label);
  switch (c.kind) {
    case 'int':
      return c.type.signed ? [`creach_observe_i(${label}, (long long)(${c.expr}));`] : [`creach_observe_u(${label}, (unsigned long long)(${c.expr}));`];
    case 'float':
      return [`creach_observe_d(${label}, (double)(${c.expr}));`];
    case 'null':
    case 'non-null':
      return [`creach_observe_p(${label}, (const void *)(${c.expr}));`];
    case 'address':
      return [`creach_observe_i(${label}, (${c.expr}) == (${c.target}));`];
    case 'pointee':
      return [`creach_observe_p(${label}, (const void *)(${c.expr}));`, `if (${c.expr} != 0) {`, ...c.inner.flatMap(observe).map((s) => '    ' + s), '}'];
  }
}

/** The checks with their nested ones, in order. */
const flat = (checks: Check[]): Check[] => checks.flatMap((c) => (c.kind === 'pointee' ? [c, ...flat(c.inner)] : [c]));

// Recording and reading observations (C, after the harness's runtime).
const OBSERVATIONS = (max: number) => String.raw`/* Observations: the values a test's body saw after the call, by name; the framework's
 * assertions compare them with the datum's expected values. */
struct creach_observation { const char *label; union creach_value v; };
static struct creach_observation creach_observed[${max}];
static int creach_n_observed;

static inline void creach_observe(const char *label, union creach_value v)
{
    if (creach_n_observed < ${max}) {
        creach_observed[creach_n_observed].label = label;
        creach_observed[creach_n_observed].v = v;
        creach_n_observed++;
    }
}
static inline void creach_observe_i(const char *label, long long x) { union creach_value v; v.i = x; creach_observe(label, v); }
static inline void creach_observe_u(const char *label, unsigned long long x) { union creach_value v; v.u = x; creach_observe(label, v); }
static inline void creach_observe_d(const char *label, double x) { union creach_value v; v.d = x; creach_observe(label, v); }
static inline void creach_observe_p(const char *label, const void *x) { union creach_value v; v.p = (void *)x; creach_observe(label, v); }

/* The observation named label, or 0 when the body did not get that far. */
static inline const union creach_value *creach_observation(const char *label)
{
    int k;
    for (k = 0; k < creach_n_observed; k++)
        if (strcmp(creach_observed[k].label, label) == 0) return &creach_observed[k].v;
    return 0;
}

`;

// After the table of tests.
const RUN_TEST = String.raw`/* Runs test k of creach_tests with the harness's runner: 1 when the run ended as the datum
 * expects (it returned having used every input value, or the expected assertion failed, ...);
 * otherwise 0, and the reason is printed. */
static inline int creach_run_test(int k)
{
    int ok;
    creach_n_observed = 0;
    /* A datum that ends the process (exit(), abort()) runs in a process of its own: it has no observations. */
    ok = creach_tests[k].expect == CREACH_EXITS || creach_tests[k].expect == CREACH_ABORTS ? creach_run_isolated(&creach_tests[k]) : creach_run(&creach_tests[k]);
    fflush(stdout);
    return ok;
}
`;

function goalsComment(t: HarnessTest, report: Report, indent: string): string[] {
  const fr = report.functions.find((f) => f.name === t.function);
  const lines = [`${indent}/* ${t.name}: ${t.function}, generated for goals:`];
  for (const g of t.test.goals) {
    const goal = fr?.goals.find((x) => x.id === g);
    lines.push(`${indent} *   ${g}${goal ? ': ' + comment(goal.label) : ''}`);
  }
  const expected = expectationComment(t.expect);
  if (expected) lines.push(`${indent} * ${expected}`);
  lines.push(`${indent} */`);
  return lines;
}

/** The harness's C with bodies that observe, the observations' runtime, and the runner of one test. */
function frameworkCode(program: Program, report: Report, sourcePath: string): ReturnType<typeof harnessCode> {
  // The most observations a body records (a first pass gives the checks; they do not depend on the runtime's size).
  const max = Math.max(1, ...harnessCode(program, report, { sourcePath }, observe).checks.map((c) => flat(c).length));
  const r = harnessCode(program, report, { sourcePath }, observe, OBSERVATIONS(max));
  r.code.push(RUN_TEST);
  return r;
}

const sanitizerOnly = (t: HarnessTest) =>
  t.expect.kind === 'runtime-error'
    ? `it shows a runtime error (${t.expect.error}, line ${t.expect.line}), which only a sanitizer build can see: run the C harness under -fsanitize=undefined`
    : '';

/** CMocka: one C file; `cc THIS.c -lcmocka -o tests && ./tests`. */
export function emitCmocka(program: Program, report: Report, sourcePath: string): string {
  const { code, tests, checks } = frameworkCode(program, report, sourcePath);
  const out: string[] = [];
  out.push(`/* CReach tests for ${comment(report.file)}, for CMocka (Debian: libcmocka-dev).`);
  out.push(` * Build: cc THIS_FILE.c -lcmocka -o tests   Run: ./tests`);
  out.push(` * One test per datum: it calls the function with the datum (nondet and external calls return`);
  out.push(` * the datum's values, in order) and asserts the expected result and outputs. */`);
  out.push('');
  out.push(...code);
  out.push('');
  out.push('#include <stdarg.h>');
  out.push('#include <stddef.h>');
  out.push('#include <stdint.h>');
  out.push('#include <cmocka.h>');
  out.push('');
  out.push(
    String.raw`/* The value observed under label, failing the test when there is none. */
static inline const union creach_value *creach_expect_observed(const char *label)
{
    const union creach_value *v = creach_observation(label);
    if (!v) fail_msg("%s was not observed: the run stopped before", label);
    return v;
}
#define creach_observed_i(label) (creach_expect_observed(label)->i)
#define creach_observed_u(label) (creach_expect_observed(label)->u)
#define creach_observed_d(label) (creach_expect_observed(label)->d)
#define creach_observed_p(label) (creach_expect_observed(label)->p)
`,
  );
  const names: { display: string; fn: string }[] = [];
  tests.forEach((t, k) => {
    const fn = `creach_test_${cIdent(t.function)}_${cIdent(t.test.id)}`;
    names.push({ display: `${t.function} ${t.test.id}`, fn });
    out.push(...goalsComment(t, report, ''));
    out.push(`static void ${fn}(void **state)`);
    out.push('{');
    out.push('    (void)state;');
    const skip = sanitizerOnly(t);
    if (skip) {
      out.push(`    /* ${comment(skip)} */`);
      out.push(`    print_message("%s\\n", ${cString(`skipped: ${skip}`)});`);
      out.push('    skip();');
    } else {
      out.push(`    assert_true(creach_run_test(${k})); /* the run ends as the datum expects (why not: printed above) */`);
      for (const c of flat(checks[k])) out.push(`    ${cmockaAssert(c)}`);
    }
    out.push('}');
    out.push('');
  });
  out.push('int main(void)');
  out.push('{');
  out.push('    const struct CMUnitTest creach_cmocka_tests[] = {');
  for (const n of names) out.push(`        { ${cString(n.display)}, ${n.fn}, NULL, NULL, NULL },`);
  if (names.length === 0) out.push('        { "no data", NULL, NULL, NULL, NULL },');
  out.push('    };');
  out.push(`    return cmocka_run_group_tests_name(${cString(`CReach tests of ${report.file}`)}, creach_cmocka_tests, NULL, NULL);`);
  out.push('}');
  return out.join('\n') + '\n';
}

function cmockaAssert(c: Check): string {
  const label = cString(c.label);
  switch (c.kind) {
    case 'int':
      return c.type.signed ? `assert_int_equal(creach_observed_i(${label}), ${c.literal});` : `assert_int_equal(creach_observed_u(${label}), ${c.literal});`;
    case 'float':
      return `assert_true(creach_same_float(creach_observed_d(${label}), ${c.literal})); /* ${comment(c.expected)} */`;
    case 'null':
      return `assert_null(creach_observed_p(${label}));`;
    case 'non-null':
    case 'pointee':
      return `assert_non_null(creach_observed_p(${label}));`;
    case 'address':
      return `assert_true(creach_observed_i(${label})); /* points to ${comment(c.expected)} */`;
  }
}

/** GoogleTest: the C part (`<stem>_creach.c`) and the tests (`<stem>_gtest.cc`). */
export function emitGtest(program: Program, report: Report, sourcePath: string, cName: string): { c: string; cc: string } {
  const { code, tests, checks } = frameworkCode(program, report, sourcePath);
  const c: string[] = [];
  c.push(`/* CReach: the C part of the GoogleTest tests of ${comment(report.file)} (the tests: the .cc file beside it).`);
  c.push(` * It includes the source (compiled as C), with the stubs and one body per datum. */`);
  c.push('');
  c.push(...code);
  c.push('');
  c.push(
    String.raw`/* What the C++ tests call. */
int creach_gtest_run(int k) { return creach_run_test(k); }
int creach_gtest_observed(const char *label, union creach_value *out)
{
    const union creach_value *v = creach_observation(label);
    if (!v) return 0;
    *out = *v;
    return 1;
}
int creach_gtest_same_float(double a, double b) { return creach_same_float(a, b); }`,
  );
  const cc: string[] = [];
  cc.push(`// CReach tests of ${report.file}, for GoogleTest (Debian: libgtest-dev).`);
  cc.push(`// Build: cc -c ${cName} -o creach_c.o`);
  cc.push(`//        c++ THIS_FILE.cc creach_c.o -lgtest_main -lgtest -pthread -o tests   Run: ./tests`);
  cc.push('// One test per datum: it calls the function with the datum (nondet and external calls return');
  cc.push("// the datum's values, in order) and asserts the expected result and outputs. The function runs");
  cc.push(`// in C (${cName}), which records the values it sees.`);
  cc.push('');
  cc.push('#include <cmath>');
  cc.push('#include <gtest/gtest.h>');
  cc.push('');
  cc.push(
    String.raw`extern "C" {
union creach_value { long long i; unsigned long long u; double d; float f; void *p; };
int creach_gtest_run(int k);
int creach_gtest_observed(const char *label, union creach_value *out);
int creach_gtest_same_float(double a, double b);
}

namespace {

// The value observed under label; the test fails when there is none.
// (inline: a suite uses only some of these, and unused inline functions draw no warning.)
inline creach_value observed(const char *label)
{
    creach_value v{};
    if (!creach_gtest_observed(label, &v)) ADD_FAILURE() << label << " was not observed: the run stopped before";
    return v;
}
inline long long observed_i(const char *label) { return observed(label).i; }
inline unsigned long long observed_u(const char *label) { return observed(label).u; }
inline double observed_d(const char *label) { return observed(label).d; }
inline const void *observed_p(const char *label) { return observed(label).p; }
// The same value: NaN matches NaN, and -0 differs from +0.
inline bool same_float(double a, double b) { return creach_gtest_same_float(a, b) != 0; }

}  // namespace
`,
  );
  tests.forEach((t, k) => {
    cc.push(...goalsComment(t, report, ''));
    cc.push(`TEST(${cIdent(t.function)}, ${cIdent(t.test.id)})`);
    cc.push('{');
    const skip = sanitizerOnly(t);
    if (skip) cc.push(`    GTEST_SKIP() << ${cString(skip)};`);
    else {
      cc.push(`    ASSERT_TRUE(creach_gtest_run(${k})) << "the run does not end as the datum expects (why: printed above)";`);
      for (const x of flat(checks[k])) cc.push(`    ${gtestAssert(x)}`);
    }
    cc.push('}');
    cc.push('');
  });
  return { c: c.join('\n') + '\n', cc: cc.join('\n') + '\n' };
}

function gtestAssert(c: Check): string {
  const label = cString(c.label);
  switch (c.kind) {
    case 'int':
      return c.type.signed ? `EXPECT_EQ(observed_i(${label}), ${c.literal});` : `EXPECT_EQ(observed_u(${label}), ${c.literal});`;
    case 'float':
      return `EXPECT_PRED2(same_float, observed_d(${label}), ${c.literal}) << ${cString(`expected ${c.expected}`)};`;
    case 'null':
      return `EXPECT_EQ(observed_p(${label}), nullptr);`;
    case 'non-null':
    case 'pointee':
      return `EXPECT_NE(observed_p(${label}), nullptr);`;
    case 'address':
      return `EXPECT_TRUE(observed_i(${label})) << ${cString(`expected it to point to ${c.expected}`)};`;
  }
}
