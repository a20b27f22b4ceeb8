import { openAppDatabase } from '../../src/app-database';
import {
  adminDatabaseName,
  assertTestDatabaseName,
  connectAdmin,
  databaseUrl,
  runIdOf,
  TEST_DATABASE_PREFIX,
  TEST_DB,
  templateDatabase,
} from './test-database';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Migrates this run's template database once; test files clone it. */
export default async function globalSetup(): Promise<void> {
  // Workers are forked after this and inherit it.
  process.env.CORR_SCRABBLE_TEST_RUN = String(process.pid);
  if (TEST_DB === 'pglite') return;
  adminDatabaseName();
  const template = templateDatabase();
  assertTestDatabaseName(template);
  const admin = await connectAdmin();
  try {
    // Databases left by earlier runs that were interrupted (their jest is gone).
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${TEST_DATABASE_PREFIX}%`,
    ]);
    for (const { datname } of rows) {
      const owner = runIdOf(datname);
      if (owner !== undefined && owner !== process.pid && alive(owner)) continue;
      assertTestDatabaseName(datname);
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${template}"`);
  } finally {
    await admin.end();
  }
  const opened = await openAppDatabase({ kind: 'postgres', url: databaseUrl(template) });
  await opened.close();
}
