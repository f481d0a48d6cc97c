// A hand-built IR of test/fixtures/factorial.c (the front end's contract,
// ir.ts), so export and validation are tested on their own.
import * as fs from 'node:fs';
import type { Program, Variable, BasicBlock, SourceRange, Operand } from '../../server/src/ir/ir';
import { INT } from '../../server/src/ir/types';
import { fixture } from './helpers';

const r = (line: number, column: number, endLine: number, endColumn: number): SourceRange => ({ line, column, endLine, endColumn });
const v = (id: number): Operand => ({ kind: 'var', id, type: INT });
const c = (n: number): Operand => ({ kind: 'const', value: BigInt(n), type: INT });
const place = (id: number) => ({ root: { kind: 'var' as const, id }, path: [], type: INT });
const variable = (id: number, name: string, kind: Variable['kind']): Variable => ({
  id,
  name,
  type: INT,
  kind,
  addressTaken: false,
  isConst: false,
  isStatic: false,
});

export function factorialProgram(): Program {
  const file = fixture('factorial.c');
  const I = 1,
    J = 2,
    T = 3,
    RET = 4;
  const blocks: BasicBlock[] = [
    {
      id: 0,
      instrs: [{ kind: 'assign', dst: place(J), value: { op: 'use', a: c(1) }, range: r(7, 5, 7, 15) }],
      terminator: { kind: 'goto', target: 1 },
      range: r(7, 5, 7, 15),
      edgeLabels: {},
      hasCode: true,
    },
    {
      id: 1,
      instrs: [{ kind: 'assign', dst: place(T), value: { op: 'binary', bop: '!=', a: v(I), b: c(0), type: INT }, range: r(8, 12, 8, 18) }],
      terminator: { kind: 'branch', cond: v(T), then: 2, else: 3, decision: 'f:8:while', range: r(8, 12, 8, 18) },
      range: r(8, 12, 8, 18),
      edgeLabels: {},
      hasCode: true,
    },
    {
      id: 2,
      instrs: [
        { kind: 'assign', dst: place(J), value: { op: 'binary', bop: '*', a: v(J), b: v(I), type: INT }, range: r(9, 9, 9, 19) },
        { kind: 'assign', dst: place(I), value: { op: 'binary', bop: '-', a: v(I), b: c(1), type: INT }, range: r(10, 9, 10, 19) },
      ],
      terminator: { kind: 'goto', target: 1 },
      range: r(9, 9, 9, 19),
      edgeLabels: {},
      hasCode: true,
    },
    {
      id: 3,
      instrs: [{ kind: 'assign', dst: place(T), value: { op: 'binary', bop: '==', a: v(J), b: c(2), type: INT }, range: r(12, 9, 12, 15) }],
      terminator: { kind: 'branch', cond: v(T), then: 4, else: 5, decision: 'f:12:if', range: r(12, 9, 12, 15) },
      range: r(12, 5, 13, 16),
      edgeLabels: {},
      hasCode: true,
    },
    {
      id: 4,
      instrs: [{ kind: 'assign', dst: place(I), value: { op: 'use', a: c(2) }, range: r(13, 9, 13, 15) }],
      terminator: { kind: 'goto', target: 5 },
      range: r(13, 9, 13, 15),
      edgeLabels: {},
      hasCode: true,
    },
    {
      id: 5,
      instrs: [{ kind: 'assign', dst: place(RET), value: { op: 'use', a: v(J) }, range: r(14, 5, 14, 14) }],
      terminator: { kind: 'goto', target: 6 },
      range: r(14, 5, 14, 14),
      edgeLabels: {},
      hasCode: true,
    },
    { id: 6, instrs: [], terminator: { kind: 'return', value: v(RET), range: r(15, 1, 15, 2) }, edgeLabels: {}, hasCode: false },
  ];
  const vars = new Map<number, Variable>([
    [I, variable(I, 'i', 'param')],
    [J, variable(J, 'j', 'local')],
    [T, variable(T, 't1', 'temp')],
    [RET, variable(RET, 'return', 'return')],
  ]);
  return {
    file,
    dataModel: 'LP64',
    vars,
    globals: [],
    externals: new Map(),
    diagnostics: [],
    source: fs.readFileSync(file, 'utf8'),
    functions: [
      {
        name: 'f',
        type: { kind: 'function', ret: INT, params: [INT], variadic: false, prototyped: true },
        params: [I],
        locals: [J, T, RET],
        returnVar: RET,
        blocks,
        exitBlock: 6,
        contract: { requires: [], ensures: [] },
        range: r(5, 1, 15, 2),
        nameRange: r(5, 5, 5, 6),
        isStatic: false,
        decisions: [
          {
            id: 'f:8:while',
            kind: 'while',
            text: 'i != 0',
            range: r(8, 12, 8, 18),
            outcomes: [
              { outcome: 'true', edges: [{ from: 1, to: 2 }] },
              { outcome: 'false', edges: [{ from: 1, to: 3 }] },
            ],
          },
          {
            id: 'f:12:if',
            kind: 'if',
            text: 'j == 2',
            range: r(12, 9, 12, 15),
            outcomes: [
              { outcome: 'true', edges: [{ from: 3, to: 4 }] },
              { outcome: 'false', edges: [{ from: 3, to: 5 }] },
            ],
          },
        ],
      },
    ],
  };
}
