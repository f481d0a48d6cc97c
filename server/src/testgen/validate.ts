// Validation: a datum is worth something only if it holds on the compiled
// program. Two builds of the harness:
// - the probe build (an instrumented copy of the source, with
//   -fsanitize=undefined,address where supported) runs each test alone and
//   tells which goals it reached, whether its expected results matched and
//   whether a sanitizer complained;
// - the coverage build (the source as is, -O0 -g --coverage, -Wall -Wextra)
//   runs the suite for gcov's statement and branch counts.
// What the report claims is compared with what was measured; every
// difference is a bug of CReach and is listed in `differences`.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Program, IRFunction, Rvalue } from '../ir/ir';
import type { Report, TestReport, GoalReport } from '../../../shared/report';
import type { Goal } from '../goals/goal';
import { buildCatalogue } from '../goals/catalogue';

/** Deep enough for every goal a report can name (the engine's contexts stop at its inlining depth). */
const CONTEXT_DEPTH = 64;
import { emitHarness, harnessTests, type HarnessTest } from './harness';
import { indeterminateSettable, setsIndeterminate, sourceWithIndeterminate } from './indeterminate';
import { instrumentSource, parseProbeRecord, probeRuntime, type Probe, type ProbeRecord } from './instrument';
import { runProcess, type RunResult } from './run';
import { coverageOf, gcovFor, linesWithin, readGcov, type GcovLine, type MeasuredCoverage, type CoverageCount } from './gcov';

export interface ValidateOptions {
  compiler: string;
  /** Scratch directory (created; files are left there for inspection). */
  workDir: string;
  /** Time limit of one test run. */
  timeoutMs: number;
  /** Add -fsanitize=undefined,address when the compiler supports it. */
  sanitize: boolean;
  includePaths?: string[];
  defines?: string[];
}

export interface TestValidation {
  /** Harness name (the test id, or `function.id`). */
  name: string;
  function: string;
  id: string;
  /** Its claimed goals were all reached; null when they could not be observed. */
  reached: boolean | null;
  /** The goals it was claimed to reach and did not (or could not be observed). */
  missed: string[];
  resultsMatch: boolean;
  /** A sanitizer's message it did not expect (an expected runtime error is not a complaint). */
  sanitizer: string | null;
  /** What the run printed (stdout then stderr). */
  output: string;
  /** Runtime-error goals whose code the run executed while no sanitizer reported the error there. */
  silent?: string[];
}

export interface SuiteValidation {
  /** False when no compiler could be run: nothing was validated. */
  available: boolean;
  message?: string;
  sanitizers: boolean;
  tests: TestValidation[];
  /** Warnings of the coverage build under -Wall -Wextra (empty when none). */
  warnings: string;
  /** gcov's counts over the lines of the report's functions (null when gcov gave none). */
  measured: MeasuredCoverage | null;
  /** gcov's line records within the report's functions (and what they call), for coverage views; null when gcov gave none. */
  lines: GcovLine[] | null;
  /** What the report claims: statement and branch goals covered over all. */
  claimed: { statements: CoverageCount; branches: CoverageCount };
  /** Claims that measurement contradicts: bugs of CReach, to be shown loudly. */
  differences: string[];
  /**
   * Goals the report leaves open (unknown, or not reached within the loop bound) that some test reaches when
   * run: no contradiction (an open goal claims nothing), a measurement for people.
   */
  reachedWhenRun: string[];
  /** Goals whose reaching could not be observed (no probe at their range). */
  unobserved: string[];
}

const SANITIZE_FLAGS = ['-fsanitize=undefined,address,float-cast-overflow', '-fno-sanitize-recover=undefined,float-cast-overflow'];
const RUN_ENV = { ASAN_OPTIONS: 'detect_leaks=0', UBSAN_OPTIONS: 'print_stacktrace=0' };
const buildProbes = new Map<string, Promise<string | null>>();
/** Compilers that answered `--version` (one that did not is asked again: it may have been installed since). */
const workingCompilers = new Set<string>();

/**
 * Why `compiler` with `flags` cannot build and run a program on this machine, or null when it can
 * (asked once per compiler and flags).
 */
