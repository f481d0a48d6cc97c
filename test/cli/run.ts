// The CLI of this checkout (bin/creach, which starts dist/cli.js, built by each test file's beforeAll), run as users run it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface CliRun {
  /** The exit code; null when the run was killed (its time limit). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `creach ARGS` in `cwd` without blocking the test worker (a long spawnSync starves vitest's own messages on a busy machine). */
export function creachIn(cwd: string | undefined, args: string[], timeoutMs = 120_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      join(__dirname, '..', '..', 'bin', 'creach'),
      args,
      { cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 << 20 },
      (err: (Error & { code?: unknown }) | null, stdout: string, stderr: string) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    );
  });
}
