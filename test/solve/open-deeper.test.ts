// A goal no execution reaches within a low loop bound, whose next bound runs
// out of solver time, keeps the low bound's answer ("not reached within 2
// loop iterations"), saying why the search stopped: it used to become
// unknown, so that josephus.c's list accesses, shown unreached within 4
// iterations, ended unknown after 3.5 minutes. The timeout cannot be provoked
// on purpose and on time, so this test makes the real solver's checks on the
// level of bound 4 fail, as Z3 does (a solver failure counts as running out).
// Ground truth: the compiled function returns 1 only for n == 1000, and an
// execution within 2 iterations has n <= 2.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { buildCatalogue, goalAt } from '../../server/src/goals/catalogue';
import { FunctionSolver } from '../../server/src/solve/query';
import { getZ3 } from '../../server/src/z3/z3';
import { causesText } from '../../shared/verdicts';
import { writeC } from './helpers';

const SOURCE = `int f(int n) {
  int i = 0;
  while (i < n)
    i++;
  if (i == 1000)
    return 1;
  return 0;
}
`;

describe('a deeper loop bound that runs out of solver time', () => {
  it('leaves the goal not reached within the lower bound (bounded, never a proof), saying where the search stopped', async () => {
    const file = writeC('deeper.c', SOURCE);
    // gcc: returns 1 for n = 1000, 0 for every n that runs the loop at most twice.
    const exe = `${file}.exe`;
    execFileSync('gcc', ['-O0', '-w', '-x', 'c', '-', '-o', exe], {
      input: `${SOURCE}#include <stdio.h>\nint main(void) { for (int n = -3; n <= 2; n++) printf("%d", f(n)); printf(" %d\\n", f(1000)); return 0; }\n`,
    });
    expect(execFileSync(exe, { encoding: 'utf8' })).toBe('000000 1\n');

    const options = { ...defaultEngineOptions, timeoutMs: 30_000 };
    const program = await loadProgram({ file }, options);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const goal = goalAt(buildCatalogue(program, fn, { runtimeErrors: false }), 6);
    const z = await getZ3();
    const fs = new FunctionSolver(z, program, fn, options);
    expect(fs.bounds.slice(0, 3)).toEqual([1, 2, 4]);

    // Every check on the level of bound 4 fails inside Z3; the levels below answer.
    const solverOf4 = (await fs.level(4)).solver.ptr as unknown as number;
    const check = z.em._Z3_solver_check_assumptions;
    let failed = 0;
    z.em._Z3_solver_check_assumptions = (ctx, solver, n, assumptions) => {
      if (solver !== solverOf4) return check(ctx, solver, n, assumptions);
      failed++;
      throw new Error('unreachable');
    };
    const v = await fs.reach(goal, { probed: true }).finally(() => (z.em._Z3_solver_check_assumptions = check));
    expect(failed).toBe(1);
    expect(v.status).toBe('not-reached');
    expect(v.proof).toBe('bounded');
    expect(v.bound).toBe(2);
    expect(v.datum).toBeUndefined();
    expect(v.causes).toEqual([
      { kind: 'loop-bound', bound: 2 },
      { kind: 'open-deeper', bound: 4, causes: [{ kind: 'solver-failed', message: 'unreachable' }] },
    ]);
    expect(v.openAbove).toEqual({ bound: 4, quick: false });
    expect(causesText(v.causes)).toBe(
      'not reached with loops unrolled 2 times; some executions run longer (raise the loop bound); ' +
        'unrolled 4 times, it was left open (the solver failed inside a query (Z3: unreachable))',
    );

    // With that level answering again (built afresh), the search goes on: no execution within 4 iterations either.
    const again = await fs.reach(goal, { probed: true, bounds: { to: 4 } });
    expect(again).toMatchObject({ status: 'not-reached', proof: 'bounded', bound: 4 });
  }, 120_000);

  it("asks a level's unwinding check once when it runs out of time: the next goals there are told at once", async () => {
    const file = writeC('unwind.c', SOURCE);
    const options = { ...defaultEngineOptions, timeoutMs: 30_000 };
    const program = await loadProgram({ file }, options);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const goals = buildCatalogue(program, fn, { runtimeErrors: false });
    const returnOne = goalAt(goals, 6);
    const thenBranch = goals.find((g) => g.id === 'f:5:if:true')!;
    expect(thenBranch).toBeDefined();
    const z = await getZ3();
    const fs = new FunctionSolver(z, program, fn, options);
    const level4 = await fs.level(4);
    // Running out of time on the unwinding check (`okAll && anyUnwind`) cannot be provoked on time: the
    // solver's query method answers unknown for that check on the level of bound 4 (every other check is Z3's).
    const seam = fs as unknown as { check: (level: unknown, assumptions: unknown[], ...rest: unknown[]) => Promise<string> };
    const check = seam.check.bind(fs);
    let unwindingChecks = 0;
    seam.check = (level, assumptions, ...rest) => {
      if (level === level4 && assumptions.includes(level4.enc.anyUnwind)) {
        unwindingChecks++;
        return Promise.resolve('unknown');
      }
      return check(level, assumptions, ...rest);
    };
    const expected = {
      status: 'not-reached',
      proof: 'bounded',
      bound: 2,
      causes: [
        { kind: 'loop-bound', bound: 2 },
        { kind: 'open-deeper', bound: 4, causes: [{ kind: 'timeout', limitMs: 30_000, during: 'unwinding check', bound: 4 }] },
      ],
    };
    expect(await fs.reach(returnOne, { probed: true })).toMatchObject(expected);
    expect(unwindingChecks).toBe(1);
    expect(await fs.reach(thenBranch, { probed: true })).toMatchObject(expected);
    expect(unwindingChecks).toBe(1);
  }, 120_000);
});