function cannotBuildAndRun(compiler: string, flags: string[], workDir: string): Promise<string | null> {
  const key = [compiler, ...flags].join('\0');
  let p = buildProbes.get(key);
  if (!p) {
    p = (async () => {
      fs.mkdirSync(workDir, { recursive: true });
      const name = `build_probe_${buildProbes.size}`;
      const src = path.join(workDir, `${name}.c`);
      fs.writeFileSync(src, 'int main(void) { return 0; }\n');
      const exe = path.join(workDir, name);
      const c = await runProcess(compiler, [...flags, src, '-o', exe], { timeoutMs: 60_000 });
      if (c.code !== 0) return `'${[compiler, ...flags].join(' ')}' cannot build a program (${(c.spawnError ?? c.stderr).trim().split('\n')[0]})`;
      const r = await runProcess(exe, [], { timeoutMs: 10_000, env: RUN_ENV });
      // (A binary the kernel cannot execute is handed to /bin/sh, whose complaint says nothing useful.)
      if (r.code !== 0)
        return `this machine cannot run what '${[compiler, ...flags].join(' ')}' builds (an empty program ended with ${r.signal ?? `exit code ${r.code}`})`;
      return null;
    })();
    buildProbes.set(key, p);
  }
  return p;
}

/** Whether `compiler` builds and runs a program with the sanitizers (with `flags`, e.g. -m32). */
export async function supportsSanitizers(compiler: string, workDir: string, flags: string[] = []): Promise<boolean> {
  return (await cannotBuildAndRun(compiler, [...flags, ...SANITIZE_FLAGS], workDir)) === null;
}

function baseFlags(program: Program, opts: ValidateOptions): string[] {
  const flags = ['-O0', '-g', '-I', path.dirname(path.resolve(program.file))];
  if (program.dataModel === 'ILP32') flags.push('-m32');
  for (const i of opts.includePaths ?? []) flags.push('-I', i);
  for (const d of opts.defines ?? []) flags.push(`-D${d}`);
  return flags;
}

const outputOf = (r: RunResult) => (r.stdout + r.stderr).trim() + (r.timedOut ? '\n(timed out)' : '') + (r.spawnError ? `\n(${r.spawnError})` : '');

/**
 * Sanitizer reports in a run's stderr, as `line: message`. UBSan names the
 * line itself; for AddressSanitizer it is the first stack frame in the source
 * under test (`#1 0x... in release instrumented/memory_errors.c:26`).
 */
function sanitizerReports(stderr: string, sourceBase?: string): { line: number | null; text: string }[] {
  const out: { line: number | null; text: string }[] = [];
  const lines = stderr.split('\n');
  lines.forEach((l, k) => {
    const ub = /:(\d+):\d+: runtime error: (.*)$/.exec(l);
    if (ub) out.push({ line: Number(ub[1]), text: l.trim() });
    else if (/ERROR: AddressSanitizer/.test(l)) {
      let line: number | null = null;
      if (sourceBase) {
        for (const frame of lines.slice(k + 1)) {
          if (!/^\s*#\d+ /.test(frame)) {
            if (line !== null || frame.trim() === '') break;
            continue;
          }
          const m = new RegExp(`[/ ]${sourceBase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`).exec(frame);
          if (m) {
            line = Number(m[1]);
            break;
          }
        }
      }
      out.push({ line, text: l.trim() });
    }
  });
  return out;
}

