import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseSettings } from '../../src/config/settings';
import { hangAfter } from './hang';

/** Which database the integration tier runs on: set by scripts/test.js for each pass. */
export const TEST_DB: 'postgres' | 'pglite' = process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * One jest run's databases carry the run's id (the jest parent's pid, set by the global
 * setup), so runs side by side on one server never drop each other's databases.
 */
export const TEST_DATABASE_PREFIX = 'corr_scrabble_test_';
const runId = () => {
  const id = process.env.CORR_SCRABBLE_TEST_RUN;
  if (!id) throw new Error('CORR_SCRABBLE_TEST_RUN is not set: run the integration tests through jest (npm test)');
  return id;
};
/** Migrated once per run by the global setup; every test file clones it. */
export const templateDatabase = () => `${TEST_DATABASE_PREFIX}t_${runId()}`;
const fileDatabasePrefix = () => `${TEST_DATABASE_PREFIX}f_${runId()}_`;

/** The run id inside one of our database names, to tell whether that run is still alive. */
export function runIdOf(name: string): number | undefined {
  const match = new RegExp(`^${TEST_DATABASE_PREFIX}[tf]_(\\d+)`).exec(name);
  return match ? Number(match[1]) : undefined;
}

/** Never let a test drop or clone a database that is not obviously a test database. */
export function assertTestDatabaseName(name: string): void {
  if (!name.includes('test')) {
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test".`);
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function adminDatabaseName(): string {
  const name = decodeURIComponent(new URL(TEST_DATABASE_URL).pathname.replace(/^\//, ''));
  assertTestDatabaseName(name);
  return name;
}

export async function connectAdmin(): Promise<Client> {
  const client = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: hangAfter(5_000) });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        `Start it (on Debian: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) ` +
        `or point TEST_DATABASE_URL at a server whose database name contains "test".`,
    );
  }
  return client;
}

export interface TestDatabase {
  readonly settings: DatabaseSettings;
  /** The URL of this file's own database (PostgreSQL only). */
  readonly url?: string;
  drop(): Promise<void>;
}

/**
 * A database of this test file's own: on PostgreSQL a clone of the migrated template
 * (cheap, isolated); on PGlite a fresh in-memory instance, migrated when opened.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') return { settings: { kind: 'pglite', dataDir: 'memory://' }, drop: async () => undefined };
  const name = `${fileDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  assertTestDatabaseName(name);
  const admin = await connectAdmin();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  return {
    settings: { kind: 'postgres', url },
    url,
    drop: async () => {
      const client = await connectAdmin();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
