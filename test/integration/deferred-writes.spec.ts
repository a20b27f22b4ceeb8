// Writes a transaction defers (database/deferred-writes.ts) go with its next
// statement or its commit, in one statement; they behave as if sent when made: the
// transaction's next read sees them, an error among them rolls the whole transaction back,
// and outside a transaction they are written at once.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { AuditEntry } from '../../src/audit/audit.entity';
import { ManualClock } from '../../src/common/clock';
import { Database } from '../../src/database/database';
import { deferRows, deferUpdate } from '../../src/database/insert-rows';
import { Game } from '../../src/games/entities/game.entity';
import { startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`deferred writes (${TEST_DB})`, () => {
  let t: TestApp;
  let db: Database;
  let ch: Championship;

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock('2027-02-01T09:00:00Z') });
    db = t.database;
    ch = await startChampionship(t.app, { players: 2 });
  });

  afterAll(async () => {
    await t.close();
  });

  const entry = (action: string, details: object = { n: 1 }): AuditEntry =>
    Object.assign(new AuditEntry(), {
      id: randomUUID(),
      at: new Date('2027-02-01T09:00:00.123Z'),
      actorUserId: null,
      actorRole: 'system',
      action,
      competitionId: null,
      gameId: null,
      details,
    });

  const stored = (action: string) => db.run((m) => m.find(AuditEntry, { where: { action } }));

  it('the next read in the transaction sees them; the rows arrive with every column as written', async () => {
    const a = entry('deferred.read', { moves: [{ notation: 'h8 CASĂ', score: 12 }], note: 'l\'œuf "quoted"' });
    const seen = await db.transaction(async (m) => {
      await deferRows(m, AuditEntry, a, entry('deferred.read'));
      return m.count(AuditEntry, { where: { action: 'deferred.read' } });
    });
    expect(seen).toBe(2);
    const [row] = (await stored('deferred.read')).filter((r) => r.id === a.id);
    expect(row).toEqual(a);
  });

  it('an update of a row waits with them, and an update of a table with rows pending goes after those rows', async () => {
    const game = ch.games[0];
    await db.transaction(async (m) => {
      await deferUpdate(m, Game, game.id, { turn: 7 });
      await deferUpdate(m, Game, game.id, { turn: 8 });
      await deferRows(m, AuditEntry, entry('deferred.update'));
    });
    const row = await db.run((m) => m.findOneByOrFail(Game, { id: game.id }));
    expect(row.turn).toBe(8);
    expect(await stored('deferred.update')).toHaveLength(1);
  });

  it('an error among them rolls back the whole transaction, its earlier writes too', async () => {
    const a = entry('deferred.error');
    await db.transaction(async (m) => deferRows(m, AuditEntry, a));
    const before = await db.run((m) => m.findOneByOrFail(Game, { id: ch.games[0].id }));
    await expect(
      db.transaction(async (m) => {
        await m.update(Game, { id: before.id }, { turn: before.turn + 5 });
        await deferRows(m, AuditEntry, entry('deferred.error'), { ...a } as AuditEntry);
      }),
    ).rejects.toThrow();
    expect(await stored('deferred.error')).toHaveLength(1);
    expect((await db.run((m) => m.findOneByOrFail(Game, { id: before.id }))).turn).toBe(before.turn);
  });

  it('an error among them is theirs, not that of the statement behind them or of the commit', async () => {
    const a = entry('deferred.first-error');
    await db.transaction(async (m) => deferRows(m, AuditEntry, a));
    // Behind them on a pipelined connection, the next statement fails as well ("current transaction is aborted").
    await expect(
      db.transaction(async (m) => {
        await deferRows(m, AuditEntry, { ...a } as AuditEntry);
        return m.count(AuditEntry, { where: { action: 'deferred.first-error' } });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(db.transaction(async (m) => deferRows(m, AuditEntry, { ...a } as AuditEntry))).rejects.toMatchObject({ code: '23505' });
    expect(await stored('deferred.first-error')).toHaveLength(1);
  });

  if (TEST_DB === 'postgres') {
    /** The statements sent during `work`, each with how many sent before it were still unanswered. */
    const sending = async (work: () => Promise<unknown>): Promise<{ sql: string; unanswered: number }[]> => {
      const sent: { sql: string; unanswered: number }[] = [];
      const query = Client.prototype.query;
      let unanswered = 0;
      Client.prototype.query = function (this: Client, ...args: unknown[]) {
        const [config] = args;
        const sql = typeof config === 'string' ? config : String((config as { text?: unknown }).text);
        sent.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 40), unanswered });
        unanswered++;
        const answer = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
        const answered = () => void unanswered--;
        answer.then(answered, answered);
        return answer;
      } as typeof query;
      try {
        await work();
      } finally {
        Client.prototype.query = query;
      }
      return sent;
    };

    it('a transaction that locks, then writes, waits for the server twice: its begin goes with the lock, its writes with the commit', async () => {
      const game = ch.games[0];
      const sent = await sending(() =>
        db.transaction(async (m) => {
          const row = await m.findOneOrFail(Game, { where: { id: game.id }, lock: { mode: 'pessimistic_write' } });
          await deferUpdate(m, Game, game.id, { turn: row.turn + 1 });
          await deferRows(m, AuditEntry, entry('deferred.round-trips'));
        }),
      );
      expect(sent.map((s) => s.sql.split(' ')[0])).toEqual(['START', 'SELECT', 'WITH', 'COMMIT']);
      // Sent with nothing unanswered: the transaction waited for every answer before it.
      expect(sent.filter((s) => s.unanswered === 0).map((s) => s.sql.split(' ')[0])).toEqual(['START', 'WITH']);
      expect(await stored('deferred.round-trips')).toHaveLength(1);
    });

    it('a transaction that sends no statement begins none', async () => {
      const sent = await sending(() => db.transaction(async () => 'nothing to do'));
      expect(sent).toEqual([]);
    });
  }

  it('a transaction that fails after deferring sends none of them', async () => {
    await expect(
      db.transaction(async (m) => {
        await deferRows(m, AuditEntry, entry('deferred.rolled-back'));
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await stored('deferred.rolled-back')).toHaveLength(0);
  });

  it('outside a transaction they are written at once', async () => {
    await db.run((m) => deferRows(m, AuditEntry, entry('deferred.outside')));
    expect(await stored('deferred.outside')).toHaveLength(1);
  });

  it('after-commit work runs only once the transaction committed', async () => {
    const ran: string[] = [];
    await db.transaction(async () => {
      db.afterCommit(() => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    await expect(
      db.transaction(async () => {
        db.afterCommit(() => ran.push('rolled back'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual(['committed']);
  });
});
