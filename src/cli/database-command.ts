import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import type { Command, CommandIo } from './command';
import { defineCommand, type ActionStatus, type CommandArgs, type CommandSpec, type NoOptions } from './define-command';
import type { OptionSpec } from './options';

/**
 * Runs work on the database the environment names. On the embedded database this
 * refuses while the platform runs (the directory lock says so): one writer only.
 */
export async function withDatabase<T>(io: CommandIo, work: (db: Database, applied: string[]) => Promise<T>): Promise<T> {
  const settings = parseSettings(io.env);
  const opened = await openAppDatabase(settings.database);
  try {
    return await work(opened.database, opened.migrations);
  } finally {
    await opened.close();
  }
}

/** A command whose action runs on the database alone (no Nest application: one query, one line). */
export function databaseCommand<const S extends OptionSpec = NoOptions, I = CommandArgs<S>>(
  spec: CommandSpec<S, I> & { readonly run: (input: I, db: Database, io: CommandIo, migrations: string[]) => ActionStatus },
): Command {
  return defineCommand<S, I>({ ...spec, run: (input, io) => withDatabase(io, (db, migrations) => spec.run(input, db, io, migrations)) });
}
