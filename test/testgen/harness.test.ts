// Export and validation on factorial.c with hand-written reports whose values
// come from C semantics: f(2) loops twice (j = 2) and reaches `i = 2;`, f(0)
// skips the loop and returns 1, f(3) returns 6 and does not reach `i = 2;`.
import { describe, it, expect } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Report, GoalReport } from '../../shared/report';
import { validateSuite } from '../../server/src/testgen/validate';
import { factorialProgram } from './handir';
import { scratch, gcc, runExe, exportSuite } from './helpers';

const goal = (id: string, kind: GoalReport['kind'], line: number, status: GoalReport['status'], test?: string): GoalReport => ({
  id,
  kind,
  line,
  column: 1,
  label: id,
  status,
  test,
});

function factorialReport(): Report {
  const p = factorialProgram();
  return {
    file: p.file,
    functions: [
      {
        name: 'f',
        line: 5,
        goals: [
          goal('f:7:stmt', 'statement', 7, 'covered', 't1'),
          goal('f:8:stmt', 'statement', 8, 'covered', 't1'),
          goal('f:9:stmt', 'statement', 9, 'covered', 't1'),
          goal('f:12:stmt', 'statement', 12, 'covered', 't1'),
          goal('f:13:stmt', 'statement', 13, 'covered', 't1'),
          goal('f:14:stmt', 'statement', 14, 'covered', 't1'),
          goal('f:8:while:true', 'branch', 8, 'covered', 't1'),
          goal('f:8:while:false', 'branch', 8, 'covered', 't1'),
          goal('f:12:if:true', 'branch', 12, 'covered', 't1'),
          goal('f:12:if:false', 'branch', 12, 'covered', 't2'),
        ],
        tests: [
          { id: 't1', inputs: { i: 2 }, globals: {}, nondet: [], result: 2, goals: ['f:13:stmt', 'f:12:if:true', 'f:8:while:true'] },
          { id: 't2', inputs: { i: 0 }, globals: {}, nondet: [], result: 1, goals: ['f:12:if:false', 'f:8:while:false'] },
        ],
      },
    ],
  };
}

describe('C harness', () => {
  it('exports a harness that compiles without warnings and passes', () => {
    const dir = scratch('export');
    const [file] = exportSuite(factorialProgram(), factorialReport(), dir, 'c');
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('#define main creach_user_main');
    expect(text).toMatch(/t1: f, generated for goals:\n \* {3}f:13:stmt/);
    expect(gcc(dir, ['-Wall', '-Wextra', path.basename(file), '-o', 'tests'])).toBe('');
    const all = runExe(path.join(dir, 'tests'));
    expect(all.stdout).toMatch(/^2 passed, 0 failed$/m);
    expect(all.code).toBe(0);
    const one = runExe(path.join(dir, 'tests'), ['t2']);
    expect(one.stdout.trim()).toBe('1 passed, 0 failed');
  });

  it('fails with a readable message when an expected result is wrong', () => {
    const dir = scratch('wrong');
    const [file] = exportSuite(factorialProgram(), factorialReport(), dir, 'c');
    const text = fs.readFileSync(file, 'utf8');
    const body = text.indexOf('static void creach_body_t1');
    const wrong = text.slice(0, body) + text.slice(body).replace('int creach_e = 2;', 'int creach_e = 3;').replace('"result", "2"', '"result", "3"');
    expect(wrong).not.toBe(text);
    fs.writeFileSync(file, wrong);
    gcc(dir, ['-Wall', '-Wextra', path.basename(file), '-o', 'tests']);
    const r = runExe(path.join(dir, 'tests'));
    expect(r.stdout).toContain('t1 (goals f:13:stmt, f:12:if:true, f:8:while:true): expected result 3, got 2');
    expect(r.stdout).toMatch(/^1 passed, 1 failed$/m);
    expect(r.code).toBe(1);
  });
});

