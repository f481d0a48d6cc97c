// The engine behind the API of api.ts: front end -> catalogue -> solver, and
// the report of DESIGN.md. The CLI and the language server's workers create
// one engine each; it keeps the last program and solvers per file so that
// repeated queries on an unchanged file reuse their encodings (warm engine).

import { createHash } from 'node:crypto';
import type { CheckRequest, CoverRequest, Engine, EngineOptions, ReachRequest, SourceInput } from './api';
import type { FunctionReport, GoalReport, Report, TestReport } from '../../shared/report';
import type { CfgView } from '../../shared/cfg';
import type { IRFunction, Program } from './ir/ir';
import type { Goal } from './goals/goal';
import { loadProgram } from './frontend/index';
import { buildCatalogue, goalAt } from './goals/catalogue';
import { cfgView } from './goals/cfgView';
import { buildSuite } from './solve/suite';
import { FunctionSolver, type GoalVerdict } from './solve/query';
import { exclusive, getZ3 } from './z3/z3';
import { compileWhere } from './solve/where';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { validateSuite } from './testgen/validate';

/** How many functions keep their encodings and solvers between queries. */
const KEPT_SOLVERS = 8;

/** A request the engine cannot answer as asked (no goal on that line, unknown function...): exit code 2 in the CLI. */
export class RequestError extends Error {}

interface Loaded {
  key: string;
  program: Program;
  solvers: Map<string, FunctionSolver>;
  catalogues: Map<string, Goal[]>;
}

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const engine = await createUnserializedEngine(options);
  return {
    outline: (req) => exclusive(() => engine.outline(req)),
    reach: (req, signal) => exclusive(() => engine.reach(req, signal)),
    check: (req, signal) => exclusive(() => engine.check(req, signal)),
    cover: (req, signal) => exclusive(() => engine.cover(req, signal)),
    cfg: (req) => exclusive(() => engine.cfg(req)),
    dispose: () => engine.dispose(),
  };
}

