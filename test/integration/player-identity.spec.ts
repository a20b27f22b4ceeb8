import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { UserEmail } from '../../src/auth/user-email.entity';
import { User } from '../../src/auth/user.entity';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { Registration } from '../../src/competitions/registration.entity';
import { RegistrationService, type PlayerEntryView } from '../../src/competitions/registration.service';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { Player } from '../../src/players/player.entity';
import { Game } from '../../src/games/entities/game.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { createUser, keyForPlayer, SETTINGS, setUpCompetition, type TestUser } from '../support/competitions';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

const HEADER = 'name,email,club,language\n';

/** A player's identity belongs to the player. */
describe(`a player's identity (${TEST_DB})`, () => {
  let t: TestApp;
  let setup: CompetitionSetupService;
  let registration: RegistrationService;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let victim: Player;
  let partnerIds: string[];

  const playerByAddress = (address: string) =>
    t.database.run(async (m) => m.findOneByOrFail(Player, { id: (await m.findOneByOrFail(PlayerEmail, { address })).playerId }));
  const mails = (where: { template?: string; toAddress?: string; playerId?: string }) =>
    t.database.run((m) => m.find(OutboundMail, { where, order: { createdAt: 'ASC' } }));
  const audits = (action: string) => t.database.run((m) => m.findBy(AuditEntry, { action }));
  /** The approval request of an added address: mailed to the player's confirmed addresses, never to it. */
  const approvalOf = async (address: string) =>
    (await mails({ template: 'address-confirmation' })).filter((r) => r.payload.address === address);
  const recipientsOf = (row: OutboundMail) =>
    t.database.run(async () => (await t.app.get(OutboxComposer).compose(row, t.clock.now())).map((o) => o.to));

  beforeAll(async () => {
    t = await startTestApp();
    setup = t.app.get(CompetitionSetupService);
    registration = t.app.get(RegistrationService);
    owner = await createUser(t.app, { email: 'owner-arbiter@fed.example', roles: ['arbiter'] });
    other = await createUser(t.app, { email: 'other-arbiter@elsewhere.example', roles: ['arbiter'] });
    admin = await createUser(t.app, { email: 'admin@fed.example', roles: ['admin'] });
    // C1, run by `owner`, under way: player1@p.example plays its games.
    await setUpCompetition(t.app, owner.actor, { players: 4, domain: 'p.example', start: true });
    victim = await playerByAddress('player1@p.example');
    const games = await t.database.run((m) => m.find(Game, { where: [{ redPlayerId: victim.id }, { bluePlayerId: victim.id }] }));
    partnerIds = games.map((g) => (g.redPlayerId === victim.id ? g.bluePlayerId : g.redPlayerId));
    expect(partnerIds.length).toBeGreaterThan(0);
  });

  afterAll(async () => {
    await t.close();
  });

  describe("the review's repro: another competition's arbiter imports a line with the player's address and their own", () => {
    let imported: PlayerEntryView[];
    beforeAll(async () => {
      const c2 = await setup.create(other.actor, SETTINGS);
      imported = await registration.importPlayers(
        other.actor,
        c2.id,
        `${HEADER}Hijacked,player1@p.example evil@attacker.example,Evil,en\n`,
      );
    });

    it('renames, re-languages and re-clubs nobody, links the player and reports what it left unchanged', async () => {
      const now = await playerByAddress('player1@p.example');
      expect(now).toMatchObject({ name: victim.name, club: victim.club, language: victim.language });
      expect(imported).toEqual([
        expect.objectContaining({
          playerId: victim.id,
          name: victim.name,
          emails: ['player1@p.example'],
          pendingEmails: ['evil@attacker.example'],
          importNote: { unchanged: { name: 'Hijacked', club: 'Evil', language: 'en' }, pendingEmails: ['evil@attacker.example'] },
        }),
      ]);
      expect(await audits('player.updated')).toEqual([]);
    });

    it('adds the address unverified: no game mail reaches it, and it gives no login', async () => {
      const added = await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'evil@attacker.example' }));
      expect(added).toMatchObject({ playerId: victim.id, verified: false });
      // A mail to the player (as a "your move" would be) goes to the confirmed address only.
      const [toPlayer] = await approvalOf('evil@attacker.example');
      expect(toPlayer.toAddress).toBeNull();
      expect(await recipientsOf(toPlayer)).toEqual(['player1@p.example']);
      const user = await t.database.run((m) => m.findOneByOrFail(User, { playerId: victim.id }));
      expect(await t.database.run((m) => m.findBy(UserEmail, { userId: user.id }))).toEqual([
        expect.objectContaining({ address: 'player1@p.example' }),
      ]);
    });

    it("mails the approval link to the player's confirmed address only, the new address a notice without a link, and audits it", async () => {
      const [link] = await approvalOf('evil@attacker.example');
      expect(String(link.payload.url)).toMatch(/\/addresses\/confirm\/[A-Za-z0-9_-]{43}$/);
      expect(await recipientsOf(link)).toEqual(['player1@p.example']);
      expect(await mails({ template: 'address-confirmation', toAddress: 'evil@attacker.example' })).toEqual([]);
      const notices = await mails({ template: 'address-added', playerId: victim.id });
      expect(notices.map((r) => [r.toAddress, r.payload.addresses])).toEqual([['evil@attacker.example', ['evil@attacker.example']]]);
      expect(JSON.stringify(notices[0].payload)).not.toContain('/addresses/confirm/');
      expect(await audits('player.address_added')).toEqual([
        expect.objectContaining({ actorUserId: other.id, details: { playerId: victim.id, addresses: ['evil@attacker.example'] } }),
      ]);
    });

    it('announces nothing to the partners while nothing changed', async () => {
      expect(await mails({ template: 'identity-changed' })).toEqual([]);
    });
  });

  it('the owner confirms from the page of the link mailed to their confirmed address (one button), once; then it gets mail, logs in, and the partners are told', async () => {
    const c = await setup.create(owner.actor, SETTINGS);
    await registration.importPlayers(
      owner.actor,
      c.id,
      `${HEADER}${victim.name},player1@p.example second@p.example,${victim.club ?? ''},${victim.language}\n`,
    );
    const [link] = await approvalOf('second@p.example');
    expect(await recipientsOf(link)).toEqual(['player1@p.example']);
    const path = new URL(String(link.payload.url)).pathname;
    const agent = request.agent(t.app.getHttpServer());
    // Opening the link (as a mail scanner does) confirms nothing.
    const page = await agent.get(path).expect(200);
    expect(page.text).toContain('second@p.example');
    expect((await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'second@p.example' }))).verified).toBe(false);
    // Without the CSRF token the button's POST is refused.
    expect((await agent.post(path).type('form').send({})).status).toBe(403);
    const done = await agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(done.status).toBe(200);
    expect((await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'second@p.example' }))).verified).toBe(true);
    // Used once: the same link is gone.
    expect((await agent.get(path)).status).toBe(410);
    // The owner is told at their confirmed addresses, the new one among them now.
    const [toPlayer] = await mails({ template: 'account-changed', playerId: victim.id });
    expect(toPlayer.payload).toMatchObject({ change: 'address-approved', address: 'second@p.example' });
    expect((await recipientsOf(toPlayer)).sort()).toEqual(['player1@p.example', 'second@p.example']);
    const user = await t.database.run((m) => m.findOneByOrFail(User, { playerId: victim.id }));
    expect(await t.database.run((m) => m.countBy(UserEmail, { userId: user.id, address: 'second@p.example', verified: true }))).toBe(1);
    const told = await mails({ template: 'identity-changed' });
    expect(told.map((r) => r.playerId).sort()).toEqual([...new Set(partnerIds)].sort());
    expect(told[0].payload).toMatchObject({ player: victim.name, change: 'address' });
    // Audited in each competition the player plays in.
    const confirmedIn = await audits('player.address_confirmed');
    expect(confirmedIn.map((e) => e.details)).toEqual(
      confirmedIn.map(() => expect.objectContaining({ playerId: victim.id, address: 'second@p.example', by: 'link' })),
    );
    expect(confirmedIn.map((e) => e.competitionId).sort()).toEqual(
      (await t.database.run((m) => m.findBy(Registration, { playerId: victim.id }))).map((r) => r.competitionId).sort(),
    );
  });

  it('an expired or unknown confirmation link is refused (410) and confirms nothing', async () => {
    const c = await setup.create(owner.actor, SETTINGS);
    await registration.importPlayers(
      owner.actor,
      c.id,
      `${HEADER}${victim.name},player1@p.example late@p.example,${victim.club ?? ''},${victim.language}\n`,
    );
    const [link] = await approvalOf('late@p.example');
    const path = new URL(String(link.payload.url)).pathname;
    const http = t.app.getHttpServer();
    expect((await request(http).get('/addresses/confirm/not-a-token')).status).toBe(410);
    expect((await request(http).get(`/addresses/confirm/${'A'.repeat(43)}`)).status).toBe(410);
    t.clock.advance({ days: 15 });
    try {
      const page = await request(http).get(path);
      expect(page.status).toBe(410);
      expect(page.text).toContain('14');
    } finally {
      t.clock.advance({ days: -15 });
    }
    expect((await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'late@p.example' }))).verified).toBe(false);
  });

  it("the player's own arbiter may rename them: the partners are told the old and the new name, and the audit keeps both", async () => {
    const renamed = await playerByAddress('player2@p.example');
    const c = await setup.create(owner.actor, SETTINGS);
    const [entry] = await registration.importPlayers(
      owner.actor,
      c.id,
      `${HEADER}Player Two-Renamed,player2@p.example,${renamed.club ?? ''},${renamed.language}\n`,
    );
    expect(entry).toMatchObject({ name: 'Player Two-Renamed' });
    expect(entry.importNote).toBeUndefined();
    expect((await playerByAddress('player2@p.example')).name).toBe('Player Two-Renamed');
    const told = (await mails({ template: 'identity-changed' })).filter((r) => r.payload.change === 'name');
    expect(told.length).toBeGreaterThan(0);
    expect(told[0].payload).toMatchObject({ player: 'Player Two-Renamed', previousName: renamed.name });
    expect(await audits('player.updated')).toEqual([
      expect.objectContaining({ details: { playerId: renamed.id, before: { name: renamed.name }, after: { name: 'Player Two-Renamed' } } }),
    ]);
  });

  it('an admin may confirm an address for its owner, with a reason (audited); nobody else may', async () => {
    const http = t.app.getHttpServer();
    const c = await setup.create(owner.actor, SETTINGS);
    await registration.importPlayers(
      owner.actor,
      c.id,
      `${HEADER}${victim.name},player1@p.example phone@p.example,${victim.club ?? ''},${victim.language}\n`,
    );
    const body = { address: 'phone@p.example', reason: 'Confirmed by phone on 12.03.2027.' };
    expect((await request(http).post('/api/players/emails/confirm').set('Authorization', owner.bearer).send(body)).status).toBe(403);
    expect(
      (
        await request(http)
          .post('/api/players/emails/confirm')
          .set('Authorization', admin.bearer)
          .send({ address: 'phone@p.example', reason: '' })
      ).status,
    ).toBe(400);
    const res = await request(http).post('/api/players/emails/confirm').set('Authorization', admin.bearer).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ address: 'phone@p.example', playerId: victim.id });
    expect((await request(http).post('/api/players/emails/confirm').set('Authorization', admin.bearer).send(body)).body.error.code).toBe(
      'ALREADY_VERIFIED',
    );
    expect(await audits('player.address_confirmed')).toContainEqual(
      expect.objectContaining({ actorUserId: admin.id, details: expect.objectContaining({ by: 'admin', reason: body.reason }) }),
    );
  });

  it("the API adds an address to a competition's player for its arbiter only, unverified", async () => {
    const http = t.app.getHttpServer();
    const c = await setup.create(other.actor, SETTINGS);
    const [mine] = await registration.importPlayers(other.actor, c.id, `${HEADER}Nou Venit,nou@q.example,,ro\n`);
    const path = `/api/competitions/${c.id}/players/${mine.playerId}/emails`;
    // Another arbiter's competition answers as an unknown one; a player is told it is the arbiter's.
    expect((await request(http).post(path).set('Authorization', owner.bearer).send({ address: 'x@q.example' })).status).toBe(404);
    expect(
      (
        await request(http)
          .post(path)
          .set('Authorization', (await keyForPlayer(t.app, 'nou@q.example')).bearer)
          .send({ address: 'x@q.example' })
      ).status,
    ).toBe(403);
    // A player of another competition cannot be reached through this one.
    expect(
      (
        await request(http)
          .post(`/api/competitions/${c.id}/players/${victim.id}/emails`)
          .set('Authorization', other.bearer)
          .send({ address: 'y@q.example' })
      ).status,
    ).toBe(404);
    expect((await request(http).post(path).set('Authorization', other.bearer).send({ address: 'player1@p.example' })).body.error.code).toBe(
      'EMAIL_TAKEN',
    );
    expect((await request(http).post(path).set('Authorization', other.bearer).send({ address: 'not an address' })).status).toBe(400);
    const res = await request(http).post(path).set('Authorization', other.bearer).send({ address: 'Nou.Venit@Work.example' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ address: 'nou.venit@work.example', verified: false });
    // The registration's own address worked at once.
    expect((await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'nou@q.example' }))).verified).toBe(true);
  });

  it("the arbiter's panel adds an address to a player (unverified, with the same rules) and says so; a bad one is refused on the page", async () => {
    const c = await setup.create(owner.actor, SETTINGS);
    const [entry] = await registration.importPlayers(owner.actor, c.id, `${HEADER}Panou Jucător,panou@q.example,,ro\n`);
    const agent = await loginAgent(t, owner.email);
    const page = await agent.get(`/arbiter/competitions/${c.id}`).expect(200);
    const action = `/arbiter/competitions/${c.id}/players/${entry.playerId}/emails`;
    expect(page.text).toContain(`action="${action}"`);
    const bad = await agent
      .post(action)
      .type('form')
      .send({ _csrf: csrfOf(page.text), address: 'nu este adresă' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('nu este o adresă de e-mail');
    const done = await agent
      .post(action)
      .type('form')
      .send({ _csrf: csrfOf(page.text), address: 'panou.nou@q.example' });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe(`/arbiter/competitions/${c.id}?done=address-added`);
    expect(await t.database.run((m) => m.findOneByOrFail(PlayerEmail, { address: 'panou.nou@q.example' }))).toMatchObject({
      playerId: entry.playerId,
      verified: false,
    });
    const after = await agent.get(done.headers.location).expect(200);
    expect(after.text).toContain('panou.nou@q.example (neconfirmată)');
    const [asked] = await approvalOf('panou.nou@q.example');
    expect(await recipientsOf(asked)).toEqual(['panou@q.example']);
    expect(await mails({ template: 'address-added', toAddress: 'panou.nou@q.example' })).toHaveLength(1);
  });

  it("editing a player: the panel and the API change name, club and language for the player's own arbiter, announce a rename, and refuse another arbiter's player", async () => {
    const http = t.app.getHttpServer();
    const c = await setup.create(owner.actor, SETTINGS);
    const [mine] = await registration.importPlayers(owner.actor, c.id, `${HEADER}Ion Editat,editat@q.example,,ro\n`);
    const agent = await loginAgent(t, owner.email);
    const path = `/arbiter/competitions/${c.id}/players/${mine.playerId}`;
    const form = await agent.get(path).expect(200);
    expect(form.text).toContain('value="Ion Editat"');
    const saved = await agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(form.text), name: 'Ion\u2028Editat-Nou', club: 'CS Arad', language: 'en' });
    expect(saved.status).toBe(303);
    expect(await t.database.run((m) => m.findOneByOrFail(Player, { id: mine.playerId }))).toMatchObject({
      name: 'Ion Editat-Nou',
      club: 'CS Arad',
      language: 'en',
    });
    expect(await audits('player.updated')).toContainEqual(
      expect.objectContaining({
        details: {
          playerId: mine.playerId,
          before: { name: 'Ion Editat', club: null, language: 'ro' },
          after: { name: 'Ion Editat-Nou', club: 'CS Arad', language: 'en' },
        },
      }),
    );
    const empty = await agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(form.text), name: '  ', club: '', language: 'ro' });
    expect(empty.status).toBe(422);
    // The victim plays in `owner`'s competition: its arbiter `other` registers them too, and may not rename them.
    const c2 = await setup.create(other.actor, SETTINGS);
    await registration.importPlayers(other.actor, c2.id, `${HEADER}${victim.name},player1@p.example,,${victim.language}\n`);
    const refused = await request(http)
      .patch(`/api/competitions/${c2.id}/players/${victim.id}`)
      .set('Authorization', other.bearer)
      .send({ name: 'Altcineva' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('IDENTITY_NOT_YOURS');
    // And from another arbiter's competition it is not there at all.
    expect(
      (
        await request(http)
          .patch(`/api/competitions/${c.id}/players/${mine.playerId}`)
          .set('Authorization', other.bearer)
          .send({ name: 'X' })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(http)
          .patch(`/api/competitions/${c2.id}/players/${victim.id}`)
          .set('Authorization', other.bearer)
          .send({ language: 'fr' })
      ).status,
    ).toBe(400);
    // A player is told it is the arbiter's.
    const asPlayer = await request(http)
      .patch(`/api/competitions/${c.id}/players/${mine.playerId}`)
      .set('Authorization', (await keyForPlayer(t.app, 'editat@q.example')).bearer)
      .send({ name: 'Eu' });
    expect([asPlayer.status, asPlayer.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    // An admin may.
    const byAdmin = await request(http)
      .patch(`/api/competitions/${c2.id}/players/${victim.id}`)
      .set('Authorization', admin.bearer)
      .send({ club: 'CSM Iași' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ playerId: victim.id, name: victim.name, club: 'CSM Iași' });
    victim = await playerByAddress('player1@p.example');
  });

  it('strips control characters from names at entry, so a name cannot add lines to a mail', async () => {
    const c = await setup.create(other.actor, SETTINGS);
    const [entry] = await registration.importPlayers(
      other.actor,
      c.id,
      `${HEADER}"Ana\u0085Bcc: x@y.example\u2028Pop",ana.nel@q.example,"Club\u001b",ro\n`,
    );
    expect(entry.name).toBe('Ana Bcc: x@y.example Pop');
    expect(entry.club).toBe('Club');
  });
});
