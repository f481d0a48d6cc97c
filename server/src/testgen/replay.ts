// Replaying a Test-Comp suite (ours or another tool's) against a program:
// a harness whose `__VERIFIER_nondet_*` functions read the next input of the
// test case from a file, compiled with --coverage; each test case is run,
// then gcov gives the measured statement and branch coverage, and each run
// says whether an error call (`reach_error`) was reached. This needs no
// front end, so it works on any program the compiler accepts.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseMetadata, parseTestcase, TestCompError } from './testcomp';
import { runProcess } from './run';
import { coverageOf, gcovFor, readGcov, type MeasuredCoverage } from './gcov';

export interface ReplayOptions {
  compiler: string;
  workDir: string;
  timeoutMs: number;
  /** ILP32 programs are built with -m32. */
  architecture?: '32bit' | '64bit';
}

export interface ReplayedTest {
  file: string;
  inputs: number;
  /** How the run ended. */
  outcome: 'returned' | 'error-reached' | 'assertion-failed' | 'inputs-exhausted' | 'crashed' | 'timed-out';
  detail?: string;
}

export interface ReplayResult {
  program: string;
  metadata: Record<string, string>;
  tests: ReplayedTest[];
  errorReached: boolean;
  coverage: MeasuredCoverage | null;
  /** Problems: unreadable test cases, a program hash that does not match, gcov missing. */
  messages: string[];
}

/** Return types of the nondet functions of SV-COMP / Test-Comp (by name suffix). */
const NONDET_TYPES: Record<string, string> = {
  bool: '_Bool',
  char: 'char',
  uchar: 'unsigned char',
  schar: 'signed char',
  short: 'short',
  ushort: 'unsigned short',
  int: 'int',
  uint: 'unsigned int',
  unsigned: 'unsigned int',
  unsigned_int: 'unsigned int',
  long: 'long',
  ulong: 'unsigned long',
  longlong: 'long long',
  ulonglong: 'unsigned long long',
  float: 'float',
  double: 'double',
  size_t: 'unsigned long',
  loff_t: 'long',
  u8: 'unsigned char',
  u16: 'unsigned short',
  u32: 'unsigned int',
  u64: 'unsigned long long',
  s8: 'signed char',
  s16: 'short',
  s32: 'int',
  s64: 'long long',
  int128: '__int128',
  uint128: 'unsigned __int128',
  pointer: 'void *',
  pchar: 'char *',
  charp: 'char *',
  sector_t: 'unsigned long',
};

function parser(type: string): string {
  if (type === 'float' || type === 'double') return `(${type})strtod(creach_next_text(NAME), 0)`;
  if (type.endsWith('*')) return `(${type})(unsigned long)creach_parse_unsigned(creach_next_text(NAME))`;
  if (type === '_Bool') return `creach_parse_signed(creach_next_text(NAME)) != 0`;
  if (type.startsWith('unsigned')) return `(${type})creach_parse_unsigned(creach_next_text(NAME))`;
  return `(${type})creach_parse_signed(creach_next_text(NAME))`;
}

