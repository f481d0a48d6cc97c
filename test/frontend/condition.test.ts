// `--where` conditions lowered by the front end: one C expression, names of
// the statement's scope, C typing, straight-line value instructions, errors
// with the column in the condition.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProgram, lowerCondition, FrontendError, type ConditionAt, type FrontendOptions } from '../../server/src/frontend';
import type { Instr, Operand, Program } from '../../server/src/ir/ir';
import { convertScalar, floatBinary, intBinary, intUnary, type Value } from '../../server/src/ir/interp';
import type { IntType } from '../../server/src/ir/types';

const options: FrontendOptions = { dataModel: 'LP64', compiler: 'cc', includePaths: [], defines: [] };

const source = [
  'typedef unsigned char byte;', // 1
  'struct S { int f; char g; };',
  'int x;',
  'enum { TEN = 10 };',
  'int f(int a[], unsigned long u, struct S *p, float fl, int *q, long long ll) {', // 5
  '  int m[4] = {1, 2, 3, 4};',
  '  int y = x * 2;',
  '  int x = 3;',
  '  struct S s = {1, 2};',
  '  unsigned char c = 200;', // 10
  '  double d = fl;',
  '  for (int i = 0; i < 4; i++) {',
  '    int x = i;',
  '    m[i] = x;',
  '  }', // 15
  '  return m[0] + s.f + x + c + (int)d + y;',
  '}',
].join('\n');

let p: Program;
beforeAll(async () => {
  p = await loadProgram({ file: '/virtual/where.c', text: source }, options);
});

const at16: ConditionAt = { line: 16 };
const lower = (text: string, at: ConditionAt = at16) => lowerCondition(p, 'f', at, text);
const varId = (name: string, kind?: string) => [...p.vars.values()].find((v) => v.name === name && (!kind || v.kind === kind))!.id;

async function errorOf(text: string, at: ConditionAt = at16): Promise<string> {
  try {
    await lower(text, at);
  } catch (e) {
    expect(e).toBeInstanceOf(FrontendError);
    return (e as Error).message;
  }
  throw new Error(`no error for ${text}`);
}

/** Runs the straight-line code on scalar variable values (no loads). */
function evaluate(instrs: Instr[], cond: Operand, env: Map<number, Value>): Value {
  const val = (o: Operand): Value => (o.kind === 'var' ? env.get(o.id) : o.kind === 'const' || o.kind === 'fconst' ? o.value : undefined);
  for (const i of instrs) {
    if (i.kind !== 'assign' || !i.dst || i.dst.root.kind !== 'var') throw new Error('unexpected instruction');
    const v = i.value;
    let r: Value;
    if (v.op === 'use') r = val(v.a);
    else if (v.op === 'cast') r = convertScalar(val(v.a) as bigint | number, v.a.type, v.to);
    else if (v.op === 'unary') r = intUnary(v.uop, val(v.a) as bigint, v.a.type as IntType);
    else if (v.op === 'binary')
      r =
        v.a.type.kind === 'float'
          ? floatBinary(v.bop, val(v.a) as number, val(v.b) as number, v.a.type)
          : intBinary(v.bop, val(v.a) as bigint, val(v.b) as bigint, v.a.type as IntType);
    else throw new Error(`cannot evaluate ${v.op}`);
    env.set(i.dst.root.id, r);
  }
  return val(cond);
}

