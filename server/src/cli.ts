// The `creach` command: parses the subcommand and hands over to server/src/cli/<command>.ts.
// Exit codes: 0 the analysis ran, 1 a check found a violation, 2 usage or input error.
//
// `runCli(argv, io)` is the command as a function (the fuzz test runs most of
// its inputs in one process through it). Loaded as a program (`node
// dist/cli.js`, `bin/creach`) this module runs the command on process.argv,
// unless the loader set `globalThis[Symbol.for('creach.cli.library')]` first.

import { UsageError, InputError } from './cli/errors';

type Command = (args: string[]) => Promise<number>;

/** Where the command's output goes: the process's streams, or a caller's sinks. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  cfg: { summary: 'show blocks, edges, loops and goals of each function', load: async () => (await import('./cli/cfg')).run },
  reach: { summary: 'find a test datum that reaches a statement or branch', load: async () => (await import('./cli/reach')).run },
  check: { summary: 'check assertions, ensures clauses and runtime errors', load: async () => (await import('./cli/check')).run },
  cover: { summary: 'generate a statement or decision coverage suite', load: async () => (await import('./cli/cover')).run },
  replay: { summary: 'run a Test-Comp suite against a program and measure coverage', load: async () => (await import('./cli/replay')).run },
  merge: { summary: 'join the project reports of the shards of a project run (cover/check --shard)', load: async () => (await import('./cli/merge')).run },
  // Not for people: one file of a project run, in a child process (cli/project.ts).
  __unit: { summary: '', load: async () => (await import('./cli/unit')).run },
};

function usage(): string {
  const lines = Object.entries(commands)
    .filter(([name]) => !name.startsWith('__'))
    .map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`);
  return `usage: creach <command> FILE [options]  (cover and check: or --project compile_commands.json)\n\ncommands:\n${lines.join('\n')}\n\nRun 'creach <command> --help' for the options of a command.`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`creach: unknown command '${name}'\n${usage()}\n`);
    return 2;
  }
  try {
    return await (
      await command.load()
    )(rest);
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    // Z3's WebAssembly heap is 2 GB: an input that needs more is too large for this analysis, not a bug.
    if (e instanceof Error && /Cannot enlarge memory arrays/.test(e.message)) {
      process.stderr.write('creach: the analysis needs more memory than the solver has (Z3, 2 GB); a lower --loop-bound or --inline-depth asks less\n');
      return 2;
    }
    process.stderr.write(`creach: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 3;
  }
}

/**
 * Runs `creach ARGV...` and returns its exit code. With `io`, what the command
 * writes to process.stdout and process.stderr goes to `io` instead while it
 * runs (the subcommands write to the process's streams), so calls must not
 * overlap. Never rejects: an exception is an internal error, exit code 3.
 */
export async function runCli(argv: string[], io?: CliIo): Promise<number> {
  if (!io) return main(argv);
  const out = process.stdout.write;
  const err = process.stderr.write;
  const sink = (to: (text: string) => void) =>
    function write(chunk: unknown, ...rest: unknown[]): boolean {
      to(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      if (done) queueMicrotask(done);
      return true;
    };
  process.stdout.write = sink((t) => io.stdout(t)) as typeof process.stdout.write;
  process.stderr.write = sink((t) => io.stderr(t)) as typeof process.stderr.write;
  try {
    return await main(argv);
  } catch (e) {
    io.stderr(`creach: internal error: ${String(e)}\n`);
    return 3;
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

const asLibrary = (globalThis as Record<symbol, unknown>)[Symbol.for('creach.cli.library')] === true;

if (!asLibrary) {
  // Exit only once stdout is flushed (a pipe is written asynchronously; Z3's threads would keep the process alive).
  const exitAfterFlush = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));

  main(process.argv.slice(2)).then(
    (code) => exitAfterFlush(code),
    (e) => {
      process.stderr.write(`creach: internal error: ${String(e)}\n`);
      process.exit(3);
    },
  );
}