export async function validateSuite(program: Program, report: Report, opts: ValidateOptions): Promise<SuiteValidation> {
  const result: SuiteValidation = {
    available: true,
    sanitizers: false,
    tests: [],
    warnings: '',
    measured: null,
    lines: null,
    claimed: claimedCoverage(report),
    differences: [],
    reachedWhenRun: [],
    unobserved: [],
  };
  const version = workingCompilers.has(opts.compiler) ? null : await runProcess(opts.compiler, ['--version'], { timeoutMs: 30_000 });
  if (version && (version.spawnError || version.code !== 0)) {
    result.available = false;
    result.message = `no C compiler: '${opts.compiler}' cannot be run (${version.spawnError ?? version.stderr.trim()}); the tests were exported but not validated`;
    return result;
  }
  workingCompilers.add(opts.compiler);
  fs.mkdirSync(opts.workDir, { recursive: true });
  const workDir = path.resolve(opts.workDir);
  if (program.dataModel === 'ILP32') {
    // The suite's data are for 32-bit int/long/pointers: run elsewhere they would test another program.
    const why = await cannotBuildAndRun(opts.compiler, ['-m32'], workDir);
    if (why) {
      result.available = false;
      result.message = `not validated: no 32-bit toolchain here: ${why} (Debian: gcc-multilib, and a kernel that runs 32-bit programs); the tests were exported`;
      return result;
    }
  }
  const base = path.basename(program.file).replace(/[^A-Za-z0-9_.-]/g, '_') || 'source.c';
  // Data with values of uninitialised locals (SV-COMP's convention): the declarations read them (indeterminate.ts).
  const setsValues = setsIndeterminate(report);
  fs.writeFileSync(path.join(workDir, base), setsValues ? sourceWithIndeterminate(program) : program.source);
  fs.mkdirSync(path.join(workDir, 'instrumented'), { recursive: true });
  const tests = harnessTests(report, program);
  const flags = baseFlags(program, opts);
  result.sanitizers = opts.sanitize && (await supportsSanitizers(opts.compiler, workDir, program.dataModel === 'ILP32' ? ['-m32'] : []));
  const sanitize = result.sanitizers ? SANITIZE_FLAGS : [];

  // The two builds run side by side (each is a compiler process; the machine has another core).
  // Coverage build: the source as is, warnings checked.
  fs.writeFileSync(path.join(workDir, 'harness.c'), emitHarness(program, report, { sourcePath: base }));
  const coverageBuild = (async () => {
    const cc = await runProcess(opts.compiler, [...flags, '--coverage', '-DCREACH_GCOV', '-Wall', '-Wextra', '-c', 'harness.c', '-o', 'harness.o'], {
      cwd: workDir,
      timeoutMs: 120_000,
    });
    const link =
      cc.code === 0
        ? await runProcess(opts.compiler, [...(program.dataModel === 'ILP32' ? ['-m32'] : []), '--coverage', 'harness.o', '-o', 'harness_cov', '-lm'], {
            cwd: workDir,
            timeoutMs: 120_000,
          })
        : cc;
    return { warnings: cc.stderr.trim(), link };
  })();
  // Probe build: instrumented copy, sanitizers. When it does not compile, a plain sanitizer build still checks results.
  // The reported functions and every function they call (their goals in context are observed there).
  const probeBuild = (async (): Promise<{ probes: Probe[]; probeExe: string; problem?: string }> => {
    const functions = calledFrom(
      program,
      report.functions.map((f) => f.name),
    );
    try {
      const inst = await instrumentSource(program, functions, { vectors: report.functions.some((f) => f.mcdc), indeterminate: setsValues });
      fs.writeFileSync(path.join(workDir, 'instrumented', base), inst.text);
      const rt = probeRuntime(inst.probes.length);
      fs.writeFileSync(
        path.join(workDir, 'probe_harness.c'),
        emitHarness(program, report, { sourcePath: `instrumented/${base}`, before: rt.before, after: rt.after }),
      );
      const pc = await runProcess(opts.compiler, [...flags, ...sanitize, '-w', 'probe_harness.c', '-o', 'harness_probe', '-lm'], {
        cwd: workDir,
        timeoutMs: 120_000,
      });
      if (pc.code === 0) return { probes: inst.probes, probeExe: 'harness_probe' };
      return {
        probes: [],
        probeExe: '',
        problem: `internal: the instrumented source does not compile, goals cannot be observed: ${pc.stderr.trim().split('\n').slice(0, 4).join(' | ')}`,
      };
    } catch (e) {
      return { probes: [], probeExe: '', problem: `internal: instrumentation failed: ${e instanceof Error ? e.message : String(e)}` };
    }
  })();
  const [coverage, probed] = await Promise.all([coverageBuild, probeBuild]);
  result.warnings = coverage.warnings;
  if (coverage.link.code !== 0) {
    const why = `the harness does not compile: ${(coverage.link.spawnError ?? coverage.link.stderr).trim().split('\n').slice(0, 8).join('\n')}`;
    result.differences.push(why);
    for (const t of tests) fail(t, why, result);
    return result;
  }
  const probes = probed.probes;
  let probeExe = probed.probeExe;
  if (probed.problem) result.differences.push(probed.problem);
  if (!probeExe) {
    const sc = await runProcess(opts.compiler, [...flags, ...sanitize, '-w', 'harness.c', '-o', 'harness_san', '-lm'], { cwd: workDir, timeoutMs: 120_000 });
    if (sc.code !== 0) {
      for (const t of tests) fail(t, `the harness does not compile with sanitizers: ${sc.stderr.trim()}`, result);
      return result;
    }
    probeExe = 'harness_san';
  }

  const catalogues = new Map<string, { fn: IRFunction; goals: Goal[] }>();
  for (const f of report.functions) {
    const fn = program.functions.find((x) => x.name === f.name);
    if (fn) catalogues.set(f.name, { fn, goals: buildCatalogue(program, fn, { runtimeErrors: true, contextDepth: CONTEXT_DEPTH }) });
  }
  const observer = new GoalObserver(probes, catalogues, program);
  const records: { test: HarnessTest; rec: ProbeRecord; sanitizerLines: number[] }[] = [];

  // Coverage build: each test alone, one after the other (gcov adds the counts up), beside the probe runs;
  // runtime-error tests are left out (undefined behaviour).
  for (const f of fs.readdirSync(workDir)) if (f.endsWith('.gcda')) fs.rmSync(path.join(workDir, f));
  const coverageRuns = (async () => {
    for (const t of tests) {
      if (t.expect.kind === 'runtime-error') continue;
      await runProcess(path.join(workDir, 'harness_cov'), [t.name], { cwd: workDir, timeoutMs: opts.timeoutMs, env: RUN_ENV });
    }
  })();

  for (const [i, t] of tests.entries()) {
    const unseen = unobservableError(t, catalogues);
    if (unseen) {
      delete t.test.validated;
      t.test.validation = `not checked by running: no gcc sanitizer detects ${unseen}`;
      continue;
    }
    if (t.test.indeterminate?.length && !indeterminateSettable(t.test)) {
      // The datum's run depends on what an uninitialised pointer holds, which the harness does not set.
      const reads = t.test.indeterminate.map((u) => `\`${u.variable}\` (line ${u.line})`);
      delete t.test.validated;
      t.test.validation = `not checked by running: the run reads uninitialised ${[...new Set(reads)].join(', ')}, whose value a compiled run does not choose`;
      continue;
    }
    const probeFile = path.join(workDir, `probes-${i}.txt`);
    fs.rmSync(probeFile, { force: true });
    const r = await runProcess(path.join(workDir, probeExe), [t.name], {
      cwd: workDir,
      timeoutMs: opts.timeoutMs,
      env: { ...RUN_ENV, CREACH_PROBE_FILE: probeFile },
    });
    const rec = parseProbeRecord(fs.existsSync(probeFile) ? fs.readFileSync(probeFile, 'utf8') : '');
    const reports = sanitizerReports(r.stderr, base);
    const sanitizerLines = reports.flatMap((s) => (s.line === null ? [] : [s.line]));
    records.push({ test: t, rec, sanitizerLines });
    const expectedError = t.expect.kind === 'runtime-error' ? t.expect.line : null;
    const unexpected = reports.filter((s) => s.line === null || s.line !== expectedError);
    let resultsMatch: boolean;
    if (t.expect.kind === 'runtime-error') resultsMatch = sanitizerLines.includes(t.expect.line);
    else resultsMatch = r.code === 0 && /^1 passed, 0 failed$/m.test(r.stdout);
    const missed: string[] = [];
    const silent: string[] = [];
    let reached: boolean | null = true;
    for (const g of t.test.goals) {
      const seen = observer.reached(t.function, g, rec, sanitizerLines, probeExe === 'harness_san');
      if (seen !== true) missed.push(g);
      if (seen === false) reached = false;
      else if (seen === null && reached === true) reached = null;
      // The operation's code ran yet no sanitizer spoke: a wrong datum, or code the compiler rewrote
      // (gcc folds `i <= m - 1` into `i < m` even at -O0, and the subtraction that overflows is gone).
      if (seen === false && observer.errorSiteRan(t.function, g, rec)) silent.push(g);
    }
    result.tests.push({
      name: t.name,
      function: t.function,
      id: t.test.id,
      reached,
      missed,
      resultsMatch,
      sanitizer: unexpected.length ? unexpected.map((s) => s.text).join('\n') : null,
      output: outputOf(r),
      ...(silent.length ? { silent } : {}),
    });
    setVerdict(t.test, result.tests[result.tests.length - 1], r);
    // An index past PTRDIFF_MAX wraps the address: a sanitizer sees it only when it lands outside mapped objects.
    const wraps = boundsErrorOf(t, catalogues);
    if (t.expect.kind === 'runtime-error' && wraps?.op === 'cast' && wraps.index && t.test.validated !== true && !sanitizerLines.includes(t.expect.line)) {
      delete t.test.validated;
      t.test.validation = 'not checked by running: no gcc sanitizer detected the index past PTRDIFF_MAX (the address wraps around to memory it may own)';
    }
    if (probeExe === 'harness_probe') checkMcdcPaths(report, t, rec, observer);
  }

  await coverageRuns;
  const lines = await readGcov(gcovFor(opts.compiler), workDir, 'harness.o', path.join(workDir, base));
  const ranges = [...catalogues.values()].map(({ fn }) => ({ from: fn.range.line, to: fn.range.endLine }));
  if (typeof lines === 'string') result.differences.push(`internal: ${lines}`);
  else {
    result.measured = coverageOf(lines, ranges);
    result.lines = linesWithin(lines, ranges);
    compareClaims(report, observer, records, lines, result);
  }
  return result;
}

