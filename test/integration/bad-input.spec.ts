// Bad input is a clean refusal, never a 500 and never a stack trace — a body
// over its limit is 413 (the API's JSON error, a readable page on the web), JSON nested
// past 32 levels is 400, numbers out of range are 400 naming the field, and the lexicon
// form takes the 20 MB list docs/web.md promises. No request costs seconds: a long list in a
// JSON body is refused by its length before any field is checked, a refusal lists at most 20
// problems, the word-list upload is read only for an arbiter, and a players' CSV past its
// stated size is 413 before it is parsed.
import { readdirSync } from 'node:fs';
import { request as httpRequest, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { SETTINGS } from '../support/competitions';
import { startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

describe(`bad input is refused cleanly (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 2, domain: 'bad-input.example' });
  });

  afterAll(async () => {
    await t.close();
  });

  const game = () => ch.games[0];
  const player = () => ch.users.get(game().redPlayerId)!;
  const rulings = (body: string | object) =>
    request(http)
      .post(`/api/games/${game().id}/rulings`)
      .set('Authorization', ch.arbiter.bearer)
      .set('Content-Type', 'application/json')
      .send(body);

  /** The API's error shape, in both languages, with no trace of the code behind it. */
  function expectApiError(res: request.Response, status: number, code: string) {
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.error).toEqual(
      expect.objectContaining({
        message: expect.any(String),
        messages: { ro: expect.any(String), en: expect.any(String), pl: expect.any(String) },
      }),
    );
    expect(res.text).not.toMatch(/\bat .+\.(js|ts):\d+|Error:|node_modules/);
  }

  it('answers a JSON body over 2 MB with 413 in the API’s error shape', async () => {
    const res = await rulings({ kind: 'warning', player: 'red', reason: 'x'.repeat(3 * 1024 * 1024) });
    expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.error.messages.ro).toMatch(/prea mare/);
  });

  it('answers a form over the limit with a readable 413 page, no stack', async () => {
    const res = await request(http)
      .post('/login')
      .type('form')
      .send(`email=${'a'.repeat(5 * 1024 * 1024)}`);
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Cererea este prea mare');
    expect(res.text).not.toMatch(/PayloadTooLargeError|node_modules|\bat .+\.js:\d+/);
  });

  it('answers malformed JSON with 400 in the API’s shape', async () => {
    expectApiError(await rulings('{"kind": "warning", '), 400, 'BAD_JSON');
  });

  it('refuses JSON nested deeper than 32 levels (400) and takes 30', async () => {
    const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expectApiError(await rulings(`{"kind":"warning","player":"red","reason":"deep","outcome":${nest(40)}}`), 400, 'TOO_DEEP');
    expectApiError(await rulings(`{"outcome":${nest(100_000)}}`), 400, 'TOO_DEEP');
    // Within the depth, the DTO decides: a list is no outcome.
    expectApiError(await rulings(`{"kind":"warning","player":"red","reason":"deep","outcome":${nest(30)}}`), 400, 'BAD_INPUT');
  });

  it('refuses numbers out of range with 400, naming the field', async () => {
    const points = await rulings({ kind: 'score-correction', player: 'red', points: -2147483649, reason: 'overflow' });
    expectApiError(points, 400, 'BAD_INPUT');
    expect(points.body.error.message).toMatch(/\bpoints\b/);
    expect(points.body.error.details.fields).toEqual(['points']);
    const days = await rulings({ kind: 'thinking-days', player: 'red', days: 1e12, reason: 'overflow' });
    expectApiError(days, 400, 'BAD_INPUT');
    expect(days.body.error.message).toMatch(/\bdays\b/);
    const notice = await request(http)
      .post(`/api/games/${game().id}/long-thinking`)
      .set('Authorization', player().bearer)
      .send({ days: 1e12 });
    expectApiError(notice, 400, 'BAD_INPUT');
    expect(notice.body.error.message).toMatch(/\bdays\b/);
    const nested = await rulings({ kind: 'outcome', reason: 'x', outcome: { type: 'nonsense' } });
    expectApiError(nested, 400, 'BAD_INPUT');
    expect(nested.body.error.message).toMatch(/outcome\.type/);
  });

  it('refuses a CSV body over 1 MB with 413, as JSON', async () => {
    const res = await request(http)
      .post(`/api/competitions/${ch.competitionId}/players`)
      .set('Authorization', ch.arbiter.bearer)
      .set('Content-Type', 'text/csv')
      .send(`name,email,club,language\n${'x,'.repeat(600_000)}`);
    expectApiError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a JSON list longer than 1,000 items by its length, before any item is checked, in a small answer', async () => {
    // The review's body: 2 MB, 67,646 items, each wrong in every field.
    const tiles = Array.from({ length: 67_646 }, () => ({ row: 'x', letter: 7 }));
    const res = await request(http).post(`/api/games/${game().id}/moves`).set('Authorization', player().bearer).send({ tiles });
    expectApiError(res, 400, 'TOO_MANY_ITEMS');
    // The limit and the list are named; no item was validated (no field of an item is mentioned).
    expect(res.body.error.messages.en).toMatch(/tiles.*1,000/);
    expect(res.body.error.messages.ro).toMatch(/tiles.*1\.000/);
    expect(res.text).not.toMatch(/tiles\.\d+\./);
    expect(res.text.length).toBeLessThan(2_000);
  });

  it('lists at most 20 of the problems of a body, and counts the others', async () => {
    const tiles = Array.from({ length: 900 }, () => ({ row: 'x', col: 'y', letter: 7, blank: 'no' }));
    const res = await request(http).post(`/api/games/${game().id}/moves`).set('Authorization', player().bearer).send({ tiles });
    expectApiError(res, 400, 'BAD_INPUT');
    expect(res.body.error.details.fields.length).toBeLessThanOrEqual(20);
    expect(res.body.error.messages.en).toMatch(/and \d[\d,]* more problems/);
    expect(res.body.error.messages.ro).toMatch(/și încă \d[\d.]* (de )?probleme/);
    expect(res.text.length).toBeLessThan(10_000);
  });

  it('answers 413 to a players’ CSV of 34,000 lines, before parsing it, in both languages', async () => {
    const draft = await request(http).post('/api/competitions').set('Authorization', ch.arbiter.bearer).send(SETTINGS);
    expect(draft.status).toBe(201);
    const lines = Array.from({ length: 34_000 }, (_, i) => `P${i},${i}@m.eu,,ro`);
    const csv = `name,email,club,language\n${lines.join('\n')}\n`;
    expect(csv.length).toBeLessThan(1024 * 1024);
    const res = await request(http)
      .post(`/api/competitions/${draft.body.id}/players`)
      .set('Authorization', ch.arbiter.bearer)
      .set('Content-Type', 'text/csv')
      .send(csv);
    expectApiError(res, 413, 'TOO_MANY_PLAYERS');
    expect(res.body.error.messages.ro).toMatch(/1\.000 de jucători/);
    expect(res.body.error.messages.en).toMatch(/1,000 players/);
  });

  describe('the word-list upload is read only once the session is an arbiter’s', () => {
    let port: number;
    beforeAll(async () => {
      const server = t.app.getHttpServer() as Server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });

    /**
     * Declares `total` bytes and sends them a chunk at a time, as the socket takes them, until
     * the answer comes: how much was sent by then says whether the server waited for the body.
     */
    function upload(total: number, headers: OutgoingHttpHeaders = {}): Promise<{ status: number; location?: string; sent: number }> {
      return new Promise((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/arbiter/lexicons',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': total, ...headers },
        });
        req.on('response', (res) => {
          answered = true;
          resolve({ status: res.statusCode!, location: res.headers.location, sent });
          res.resume();
          req.destroy();
        });
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        const chunk = Buffer.alloc(256 * 1024, 'a');
        const pump = (): void => {
          while (!answered && sent < total) {
            const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
            sent += part.length;
            if (!req.write(part)) {
              req.once('drain', pump);
              return;
            }
          }
          if (!answered) req.end();
        };
        pump();
      });
    }

    const total = 60 * 1024 * 1024;

    it('answers a visitor at once, without waiting for the 60 MiB it announced', async () => {
      const res = await upload(total);
      expect(res.status).toBe(303);
      expect(res.location).toMatch(/^\/login/);
      expect(res.sent).toBeLessThan(total);
    });

    it('answers a player (no arbiter) 403 at once, without waiting for the body', async () => {
      const agent = await loginAgent(t, player().email);
      const cookie = (await agent.get('/')).request.cookies;
      const res = await upload(total, { Cookie: cookie });
      expect(res.status).toBe(403);
      expect(res.sent).toBeLessThan(total);
    });

    it('still answers an arbiter 413 for a body past the word list’s limit', async () => {
      const agent = await loginAgent(t, ch.arbiter.email);
      const cookie = (await agent.get('/arbiter/lexicons')).request.cookies;
      const res = await upload(62 * 1024 * 1024, { Cookie: cookie });
      expect(res.status).toBe(413);
    });
  });

  it('takes a word list of several megabytes through the lexicon form (the 20 MB of docs/web.md)', async () => {
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const page = await arbiter.get('/arbiter/lexicons');
    // Romanian words with diacritics: each ă, ș, ț and line break triples once percent-encoded.
    const letters = [...'ABCDEFGHIJLMNOPRSTUVXZĂÂÎȘȚ'];
    const word = (i: number): string =>
      i < letters.length ? letters[i] : word(Math.floor(i / letters.length) - 1) + letters[i % letters.length];
    const words = Array.from({ length: 400_000 }, (_, i) => `ȘĂȚ${word(i)}`);
    const res = await arbiter
      .post('/arbiter/lexicons')
      .type('form')
      .send({ _csrf: csrfOf(page.text), name: 'mare', words: words.join('\n') });
    expect(res.status).toBe(303);
    expect(readdirSync(join(t.settings.dataDir, 'lexicons'))).toContain('mare.txt');
  });
});
