import { OpenedDatabase } from '../../src/database/open-database';
import { openTestDatabase } from '../support/test-app';
import { TEST_DB, TestDatabase } from '../support/test-database';

describe(`the schema (${TEST_DB})`, () => {
  let opened: OpenedDatabase;
  let testDb: TestDatabase;

  beforeAll(async () => {
    ({ opened, testDb } = await openTestDatabase());
  });

  afterAll(async () => {
    await opened.close();
    await testDb.drop();
  });

  it('is exactly what the entities describe once the migrations ran (no drift, nothing left to generate)', async () => {
    const { upQueries } = await opened.database.run(() => opened.database.dataSource.driver.createSchemaBuilder().log());
    expect(upQueries.map((q) => q.query)).toEqual([]);
  });
});