async function createUnserializedEngine(options: EngineOptions): Promise<Engine> {
  const z = await getZ3();
  let cache: Loaded | null = null;

  async function load(input: SourceInput): Promise<Loaded> {
    const text = input.text ?? (await readFile(input.file, 'utf8'));
    const key = createHash('sha256').update(input.file).update('\0').update(text).update(JSON.stringify(options)).digest('hex');
    if (cache?.key === key) return cache;
    const program = await loadProgram({ file: input.file, text }, options);
    cache = { key, program, solvers: new Map(), catalogues: new Map() };
    return cache;
  }

  // The solvers of the functions used last (their encodings are what makes a warm query fast);
  // older ones are dropped so that a long session over a large file keeps a bounded memory.
  const solverFor = (l: Loaded, fn: IRFunction) => {
    let s = l.solvers.get(fn.name);
    if (s) l.solvers.delete(fn.name);
    else s = new FunctionSolver(z, l.program, fn, options);
    l.solvers.set(fn.name, s);
    while (l.solvers.size > KEPT_SOLVERS) l.solvers.delete(l.solvers.keys().next().value!);
    return s;
  };
  const goalsOf = (l: Loaded, fn: IRFunction) => {
    let g = l.catalogues.get(fn.name);
    if (!g) l.catalogues.set(fn.name, (g = buildCatalogue(l.program, fn, { runtimeErrors: options.runtimeErrors })));
    return g;
  };
  const functionsOf = (l: Loaded, name?: string): IRFunction[] => {
    if (name === undefined) return l.program.functions;
    const f = l.program.functions.find((x) => x.name === name);
    if (!f) throw new RequestError(`${l.program.file}: no function '${name}' (functions: ${l.program.functions.map((x) => x.name).join(', ') || 'none'})`);
    return [f];
  };
  const baseReport = (l: Loaded): Report => ({
    file: l.program.file,
    functions: [],
    diagnostics: l.program.diagnostics.map((d) => ({ line: d.range.line, column: d.range.column, severity: d.severity, message: d.message })),
  });
  const fnReport = (l: Loaded, fn: IRFunction, goals: GoalReport[], tests: TestReport[]): FunctionReport => {
    const unsupported = collectUnsupported(fn);
    return { name: fn.name, line: fn.range.line, goals, tests, ...(unsupported.length ? { unsupported } : {}) };
  };

  /**
   * With `options.validate` (the editor, in trusted workspaces only), the data
   * of a reach/check/cover report are compiled and run with the configured
   * compiler, which sets `validated`/`validation` on each test.
   */
  async function validated(l: Loaded, report: Report, signal?: AbortSignal): Promise<Report> {
    if (options.validate !== true || report.functions.every((f) => f.tests.length === 0)) return report;
    signal?.throwIfAborted();
    const workDir = await mkdtemp(path.join(tmpdir(), 'creach-validate-'));
    try {
      const v = await validateSuite(l.program, report, {
        compiler: options.compiler, workDir, timeoutMs: 10_000, sanitize: true,
        includePaths: options.includePaths, defines: options.defines,
      });
      if (!v.available) {
        for (const t of report.functions.flatMap((f) => f.tests)) {
          t.validated = false;
          t.validation = v.message ?? 'no C compiler to validate with';
        }
      }
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return report;
  }

  return {
    async outline(req) {
      const l = await load(req);
      const report = baseReport(l);
      for (const fn of functionsOf(l)) report.functions.push(fnReport(l, fn, goalsOf(l, fn).map((g) => goalReport(g, { status: 'unknown', reason: 'not analysed yet' })), []));
      return report;
    },

    async reach(req: ReachRequest, signal?: AbortSignal) {
      const l = await load(req);
      const fn = req.function ? functionsOf(l, req.function)[0] : functionAtLine(l.program, req.line);
      const goals = goalsOf(l, fn);
      let goal: Goal;
      try {
        goal = goalAt(goals.filter((g) => g.kind === 'statement' || g.kind === 'branch'), req.line, req.column, req.outcome);
      } catch (e) {
        const inside = req.outcome === undefined ? statementInsideBlock(l.program, fn, req.line) : undefined;
        if (!inside) throw new RequestError(`${l.program.file}:${req.line}:${req.column ?? 1}: ${(e as Error).message}`);
        goal = inside;
      }
      const fs = solverFor(l, fn);
      const where = req.where ? await compileWhere(z, l.program, fn, req.where) : undefined;
      const report = baseReport(l);
      if (req.all) {
        const { data, exhausted, verdict, bound } = await fs.enumerate(goal, req.limit ?? 100, { signal, where });
        const tests = data.map((d, i): TestReport => ({ id: `t${i + 1}`, ...d.test, goals: [goal.id] }));
        const gr = goalReport(goal, tests.length ? { status: 'covered', bound: verdict.bound } : verdict, tests[0]?.id);
        const limit = req.limit ?? 100;
        if (tests.length)
          gr.reason = exhausted
            ? `exactly ${tests.length} distinct input vectors reach it`
            : tests.length >= limit
              ? `at least ${tests.length} distinct input vectors reach it (limit reached)`
              : `at least ${tests.length} distinct input vectors reach it (others, if any, run loops more than ${bound ?? 'the bound'} times, or the solver ran out of time)`;
        report.functions.push(fnReport(l, fn, [gr], tests));
        return validated(l, report, signal);
      }
      const v = await fs.reach(goal, { signal, where });
      const tests: TestReport[] = v.datum ? [{ id: 't1', ...v.datum.test, goals: [goal.id] }] : [];
      report.functions.push(fnReport(l, fn, [goalReport(goal, v, tests[0]?.id)], tests));
      return validated(l, report, signal);
    },

    async check(req: CheckRequest, signal?: AbortSignal) {
      const l = await load(req);
      const report = baseReport(l);
      for (const fn of functionsOf(l, req.function)) {
        const fs = solverFor(l, fn);
        const goals: GoalReport[] = [];
        const tests: TestReport[] = [];
        for (const goal of goalsOf(l, fn).filter((g) => g.kind === 'assertion' || g.kind === 'runtime-error')) {
          // Many properties hold: explaining each under unrolled loops would cost more than checking them.
          const v = await fs.reach(goal, { signal, explain: 'loop-free' });
          let testId: string | undefined;
          if (v.datum) {
            testId = `t${tests.length + 1}`;
            tests.push({ id: testId, ...v.datum.test, goals: [goal.id] });
          }
          goals.push(goalReport(goal, v, testId));
        }
        report.functions.push(fnReport(l, fn, goals, tests));
      }
      return validated(l, report, signal);
    },

    async cover(req: CoverRequest, signal?: AbortSignal) {
      const l = await load(req);
      const report = baseReport(l);
      for (const fn of functionsOf(l, req.function)) {
        const all = goalsOf(l, fn);
        const goals = all.filter((g) => g.kind === 'statement' || (req.criterion === 'decision' && g.kind === 'branch'));
        const suite = await buildSuite(solverFor(l, fn), goals, signal);
        const reports = goals.map((g) => goalReport(g, suite.verdicts.get(g.id) ?? { status: 'unknown', reason: 'not analysed' }, suite.verdicts.get(g.id)?.test));
        report.functions.push(fnReport(l, fn, reports, suite.tests));
      }
      return validated(l, report, signal);
    },

    async cfg(req): Promise<CfgView[]> {
      const l = await load(req);
      return functionsOf(l, req.function).map((fn) => cfgView(l.program, fn, goalsOf(l, fn)));
    },

    dispose() {
      cache = null;
    },
  };
}

export function goalReport(goal: Goal, v: GoalVerdict, test?: string): GoalReport {
  const r: GoalReport = {
    id: goal.id,
    kind: goal.kind,
    line: goal.range.line,
    column: goal.range.column,
    endLine: goal.range.endLine,
    endColumn: goal.range.endColumn,
    label: goal.label,
    status: v.status,
  };
  if (goal.outcome !== undefined) r.outcome = goal.outcome;
  if (v.proof) r.proof = v.proof;
  if (v.bound !== undefined) r.bound = v.bound;
  if (v.reason) r.reason = v.reason;
  if (v.why) r.why = v.why;
  if (test) r.test = test;
  return r;
}

/** A statement that does not start a block (`return r;` after `r = ...;`): a goal on its first instruction. */
function statementInsideBlock(program: Program, fn: IRFunction, line: number): Goal | undefined {
  for (const b of fn.blocks) {
    const index = b.instrs.findIndex((i) => i.range.line === line);
    if (index < 0 && !(b.terminator.kind === 'return' && b.terminator.range.line === line)) continue;
    const at = index < 0 ? b.instrs.length : index;
    const range = index < 0 ? (b.terminator as { range: Goal['range'] }).range : b.instrs[index].range;
    const text = program.source.split('\n')[range.line - 1]?.trim() ?? '';
    return { id: `${fn.name}:${line}:stmt`, kind: 'statement', function: fn.name, range, label: `statement \`${text}\``, target: { kind: 'point', block: b.id, index: at } };
  }
  return undefined;
}

function functionAtLine(program: Program, line: number): IRFunction {
  const fn = program.functions.find((f) => f.range.line <= line && line <= f.range.endLine);
  if (!fn) throw new RequestError(`${program.file}:${line}:1: line ${line} is not inside a function`);
  return fn;
}

function collectUnsupported(fn: IRFunction): { line: number; what: string }[] {
  const out: { line: number; what: string }[] = [];
  for (const b of fn.blocks)
    for (const i of b.instrs) {
      if (i.kind === 'unsupported') out.push({ line: i.range.line, what: i.what });
      else if (i.kind === 'assign' && (i.value.op === 'havoc' || i.value.op === 'icall')) out.push({ line: i.range.line, what: i.value.op === 'havoc' ? i.value.what : 'call through a function pointer' });
    }
  return out;
}
