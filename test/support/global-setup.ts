import { openDatabase } from '../../src/database/open-database';
import {
  adminDatabaseName,
  assertTestDatabaseName,
  connectAdmin,
  databaseUrl,
  FILE_DATABASE_PREFIX,
  TEMPLATE_DATABASE,
  TEST_DB,
} from './test-database';

/** Migrates the template database once per run; test files clone it. */
export default async function globalSetup(): Promise<void> {
  if (TEST_DB === 'pglite') return;
  adminDatabaseName();
  assertTestDatabaseName(TEMPLATE_DATABASE);
  const admin = await connectAdmin();
  try {
    // Databases left by an interrupted earlier run.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [TEMPLATE_DATABASE, `${FILE_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      assertTestDatabaseName(datname);
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const opened = await openDatabase({ kind: 'postgres', url: databaseUrl(TEMPLATE_DATABASE) });
  await opened.close();
}
