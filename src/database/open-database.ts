import type { DatabaseSettings } from '../config/settings';
import { acquireDataDirLock, DatabaseUnavailableError } from './data-dir-lock';
import { createDataSource, type EntityClasses } from './data-source';
import { Database } from './database';
import { pgliteTemplateDump, seedPgliteDataDir } from './pglite-template';

export interface OpenedDatabase {
  readonly database: Database;
  readonly migrations: string[];
  close(): Promise<void>;
}

/**
 * Opens the database the settings name and brings its schema up to date: the
 * embedded PGlite under its directory lock, or a PostgreSQL server.
 */
export async function openDatabase(
  settings: DatabaseSettings,
  entities: EntityClasses,
  { migrate = true, seed = true } = {},
): Promise<OpenedDatabase> {
  const onDisk = settings.kind === 'pglite' && settings.dataDir !== 'memory://';
  const release = onDisk ? acquireDataDirLock(settings.dataDir) : () => undefined;
  // A new embedded database starts from the build's prepared one rather than from initdb.
  if (onDisk && seed) {
    try {
      seedPgliteDataDir(settings.dataDir);
    } catch (error) {
      release();
      throw new DatabaseUnavailableError(`Cannot prepare the embedded database in ${settings.dataDir}: ${(error as Error).message}`);
    }
  }
  const inMemory = settings.kind === 'pglite' && !onDisk;
  const template = inMemory && seed ? pgliteTemplateDump() : undefined;
  const database = new Database(createDataSource(settings, entities, { template }), settings.kind);
  try {
    await database.dataSource.initialize();
  } catch (error) {
    release();
    throw new DatabaseUnavailableError(
      settings.kind === 'postgres'
        ? `Cannot connect to PostgreSQL at ${redact(settings.url)}: ${(error as Error).message}`
        : `Cannot open the embedded database in ${settings.dataDir}: ${(error as Error).message}`,
    );
  }
  try {
    const migrations = migrate ? await database.migrate() : [];
    return {
      database,
      migrations,
      close: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    release();
    throw error;
  }
}

/** A database URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
