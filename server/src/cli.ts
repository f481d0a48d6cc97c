// The `creach` command: parses the subcommand and hands over to server/src/cli/<command>.ts.
// Exit codes: 0 the analysis ran, 1 a check found a violation, 2 usage or input error.

import { UsageError, InputError } from './cli/errors';

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  cfg: { summary: 'show blocks, edges, loops and goals of each function', load: async () => (await import('./cli/cfg')).run },
  reach: { summary: 'find a test datum that reaches a statement or branch', load: async () => (await import('./cli/reach')).run },
  check: { summary: 'check assertions, ensures clauses and runtime errors', load: async () => (await import('./cli/check')).run },
  cover: { summary: 'generate a statement or decision coverage suite', load: async () => (await import('./cli/cover')).run },
  replay: { summary: 'run a Test-Comp suite against a program and measure coverage', load: async () => (await import('./cli/replay')).run },
};

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(8)} ${c.summary}`);
  return `usage: creach <command> FILE [options]\n\ncommands:\n${lines.join('\n')}\n\nRun 'creach <command> --help' for the options of a command.`;
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
    return await (await command.load())(rest);
  } catch (e) {
    if (e instanceof UsageError || e instanceof InputError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    process.stderr.write(`creach: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    return 3;
  }
}

// Exit only once stdout is flushed (a pipe is written asynchronously; Z3's threads would keep the process alive).
const exitAfterFlush = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));

main(process.argv.slice(2)).then(
  (code) => exitAfterFlush(code),
  (e) => {
    process.stderr.write(`creach: internal error: ${String(e)}\n`);
    process.exit(3);
  },
);
