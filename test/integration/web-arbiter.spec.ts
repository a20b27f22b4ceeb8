// The arbiter's panel and the public pages over HTTP (docs/web.md, Arbiter's panel), on both databases:
// who may open the panel, a competition set up through its forms, every ruling form
// refused without a reason (nothing written), rulings and appeals audited, the standings
// CSV, the PDF sheet with its embedded font, public pages that never show a game in
// progress, and personal data: the download, and anonymisation refused while play goes on.
import { rulingKindText } from '../../src/web/arbiter/audit-texts';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { CasesService } from '../../src/arbiter/cases.service';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { SYSTEM_ACTOR } from '../../src/auth/core/actor';
import { ManualClock } from '../../src/common/clock';
import { ResultsService } from '../../src/coefficients/results.service';
import { Competition } from '../../src/competitions/competition.entity';
import { Player } from '../../src/players/player.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { Registration } from '../../src/competitions/registration.entity';
import { AccountJoin } from '../../src/auth/account-join.entity';
import { Game } from '../../src/games/entities/game.entity';
import { OffersService } from '../../src/games/actions/offers.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { RULING_FORMS } from '../../src/web/arbiter/ruling-form';
import { createUser, playersCsv } from '../support/competitions';
import { playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { csrfOf, loginAgent, type Agent } from '../support/web';
import { TEST_DB } from '../support/test-database';

/** A form post with the page's CSRF token (read from a panel page the agent may open). */
async function post(agent: Agent, tokenPage: string, path: string, form: Record<string, string>) {
  const page = await agent.get(tokenPage);
  return agent
    .post(path)
    .type('form')
    .send({ ...form, _csrf: csrfOf(page.text) });
}

describe(`arbiter panel and public pages (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  let ch: Championship;
  let game: Game;
  let arbiter: Agent;
  let otherArbiter: Agent;
  let admin: Agent;
  let player: Agent;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const count = <T extends object>(entity: new () => T, where: object) => t.database.run((m) => m.count(entity, { where }));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    app = t.app;
    ch = await startChampionship(app, { players: 4 });
    game = ch.games[0];
    await createUser(app, { email: 'alt.arbitru@example.org', roles: ['arbiter'], name: 'Alt arbitru' });
    await createUser(app, { email: 'admin@example.org', roles: ['admin'], name: 'Admin' });
    arbiter = await loginAgent(t, ch.arbiter.email);
    otherArbiter = await loginAgent(t, 'alt.arbitru@example.org');
    admin = await loginAgent(t, 'admin@example.org');
    player = await loginAgent(t, 'player1@example.org');
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses the panel to a visitor (login) and to a player (403)', async () => {
    const visitor = await request(app.getHttpServer()).get('/arbiter');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toMatch(/^\/login\?next=/);
    expect((await player.get('/arbiter')).status).toBe(403);
    expect((await player.get(`/arbiter/competitions/${ch.competitionId}`)).status).toBe(403);
  });

  it('hides a competition from another arbiter: its pages and forms are 404, and nothing is written', async () => {
    for (const path of [
      `/arbiter/competitions/${ch.competitionId}`,
      `/arbiter/games/${game.id}`,
      `/arbiter/competitions/${ch.competitionId}/standings.csv`,
      `/arbiter/games/${game.id}/sheet.pdf`,
    ]) {
      expect([path, (await otherArbiter.get(path)).status]).toEqual([path, 404]);
    }
    const res = await post(otherArbiter, '/arbiter', `/arbiter/games/${game.id}/rulings`, {
      kind: 'warning',
      player: 'red',
      reason: 'not mine',
    });
    expect(res.status).toBe(404);
    expect(await count(Ruling, { gameId: game.id })).toBe(0);
    const dashboard = await otherArbiter.get('/arbiter');
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).not.toContain(ch.competitionId);
  });

  it('shows the arbiter the dashboard with the counts of open cases and their competition', async () => {
    const res = await arbiter.get('/arbiter');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`/arbiter/competitions/${ch.competitionId}`);
    expect(res.text).toMatch(/data-category="disputes"/);
    expect(res.text).toMatch(/data-category="homologation"/);
  });

  it('sets a competition up through the forms: lexicon, create, import CSV, groups, start, with the hash shown', async () => {
    const uploaded = await post(arbiter, '/arbiter/lexicons', '/arbiter/lexicons', { name: 'test-ro', words: 'CASA\nMASĂ\n' });
    expect(uploaded.status).toBe(303);
    const again = await post(arbiter, '/arbiter/lexicons', '/arbiter/lexicons', { name: 'test-ro', words: 'ALTA\n' });
    expect(again.status).toBe(422);
    expect(again.text).toContain('există deja');

    const created = await post(arbiter, '/arbiter/competitions/new', '/arbiter/competitions', {
      name: 'Cupa Ștefan cel Mare',
      shortName: 'CȘM 2027',
      startDate: '2027-02-10',
      closingDate: '2027-11-30',
      lexicon: 'test-ro',
      handicap: 'on',
      autoHomologate: 'on',
    });
    expect(created.status).toBe(303);
    const id = /competitions\/([0-9a-f-]{36})/.exec(created.headers.location)![1];
    const page = () => arbiter.get(`/arbiter/competitions/${id}`);
    const hash = await t.database.run(
      async (m) => (await m.query(`SELECT sha256 FROM sequence WHERE competition_id = $1`, [id]))[0].sha256 as string,
    );
    expect((await page()).text).toContain(hash);

    const badCsv = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/players`, {
      csv: 'name,email\nIon,not-an-address\n',
    });
    expect(badCsv.status).toBe(422);
    expect(badCsv.text).toContain('not-an-address');
    const imported = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/players`, {
      csv: playersCsv(4, { domain: 'cupa.example.org', prefix: 'Jucător' }),
    });
    expect(imported.status).toBe(303);

    // One player added by the form, by the import's rules: bad fields refused with the reason, nothing added.
    const registered = () => count(Registration, { competitionId: id });
    const noAddress = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/player`, {
      name: 'Fără Adresă',
      email: '',
      language: 'ro',
    });
    expect(noAddress.status).toBe(422);
    expect(noAddress.text).toContain('Jucătorul nu a fost adăugat: adresa de e-mail lipsește.');
    expect(noAddress.text).toContain('value="Fără Adresă"');
    const badRank = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/player`, {
      name: 'Ion',
      email: 'ion@cupa.example.org',
      previousRank: 'primul',
    });
    expect(badRank.status).toBe(422);
    expect(await registered()).toBe(4);
    // The admin's address logs an account in: the player gets their own account, the owner is asked to join it.
    const added = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/player`, {
      name: 'Ana Nouă',
      email: 'ana.noua@cupa.example.org admin@example.org',
      club: 'CS Iași',
      language: 'en',
      previousCoefficient: '1,25',
      previousRank: '7',
    });
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe(`/arbiter/competitions/${id}?done=player-added`);
    expect(await registered()).toBe(5);
    const ana = await t.database.run((m) => m.findOneByOrFail(Player, { name: 'Ana Nouă' }));
    expect(ana).toMatchObject({ club: 'CS Iași', language: 'en', previousCoefficient: 12500, previousRank: 7 });
    const addresses = await t.database.run((m) => m.findBy(PlayerEmail, { playerId: ana.id }));
    expect(addresses.map((a) => [a.address, a.verified]).sort()).toEqual([
      ['admin@example.org', false],
      ['ana.noua@cupa.example.org', true],
    ]);
    expect(await count(AccountJoin, { playerId: ana.id })).toBe(1);
    expect(await count(AuditEntry, { competitionId: id, action: 'competition.player_added' })).toBe(1);
    // Removed only behind the confirmation box; then off the list, audited, the person still known.
    const removeForm = (await page()).text;
    expect(removeForm).toContain(`action="/arbiter/competitions/${id}/players/${ana.id}/remove"`);
    const unticked = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/players/${ana.id}/remove`, {});
    expect(unticked.status).toBe(422);
    expect(unticked.text).toContain('Bifați căsuța de confirmare: scoaterea jucătorului din listă nu mai poate fi anulată.');
    expect(await registered()).toBe(5);
    const removed = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/players/${ana.id}/remove`, {
      confirm: 'yes',
    });
    expect(removed.status).toBe(303);
    expect(await registered()).toBe(4);
    expect(await count(Player, { id: ana.id })).toBe(1);
    const removal = await t.database.run((m) => m.findOneByOrFail(AuditEntry, { competitionId: id, action: 'competition.player_removed' }));
    expect(removal.details).toMatchObject({ playerId: ana.id, name: 'Ana Nouă' });
    const audit = await arbiter.get(`/arbiter/competitions/${id}/audit`);
    expect(audit.text).toContain('Ana Nouă a fost adăugat în listă.');
    expect(audit.text).toContain('Ana Nouă a fost scos din listă.');
    // Over the API as well: one player in, the same player out.
    const api = request(app.getHttpServer());
    const viaApi = await api
      .post(`/api/competitions/${id}/players/single`)
      .set('Authorization', ch.arbiter.bearer)
      .send({ name: 'Radu Api', email: 'radu.api@cupa.example.org' });
    expect(viaApi.status).toBe(201);
    expect(viaApi.body).toMatchObject({ name: 'Radu Api', language: 'ro' });
    expect(
      (await api.delete(`/api/competitions/${id}/players/${viaApi.body.playerId}`).set('Authorization', ch.arbiter.bearer)).status,
    ).toBe(204);
    expect(
      (await api.delete(`/api/competitions/${id}/players/${viaApi.body.playerId}`).set('Authorization', ch.arbiter.bearer)).status,
    ).toBe(404);
    expect(await registered()).toBe(4);

    expect(
      await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/groups`, { count: '1', distribution: 'blocks' }),
    ).toMatchObject({ status: 303 });
    // Starting cannot be undone: without the ticked box it is refused and nothing starts.
    const unconfirmed = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/start`, {});
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('Bifați căsuța de confirmare');
    expect(await count(Game, { competitionId: id })).toBe(0);
    expect((await page()).text).toContain('name="confirm" value="yes" required id="start-confirm"');
    expect(await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/start`, { confirm: 'yes' })).toMatchObject({
      status: 303,
    });
    const started = await page();
    expect(started.text).toContain('data-testid="status" data-status="started"');
    expect(started.text).toContain(hash);
    expect(await count(Game, { competitionId: id })).toBe(6);
    expect(await count(AuditEntry, { competitionId: id, action: 'competition.started' })).toBe(1);
    // Once started, the list no longer changes: the form is gone and the POST refused.
    expect(started.text).not.toContain('data-testid="remove-player"');
    const someone = (await t.database.run((m) => m.findOneByOrFail(Registration, { competitionId: id }))).playerId;
    const late = await post(arbiter, `/arbiter/competitions/${id}`, `/arbiter/competitions/${id}/players/${someone}/remove`, {
      confirm: 'yes',
    });
    expect(late.status).toBe(422);
    expect(await count(Registration, { competitionId: id })).toBe(4);

    const known = await arbiter.get(`/arbiter/competitions/${id}?word=casa`);
    expect(known.text).toMatch(/data-testid="word-check">[\s\S]*este în lista test-ro/);
    const unknown = await arbiter.get(`/arbiter/competitions/${id}?word=zzz`);
    expect(unknown.text).toMatch(/NU este în lista test-ro/);
  });

  it('refuses every ruling form without a reason, re-rendering it (422) and writing nothing', async () => {
    const filled = {
      player: 'red',
      valid: 'yes',
      upheld: 'no',
      points: '5',
      number: '1',
      days: '3',
      direction: 'grant',
      amount: '0,5',
      confirm: 'yes',
    };
    for (const kind of RULING_FORMS) {
      const res = await post(arbiter, `/arbiter/games/${game.id}`, `/arbiter/games/${game.id}/rulings`, { ...filled, kind, reason: '  ' });
      expect([kind, res.status]).toEqual([kind, 422]);
      expect(res.text).toContain('Decizia arbitrului trebuie motivată.');
    }
    expect(await count(Ruling, { competitionId: ch.competitionId })).toBe(0);
    expect(await count(AuditEntry, { gameId: game.id, action: 'ruling.warning' })).toBe(0);
  });

  it('records a ruling with its reason in the rulings and the audit log, and shows the rules’ refusal on the form', async () => {
    const warned = await post(arbiter, `/arbiter/games/${game.id}`, `/arbiter/games/${game.id}/rulings`, {
      kind: 'warning',
      player: 'blue',
      reason: 'limbaj nepotrivit',
      confirm: 'yes',
    });
    expect(warned.status).toBe(303);
    const granted = await post(arbiter, `/arbiter/games/${game.id}`, `/arbiter/games/${game.id}/rulings`, {
      kind: 'thinking-days',
      player: 'red',
      direction: 'grant',
      days: '2',
      reason: 'serverul a fost oprit',
      confirm: 'yes',
    });
    expect(granted.status).toBe(303);
    const rulings = await t.database.run((m) => m.find(Ruling, { where: { gameId: game.id }, order: { createdAt: 'ASC' } }));
    expect(rulings.map((r) => [r.kind, r.reason])).toEqual([
      ['warning', 'limbaj nepotrivit'],
      ['thinking-days', 'serverul a fost oprit'],
    ]);
    expect(await count(AuditEntry, { gameId: game.id, action: 'ruling.warning' })).toBe(1);
    // No dispute to rule on: the ruling's precondition refuses it (the page did not offer it), in Romanian, on the page.
    const word = await post(arbiter, `/arbiter/games/${game.id}`, `/arbiter/games/${game.id}/rulings`, {
      kind: 'word',
      valid: 'yes',
      reason: 'DEX',
      confirm: 'yes',
    });
    expect(word.status).toBe(422);
    expect(word.text).toContain('data-testid="error"');
    expect(word.text).toContain('Această decizie nu se poate da acum: nicio contestație nu așteaptă decizia arbitrului.');
    const audit = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/audit`);
    expect(audit.text).toContain('limbaj nepotrivit');
  });

  it('names who did each thing and when, and filters the log by player, kind and days (GET parameters)', async () => {
    // BLUE declares a holiday: the line names them, the dates, and when (the competition's zone).
    const blue = game.bluePlayerId;
    await t.app.get(GameTimeService).declareHoliday(playerOf(ch, game, 'blue'), game.id, { from: '2027-02-10', to: '2027-02-14' });
    const base = `/arbiter/competitions/${ch.competitionId}/audit`;
    const whole = await arbiter.get(base).expect(200);
    const blueName = ch.names.get(blue)!;
    const row = (html: string, text: string) => html.split('<tr>').find((r) => r.includes(text)) ?? '';
    const holiday = row(whole.text, 'și-a declarat concediul');
    expect(holiday).toContain(`${blueName} și-a declarat concediul 10.02.2027 – 14.02.2027.`);
    expect(holiday).toContain(`<td>${blueName} (jucător)</td>`);
    expect(holiday).toMatch(/<time datetime="[^"]+">01\.02\.2027 \d{2}:\d{2}<\/time>/);
    expect(row(whole.text, 'Decizia arbitrului: avertisment')).toContain('(arbitru)</td>');

    const byKind = await arbiter.get(`${base}?kind=time`).expect(200);
    expect(byKind.text).toContain('și-a declarat concediul');
    expect(byKind.text).not.toContain('Decizia arbitrului: avertisment');
    const rulingsOnly = await arbiter.get(`${base}?kind=rulings`).expect(200);
    expect(rulingsOnly.text).toContain('Decizia arbitrului: avertisment');
    expect(rulingsOnly.text).not.toContain('și-a declarat concediul');
    const other = ch.games.map((g) => g.redPlayerId).find((id) => id !== blue && id !== game.redPlayerId)!;
    const byPlayer = await arbiter.get(`${base}?player=${blue}`).expect(200);
    expect(byPlayer.text).toContain('și-a declarat concediul');
    expect((await arbiter.get(`${base}?player=${other}`).expect(200)).text).not.toContain('și-a declarat concediul');
    const before = await arbiter.get(`${base}?from=2027-01-01&to=2027-01-31`).expect(200);
    expect(before.text).not.toContain('și-a declarat concediul');
    expect(before.text).toContain('Nimic de arătat.');
    expect((await arbiter.get(`${base}?from=2027-02-01&to=2027-02-01`).expect(200)).text).toContain('și-a declarat concediul');

    // Bad parameters: said why, the whole log shown, never a 500.
    const badDay = await arbiter.get(`${base}?from=01.02.2027`);
    expect(badDay.status).toBe(400);
    expect(badDay.text).toContain('Zilele se dau ca AAAA-LL-ZZ.');
    expect((await arbiter.get(`${base}?player=not-a-player`)).status).toBe(400);
    expect((await arbiter.get(`${base}?kind=nope&to=2027-01-01&from=2027-02-01`)).status).toBe(400);
    expect((await arbiter.get(`${base}?from=2027-02-02&to=2027-02-01`)).text).toContain('Intervalul se termină înainte să înceapă.');
  });

  it('records an appeal to the commission as a case, and its outcome', async () => {
    const ruling = await t.database.run((m) => m.findOneByOrFail(Ruling, { gameId: game.id, kind: 'warning' }));
    // The ruling to appeal is named in words, at the competition's local time, not by its code or a UTC instant.
    const page = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/appeals`).expect(200);
    const option = new RegExp(`<option value="${ruling.id}">([^<]*)</option>`).exec(page.text)?.[1] ?? '';
    expect(option).toContain(rulingKindText('warning', 'ro'));
    expect(option).toContain('limbaj nepotrivit');
    expect(option).not.toMatch(/· warning ·|\d{4}-\d{2}-\d{2}T/);
    const noFee = await post(
      arbiter,
      `/arbiter/competitions/${ch.competitionId}/appeals`,
      `/arbiter/competitions/${ch.competitionId}/appeals`,
      {
        rulingId: ruling.id,
        decision: 'avertisment',
        appellant: 'Player 2',
        comment: '',
        feeReceipt: '',
      },
    );
    expect(noFee.status).toBe(422);
    const lodged = await post(
      arbiter,
      `/arbiter/competitions/${ch.competitionId}/appeals`,
      `/arbiter/competitions/${ch.competitionId}/appeals`,
      {
        rulingId: ruling.id,
        decision: 'avertisment pentru limbaj',
        appellant: 'Player 2',
        comment: 'nu am jignit pe nimeni',
        feeReceipt: 'chitanța 123 din 2027-02-01',
      },
    );
    expect(lodged.status).toBe(303);
    const appeal = await t.database.run((m) => m.findOneByOrFail(Case, { competitionId: ch.competitionId, kind: 'commission-appeal' }));
    expect(appeal).toMatchObject({
      status: 'open',
      gameId: game.id,
      payload: { feeReceipt: 'chitanța 123 din 2027-02-01', rulingId: ruling.id },
    });
    expect((await arbiter.get('/arbiter')).text).toMatch(/data-category="appeals"><a [^>]*>[^<]*<\/a> <strong>1<\/strong>/);
    // The commission's decision asks once (docs/web.md "Confirmations"): without the ticked box, refused and the case open.
    const appealsPage = `/arbiter/competitions/${ch.competitionId}/appeals`;
    expect((await arbiter.get(appealsPage)).text).toContain('name="confirm" value="yes" required');
    const form = { competitionId: ch.competitionId, outcome: 'rejected', comment: 'avertismentul rămâne' };
    const unconfirmed = await post(arbiter, appealsPage, `/arbiter/appeals/${appeal.id}/decide`, form);
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toMatch(
      /Bifați căsuța de confirmare: decizia comisiei de apel|Tick the confirmation box: the appeals commission/,
    );
    expect((await t.database.run((m) => m.findOneByOrFail(Case, { id: appeal.id }))).status).toBe('open');
    const decided = await post(arbiter, appealsPage, `/arbiter/appeals/${appeal.id}/decide`, { ...form, confirm: 'yes' });
    expect(decided.status).toBe(303);
    const closed = await t.database.run((m) => m.findOneByOrFail(Case, { id: appeal.id }));
    expect(closed).toMatchObject({ status: 'closed', payload: { outcome: 'rejected', outcomeComment: 'avertismentul rămâne' } });
    expect(await count(AuditEntry, { competitionId: ch.competitionId, action: 'commission-appeal.decided' })).toBe(1);
  });

  it('settles a silence with an outcome ruling, and closes by hand only cases no decision settles', async () => {
    const silent = ch.games[1];
    const cases = app.get(CasesService);
    const [silence, dispute] = await t.database.transaction(async () => [
      await cases.open({
        competitionId: ch.competitionId,
        gameId: silent.id,
        kind: 'silence',
        payload: { silent: 'blue', silentDays: 30, since: '2027-01-01' },
      }),
      await cases.open({
        competitionId: ch.competitionId,
        gameId: silent.id,
        kind: 'mail-bounce',
        payload: { address: 'x@example.org' },
      }),
    ]);
    const dashboard = await arbiter.get('/arbiter');
    expect(dashboard.text).toMatch(/data-category="silences"><a [^>]*>[^<]*<\/a> <strong>1<\/strong>/);
    // The row names the silent player, with the colour.
    expect(dashboard.text).toContain(`${ch.names.get(silent.bluePlayerId)} (albastru) nu a răspuns de 30 de zile`);

    const noShow = await post(arbiter, `/arbiter/games/${silent.id}`, `/arbiter/games/${silent.id}/rulings`, {
      kind: 'outcome',
      outcome: 'no-show',
      player: 'blue',
      reason: 'nu a răspuns la nicio scrisoare',
      confirm: 'yes',
    });
    expect(noShow.status).toBe(303);
    expect(await t.database.run((m) => m.findOneByOrFail(Game, { id: silent.id }))).toMatchObject({
      status: 'ended',
      outcome: { type: 'no-show', by: 'blue' },
    });
    expect(await t.database.run((m) => m.findOneByOrFail(Case, { id: silence.id }))).toMatchObject({ status: 'closed' });

    // The bounce is closed by hand, with a reason; a result case is not (homologation settles it).
    expect((await post(arbiter, '/arbiter', `/arbiter/cases/${dispute.id}/close`, { reason: '' })).status).toBe(422);
    // Closing cannot be undone: without the ticked box it is refused, the case stays open.
    const unconfirmed = await post(arbiter, '/arbiter', `/arbiter/cases/${dispute.id}/close`, {
      reason: 'adresa nouă primită prin telefon',
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('Bifați căsuța de confirmare: închiderea cazului nu mai poate fi anulată.');
    expect(await t.database.run((m) => m.findOneByOrFail(Case, { id: dispute.id }))).toMatchObject({ status: 'open' });
    expect(
      (
        await post(arbiter, '/arbiter', `/arbiter/cases/${dispute.id}/close`, {
          reason: 'adresa nouă primită prin telefon',
          confirm: 'yes',
        })
      ).status,
    ).toBe(303);
    expect(await t.database.run((m) => m.findOneByOrFail(Case, { id: dispute.id }))).toMatchObject({ status: 'closed' });
    const result = await t.database.run((m) => m.findOneByOrFail(Case, { gameId: silent.id, kind: 'result', status: 'open' }));
    const refused = await post(arbiter, '/arbiter', `/arbiter/cases/${result.id}/close`, { reason: 'x' });
    expect(refused.status).toBe(422);
    expect(await count(AuditEntry, { gameId: silent.id, action: 'case.closed' })).toBe(1);
    expect((await post(otherArbiter, '/arbiter', `/arbiter/cases/${result.id}/close`, { reason: 'x' })).status).toBe(404);
  });

  it('serves the sheet as HTML and as a PDF embedding DejaVu', async () => {
    const html = await arbiter.get(`/arbiter/games/${game.id}/sheet`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('data-testid="sheet"');
    const pdf = await arbiter
      .get(`/arbiter/games/${game.id}/sheet.pdf`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans(-Bold)?\b/);
  });

  it('never shows a game in progress on the public pages; a finished one’s sheet is public', async () => {
    const visitor = request(app.getHttpServer());
    const list = await visitor.get('/public');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`/public/competitions/${ch.competitionId}`);
    const page = await visitor.get(`/public/competitions/${ch.competitionId}`);
    expect(page.status).toBe(200);
    const hash = await t.database.run(
      async (m) => (await m.query(`SELECT sha256 FROM sequence WHERE competition_id = $1`, [ch.competitionId]))[0].sha256 as string,
    );
    expect(page.text).toContain(hash);
    expect(page.text).toContain('sha256sum');
    expect(page.text).toContain('Cum se verifică');
    const english = await visitor.get(`/public/competitions/${ch.competitionId}`).set('Cookie', 'cs_lang=en');
    expect(english.text).toContain('How to verify');
    expect(page.text).not.toContain(`/public/games/${game.id}/sheet`);
    expect((await visitor.get(`/public/games/${game.id}/sheet`)).status).toBe(404);
    expect((await visitor.get(`/public/games/${game.id}/sheet.pdf`)).status).toBe(404);
    expect((await visitor.get('/public/games/not-a-uuid/sheet')).status).toBe(404);

    await app.get(OffersService).abandon(playerOf(ch, game, 'red'), game.id);
    const after = await visitor.get(`/public/competitions/${ch.competitionId}`);
    expect(after.text).toContain(`/public/games/${game.id}/sheet`);
    const sheet = await visitor.get(`/public/games/${game.id}/sheet`);
    expect(sheet.status).toBe(200);
    expect(sheet.text).toContain(ch.names.get(game.redPlayerId)!);
    const inProgress = await t.database.run((m) => m.findOneByOrFail(Game, { competitionId: ch.competitionId, status: 'playing' }));
    expect((await visitor.get(`/public/games/${inProgress.id}/sheet`)).status).toBe(404);
  });

  it('homologates from the panel, and the standings (page and CSV) count the result', async () => {
    const page = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/homologation`);
    expect(page.text).toContain(`/arbiter/games/${game.id}/homologate`);
    const done = await post(arbiter, `/arbiter/competitions/${ch.competitionId}/homologation`, `/arbiter/games/${game.id}/homologate`, {
      reason: 'abandon confirmat',
      override: 'yes',
      confirm: 'yes',
    });
    expect(done.status).toBe(303);
    const csv = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/standings.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines.length).toBe(5);
    expect(csv.text).toContain(ch.names.get(game.bluePlayerId)!);
    const standings = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/standings`);
    expect(standings.text).toContain('data-testid="standings"');
  });

  it('gives a player everything held about them, as JSON', async () => {
    const res = await player.get('/me/data');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const data = JSON.parse(res.text) as Record<string, unknown>;
    expect(data.player).toMatchObject({ name: 'Player 1' });
    expect(data.playerEmails).toEqual([expect.objectContaining({ address: 'player1@example.org' })]);
    expect((data.games as unknown[]).length).toBe(3);
    expect((data.mailSentToYou as unknown[]).length).toBeGreaterThan(0);
    expect((await request(app.getHttpServer()).get('/me/data')).status).toBe(303);
  });

  it('lets only an admin anonymise, and only once the player’s competitions have ended', async () => {
    const playerId = game.redPlayerId;
    const path = `/arbiter/players/${playerId}/anonymise`;
    expect((await post(arbiter, '/arbiter', path, { competitionId: ch.competitionId })).status).toBe(403);
    const running = await post(admin, '/arbiter', path, { competitionId: ch.competitionId, confirm: 'yes' });
    expect(running.status).toBe(422);
    expect(running.text).toContain('nu s-a încheiat');
    expect(await t.database.run((m) => m.findOneByOrFail(Player, { id: playerId }))).toMatchObject({ name: ch.names.get(playerId) });

    // Every game ends and is homologated: the competition is over for everyone.
    const offersService = app.get(OffersService);
    const results = app.get(ResultsService);
    for (const g of await t.database.run((m) => m.find(Game, { where: { competitionId: ch.competitionId, status: 'playing' } }))) {
      await offersService.abandon(playerOf(ch, g, 'blue'), g.id);
    }
    for (const g of await t.database.run((m) => m.find(Game, { where: { competitionId: ch.competitionId } }))) {
      const result = await t.database.run((m) => m.query(`SELECT status FROM result WHERE game_id = $1`, [g.id]));
      if (result[0]?.status !== 'homologated') await results.homologate(SYSTEM_ACTOR, g.id, 'end of the competition', true);
    }
    // Anonymising cannot be undone: without the ticked box it is refused, the name kept.
    const unconfirmed = await post(admin, '/arbiter', path, { competitionId: ch.competitionId });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('anonimizarea jucătorului');
    expect(await t.database.run((m) => m.findOneByOrFail(Player, { id: playerId }))).toMatchObject({ name: ch.names.get(playerId) });
    const done = await post(admin, '/arbiter', path, { competitionId: ch.competitionId, confirm: 'yes' });
    expect(done.status).toBe(303);
    const anonymised = await t.database.run((m) => m.findOneByOrFail(Player, { id: playerId }));
    expect(anonymised.name).toMatch(/^Jucător anonim /);
    expect(anonymised.club).toBeNull();
    expect(await count(PlayerEmail, { playerId })).toBe(0);
    expect(await count(AuditEntry, { action: 'player.anonymised' })).toBe(1);
    // The standings keep the games, under the new name.
    const csv = await admin.get(`/arbiter/competitions/${ch.competitionId}/standings.csv`);
    expect(csv.text).toContain(anonymised.name);
    expect(csv.text).not.toContain(ch.names.get(playerId)!);
    await t.database.run((m) => m.findOneByOrFail(Competition, { id: ch.competitionId }));
  });
});
