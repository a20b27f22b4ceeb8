// An action loads its game in one statement and sends its writes in one; the
// rows and replays a move leaves are used by the next action on the game while the version is
// the one they were committed under. Replay stays the truth: after every move of a fuzzed game
// the consistency check replays the stored log and finds nothing, and a move made by another
// instance on the same database is never missed.
import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../src/common/clock';
import type { OpenedDatabase } from '../../src/database/open-database';
import { AuditEntry } from '../../src/audit/audit.entity';
import { GameActions } from '../../src/games/actions/game-actions.service';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { nextRandomMove, playerOf, seededRandom, startChampionship, type Championship } from '../support/games';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`a move's fast path (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4 });
  });

  afterAll(async () => {
    await t.close();
  });

  /** Plays `game` with random legal moves through `moves` (this instance's unless given). */
  async function play(game: Game, count: number, random: () => number, played: string[], moves = t.app.get(MovesService)) {
    for (let i = 0; i < count; i++) {
      const move = nextRandomMove(ch, played, random);
      const color = played.length % 2 === 0 ? 'red' : 'blue';
      const result = /^(pas|pass)$/i.test(move)
        ? await moves.pass(playerOf(ch, game, color), game.id)
        : await moves.submitMove(playerOf(ch, game, color), game.id, { move });
      played.push(move);
      if (result.status !== 'playing') return false;
    }
    return true;
  }

  it('a fuzzed game to its end: after every move the check replays the log clean, and the next move used what the last one left', async () => {
    const game = ch.games[0];
    const actions = t.app.get(GameActions);
    const take = jest.spyOn(actions.committed, 'take');
    const check = t.app.get(GameCheckService);
    const random = seededRandom(15);
    const played: string[] = [];
    try {
      for (let turn = 0; turn < 200 && (await play(game, 1, random, played)); turn++) {
        const report = await check.check();
        expect(report.problems).toEqual([]);
      }
      expect((await check.check()).problems).toEqual([]);
      // Every move after the first found the rows its predecessor committed.
      const hits = take.mock.results.filter((r) => r.value !== undefined).length;
      expect(hits).toBe(played.length - 1);
    } finally {
      take.mockRestore();
    }
    const [stored, audits, mails, row] = await t.database.run(
      async (m) =>
        [
          await m.count(Move, { where: { gameId: game.id } }),
          await m.count(AuditEntry, { where: { gameId: game.id, action: 'move.submitted' } }),
          await m.count(OutboundMail, { where: { gameId: game.id } }),
          await m.findOneByOrFail(Game, { id: game.id }),
        ] as const,
    );
    // Each move's deferred writes arrived, once: its row, its audit entry, its mails, the game's state.
    expect(stored).toBe(played.length);
    expect(audits).toBe(played.length);
    expect(mails).toBeGreaterThanOrEqual(played.length);
    expect(row.status).toBe('ended');
    expect(row.version).toBe(1 + played.length);
  });

  it('a refused move changes nothing, and the next move is applied once on the rows as committed', async () => {
    const game = ch.games[1];
    const moves = t.app.get(MovesService);
    const random = seededRandom(16);
    const played: string[] = [];
    await play(game, 3, random, played);
    const color = played.length % 2 === 0 ? 'red' : 'blue';
    await expect(moves.submitMove(playerOf(ch, game, color), game.id, { move: 'h8 QQQQQ' })).rejects.toMatchObject({
      code: expect.any(String),
    });
    await play(game, 2, random, played);
    const view = await t.app.get(GameReadsService).view(playerOf(ch, game, 'red'), game.id);
    expect(view.moves).toHaveLength(5);
    expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
  });

  describe('two instances on one database', () => {
    let second: { app: INestApplication; opened?: OpenedDatabase };

    beforeAll(async () => {
      second = await startSecondInstance(t);
    });

    afterAll(async () => {
      await second.app.close();
    });

    it("moves alternating between the instances: each sees the other's, none is lost or doubled, the check is clean", async () => {
      const game = ch.games[2];
      const random = seededRandom(17);
      const played: string[] = [];
      const instances = [t.app.get(MovesService), second.app.get(MovesService)];
      for (let i = 0; i < 12; i++) if (!(await play(game, 1, random, played, instances[Math.floor(i / 2) % 2]))) break;
      const count = await t.database.run((m) => m.count(Move, { where: { gameId: game.id } }));
      expect(count).toBe(played.length);
      const view = await t.app.get(GameReadsService).view(playerOf(ch, game, 'red'), game.id);
      expect(view.moves).toHaveLength(played.length);
      expect(new Set(view.moves.map((m) => m.id)).size).toBe(played.length);
      expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
    });
  });
});
