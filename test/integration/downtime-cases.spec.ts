// One platform outage is one case — recorded once whatever
// restarts and beats follow, naming its dates and every game whose clocks ran with the days
// to credit per player — and the arbiter grants or refuses it from the panel, with a reason,
// audited; the case closes then. Each competition gets its own case, as the arbiter rules per
// competition, keyed by the outage's start and the competition.
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { Penalty } from '../../src/arbiter/penalty.entity';
import { ManualClock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { DOWNTIME_CASE, HeartbeatService } from '../../src/thinking-time/heartbeat.service';
import { PlatformOutage } from '../../src/thinking-time/platform-outage.entity';
import { UptimeSpan } from '../../src/thinking-time/uptime-span.entity';
import { createUser, setUpCompetition, type TestUser } from '../support/competitions';
import type { LocalDate } from '../../src/common/calendar';
import { instantAt, SWEEP_TZ } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

describe(`one case per platform outage, decided from the panel (${TEST_DB})`, () => {
  let t: TestApp;
  let heartbeat: HeartbeatService;
  let ana: TestUser;
  let bogdan: TestUser;
  const clock = new ManualClock('2027-01-20T10:00:00Z');
  const at = (day: LocalDate, time = '00:05') => clock.set(instantAt(day, time, SWEEP_TZ));
  const competitions: string[] = [];
  /** In the order of the competitions: Ana's two, then Bogdan's. */
  const cases = async () => {
    const found = await t.database.run((m) => m.find(Case, { where: { kind: DOWNTIME_CASE } }));
    return found.sort((a, b) => competitions.indexOf(a.competitionId) - competitions.indexOf(b.competitionId));
  };
  const agents = new Map<string, Agent>();
  /** One login per arbiter (login links are limited per address). */
  const web = async (user: TestUser) => {
    if (!agents.has(user.email)) agents.set(user.email, await loginAgent(t, user.email));
    return agents.get(user.email)!;
  };
  const post = async (agent: Agent, path: string, form: Record<string, string>) => {
    const page = await agent.get('/arbiter');
    return agent
      .post(path)
      .type('form')
      .send({ ...form, _csrf: csrfOf(page.text) });
  };

  beforeAll(async () => {
    t = await startTestApp({ clock });
    heartbeat = t.app.get(HeartbeatService);
    ana = await createUser(t.app, { email: 'ana.arbitru@example.org', roles: ['arbiter'], name: 'Ana Arbitru' });
    bogdan = await createUser(t.app, { email: 'bogdan.arbitru@example.org', roles: ['arbiter'], name: 'Bogdan Arbitru' });
    const settings = { startDate: '2027-02-01', closingDate: '2027-06-30', timeZone: SWEEP_TZ };
    for (const [arbiter, shortName, domain] of [
      [ana, 'CN 2027', 'cn.example.org'],
      [ana, 'Cupa 2027', 'cupa.example.org'],
      [bogdan, 'Liga 2027', 'liga.example.org'],
    ] as const) {
      competitions.push(
        (
          await setUpCompetition(t.app, arbiter.actor, {
            players: 2,
            start: true,
            domain,
            settings: { ...settings, name: `${shortName} prin corespondență`, shortName },
          })
        ).id,
      );
    }
  });

  afterAll(async () => {
    await t.close();
  });

  it('one outage over three competitions: one case for each competition, naming its dates and its games with the days per player', async () => {
    at('2027-02-05');
    expect(await heartbeat.beat()).toBeNull();
    // Down from 05.02 00:05 to 15.02 00:05: the platform could not receive moves 06–14.02.
    at('2027-02-15');
    const outage = await heartbeat.beat();
    expect(outage?.caseIds).toHaveLength(3);
    const found = await cases();
    expect(found.map((c) => c.competitionId)).toEqual(competitions);
    const games = await t.database.run((m) => m.find(Game, { relations: { redPlayer: true, bluePlayer: true } }));
    const gameOf = (competitionId: string) => games.find((g) => g.competitionId === competitionId)!;
    // RED owes the first move since the start: 9 days down, all counted as RED's.
    found.forEach((c, i) => {
      expect(c.payload).toMatchObject({ days: { from: '2027-02-06', to: '2027-02-14' } });
      const game = gameOf(competitions[i]);
      expect(c.payload.games).toEqual([
        {
          gameId: game.id,
          competitionId: competitions[i],
          competition: ['CN 2027', 'Cupa 2027', 'Liga 2027'][i],
          red: game.redPlayer!.name,
          blue: game.bluePlayer!.name,
          from: '2027-02-06',
          to: '2027-02-14',
          days: { red: 9, blue: 0 },
        },
      ]);
      expect((c.payload.credits as { competitionId: string }[]).every((credit) => credit.competitionId === competitions[i])).toBe(true);
    });
  });

  it('the same silence seen again (a second instance, a restart replaying the beat) opens nothing: the outage is keyed by its start', async () => {
    // The beat after the restart lost (its span gone), the next beat sees the very same gap.
    await t.database.run((m) => m.delete(UptimeSpan, { fromAt: instantAt('2027-02-15', '00:05', SWEEP_TZ) }));
    const again = await heartbeat.beat();
    expect(again?.caseIds).toEqual([]);
    expect(await cases()).toHaveLength(3);
    expect(await t.database.run((m) => m.count(PlatformOutage))).toBe(1);
    // Even with the outage's record lost, its cases are keyed by its start and the competition.
    await t.database.run((m) => m.createQueryBuilder().delete().from(PlatformOutage).execute());
    await t.database.run((m) => m.delete(UptimeSpan, { fromAt: instantAt('2027-02-15', '00:05', SWEEP_TZ) }));
    expect((await heartbeat.beat())?.caseIds).toEqual([]);
    expect(await cases()).toHaveLength(3);
    // And a restart minutes later is no outage at all.
    at('2027-02-15', '00:12');
    expect(await heartbeat.beat()).toBeNull();
    expect(await cases()).toHaveLength(3);
  });

  it("the arbiter's dashboard shows the dates, every game and a grant-or-refuse form; another arbiter sees only their own", async () => {
    const anaWeb = await web(ana);
    const page = await anaWeb.get('/arbiter');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Zile de creditat după întreruperea platformei 06.02.2027 – 14.02.2027: 1 partidă');
    const [mine, cupa] = await cases();
    for (const c of [mine, cupa]) {
      for (const g of c.payload.games as { red: string; blue: string }[]) expect(page.text).toContain(`${g.red} – ${g.blue}`);
      expect(page.text).toContain(`action="/arbiter/cases/${c.id}/downtime-credit"`);
    }
    expect(page.text).toContain('Creditează zilele (9 în total)');
    expect(page.text).not.toContain('Creditează zilele (18 în total)');
    const bogdanWeb = await web(bogdan);
    const other = await bogdanWeb.get('/arbiter');
    expect(other.text).toContain('1 partidă');
    for (const g of [mine, cupa].flatMap((c) => c.payload.games as { gameId: string; competition: string }[])) {
      expect(other.text).not.toContain(g.gameId);
      expect(other.text).not.toContain(g.competition);
    }
  });

  it('refused without a choice or a reason, and 404 to another arbiter: nothing changes', async () => {
    const [mine] = await cases();
    const anaWeb = await web(ana);
    expect((await post(anaWeb, `/arbiter/cases/${mine.id}/downtime-credit`, { reason: 'x', confirm: 'yes' })).status).toBe(422);
    expect(
      (await post(anaWeb, `/arbiter/cases/${mine.id}/downtime-credit`, { decision: 'grant', reason: ' ', confirm: 'yes' })).status,
    ).toBe(422);
    expect(
      (await post(anaWeb, `/arbiter/cases/${mine.id}/downtime-credit`, { decision: 'grant', reason: 'platforma a căzut' })).status,
    ).toBe(422);
    const bogdanWeb = await web(bogdan);
    expect(
      (await post(bogdanWeb, `/arbiter/cases/${mine.id}/downtime-credit`, { decision: 'grant', reason: 'not mine', confirm: 'yes' }))
        .status,
    ).toBe(404);
    expect(
      (await post(bogdanWeb, '/arbiter/cases/not-a-case/downtime-credit', { decision: 'grant', reason: 'x', confirm: 'yes' })).status,
    ).toBe(404);
    expect((await cases()).every((c) => c.status === 'open')).toBe(true);
    expect(await t.database.run((m) => m.count(Penalty))).toBe(0);
  });

  it('granted: each game gets the days credited through the thinking-days ruling, audited with the reason, and the case closes', async () => {
    const [mine] = await cases();
    const anaWeb = await web(ana);
    const res = await post(anaWeb, `/arbiter/cases/${mine.id}/downtime-credit`, {
      decision: 'grant',
      reason: 'platforma a fost oprită 06–14.02',
      confirm: 'yes',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/arbiter?done=downtime');
    const penalties = await t.database.run((m) => m.find(Penalty, { order: { competitionId: 'ASC' } }));
    expect(penalties.map((p) => [p.competitionId, p.kind, p.amount, p.effectiveOn])).toEqual([
      [competitions[0], 'thinking-days', -9, '2027-02-06'],
    ]);
    expect((await cases()).map((c) => c.status)).toEqual(['closed', 'open', 'open']);
    const audit = await t.database.run((m) => m.find(AuditEntry, { where: { action: 'downtime-credit.confirmed' } }));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ competitionId: competitions[0] });
    expect(audit[0].details).toMatchObject({ caseId: mine.id, reason: 'platforma a fost oprită 06–14.02', games: 1 });
    // Decided once: a second post is refused and credits nothing more.
    const again = await post(anaWeb, `/arbiter/cases/${mine.id}/downtime-credit`, { decision: 'grant', reason: 'again', confirm: 'yes' });
    expect(again.status).toBe(422);
    expect(again.text).toContain('Cazul a fost deja soluționat.');
    expect(await t.database.run((m) => m.count(Penalty))).toBe(1);
  });

  it('refused: nothing credited, the refusal audited with its reason, the case closed', async () => {
    const [, , theirs] = await cases();
    const bogdanWeb = await web(bogdan);
    const res = await post(bogdanWeb, `/arbiter/cases/${theirs.id}/downtime-credit`, {
      decision: 'refuse',
      reason: 'jucătorii au trimis prin poștă',
      confirm: 'yes',
    });
    expect(res.status).toBe(303);
    expect(await t.database.run((m) => m.count(Penalty, { where: { competitionId: competitions[2] } }))).toBe(0);
    expect((await cases())[2]).toMatchObject({ status: 'closed' });
    const audit = await t.database.run((m) => m.find(AuditEntry, { where: { action: 'downtime-credit.dismissed' } }));
    expect(audit.map((a) => a.details)).toEqual([
      expect.objectContaining({ caseId: theirs.id, reason: 'jucătorii au trimis prin poștă', games: 0 }),
    ]);
  });
});
