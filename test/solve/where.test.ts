// `--where` conditions have the C semantics of the code (issues 12 §1, 17 §1,
// 18): lowered by the front end where the goal is, evaluated by the encoder.
// Each verdict is checked against gcc: a datum is run in a twin of the program
// that tests the condition just before the goal; an "unreachable" is checked
// by running the twin over a small input domain (no input may hit it).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineOptions, EngineError } from '../../server/src/api';
import type { DataValue } from '../../shared/report';
import { fileEngine, type Engine } from '../helpers/engine';
import { only, writeC } from './helpers';

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

interface Case {
  name: string;
  /** The function `f`; the goal is the statement on the line holding `@goal` (a comment). */
  source: string;
  params: { name: string; type: string; domain: string[] }[];
  where: string;
  expected: 'covered' | 'unreachable';
}

const ints = ['-3', '-1', '0', '1', '2', '5', '10', '127', '-128', '255', '2147483647', '-2147483647 - 1'];
const cases: Case[] = [
  {
    name: 'unsigned long above LONG_MAX with u > 0 (was a false proof: 64-bit signed comparison)',
    source: 'int f(unsigned long u) {\n  int r = 0;\n  if (u > 9223372036854775807UL)\n    r = 1; /* @goal */\n  return r;\n}\n',
    params: [{ name: 'u', type: 'unsigned long', domain: ['0', '1', '9223372036854775807UL', '9223372036854775808UL', '18446744073709551615UL'] }],
    where: 'u > 0',
    expected: 'covered',
  },
  {
    name: 'int against unsigned: -1 < 1u is false in C',
    source: 'int f(int a, unsigned b) {\n  int r = 0;\n  if (b < 3)\n    r = a; /* @goal */\n  return r;\n}\n',
    params: [
      { name: 'a', type: 'int', domain: ints },
      { name: 'b', type: 'unsigned', domain: ['0', '1', '2', '3', '4294967295u'] },
    ],
    where: 'a < 0 && a < b',
    expected: 'unreachable',
  },
  {
    name: 'plain char is signed: c == 255 never holds, c == -1 does',
    source: 'int f(char c) {\n  int r = c;\n  r = r + 1; /* @goal */\n  return r;\n}\n',
    params: [{ name: 'c', type: 'char', domain: ['-128', '-1', '0', '1', '127'] }],
    where: 'c == 255',
    expected: 'unreachable',
  },
  {
    name: 'unsigned char 255',
    source: 'int f(unsigned char c) {\n  int r = c;\n  r = r + 1; /* @goal */\n  return r;\n}\n',
    params: [{ name: 'c', type: 'unsigned char', domain: ['0', '1', '127', '128', '255'] }],
    where: 'c == 255',
    expected: 'covered',
  },
  {
    name: 'a cast in the condition: (unsigned char)x == 0 with x != 0',
    source: 'int f(int x) {\n  int r = 0;\n  r = x / 2; /* @goal */\n  return r;\n}\n',
    params: [{ name: 'x', type: 'int', domain: ['0', '1', '255', '256', '512', '-256'] }],
    where: '(unsigned char)x == 0 && x != 0',
    expected: 'covered',
  },
  {
    name: 'shorts promoted to int: s * s cannot overflow short in the condition',
    source: 'int f(short s) {\n  int r = 0;\n  r = s; /* @goal */\n  return r;\n}\n',
    params: [{ name: 's', type: 'short', domain: ['-32768', '-200', '-1', '0', '200', '32767'] }],
    where: 's * s > 40000',
    expected: 'covered',
  },
  {
    name: 'long long arithmetic wraps only in unsigned: x + 1 < x for unsigned long long',
    source: 'int f(unsigned long long x) {\n  int r = 0;\n  r = (int)(x & 1); /* @goal */\n  return r;\n}\n',
    params: [{ name: 'x', type: 'unsigned long long', domain: ['0', '1', '18446744073709551614ULL', '18446744073709551615ULL'] }],
    where: 'x + 1 < x',
    expected: 'covered',
  },
  {
    name: 'a statement in the middle of a block sees the assignment before it (issue 17 §1)',
    source: 'int f(int x) {\n  int y = 0;\n  if (x > 0) {\n    y = x * 2;\n    y = y + 1; /* @goal */\n  }\n  return y;\n}\n',
    params: [{ name: 'x', type: 'int', domain: ['-1', '0', '1', '5', '6', '100'] }],
    where: 'y == 10',
    expected: 'covered',
  },
  {
    name: 'a float parameter',
    source: 'int f(float x) {\n  int r = 0;\n  r = x > 0; /* @goal */\n  return r;\n}\n',
    params: [{ name: 'x', type: 'float', domain: ['0.0f', '1.0f', '1.5f', '1.75f', '-2.0f'] }],
    where: 'x > 1.5 && x < 1.75f',
    expected: 'covered',
  },
];

