// A contract clause is parsed alone, its rows mapped back to the lines of the
// file (the whole file before it is not parsed again for each clause: that made
// a file of many annotated functions quadratic). Positions in a clause after
// many functions, and on its second line, are the source's own.
import { describe, expect, it } from 'vitest';
import { defaultEngineOptions } from '../../server/src/api';
import { loadProgram } from '../../server/src/frontend/index';
import { writeC } from '../solve/helpers';

describe('positions inside a contract clause', () => {
  it('an undeclared name on the second line of a clause after twelve functions: line 14, column 5', async () => {
    const source = [
      ...Array.from({ length: 12 }, (_, k) => `int g${k}(int x) { return x; }`),
      '/*@ requires 0 <= x &&',
      '    nosuch > 1; */',
      'int f(int x)',
      '{',
      '    return x;',
      '}',
      '',
    ].join('\n');
    const file = writeC('clause_positions.c', source);
    await expect(loadProgram({ file }, defaultEngineOptions)).rejects.toMatchObject({
      diagnostics: [{ range: { line: 14, column: 5 }, message: "'nosuch' undeclared" }],
    });
  });

  it('a clause that parses: its function reads its parameters where the clause says', async () => {
    const source = ['int g(int x) { return x; }', '', '  /*@ requires 1 <= x && x <= 3; */', 'int f(int x)', '{', '    return x;', '}', ''].join('\n');
    const file = writeC('clause_ok.c', source);
    const program = await loadProgram({ file }, defaultEngineOptions);
    const f = program.functions.find((fn) => fn.name === 'f')!;
    expect(f.contract?.requires.map((c) => c.range.line)).toEqual([3]);
  });
});
