import { ManualClock } from '../../src/common/clock';
import { Database } from '../../src/database/database';
import { GameRepository } from '../../src/games/persistence/game.repository';
import { GameActions } from '../../src/games/actions/game-actions.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { Move } from '../../src/games/entities/move.entity';
import { placementFor, playerOf, startChampionship, type Championship } from '../support/games';
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
});