function fail(t: HarnessTest, why: string, result: SuiteValidation): void {
  result.tests.push({
    name: t.name,
    function: t.function,
    id: t.test.id,
    reached: null,
    missed: t.test.goals,
    resultsMatch: false,
    sanitizer: null,
    output: why,
  });
  t.test.validated = false;
  t.test.validation = why;
}

/** Sets `validated` / `validation` on the report's test from what its run showed. */
function setVerdict(test: TestReport, v: TestValidation, r: RunResult): void {
  const why: string[] = [];
  const unseen = v.missed.filter((g) => !v.silent?.includes(g));
  if (v.reached === false && unseen.length) why.push(`it does not reach ${unseen.join(', ')}`);
  if (v.silent?.length)
    why.push(
      `its run executes the code of ${v.silent.join(', ')} but no gcc sanitizer reports the error there (a wrong datum, or the compiler rewrote the operation)`,
    );
  if (v.reached === null) why.push(`whether it reaches ${v.missed.join(', ')} could not be observed`);
  if (!v.resultsMatch) {
    const msg = r.timedOut
      ? 'it did not finish within the time limit'
      : (r.stdout.split('\n').find((l) => /\(goals /.test(l)) ?? `the run ended with ${r.signal ?? `exit code ${r.code}`}`);
    const text = msg.replace(/^\S+ \(goals [^)]*\): /, '');
    // The harness's own words for a missing runtime error say less than the silent sanitizer's below.
    if (!(v.silent?.length && /^expected a runtime error/.test(text))) why.push(text);
  }
  if (v.sanitizer) why.push(`sanitizer: ${v.sanitizer.split('\n')[0]}`);
  test.validated = why.length === 0;
  if (why.length) test.validation = why.join('; ');
  else delete test.validation;
}

