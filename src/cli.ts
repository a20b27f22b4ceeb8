import 'reflect-metadata';
import { BadInputError, Command, CommandIo, jsonLine } from './cli/command';
import { commandModules, loadAllCommands } from './cli/commands';
import { SettingsError } from './config/settings';
import { DatabaseUnavailableError, DataDirLockedError } from './database/data-dir-lock';

/** The longest command name that the arguments start with: `competition create` before `competition`. */
export function findCommandName(argv: readonly string[], names: readonly string[]): string | undefined {
  const sorted = [...names].sort((a, b) => b.split(' ').length - a.split(' ').length);
  return sorted.find((name) => name.split(' ').every((w, i) => argv[i] === w));
}

async function loadCommand(argv: readonly string[]): Promise<{ command: Command; args: readonly string[] } | undefined> {
  const name = findCommandName(
    argv,
    commandModules.flatMap((m) => m.names),
  );
  if (!name) return undefined;
  const module = commandModules.find((m) => m.names.includes(name))!;
  const command = (await module.load()).find((c) => c.name === name);
  return command && { command, args: argv.slice(name.split(' ').length) };
}

async function help(): Promise<string> {
  const commands = await loadAllCommands();
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
    io.out(await help());
    return argv.length === 0 ? 2 : 0;
  }
  const found = await loadCommand(argv);
  if (!found) {
    io.err(`unknown command "${argv.join(' ')}"\n\n${await help()}`);
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
