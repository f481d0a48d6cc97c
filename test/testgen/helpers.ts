// Test helpers: scratch directories and running gcc-compiled code.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { suiteFiles } from '../../server/src/testgen/export';
import { replaySuite } from '../../server/src/testgen/replay';

export function scratch(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `creach-testgen-${name}-`));
}

/** Compiles `file` (in its directory) with gcc and the flags; returns stderr (warnings) or throws with the errors. */
export function gcc(dir: string, args: string[]): string {
  const r = spawnSync('gcc', args, { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`gcc ${args.join(' ')} failed:\n${r.stderr}`);
  return r.stderr;
}

export function runExe(exe: string, args: string[] = []): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(exe, args, { encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function hasGcc(): boolean {
  try {
    execFileSync('gcc', ['--version']);
    return true;
  } catch {
    return false;
  }
}

export const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', name);
export const ownFixture = (name: string) => path.join(__dirname, 'fixtures', name);

/** Writes the suite's files into `dir` (as the CLI does) and returns their paths. */
export function exportSuite(
  program: import('../../server/src/ir/ir').Program,
  report: import('../../shared/report').Report,
  dir: string,
  format: import('../../server/src/testgen/export').ExportFormat,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return suiteFiles(program, report, dir, format).map((f) => {
    const p = path.join(dir, f.name);
    fs.writeFileSync(p, f.text);
    return p;
  });
}

/** Replays the Test-Comp suite in `suiteDir` (as `creach replay` reads it) against `file`. */
export function replaySuiteDir(suiteDir: string, file: string, opts: import('../../server/src/testgen/replay').ReplayOptions) {
  const suite = fs.readdirSync(suiteDir).map((name) => ({ name, text: fs.readFileSync(path.join(suiteDir, name), 'utf8') }));
  return replaySuite(suite, file, fs.readFileSync(file, 'utf8'), opts);
}
