// The game page's model is kept per game, viewer, language and day under the
// game's mark (game-page-cache.ts). After each kind of write the next view shows the change, on
// the instance that wrote and on another one on the same database whose cache held the page.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { ManualClock } from '../../src/common/clock';
import type { OpenedDatabase } from '../../src/database/open-database';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { PlayerGamesService } from '../../src/web/player/player-games.service';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { instantAt } from '../support/sweep';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent, type Agent } from '../support/web';

const TZ = 'Europe/Bucharest';

/** The page without what every rendering makes afresh (the CSRF token, the form keys). */
const settled = (html: string) =>
  html
    .replace(/name="(_csrf|idempotencyKey|formKey)" value="[^"]*"/g, 'name="$1"')
    .replace(/<meta name="csrf-token" content="[^"]*">/, '<meta name="csrf-token">');

describe(`the game page's cache, after every kind of write, on two instances (${TEST_DB})`, () => {
  let t: TestApp;
  let second: { app: INestApplication; opened?: OpenedDatabase };
  let ch: Championship;
  const clock = new ManualClock('2027-01-25T09:00:00Z');
  const agents = new Map<string, Agent>();

  beforeAll(async () => {
    t = await startTestApp({ clock });
    second = await startSecondInstance(t);
    ch = await startChampionship(t.app, {
      players: 4,
      domain: 'page-cache.example.org',
      settings: { startDate: '2027-02-01', closingDate: '2027-04-30', timeZone: TZ },
    });
    clock.set(instantAt('2027-02-02', '10:00', TZ));
  });

  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  const user = (game: Game, color: Color): TestUser => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) =>
    request(t.app.getHttpServer()).post(path).set('Authorization', who.bearer).send(body);
  /** The same user logged in on the given instance. */
  async function agentOn(app: INestApplication, email: string): Promise<Agent> {
    const name = `${app === t.app ? 1 : 2}:${email}`;
    if (!agents.has(name)) agents.set(name, await loginAgent({ app, database: t.database, clock }, email));
    return agents.get(name)!;
  }
  const pageOn = async (app: INestApplication, game: Game, who: TestUser) =>
    (await (await agentOn(app, who.email)).get(`/games/${game.id}`).expect(200)).text;

  /**
   * Views the page on both instances (the second view of each from its cache), runs the write,
   * and returns the next view on each instance; both must equal a page built with no cache.
   */
  async function acrossWrite(game: Game, who: TestUser, write: () => Promise<void>): Promise<{ before: string; after: string }> {
    const caches = [t.app, second.app].map((app) => app.get(PlayerGamesService).pageModels);
    const take = caches.map((cache) => jest.spyOn(cache, 'take'));
    try {
      for (const app of [t.app, second.app]) await pageOn(app, game, who);
      const before = await pageOn(second.app, game, who);
      expect(settled(await pageOn(t.app, game, who))).toBe(settled(before));
      // The second view of each instance was its cache's.
      for (const spy of take) expect(spy.mock.results.at(-1)?.value).toBeDefined();
      await write();
      const afterSecond = await pageOn(second.app, game, who);
      const afterFirst = await pageOn(t.app, game, who);
      for (const cache of caches) cache.clear();
      const fresh = await pageOn(t.app, game, who);
      expect(settled(afterSecond)).toBe(settled(fresh));
      expect(settled(afterFirst)).toBe(settled(fresh));
      expect(settled(fresh)).not.toBe(settled(before));
      return { before, after: fresh };
    } finally {
      for (const spy of take) spy.mockRestore();
    }
  }

  it('a move: the next view on either instance shows it', async () => {
    const game = ch.games[0];
    const { before, after } = await acrossWrite(game, user(game, 'blue'), async () => {
      expect((await post(`/api/games/${game.id}/moves`, user(game, 'red'), { move: placementFor(ch, [], 7) })).status).toBe(200);
    });
    expect(before).not.toContain('<tr class="red">');
    expect(after).toContain('<tr class="red">');
  });

  it('a holiday declared: the partner sees it at once', async () => {
    const game = ch.games[1];
    const { before, after } = await acrossWrite(game, user(game, 'blue'), async () => {
      const declared = await post(`/api/games/${game.id}/holidays`, user(game, 'red'), { from: '2027-03-10', to: '2027-03-19' });
      expect(declared.status).toBe(200);
    });
    expect(before).not.toContain('data-testid="holidays"');
    expect(after).toContain('data-testid="holidays"');
  });

  it("an arbiter's ruling on thinking days: the clocks change at once", async () => {
    const game = ch.games[2];
    await acrossWrite(game, user(game, 'red'), async () => {
      const ruled = await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
        kind: 'thinking-days',
        player: 'red',
        days: 10,
        reason: 'scrisoare refuzată',
      });
      expect(ruled.status).toBe(200);
    });
  });

  it("a result's confirmation: the player sees it confirmed at once", async () => {
    const game = ch.games[3];
    expect((await post(`/api/games/${game.id}/abandon`, user(game, 'red'))).status).toBe(200);
    const { before, after } = await acrossWrite(game, user(game, 'blue'), async () => {
      expect((await post(`/api/games/${game.id}/result/confirm`, user(game, 'blue'))).status).toBe(200);
    });
    expect(before).not.toContain('class="answer-confirmed"');
    expect(after).toContain('class="answer-confirmed"');
  });

  it("the competition's row changed (the games' versions unchanged): the page shows the new name at once", async () => {
    const game = ch.games[0];
    // Settings are refused once play has started (COMPETITION_STARTED), so no route renames a
    // competition that has games: the row is written as any other writer of it would, without the games.
    const { after } = await acrossWrite(game, user(game, 'red'), async () => {
      await t.database.run((m) => m.query(`UPDATE "competition" SET "name" = $2 WHERE "id" = $1`, [ch.competitionId, 'Cupa Paginii Noi']));
    });
    expect(after).toContain('Cupa Paginii Noi');
  });

  it('logging out takes effect at once: the cached page is not shown to the old session', async () => {
    const game = ch.games[0];
    const agent = await loginAgent(t, user(game, 'red').email);
    await agent.get(`/games/${game.id}`).expect(200);
    const page = await agent.get(`/games/${game.id}`).expect(200);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    expect((await agent.post('/logout').type('form').send({ _csrf: csrf })).status).toBeLessThan(400);
    const after = await agent.get(`/games/${game.id}`);
    expect(after.status).toBe(303);
    expect(after.headers.location).toContain('/login');
  });

  it("a stranger is not shown a game's cached page", async () => {
    const game = ch.games[0];
    await pageOn(t.app, game, user(game, 'red'));
    const stranger = [...ch.users].find(([playerId]) => ![game.redPlayerId, game.bluePlayerId].includes(playerId))![1];
    const res = await (await agentOn(t.app, stranger.email)).get(`/games/${game.id}`);
    expect(res.status).toBe(404);
  });
});
