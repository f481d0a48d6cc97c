// Reads of uninitialised locals (issue 17 §3): a runtime-error goal of its
// own, violated exactly where C reads a local before any assignment. The
// truth comes from gcc: each function runs on every input of a small domain,
// built twice with its locals filled with zeros and with a pattern
// (-ftrivial-auto-var-init); an input whose result differs read an
// uninitialised local. Every counter-example must be such an input; a
// function no input of the domain reads uninitialised has no violation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectAllValidated, fixture, validate, writeC } from './helpers';
import { exportSuite } from '../testgen/helpers';
import { loadProgram } from '../../server/src/frontend/index';

const run = promisify(execFile);
const file = fixture('uninitialised.c');
const FUNCTIONS = ['one_branch', 'both_branches', 'each_iteration', 'every_case', 'late', 'deep_in_loop'];
/** The functions whose reads are within the loop bound: decided by unrolling. */
const SHALLOW = FUNCTIONS.filter((f) => f !== 'deep_in_loop');
const DOMAIN = Array.from({ length: 41 }, (_, k) => k - 20);

let engine: Engine;
let reads: Map<string, Set<number>>;

/** For each function, the inputs of DOMAIN whose result depends on what fills the locals (gcc). */
async function uninitialisedInputs(): Promise<Map<string, Set<number>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-uninit-'));
  const main = [
    '#include <stdio.h>',
    ...FUNCTIONS.map((f) => `int ${f}(int);`),
    'int main(void) {',
    `  for (int c = ${DOMAIN[0]}; c <= ${DOMAIN[DOMAIN.length - 1]}; c++) printf("${FUNCTIONS.map(() => '%d').join(' ')}\\n", ${FUNCTIONS.map((f) => `${f}(c)`).join(', ')});`,
    '  return 0;',
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'main.c'), main);
  const outputs: string[][][] = [];
  for (const fill of ['zero', 'pattern']) {
    const exe = path.join(dir, `run-${fill}`);
    await run('gcc', ['-O0', '-w', `-ftrivial-auto-var-init=${fill}`, '-o', exe, file, path.join(dir, 'main.c')]);
    outputs.push(
      (await run(exe)).stdout
        .trim()
        .split('\n')
        .map((l) => l.split(' ')),
    );
  }
  return new Map(FUNCTIONS.map((f, k) => [f, new Set(DOMAIN.filter((_, i) => outputs[0][i][k] !== outputs[1][i][k]))]));
}

beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
  reads = await uninitialisedInputs();
});
afterAll(() => engine?.dispose());

