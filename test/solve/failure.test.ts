// Z3 failing inside a check (an internal error: CI once saw its "unreachable"
// assertion thrown from `check`) must give `unknown` with Z3's message, never
// a crash of the request nor a verdict, and the next query must use a solver
// built afresh. The failure cannot be provoked on purpose, so this test makes
// the real solver's next check throw, as Z3 does.
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { buildCatalogue, goalAt } from '../../server/src/goals/catalogue';
import { FunctionSolver } from '../../server/src/solve/query';
import { getZ3 } from '../../server/src/z3/z3';
import { causesText } from '../../shared/verdicts';
import { writeC } from './helpers';

describe('a solver failure inside a query', () => {
  it('answers unknown with the solver failure as its cause, and the next query builds the solver afresh', async () => {
    const file = writeC('fail.c', 'int f(int x) {\n  if (x * x == 49 && x < 0)\n    return 1;\n  return 0;\n}\n');
    const options = { ...defaultEngineOptions, timeoutMs: 30_000 };
    const program = await loadProgram({ file }, options);
    const fn = program.functions.find((f) => f.name === 'f')!;
    const goal = goalAt(buildCatalogue(program, fn, { runtimeErrors: false }), 3);
    const z = await getZ3();
    const fs = new FunctionSolver(z, program, fn, options);

    // A check runs first on the JS thread (z3.ts checkSolver), through the module's raw export: make that throw.
    const level = await fs.level(fs.bounds[0]);
    const check = z.em._Z3_solver_check_assumptions;
    let thrown = 0;
    z.em._Z3_solver_check_assumptions = () => {
      thrown++;
      throw new Error('unreachable');
    };
    const failed = await fs.reach(goal).finally(() => (z.em._Z3_solver_check_assumptions = check));
    expect(thrown).toBe(1);
    expect(failed.status).toBe('unknown');
    expect(failed.causes).toEqual([{ kind: 'solver-failed', message: 'unreachable' }]);
    expect(causesText(failed.causes)).toBe('the solver failed inside a query (Z3: unreachable)');

    // A new level, whose solver answers: x = -7 (gcc: (-7) * (-7) == 49).
    expect(await fs.level(fs.bounds[0])).not.toBe(level);
    const again = await fs.reach(goal);
    expect(again.status).toBe('covered');
    expect(again.datum?.test.inputs.x).toBe(-7);
  }, 60_000);
});
