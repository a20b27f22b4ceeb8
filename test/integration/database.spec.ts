import { Client } from 'pg';
import { advisoryLockKey } from '../../src/database/advisory-lock';
import { Database } from '../../src/database/database';
import { DatabaseInterruptedError } from '../../src/database/database-interrupted';
import { OpenedDatabase } from '../../src/database/open-database';
import { openTestDatabase } from '../support/test-app';
import { TEST_DB, TestDatabase } from '../support/test-database';

describe(`the database (${TEST_DB})`, () => {
  let opened: OpenedDatabase;
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    ({ opened, testDb } = await openTestDatabase());
    db = opened.database;
  });

  afterAll(async () => {
    await opened.close();
    await testDb.drop();
  });

  it('is the kind this pass is about', () => {
    expect(db.kind).toBe(TEST_DB);
  });

  it('has every migration applied and applies none twice', async () => {
    const rows: { name: string }[] = await db.run((m) => m.query('SELECT name FROM migrations ORDER BY id'));
    expect(rows.map((r) => r.name)).toEqual(db.dataSource.migrations.map((m) => m.name));
    expect(await db.migrate()).toEqual([]);
  });

  it('refuses a duplicate key and keeps the first row unchanged', async () => {
    const insert = (value: string) =>
      db.transaction((m) =>
        m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('dup', $1::jsonb, now())`, [JSON.stringify(value)]),
      );
    await insert('first');
    await expect(insert('second')).rejects.toMatchObject({ code: '23505' });
    const rows: { value: string }[] = await db.run((m) => m.query(`SELECT value FROM platform_state WHERE key = 'dup'`));
    expect(rows).toEqual([{ value: 'first' }]);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.transaction(async (m) => {
        await m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('half', '1', now())`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.run((m) => m.query(`SELECT 1 FROM platform_state WHERE key = 'half'`));
    expect(rows).toHaveLength(0);
  });

  describe('closing', () => {
    /** Turns of the event loop: time enough, on any machine, for a close that did not wait to be done. */
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
    };

    it('lets the units of work already running finish and commit, and refuses new ones, typed, without running them', async () => {
      const { opened: other, testDb: otherDb } = await openTestDatabase();
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const running = other.database.transaction(async (m) => {
          await m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('closing', '1', now())`);
          await held;
          await m.query(`UPDATE platform_state SET value = '2' WHERE key = 'closing'`);
          return 'committed';
        });
        await turns(5);
        let closed = false;
        const closing = other.close().then(() => (closed = true));
        await Promise.race([closing, turns(200)]);
        expect(closed).toBe(false);

        let ran = false;
        await expect(
          other.database.run(async () => {
            ran = true;
          }),
        ).rejects.toBeInstanceOf(DatabaseInterruptedError);
        expect(ran).toBe(false);

        release();
        await expect(running).resolves.toBe('committed');
        await closing;
        expect(closed).toBe(true);
        if (otherDb.url) {
          const client = new Client({ connectionString: otherDb.url });
          await client.connect();
          try {
            const { rows } = await client.query(`SELECT value FROM platform_state WHERE key = 'closing'`);
            expect(rows).toEqual([{ value: 2 }]);
          } finally {
            await client.end();
          }
        }
      } finally {
        await otherDb.drop();
      }
    });
  });

  describe('the unit of work', () => {
    it('is the open transaction for code that is not handed a manager, and the pool inside run', async () => {
      await db.transaction(async (m) => {
        expect(db.manager).toBe(m);
        expect(db.inTransaction).toBe(true);
        await Promise.resolve();
        expect(db.manager).toBe(m);
      });
      await db.run(async (m) => {
        expect(db.manager).toBe(m);
        expect(db.inTransaction).toBe(false);
      });
    });

    it('refuses to run a query outside any unit rather than autocommit it', () => {
      expect(() => db.manager).toThrow(/no unit of work/);
    });

    it('rolls back what a writer wrote through it with the transaction that opened it', async () => {
      const write = () => db.manager.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('uow', '1'::jsonb, now())`);
      await expect(
        db.transaction(async () => {
          await write();
          throw new Error('refused after the write');
        }),
      ).rejects.toThrow('refused after the write');
      const rows: unknown[] = await db.run((m) => m.query(`SELECT 1 FROM platform_state WHERE key = 'uow'`));
      expect(rows).toHaveLength(0);
    });
  });

  it('takes and gives back an advisory lock', async () => {
    const key = advisoryLockKey('round-trip');
    const held = await db.run(async (m) => {
      const [{ locked }] = await m.query('SELECT pg_try_advisory_lock($1) AS locked', [key]);
      const [{ count }] = await m.query(`SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND granted`);
      const [{ unlocked }] = await m.query('SELECT pg_advisory_unlock($1) AS unlocked', [key]);
      return { locked, count, unlocked };
    });
    expect(held).toEqual({ locked: true, count: expect.any(Number), unlocked: true });
    expect(held.count).toBeGreaterThanOrEqual(1);
  });

  if (TEST_DB === 'postgres') {
    it('keeps an advisory lock from a second session until the first lets go', async () => {
      const key = advisoryLockKey('two-sessions');
      const other = new Client({ connectionString: testDb.url });
      await other.connect();
      try {
        const runner = db.dataSource.createQueryRunner();
        await runner.connect();
        try {
          await runner.query('SELECT pg_advisory_lock($1)', [key]);
          const denied = await other.query('SELECT pg_try_advisory_lock($1) AS locked', [key]);
          expect(denied.rows[0].locked).toBe(false);
          await runner.query('SELECT pg_advisory_unlock($1)', [key]);
          const granted = await other.query('SELECT pg_try_advisory_lock($1) AS locked', [key]);
          expect(granted.rows[0].locked).toBe(true);
        } finally {
          await runner.release();
        }
      } finally {
        await other.end();
      }
    });
  } else {
    it('serialises transactions on the one PGlite session', async () => {
      const order: string[] = [];
      const slow = db.transaction(async (m) => {
        order.push('a:start');
        await m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('a', '1', now())`);
        await new Promise((r) => setTimeout(r, 50));
        order.push('a:end');
      });
      const fast = db.transaction(async (m) => {
        order.push('b:start');
        await m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('b', '1', now())`);
        order.push('b:end');
        throw new Error('b fails');
      });
      await slow;
      await expect(fast).rejects.toThrow('b fails');
      expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
      // b's rollback must not have taken a's committed row with it.
      const keys = await db.run((m) => m.query(`SELECT key FROM platform_state WHERE key IN ('a','b') ORDER BY key`));
      expect(keys).toEqual([{ key: 'a' }]);
    });
  }
});
