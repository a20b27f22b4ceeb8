// Time claims and holidays on both databases, through the web and the API: a time claim is seen
// by both players with its days and answer deadline; the accused answers by the form and
// the API within 5 days, and is refused after; the claimant and the arbiter are mailed; the
// arbiter's early uphold needs an explicit override (audited); after 5 days without an
// answer the arbiter's page says so; a game's silence case closes with a reason when the
// game ends; holidays are shown to the partner and the arbiter; players open their own sheet
// and its PDF during play, a stranger gets 404.
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { CasesService } from '../../src/arbiter/cases.service';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import type { TestUser } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';
import { hangAfter } from '../support/hang';

describe(`time claims and holidays on the game pages (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let a: Game;
  let b: Game;
  let c: Game;
  let e: Game;
  let accused: Agent;
  let claimant: Agent;
  let stranger: Agent;
  let arbiter: Agent;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const claimCase = (game: Game) => t.database.run((m) => m.findOneByOrFail(Case, { gameId: game.id, kind: 'claim' }));
  const mails = (template: string) => t.database.run((m) => m.find(OutboundMail, { where: { template }, order: { createdAt: 'ASC' } }));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 6, domain: 'claims.example.org' });
    [a, b, c, e] = ch.games;
    // RED opens A, B, C and E on 1 February; BLUE stays silent: 55 days later, over the 50 (docs/rules.md §5).
    for (const game of [a, b, c, e]) {
      const res = await post(`/api/games/${game.id}/moves`, user(game, 'red'), { move: placementFor(ch, [], 7) });
      expect(res.status).toBe(200);
    }
    clock.set('2027-03-28T09:00:00Z');
    // Logged in on the day of the claims (a web session lasts 30 days).
    const outsider = [...ch.users.values()].find((u) => u.actor.playerId !== a.redPlayerId && u.actor.playerId !== a.bluePlayerId)!;
    accused = await loginAgent(t, user(a, 'blue').email);
    claimant = await loginAgent(t, user(a, 'red').email);
    stranger = await loginAgent(t, outsider.email);
    arbiter = await loginAgent(t, ch.arbiter.email);
    // The pages are read in Romanian, whichever language the pairing's players chose.
    for (const agent of [accused, claimant, stranger, arbiter]) {
      const home = await agent.get('/');
      expect(
        (
          await agent
            .post('/language')
            .type('form')
            .send({ _csrf: csrfOf(home.text), lang: 'ro', next: '/' })
        ).status,
      ).toBe(303);
    }
    for (const game of [a, b, c]) expect((await post(`/api/games/${game.id}/claims`, user(game, 'red'))).status).toBe(200);
  }, hangAfter(240_000));

  afterAll(async () => {
    await t.close();
  });

  it('shows the open claim to both players with the days counted and the answer deadline; only the accused gets the form', async () => {
    const page = await accused.get(`/games/${a.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="time-claim"');
    expect(page.text).toContain('Reclamație de timp');
    // Claimed on 28.03, the accused answers by 02.04 (5 days, docs/rules.md §5); 55 days used of 50.
    expect(page.text).toContain('Termen de răspuns către arbitru: 02.04.2027');
    expect(page.text).toMatch(/zile folosite: 5\d din 50/);
    expect(page.text).toContain(`action="/games/${a.id}/claim/answer"`);
    const theirs = await claimant.get(`/games/${a.id}`);
    expect(theirs.text).toContain('data-testid="time-claim"');
    expect(theirs.text).toContain('02.04.2027');
    expect(theirs.text).not.toContain(`action="/games/${a.id}/claim/answer"`);
  });

  it('refuses an early uphold without the override (API and web), and takes it with one, audited', async () => {
    const refused = await post(`/api/games/${b.id}/rulings`, ch.arbiter, { kind: 'claim', upheld: true, reason: '55 days used' });
    expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 409, code: 'CLAIM_WINDOW_OPEN' });
    const page = await arbiter.get(`/arbiter/games/${b.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="earlyOverride"');
    const form = { _csrf: csrfOf(page.text), kind: 'claim', upheld: 'yes', reason: '55 de zile folosite', confirm: 'yes' };
    const web = await arbiter.post(`/arbiter/games/${b.id}/rulings`).type('form').send(form);
    expect(web.status).toBe(422);
    expect(web.text).toContain('02.04.2027');
    expect((await claimCase(b)).status).toBe('open');
    const overridden = await arbiter
      .post(`/arbiter/games/${b.id}/rulings`)
      .type('form')
      .send({ ...form, earlyOverride: 'yes' });
    expect(overridden.status).toBe(303);
    expect((await claimCase(b)).status).toBe('closed');
    const audit = await t.database.run((m) => m.findOneByOrFail(AuditEntry, { gameId: b.id, action: 'ruling.claim' }));
    expect(audit.details).toMatchObject({
      upheld: true,
      earlyOverride: true,
      reason: '55 de zile folosite',
      answerBy: '2027-04-02',
      answered: false,
    });
  });

  it('takes the answer by the form and by the API, writes it on the case, and mails the claimant and the arbiter', async () => {
    const before = (await mails('claim-answered')).length;
    const page = await accused.get(`/games/${a.id}`);
    const sent = await accused
      .post(`/games/${a.id}/claim/answer`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), idempotencyKey: 'k1', text: 'Am fost internat; trimit certificatul.' });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/games/${a.id}?done=claim-answer`);
    // The same form sent twice acts once.
    await accused
      .post(`/games/${a.id}/claim/answer`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), idempotencyKey: 'k1', text: 'Am fost internat; trimit certificatul.' });
    // The second answer a minute later: the mails are read back by when they were written.
    clock.advance({ minutes: 1 });
    const api = await post(`/api/games/${a.id}/claims/answer`, user(a, 'blue'), { text: 'Certificatul este atașat.' });
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({ answerBy: '2027-04-02', answers: 2 });
    expect((await claimCase(a)).payload.answers).toEqual([
      expect.objectContaining({ color: 'blue', text: 'Am fost internat; trimit certificatul.', source: 'web' }),
      expect.objectContaining({ color: 'blue', text: 'Certificatul este atașat.', source: 'api' }),
    ]);
    const told = (await mails('claim-answered')).slice(before);
    expect(told).toHaveLength(4);
    expect(told.filter((m) => m.playerId === a.redPlayerId)).toHaveLength(2);
    expect(told.filter((m) => m.playerId === null && m.toAddress === ch.arbiter.email)).toHaveLength(2);
    expect(told[0].payload).toMatchObject({
      accused: ch.names.get(a.bluePlayerId),
      claimant: ch.names.get(a.redPlayerId),
      text: 'Am fost internat; trimit certificatul.',
    });
    expect(await t.database.run((m) => m.countBy(AuditEntry, { gameId: a.id, action: 'claim.answered' }))).toBe(2);
    const shown = await claimant.get(`/games/${a.id}`);
    expect(shown.text).toContain('Certificatul este atașat.');
    // The claimant has nothing to answer; a stranger sees no game.
    const own = await post(`/api/games/${a.id}/claims/answer`, user(a, 'red'), { text: 'nu' });
    expect({ status: own.status, code: own.body.error?.code }).toEqual({ status: 409, code: 'NO_CLAIM' });
    const home = await stranger.get('/');
    expect(
      (
        await stranger
          .post(`/games/${a.id}/claim/answer`)
          .type('form')
          .send({ _csrf: csrfOf(home.text), text: 'x' })
      ).status,
    ).toBe(404);
  });

  it("builds the answer's mails from its event: the claimant's in the game's thread, the arbiter's to them by name, in their language", async () => {
    const told = (await mails('claim-answered')).filter((m) => m.payload.text === 'Certificatul este atașat.');
    expect(told.map((m) => Boolean(m.eventId))).toEqual([true, true]);
    const composer = t.app.get(OutboxComposer);
    for (const row of told) {
      const content = await t.database.run(() => composer.content(row));
      const text = content.text.replace(/\s+/g, ' ');
      const greets = (name: string) => ['Bună ziua, ', 'Hello ', 'Dzień dobry, '].some((hello) => text.includes(`${hello}${name}`));
      expect(text).toContain('Certificatul este atașat.');
      expect(text).toContain(ch.names.get(a.bluePlayerId)!);
      if (row.playerId === null) {
        // The arbiter's copy: outside the game's thread, greeting them by their name, naming the claimant.
        expect(row.gameId).toBeNull();
        expect(text).toMatch(/(Bună ziua, |Hello |Dzień dobry, )Arbitrul \d+[!,]/);
        expect(text).toContain(ch.names.get(a.redPlayerId)!);
      } else {
        expect(row.playerId).toBe(a.redPlayerId);
        expect(greets(ch.names.get(a.redPlayerId)!)).toBe(true);
        const [message] = await t.database.run(() => composer.compose(row, clock.now()));
        expect(message.subject).toContain(ch.names.get(a.redPlayerId)!);
      }
    }
  });

  it('documents the answer route in OpenAPI', async () => {
    const doc = await request(http).get('/api/docs-json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/games/{id}/claims/answer']?.post).toBeDefined();
  });

  it('shows a declared holiday to the partner and the arbiter; players open their own sheet and PDF during play; a stranger gets 404', async () => {
    const declared = await post(`/api/games/${a.id}/holidays`, user(a, 'red'), { from: '2027-04-10', to: '2027-04-19' });
    expect(declared.status).toBe(200);
    const partner = await accused.get(`/games/${a.id}`);
    expect(partner.text).toContain('data-testid="holidays"');
    expect(partner.text).toContain('10.04.2027</time> – <time datetime="2027-04-19">19.04.2027</time> (10 zile)');
    const judge = await arbiter.get(`/arbiter/games/${a.id}`);
    expect(judge.text).toContain('data-testid="holidays"');
    expect(judge.text).toContain('19.04.2027');
    expect(partner.text).toContain(`href="/games/${a.id}/sheet"`);
    const sheet = await accused.get(`/games/${a.id}/sheet`);
    expect(sheet.status).toBe(200);
    expect(sheet.text).toContain('data-testid="sheet"');
    expect(sheet.text).toContain(ch.names.get(a.redPlayerId)!);
    const pdf = await claimant
      .get(`/games/${a.id}/sheet.pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await stranger.get(`/games/${a.id}/sheet`)).status).toBe(404);
    expect((await stranger.get(`/games/${a.id}/sheet.pdf`)).status).toBe(404);
  });

  it('refuses an answer after the 5th day with a clear message; the arbiter sees that no answer came in 5 days', async () => {
    clock.set('2027-04-03T09:00:00Z');
    const late = await post(`/api/games/${a.id}/claims/answer`, user(a, 'blue'), { text: 'prea târziu' });
    expect({ status: late.status, code: late.body.error?.code }).toEqual({ status: 409, code: 'CLAIM_ANSWER_LATE' });
    expect(late.body.error.messages.ro).toContain('02.04.2027');
    const page = await accused.get(`/games/${a.id}`);
    const web = await accused
      .post(`/games/${a.id}/claim/answer`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), text: 'prea târziu' });
    expect(web.status).toBe(422);
    expect(web.text).toContain('Termenul de răspuns la reclamația de timp s-a încheiat pe 02.04.2027');
    expect((await claimCase(a)).payload.answers).toHaveLength(2);
    // C: never answered: the arbiter's view of the case says so, and the claim may now be upheld.
    const judge = await arbiter.get(`/arbiter/games/${c.id}`);
    expect(judge.text).toContain('data-testid="claim-lapsed"');
    expect(judge.text).toContain('a trecut fără niciun răspuns');
    const ruled = await post(`/api/games/${c.id}/rulings`, ch.arbiter, { kind: 'claim', upheld: true, reason: 'fără răspuns în 5 zile' });
    expect(ruled.status).toBe(200);
    expect(ruled.body).toMatchObject({ status: 'ended' });
  });

  it("closes the game's open silence case with a reason when the game ends", async () => {
    const opened = await t.database.transaction(() =>
      t.app
        .get(CasesService)
        .open({ competitionId: ch.competitionId, gameId: e.id, kind: 'silence', payload: { silent: 'blue', silentDays: 30 } }),
    );
    const ended = await post(`/api/games/${e.id}/abandon`, user(e, 'blue'));
    expect(ended.status).toBe(200);
    const closed = await t.database.run((m) => m.findOneByOrFail(Case, { id: opened.id }));
    expect(closed.status).toBe('closed');
    expect(closed.payload.closedReason).toEqual({
      ro: 'Partida s-a încheiat: tăcerea nu mai cere nicio decizie.',
      en: 'The game ended: the silence needs no decision any more.',
      pl: 'Partia się zakończyła: milczenie nie wymaga już żadnej decyzji.',
    });
    const audit = await t.database.run((m) => m.findOneByOrFail(AuditEntry, { gameId: e.id, action: 'case.closed' }));
    expect(audit.details).toMatchObject({
      caseId: opened.id,
      kind: 'silence',
      reason: 'The game ended: the silence needs no decision any more.',
      endReason: 'abandon',
    });
  });
});