describe('lowerCondition: typing and lowering like code', () => {
  it('compares an unsigned long as unsigned (no widening to a signed 64-bit integer)', async () => {
    const r = await lower('u > 0');
    expect(r.instrs).toHaveLength(1);
    expect(r.instrs[0]).toMatchObject({
      kind: 'assign',
      value: {
        op: 'binary',
        bop: '>',
        a: { kind: 'var', id: varId('u'), type: { bits: 64, signed: false } },
        b: { kind: 'const', value: 0n, type: { bits: 64, signed: false } },
        type: { bits: 32, signed: true },
      },
    });
    expect(r.cond).toEqual({ kind: 'var', id: r.temps[0].id, type: expect.objectContaining({ name: 'int' }) });
    const env = new Map<number, Value>([[varId('u'), 18446744073709551615n]]);
    expect(evaluate(r.instrs, r.cond, env)).toBe(1n);
  });

  it('takes the range of the statement, gives fresh temps and leaves the program as it was', async () => {
    const before = p.vars.size;
    const r = await lower('x == 3 && c > 100');
    const maxId = Math.max(...p.vars.keys());
    expect(r.temps.every((t) => t.id > maxId && !p.vars.has(t.id) && t.kind === 'temp')).toBe(true);
    expect(new Set(r.instrs.map((i) => i.kind === 'assign' && i.dst?.root.kind === 'var' && i.dst.root.id)).size).toBe(r.temps.length);
    expect(r.instrs.every((i) => i.range.line === 16 && i.range.column === 3)).toBe(true);
    expect(p.vars.size).toBe(before);
    // && is `&` of two truth values; c is promoted to int first.
    expect(r.instrs.map((i) => i.kind === 'assign' && [i.value.op, 'bop' in i.value ? i.value.bop : '']).filter(Boolean)).toEqual([
      ['binary', '=='],
      ['cast', ''],
      ['binary', '>'],
      ['binary', '&'],
    ]);
  });

  it('resolves names in the scope of the statement: shadowing and declarations after it', async () => {
    const xAt = async (at: ConditionAt) => {
      const r = await lower('x == 0', at);
      const i = r.instrs[0];
      return i.kind === 'assign' && i.value.op === 'binary' && i.value.a.kind === 'var' ? p.vars.get(i.value.a.id)!.kind : null;
    };
    expect(await xAt({ line: 7 })).toBe('global'); // int y = x * 2; (the local x comes later)
    expect(await xAt({ line: 9 })).toBe('local');
    expect(await xAt({ line: 16 })).toBe('local');
    // Inside the loop body, the inner x; `i` is visible in the body and in the loop's condition.
    const inner = await lower('x == i', { line: 14 });
    const cmp = inner.instrs[0];
    expect(cmp.kind === 'assign' && cmp.value.op === 'binary' && cmp.value.a.kind === 'var' && p.vars.get(cmp.value.a.id)!.range?.line).toBe(13);
    const loop = p.functions[0].decisions.find((d) => d.kind === 'for')!;
    expect((await lowerCondition(p, 'f', { decision: loop.id }, 'i < 2')).instrs).toHaveLength(1);
    expect(await errorOf('i > 0')).toBe("column 1: 'i' is not declared where the condition is evaluated");
    expect(await errorOf('y > 0', { line: 7 })).toBe("column 1: 'y' is not declared where the condition is evaluated");
    // A position given as block and statement.
    const b = p.functions[0].blocks.findIndex((blk) => blk.statements?.some((s) => s.range.line === 16));
    const k = p.functions[0].blocks[b].statements!.findIndex((s) => s.range.line === 16);
    expect((await lowerCondition(p, 'f', { block: b, statement: k }, 'x == TEN')).instrs[0]).toMatchObject({ value: { bop: '==', b: { value: 10n } } });
  });

  it('arrays, pointer parameters, struct fields, casts, chars, floats and NULL', async () => {
    const shape = async (text: string) =>
      (await lower(text)).instrs.map((i) =>
        i.kind === 'assign' ? `${i.value.op}${'bop' in i.value ? i.value.bop : 'uop' in i.value ? i.value.uop : ''}` : i.kind,
      );
    expect(await shape('m[3] == 4')).toEqual(['load', 'binary==']);
    expect(await shape('a[u] < 0')).toEqual(['cast', 'ptradd', 'load', 'binary<']);
    expect(await shape('s.f + p->f > 2')).toEqual(['load', 'load', 'binary+', 'binary>']);
    expect(await shape("s.g == 'a'")).toEqual(['load', 'cast', 'binary==']);
    expect(await shape('(byte)ll == 255')).toEqual(['cast', 'cast', 'binary==']);
    expect(await shape('q != NULL && *q == 1')).toEqual(['binary!=', 'load', 'binary==', 'binary&']);
    expect(await shape('!p || q == 0')).toEqual(['binary==', 'binary==', 'binary|']);
    const fl = await lower('fl < 2.0');
    expect(fl.instrs[0]).toMatchObject({ value: { op: 'cast', a: { type: { name: 'float' } }, to: { name: 'double' } } });
    expect(fl.instrs[1]).toMatchObject({
      value: { op: 'binary', bop: '<', a: { type: { name: 'double' } }, b: { kind: 'fconst', value: 2, type: { name: 'double' } } },
    });
    const f32 = await lower('fl == 1e-45f');
    expect(f32.instrs[0]).toMatchObject({ value: { op: 'binary', b: { kind: 'fconst', value: 2 ** -149, type: { name: 'float' } } } });
    // A plain integer expression is its own truth value.
    expect((await lower('c')).cond).toMatchObject({ kind: 'var', id: varId('c') });
  });

  it('?: on integers is computed without branching', async () => {
    const r = await lower('(c > 100 ? c : -ll) == 200');
    expect(r.instrs.every((i) => i.kind === 'assign' && ['binary', 'unary', 'cast', 'use'].includes(i.value.op))).toBe(true);
    const run = (c: bigint, ll: bigint) =>
      evaluate(
        r.instrs,
        r.cond,
        new Map<number, Value>([
          [varId('c'), c],
          [varId('ll'), ll],
        ]),
      );
    expect(run(200n, 5n)).toBe(1n);
    expect(run(50n, -200n)).toBe(1n);
    expect(run(50n, 200n)).toBe(0n);
    expect(run(150n, -200n)).toBe(0n);
    expect(await errorOf('(c ? fl : 1.0f) > 0')).toBe("column 2: a '?:' whose value is not an integer is not supported in a condition");
  });
});