/** Finds the goal line, and a twin of the source that counts, just before the goal, the runs where the condition holds. */
function twin(c: Case): { line: number; source: string } {
  const lines = c.source.split('\n');
  const line = lines.findIndex((l) => l.includes('@goal')) + 1;
  const indent = /^\s*/.exec(lines[line - 1])![0];
  lines.splice(line - 1, 0, `${indent}if (${c.where}) creach_where_hits++;`);
  return { line, source: `static int creach_where_hits;\n${lines.join('\n')}` };
}

function literal(v: DataValue, type: string): string {
  if (type === 'float') return typeof v === 'number' ? `${v.toPrecision(9)}f` : String(v);
  if (typeof v === 'string') return `${v}${type.startsWith('unsigned') ? 'u' : ''}LL`;
  return `(${type})${String(v)}`;
}

/** Compiles the twin with a main that runs `calls` (argument lists) and prints how many runs hit the condition. */
function hits(c: Case, calls: string[][]): number {
  const { source } = twin(c);
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'creach-where-'));
  const file = path.join(dir, 'twin.c');
  const body = calls.map((args) => `  f(${args.join(', ')});`).join('\n');
  fs.writeFileSync(file, `#include <stdio.h>\n${source}\nint main(void) {\n${body}\n  printf("%d\\n", creach_where_hits);\n  return 0;\n}\n`);
  const cc = spawnSync('gcc', ['-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', '-w', file, '-o', path.join(dir, 'twin')], { encoding: 'utf8' });
  if (cc.status !== 0) throw new Error(cc.stderr);
  const run = spawnSync(path.join(dir, 'twin'), { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`twin failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

function product(domains: string[][]): string[][] {
  return domains.reduce<string[][]>((acc, d) => acc.flatMap((a) => d.map((x) => [...a, x])), [[]]);
}

describe('--where against gcc', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const file = writeC('w.c', c.source);
      const { line } = twin(c);
      const r = await engine.reach({ file, line, where: c.where });
      const { goal, tests } = only(r);
      expect(goal.status).toBe(c.expected);
      if (goal.status === 'covered') {
        const args = c.params.map((p) => literal(tests[0].inputs[p.name], p.type));
        expect(hits(c, [args]), `datum ${args.join(', ')}`).toBe(1);
      } else {
        expect(hits(c, product(c.params.map((p) => p.domain)))).toBe(0);
      }
    });
  }

  it('a pointer compared to NULL', async () => {
    const file = writeC('p.c', 'int f(int *q) {\n  int r = 0;\n  if (q) r = *q;\n  r = r + 1;\n  return r;\n}\n');
    const isNull = only(await engine.reach({ file, line: 4, where: 'q == 0' }));
    expect(isNull.goal.status).toBe('covered');
    expect(isNull.tests[0].inputs.q).toBeNull();
    const nonNull = only(await engine.reach({ file, line: 4, where: 'q != NULL && *q == 7' }));
    expect(nonNull.goal.status).toBe('covered');
    expect((nonNull.tests[0].inputs.q as number[])[0]).toBe(7);
    expect(only(await engine.reach({ file, line: 4, where: 'q == 0 && r != 0' })).goal.status).toBe('unreachable');
  });
});

describe('--where input errors (issue 18)', () => {
  const file = () => writeC('e.c', 'int f(int x) {\n  int r = 0;\n  r = x; /* goal */\n  return r;\n}\n');
  const reject = async (where: string, message: RegExp) => {
    const e = await engine.reach({ file: file(), line: 3, where }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).kind).toBe('request');
    expect((e as EngineError).message).toMatch(message);
  };
  it('one C expression only: pasted text is not accepted', () => reject('x == 5) && (x == 6', /column 7: /));
  it('unknown names are named', () => reject('y > 0', /'y' is not declared/));
  it('side effects are rejected', () => reject('x++ > 0', /column \d+: /));
  it('an empty condition is rejected', () => reject('', /column 1: /));
});
