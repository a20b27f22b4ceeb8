// A note with a move. The partner sees it with the move (API and game page),
// the arbiter sees every note, anyone else sees nothing of the game; a bad note changes nothing.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent } from '../support/web';

describe(`a note with a move (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-01-25T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    const settings = { startDate: '2027-02-01', closingDate: '2027-03-31', timeZone: 'Europe/Bucharest' };
    ch = await startChampionship(t.app, { players: 4, domain: 'notes.example.org', settings });
    clock.set(new Date('2027-02-02T09:00:00Z'));
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const view = (game: Game, who: TestUser) => request(http).get(`/api/games/${game.id}`).set('Authorization', who.bearer);
  const NOTE = '<b>Bună</b> mutare & pe curând';

  it('a control character in the note is refused with a typed refusal and the move is not played', async () => {
    const game = ch.games[0];
    const res = await request(http)
      .post(`/api/games/${game.id}/moves`)
      .set('Authorization', user(game, 'red').bearer)
      .send({ move: placementFor(ch, [], 3), note: 'salut\u0007' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: 'BAD_NOTE', messages: { ro: expect.stringMatching(/control/), en: expect.stringMatching(/control/) } },
    });
    expect((await view(game, user(game, 'red'))).body.moves).toEqual([]);
  });

  it('the partner and the arbiter see the note with the move; a player of another game does not see the game', async () => {
    const game = ch.games[0];
    const played = await request(http)
      .post(`/api/games/${game.id}/moves`)
      .set('Authorization', user(game, 'red').bearer)
      .send({ move: placementFor(ch, [], 3), note: `  ${NOTE}  ` });
    expect(played.status).toBe(200);

    const partner = await view(game, user(game, 'blue'));
    expect(partner.status).toBe(200);
    expect(partner.body.moves).toEqual([expect.objectContaining({ color: 'red', note: NOTE })]);
    const arbiter = await view(game, ch.arbiter);
    expect(arbiter.body.moves).toEqual([expect.objectContaining({ note: NOTE })]);

    const other = ch.games.find(
      (g) =>
        g.redPlayerId !== game.redPlayerId &&
        g.redPlayerId !== game.bluePlayerId &&
        g.bluePlayerId !== game.redPlayerId &&
        g.bluePlayerId !== game.bluePlayerId,
    )!;
    const stranger = await view(game, user(other, 'red'));
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('curând');

    // The game page shows it escaped, as text, to the partner.
    const page = (await (await loginAgent(t, user(game, 'blue').email)).get(`/games/${game.id}`).expect(200)).text;
    expect(page).toContain('&lt;b&gt;Bună&lt;/b&gt; mutare &amp; pe curând');
    expect(page).not.toContain('<b>Bună</b>');
  });
});
