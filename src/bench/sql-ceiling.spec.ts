import type { ObjectLiteral } from 'typeorm';
import { DeferredWrites } from '../database/deferred-writes';
import type { RowCodec } from '../database/row-codec';
import { LEAN_LOCK_SQL, replayOf, shapedMove, slotsOf, type CapturedMove, type CapturedStatement } from './sql-ceiling';

/** A codec of the shape the deferred writes read: table, columns, a row's values in column order. */
function codec(table: string, columns: readonly string[]): RowCodec<ObjectLiteral> {
  return {
    table: `"${table}"`,
    columns: columns.map((c) => ({ databaseName: c, propertyName: c })),
    values: (row: ObjectLiteral) => columns.map((c) => row[c]),
    persistent: (_column: unknown, value: unknown) => value,
  } as unknown as RowCodec<ObjectLiteral>;
}

const GAME = '11111111-1111-4111-8111-111111111111';
const LINE = '22222222-2222-4222-8222-222222222222';
const move = codec('move', ['id', 'game_id', 'line_id', 'number', 'notation']);
const mail = codec('outbound_mail', ['id', 'game_id', 'message_id', 'template']);
const game = codec('game', ['id', 'version', 'turn']);

/** The one statement a move's writes go out as, made by the platform's own DeferredWrites. */
async function moveWrites(): Promise<CapturedStatement> {
  const sent: CapturedStatement[] = [];
  const writes = new DeferredWrites(async (sql, parameters) => void sent.push({ sql, parameters: parameters ?? [] }));
  writes.insert(move, [{ id: 'move-1', game_id: GAME, line_id: LINE, number: 7, notation: 'h8 CASA' }]);
  writes.insert(mail, [
    { id: 'mail-1', game_id: GAME, message_id: '<a@corr>', template: 'move-confirmation' },
    { id: 'mail-2', game_id: GAME, message_id: '<b@corr>', template: 'your-move' },
  ]);
  writes.update(game, GAME, { version: 8, turn: 8 });
  await writes.flush();
  expect(sent).toHaveLength(1);
  return sent[0];
}

