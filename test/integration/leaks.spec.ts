// Small leaks closed: another player's game, or another arbiter's competition,
// answers exactly as one that does not exist (404), by API and by web; /api and /api/docs
// carry the web's security headers; the language cookie is Secure under an https PUBLIC_URL.
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { createApp } from '../../src/app.factory';
import { ManualClock } from '../../src/common/clock';
import type { Game } from '../../src/games/entities/game.entity';
import { createUser, type TestUser } from '../support/competitions';
import { startChampionship, userOf, type Championship } from '../support/games';
import { openTestDatabase, startTestApp, testSettings, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

describe(`no small leaks (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let game: Game;
  let stranger: TestUser;
  let otherArbiter: TestUser;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'leaks.example' });
    game = ch.games[0];
    stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    otherArbiter = await createUser(t.app, { email: 'alt.arbitru@leaks.example', roles: ['arbiter'], name: 'Alt arbitru' });
  });

  afterAll(async () => {
    await t.close();
  });

  const as = (who: TestUser, method: 'get' | 'post', path: string, body: object = {}) => {
    const req = request(http)[method](path).set('Authorization', who.bearer);
    return method === 'post' ? req.send(body) : req;
  };
  /** The answer for a game that does not exist, with its id swapped for this one's. */
  async function unknownGameAnswer(who: TestUser, method: 'get' | 'post', suffix: string, body: object = {}) {
    const missing = randomUUID();
    const res = await as(who, method, `/api/games/${missing}${suffix}`, body);
    return { status: res.status, body: JSON.parse(JSON.stringify(res.body).replaceAll(missing, game.id)) };
  }

  describe('another player’s game', () => {
    for (const [method, suffix, body] of [
      ['get', '', {}],
      ['get', '/clocks', {}],
      ['get', '/sheet', {}],
      ['get', '/gcg', {}],
      ['post', '/moves', { move: 'PAS' }],
      ['post', '/pass', {}],
      ['post', '/long-thinking', { days: 14 }],
      ['post', '/state-declaration', { text: 'x' }],
      ['post', '/result/confirm', {}],
      ['post', '/rulings', { kind: 'warning', player: 'red', reason: 'x' }],
    ] as const) {
      it(`answers ${method.toUpperCase()} ${suffix || '/'} to a player who is not in it exactly as an unknown game (404)`, async () => {
        const res = await as(stranger, method, `/api/games/${game.id}${suffix}`, body);
        expect({ status: res.status, body: res.body }).toEqual(await unknownGameAnswer(stranger, method, suffix, body));
        expect(res.status).toBe(404);
      });
    }

    it('answers the arbiter of another competition 404 too', async () => {
      for (const suffix of ['', '/clocks', '/sheet'])
        expect((await as(otherArbiter, 'get', `/api/games/${game.id}${suffix}`)).status).toBe(404);
      const ruled = await as(otherArbiter, 'post', `/api/games/${game.id}/rulings`, { kind: 'warning', player: 'red', reason: 'x' });
      expect({ status: ruled.status, code: ruled.body.error.code }).toEqual({ status: 404, code: 'UNKNOWN_GAME' });
    });

    it('still tells those who see the game why not (403)', async () => {
      const arbiterMoves = await as(ch.arbiter, 'post', `/api/games/${game.id}/moves`, { move: 'PAS' });
      expect({ status: arbiterMoves.status, code: arbiterMoves.body.error.code }).toEqual({ status: 403, code: 'NOT_YOUR_GAME' });
      const playerRules = await as(userOf(ch, game, 'red'), 'post', `/api/games/${game.id}/rulings`, {
        kind: 'warning',
        player: 'blue',
        reason: 'x',
      });
      expect({ status: playerRules.status, code: playerRules.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    });

    it('shows a not-found page on the web, by URL and by form', async () => {
      const outsider = await loginAgent(t, stranger.email);
      const page = await outsider.get(`/games/${game.id}`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain('id="move-form"');
      const home = await outsider.get('/');
      expect(
        (
          await outsider
            .post(`/games/${game.id}/pass`)
            .type('form')
            .send({ _csrf: csrfOf(home.text) })
        ).status,
      ).toBe(404);
    });
  });

  describe('another arbiter’s competition', () => {
    it('answers every arbiter action as for an unknown competition (404)', async () => {
      const id = ch.competitionId;
      for (const [path, body] of [
        [`/api/competitions/${id}/start`, {}],
        [`/api/competitions/${id}/groups`, { count: 1 }],
        [`/api/competitions/${id}/special-leave`, { playerId: game.redPlayerId, from: '2027-03-01', to: '2027-03-02', reason: 'x' }],
        [`/api/competitions/${id}/players/${game.redPlayerId}/withdraw`, { reason: 'x' }],
      ] as const) {
        const res = await as(otherArbiter, 'post', path, body);
        expect([path, res.status]).toEqual([path, 404]);
      }
    });

    it('still answers a player without the arbiter role 403', async () => {
      const res = await as(stranger, 'post', `/api/competitions/${ch.competitionId}/start`);
      expect(res.status).toBe(403);
    });
  });

  describe('headers', () => {
    it('gives /api, /api/docs and /health the web’s security headers: never framed, no X-Powered-By', async () => {
      for (const path of [`/api/games/${game.id}`, '/api/docs', '/api/docs-json', '/health', '/api/nothing-here', '/login']) {
        const res = await request(http).get(path).set('Authorization', ch.arbiter.bearer);
        expect([path, res.headers['x-powered-by']]).toEqual([path, undefined]);
        expect([path, res.headers['x-frame-options']]).toEqual([path, 'SAMEORIGIN']);
        expect([path, res.headers['content-security-policy']]).toEqual([path, expect.stringContaining("frame-ancestors 'none'")]);
        expect([path, res.headers['x-content-type-options']]).toEqual([path, 'nosniff']);
        expect([path, res.headers['referrer-policy']]).toEqual([path, 'no-referrer']);
      }
    });
  });

  describe('under an https PUBLIC_URL', () => {
    let secure: INestApplication;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const { opened, testDb } = await openTestDatabase();
      secure = await createApp({
        settings: { ...testSettings({ PUBLIC_URL: 'https://scrabble.example' }), database: testDb.settings },
        database: opened,
        clock,
      });
      await secure.init();
      drop = async () => {
        await secure.close();
        await testDb.drop();
      };
    });

    afterAll(async () => {
      await drop();
    });

    it('sets the language cookie Secure (a browser sends Secure cookies back over https only, so they ride by hand here)', async () => {
      const form = await request(secure.getHttpServer()).get('/login');
      const cookies = ([] as string[]).concat(form.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
      const res = await request(secure.getHttpServer())
        .post('/language')
        .set('Cookie', cookies.join('; '))
        .type('form')
        .send({ _csrf: csrfOf(form.text), lang: 'en', next: '/login' });
      expect(res.status).toBe(303);
      const lang = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cs_lang='));
      expect(lang).toMatch(/;\s*Secure/i);
      expect(lang).toMatch(/;\s*HttpOnly/i);
      expect(res.headers['strict-transport-security']).toBeDefined();
    });
  });
});
