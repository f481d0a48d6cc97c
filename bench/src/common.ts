// What every part of the benchmark shares: where the repository is, running
// the built CLI as a cold process, and a fresh engine with the CLI's options.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { defaultEngineOptions, type EngineOptions, type SourceInput } from '../../server/src/api';
import type { Report } from '../../shared/report';
import { launchEnvironment } from '../../shared/server-flags';

/** The repository root (this file is bundled into bench/out/bench.js). */
export const root = path.resolve(__dirname, '../..');
export const fixture = (name: string) => path.join(root, 'test/fixtures', name);
export const outDir = path.join(root, 'bench/out');

/** A source file as the engine takes it (the engine does no I/O). */
export const src = (file: string): SourceInput => ({ file, text: readFileSync(file, 'utf8') });

/** The engine options the CLI uses by default (`creach reach FILE ...`). */
export function cliEngineOptions(runtimeErrors = true): EngineOptions {
  return { ...defaultEngineOptions, runtimeErrors };
}

export interface ProcessRun {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <args>` from the repository root, in the environment bin/creach gives, and times it (wall clock, spawn to exit). */
export function runNode(args: string[], timeoutMs = 600_000): Promise<ProcessRun> {
  return runProcess(process.execPath, args, timeoutMs);
}

/** Runs `creach <args>` as users do (bin/creach, a shell script that starts Node) and times it. */
export function runCreach(args: string[], timeoutMs = 600_000): Promise<ProcessRun> {
  return runProcess(path.join(root, 'bin/creach'), args, timeoutMs);
}

function runProcess(command: string, args: string[], timeoutMs: number): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: root, env: launchEnvironment(process.env), stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stderr = Buffer.concat(err).toString() + (signal ? `\nkilled by ${signal} after ${timeoutMs} ms` : '');
      resolve({ ms: performance.now() - t0, code, stdout: Buffer.concat(out).toString(), stderr });
    });
  });
}

/** The JSON report of a CLI run, or an error string saying why there is none. */
export function parseCliReport(run: ProcessRun): Report | string {
  try {
    return JSON.parse(run.stdout) as Report;
  } catch {
    const first = run.stderr.split('\n').find((l) => l.trim()) ?? `exit code ${run.code}, no output`;
    return `error: ${first.slice(0, 160)}`;
  }
}

export function errorText(e: unknown): string {
  return `error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 160)}`;
}
