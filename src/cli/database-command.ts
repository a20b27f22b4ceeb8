import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openDatabase } from '../database/open-database';
import type { CommandIo } from './command';

/**
 * Runs work on the database the environment names. On the embedded database this
 * refuses while the platform runs (the directory lock says so): one writer only.
 */
export async function withDatabase<T>(io: CommandIo, work: (db: Database, applied: string[]) => Promise<T>): Promise<T> {
  const settings = parseSettings(io.env);
  const opened = await openDatabase(settings.database);
  try {
    return await work(opened.database, opened.migrations);
  } finally {
    await opened.close();
  }
}
