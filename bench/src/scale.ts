// Part 3: how time and memory grow with the size of the code. Each point
// (family, size) runs in its own process (`bench.js scale-point F N`) so that
// its peak memory (VmHWM: every thread, Z3's WebAssembly heap included) is
// its own, and a point that runs away is killed without losing the others.

import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createEngine } from '../../server/src/api';
import { cliEngineOptions, errorText, outDir, runNode, src } from './common';
import { peakMemoryMB } from './stats';
import { synthesize, type Family } from './synth';

export interface ScalePoint {
  family: Family;
  size: number;
  lines: number;
  goals?: number;
  /** Front end and goal catalogue (engine.outline), Z3 already initialised. */
  outlineMs?: number;
  /** First reach of the family's goal (encodes the function), then the same query again. */
  goalMs?: number;
  goalStatus?: string;
  goalWarmMs?: number;
  /** Decision-coverage suite of every function of the file, after the goal queries. */
  coverMs?: number;
  covered?: string;
  peakMB?: number;
  error?: string;
}

export const scaleSizes: Record<Family, number[]> = {
  functions: [10, 30, 100, 300],
  decisions: [25, 50, 100, 200, 400],
  nesting: [5, 10, 20, 40, 80],
  loop: [4, 8, 16, 32, 64],
};

/** In the child: measure one point, printing the result so far as one JSON line after each phase. */
export async function scalePoint(family: Family, size: number): Promise<void> {
  const s = synthesize(family, size);
  const dir = path.join(outDir, 'synth');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${family}-${size}.c`);
  writeFileSync(file, s.source);
  const p: ScalePoint = { family, size, lines: s.source.split('\n').length };
  const emit = () => process.stdout.write(JSON.stringify({ ...p, peakMB: peakMemoryMB() }) + '\n');
  const engine = await createEngine(cliEngineOptions());
  try {
    let t0 = performance.now();
    const o = await engine.outline({ ...src(file) });
    p.outlineMs = performance.now() - t0;
    p.goals = o.functions.reduce((n, f) => n + f.goals.length, 0);
    emit();
    t0 = performance.now();
    const r = await engine.reach({ ...src(file), function: s.goal.function, line: s.goal.line });
    p.goalMs = performance.now() - t0;
    p.goalStatus = r.functions[0]?.goals[0]?.status;
    t0 = performance.now();
    await engine.reach({ ...src(file), function: s.goal.function, line: s.goal.line });
    p.goalWarmMs = performance.now() - t0;
    emit();
    t0 = performance.now();
    const c = await engine.cover({ ...src(file), criterion: 'decision' });
    p.coverMs = performance.now() - t0;
    const gs = c.functions.flatMap((f) => f.goals);
    p.covered = `${gs.filter((g) => g.status === 'covered').length}/${gs.length}`;
  } catch (e) {
    p.error = errorText(e);
  }
  emit();
  engine.dispose();
}

export async function runScale(timeoutMs: number, log = (s: string) => process.stderr.write(s + '\n')): Promise<ScalePoint[]> {
  const points: ScalePoint[] = [];
  for (const [family, sizes] of Object.entries(scaleSizes) as [Family, number[]][]) {
    for (const size of sizes) {
      const run = await runNode([path.join(outDir, 'bench.js'), 'scale-point', family, String(size)], timeoutMs);
      const last = run.stdout.trim().split('\n').filter(Boolean).pop();
      let p: ScalePoint = last ? (JSON.parse(last) as ScalePoint) : { family, size, lines: 0 };
      if (run.code !== 0) p = { ...p, error: p.error ?? (run.stderr.includes('killed by') ? `killed after ${timeoutMs / 1000} s` : errorText(run.stderr)) };
      points.push(p);
      log(
        `  ${family} ${size}: outline ${p.outlineMs?.toFixed(0) ?? '-'} ms, goal ${p.goalMs?.toFixed(0) ?? '-'} ms (${p.goalStatus ?? '-'}), cover ${p.coverMs?.toFixed(0) ?? '-'} ms (${p.covered ?? '-'}), peak ${p.peakMB?.toFixed(0)} MB${p.error ? `, ${p.error}` : ''}`,
      );
    }
  }
  return points;
}
