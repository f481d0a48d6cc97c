// Bytes read as another type, against gcc (issues 12 and 18): a union member
// stored and another read, memcpy/memmove between objects of different types,
// memset of wider elements, copies and fills whose size ends inside an element.
// Each function of the fixture runs on every value of its parameter's
// type, compiled by gcc; the returns that happen are the ground truth. Where
// CReach models the bytes (integer and float members, arrays of integers), it
// must cover exactly those returns with data that validate and prove the
// others unreachable; where it does not (a struct member), it must say
// unknown, never unreachable, and never hand out a datum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import { defaultEngineOptions } from '../../server/src/api';
import { fileEngine, type Engine } from '../helpers/engine';
import { expectCoverAsGcc, returnLines as linesOfReturns, returnsByGcc, type Domain } from '../helpers/exhaustive';
import { expectAllValidated, fixture } from '../solve/helpers';

const file = fixture('bytes.c');
const source = fs.readFileSync(file, 'utf8').split('\n');

let engine: Engine;
beforeAll(async () => {
  engine = await fileEngine({ ...defaultEngineOptions, timeoutMs: 30_000 });
});
afterAll(() => engine?.dispose());

const groundTruth = (fns: Domain[]) => returnsByGcc(file, fns);
const returnLines = (fn: string) => linesOfReturns(source, fn);

describe('union members and copies share bytes, as gcc', () => {
  const modelled = [
    { name: 'from_bits', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'to_bits', type: 'short', from: -32768, to: 32767 },
    { name: 'bytes', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'byte_store', type: 'unsigned char', from: 0, to: 255 },
    { name: 'low_half', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'initialised', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'copied', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'designated', type: 'unsigned char', from: 0, to: 255 },
    { name: 'halves', type: 'short', from: -32768, to: 32767 },
    { name: 'copy_to_float', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'copy_to_shorts', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'copy_from_double', type: 'short', from: -32768, to: 32767 },
    { name: 'set_bytes', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'partial_low', type: 'short', from: -32768, to: 32767 },
    { name: 'partial_float', type: 'unsigned char', from: 0, to: 255 },
    { name: 'partial_src', type: 'unsigned short', from: 0, to: 65535 },
    { name: 'partial_n', type: 'unsigned char', from: 0, to: 255 },
    { name: 'partial_set', type: 'unsigned char', from: 0, to: 255 },
  ];
  const notModelled = { name: 'not_modelled', type: 'unsigned char', from: 0, to: 255 };
  let truth: Map<string, Set<number>>;
  beforeAll(async () => {
    truth = await groundTruth([...modelled, notModelled]);
  });

  it('integer, float and integer-array members and copies: every return gcc sees is covered, every other one proved unreachable', async () => {
    await expectCoverAsGcc(engine, file, modelled, truth, false);
  }, 600_000);

  it('a union parameter is its first member; the float member reads its bits', async () => {
    // C: 0.5f, the bits 0x80000000 (-0.0f) and anything else give the three returns.
    const report = await engine.cover({ file, function: 'param', criterion: 'decision' });
    for (const line of returnLines('param').values())
      expect(report.functions[0].goals.find((g) => g.kind === 'statement' && g.line === line)?.status).toBe('covered');
    for (const t of report.functions[0].tests) expect(Object.keys(t.inputs.x as object)).toEqual(['f']);
    await expectAllValidated(file, report);
  }, 120_000);

  it('a struct member read after an integer member was stored is not modelled: unknown, naming it, never unreachable', async () => {
    const report = await engine.cover({ file, function: notModelled.name, criterion: 'decision' });
    const goals = report.functions[0].goals;
    // gcc: c = 5 returns 1 (the low byte); return 2 reads bytes the int never stored (indeterminate).
    expect(truth.get(notModelled.name)!.has(1)).toBe(true);
    for (const line of returnLines(notModelled.name).values()) {
      const goal = goals.find((g) => g.kind === 'statement' && g.line === line)!;
      expect(goal.status).not.toBe('unreachable');
      if (goal.status !== 'covered') expect(goal.reason).toMatch(/a union member read after another member was stored/);
    }
    await expectAllValidated(file, report);
  }, 120_000);
});
