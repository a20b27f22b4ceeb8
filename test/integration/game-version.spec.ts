// Every write that changes what a game shows bumps its version, in its own transaction,
// so the version is the read cache's whole mark (game-rows-cache.ts). The arbiter's controls on
// time write outside a game action: leave approved for days already past recounts the moves'
// thinking days, and a confirmed outage credit puts days back on the clocks. So do the writes
// the game's page and view show that are not game actions: a result's confirmation, objection,
// objection decision and homologation, an answer to a time claim, a holiday declared, and
// leave approved over days of a game already ended.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { GameActions } from '../../src/games/actions/game-actions.service';
import type { GameView } from '../../src/games/model/game-views';
import type { LocalDate } from '../../src/common/calendar';
import { HeartbeatService } from '../../src/thinking-time/heartbeat.service';
import { TimeControlsService } from '../../src/thinking-time/time-controls.service';
import { PlayerGamesService } from '../../src/web/player/player-games.service';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { instantAt } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent, type Agent } from '../support/web';

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

  describe('and after the writes on results, time claims, holidays and leave', () => {
    let c2: Championship;
    /** Abandoned by RED on 10.03: its result waits for answers, and RED's clock ran 01–09.03. */
    let ended: Game;
    /** A game of the two players `ended` does not have: RED never moves, BLUE claims. */
    let claimed: Game;
    const user2 = (game: Game, color: Color) => userOf(c2, game, color);
    const gameView = async (game: Game, who: TestUser) => {
      const res = await request(http).get(`/api/games/${game.id}`).set('Authorization', who.bearer);
      expect(res.status).toBe(200);
      return res.body as GameView;
    };
    /**
     * What a user reads after a read cache holds the game: read twice, the second from a cache
     * (the API's view from the rows cache, the web page from the page models kept under the mark).
     */
    async function cached<T>(read: () => Promise<T>): Promise<T> {
      const takes = [jest.spyOn(t.app.get(GameActions).rows, 'take'), jest.spyOn(t.app.get(PlayerGamesService).pageModels, 'take')];
      try {
        await read();
        const from = takes.map((take) => take.mock.results.length);
        const second = await read();
        const served = takes.flatMap((take, i) => take.mock.results.slice(from[i]).map((r) => r.value));
        expect(served.some((value) => value !== undefined)).toBe(true);
        return second;
      } finally {
        for (const take of takes) take.mockRestore();
      }
    }
    const page = async (agent: Agent, game: Game) => (await agent.get(`/games/${game.id}`).expect(200)).text;
    const gamesOf = (playerId: string) =>
      c2.games.filter((g) => g.redPlayerId === playerId || g.bluePlayerId === playerId).map((g) => g.id);
    const bumped = (ids: readonly string[], before: Record<string, number>) => Object.fromEntries(ids.map((id) => [id, before[id] + 1]));

    beforeAll(async () => {
      // After the cases above (the clock only moves on): a competition of its own, 10 thinking days.
      at('2027-02-26', '10:00');
      const settings = { startDate: '2027-03-01', closingDate: '2027-06-30', timeZone: TZ, thinkingDays: 10 };
      c2 = await startChampionship(t.app, { players: 4, domain: 'version-writes.example.org', settings });
      ended = c2.games[0];
      const theirs = [ended.redPlayerId, ended.bluePlayerId];
      claimed = c2.games.find((g) => !theirs.includes(g.redPlayerId) && !theirs.includes(g.bluePlayerId))!;
      at('2027-03-10', '10:00');
      expect((await post(`/api/games/${ended.id}/abandon`, user2(ended, 'red'))).status).toBe(200);
    });

    it("a player's confirmation of the result: the view shows it at once, under a new version", async () => {
      const before = await cached(() => gameView(ended, user2(ended, 'blue')));
      expect(before.result?.confirmed).toEqual({ red: false, blue: false });
      expect((await post(`/api/games/${ended.id}/result/confirm`, user2(ended, 'red'))).status).toBe(200);
      const after = await gameView(ended, user2(ended, 'blue'));
      expect(after.result?.confirmed).toEqual({ red: true, blue: false });
      expect(after.version).toBeGreaterThan(before.version);
    });

    it("a player's objection to the result: the view shows it at once, under a new version", async () => {
      const before = await cached(() => gameView(ended, user2(ended, 'red')));
      expect(before.result?.objections).toEqual([]);
      const objected = await post(`/api/games/${ended.id}/result/objections`, user2(ended, 'blue'), { text: 'the score is wrong' });
      expect(objected.status).toBe(200);
      const after = await gameView(ended, user2(ended, 'red'));
      expect(after.result?.objections.map((o) => o.text)).toEqual(['the score is wrong']);
      expect(after.version).toBeGreaterThan(before.version);
    });

    it("the arbiter's decision on the objection: the view shows it at once, under a new version", async () => {
      const before = await cached(() => gameView(ended, user2(ended, 'blue')));
      expect(before.result?.objections[0].decision).toBeUndefined();
      const decided = await post(`/api/games/${ended.id}/result/objections/0/decision`, c2.arbiter, {
        verdict: 'rejected',
        reason: 'the sheet is right',
      });
      expect(decided.status).toBe(200);
      const after = await gameView(ended, user2(ended, 'blue'));
      expect(after.result?.objections[0].decision).toMatchObject({ verdict: 'rejected', reason: 'the sheet is right' });
      expect(after.version).toBeGreaterThan(before.version);
    });

    it("the arbiter's homologation: the view shows the result homologated at once, under a new version", async () => {
      const before = await cached(() => gameView(ended, user2(ended, 'red')));
      expect(before.result?.status).toBe('proposed');
      const done = await post(`/api/games/${ended.id}/result/homologate`, c2.arbiter, { reason: 'objection decided', override: true });
      expect(done.status).toBe(200);
      const after = await gameView(ended, user2(ended, 'red'));
      expect(after.result).toMatchObject({ status: 'homologated' });
      expect(after.result?.homologatedAt).not.toBeNull();
      expect(after.version).toBeGreaterThan(before.version);
    });

    it("leave approved over days of an ended game: its clocks show them at once, and every game of the player's has a new version", async () => {
      at('2027-03-11', '10:00');
      const red = user2(ended, 'red').actor.playerId!;
      const before = await cached(() => gameView(ended, user2(ended, 'blue')));
      const theirGames = gamesOf(red);
      const versionsBefore = await versions(theirGames);
      // 03–04.03 were days of illness while RED's clock ran, before RED abandoned.
      const leave = await post(`/api/competitions/${c2.competitionId}/special-leave`, c2.arbiter, {
        playerId: red,
        from: '2027-03-03',
        to: '2027-03-04',
        reason: 'told late',
      });
      expect(leave.status).toBe(200);
      const after = await gameView(ended, user2(ended, 'blue'));
      expect(after.clocks.red.used).toBe(before.clocks.red.used - 2);
      expect(after.version).toBeGreaterThan(before.version);
      expect(await versions(theirGames)).toEqual(bumped(theirGames, versionsBefore));
    });

    it("a holiday declared: every game of the player's shows it at once (the ended one too), under a new version", async () => {
      at('2027-03-12', '10:00');
      const blue = user2(ended, 'blue');
      const playing = c2.games.find((g) => g.id !== ended.id && gamesOf(blue.actor.playerId!).includes(g.id))!;
      const agent = await loginAgent(t, user2(ended, 'red').email);
      const before = await cached(() => page(agent, ended));
      expect(before).not.toContain('datetime="2027-03-20"');
      const theirGames = gamesOf(blue.actor.playerId!);
      const versionsBefore = await versions(theirGames);
      const holiday = await post(`/api/games/${playing.id}/holidays`, blue, { from: '2027-03-20', to: '2027-03-25' });
      expect(holiday.status).toBe(200);
      const after = await page(agent, ended);
      expect(after.slice(after.indexOf('data-testid="holidays"'))).toContain('datetime="2027-03-20"');
      expect(await versions(theirGames)).toEqual(bumped(theirGames, versionsBefore));
    });

    it('an answer to a time claim: the game page shows it at once, under a new version', async () => {
      // RED has not moved since 01.03: 12 days used of 10.
      at('2027-03-13', '10:00');
      expect((await post(`/api/games/${claimed.id}/claims`, user2(claimed, 'blue'))).status).toBe(200);
      const claimant = await loginAgent(t, user2(claimed, 'blue').email);
      const before = await cached(() => page(claimant, claimed));
      expect(before).toContain('data-testid="time-claim"');
      expect(before).not.toContain('I was travelling');
      const versionBefore = (await versions([claimed.id]))[claimed.id];
      const answered = await post(`/api/games/${claimed.id}/claims/answer`, user2(claimed, 'red'), { text: 'I was travelling' });
      expect(answered.status).toBe(200);
      const after = await page(claimant, claimed);
      expect(after).toContain('<span class="answer-text">I was travelling</span>');
      expect((await versions([claimed.id]))[claimed.id]).toBeGreaterThan(versionBefore);
    });
  });
});
