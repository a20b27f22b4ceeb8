// docs/mail-rules.md 20 on both databases: the arbiter is mailed every case the dashboard shows —
// in the daily digest by default, at once when they choose it (web and API) — and an overdue
// case once more, never again, however often the sweep runs or restarts. And the players'
// digest (docs/mail-rules.md 17) carries each event whole, as the sender renders it.
import request from 'supertest';
import type { App } from 'supertest/types';
import { Case } from '../../src/arbiter/case.entity';
import { caseNoticeMessageId } from '../../src/arbiter/core/case-notices';
import { UserRepository } from '../../src/auth/user.repository';
import { ManualClock } from '../../src/common/clock';
import type { Game } from '../../src/games/entities/game.entity';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { domainOf } from '../../src/notifications/mail-addresses';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { Player } from '../../src/players/player.entity';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { ArbiterPanelService } from '../../src/web/arbiter/arbiter-panel.service';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { hangAfter } from '../support/hang';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

describe(`the arbiter is told of every case, once and in time (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let games: readonly Game[];
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const sweep = () => t.app.get(SweepService).runOnce();
  const rows = () => t.database.run((m) => m.find(OutboundMail, { order: { createdAt: 'ASC', id: 'ASC' } }));
  const arbiterRows = async () => (await rows()).filter((r) => r.template === 'arbiter-cases');
  const openCases = () => t.database.run((m) => m.find(Case, { where: { status: 'open' } }));
  const domain = () => domainOf(t.settings.mailReplyAddress);
  const textOf = async (row: OutboundMail) => {
    const [message] = await t.database.run(() => t.app.get(OutboxComposer).compose(row, clock.now()));
    return { ...message, text: String(message.text).replace(/\s+/g, ' ') };
  };
  const claim = (game: Game) =>
    request(http)
      .post(`/api/games/${game.id}/claims`)
      .set('Authorization', userOf(ch, game, 'red').bearer)
      .send({});

  /**
   * The dashboard's cases, derived as the arbiter's page derives them: each one's notice is in the
   * outbox to the arbiter's address — sent or waiting on its own, or folded into a digest that exists.
   */
  async function everyDashboardCaseTold(): Promise<string[]> {
    const dashboard = await t.app.get(ArbiterPanelService).dashboard(ch.arbiter.actor);
    const all = await rows();
    const byMessageId = new Map(all.map((r) => [r.messageId, r]));
    const untold: string[] = [];
    for (const c of dashboard.groups.flatMap((g) => g.cases)) {
      const notices = (['opened', 'overdue'] as const).map((n) => byMessageId.get(caseNoticeMessageId(domain(), c.id, n))).filter(Boolean);
      const told = notices.some(
        (r) =>
          r!.toAddress === ch.arbiter.email && (r!.status !== 'digested' || all.some((d) => d.id === r!.digestId && d.status !== 'failed')),
      );
      if (!told) untold.push(`${c.kind} ${c.id}`);
    }
    expect(dashboard.total).toBeGreaterThan(0);
    return untold;
  }

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'arbiter-mail.example.org' });
    games = ch.games;
    for (const game of games) {
      const res = await request(http)
        .post(`/api/games/${game.id}/moves`)
        .set('Authorization', userOf(ch, game, 'red').bearer)
        .send({ move: placementFor(ch, [], 7) });
      expect(res.status).toBe(200);
    }
    // RED of the first game reads their mail in the daily digest (docs/mail-rules.md 17).
    await t.database.run((m) => m.update(Player, { id: games[0].redPlayerId }, { mailDigest: true }));
  }, hangAfter(240_000));

  afterAll(async () => {
    await t.close();
  });

  it('by default: one digest at the digest hour lists every new case; a case opened later waits for the next day', async () => {
    // 55 days of BLUE's silence (docs/rules.md §5): 30-day silence cases, past the 50 days. 12:00 in Bucharest.
    clock.set('2027-03-28T09:00:00Z');
    await sweep();
    const silences = await openCases();
    expect(silences.length).toBe(games.length);
    const digests = (await arbiterRows()).filter((r) => r.status !== 'digested');
    expect(digests).toHaveLength(1);
    const digest = await textOf(digests[0]);
    expect(digest.to).toBe(ch.arbiter.email);
    expect(digest.subject).toBe(`Cazurile arbitrului, 28.03.2027: ${games.length} cazuri noi`);
    for (const c of silences) expect(digest.text).toContain(`/arbiter/games/${c.gameId}#case-${c.id}`);
    expect(digest.text).toContain('Regulamentul nu dă un termen.');
    expect(digest.text).not.toMatch(/Scrieți mutarea deasupra/);
    // The digest folds each case's notice, a fact of its competition; the digest itself gathers them, as a player's does.
    const folded = (await arbiterRows()).filter((r) => r.status === 'digested');
    expect(folded.map((r) => [r.digestId, r.eventId === null])).toEqual(silences.map(() => [digests[0].id, false]));
    expect(digests[0].eventId).toBeNull();
    expect(await everyDashboardCaseTold()).toEqual([]);

    // A claim after today's digest: nothing more today, in the next day's digest at 07:00.
    expect((await claim(games[0])).status).toBe(200);
    await sweep();
    expect((await arbiterRows()).filter((r) => r.status !== 'digested')).toHaveLength(1);
    clock.set('2027-03-29T04:00:00Z'); // 07:00 in Bucharest (summer time since 28 March)
    await sweep();
    await sweep();
    const next = (await arbiterRows()).filter((r) => r.status !== 'digested');
    expect(next).toHaveLength(2);
    const text = await textOf(next[1]);
    expect(text.subject).toBe('Cazurile arbitrului, 29.03.2027: 1 caz nou');
    expect(text.text).toContain('Reclamație de timp de la');
    expect(text.text).toContain('De hotărât până la 02.04.2027.');
    expect(await everyDashboardCaseTold()).toEqual([]);
  });

  it('at once when the arbiter chooses it (the API; a player may not), in their language', async () => {
    const player = userOf(ch, games[1], 'red');
    expect(
      (await request(http).put('/api/arbiter/settings').set('Authorization', player.bearer).send({ caseMail: 'at-once' })).status,
    ).toBe(403);
    const bad = await request(http).put('/api/arbiter/settings').set('Authorization', ch.arbiter.bearer).send({ caseMail: 'hourly' });
    expect(bad.status).toBe(400);
    const set = await request(http).put('/api/arbiter/settings').set('Authorization', ch.arbiter.bearer).send({ caseMail: 'at-once' });
    expect(set.body).toEqual({ caseMail: 'at-once' });
    expect((await request(http).get('/api/arbiter/settings').set('Authorization', ch.arbiter.bearer)).body).toEqual({
      caseMail: 'at-once',
    });
    await t.database.run((m) => m.query(`UPDATE "app_user" SET "language" = 'en' WHERE "id" = $1`, [ch.arbiter.id]));

    const before = new Set((await arbiterRows()).map((r) => r.id));
    expect((await claim(games[1])).status).toBe(200);
    await sweep();
    const added = (await arbiterRows()).filter((r) => !before.has(r.id));
    expect(added).toHaveLength(1);
    const opened = (await openCases()).find((c) => c.kind === 'claim' && c.gameId === games[1].id)!;
    expect(added[0].messageId).toBe(caseNoticeMessageId(domain(), opened.id, 'opened'));
    expect(added[0]).toMatchObject({ status: 'pending', digestId: null, toAddress: ch.arbiter.email, gameId: null });
    const mail = await textOf(added[0]);
    expect(mail.subject).toMatch(/^\[.+\] New case to decide$/);
    expect(mail.text).toContain('a new case waits for your decision');
    expect(mail.text).toContain('Time claim by');
    expect(mail.text).toContain('To decide by 3 Apr 2027.');
    expect(mail.text).not.toMatch(/write your move above/i);
    // A fact of the case's competition (mail/core/competition-facts.ts `case-noticed`), greeted by the arbiter's name when it goes out:
    // the same mail as the row written before events with the model, that name included, as its payload.
    const composer = t.app.get(OutboxComposer);
    const name = (await t.database.run(() => t.app.get(UserRepository).find(ch.arbiter.id)))!.displayName;
    expect(added[0].eventId).not.toBeNull();
    expect(await t.database.run(() => composer.eventModel(added[0]))).toMatchObject({
      name,
      cases: [{ caseId: opened.id, notice: 'opened' }],
    });
    const legacy = { ...added[0], eventId: null, payload: { name, ...added[0].payload } };
    expect(await t.database.run(() => composer.content(legacy))).toEqual(await t.database.run(() => composer.content(added[0])));
    await t.app.get(OutboxSender).deliverDue();
    expect((await t.database.run((m) => m.findOneByOrFail(OutboundMail, { id: added[0].id }))).status).toBe('sent');
    expect(await everyDashboardCaseTold()).toEqual([]);
  });

  it('an overdue case is mailed once more, never again: not on the next run, not after a restart, not months later', async () => {
    clock.set('2027-04-03T09:00:00Z'); // the first claim was due by 2 April, the second by 3 April
    await sweep();
    const overdue = () => arbiterRows().then((all) => all.filter((r) => r.messageId.startsWith('<case-overdue.')));
    expect(await overdue()).toHaveLength(1);
    const mail = await textOf((await overdue())[0]);
    expect(mail.subject).toMatch(/\] Overdue case$/);
    expect(mail.text).toContain('Overdue: it was due by 2 Apr 2027 (1 day ago).');
    clock.set('2027-04-04T09:00:00Z');
    await sweep();
    expect(await overdue()).toHaveLength(2);

    const count = (await arbiterRows()).length;
    await sweep();
    // Another instance, as after a restart: it finds every notice written.
    const second = await startSecondInstance(t);
    try {
      await second.app.get(SweepService).runOnce();
      clock.set('2027-11-26T09:00:00Z'); // 243 days past the deadline
      await Promise.all([sweep(), second.app.get(SweepService).runOnce()]);
    } finally {
      await second.app.close();
      await second.opened?.close();
    }
    const claims = (await openCases()).filter((c) => c.kind === 'claim');
    const after = (await arbiterRows()).slice(count);
    // Months later only new cases (the closing date's) are told; the claims' mails stay two each.
    expect(after.filter((r) => claims.some((c) => r.messageId.includes(c.id)))).toEqual([]);
    for (const c of claims) expect((await arbiterRows()).filter((r) => r.messageId.includes(c.id))).toHaveLength(2);
    expect(await everyDashboardCaseTold()).toEqual([]);
  });

  it('the arbiter chooses on /settings too; a player sees no such choice and cannot set it', async () => {
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const page = await arbiter.get('/settings');
    expect(page.text).toContain('name="caseMail" value="at-once" checked');
    const saved = await arbiter
      .post('/settings')
      .type('form')
      .send({ _csrf: csrfOf(page.text), caseMail: 'digest' });
    expect(saved.status).toBe(303);
    expect((await arbiter.get('/settings')).text).toContain('name="caseMail" value="digest" checked');
    const player = await loginAgent(t, userOf(ch, games[1], 'red').email);
    const theirs = await player.get('/settings');
    expect(theirs.text).not.toContain('name="caseMail"');
    await player
      .post('/settings')
      .type('form')
      .send({ _csrf: csrfOf(theirs.text), caseMail: 'at-once' });
    const stored = await t.database.run((m) =>
      m.query(`SELECT "case_mail" FROM "app_user" WHERE "id" = $1`, [userOf(ch, games[1], 'red').id]),
    );
    expect(stored).toEqual([{ case_mail: 'digest' }]);
  });

  it("the player's digest carries each event whole, its instructions included, and says no game awaits when none does", async () => {
    await t.app.get(OutboxSender).deliverDue();
    const red = games[0].redPlayerId;
    const digests = (await rows()).filter((r) => r.template === 'daily-digest' && r.playerId === red);
    expect(digests.length).toBeGreaterThan(0);
    const first = await textOf(digests[0]);
    // The subject says whether a game awaits their move (BLUE is to move in RED's games).
    const held = digests[0].payload as { games: unknown[] };
    expect(first.subject).toMatch(
      held.games.length === 0 ? /nicio partidă nu vă așteaptă mutarea|no game awaits your move/ : /vă așteaptă mutarea|awaits? your move/,
    );
    expect(first.subject).not.toMatch(/Partidele care vă așteaptă|Games awaiting your move/);
    // The time-exceeded event whole: how to claim, to its last sentence.
    expect(first.text).toMatch(/RECLAM TIMP|CLAIM TIME/);
    expect(first.text).toMatch(/Dacă nu reclamați, nu se schimbă nimic\.|If you do not claim, nothing changes\./);
  });
});
