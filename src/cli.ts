import 'reflect-metadata';
import { BadInputError, Command, CommandIo, jsonLine } from './cli/command';
import { commands } from './cli/commands';
import { SettingsError } from './config/settings';
import { DataDirLockedError } from './database/data-dir-lock';
import { DatabaseUnavailableError } from './database/open-database';

/** The longest command name that the arguments start with: `competition create` before `competition`. */
export function findCommand(argv: readonly string[], available: readonly Command[] = commands) {
  const sorted = [...available].sort((a, b) => b.name.split(' ').length - a.name.split(' ').length);
  for (const command of sorted) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command, args: argv.slice(words.length) };
  }
  return undefined;
}

function help(): string {
  const width = Math.max(...commands.map((c) => c.usage.length));
  return [
    'usage: npm run --silent cli -- <command> [options]',
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
  ].join('\n');
}

export async function runCli(argv: readonly string[], io: Omit<CommandIo, 'args'>): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    io.out(help());
    return argv.length === 0 ? 2 : 0;
  }
  const found = findCommand(argv);
  if (!found) {
    io.err(`unknown command "${argv.join(' ')}"\n\n${help()}`);
    return 2;
  }
  try {
    return await found.command.run({ ...io, args: found.args });
  } catch (error) {
    if (error instanceof BadInputError) {
      io.out(jsonLine({ error: { code: 'BAD_INPUT', message: error.message } }));
      return 2;
    }
    if (error instanceof SettingsError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError) {
      io.err(`corr-scrabble: ${error.message}\n`);
      return 1;
    }
    io.err(`corr-scrabble: ${found.command.name} failed: ${(error as Error).message}\n`);
    return 1;
  }
}

if (require.main === module) {
  void runCli(process.argv.slice(2), {
    stdin: process.stdin,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
  }).then((status) => {
    process.exitCode = status;
  });
}