export function replayHarness(source: string, sourcePath: string): string {
  const names = [...new Set([...source.matchAll(/\b__VERIFIER_nondet_(\w+)\s*\(/g)].map((m) => m[1]))];
  const defines = (fn: string) => new RegExp(`\\b${fn}\\s*\\([^;{)]*\\)\\s*\\{`).test(source);
  const out: string[] = ['/* CReach replay harness: nondet values come from the test case file given as argv[1]. */'];
  const stubs: string[] = [];
  for (const n of names) {
    const type = NONDET_TYPES[n];
    const name = `__VERIFIER_nondet_${n}`;
    if (!type || defines(name)) continue;
    out.push(`${type} ${name}(void);`);
    stubs.push(`${type} ${name}(void)\n{\n    return ${parser(type).replace('NAME', JSON.stringify(name))};\n}`);
  }
  const defineReachError = /\breach_error\s*\(/.test(source) && !defines('reach_error');
  if (defineReachError) out.push('void reach_error(void);');
  const defineAssume = /\b__VERIFIER_assume\s*\(/.test(source) && !defines('__VERIFIER_assume');
  if (defineAssume) out.push('void __VERIFIER_assume(int cond);');
  out.push('#define main creach_user_main', `#include ${JSON.stringify(sourcePath)}`, '#undef main', REPLAY_RUNTIME, ...stubs);
  if (defineReachError) out.push('void reach_error(void)\n{\n    creach_end("CREACH-ERROR reach_error", 100);\n}');
  if (defineAssume) out.push('void __VERIFIER_assume(int cond)\n{\n    if (!cond) creach_end("CREACH-ASSUME failed", 0);\n}');
  const mainArgs = /\bmain\s*\(\s*(void\s*)?\)/.test(source) ? '' : '1, creach_argv';
  out.push(`int main(int argc, char **argv)
{
    static char *creach_argv[] = { (char *)"program", 0 };
    (void)creach_argv;
    if (argc < 2 || !(creach_in = fopen(argv[1], "r"))) {
        fprintf(stderr, "usage: %s TESTCASE_INPUTS\\n", argv[0]);
        return 2;
    }
    signal(SIGABRT, creach_on_signal);
    signal(SIGSEGV, creach_on_signal);
    signal(SIGFPE, creach_on_signal);
    creach_user_main(${mainArgs});
    creach_end("CREACH-RETURNED", 0);
    return 0;
}`);
  return out.join('\n') + '\n';
}

const REPLAY_RUNTIME = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <assert.h>

extern void __gcov_dump(void);
static FILE *creach_in;
static int creach_calls;

static void creach_end(const char *what, int code)
{
    fprintf(stderr, "%s\n", what);
    exit(code);
}

/* Abnormal ends still write the coverage counts. */
static void creach_on_signal(int sig)
{
    __gcov_dump();
    _exit(128 + sig);
}

static const char *creach_next_text(const char *call)
{
    static char line[4096];
    char *p, *q;
    creach_calls++;
    if (!fgets(line, sizeof line, creach_in)) {
        fprintf(stderr, "CREACH-EXHAUSTED call %d (%s)\n", creach_calls, call);
        exit(0);
    }
    for (p = line; *p == ' ' || *p == '\t'; p++) continue;
    for (q = p + strlen(p); q > p && (q[-1] == '\n' || q[-1] == '\r' || q[-1] == ' '); q--) continue;
    *q = 0;
    return p;
}

static long long creach_parse_signed(const char *s)
{
    if (s[0] == '\'' && s[1] && s[2] == '\'') return (unsigned char)s[1];
    if ((s[0] == '-' && s[1] == '0' && (s[2] == 'x' || s[2] == 'X')) || (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))) return strtoll(s, 0, 16);
    return strtoll(s, 0, 10);
}

static unsigned long long creach_parse_unsigned(const char *s)
{
    if (s[0] == '-') return (unsigned long long)creach_parse_signed(s);
    if (s[0] == '\'' && s[1] && s[2] == '\'') return (unsigned char)s[1];
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return strtoull(s, 0, 16);
    return strtoull(s, 0, 10);
}

#if defined(__GLIBC__)
void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
    (void)file;
    if (function && strcmp(function, "reach_error") == 0) creach_end("CREACH-ERROR reach_error", 100);
    fprintf(stderr, "CREACH-ASSERT %u %s\n", line, assertion);
    exit(101);
}
#endif
`;

/** A file of a Test-Comp suite: `metadata.xml` or a test case. */
export interface SuiteInput {
  name: string;
  text: string;
}

/** Replays the suite's test cases (by name order) against the program `file` whose text is `source`. */
export async function replaySuite(suite: SuiteInput[], file: string, source: string, opts: ReplayOptions): Promise<ReplayResult> {
  const result: ReplayResult = { program: file, metadata: {}, tests: [], errorReached: false, coverage: null, messages: [] };
  const texts = new Map(suite.filter((f) => f.name.endsWith('.xml')).map((f) => [f.name, f.text]));
  const entries = [...texts.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const metadata = texts.get('metadata.xml');
  if (metadata !== undefined) {
    try {
      result.metadata = parseMetadata(metadata).fields;
    } catch (e) {
      result.messages.push(`metadata.xml: ${(e as Error).message}`);
    }
  } else result.messages.push('the suite has no metadata.xml');
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(source, 'utf8').digest('hex');
  if (result.metadata.programhash && result.metadata.programhash.toLowerCase() !== hash)
    result.messages.push(`the suite was made for another version of the program (programhash ${result.metadata.programhash}, file ${hash})`);

  const workDir = path.resolve(opts.workDir);
  fs.mkdirSync(workDir, { recursive: true });
  const base = path.basename(file).replace(/[^A-Za-z0-9_.-]/g, '_');
  fs.writeFileSync(path.join(workDir, base), source);
  fs.writeFileSync(path.join(workDir, 'replay.c'), replayHarness(source, base));
  const arch = opts.architecture ?? (result.metadata.architecture === '32bit' ? '32bit' : '64bit');
  const flags = ['-O0', '-g', '--coverage', '-w', '-I', path.dirname(path.resolve(file)), ...(arch === '32bit' ? ['-m32'] : [])];
  const cc = await runProcess(opts.compiler, [...flags, '-c', 'replay.c', '-o', 'replay.o'], { cwd: workDir, timeoutMs: 120_000 });
  const link = cc.code === 0 ? await runProcess(opts.compiler, [...flags, 'replay.o', '-o', 'replay', '-lm'], { cwd: workDir, timeoutMs: 120_000 }) : cc;
  if (link.code !== 0)
    throw new TestCompError(`${file}: the replay harness does not compile: ${(link.spawnError ?? link.stderr).trim().split('\n').slice(0, 6).join('\n')}`);
  for (const f of fs.readdirSync(workDir)) if (f.endsWith('.gcda')) fs.rmSync(path.join(workDir, f));

  for (const [i, name] of entries.entries()) {
    if (name === 'metadata.xml') continue;
    let inputs: string[];
    try {
      inputs = parseTestcase(texts.get(name)!).inputs;
    } catch (e) {
      result.messages.push(`${name}: ${(e as Error).message}`);
      continue;
    }
    const inputFile = path.join(workDir, `inputs-${i}.txt`);
    fs.writeFileSync(inputFile, inputs.map((s) => s.replace(/[\r\n]/g, ' ')).join('\n') + (inputs.length ? '\n' : ''));
    const r = await runProcess(path.join(workDir, 'replay'), [inputFile], { cwd: workDir, timeoutMs: opts.timeoutMs });
    const t: ReplayedTest = { file: name, inputs: inputs.length, outcome: 'returned' };
    if (r.timedOut) t.outcome = 'timed-out';
    else if (/^CREACH-ERROR/m.test(r.stderr)) t.outcome = 'error-reached';
    else if (/^CREACH-ASSERT (.*)$/m.test(r.stderr)) {
      t.outcome = 'assertion-failed';
      t.detail = /^CREACH-ASSERT (.*)$/m.exec(r.stderr)![1];
    } else if (/^CREACH-EXHAUSTED (.*)$/m.test(r.stderr)) {
      t.outcome = 'inputs-exhausted';
      t.detail = /^CREACH-EXHAUSTED (.*)$/m.exec(r.stderr)![1];
    } else if (!/^CREACH-(RETURNED|ASSUME)/m.test(r.stderr) && r.code !== 0) {
      t.outcome = 'crashed';
      t.detail = r.signal ?? `exit code ${r.code}`;
    }
    if (t.outcome === 'error-reached') result.errorReached = true;
    result.tests.push(t);
  }
  const lines = await readGcov(gcovFor(opts.compiler), workDir, 'replay.o', path.join(workDir, base));
  if (typeof lines === 'string') result.messages.push(lines);
  else result.coverage = coverageOf(lines, [{ from: 1, to: Number.MAX_SAFE_INTEGER }]);
  return result;
}
