// Homologation and the players' 5 days (docs/rules.md §7), on both databases,
// through the JSON API and the web: homologating inside the window is refused without both
// confirmations, or the arbiter's explicit override with a reason (audited); an objection is
// shown on the homologation page and decided with a reason, never closed silently; the
// players' confirm/object form stays on the game page until they answer, then shows the answer.
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { ManualClock } from '../../src/common/clock';
import { Result } from '../../src/games/entities/result.entity';
import { ResultsService } from '../../src/coefficients/results.service';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { OffersService } from '../../src/games/actions/offers.service';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { Notifications } from '../../src/notifications/notifications.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import type { TestUser } from '../support/competitions';
import { playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

describe(`homologation and the players' 5 days (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let next = 0;
  // 1 February 2027, 10:00 in Bucharest: a game ended today may be answered until 06.02.2027.
  const clock = new ManualClock('2027-02-01T08:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 6, domain: 'homolog.example.org' });
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const expectError = (res: request.Response, status: number, code: string) => {
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  };
  const resultOf = (game: Game) => t.database.run((m) => m.findOneByOrFail(Result, { gameId: game.id }));
  const audits = (game: Game, action: string) =>
    t.database.run((m) => m.find(AuditEntry, { where: { gameId: game.id, action }, order: { at: 'ASC' } }));
  const openCases = (game: Game) =>
    t.database.run(async (m) => (await m.find(Case, { where: { gameId: game.id, status: 'open' } })).map((c) => c.kind).sort());
  /** A game of the championship ended today by RED's abandonment: a result the arbiter homologates. */
  async function endedGame(): Promise<Game> {
    const game = ch.games[next++];
    await t.app.get(OffersService).abandon(playerOf(ch, game, 'red'), game.id);
    expect((await resultOf(game)).status).toBe('proposed');
    return game;
  }
  async function webPost(agent: Agent, tokenPage: string, path: string, form: Record<string, string>) {
    const page = await agent.get(tokenPage);
    return agent
      .post(path)
      .type('form')
      .send({ ...form, _csrf: csrfOf(page.text) });
  }

  describe('through the API', () => {
    it('refuses homologation on the day the game ended, without both confirmations or an override', async () => {
      const game = await endedGame();
      const refused = await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { reason: 'looks right' });
      expectError(refused, 409, 'CONFIRMATION_WINDOW_OPEN');
      expect(refused.body.error.messages.ro).toContain('06.02.2027');
      expect(refused.body.error.messages.en).toContain('2027-02-06');
      // One confirmation is not enough either.
      expect((await post(`/api/games/${game.id}/result/confirm`, user(game, 'red'))).status).toBe(200);
      expectError(await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, {}), 409, 'CONFIRMATION_WINDOW_OPEN');
      expect((await resultOf(game)).status).toBe('proposed');
      expect(await audits(game, 'result.homologated')).toEqual([]);
      // Both confirmations: the arbiter may homologate at once.
      expect((await post(`/api/games/${game.id}/result/confirm`, user(game, 'blue'))).status).toBe(200);
      const done = await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, {});
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: 'homologated', confirmed: { red: true, blue: true } });
      expect((await audits(game, 'result.homologated'))[0].details).toMatchObject({ basis: 'both-confirmed', override: false });
    });

    it('mails the homologation to both players from its event; a row written before events is still built the same', async () => {
      const game = ch.games[0];
      const rows = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id, template: 'result-homologated' } }));
      expect(rows.map((r) => r.playerId).sort()).toEqual([game.redPlayerId, game.bluePlayerId].sort());
      const composer = t.app.get(OutboxComposer);
      for (const row of rows) {
        expect(row.eventId).not.toBeNull();
        const content = await t.database.run(() => composer.content(row));
        expect(content.text).toMatch(/Rezultatul partidei a fost omologat\.|The game's result was homologated\.|zatwierdzony/);
        // The same mail as a template-named row with its old payload (the game, the turn, the result): no event.
        const { color: _color, ...payload } = row.payload;
        const [legacy] = await t.database.run(() =>
          t.app
            .get(Notifications)
            .add([{ to: { id: row.playerId, language: row.language }, template: row.template, gameId: game.id, payload }]),
        );
        expect(legacy.eventId ?? null).toBeNull();
        expect(await t.database.run(() => composer.content(legacy))).toEqual(content);
      }
    });

    it('homologates early on an explicit override with a reason, and audits it', async () => {
      const game = await endedGame();
      expectError(await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { override: true }), 400, 'OVERRIDE_REASON_REQUIRED');
      expectError(
        await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { override: true, reason: '   ' }),
        400,
        'OVERRIDE_REASON_REQUIRED',
      );
      expect((await resultOf(game)).status).toBe('proposed');
      const done = await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, {
        override: true,
        reason: 'Both players confirmed by phone.',
      });
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('homologated');
      const [entry] = await audits(game, 'result.homologated');
      expect(entry.details).toMatchObject({
        basis: 'override',
        override: true,
        reason: 'Both players confirmed by phone.',
        windowEndsOn: '2027-02-06',
        confirmed: { red: false, blue: false },
      });
      expect(entry.actorUserId).toBe(ch.arbiter.id);
      expect(await openCases(game)).toEqual([]);
    });

    it('refuses homologation while an objection is open, even overridden or after the window; the objection is decided with a reason', async () => {
      const game = await endedGame();
      expect((await post(`/api/games/${game.id}/result/confirm`, user(game, 'red'))).status).toBe(200);
      expect(
        (await post(`/api/games/${game.id}/result/objections`, user(game, 'blue'), { text: 'Ultima mutare lipsește din fișă.' })).status,
      ).toBe(200);
      expect(await openCases(game)).toEqual(['objection', 'result']);
      expectError(
        await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { override: true, reason: 'hurry' }),
        409,
        'OBJECTION_OPEN',
      );
      clock.advance({ days: 7 });
      expectError(await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, {}), 409, 'OBJECTION_OPEN');
      expect(await t.app.get(ResultsService).settleResultsDue('2027-02-08')).toBe(0);

      // A decision needs a verdict and a reason; only the arbiter decides.
      const decide = (who: TestUser, body: object, index = 0) =>
        post(`/api/games/${game.id}/result/objections/${index}/decision`, who, body);
      expectError(await decide(ch.arbiter, { verdict: 'rejected' }), 400, 'BAD_INPUT');
      expectError(await decide(ch.arbiter, { verdict: 'maybe', reason: 'x' }), 400, 'BAD_INPUT');
      expectError(await decide(ch.arbiter, { verdict: 'rejected', reason: 'x' }, 3), 404, 'NOT_FOUND');
      expect((await decide(user(game, 'blue'), { verdict: 'upheld', reason: 'mine' })).status).toBe(403);
      expect(await openCases(game)).toEqual(['objection', 'result']);

      const decided = await decide(ch.arbiter, { verdict: 'rejected', reason: 'Mutarea este în fișă, la turul 1.' });
      expect(decided.status).toBe(200);
      expect(decided.body.objections[0]).toMatchObject({
        color: 'blue',
        text: 'Ultima mutare lipsește din fișă.',
        decision: { verdict: 'rejected', reason: 'Mutarea este în fișă, la turul 1.' },
      });
      expectError(await decide(ch.arbiter, { verdict: 'upheld', reason: 'again' }), 409, 'OBJECTION_DECIDED');
      expect(await openCases(game)).toEqual(['result']);
      const [entry] = await audits(game, 'result.objection-decided');
      expect(entry.details).toMatchObject({ color: 'blue', verdict: 'rejected', reason: 'Mutarea este în fișă, la turul 1.' });

      // Decided, and the window over: homologated, and every case of the game closed.
      const done = await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { reason: 'after the objection' });
      expect(done.status).toBe(200);
      expect(await openCases(game)).toEqual([]);
      expect((await audits(game, 'result.homologated'))[0].details).toMatchObject({
        basis: 'window-closed',
        objections: [{ color: 'blue', verdict: 'rejected' }],
      });
    });
  });

  describe('on the web', () => {
    let game: Game;
    let arbiter: Agent;
    let red: Agent;
    let blue: Agent;
    const homologationPath = () => `/arbiter/competitions/${ch.competitionId}/homologation`;

    beforeAll(async () => {
      clock.set('2027-02-10T08:00:00Z');
      game = await endedGame();
      arbiter = await loginAgent(t, ch.arbiter.email);
      red = await loginAgent(t, user(game, 'red').email);
      blue = await loginAgent(t, user(game, 'blue').email);
      // The pages below are read in Romanian, whichever language the pairing's players chose.
      for (const agent of [red, blue]) {
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
    });

    it("keeps the players' confirm/object form on the game page until each has answered, then shows the answer", async () => {
      for (const agent of [red, blue]) {
        const page = await agent.get(`/games/${game.id}`);
        expect(page.status).toBe(200);
        expect(page.text).toContain(`/games/${game.id}/result/confirm`);
        expect(page.text).toContain(`/games/${game.id}/result/objection`);
      }
      expect((await webPost(red, `/games/${game.id}`, `/games/${game.id}/result/confirm`, {})).status).toBe(303);
      expect(
        (
          await webPost(blue, `/games/${game.id}`, `/games/${game.id}/result/objection`, {
            text: 'Scorul final al lui ALBASTRU este greșit.',
            confirm: 'yes',
          })
        ).status,
      ).toBe(303);

      const redPage = (await red.get(`/games/${game.id}`)).text;
      expect(redPage).not.toContain(`/games/${game.id}/result/confirm`);
      expect(redPage).toContain('Ați confirmat fișa finală pe');
      const bluePage = (await blue.get(`/games/${game.id}`)).text;
      expect(bluePage).not.toContain(`/games/${game.id}/result/objection`);
      expect(bluePage).toContain('Scorul final al lui ALBASTRU este greșit.');
      expect(bluePage).toContain('Arbitrul nu a decis încă asupra obiecției.');
    });

    it("shows each player's answer, the objection and the window's end on the homologation page, and refuses to homologate", async () => {
      const page = await arbiter.get(homologationPath());
      expect(page.status).toBe(200);
      const row = page.text.slice(page.text.indexOf(`id="homologation-${game.id}"`));
      expect(row).toContain('până la 15.02.2027 inclusiv');
      expect(row).toMatch(new RegExp(`${ch.names.get(game.redPlayerId)}</strong> \\(ROȘU\\):\\s+a confirmat fișa pe 10\\.02\\.2027`));
      expect(row).toContain(`${ch.names.get(game.bluePlayerId)}</strong> (ALBASTRU):`);
      expect(row).toContain('a obiectat');
      expect(row).toContain('Scorul final al lui ALBASTRU este greșit.');
      expect(row).toContain(`/arbiter/games/${game.id}/objections/0/decide`);
      expect(row).toContain('Rezultatul se poate omologa după ce decideți obiecția.');

      const refused = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/homologate`, {
        override: 'yes',
        reason: 'grabă',
        confirm: 'yes',
      });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('decideți obiecția');
      expect((await resultOf(game)).status).toBe('proposed');
    });

    it('decides the objection with a reason; the players see the decision; then early homologation needs the override', async () => {
      const noReason = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/objections/0/decide`, {
        verdict: 'upheld',
        reason: '',
        confirm: 'yes',
      });
      expect(noReason.status).toBe(422);
      expect(noReason.text).toContain('Decizia asupra obiecției cere un motiv.');
      // The decision asks once (docs/web.md "Confirmations"): without the ticked box, refused and nothing decided.
      expect((await arbiter.get(homologationPath())).text).toContain('name="confirm" value="yes" required');
      const unconfirmed = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/objections/0/decide`, {
        verdict: 'upheld',
        reason: 'Scorul se corectează cu 5 puncte.',
      });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.text).toContain('Bifați căsuța de confirmare: decizia privind obiecția nu mai poate fi anulată.');
      expect(await openCases(game)).toContain('objection');
      const decided = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/objections/0/decide`, {
        verdict: 'upheld',
        reason: 'Scorul se corectează cu 5 puncte.',
        confirm: 'yes',
      });
      expect(decided.status).toBe(303);
      expect(await openCases(game)).toEqual(['result']);
      expect(decided.headers.location).toBe(`${homologationPath()}?done=objection`);
      const page = await arbiter.get(decided.headers.location);
      expect(page.text).toContain('Decizia asupra obiecției a fost înregistrată.');
      expect(page.text).toContain('Admisă pe 10.02.2027. Motivul: Scorul se corectează cu 5 puncte.');
      expect(page.text).toContain('name="override"');
      expect((await blue.get(`/games/${game.id}`)).text).toContain(
        'Arbitrul a admis obiecția pe 10.02.2027. Motivul: Scorul se corectează cu 5 puncte.',
      );

      // The window is still open and BLUE did not confirm: without the override, refused.
      const refused = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/homologate`, { reason: 'ok', confirm: 'yes' });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain('15.02.2027 inclusiv');
      const done = await webPost(arbiter, homologationPath(), `/arbiter/games/${game.id}/homologate`, {
        override: 'yes',
        reason: 'Corectura făcută, ambii de acord.',
        confirm: 'yes',
      });
      expect(done.status).toBe(303);
      expect((await resultOf(game)).status).toBe('homologated');
      expect((await audits(game, 'result.homologated'))[0].details).toMatchObject({
        override: true,
        reason: 'Corectura făcută, ambii de acord.',
      });
      // Homologated: the form is gone, the answer stays.
      const bluePage = (await blue.get(`/games/${game.id}`)).text;
      expect(bluePage).not.toContain(`/games/${game.id}/result/objection`);
      expect(bluePage).toContain('Scorul final al lui ALBASTRU este greșit.');
    });
  });
});