/** MC/DC: each evaluation path the test is said to take is validated when its run recorded that evaluation. */
function checkMcdcPaths(report: Report, t: HarnessTest, rec: ProbeRecord, observer: GoalObserver): void {
  const f = report.functions.find((x) => x.name === t.function);
  for (const d of f?.mcdc?.decisions ?? []) {
    const probe = observer.decisionProbe(t.function, d.id);
    for (const p of d.paths) {
      if (p.test !== t.test.id || probe === undefined) continue;
      // A decision of one condition is its own condition: its outcome is the path.
      p.validated =
        d.conditions.length === 1
          ? (p.outcome ? rec.truths : rec.falses).has(probe)
          : (rec.vectors.get(probe)?.has(`${p.vector}:${p.outcome ? 1 : 0}`) ?? false);
    }
  }
}

/** Answers "did this run reach goal g?" from the probe records. */
class GoalObserver {
  private byKey = new Map<string, number>();

  constructor(
    private probes: Probe[],
    readonly catalogues: Map<string, { fn: IRFunction; goals: Goal[] }>,
    private program: Program,
  ) {
    probes.forEach((p, id) => this.byKey.set(keyOf(p), id));
  }

  goal(fnName: string, goalId: string): Goal | undefined {
    return this.catalogues.get(fnName)?.goals.find((g) => g.id === goalId);
  }

