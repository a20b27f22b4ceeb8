import request from 'supertest';
import { AccountJoin } from '../../src/auth/account-join.entity';
import { ApiKey } from '../../src/auth/api-key.entity';
import { AccountService } from '../../src/competitions/account.service';
import { UserEmail } from '../../src/auth/user-email.entity';
import { User } from '../../src/auth/user.entity';
import { actorOf, hashApiKey, UsersService } from '../../src/auth/users.service';
import { canArbitrate } from '../../src/auth/core/permissions';
import { Refusal } from '../../src/common/refusal';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { createUser, playersCsv, SETTINGS } from '../support/competitions';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`identity: users and API keys (${TEST_DB})`, () => {
  let t: TestApp;
  let users: UsersService;

  beforeAll(async () => {
    t = await startTestApp();
    users = t.app.get(UsersService);
  });

  afterAll(async () => {
    await t.close();
  });

  it('keeps only the hash of an API key; the clear key is given once and resolves to the user', async () => {
    const user = await createUser(t.app, { email: 'Keys@Example.org', roles: ['arbiter'] });
    expect(user.key).toMatch(/^csk_[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.run((m) => m.findOneByOrFail(ApiKey, { userId: user.id }));
    expect(stored.keyHash).toBe(hashApiKey(user.key));
    expect(JSON.stringify(stored)).not.toContain(user.key);
    expect(await users.actorForApiKey(user.key)).toEqual({ kind: 'user', userId: user.id, roles: ['arbiter'] });
    // The address is stored lower-cased, so the sender of a mail finds its user.
    expect((await t.database.run((m) => m.findOneByOrFail(UserEmail, { userId: user.id }))).address).toBe('keys@example.org');
  });

  it('records when a key was last used, at most once a minute', async () => {
    const user = await createUser(t.app, { email: 'used@example.org', roles: ['admin'] });
    const lastUsed = () =>
      t.database.run(async (m) => (await m.findOneByOrFail(ApiKey, { userId: user.id })).lastUsedAt?.toISOString() ?? null);
    expect(await lastUsed()).toBeNull();
    await users.actorForApiKey(user.key);
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().toISOString());
    t.clock.advance({ minutes: 0.5 });
    await users.actorForApiKey(user.key);
    expect(await lastUsed()).toBe(first);
    t.clock.advance({ minutes: 1 });
    await users.actorForApiKey(user.key);
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  it('refuses a revoked key with 401 on the API', async () => {
    const user = await createUser(t.app, { email: 'revoked@example.org', roles: ['arbiter'] });
    const http = t.app.getHttpServer();
    await request(http).post('/api/competitions').set('Authorization', user.bearer).send(SETTINGS).expect(201);
    const key = await t.database.run((m) => m.findOneByOrFail(ApiKey, { userId: user.id }));
    await t.database.transaction(() => users.revokeApiKey(key.id));
    expect(await users.actorForApiKey(user.key)).toBeNull();
    const res = await request(http).post('/api/competitions').set('Authorization', user.bearer).send(SETTINGS);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a second user with an address already taken (409), whatever its case', async () => {
    await createUser(t.app, { email: 'taken@example.org', roles: ['player'] });
    const attempt = t.database.transaction(() =>
      users.createUser({ displayName: 'Other', roles: ['arbiter'], emails: ['TAKEN@example.org'] }),
    );
    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await t.database.run((m) => m.countBy(User, { displayName: 'Other' }))).toBe(0);
  });

  it('refuses roles outside player, arbiter, admin at the database too', async () => {
    const insert = t.database.transaction((m) =>
      m.query(
        `INSERT INTO app_user (id, display_name, roles, created_at) VALUES ('00000000-0000-4000-8000-000000000001', 'x', ARRAY['king'], now())`,
      ),
    );
    await expect(insert).rejects.toThrow(/CHK_app_user_roles/);
  });

  it('issues a key for an address (admin api-key): an admin is created for an unknown address, an existing user keeps their roles', async () => {
    const fresh = await users.issueApiKeyForEmail('Operator@Example.org');
    expect(fresh).toMatchObject({ created: true, roles: ['admin'] });
    expect(await users.actorForApiKey(fresh.key)).toMatchObject({ userId: fresh.userId, roles: ['admin'] });
    const again = await users.issueApiKeyForEmail('operator@example.org');
    expect(again).toMatchObject({ created: false, userId: fresh.userId });
    expect(again.key).not.toBe(fresh.key);
    const arbiter = await createUser(t.app, { email: 'arb-key@example.org', roles: ['arbiter'] });
    expect(await users.issueApiKeyForEmail('arb-key@example.org')).toMatchObject({
      created: false,
      userId: arbiter.id,
      roles: ['arbiter'],
    });
    await expect(users.issueApiKeyForEmail('not an address')).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('gives every imported player a login identity; an arbiter who also plays becomes that player once they accept from their own account, and never arbitrates their own games', async () => {
    const arbiter = await createUser(t.app, { email: 'plays-too@example.org', roles: ['arbiter'] });
    const setup = t.app.get(CompetitionSetupService);
    const registration = t.app.get(RegistrationService);
    const created = await setup.create(arbiter.actor, SETTINGS);
    const csv = `${playersCsv(2, { domain: 'ident.example' })}The Arbiter,Plays-Too@example.org,,ro,,\n`;
    const players = await registration.importPlayers(arbiter.actor, created.id, csv);
    expect(players).toHaveLength(3);
    // docs/web.md "A player's identity": the import links no account; its owner accepts the join.
    const before = await t.database.run((m) => m.findOneByOrFail(User, { id: arbiter.id }));
    expect(before).toMatchObject({ roles: ['arbiter'], playerId: null });
    const [join] = await t.database.run((m) => m.findBy(AccountJoin, { userId: arbiter.id }));
    expect(join).toMatchObject({ playerId: players[2].playerId, address: 'plays-too@example.org' });
    await t.app.get(AccountService).acceptJoin(arbiter.actor, join.id);
    const me = await t.database.run((m) => m.findOneByOrFail(User, { id: arbiter.id }));
    expect(me.roles.sort()).toEqual(['arbiter', 'player']);
    expect(me.playerId).toBe(players[2].playerId);
    const meActing = actorOf(me);
    const competition = { arbiterUserId: arbiter.id };
    expect(canArbitrate(meActing, competition, { redPlayerId: players[0].playerId, bluePlayerId: me.playerId! })).toBe(false);
    expect(canArbitrate(meActing, competition, { redPlayerId: players[0].playerId, bluePlayerId: players[1].playerId })).toBe(true);
    for (const p of players.slice(0, 2)) {
      const u = await t.database.run((m) => m.findOneByOrFail(User, { playerId: p.playerId }));
      expect(u.roles).toEqual(['player']);
      expect(await t.database.run((m) => m.findBy(UserEmail, { userId: u.id }))).toEqual([expect.objectContaining({ verified: false })]);
    }
    // Importing the same person into a second competition reuses the identity.
    const second = await setup.create(arbiter.actor, SETTINGS);
    await registration.importPlayers(arbiter.actor, second.id, playersCsv(2, { domain: 'ident.example' }));
    expect(await t.database.run((m) => m.countBy(UserEmail, { address: 'player1@ident.example' }))).toBe(1);
  });
});
