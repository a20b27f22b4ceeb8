import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import type { TestUser } from '../support/competitions';
import { startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

/**
 * Limits a federation expects: one offer open at a time per game, and not again
 * within the competition's `offerCooldownDays` (default 3) of a decline — each refusal
 * with its code and both languages, through the JSON API.
 */
describe(`draw offers limited (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let quick: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 2, domain: 'offers.example.org' });
    quick = await startChampionship(t.app, { players: 2, domain: 'quick.example.org', settings: { offerCooldownDays: 1 } });
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (c: Championship, game: Game, color: Color) => userOf(c, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const expectRefused = (res: request.Response, code: string) => {
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 409, code });
    expect(res.body.error.messages.ro.length).toBeGreaterThan(0);
    expect(res.body.error.messages.en.length).toBeGreaterThan(0);
    return res.body.error;
  };

  it('one open offer at a time, and not again within 3 days of a decline', async () => {
    const game = ch.games[0];
    const red = user(ch, game, 'red');
    const blue = user(ch, game, 'blue');
    const offered = await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' });
    expect(offered.status).toBe(200);
    // Red's own offer waits; blue may not open a second offer of another kind beside it.
    expectRefused(await post(`/api/games/${game.id}/offers`, red, { kind: 'interruption' }), 'OFFER_PENDING');
    const open = expectRefused(await post(`/api/games/${game.id}/offers`, blue, { kind: 'interruption' }), 'OFFER_OPEN');
    expect(open.messages.ro).toContain('remiză');

    expect((await post(`/api/games/${game.id}/offers/${offered.body.offer.id}/decline`, blue)).status).toBe(200);
    clock.advance({ days: 2 });
    const soon = expectRefused(await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' }), 'OFFER_TOO_SOON');
    expect(soon.details).toEqual({ until: '2027-02-04' });
    expect(soon.messages.ro).toContain('04.02.2027');
    // The partner is not limited by red's declined offer.
    const theirs = await post(`/api/games/${game.id}/offers`, blue, { kind: 'draw' });
    expect(theirs.status).toBe(200);
    expect((await post(`/api/games/${game.id}/offers/${theirs.body.offer.id}/decline`, red)).status).toBe(200);

    clock.advance({ days: 1 });
    const again = await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' });
    expect(again.status).toBe(200);
    expect(again.body.offer).toMatchObject({ kind: 'draw', by: 'red', status: 'pending' });
  });

  it('the days are the competition’s setting', async () => {
    const game = quick.games[0];
    const red = user(quick, game, 'red');
    const offered = await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' });
    expect((await post(`/api/games/${game.id}/offers/${offered.body.offer.id}/decline`, user(quick, game, 'blue'))).status).toBe(200);
    expectRefused(await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' }), 'OFFER_TOO_SOON');
    clock.advance({ days: 1 });
    expect((await post(`/api/games/${game.id}/offers`, red, { kind: 'draw' })).status).toBe(200);
  });
});
