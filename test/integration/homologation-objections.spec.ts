// Objections to the final sheet (docs/rules.md §7): a player confirms or objects within the
// 5 days after the game's end, counted in the competition's time zone, and neither after —
// refused with its own code and the window's last day, by the API and the web, nothing
// changed, and the form no longer offered; and the arbiter's decision on an objection is
// mailed to both players, each in their language, with the decision and its reason, once.
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { ManualClock } from '../../src/common/clock';
import { Result } from '../../src/games/entities/result.entity';
import { Player } from '../../src/players/player.entity';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { OffersService } from '../../src/games/actions/offers.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import type { TestUser } from '../support/competitions';
import { playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

describe(`objections after the 5 days, and the decision's mail (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  /** Two games whose players speak different languages (the fixture's 4th player speaks English). */
  let late: Game;
  let decided: Game;
  let languages: Map<string, string>;
  // 1 February 2027, 10:00 in Bucharest: games ended today are answered until 06.02.2027 inclusive.
  const clock = new ManualClock('2027-02-01T08:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'objections.example.org' });
    languages = new Map((await t.database.run((m) => m.find(Player, {}))).map((p) => [p.id, p.language]));
    const mixed = ch.games.filter((g) => languages.get(g.redPlayerId) !== languages.get(g.bluePlayerId));
    expect(mixed.length).toBeGreaterThanOrEqual(2);
    [late, decided] = mixed;
    for (const game of [late, decided]) await t.app.get(OffersService).abandon(playerOf(ch, game, 'red'), game.id);
  });

  afterAll(async () => {
    await t?.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const expectError = (res: request.Response, status: number, code: string) =>
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  /** Everything an answer could change: the result, the game's cases, its audit entries and its mails. */
  const stateOf = (game: Game) =>
    t.database.run(async (m) => {
      const result = await m.findOneByOrFail(Result, { gameId: game.id });
      return {
        objections: result.objections,
        confirmed: [result.redConfirmedAt, result.blueConfirmedAt],
        status: result.status,
        cases: (await m.find(Case, { where: { gameId: game.id } })).map((c) => `${c.kind}:${c.status}`).sort(),
        audit: await m.count(AuditEntry, { where: { gameId: game.id } }),
        mails: await m.count(OutboundMail, { where: { gameId: game.id } }),
      };
    });
  const decisionMails = (game: Game) =>
    t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id, template: 'objection-decided' }, order: { playerId: 'ASC' } }));
  const decide = (game: Game, body: object) => post(`/api/games/${game.id}/result/objections/0/decision`, ch.arbiter, body);
  async function romanianAgent(who: TestUser): Promise<Agent> {
    const agent = await loginAgent(t, who.email);
    const home = await agent.get('/');
    expect(
      (
        await agent
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang: 'ro', next: '/' })
      ).status,
    ).toBe(303);
    return agent;
  }

  it("takes an objection on the window's last day, late in the evening in Bucharest", async () => {
    // 21:30 UTC is 23:30 in Bucharest: still 6 February.
    clock.set('2027-02-06T21:30:00Z');
    const text = 'Ultima mutare a lui ROȘU lipsește din fișă.';
    const taken = await post(`/api/games/${decided.id}/result/objections`, user(decided, 'blue'), { text });
    expect(taken.status).toBe(200);
    expect(taken.body.objections).toHaveLength(1);
  });

  it('refuses an objection and a confirmation after the window by the API, naming its last day, and changes nothing', async () => {
    // 22:30 UTC is 00:30 on 7 February in Bucharest: the window closed at midnight.
    clock.set('2027-02-06T22:30:00Z');
    const before = await stateOf(late);
    const objection = await post(`/api/games/${late.id}/result/objections`, user(late, 'blue'), { text: 'Scorul este greșit.' });
    expectError(objection, 409, 'CONFIRMATION_WINDOW_CLOSED');
    expect(objection.body.error.messages.ro).toContain('s-a încheiat pe 06.02.2027');
    expect(objection.body.error.messages.en).toContain('ended on 2027-02-06');
    expectError(await post(`/api/games/${late.id}/result/confirm`, user(late, 'red')), 409, 'CONFIRMATION_WINDOW_CLOSED');
    expect(await stateOf(late)).toEqual(before);
    expect(before).toMatchObject({ objections: [], confirmed: [null, null], status: 'proposed' });
    expect(before.cases).not.toContain('objection:open');
  });

  it('mails the decision on an objection to both players, each in their language, with the decision and its reason', async () => {
    expect(await decisionMails(decided)).toEqual([]);
    const reason = 'Mutarea lipsă se adaugă: scorul se corectează printr-o decizie separată.';
    const res = await decide(decided, { verdict: 'upheld', reason, idempotencyKey: 'decision-1' });
    expect(res.status).toBe(200);
    expect(res.body.objections[0].decision).toMatchObject({ verdict: 'upheld', reason });

    const rows = await decisionMails(decided);
    expect(rows.map((r) => r.language).sort()).toEqual(['en', 'ro']);
    expect(rows.map((r) => [r.playerId, r.language, r.status]).sort()).toEqual(
      [decided.redPlayerId, decided.bluePlayerId].map((id) => [id, languages.get(id), 'pending']).sort(),
    );
    const objector = ch.names.get(decided.bluePlayerId)!;
    for (const row of rows) {
      const content = await t.database.run(() => t.app.get(OutboxComposer).content(row));
      // The text part is wrapped at 78 columns: read as one line.
      const text = content.text.replace(/\s+/g, ' ');
      const mine = row.playerId === decided.bluePlayerId;
      if (row.language === 'ro') {
        expect(text).toContain('Decizia arbitrului asupra obiecției la fișa finală: obiecția a fost admisă.');
        const objected = mine ? 'Obiecția dumneavoastră, făcută' : `Obiecția făcută de ${objector} (ALBASTRU)`;
        expect(text).toContain(`${objected} pe 06.02.2027:`);
        expect(text).toContain('Motivul deciziei (07.02.2027):');
        expect(text).toMatch(/Arbitru: Arbitrul \d+/);
        expect(content.html).toContain('obiecția a fost admisă');
      } else {
        expect(text).toContain("The arbiter's decision on the objection to the final sheet: the objection was upheld.");
        expect(text).toContain(mine ? 'Your objection, made on 6 Feb 2027:' : `The objection ${objector} (BLUE) made on 6 Feb 2027:`);
        expect(text).toContain('The reason for the decision (7 Feb 2027):');
        expect(text).toMatch(/Arbiter: Arbitrul \d+/);
        expect(content.html).toContain('the objection was upheld');
      }
      expect(text).toContain('Ultima mutare a lui ROȘU lipsește din fișă.');
      expect(text).toContain(reason);
    }
  });

  it('decides and mails once: the same key answers as the first time, another decision is refused, neither mails again', async () => {
    const again = await decide(decided, { verdict: 'rejected', reason: 'a second thought', idempotencyKey: 'decision-1' });
    expect(again.status).toBe(200);
    expect(again.body.objections[0].decision.verdict).toBe('upheld');
    const other = await decide(decided, { verdict: 'rejected', reason: 'a second thought' });
    expectError(other, 409, 'OBJECTION_DECIDED');
    expect(await decisionMails(decided)).toHaveLength(2);
  });

  // Last: a player who reads the page in Romanian has Romanian as their language from then on.
  it('no longer offers the form on the web, says when the window closed, and refuses a late form the same way', async () => {
    const blue = await romanianAgent(user(late, 'blue'));
    const page = await blue.get(`/games/${late.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(`/games/${late.id}/result/objection`);
    expect(page.text).not.toContain(`/games/${late.id}/result/confirm`);
    expect(page.text).toContain('Termenul pentru confirmarea fișei finale sau pentru obiecții s-a încheiat pe 06.02.2027');

    const before = await stateOf(late);
    const form = { _csrf: csrfOf(page.text), text: 'Scorul este greșit.', confirm: 'yes' };
    const sent = await blue.post(`/games/${late.id}/result/objection`).type('form').send(form);
    expect(sent.status).toBe(422);
    expect(sent.text).toContain('s-a încheiat pe 06.02.2027');
    const confirmed = await blue
      .post(`/games/${late.id}/result/confirm`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(confirmed.status).toBe(422);
    expect(await stateOf(late)).toEqual(before);
  });

  it("names the mail in words in the arbiter's mail log", async () => {
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const home = await arbiter.get('/');
    expect(
      (
        await arbiter
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang: 'ro', next: '/' })
      ).status,
    ).toBe(303);
    const log = await arbiter.get('/arbiter/mail');
    expect(log.status).toBe(200);
    expect(log.text).toContain('Decizia asupra obiecției la fișa finală');
    expect(log.text).not.toContain('objection-decided');
  });
});
