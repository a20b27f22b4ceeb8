import { connectAdmin, TEST_DB, templateDatabase } from './test-database';

export default async function globalTeardown(): Promise<void> {
  if (TEST_DB === 'pglite') return;
  const admin = await connectAdmin();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${templateDatabase()}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
