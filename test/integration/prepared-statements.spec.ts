import type { OpenedDatabase } from '../../src/database/open-database';
import { prepared, preparedName } from '../../src/database/prepared-statements';
import type { TestDatabase } from '../support/test-database';
import { TEST_DB } from '../support/test-database';
import { openTestDatabase } from '../support/test-app';

/**
 * The hot statements go by name on PostgreSQL, so the server plans them once per connection
 * (src/database/prepared-statements.ts); on both databases a marked statement answers as an
 * unmarked one does.
 */
describe(`prepared statements (${TEST_DB})`, () => {
  let opened: OpenedDatabase;
  let testDb: TestDatabase;
  beforeAll(async () => {
    ({ opened, testDb } = await openTestDatabase());
  });
  afterAll(async () => {
    await opened.close();
    await testDb.drop();
  });

  const MARKED = prepared('SELECT $1::int + 1 AS "next", $2::text AS "word" /* prepared-statements.spec */');
  const UNMARKED = 'SELECT $1::int + 2 AS "next" /* prepared-statements.spec, not marked */';

  it('answers a marked statement as an unmarked one, each time, with its parameters', async () => {
    const answers = await opened.database.run(async (m) => [
      await m.query(MARKED, [1, 'CASĂ']),
      await m.query(MARKED, [41, 'GOL']),
      await m.query(UNMARKED, [1]),
    ]);
    expect(answers).toEqual([[{ next: 2, word: 'CASĂ' }], [{ next: 42, word: 'GOL' }], [{ next: 3 }]]);
  });

  it('refuses a marked statement with bad parameters as the database would, and goes on', async () => {
    await expect(opened.database.run((m) => m.query(MARKED, ['not a number', 'x']))).rejects.toThrow(/invalid input syntax/);
    await expect(opened.database.run((m) => m.query(MARKED, [2, 'x']))).resolves.toEqual([{ next: 3, word: 'x' }]);
  });

  if (TEST_DB === 'postgres') {
    it('keeps a marked statement prepared on the connection under its name, and an unmarked one not', async () => {
      const kept = await opened.database.transaction(async (m) => {
        // One transaction: one connection, whose prepared statements the view lists.
        await m.query(MARKED, [1, 'a']);
        await m.query(UNMARKED, [1]);
        return (await m.query('SELECT "name", "statement" FROM pg_prepared_statements')) as { name: string; statement: string }[];
      });
      expect(kept).toContainEqual({ name: preparedName(MARKED), statement: MARKED });
      expect(kept.some((s) => s.statement === UNMARKED)).toBe(false);
    });
  }
});