describe('reads of uninitialised locals', () => {
  it('violated exactly in the functions where gcc sees one, with a counter-example that reads one', async () => {
    // The fixture has both kinds.
    expect(SHALLOW.filter((f) => reads.get(f)!.size > 0)).toEqual(['one_branch', 'each_iteration', 'late']);
    for (const fn of SHALLOW) {
      const report = await engine.check({ file, function: fn });
      const goals = report.functions[0].goals.filter((g) => g.outcome === 'uninit');
      const violated = goals.filter((g) => g.status === 'violated');
      expect({ fn, violated: violated.length > 0 }).toEqual({ fn, violated: reads.get(fn)!.size > 0 });
      // No other verdict is unsure: the others hold (a path that would read uninitialised ends there).
      expect(goals.filter((g) => g.status !== 'violated' && g.status !== 'holds')).toEqual([]);
      for (const g of violated) {
        const t = report.functions[0].tests.find((x) => x.id === g.test)!;
        expect({ fn, input: t.inputs.c ?? t.inputs.n, reads: reads.get(fn)!.has(Number(t.inputs.c ?? t.inputs.n)) }).toMatchObject({ fn, reads: true });
        expect(g.reason ?? '').toBe('');
      }
      // The counter-example of a read cannot be confirmed by running (gcc has no MemorySanitizer): said so, not failed.
      if (violated.length) {
        await validate(file, report);
        for (const g of violated) {
          const t = report.functions[0].tests.find((x) => x.id === g.test)!;
          expect({ validated: t.validated, validation: t.validation }).toEqual({
            validated: undefined,
            validation: 'not checked by running: no gcc sanitizer detects a read of an uninitialised variable',
          });
        }
      }
    }
  }, 300_000);

  it('a read after 999 iterations is never proved away; the overflow after it is, by the loop keeping x unassigned', async () => {
    // gcc: every input reads x uninitialised (at i == 999); the assignment in the loop never runs.
    expect(reads.get('deep_in_loop')!.size).toBe(DOMAIN.length);
    const report = await engine.check({ file, function: 'deep_in_loop' });
    const goal = report.functions[0].goals.find((g) => g.outcome === 'uninit')!;
    expect(['violated', 'not-reached', 'unknown']).toContain(goal.status);
    // `x + c` can only overflow once x was read defined, which no run does (as Frama-C's Eva finds).
    const overflow = report.functions[0].goals.find((g) => g.outcome === 'overflow')!;
    expect({ status: overflow.status, proof: overflow.proof }).toEqual({ status: 'holds', proof: 'invariant' });
    expect(overflow.reason).toContain('!\\initialized(&x)');
  }, 120_000);

  it('the other errors of the instruction count only after defined reads: `x + 1` of an uninitialised x cannot be called an overflow', async () => {
    const report = await engine.check({ file, function: 'one_branch' });
    const overflow = report.functions[0].goals.find((g) => g.outcome === 'overflow')!;
    expect(overflow.status).toBe('holds');
  }, 60_000);

  it('coverage data never read an uninitialised local, and validate', async () => {
    for (const fn of SHALLOW) {
      const report = await engine.cover({ file, function: fn, criterion: 'decision' });
      await expectAllValidated(file, report);
      for (const t of report.functions[0].tests) {
        if (t.result === undefined) continue;
        expect({ fn, c: t.inputs.c ?? t.inputs.n, reads: reads.get(fn)!.has(Number(t.inputs.c ?? t.inputs.n)) }).toMatchObject({ reads: false });
      }
    }
  }, 300_000);

  it("SV-COMP's convention (--property, uninitialisedNondet): an uninitialised local has any value, and no goal is made of reading it", async () => {
    const prog = writeC(
      'svcomp.c',
      'extern void reach_error(void);\nint main(void) {\n  unsigned int x;\n  if (x == 12345u)\n    reach_error();\n  return 0;\n}\n',
    );
    const ub = await engine.check({ file: prog });
    const main = ub.functions[0].goals;
    expect(main.find((g) => g.outcome === 'uninit')?.status).toBe('violated');
    expect(main.find((g) => g.kind === 'assertion')?.status).toBe('holds');
    const nondet = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000, runtimeErrors: false, uninitialisedNondet: true });
    try {
      const sv = await nondet.check({ file: prog });
      expect(sv.functions[0].goals.map((g) => [g.kind, g.status])).toEqual([['assertion', 'violated']]);
      // The counter-example gives the value the declaration (line 3) takes, and the harness sets it there:
      // run, x == 12345u reaches the call.
      const t = sv.functions[0].tests[0];
      expect(t.indeterminate).toEqual([{ variable: 'x', line: 3, value: 12345, type: 'unsigned int' }]);
      expect(t.nondet).toEqual([]);
      await validate(prog, sv);
      expect({ validated: t.validated, why: t.validation }).toEqual({ validated: true, why: undefined });
      // The value is really the harness's: another one does not reach the call.
      t.indeterminate![0].value = 12344;
      await validate(prog, sv);
      expect(t.validated).toBe(false);
    } finally {
      nondet.dispose();
    }
  }, 120_000);

  it("SV-COMP's convention: each execution of a declaration takes the datum's value, and the compiled run's results match", async () => {
    const nondet = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000, runtimeErrors: false, uninitialisedNondet: true });
    try {
      // each_iteration: s = 5 + t (the second iteration's t, never assigned) + n.
      const report = await nondet.cover({ file, function: 'each_iteration', criterion: 'decision' });
      const tests = report.functions[0].tests;
      expect(tests.some((x) => x.result !== undefined)).toBe(true);
      for (const t of tests.filter((x) => x.result !== undefined)) {
        expect(t.indeterminate?.map((u) => [u.variable, u.line])).toEqual([
          ['t', 26],
          ['t', 26],
        ]);
        // C: the first iteration assigns 5, the second adds what its declaration gave.
        expect(t.result).toBe(5 + Number(t.indeterminate![1].value) + Number(t.inputs.n));
      }
      await expectAllValidated(file, report);
      // The exported harness comes with the source copy that sets them: it compiles and passes with gcc.
      const program = await loadProgram({ file }, defaultEngineOptions);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-uninit-export-'));
      const files = exportSuite(program, report, dir, 'c');
      expect(files.map((f) => path.basename(f))).toEqual(['uninitialised_source.c', 'uninitialised_tests.c']);
      await run('gcc', ['-Wall', '-Wextra', '-Werror', '-o', path.join(dir, 'tests'), files[1]]);
      const { stdout } = await run(path.join(dir, 'tests'));
      expect(stdout).toMatch(new RegExp(`^${tests.length} passed, 0 failed$`, 'm'));
    } finally {
      nondet.dispose();
    }
  }, 120_000);
});