  /** The code whose probes observe `goal`: a goal of a called function is observed in that function's code. */
  private codeOf(fnName: string, goal: Goal): IRFunction | undefined {
    return this.program.functions.find((f) => f.name === goal.function) ?? this.catalogues.get(fnName)?.fn;
  }

  /** true / false, or null when the goal cannot be observed. */
  reached(fnName: string, goalId: string, rec: ProbeRecord, sanitizerLines: number[], noProbes: boolean): boolean | null {
    const goal = this.goal(fnName, goalId);
    if (!goal) return null;
    const t = goal.target;
    if (t.kind === 'runtime-error') return sanitizerLines.includes(goal.range.line) ? true : noProbes ? null : false;
    const code = this.codeOf(fnName, goal);
    if (noProbes || !code) return null;
    const probe = (k: string) => this.byKey.get(`${code.name}|${k}`);
    switch (t.kind) {
      case 'point': {
        const id = t.statement === undefined ? undefined : probe(`point|${t.block}|${t.statement}`);
        return id === undefined ? null : rec.hits.has(id);
      }
      case 'block': {
        const id = probe(`block|${t.block}`);
        return id === undefined ? null : rec.hits.has(id);
      }
      case 'error': {
        const id = probe(`error|${t.block}|${t.index}`);
        return id === undefined ? null : rec.hits.has(id);
      }
      case 'assert': {
        const id = probe(`assert|${t.block}|${t.index}`);
        if (id === undefined) return null;
        // An ensures clause is violated when its check on return was false (the function returns normally).
        const instr = code.blocks.find((b) => b.id === t.block)?.instrs[t.index];
        if (instr?.kind === 'assert' && instr.origin === 'ensures') return rec.falses.has(id);
        // An assertion is reached when evaluated; that it fails is the harness's expectation (assert-fails at its line).
        return rec.truths.has(id) || rec.falses.has(id);
      }
      case 'edges': {
        const d = code.decisions.find((x) => x.id === goal.decision);
        if (!d) return null;
        const sw = probe(`switch|${d.id}`);
        if (sw !== undefined) {
          const block = code.blocks.find((b) => b.terminator.kind === 'switch' && b.terminator.decision === d.id);
          if (!block || block.terminator.kind !== 'switch') return null;
          const term = block.terminator;
          for (const v of rec.switchValues.get(sw) ?? []) {
            const target = term.cases.find((c) => c.values.some((x) => BigInt.asIntN(64, x) === v))?.target ?? term.default;
            if (t.edges.some((e) => e.from === block.id && e.to === target)) return true;
          }
          return false;
        }
        const id = probe(`decision|${d.id}`);
        if (id === undefined) return null;
        if (goal.outcome === 'true') return rec.truths.has(id);
        if (goal.outcome === 'false') return rec.falses.has(id);
        return null;
      }
    }
  }

