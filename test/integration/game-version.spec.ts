// Issue 13: every write that changes what a game shows bumps its version, in its own transaction,
// so the version is the read cache's whole mark (game-rows-cache.ts). The arbiter's controls on
// time write outside a game action: leave approved for days already past recounts the moves'
// thinking days, and a confirmed outage credit puts days back on the clocks.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/games/engine';
import { Game } from '../../src/games/game.entity';
import { GameActions } from '../../src/games/game-actions';
import type { LocalDate } from '../../src/thinking-time/core/calendar';
import { HeartbeatService } from '../../src/thinking-time/heartbeat.service';
import { TimeControlsService } from '../../src/thinking-time/time-controls.service';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { instantAt } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent } from '../support/web';

const TZ = 'Europe/Bucharest';

describe(`a game's version after the arbiter's controls on time (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-01-25T09:00:00Z');
  const at = (day: LocalDate, time: string) => clock.set(instantAt(day, time, TZ));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    const settings = { startDate: '2027-02-01', closingDate: '2027-03-31', timeZone: TZ };
    ch = await startChampionship(t.app, { players: 4, domain: 'version.example.org', settings });
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const view = async (game: Game, who: TestUser) => {
    const res = await request(http).get(`/api/games/${game.id}`).set('Authorization', who.bearer);
    expect(res.status).toBe(200);
    return res.body as { version: number; moves: { color: Color; number: number; thinkingDays: number }[] };
  };
  const versions = async (ids: readonly string[]) => {
    const rows = await t.database.run((m) => m.find(Game, { select: { id: true, version: true } }));
    return Object.fromEntries(rows.filter((g) => ids.includes(g.id)).map((g) => [g.id, g.version]));
  };
  /** The thinking days the game page's move table shows for BLUE's move (its "days" column). */
  const blueDaysOnPage = (html: string) => {
    const row = /<tr class="blue">([\s\S]*?)<\/tr>/.exec(html.slice(html.indexOf('<table class="moves">')))?.[1] ?? '';
    return Number([...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1])[6]);
  };

  it('leave approved for days already past: the game page and the API show the recounted days at once, under a new version', async () => {
    const game = ch.games[0];
    at('2027-02-02', '10:00');
    expect((await post(`/api/games/${game.id}/moves`, user(game, 'red'), { move: placementFor(ch, [], 7) })).status).toBe(200);
    // BLUE answers on 20.02: 03.02–19.02 are 17 thinking days.
    at('2027-02-20', '10:00');
    expect((await post(`/api/games/${game.id}/pass`, user(game, 'blue'))).status).toBe(200);
    const red = await loginAgent(t, user(game, 'red').email);

    // The page and the API are read twice: the second read is the rows cache's.
    const take = jest.spyOn(t.app.get(GameActions).rows, 'take');
    try {
      const before = await view(game, user(game, 'red'));
      expect(before.moves.find((m) => m.color === 'blue')?.thinkingDays).toBe(17);
      expect(blueDaysOnPage((await red.get(`/games/${game.id}`).expect(200)).text)).toBe(17);
      expect(await view(game, user(game, 'red'))).toEqual(before);
      expect(take.mock.results.at(-1)?.value).toBeDefined();
      const blue = user(game, 'blue').actor.playerId!;
      const theirGames = ch.games.filter((g) => g.redPlayerId === blue || g.bluePlayerId === blue).map((g) => g.id);
      const versionsBefore = await versions(theirGames);

      // 05–06.02 were days of illness, told afterwards: BLUE's move is counted again.
      const leave = await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
        playerId: blue,
        from: '2027-02-05',
        to: '2027-02-06',
        reason: 'told late',
      });
      expect(leave.status).toBe(200);

      const after = await view(game, user(game, 'red'));
      expect(after.moves.find((m) => m.color === 'blue')?.thinkingDays).toBe(15);
      expect(after.version).toBe(before.version + 1);
      expect(blueDaysOnPage((await red.get(`/games/${game.id}`).expect(200)).text)).toBe(15);
      // The leave is a pause on the clocks of every game of BLUE's: each has a new version.
      expect(await versions(theirGames)).toEqual(Object.fromEntries(theirGames.map((id) => [id, versionsBefore[id] + 1])));
    } finally {
      take.mockRestore();
    }
  });

  it('an outage credit confirmed by the arbiter: every game credited has a new version', async () => {
    const heartbeat = t.app.get(HeartbeatService);
    at('2027-02-21', '00:05');
    await heartbeat.beat();
    // Down until 25.02: 22–24.02 are credited to whoever's clock ran.
    at('2027-02-25', '00:05');
    const outage = await heartbeat.beat();
    expect(outage?.caseIds).toHaveLength(1);
    const ids = ch.games.map((g) => g.id);
    const versionsBefore = await versions(ids);
    const decision = await t.app
      .get(TimeControlsService)
      .decideDowntimeCredit(ch.arbiter.actor, outage!.caseIds[0], { confirm: true, reason: 'the platform was down' });
    const credited = decision.rulings.map((r) => r.gameId);
    expect(credited.length).toBeGreaterThan(0);
    expect(await versions(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, versionsBefore[id] + (credited.includes(id) ? 1 : 0)])));
  });
});
