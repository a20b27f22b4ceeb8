import { ManualClock } from '../../src/common/clock';
import { Database } from '../../src/database/database';
import { GameRepository } from '../../src/games/persistence/game.repository';
import { GameActions } from '../../src/games/actions/game-actions.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { Move } from '../../src/games/entities/move.entity';
import { GameLoader, type HeldHead } from '../../src/games/persistence/game-loader.repository';
import { GameEventRow } from '../../src/notifications/game-event.entity';
import { Competition } from '../../src/competitions/competition.entity';
import { Player } from '../../src/players/player.entity';
import { keptNotations, placementFor, playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

/**
 * Reads take a game's lines, moves and disputes from the games service's
 * cache while the game's version is unchanged (every write that changes what a
 * game shows bumps it); every change of the game is seen by the next read, never a stale page.
 */
describe(`game reads from the rows cache (${TEST_DB})`, () => {
  let t: TestApp;
  let movesService: MovesService;
  let readsService: GameReadsService;
  let gameActions: GameActions;
  let db: Database;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    movesService = t.app.get(MovesService);
    readsService = t.app.get(GameReadsService);
    gameActions = t.app.get(GameActions);
    db = t.app.get(Database);
    ch = await startChampionship(t.app, { players: 2 });
  });

  afterAll(async () => {
    await t.close();
  });

  it('reads hit the cache while the version is unchanged, and see every new version', async () => {
    const game = ch.games[0];
    const red = playerOf(ch, game, 'red');
    const blue = playerOf(ch, game, 'blue');
    const first = placementFor(ch, [], 7);
    await movesService.submitMove(red, game.id, { move: first, source: 'web' });

    const take = jest.spyOn(gameActions.rows, 'take');
    try {
      const missed = await readsService.view(blue, game.id);
      const hit = await readsService.view(blue, game.id);
      expect(take.mock.results.at(-1)?.value).toBeDefined();
      expect(hit).toEqual(missed);

      // A move is a new version: the next read has it.
      const second = placementFor(ch, [first], 8);
      await movesService.submitMove(blue, game.id, { move: second, source: 'web' });
      const after = await readsService.view(red, game.id);
      expect(after.moves.map((m) => m.notation)).toEqual([missed.moves[0].notation, expect.any(String)]);
      expect(after.version).toBe(missed.version + 1);

      // Thinking days recounted outside an action (leave approved afterwards) come with a new version.
      await readsService.view(red, game.id);
      const changed = after.moves[0];
      await db.transaction(async (m) => {
        await m.update(Move, { id: changed.id }, { thinkingDays: changed.thinkingDays + 3 });
        await t.app.get(GameRepository).bumpVersions([game.id]);
      });
      const recounted = await readsService.view(red, game.id);
      expect(recounted.version).toBe(after.version + 1);
      expect(recounted.moves.find((m) => m.id === changed.id)?.thinkingDays).toBe(changed.thinkingDays + 3);
    } finally {
      take.mockRestore();
    }
  });

  it('an unknown game is still refused on a read', async () => {
    await expect(readsService.view(playerOf(ch, ch.games[0], 'red'), '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'UNKNOWN_GAME',
    });
  });
});

/**
 * An instance keeps the committed state of as many games as GAME_CACHE_GAMES
 * says, for their next action; a game pushed out is read whole again, and still plays right.
 */