describe('the move replayed for the SQL ceiling (bench:championship --sql-ceiling)', () => {
  it('knows which table and column each placeholder of the deferred writes goes to', async () => {
    const { sql, parameters } = await moveWrites();
    const slots = slotsOf(sql);
    const at = (table: string, column: string) =>
      slots.filter((s) => s.table === table && s.column === column).map((s) => parameters[s.index]);
    expect(at('move', 'number')).toEqual([7]);
    expect(at('outbound_mail', 'message_id')).toEqual(['<a@corr>', '<b@corr>']);
    expect(at('outbound_mail', 'id')).toEqual(['mail-1', 'mail-2']);
    expect(at('game', 'version')).toEqual([8]);
    // Every value but the updated row's id has its place.
    expect(slots).toHaveLength(parameters.length - 1);
  });

  it('writes fresh keys on every replay, keeps the game, and asks the lock for the version the writes leave', async () => {
    const write = await moveWrites();
    const captured: CapturedMove = {
      gameId: GAME,
      statements: [
        { sql: 'START TRANSACTION', parameters: [] },
        {
          sql: 'SELECT CASE WHEN g."version" = $2 THEN NULL ELSE 1 END FROM "game" g WHERE g."id" = $1 AND $3 IS NULL FOR UPDATE OF g',
          parameters: [GAME, 7, null],
        },
        write,
        { sql: 'COMMIT', parameters: [] },
      ],
    };
    const plan = replayOf(captured);
    const [lock1, write1] = plan(1);
    const [, write2] = plan(2);
    expect(lock1.parameters).toEqual([GAME, 8, null]);
    const slots = slotsOf(write.sql);
    const values = (s: CapturedStatement, table: string, column: string) =>
      slots.filter((x) => x.table === table && x.column === column).map((x) => s.parameters[x.index]);
    for (const table of ['move', 'outbound_mail']) {
      expect(values(write1, table, 'id')).not.toEqual(values(write, table, 'id'));
      expect(values(write2, table, 'id')).not.toEqual(values(write1, table, 'id'));
    }
    expect(values(write1, 'outbound_mail', 'message_id')).toEqual(['<a@corr>.1', '<b@corr>.1']);
    expect(values(write1, 'move', 'number')).toEqual([1_000_001]);
    expect(values(write2, 'move', 'number')).toEqual([1_000_002]);
    expect(values(write1, 'move', 'game_id')).toEqual([GAME]);
    expect(values(write1, 'game', 'version')).toEqual([8]);
    expect(write1.parameters.at(-1)).toBe(GAME);
  });

  it("keeps the parameters of a lock that names no version (a caller holding the game's rows and head)", async () => {
    const held = {
      sql: 'SELECT 1 FROM "game" g WHERE g."id" = $1 AND $2 IS NULL AND $3 IS NULL FOR UPDATE OF g',
      parameters: [GAME, null, null],
    };
    const plan = replayOf({ gameId: GAME, statements: [held, await moveWrites()] });
    expect(plan(1)[0]).toEqual(held);
  });

  it('refuses a capture without the lock statement', () => {
    expect(() => replayOf({ gameId: GAME, statements: [{ sql: 'COMMIT', parameters: [] }] })).toThrow(/no lock statement/);
  });

  describe('the leaner moves replayed beside it', () => {
    const capturedOf = async (): Promise<CapturedMove> => ({
      gameId: GAME,
      statements: [
        {
          sql: 'SELECT CASE WHEN g."version" = $2 THEN NULL ELSE 1 END FROM "game" g WHERE g."id" = $1 AND $3 IS NULL FOR UPDATE OF g',
          parameters: [GAME, 7, null],
        },
        await moveWrites(),
      ],
    });

    it('sends the same writes after a lock that reads only the version', async () => {
      const captured = await capturedOf();
      const lean = shapedMove(captured, 'leanLock');
      expect(lean.statements[0]).toEqual({ sql: LEAN_LOCK_SQL, parameters: [GAME] });
      expect(lean.statements[1]).toBe(captured.statements[1]);
      expect(shapedMove(captured, 'platform')).toBe(captured);
    });

    it('keeps one row of each insert, every value still in its column, for the minimal move', async () => {
      const minimal = shapedMove(await capturedOf(), 'minimal');
      const [lock, write] = minimal.statements;
      expect(lock).toEqual({ sql: LEAN_LOCK_SQL, parameters: [GAME] });
      const slots = slotsOf(write.sql);
      const at = (table: string, column: string) =>
        slots.filter((s) => s.table === table && s.column === column).map((s) => write.parameters[s.index]);
      expect(at('move', 'number')).toEqual([7]);
      expect(at('move', 'notation')).toEqual(['h8 CASA']);
      expect(at('outbound_mail', 'message_id')).toEqual(['<a@corr>']);
      expect(at('outbound_mail', 'template')).toEqual(['move-confirmation']);
      expect(at('game', 'version')).toEqual([8]);
      expect(write.parameters.at(-1)).toBe(GAME);
      expect(slots).toHaveLength(write.parameters.length - 1);
      // Numbered from $1 without a gap.
      const numbers = [...write.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...numbers)).toBe(write.parameters.length);
    });

    it('replays the minimal move with fresh keys', async () => {
      const plan = replayOf(shapedMove(await capturedOf(), 'minimal'));
      const [lock, write] = plan(3);
      expect(lock.parameters).toEqual([GAME]);
      const slots = slotsOf(write.sql);
      const at = (table: string, column: string) =>
        slots.filter((s) => s.table === table && s.column === column).map((s) => write.parameters[s.index]);
      expect(at('outbound_mail', 'message_id')).toEqual(['<a@corr>.3']);
      expect(at('move', 'number')).toEqual([1_000_003]);
    });
  });
});
