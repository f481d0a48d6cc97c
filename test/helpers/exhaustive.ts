// Ground truth by exhaustive runs: each function of a fixture, compiled by
// gcc, on every value of its one small parameter; the returns that happen.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { expect } from 'vitest';
import type { Report } from '../../shared/report';
import type { Engine } from './engine';
import { expectAllValidated } from '../solve/helpers';

const run = promisify(execFile);

/** A function of one parameter of `type`, run on every value from `from` to `to`. */
export interface Domain {
  name: string;
  type: string;
  from: number;
  to: number;
}

/** The domains of a function of one `signed char` or `unsigned char` parameter. */
export const signedChar = (name: string): Domain => ({ name, type: 'signed char', from: -128, to: 127 });
export const unsignedChar = (name: string): Domain => ({ name, type: 'unsigned char', from: 0, to: 255 });

/** The values (0 to 31) each function returns over its whole input domain, by gcc. */
export function returnsByGcc(file: string, fns: Domain[]): Promise<Map<string, Set<number>>> {
  return returnsOfRuns(
    file,
    fns.map((f) => ({ name: f.name, loops: `for (long v = ${f.from}; v <= ${f.to}; v++)`, call: `${f.name}((${f.type})v)` })),
  );
}

/** The values (0 to 31) each `call` returns, run by gcc inside its `loops` (C `for` headers over its arguments), by name. */
export async function returnsOfRuns(file: string, runs: { name: string; loops: string; call: string }[]): Promise<Map<string, Set<number>>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-exhaustive-'));
  const main = [
    `#include <stdio.h>`,
    `#include "${file}"`,
    'int main(void) {',
    ...runs.map((r) => `  { unsigned seen = 0; ${r.loops} seen |= 1u << ${r.call}; printf("${r.name} %u\\n", seen); }`),
    '  return 0;',
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'truth.c'), main);
  await run('gcc', ['-O0', '-w', '-o', path.join(dir, 'truth'), path.join(dir, 'truth.c')]);
  const { stdout } = await run(path.join(dir, 'truth'));
  const out = new Map<string, Set<number>>();
  for (const line of stdout.trim().split('\n')) {
    const [name, mask] = line.split(' ');
    out.set(name, new Set(Array.from({ length: 32 }, (_, r) => r).filter((r) => (Number(mask) >>> r) & 1)));
  }
  return out;
}

/** The `return N;` lines of a function `int fn(` of the source, by N. */
export function returnLines(source: string[], fn: string): Map<number, number> {
  const start = source.findIndex((l) => new RegExp(`^int ${fn}\\(`).test(l));
  const out = new Map<number, number>();
  for (let i = start + 1; i < source.length && source[i] !== '}'; i++) {
    const m = /^\s*return (\d+);/.exec(source[i]);
    if (m) out.set(Number(m[1]), i + 1);
  }
  return out;
}

/** In a report on `fn`, each `return N;` is covered when gcc returned N over the domain (`seen`), else proved unreachable. */
export function expectReturnsAsGcc(report: Report, source: string[], fn: string, seen: Set<number>): void {
  const goals = report.functions[0].goals;
  for (const [value, line] of returnLines(source, fn)) {
    const goal = goals.find((g) => g.kind === 'statement' && g.line === line);
    const expected = seen.has(value) ? 'covered' : 'unreachable';
    expect({ fn, value, status: goal?.status, reason: goal?.reason }).toMatchObject({ fn, value, status: expected });
  }
}

/**
 * `cover` of each function of `file`: its returns as gcc's over the domain (`truth`, from returnsByGcc), every
 * datum validated by gcc, and (`modelled`) no goal unknown. The fixture must have an unreachable return too.
 */
export async function expectCoverAsGcc(engine: Engine, file: string, fns: Domain[], truth: Map<string, Set<number>>, modelled: boolean): Promise<void> {
  const source = fs.readFileSync(file, 'utf8').split('\n');
  expect(fns.some((f) => returnLines(source, f.name).size > truth.get(f.name)!.size)).toBe(true);
  for (const f of fns) {
    const report = await engine.cover({ file, function: f.name, criterion: 'decision' });
    expectReturnsAsGcc(report, source, f.name, truth.get(f.name)!);
    if (modelled) for (const g of report.functions[0].goals) expect({ fn: f.name, goal: g.id, status: g.status }).not.toMatchObject({ status: 'unknown' });
    await expectAllValidated(file, report);
  }
}
