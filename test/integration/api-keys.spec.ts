// API keys that can be listed, revoked and expire (docs/web.md, Security model), on both databases: a key lives
// a year and says so; an expired or revoked key gets 401 saying which, in both languages;
// bad keys are limited per client like login requests (429); in the panel a user sees and
// revokes their own keys (after a confirmation), an admin everyone's.
import request from 'supertest';
import { ApiKey } from '../../src/auth/api-key.entity';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { SYSTEM_ACTOR } from '../../src/auth/core/actor';
import { hashApiKey, UsersService } from '../../src/auth/users.service';
import { ManualClock } from '../../src/common/clock';
import { createUser, type TestUser } from '../support/competitions';
import { TEST_DB } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';
import { csrfOf, loginAgent, type Agent } from '../support/web';

describe(`API keys: listed, revoked, expiring, rate-limited (${TEST_DB})`, () => {
  let t: TestApp;
  let arbiter: TestUser;
  let otherArbiter: TestUser;
  let admin: TestUser;
  let arbiterWeb: Agent;
  let adminWeb: Agent;
  const clock = new ManualClock('2027-01-10T09:00:00Z');

  const api = (bearer?: string) => {
    const r = request(t.app.getHttpServer()).get('/api/outbox');
    return bearer === undefined ? r : r.set('Authorization', bearer);
  };
  const keyRow = (key: string) => t.database.run((m) => m.findOneByOrFail(ApiKey, { keyHash: hashApiKey(key) }));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    arbiter = await createUser(t.app, { email: 'arbitru.chei@example.org', roles: ['arbiter'], name: 'Arbitru Chei' });
    otherArbiter = await createUser(t.app, { email: 'alt.arbitru.chei@example.org', roles: ['arbiter'], name: 'Alt Arbitru' });
    admin = await createUser(t.app, { email: 'admin.chei@example.org', roles: ['admin'], name: 'Admin' });
    arbiterWeb = await loginAgent(t, arbiter.email);
    adminWeb = await loginAgent(t, admin.email);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives a key a year of life by default, and reports its expiry with it', async () => {
    const issued = await t.app.get(UsersService).issueApiKeyForEmail(arbiter.email, 'script');
    expect(issued.expiresAt.toISOString()).toBe('2028-01-10T09:00:00.000Z');
    expect((await keyRow(issued.key)).expiresAt.toISOString()).toBe('2028-01-10T09:00:00.000Z');
    expect((await api(`Bearer ${issued.key}`)).status).toBe(200);
  });

  it('refuses an expired key with 401 saying it expired, in Romanian and English', async () => {
    const issued = await t.database.transaction(() => t.app.get(UsersService).createApiKey(arbiter.id, 'short', 2));
    expect((await api(`Bearer ${issued.key}`)).status).toBe(200);
    clock.advance({ days: 2 });
    const res = await api(`Bearer ${issued.key}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { reason: 'expired' },
      messages: { ro: expect.stringContaining('a expirat la 2027-01-12'), en: expect.stringContaining('expired on 2027-01-12') },
    });
    expect(await t.app.get(UsersService).actorForApiKey(issued.key)).toBeNull();
  });

  it('refuses a revoked key with 401 saying it was revoked', async () => {
    const issued = await t.database.transaction(() => t.app.get(UsersService).createApiKey(arbiter.id, 'to revoke'));
    await t.app.get(ApiKeysService).revoke(SYSTEM_ACTOR, issued.id);
    const res = await api(`Bearer ${issued.key}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { reason: 'revoked' },
      messages: { ro: expect.stringContaining('a fost revocată'), en: expect.stringContaining('was revoked') },
    });
  });

  it('lists a user their own keys only; an admin and the CLI see everyone’s; a user may not look up another', async () => {
    const keys = t.app.get(ApiKeysService);
    const own = await keys.list(arbiter.actor);
    expect(own.length).toBeGreaterThanOrEqual(4);
    expect(new Set(own.map((k) => k.userId))).toEqual(new Set([arbiter.id]));
    expect(own.map((k) => k.state)).toEqual(expect.arrayContaining(['active', 'expired', 'revoked']));
    expect(JSON.stringify(own)).not.toMatch(/csk_|keyHash/);
    const everyone = await keys.list(admin.actor, { all: true });
    expect(new Set(everyone.map((k) => k.userId))).toEqual(new Set([arbiter.id, otherArbiter.id, admin.id]));
    expect(await keys.list(SYSTEM_ACTOR, { email: otherArbiter.email })).toEqual([
      expect.objectContaining({ userId: otherArbiter.id, owner: { displayName: 'Alt Arbitru', email: otherArbiter.email } }),
    ]);
    // Asking for all is not enough for a user; naming another address (or an unknown one) is refused alike.
    expect(new Set((await keys.list(arbiter.actor, { all: true })).map((k) => k.userId))).toEqual(new Set([arbiter.id]));
    await expect(keys.list(arbiter.actor, { email: otherArbiter.email })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(keys.list(arbiter.actor, { email: 'nobody@example.org' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [theirs] = await keys.list(SYSTEM_ACTOR, { email: otherArbiter.email });
    await expect(keys.revoke(arbiter.actor, theirs.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await api(otherArbiter.bearer)).status).toBe(200);
  });

  describe('in the arbiter panel', () => {
    it('lists my keys with their expiry, not another user’s, and links it from the dashboard', async () => {
      expect((await arbiterWeb.get('/arbiter')).text).toContain('href="/arbiter/api-keys"');
      const page = await arbiterWeb.get('/arbiter/api-keys');
      expect(page.status).toBe(200);
      expect(page.text).toContain('data-testid="api-keys"');
      expect(page.text).toContain('2028-01-10 09:00 UTC');
      const [theirs] = await t.app.get(ApiKeysService).list(otherArbiter.actor);
      expect(page.text).not.toContain(theirs.id);
      // Asking for everyone's is an admin's: an arbiter still sees only theirs.
      expect((await arbiterWeb.get('/arbiter/api-keys?all=1')).text).not.toContain(theirs.id);
      const all = await adminWeb.get('/arbiter/api-keys?all=1');
      expect(all.text).toContain(theirs.id);
      expect(all.text).toContain(otherArbiter.email);
    });

    it('creates a key shown once with its expiry', async () => {
      const form = await arbiterWeb.get('/arbiter/api-keys');
      const res = await arbiterWeb
        .post('/arbiter/api-keys')
        .type('form')
        .send({ _csrf: csrfOf(form.text), label: 'tabelă', days: '30' });
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toContain('no-store');
      const key = /data-testid="clear-key">(csk_[A-Za-z0-9_-]{43})</.exec(res.text)?.[1];
      expect(key).toBeDefined();
      expect(res.text).toContain('valabilă până la 2027-02-11 09:00 UTC');
      expect((await api(`Bearer ${key}`)).status).toBe(200);
      expect((await arbiterWeb.get('/arbiter/api-keys')).text).not.toContain(key!);
    });

    it('revokes a key only after the confirmation, and never another user’s', async () => {
      const issued = await t.database.transaction(() => t.app.get(UsersService).createApiKey(arbiter.id, 'panel'));
      const confirm = await arbiterWeb.get(`/arbiter/api-keys/${issued.id}/revoke`);
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain('name="confirm" value="yes"');
      const unconfirmed = await arbiterWeb
        .post(`/arbiter/api-keys/${issued.id}/revoke`)
        .type('form')
        .send({ _csrf: csrfOf(confirm.text) });
      expect(unconfirmed.status).toBe(422);
      expect((await keyRow(issued.key)).revokedAt).toBeNull();
      const done = await arbiterWeb
        .post(`/arbiter/api-keys/${issued.id}/revoke`)
        .type('form')
        .send({ _csrf: csrfOf(confirm.text), confirm: 'yes' });
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/arbiter/api-keys?done=revoked');
      expect((await keyRow(issued.key)).revokedAt).not.toBeNull();
      expect((await api(`Bearer ${issued.key}`)).status).toBe(401);

      const [theirs] = (await t.app.get(ApiKeysService).list(otherArbiter.actor)).filter((k) => k.state === 'active');
      expect((await arbiterWeb.get(`/arbiter/api-keys/${theirs.id}/revoke`)).status).toBe(404);
      const attempt = await arbiterWeb
        .post(`/arbiter/api-keys/${theirs.id}/revoke`)
        .type('form')
        .send({ _csrf: csrfOf(confirm.text), confirm: 'yes' });
      expect(attempt.status).toBe(404);
      expect((await t.app.get(ApiKeysService).find(SYSTEM_ACTOR, theirs.id)).state).toBe('active');
      // An admin may revoke anyone's.
      const asAdmin = await adminWeb.get(`/arbiter/api-keys/${theirs.id}/revoke`);
      expect(
        (
          await adminWeb
            .post(`/arbiter/api-keys/${theirs.id}/revoke`)
            .type('form')
            .send({ _csrf: csrfOf(asAdmin.text), confirm: 'yes' })
        ).status,
      ).toBe(303);
      expect((await api(otherArbiter.bearer)).status).toBe(401);
    });
  });
});

// Its own application: every request of a test comes from 127.0.0.1, and the bad keys the
// tests above send (expired, revoked) count too.
describe(`API keys: bad keys limited per client (${TEST_DB})`, () => {
  let t: TestApp;
  let user: TestUser;
  const api = (bearer?: string) => {
    const r = request(t.app.getHttpServer()).get('/api/outbox');
    return bearer === undefined ? r : r.set('Authorization', bearer);
  };
  const lastUsed = () => t.database.run(async (m) => (await m.findOneByOrFail(ApiKey, { userId: user.id })).lastUsedAt);

  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t.app, { email: 'limit@example.org', roles: ['arbiter'] });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 to bad keys once a client has sent LOGIN_RATE_LIMIT of them in a minute; a valid key from it still passes', async () => {
    const limit = t.settings.loginRateLimit;
    // No key at all is not a guess: it never counts.
    for (let i = 0; i < limit + 2; i++) expect((await api()).status).toBe(401);
    for (let i = 0; i < limit; i++) expect((await api(`Bearer csk_${'x'.repeat(43)}${i}`)).status).toBe(401);
    const blocked = await api(`Bearer csk_${'y'.repeat(43)}`);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      messages: { ro: expect.stringContaining('Prea multe'), en: expect.stringContaining('Too many') },
    });
    // Others' failures never refuse a valid key (every client behind a proxy without TRUST_PROXY
    // shares one address): the key is looked up first, and a good one passes and is used.
    expect((await api(user.bearer)).status).toBe(200);
    expect(await lastUsed()).not.toBeNull();
    // The client's bad keys are still held back, for the rest of the minute.
    expect((await api(`Bearer csk_${'z'.repeat(43)}`)).status).toBe(429);
  });
});
