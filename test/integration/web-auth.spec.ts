// The web's front door (security): login by magic link, sessions
// in the database, CSRF on every form, the login rate limit, roles and other people's games.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IsNull } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { hashLoginToken } from '../../src/auth/login-link';
import { LoginLink } from '../../src/auth/login-link.entity';
import { LoginLinkRequests } from '../../src/auth/login-link-requests.service';
import { LoginLinks } from '../../src/auth/login-links.service';
import { hashSessionId } from '../../src/auth/session-store';
import { User } from '../../src/auth/user.entity';
import { WebSession } from '../../src/auth/web-session.entity';
import { ManualClock } from '../../src/common/clock';
import type { Settings } from '../../src/config/settings';
import { Player } from '../../src/players/player.entity';
import type { Database } from '../../src/database/database';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { createUser } from '../support/competitions';
import { startChampionship, userOf } from '../support/games';
import { openTestDatabase, testSettings } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

interface WebTestApp {
  app: INestApplication;
  settings: Settings;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

async function startApp(env: Record<string, string> = {}): Promise<WebTestApp> {
  const clock = new ManualClock('2027-01-10T09:00:00Z');
  const { opened, testDb } = await openTestDatabase();
  const settings = { ...testSettings({ PUBLIC_URL: 'http://scrabble.test', ...env }), database: testDb.settings };
  const app = await createApp({ settings, database: opened, clock });
  await app.init();
  return {
    app,
    settings,
    database: opened.database,
    clock,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

const csrfOf = (html: string): string => {
  const m = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no CSRF token on the page');
  return m[1];
};

/** What a browser does: load the page, read its form's token. */
async function formToken(agent: TestAgent, path = '/login'): Promise<string> {
  return csrfOf((await agent.get(path)).text);
}

const SESSION_COOKIE = /cs_session=([^;]+)/;

describe(`web login by magic link (${TEST_DB})`, () => {
  let t: WebTestApp;

  // Many logins from one address in this file: the limit itself has its own app below.
  beforeAll(async () => {
    t = await startApp({ LOGIN_RATE_LIMIT: '1000' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const browser = (): TestAgent => request.agent(t.app.getHttpServer());

  const mailsTo = (address: string) =>
    t.database.run((m) => m.find(OutboundMail, { where: { template: 'magic-link', toAddress: address } }));

  /** Asks for a link through the form and returns the path of the one mailed. */
  async function askForLink(agent: TestAgent, email: string, next = '/'): Promise<string> {
    // The new row is found by id: rows come back in no order, and the manual clock gives them one time.
    const before = new Set((await mailsTo(email.toLowerCase())).map((row) => row.id));
    // The token first: an agent's request takes the cookies it has when it is made.
    const token = await formToken(agent);
    await agent.post('/login').type('form').send({ email, next, _csrf: token }).expect(303).expect('Location', '/login/sent');
    // The request is handled after the answer (docs/web.md, Security model).
    await t.app.get(LoginLinkRequests).idle();
    const added = (await mailsTo(email.toLowerCase())).filter((row) => !before.has(row.id));
    expect(added).toHaveLength(1);
    return new URL(String(added[0].payload.url)).pathname;
  }

  async function useLink(agent: TestAgent, path: string, next = '/') {
    const confirm = await agent.get(path).expect(200);
    expect(confirm.text).toContain(`action="${path}"`);
    return agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(confirm.text), next });
  }

  async function login(email: string, next = '/'): Promise<TestAgent> {
    const agent = browser();
    const res = await useLink(agent, await askForLink(agent, email, next), next);
    expect(res.status).toBe(303);
    return agent;
  }

  it('serves the login page in Romanian, with a CSRF token, our security headers and the stylesheet', async () => {
    const http = t.app.getHttpServer();
    const res = await request(http).get('/login').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<html lang="ro">');
    expect(res.text).toContain('Intrare în cont');
    expect(csrfOf(res.text)).toBeTruthy();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    // A visitor who only looks gets no session row.
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(SESSION_COOKIE);
    const css = await request(http).get('/assets/site.css').expect(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    await request(http).get('/assets/nothing.css').expect(404);
    await request(http)
      .get('/assets/%2e%2e/layout.hbs')
      .expect((r) => expect([400, 403, 404]).toContain(r.status));
    // The API keeps no cookies and JSON errors, but has the same headers (never framed).
    const api = await request(http).get('/api/competitions');
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(api.headers['set-cookie']).toBeUndefined();
  });

  it('logs a user in by the mailed link; the session lasts across requests, lives hashed in the database, and logout ends it', async () => {
    const ana = await createUser(t.app, { email: 'ana@example.org', roles: ['arbiter'], name: 'Ana Arbitru' });
    const agent = browser();
    const path = await askForLink(agent, 'Ana@Example.org', '/login/abc');
    expect(path).toMatch(/^\/login\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailsTo('ana@example.org');
    // Not a player: the mail goes to the address asked for, with the template's model.
    expect(mail.playerId).toBeNull();
    expect(mail.payload).toEqual({ name: 'Ana Arbitru', url: `http://scrabble.test${path}`, expiresInMinutes: 15 });
    // Only the hash of the token is stored.
    const token = path.slice('/login/'.length);
    const link = await t.database.run((m) => m.findOneByOrFail(LoginLink, { userId: ana.id }));
    expect(link.tokenHash).toBe(hashLoginToken(token));
    expect(JSON.stringify(link)).not.toContain(token);

    const used = await useLink(agent, path, '/login/abc');
    expect(used.status).toBe(303);
    // A path of the site, except a login link (a crafted `next` is not followed).
    expect(used.headers.location).toBe('/');
    const sid = decodeURIComponent(SESSION_COOKIE.exec(String(used.headers['set-cookie']))![1])
      .replace(/^s:/, '')
      .split('.')[0];
    const cookie = ([] as string[]).concat(used.headers['set-cookie'] ?? []).find((c) => c.startsWith('cs_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const rows = await t.database.run((m) => m.find(WebSession, { where: { userId: ana.id } }));
    expect(rows.map((r) => r.sidHash)).toEqual([hashSessionId(sid)]);

    // The next requests are hers: the layout shows her menu and the logout button.
    for (let i = 0; i < 2; i++) {
      const page = await agent.get('/login/sent').expect(200);
      expect(page.text).toContain('action="/logout"');
      expect(page.text).toContain('href="/arbiter"');
    }
    // Logout needs the form's token too, then the session is gone, here and in the table.
    const page = await agent.get('/login/sent');
    await agent
      .post('/logout')
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303)
      .expect('Location', '/login');
    expect(await t.database.run((m) => m.countBy(WebSession, { userId: ana.id }))).toBe(0);
    expect((await agent.get('/login/sent')).text).not.toContain('action="/logout"');
  });

  it('mails the link through the outbox with the magic-link template, to the address asked for only', async () => {
    const ch = await startChampionship(t.app, { players: 2, domain: 'mail.example' });
    const user = [...ch.users.values()][0];
    const agent = browser();
    const path = await askForLink(agent, user.email);
    // An arbiter who does not play has no player row: the mail goes to the address alone.
    await createUser(t.app, { email: 'outbox-arbiter@example.org', roles: ['arbiter'] });
    const arbiterPath = await askForLink(browser(), 'outbox-arbiter@example.org');
    await t.app.get(OutboxSender).deliverDue();
    const dir = join(t.settings.dataDir, 'outbox');
    // Quoted-printable may fold the long URL: compare without soft line breaks.
    const mails = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''));
    for (const [to, link] of [
      [user.email, path],
      ['outbox-arbiter@example.org', arbiterPath],
    ]) {
      const mail = mails.find((m) => m.includes(link));
      expect(mail).toBeDefined();
      expect(mail).toMatch(new RegExp(`^To: ${to.replace(/\./g, '\\.')}\r?$`, 'm'));
    }
    const sent = await t.database.run((m) => m.find(OutboundMail, { where: { template: 'magic-link', status: 'sent' } }));
    expect(sent.length).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const agent = browser();
    const before = await t.database.run((m) => m.count(OutboundMail));
    const token = await formToken(agent);
    const res = await agent.post('/login').type('form').send({ email: 'nobody@example.org', _csrf: token });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login/sent');
    await t.app.get(LoginLinkRequests).idle();
    expect(await t.database.run((m) => m.count(OutboundMail))).toBe(before);
    expect(await t.database.run((m) => m.count(LoginLink, { where: { email: 'nobody@example.org' } }))).toBe(0);
  });

  it('shows the form again with the reason when the address is not one', async () => {
    const agent = browser();
    const token = await formToken(agent);
    const res = await agent.post('/login').type('form').send({ email: 'not an address', _csrf: token });
    expect(res.status).toBe(422);
    expect(res.text).toContain('nu pare o adresă de e-mail');
    expect(res.text).toContain('value="not an address"');
  });

  it('refuses an expired link (15 minutes) and logs nobody in', async () => {
    await createUser(t.app, { email: 'late@example.org', roles: ['arbiter'] });
    const agent = browser();
    const path = await askForLink(agent, 'late@example.org');
    const confirm = await agent.get(path).expect(200);
    t.clock.advance({ minutes: 15 });
    const res = await agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(confirm.text) });
    expect(res.status).toBe(410);
    expect(res.text).toContain('a expirat');
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(SESSION_COOKIE);
    expect((await agent.get(path)).status).toBe(410);
    expect((await agent.get('/login/sent')).text).not.toContain('action="/logout"');
  });

  it('refuses a link used once already, from any browser', async () => {
    await createUser(t.app, { email: 'twice@example.org', roles: ['arbiter'] });
    const first = browser();
    const path = await askForLink(first, 'twice@example.org');
    expect((await useLink(first, path)).status).toBe(303);
    const second = browser();
    const again = await second.get(path);
    expect(again.status).toBe(410);
    expect(again.text).toContain('deja folosită');
    const token = await formToken(second);
    const forced = await second.post(path).type('form').send({ _csrf: token });
    expect(forced.status).toBe(410);
    expect(String(forced.headers['set-cookie'] ?? '')).not.toMatch(SESSION_COOKIE);
  });

  it('does not use up a link when a mail scanner opens it (GET only shows the button)', async () => {
    await createUser(t.app, { email: 'scanned@example.org', roles: ['arbiter'] });
    const owner = browser();
    const path = await askForLink(owner, 'scanned@example.org');
    await request(t.app.getHttpServer()).get(path).expect(200);
    await request(t.app.getHttpServer()).get(path).expect(200);
    expect((await useLink(owner, path)).status).toBe(303);
  });

  it('refuses an unknown or malformed link', async () => {
    const agent = browser();
    expect((await agent.get(`/login/${'A'.repeat(43)}`)).status).toBe(410);
    expect((await agent.get('/login/short')).status).toBe(410);
  });

  it('refuses a form without its CSRF token (403), or with a token not from this browser', async () => {
    await createUser(t.app, { email: 'csrf@example.org', roles: ['arbiter'] });
    const agent = browser();
    await agent.get('/login');
    const none = await agent.post('/login').type('form').send({ email: 'csrf@example.org' });
    expect(none.status).toBe(403);
    expect(none.headers['content-type']).toMatch(/text\/html/);
    expect(none.text).toContain('Reîncărcați pagina');
    // A token read from another visitor's page does not go with this browser's cookie.
    const other = browser();
    const stolen = await formToken(other);
    expect((await agent.post('/login').type('form').send({ email: 'csrf@example.org', _csrf: stolen })).status).toBe(403);
    expect(await mailsTo('csrf@example.org')).toHaveLength(0);
    // Logged in, the same: logout and the language switch need the token.
    const logged = await login('csrf@example.org');
    expect((await logged.post('/logout').type('form').send({})).status).toBe(403);
    expect((await logged.post('/language').type('form').send({ lang: 'en' })).status).toBe(403);
    // A token from before the login belongs to the visitor, not to the session.
    expect((await logged.post('/logout').type('form').send({ _csrf: stolen })).status).toBe(403);
    expect((await logged.get('/login/sent')).text).toContain('action="/logout"');
    // The header works as well as the field (fetch calls).
    const page = await logged.get('/login/sent');
    const header = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
    expect((await logged.post('/logout').set('x-csrf-token', header)).status).toBe(303);
  });

  it('shows an unknown page as a page, and sends a logged-in user past the login form', async () => {
    const missing = await request(t.app.getHttpServer()).get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.text).toContain('Pagina nu există.');
    await createUser(t.app, { email: 'back@example.org', roles: ['arbiter'] });
    const agent = await login('back@example.org');
    await agent.get('/login?next=%2Farbiter').expect(303).expect('Location', '/arbiter');
  });

  it('keeps the API out of it: API keys, no CSRF, JSON errors', async () => {
    const res = await request(t.app.getHttpServer()).post('/api/competitions').send({});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('ends a session unused for 30 days', async () => {
    await createUser(t.app, { email: 'idle@example.org', roles: ['arbiter'] });
    const agent = await login('idle@example.org');
    t.clock.advance({ days: 29 });
    expect((await agent.get('/login/sent')).text).toContain('action="/logout"');
    // Used on day 29: the 30 days count again from there.
    t.clock.advance({ days: 29 });
    expect((await agent.get('/login/sent')).text).toContain('action="/logout"');
    t.clock.advance({ days: 31 });
    expect((await agent.get('/login/sent')).text).not.toContain('action="/logout"');
  });

  it('sends a visitor to the login page and back; refuses a page of a role the user lacks', async () => {
    const visitor = browser();
    const res = await visitor.get('/arbiter');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login?next=%2Farbiter');
    const form = await visitor.get(res.headers.location);
    expect(form.text).toContain('name="next" value="/arbiter"');
    // A script's JSON call without a session: 401 it can act on.
    const json = await visitor.get('/arbiter').set('Accept', 'application/json');
    expect(json.status).toBe(401);
    expect(json.body.error.code).toBe('LOGIN_REQUIRED');

    await createUser(t.app, { email: 'justplayer@example.org', roles: ['player'] });
    const player = await login('justplayer@example.org');
    const refused = await player.get('/arbiter');
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it("does not let a player open or act in another player's game", async () => {
    const ch = await startChampionship(t.app, { players: 3, domain: 'game.example' });
    const game = ch.games[0];
    const red = userOf(ch, game, 'red');
    const stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    const own = await login(red.email);
    expect((await own.get(`/games/${game.id}`)).status).toBe(200);
    const other = await login(stranger.email);
    const opened = await other.get(`/games/${game.id}`);
    expect([403, 404]).toContain(opened.status);
    const page = await other.get('/login/sent');
    const acted = await other
      .post(`/games/${game.id}/pass`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect([403, 404]).toContain(acted.status);
    // Nor by the API with their key.
    const api = await request(t.app.getHttpServer()).get(`/api/games/${game.id}`).set('Authorization', stranger.bearer);
    expect([403, 404]).toContain(api.status);
  });

  it('switches the language: a cookie for a visitor, stored on the user (and their player) once logged in', async () => {
    const visitor = browser();
    const token = await formToken(visitor);
    await visitor
      .post('/language')
      .type('form')
      .send({ lang: 'en', next: '/login?next=%2Fx', _csrf: token })
      .expect(303)
      .expect('Location', '/login?next=%2Fx');
    expect((await visitor.get('/login')).text).toContain('<html lang="en">');

    const ch = await startChampionship(t.app, { players: 2, domain: 'lang.example' });
    const user = [...ch.users.values()][0];
    const agent = await login(user.email);
    const page = await agent.get('/login/sent');
    await agent
      .post('/language')
      .type('form')
      .send({ lang: 'en', next: '/login/sent', _csrf: csrfOf(page.text) })
      .expect(303);
    expect((await agent.get('/login/sent')).text).toContain('<html lang="en">');
    const stored = await t.database.run(async (m) => {
      const u = await m.findOneByOrFail(User, { id: user.id });
      return { user: u.language, player: (await m.findOneByOrFail(Player, { id: u.playerId! })).language };
    });
    expect(stored).toEqual({ user: 'en', player: 'en' });
    // The next login link to this player is in English too.
    // Found by id, not by position: the rows come back in no order, and the manual clock gives both one time.
    const earlier = new Set((await mailsTo(user.email)).map((row) => row.id));
    const again = browser();
    await askForLink(again, user.email);
    const latest = (await mailsTo(user.email)).filter((row) => !earlier.has(row.id));
    expect(latest.map((row) => row.language)).toEqual(['en']);
  });

  it('makes the first admin at first start, with a link printed that once', async () => {
    const links = t.app.get(LoginLinks);
    const admins = () => t.database.run((m) => m.createQueryBuilder(User, 'u').where(`'admin' = ANY(u.roles)`).getMany());
    expect(await admins()).toHaveLength(0);
    const first = await links.ensureFirstAdmin();
    expect(first).toMatchObject({ email: 'admin@localhost', created: true });
    expect(first!.url).toMatch(/^http:\/\/scrabble\.test\/login\/[A-Za-z0-9_-]{43}$/);
    expect(await admins()).toHaveLength(1);
    // Restarted before using it: one admin still, and no link at rest in a second start's log.
    expect(await links.ensureFirstAdmin()).toBeNull();
    expect(await admins()).toHaveLength(1);
    // `admin login-link` gives another; the newer link is the one that works.
    const second = await links.linkForCli();
    expect(second.url).not.toBe(first!.url);
    const agent = browser();
    expect((await useLink(agent, new URL(second.url).pathname)).status).toBe(303);
    expect((await agent.get('/login/sent')).text).toContain('href="/arbiter"');
    expect(await links.ensureFirstAdmin()).toBeNull();
    // The admin of admin@localhost can also ask for a link on the form (it lands in DATA_DIR/outbox).
    await askForLink(browser(), 'admin@localhost');
    // The printed link was not mailed and proves no address.
    expect(await t.database.run((m) => m.countBy(LoginLink, { email: IsNull() }))).toBe(2);
  });
});

describe(`the web behind HTTPS (${TEST_DB})`, () => {
  let t: WebTestApp;

  beforeAll(async () => {
    t = await startApp({ PUBLIC_URL: 'https://scrabble.example' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('marks every cookie Secure (the CSRF one __Host-), and asks browsers to stay on HTTPS', async () => {
    const http = t.app.getHttpServer();
    const first = await t.app.get(LoginLinks).ensureFirstAdmin();
    const path = new URL(first!.url).pathname;
    // As the TLS proxy in front forwards it.
    const page = await request(http).get(path).set('X-Forwarded-Proto', 'https').expect(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const csrfCookie = ([] as string[]).concat(page.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-cs_csrf='))!;
    expect(csrfCookie).toMatch(/; Secure/i);
    expect(csrfCookie).toMatch(/HttpOnly/i);
    const used = await request(http)
      .post(path)
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', csrfCookie.split(';')[0])
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    const session = ([] as string[]).concat(used.headers['set-cookie'] ?? []).find((c) => c.startsWith('cs_session='))!;
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });
});

describe(`the login rate limit (${TEST_DB})`, () => {
  let t: WebTestApp;

  beforeAll(async () => {
    // Behind one reverse proxy, as in production: clients are told apart by X-Forwarded-For.
    t = await startApp({ TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('accepts 5 link requests a minute from one client, then answers 429 with a page that says to wait', async () => {
    const agent = request.agent(t.app.getHttpServer());
    const token = await formToken(agent);
    const ask = (email: string, client: string) =>
      agent.post('/login').set('X-Forwarded-For', client).type('form').send({ email, _csrf: token });
    for (let i = 0; i < 5; i++) expect((await ask(`someone${i}@example.org`, '203.0.113.7')).status).toBe(303);
    const res = await ask('someone@example.org', '203.0.113.7');
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Așteptați un minut');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy is not held back, and the rest of the site still answers.
    expect((await ask('someone@example.org', '198.51.100.2')).status).toBe(303);
    await agent.get('/login').expect(200);
  });
});