describe('lowerCondition: errors name the column in the condition', () => {
  const cases: [string, string][] = [
    ['x == 5) && (x == 6', "column 7: unexpected ')'"],
    ['(x > 0', "column 7: missing ')'"],
    ['x > 0; x < 2', "column 6: unexpected ';' after the expression"],
    ['x > 0 } int g(void) { return 1', "column 7: unexpected '}' after the expression"],
    ['x > 0, 1', "column 6: unexpected ',': a condition is one expression"],
    ['x +', 'column 4: an operand is missing'],
    ['', 'column 1: empty condition'],
    [')', "column 1: unexpected ')'"],
    ['x x', "column 3: unexpected 'x' after the expression"],
    ['x >\n 0 &&\n zz', "column 12: 'zz' is not declared where the condition is evaluated"],
    ['  ', 'column 1: empty condition'],
    ['x = 3', 'column 1: an assignment is not allowed in a condition'],
    ['x > 0 && y++', "column 10: '++' or '--' is not allowed in a condition"],
    ['f(a, u, p, fl, q, ll) > 0', 'column 1: a call is not allowed in a condition (calls can have side effects)'],
    ['zz + 1 > 0', "column 1: 'zz' is not declared where the condition is evaluated"],
    ['s > 0', "column 1: invalid operands to '>' (struct S and int)"],
    ['&x != 0', "column 1: the program never takes the address of 'x': a condition cannot either"],
    ['p->h == 1', "column 1: no member named 'h' in struct S"],
    ['x == "a"', 'column 6: a string literal is not allowed in a condition'],
  ];
  for (const [text, message] of cases) it(JSON.stringify(text), async () => expect(await errorOf(text)).toBe(message));

  it('a position with no statement is an error without a column', async () => {
    expect(await errorOf('x > 0', { line: 3 })).toBe('no statement of f starts at line 3');
    await expect(lowerCondition(p, 'nope', at16, 'x')).rejects.toThrow("no function 'nope' in the program");
  });
});

describe('lowerCondition: never anything but a FrontendError', () => {
  it('10,000 nested parentheses', async () => {
    const text = `${'('.repeat(10000)}x${')'.repeat(10000)} > 0`;
    await expect(lowerCondition(p, 'f', at16, text)).rejects.toThrow(FrontendError);
  });
});