  /**
   * Whether the run executed the block of a runtime-error goal (its block's probe, or the decision that ends
   * it), whatever the sanitizer said: null when no probe sees that block.
   */
  errorSiteRan(fnName: string, goalId: string, rec: ProbeRecord): boolean | null {
    const goal = this.goal(fnName, goalId);
    const t = goal?.target;
    if (!goal || t?.kind !== 'runtime-error') return null;
    const code = this.codeOf(fnName, goal);
    const block = code?.blocks.find((b) => b.id === t.block);
    if (!code || !block) return null;
    const blockProbe = this.byKey.get(`${code.name}|block|${block.id}`);
    if (blockProbe !== undefined) return rec.hits.has(blockProbe);
    const term = block.terminator;
    const decision = term.kind === 'branch' ? this.decisionProbe(code.name, term.decision) : undefined;
    if (decision !== undefined) return rec.truths.has(decision) || rec.falses.has(decision);
    return null;
  }

  /** The probe of a decision's outcome in function fnName. */
  decisionProbe(fnName: string, decision: string): number | undefined {
    return this.byKey.get(`${fnName}|decision|${decision}`);
  }

  /** Probes whose code starts on `line` in function fnName. */
  probesOnLine(fnName: string, line: number): number[] {
    const ids: number[] = [];
    this.probes.forEach((p, id) => {
      if (p.fn === fnName && p.line === line) ids.push(id);
    });
    return ids;
  }

  probe(id: number): Probe {
    return this.probes[id];
  }
}

function keyOf(p: Probe): string {
  switch (p.kind) {
    case 'block':
      return `${p.fn}|block|${p.block}`;
    case 'point':
      return `${p.fn}|point|${p.block}|${p.statement}`;
    case 'decision':
    case 'switch':
      return `${p.fn}|${p.kind}|${p.decision}`;
    case 'assert':
    case 'error':
      return `${p.fn}|${p.kind}|${p.block}|${p.index}`;
  }
}

function isCoverageGoal(g: GoalReport): boolean {
  return g.kind === 'statement' || g.kind === 'branch';
}

function claimedCoverage(report: Report): SuiteValidation['claimed'] {
  const claimed = { statements: { covered: 0, total: 0 }, branches: { covered: 0, total: 0 } };
  for (const f of report.functions) {
    const inTests = new Set(f.tests.flatMap((t) => t.goals));
    for (const g of f.goals) {
      if (!isCoverageGoal(g)) continue;
      const c = g.kind === 'statement' ? claimed.statements : claimed.branches;
      c.total++;
      if (g.status === 'covered' || inTests.has(g.id)) c.covered++;
    }
  }
  return claimed;
}