describe(`the games kept between actions (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock('2027-02-01T09:00:00Z'), settings: { gameCacheGames: 2 } });
    ch = await startChampionship(t.app, { players: 3 });
  });

  afterAll(async () => {
    await t.close();
  });

  it('keeps GAME_CACHE_GAMES games, forgets the least recent, and plays a forgotten game from its rows', async () => {
    const movesService = t.app.get(MovesService);
    const { committed } = t.app.get(GameActions);
    expect(committed.capacity).toBe(2);
    expect(ch.games).toHaveLength(3);
    const firsts = new Map<string, string>();
    for (const [i, game] of ch.games.entries()) {
      const move = placementFor(ch, [], 20 + i);
      firsts.set(game.id, move);
      await movesService.submitMove(playerOf(ch, game, 'red'), game.id, { move, source: 'web' });
    }
    expect(committed.size).toBe(2);
    const [oldest, ...recent] = ch.games;
    expect(committed.versionOf(oldest.id)).toBeUndefined();
    for (const game of recent) expect(committed.versionOf(game.id)).toBeDefined();

    const reply = placementFor(ch, [firsts.get(oldest.id)!], 30);
    const result = await movesService.submitMove(playerOf(ch, oldest, 'blue'), oldest.id, { move: reply, source: 'web' });
    expect(result.status).toBe('playing');
    const view = await t.app.get(GameReadsService).view(playerOf(ch, oldest, 'red'), oldest.id);
    expect(view.moves).toHaveLength(2);
    expect(committed.versionOf(oldest.id)).toBe(view.version);
  });

  it("reuses the competition, sequence and players it holds while their mark stands, and reads them again after anyone's write", async () => {
    const db = t.app.get(Database);
    const loader = new GameLoader(db);
    const [game, other] = ch.games;
    const first = await db.transaction(() => loader.actionRows(game.id, {}));
    expect(first.headMark).toEqual(expect.any(String));
    // What the caller holds, marked so as to tell whether the statement left the rows out.
    const held = (head: typeof first.head, mark: string): HeldHead => ({
      mark,
      competition: Object.assign(new Competition(), head.competition, { name: 'held' }),
      sequence: head.sequence,
      players: { red: Object.assign(new Player(), head.players.red, { name: 'held' }), blue: head.players.blue },
    });

    const reused = await db.transaction(() => loader.actionRows(game.id, { head: held(first.head, first.headMark) }));
    expect(reused.head.competition.name).toBe('held');
    expect(reused.head.players.red.name).toBe('held');
    expect(reused.headMark).toBe(first.headMark);
    // Holding the rows of the version as well: neither is read.
    const version = first.head.game.version;
    const both = await db.transaction(() => loader.actionRows(game.id, { version, head: held(first.head, first.headMark) }));
    expect(both.head.competition.name).toBe('held');
    expect(both.rows).toBeNull();
    expect(both.head.game.version).toBe(version);
    // The game changed since (another instance's action): its rows are read, the head still held.
    await db.transaction(async (m) => {
      await m.query(`UPDATE "game" SET "version" = "version" + 1 WHERE "id" = $1`, [game.id]);
    });
    const moved = await db.transaction(() => loader.actionRows(game.id, { version, head: held(first.head, first.headMark) }));
    expect(moved.rows).not.toBeNull();
    expect(moved.head.game.version).toBe(version + 1);
    expect(moved.head.competition.name).toBe('held');

    // Another game's head is never taken for this one's, though the rows of both were written
    // by the same transactions (the same xmin): the mark names each row.
    const xminOf = (ids: string[]) =>
      db.run(
        async (m) => ((await m.query(`SELECT DISTINCT "xmin"::text AS x FROM "player" WHERE "id" = ANY($1)`, [ids])) as unknown[]).length,
      );
    expect(other.redPlayerId).not.toBe(game.redPlayerId);
    expect(await xminOf([game.redPlayerId, other.redPlayerId, game.bluePlayerId, other.bluePlayerId])).toBe(1);
    const ofOther = await db.transaction(() => loader.actionRows(other.id, { head: held(first.head, first.headMark) }));
    expect(ofOther.head.competition.name).not.toBe('held');
    expect(ofOther.head.players.red.id).toBe(other.redPlayerId);

    // Written outside the frame (another instance, the CLI, plain SQL): the next lock reads the rows.
    await db.transaction(async (m) => {
      await m.query(`UPDATE "player" SET "name" = 'Renamed Red' WHERE "id" = $1`, [game.redPlayerId]);
    });
    const renamed = await db.transaction(() =>
      loader.actionRows(game.id, { version: version + 1, head: held(first.head, first.headMark) }),
    );
    expect(renamed.head.players.red.name).toBe('Renamed Red');
    expect(renamed.head.competition.name).not.toBe('held');
    expect(renamed.headMark).not.toBe(first.headMark);
    expect(renamed.rows).toBeNull();

    await db.transaction(async (m) => {
      await m.query(`UPDATE "competition" SET "name" = 'Renamed Cup' WHERE "id" = $1`, [game.competitionId]);
    });
    const edited = await db.transaction(() => loader.actionRows(game.id, { head: held(renamed.head, renamed.headMark) }));
    expect(edited.head.competition.name).toBe('Renamed Cup');
    expect(edited.headMark).not.toBe(renamed.headMark);
  });

  it("an action's mails carry a player's name as written since the game's last action, by whatever wrote it", async () => {
    const movesService = t.app.get(MovesService);
    const db = t.app.get(Database);
    const game = ch.games[2];
    const played = keptNotations(await t.app.get(GameReadsService).view(playerOf(ch, game, 'red'), game.id));
    const [mover, next] = played.length % 2 === 0 ? (['red', 'blue'] as const) : (['blue', 'red'] as const);
    const first = placementFor(ch, played, 40);
    await movesService.submitMove(playerOf(ch, game, mover), game.id, { move: first, source: 'web' });
    expect(t.app.get(GameActions).committed.headOf(game.id)).toBeDefined();

    const renamed = next === 'red' ? game.redPlayerId : game.bluePlayerId;
    await db.transaction(async (m) => {
      await m.query(`UPDATE "player" SET "name" = 'Ionescu Nou' WHERE "id" = $1`, [renamed]);
    });
    await movesService.submitMove(playerOf(ch, game, next), game.id, { move: placementFor(ch, [...played, first], 41), source: 'web' });
    const events = await db.run((m) => m.find(GameEventRow, { where: { gameId: game.id }, order: { createdAt: 'ASC' } }));
    const snapshots = events.map((e) => (e.payload as { snapshot?: { names: Record<string, string> } }).snapshot).filter((x) => x);
    expect(snapshots.at(-1)!.names[next]).toBe('Ionescu Nou');
  });
});
