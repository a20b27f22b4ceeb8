import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { LoginLinks } from '../../src/auth/login-links.service';
import { UserEmail } from '../../src/auth/user-email.entity';
import { User } from '../../src/auth/user.entity';
import { UsersService } from '../../src/auth/users.service';
import { WebSession } from '../../src/auth/web-session.entity';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { CorrespondentsRepository } from '../../src/mail/correspondents.repository';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { Registration } from '../../src/competitions/registration.entity';
import { Player } from '../../src/players/player.entity';
import { createUser, SETTINGS, setUpCompetition, type TestUser } from '../support/competitions';
import { loginWithLink } from '../support/security';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

const HEADER = 'name,email,club,language\n';

/**
 * docs/web.md "A player's identity": an arbiter can never become another person. The attack
 * chains of the second security review, each stopped where the platform trusted what an
 * arbiter typed about someone else; then the owner's consent, which alone opens the door.
 */
describe(`no arbiter becomes anyone else (${TEST_DB})`, () => {
  let t: TestApp;
  let registration: RegistrationService;
  let setup: CompetitionSetupService;
  let admin: TestUser;
  let rogue: TestUser;
  let honest: TestUser;
  let victim: Player;

  const mails = (where: { template?: string; toAddress?: string; playerId?: string }) =>
    t.database.run((m) => m.find(OutboundMail, { where, order: { createdAt: 'ASC' } }));
  const recipientsOf = (row: OutboundMail) =>
    t.database.run(async () => (await t.app.get(OutboxComposer).compose(row, t.clock.now())).map((o) => o.to));
  /** Every mail that would reach this address, with the links in it. */
  const mailReaching = async (address: string) => {
    const all = await t.database.run((m) => m.find(OutboundMail));
    const reaching: OutboundMail[] = [];
    for (const row of all) if ((await recipientsOf(row)).includes(address)) reaching.push(row);
    return reaching;
  };
  const linksIn = (rows: readonly OutboundMail[]) =>
    rows.flatMap((r) => JSON.stringify(r.payload).match(/https?:\/\/[^"\s]*\/(login|addresses\/confirm)\/[A-Za-z0-9_-]{43}/g) ?? []);
  const userOf = (a: string) => t.database.run(() => t.app.get(UsersService).findUserByEmail(a));
  const senderPlayer = (address: string) => t.database.run(() => t.app.get(CorrespondentsRepository).playerByAddress(address));
  const address = (a: string) => t.database.run((m) => m.findOneBy(PlayerEmail, { address: a }));
  const audits = (action: string) => t.database.run((m) => m.find(AuditEntry, { where: { action } }));
  const importLine = async (arbiter: TestUser, line: string) => {
    const c = await setup.create(arbiter.actor, SETTINGS);
    const entries = await registration.importPlayers(arbiter.actor, c.id, `${HEADER}${line}\n`);
    return { competitionId: c.id, entries };
  };
  const addByApi = (arbiter: TestUser, competitionId: string, playerId: string, a: string) =>
    request(t.app.getHttpServer())
      .post(`/api/competitions/${competitionId}/players/${playerId}/emails`)
      .set('Authorization', arbiter.bearer)
      .send({ address: a });
  /** A login link requested at this address, as the login form does (after its answer). */
  const requestLogin = (a: string) => t.app.get(LoginLinks).requestByEmail(a);

  beforeAll(async () => {
    t = await startTestApp();
    registration = t.app.get(RegistrationService);
    setup = t.app.get(CompetitionSetupService);
    admin = await createUser(t.app, { email: 'chief@fed.example', roles: ['admin'] });
    rogue = await createUser(t.app, { email: 'rogue-arbiter@elsewhere.example', roles: ['arbiter'] });
    honest = await createUser(t.app, { email: 'honest-arbiter@fed.example', roles: ['arbiter'] });
    // The honest arbiter's championship, under way: player1@v.example plays in it.
    await setUpCompetition(t.app, honest.actor, { players: 4, domain: 'v.example', start: true });
    victim = await t.database.run(async (m) =>
      m.findOneByOrFail(Player, { id: (await m.findOneByOrFail(PlayerEmail, { address: 'player1@v.example' })).playerId }),
    );
  });

  afterAll(async () => {
    await t.close();
  });

  describe('(a) a new player imported with the address of an admin who does not play', () => {
    let competitionId: string;
    let playerId: string;
    let answer: unknown;

    beforeAll(async () => {
      const imported = await importLine(rogue, 'Chief Twin,chief@fed.example rogue.twin@evil.example,,en');
      competitionId = imported.competitionId;
      playerId = imported.entries[0].playerId;
      answer = imported.entries;
    });

    it('links nobody: the admin stays who they were, the new player has their own account without the admin’s address', async () => {
      const chief = await t.database.run((m) => m.findOneByOrFail(User, { id: admin.id }));
      expect(chief).toMatchObject({ playerId: null, roles: ['admin'] });
      const own = await t.database.run((m) => m.findOneByOrFail(User, { playerId }));
      expect(own.id).not.toBe(admin.id);
      expect(own.roles).toEqual(['player']);
      expect((await t.database.run((m) => m.findBy(UserEmail, { userId: own.id }))).map((e) => e.address)).toEqual([
        'rogue.twin@evil.example',
      ]);
      // The admin's address is the player's only once its owner says so: no game mail, no moves.
      expect(await address('chief@fed.example')).toMatchObject({ playerId, verified: false });
      expect(await senderPlayer('chief@fed.example')).toBeUndefined();
      // The import's answer shows the arbiter only what they typed.
      const [entry] = answer as { emails?: string[]; pendingEmails?: string[] }[];
      expect([...(entry.emails ?? []), ...(entry.pendingEmails ?? [])].sort()).toEqual(['chief@fed.example', 'rogue.twin@evil.example']);
    });

    it('a login link asked for at the arbiter’s own address logs in as the new player only, never as the admin', async () => {
      expect(await requestLogin('rogue.twin@evil.example')).toEqual({ sent: true });
      const agent = await loginAgent(t, 'rogue.twin@evil.example');
      const key = await agent.get('/arbiter/api-keys');
      expect(key.status).toBe(403);
      const owner = await userOf('rogue.twin@evil.example');
      expect(owner?.id).not.toBe(admin.id);
      expect(owner?.roles).toEqual(['player']);
    });

    it('an address the arbiter adds to the player is never confirmed from its own mail, gives no login and sends no move', async () => {
      const res = await addByApi(rogue, competitionId, playerId, 'rogue.second@evil.example');
      expect(res.status).toBe(201);
      expect(linksIn(await mailReaching('rogue.second@evil.example'))).toEqual([]);
      expect(await requestLogin('rogue.second@evil.example')).toEqual({ sent: false });
      expect(await senderPlayer('rogue.second@evil.example')).toBeUndefined();
      expect(await address('rogue.second@evil.example')).toMatchObject({ verified: false });
    });

    it('the admin is asked, at the admin’s own address, with a link to their account page and no working link', async () => {
      const [asked] = await mails({ template: 'account-join', toAddress: 'chief@fed.example' });
      expect(asked).toBeDefined();
      expect(asked.payload).toMatchObject({ player: 'Chief Twin', url: expect.stringMatching(/\/account$/) });
      expect(linksIn([asked])).toEqual([]);
      expect(await recipientsOf(asked)).toEqual(['chief@fed.example']);
    });

    it('the player’s own session cannot accept the join nor approve the admin’s address', async () => {
      const agent = await loginAgent(t, 'rogue.twin@evil.example');
      const page = await agent.get('/account').expect(200);
      expect(page.text).not.toContain('name="join"');
      const approve = await agent
        .post('/account/addresses/approve')
        .type('form')
        .send({ _csrf: csrfOf(page.text), address: 'chief@fed.example' });
      expect(approve.status).toBeGreaterThanOrEqual(400);
      expect(await address('chief@fed.example')).toMatchObject({ verified: false });
      expect((await t.database.run((m) => m.findOneByOrFail(User, { id: admin.id }))).playerId).toBeNull();
    });

    it('(c) the admin accepts from their own session: they play as the player, and the arbiter’s addresses wait for the admin', async () => {
      const agent = await loginWithLink(t.app, admin.id);
      const page = await agent.get('/account').expect(200);
      expect(page.text).toContain('Chief Twin');
      // The join names the competition that asked for it.
      expect(page.text).toContain(SETTINGS.name);
      const join = /name="join" value="([^"]+)"/.exec(page.text)![1];
      const done = await agent
        .post('/account/joins/accept')
        .type('form')
        .send({ _csrf: csrfOf(page.text), join });
      expect(done.status).toBe(303);
      const chief = await t.database.run((m) => m.findOneByOrFail(User, { id: admin.id }));
      expect(chief.playerId).toBe(playerId);
      expect(chief.roles.sort()).toEqual(['admin', 'player']);
      expect(await address('chief@fed.example')).toMatchObject({ verified: true });
      // The addresses the arbiter typed now wait for the admin's approval: none logs in as the admin.
      expect(await address('rogue.twin@evil.example')).toMatchObject({ verified: false });
      expect((await userOf('rogue.twin@evil.example'))?.id).not.toBe(admin.id);
      expect(await requestLogin('rogue.second@evil.example')).toEqual({ sent: false });
      expect(await audits('player.joined')).toEqual([expect.objectContaining({ competitionId, actorUserId: admin.id })]);
    });
  });

  describe('(b) a player of another arbiter’s competition', () => {
    let competitionId: string;

    beforeAll(async () => {
      // The victim has an address the rogue arbiter does not know.
      await t.database.transaction((m) =>
        m.insert(PlayerEmail, { id: randomUUID(), playerId: victim.id, address: 'player1.work@v.example', verified: true }),
      );
      const imported = await importLine(rogue, `${victim.name},player1@v.example rogue.victim@evil.example,,ro`);
      competitionId = imported.competitionId;
      expect(imported.entries[0].playerId).toBe(victim.id);
      // The import's answer shows the arbiter no address they did not type.
      const shown = [...(imported.entries[0].emails ?? []), ...(imported.entries[0].pendingEmails ?? [])].sort();
      expect(shown).toEqual(['player1@v.example', 'rogue.victim@evil.example']);
    });

    it('the added addresses get no link of their own, no login, no move; the player is asked at their confirmed address', async () => {
      const api = await addByApi(rogue, competitionId, victim.id, 'rogue.api@evil.example');
      expect(api.status).toBe(201);
      for (const a of ['rogue.victim@evil.example', 'rogue.api@evil.example']) {
        expect(linksIn(await mailReaching(a))).toEqual([]);
        expect(await requestLogin(a)).toEqual({ sent: false });
        expect(await senderPlayer(a)).toBeUndefined();
      }
      const asks = await mails({ template: 'address-confirmation', playerId: victim.id });
      expect(asks.map((r) => r.payload.address).sort()).toEqual(['rogue.api@evil.example', 'rogue.victim@evil.example']);
      for (const ask of asks) expect((await recipientsOf(ask)).sort()).toEqual(['player1.work@v.example', 'player1@v.example']);
      // The new address hears only that its owner must approve it: no working link.
      expect((await mails({ template: 'address-added', toAddress: 'rogue.api@evil.example' })).length).toBe(1);
    });

    it('(c) the owner approves from the link mailed to their confirmed address; then it logs in and sends moves', async () => {
      const [ask] = await mails({ template: 'address-confirmation', playerId: victim.id });
      const chosen = String(ask.payload.address);
      const path = new URL(String(ask.payload.url)).pathname;
      const agent = request.agent(t.app.getHttpServer());
      const page = await agent.get(path).expect(200);
      await agent
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(page.text) })
        .expect(200);
      expect(await senderPlayer(chosen)).toBe(victim.id);
      expect(await requestLogin(chosen)).toEqual({ sent: true });
    });

    it('(c) the owner approves from their own session, or refuses', async () => {
      const pending = (await t.database.run((m) => m.findBy(PlayerEmail, { playerId: victim.id, verified: false }))).map((e) => e.address);
      expect(pending).toHaveLength(1);
      const agent = await loginAgent(t, 'player1@v.example');
      const page = await agent.get('/account').expect(200);
      expect(page.text).toContain(pending[0]);
      await agent
        .post('/account/addresses/refuse')
        .type('form')
        .send({ _csrf: csrfOf(page.text), address: pending[0] })
        .expect(303);
      expect(await address(pending[0])).toBeNull();
      // Audited in each competition the player plays in (the honest arbiter's and the rogue's).
      expect((await audits('player.address_refused')).map((e) => e.competitionId).sort()).toEqual(
        (await t.database.run((m) => m.findBy(Registration, { playerId: victim.id }))).map((r) => r.competitionId).sort(),
      );
      expect((await mails({ template: 'account-changed', playerId: victim.id })).map((r) => r.payload.change)).toContain('address-refused');
      // And approves another from the same page.
      expect((await addByApi(rogue, competitionId, victim.id, 'victim.phone@v.example')).status).toBe(201);
      const again = await agent.get('/account').expect(200);
      await agent
        .post('/account/addresses/approve')
        .type('form')
        .send({ _csrf: csrfOf(again.text), address: 'victim.phone@v.example' })
        .expect(303);
      expect(await senderPlayer('victim.phone@v.example')).toBe(victim.id);
      expect((await userOf('victim.phone@v.example'))?.playerId).toBe(victim.id);
    });
  });

  describe('(e) an address waiting for its owner’s approval is nobody’s yet (docs/web.md "A player’s identity")', () => {
    let squatter: string;

    beforeAll(async () => {
      // The rogue arbiter adds to their own player addresses that are not theirs: they wait, unapproved.
      const imported = await importLine(rogue, 'Squatter,squatter@evil.example,,en');
      squatter = imported.entries[0].playerId;
      expect((await addByApi(rogue, imported.competitionId, squatter, 'newcomer@fed.example')).status).toBe(201);
      expect((await addByApi(rogue, imported.competitionId, squatter, 'player3.new@v.example')).status).toBe(201);
    });

    it('a later list registers a new player with it: the waiting address links nothing and goes to the list’s player', async () => {
      const { entries } = await importLine(honest, 'Newcomer,newcomer@fed.example,,ro');
      expect(entries[0].playerId).not.toBe(squatter);
      expect(await address('newcomer@fed.example')).toMatchObject({ playerId: entries[0].playerId, verified: true });
      expect(await senderPlayer('newcomer@fed.example')).toBe(entries[0].playerId);
      expect((await audits('player.address_withdrawn')).map((e) => e.details)).toContainEqual({ playerId: squatter });
    });

    it('nor does it block a list that finds the player by a confirmed address: it waits for that player’s owner instead', async () => {
      const owner = (await address('player3@v.example'))!.playerId;
      const { entries } = await importLine(honest, 'Player Three,player3@v.example player3.new@v.example,,ro');
      expect(entries[0].playerId).toBe(owner);
      expect(await address('player3.new@v.example')).toMatchObject({ playerId: owner, verified: false });
      const asks = await mails({ template: 'address-confirmation', playerId: owner });
      expect(asks.map((r) => r.payload.address)).toEqual(['player3.new@v.example']);
    });
  });

  describe('(d) every user’s account page', () => {
    let agent: Agent;
    let page: string;

    beforeAll(async () => {
      await loginAgent(t, 'player2@v.example');
      agent = await loginAgent(t, 'player2@v.example');
      page = (await agent.get('/account').expect(200)).text;
    });

    it('lists the addresses and the open sessions, for a player as for an admin', async () => {
      expect(page).toContain('player2@v.example');
      expect(page).toContain('name="confirm"');
      expect((await loginWithLink(t.app, admin.id).then((a) => a.get('/account'))).status).toBe(200);
    });

    it('removes an address only when asked to confirm, never the last confirmed one; mailed and audited', async () => {
      const player = await t.database.run(async (m) => (await m.findOneByOrFail(PlayerEmail, { address: 'player2@v.example' })).playerId);
      // A second confirmed address, approved by the owner.
      await t.database.transaction((m) =>
        m.insert(PlayerEmail, { id: randomUUID(), playerId: player, address: 'player2.home@v.example', verified: true }),
      );
      const csrf = csrfOf(page);
      const unconfirmed = await agent
        .post('/account/addresses/remove')
        .type('form')
        .send({ _csrf: csrf, address: 'player2.home@v.example' });
      expect(unconfirmed.status).toBe(400);
      await agent
        .post('/account/addresses/remove')
        .type('form')
        .send({ _csrf: csrf, address: 'player2.home@v.example', confirm: 'yes' })
        .expect(303);
      expect(await address('player2.home@v.example')).toBeNull();
      const last = await agent
        .post('/account/addresses/remove')
        .type('form')
        .send({ _csrf: csrf, address: 'player2@v.example', confirm: 'yes' });
      expect(last.status).toBe(409);
      expect(await address('player2@v.example')).toMatchObject({ verified: true });
      const told = await mails({ template: 'account-changed', playerId: player });
      expect(told.map((r) => r.payload.change)).toEqual(['address-removed']);
      const removed = await audits('player.address_removed');
      expect(removed.length).toBeGreaterThan(0);
      expect(removed.every((e) => e.competitionId !== null)).toBe(true);
    });

    it('ends every other session, when asked to confirm; mailed and audited', async () => {
      const user = await t.database.run(async (m) =>
        m.findOneByOrFail(User, { playerId: (await m.findOneByOrFail(PlayerEmail, { address: 'player2@v.example' })).playerId }),
      );
      expect(await t.database.run((m) => m.countBy(WebSession, { userId: user.id }))).toBe(2);
      const csrf = csrfOf(page);
      expect((await agent.post('/account/sessions/end-others').type('form').send({ _csrf: csrf })).status).toBe(400);
      await agent.post('/account/sessions/end-others').type('form').send({ _csrf: csrf, confirm: 'yes' }).expect(303);
      expect(await t.database.run((m) => m.countBy(WebSession, { userId: user.id }))).toBe(1);
      await agent.get('/account').expect(200);
      expect((await mails({ template: 'account-changed', playerId: user.playerId! })).map((r) => r.payload.change)).toContain(
        'sessions-ended',
      );
      expect((await audits('user.sessions_ended')).length).toBeGreaterThan(0);
    });
  });
});