/** Claims against measurements: goal by goal (probes), then line by line and branch by branch (gcov against probes). */
function compareClaims(
  report: Report,
  observer: GoalObserver,
  records: { test: HarnessTest; rec: ProbeRecord; sanitizerLines: number[] }[],
  lines: GcovLine[],
  result: SuiteValidation,
): void {
  const where = (g: { line: number; column: number }) => `${report.file}:${g.line}:${g.column}`;
  for (const f of report.functions) {
    const inTests = new Set(f.tests.flatMap((t) => t.goals));
    const mine = records.filter((r) => r.test.function === f.name);
    for (const g of f.goals) {
      if (!isCoverageGoal(g)) continue;
      const claimed = g.status === 'covered' || inTests.has(g.id);
      const seen = mine.map((r) => observer.reached(f.name, g.id, r.rec, r.sanitizerLines, false));
      if (seen.some((s) => s === null)) {
        result.unobserved.push(g.id);
        continue;
      }
      const by = mine.filter((_, i) => seen[i]).map((r) => r.test.name);
      if (claimed && by.length === 0) result.differences.push(`${where(g)}: goal ${g.id} is claimed covered, but no test of the suite reaches it`);
      if (!claimed && by.length > 0 && (g.status === 'unknown' || g.status === 'not-reached'))
        result.reachedWhenRun.push(`${where(g)}: goal ${g.id} is left ${g.status}, but test ${by.join(', ')} reaches it when run`);
      else if (!claimed && by.length > 0)
        result.differences.push(`${where(g)}: goal ${g.id} is reported ${g.status}${g.proof ? ` (${g.proof})` : ''}, but test ${by.join(', ')} reaches it`);
    }

    // gcov against the probes: a line gcov counts must be a line where some probe fired, and the reverse.
    const cat = observer.catalogues.get(f.name);
    if (!cat) continue;
    const plain = mine.filter((r) => r.test.expect.kind !== 'runtime-error');
    const fired = (id: number) => plain.some((r) => r.rec.hits.has(id) || r.rec.truths.has(id) || r.rec.falses.has(id) || r.rec.switchValues.has(id));
    const leafDecisions = new Set(cat.fn.blocks.flatMap((b) => (b.terminator.kind === 'branch' ? [b.terminator.decision] : [])));
    for (const l of lines) {
      if (l.line < cat.fn.range.line || l.line > cat.fn.range.endLine) continue;
      const ids = observer.probesOnLine(f.name, l.line);
      if (ids.length === 0) continue;
      const probeSaw = ids.some(fired);
      if (probeSaw && l.count === 0) result.differences.push(`${report.file}:${l.line}: the tests run this line, but gcov counts it 0 times`);
      if (!probeSaw && l.count > 0) result.differences.push(`${report.file}:${l.line}: gcov counts this line ${l.count} times, but no probe on it fired`);
      // Branches: comparable when every conditional jump on the line is one two-way decision of ours.
      const leaves = ids.map((id) => observer.probe(id)).filter((p) => p.kind === 'decision' && leafDecisions.has(p.decision));
      const others = ids.map((id) => observer.probe(id)).filter((p) => p.kind === 'switch' || p.kind === 'assert');
      if (others.length || l.branches.length !== 2 * leaves.length || leaves.length === 0) continue;
      const probeTaken = ids
        .filter((id) => leafDecisions.has((observer.probe(id) as { decision?: string }).decision ?? ''))
        .reduce((n, id) => n + (plain.some((r) => r.rec.truths.has(id)) ? 1 : 0) + (plain.some((r) => r.rec.falses.has(id)) ? 1 : 0), 0);
      const gcovTaken = l.branches.filter((c) => c > 0).length;
      if (probeTaken !== gcovTaken)
        result.differences.push(`${report.file}:${l.line}: gcov sees ${gcovTaken} of ${l.branches.length} branch outcomes taken, the probes ${probeTaken}`);
    }
  }
}

/** The named functions and every function of the program they call, directly or not. */
function calledFrom(program: Program, names: string[]): string[] {
  const seen = new Set(names);
  const work = [...names];
  while (work.length) {
    const name = work.pop();
    const fn = program.functions.find((f) => f.name === name);
    for (const b of fn?.blocks ?? [])
      for (const i of b.instrs)
        if (i.kind === 'assign' && i.value.op === 'call' && !i.value.external && !seen.has(i.value.callee)) {
          seen.add(i.value.callee);
          work.push(i.value.callee);
        }
  }
  return [...seen];
}

/** The rvalue whose `bounds` error a test is expected to show (its goal's instruction, an assignment), else null. */
function boundsErrorOf(t: HarnessTest, catalogues: Map<string, { fn: IRFunction; goals: Goal[] }>): Rvalue | null {
  if (t.expect.kind !== 'runtime-error' || t.expect.error !== 'bounds') return null;
  const goal = t.expect.goal;
  const cat = catalogues.get(t.function);
  const target = cat?.goals.find((g) => g.id === goal)?.target;
  if (!cat || target?.kind !== 'runtime-error') return null;
  const instr = cat.fn.blocks[target.block]?.instrs[target.index];
  return instr?.kind === 'assign' ? instr.value : null;
}

/**
 * The expected runtime error of a test when no gcc sanitizer reports it, said for people: a read of an
 * uninitialised variable (MemorySanitizer is clang's), a pointer formed outside its object by
 * arithmetic (`-fsanitize=pointer-overflow` sees only a wrap-around of the address).
 */
function unobservableError(t: HarnessTest, catalogues: Map<string, { fn: IRFunction; goals: Goal[] }>): string | null {
  if (t.expect.kind === 'runtime-error' && t.expect.error === 'uninit') return 'a read of an uninitialised variable';
  return boundsErrorOf(t, catalogues)?.op === 'ptradd' ? 'a pointer formed outside its object by arithmetic' : null;
}