describe('validation', () => {
  it('confirms a correct suite; gcov coverage equals the claims', async () => {
    const report = factorialReport();
    const v = await validateSuite(factorialProgram(), report, { compiler: 'gcc', workDir: scratch('validate'), timeoutMs: 10_000, sanitize: true });
    expect(v.available).toBe(true);
    expect(v.warnings).toBe('');
    expect(v.differences).toEqual([]);
    expect(v.unobserved).toEqual([]);
    expect(v.tests.map((t) => [t.name, t.reached, t.resultsMatch, t.sanitizer])).toEqual([
      ['t1', true, true, null],
      ['t2', true, true, null],
    ]);
    expect(report.functions[0].tests.map((t) => t.validated)).toEqual([true, true]);
    // Two two-way decisions, all four outcomes taken; every line of f runs.
    expect(v.measured!.branches).toEqual({ covered: 4, total: 4 });
    expect(v.measured!.statements.covered).toBe(v.measured!.statements.total);
    expect(v.claimed).toEqual({ statements: { covered: 6, total: 6 }, branches: { covered: 4, total: 4 } });
  });

  it('catches a datum that does not reach its claimed goal, and a claim no test backs', async () => {
    const report = factorialReport();
    // f(3) = 6: the loop runs, but j == 2 is false.
    report.functions[0].tests[0] = { id: 't1', inputs: { i: 3 }, globals: {}, nondet: [], result: 6, goals: ['f:13:stmt', 'f:12:if:true'] };
    const v = await validateSuite(factorialProgram(), report, { compiler: 'gcc', workDir: scratch('unreached'), timeoutMs: 10_000, sanitize: true });
    expect(v.tests[0]).toMatchObject({ reached: false, missed: ['f:13:stmt', 'f:12:if:true'], resultsMatch: true });
    expect(report.functions[0].tests[0].validated).toBe(false);
    expect(report.functions[0].tests[0].validation).toContain('does not reach f:13:stmt, f:12:if:true');
    expect(v.differences).toContain(`${report.file}:13:1: goal f:13:stmt is claimed covered, but no test of the suite reaches it`);
    expect(v.differences).toContain(`${report.file}:12:1: goal f:12:if:true is claimed covered, but no test of the suite reaches it`);
  });

  it('an open goal a test reaches is a measurement, not a contradiction; an unreachable one a test reaches is a bug', async () => {
    const report = factorialReport();
    // f(2) reaches `i = 2;` (line 13): left unknown it is reported as reached when run; called unreachable, a bug.
    const goals = report.functions[0].goals;
    const stmt = goals.findIndex((g) => g.id === 'f:13:stmt');
    goals[stmt] = goal('f:13:stmt', 'statement', 13, 'unknown');
    const branch = goals.findIndex((g) => g.id === 'f:12:if:true');
    goals[branch] = goal('f:12:if:true', 'branch', 12, 'unreachable');
    for (const t of report.functions[0].tests) t.goals = t.goals.filter((id) => id !== 'f:13:stmt' && id !== 'f:12:if:true');
    const v = await validateSuite(factorialProgram(), report, { compiler: 'gcc', workDir: scratch('open'), timeoutMs: 10_000, sanitize: true });
    expect(v.reachedWhenRun).toEqual([`${report.file}:13:1: goal f:13:stmt is left unknown, but test t1 reaches it when run`]);
    expect(v.differences).toEqual([`${report.file}:12:1: goal f:12:if:true is reported unreachable, but test t1 reaches it`]);
  });

  it('reports a sanitizer complaint: f(-1) overflows j * i', async () => {
    const report = factorialReport();
    report.functions[0].tests = [{ id: 't1', inputs: { i: -1 }, globals: {}, nondet: [], result: 0, goals: ['f:8:while:true'] }];
    const v = await validateSuite(factorialProgram(), report, { compiler: 'gcc', workDir: scratch('ub'), timeoutMs: 20_000, sanitize: true });
    expect(v.sanitizers).toBe(true);
    expect(v.tests[0].sanitizer).toMatch(/:9:\d+: runtime error: signed integer overflow/);
    expect(report.functions[0].tests[0].validated).toBe(false);
  });

  it('says so when there is no compiler, and export still works', async () => {
    const report = factorialReport();
    const v = await validateSuite(factorialProgram(), report, { compiler: '/nonexistent/cc', workDir: scratch('nocc'), timeoutMs: 10_000, sanitize: true });
    expect(v.available).toBe(false);
    expect(v.message).toMatch(/no C compiler: '\/nonexistent\/cc' cannot be run/);
    expect(report.functions[0].tests.every((t) => t.validated === undefined)).toBe(true);
    expect(exportSuite(factorialProgram(), report, scratch('nocc-export'), 'json')).toHaveLength(1);
  });
});
