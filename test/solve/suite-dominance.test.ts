// A coverage suite settles, from a goal proved unreachable, the goals no
// execution reaches without it (their blocks are dominated by its block):
// a branch and the statements it alone leads to never get two answers.
// Which goals those are is a property of the control-flow graph, checked
// here on hand-read C: a branch edge that is not the only way into its
// target (two cases of one switch) settles nothing.
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { buildCatalogue } from '../../server/src/goals/catalogue';
import { dominatedBy } from '../../server/src/solve/suite';

const source = `int f(int a, int b) {
  int r = 0;
  if (a > 0) {
    r = 1;
    r = r + b;
  } else
    r = 2;
  switch (b) {
  case 1:
  case 2:
    r = 3;
    break;
  default:
    r = 4;
  }
  return r;
}
`;

describe('goals settled by an unreachable goal', () => {
  it('follow dominance: a branch settles what only it leads to, a statement the rest of its block', async () => {
    const program = await loadProgram({ file: '/tmp/creach-dominance.c', text: source }, defaultEngineOptions);
    const fn = program.functions[0];
    const goals = buildCatalogue(program, fn, { runtimeErrors: false });
    const settled = (id: string) =>
      dominatedBy(
        program,
        goals.find((g) => g.id === id)!,
        goals,
      )
        .map((g) => g.id)
        .sort();
    expect(goals.map((g) => g.id)).toEqual(
      expect.arrayContaining(['f:3:if:true', 'f:3:if:false', 'f:4:stmt', 'f:5:stmt', 'f:7:stmt', 'f:8:switch:case 1', 'f:11:stmt', 'f:14:stmt']),
    );
    // Only the true edge enters the block of lines 4-5.
    expect(settled('f:3:if:true')).toEqual(['f:4:stmt', 'f:5:stmt']);
    expect(settled('f:3:if:false')).toEqual(['f:7:stmt']);
    // Line 4 starts the block; line 5 comes after it in the block.
    expect(settled('f:4:stmt')).toEqual(['f:5:stmt']);
    // `case 1` and `case 2` both lead to line 11: neither alone settles it.
    expect(settled('f:8:switch:case 1')).toEqual([]);
    expect(settled('f:8:switch:case 2')).toEqual([]);
    expect(settled('f:8:switch:default')).toEqual(['f:14:stmt']);
    // The function's first statement dominates everything, so a proof it is unreachable settles all.
    expect(settled('f:2:stmt').length).toBe(goals.length - 1);
  });
});
