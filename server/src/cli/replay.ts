// `creach replay SUITE_DIR FILE [--json] [--compiler CC] [--timeout MS]`:
// runs a Test-Comp suite (ours or another tool's) against a program and
// reports measured coverage and whether an error call was reached.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, InputError } from './errors';
import { replaySuite, formatReplay } from '../testgen/replay';
import { TestCompError } from '../testgen/testcomp';

const USAGE = 'usage: creach replay SUITE_DIR FILE [--json] [--compiler CC] [--timeout MS]';

export async function run(args: string[]): Promise<number> {
  const positional: string[] = [];
  let json = false;
  let compiler = process.env.CC || 'cc';
  let timeoutMs = 10_000;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') {
      process.stdout.write(USAGE + '\n');
      return 0;
    } else if (a === '--json') json = true;
    else if (a === '--compiler') compiler = args[++i] ?? '';
    else if (a === '--timeout') timeoutMs = Number(args[++i]);
    else if (a.startsWith('--')) throw new UsageError(`creach replay: unknown option '${a}'\n${USAGE}`);
    else positional.push(a);
  }
  if (positional.length !== 2 || !compiler || !(timeoutMs > 0)) throw new UsageError(USAGE);
  const [suiteDir, file] = positional;
  if (!fs.existsSync(suiteDir) || !fs.statSync(suiteDir).isDirectory()) throw new InputError(`${suiteDir}: no such suite directory`);
  if (!fs.existsSync(file)) throw new InputError(`${file}: no such file`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creach-replay-'));
  try {
    const result = await replaySuite(suiteDir, file, { compiler, workDir, timeoutMs });
    process.stdout.write((json ? JSON.stringify(result, null, 2) : formatReplay(result)) + '\n');
    return 0;
  } catch (e) {
    if (e instanceof TestCompError) throw new InputError(e.message);
    throw e;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
