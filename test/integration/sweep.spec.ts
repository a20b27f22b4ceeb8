import { Case } from '../../src/arbiter/case.entity';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { ResultsService } from '../../src/coefficients/results.service';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { Move } from '../../src/games/entities/move.entity';
import { renderMailContent } from '../../src/mail/outbox/mail-content';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { Notifications } from '../../src/notifications/notifications.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { addDays, compareDays, localDate, type LocalDate } from '../../src/common/calendar';
import { StateDeclarationsService } from '../../src/thinking-time/state-declarations.service';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { TimelineAction } from '../../src/thinking-time/timeline-action.entity';
import { TimeControlsService } from '../../src/thinking-time/time-controls.service';
import {
  actorIn,
  instantAt,
  randomPlay,
  startGroups,
  startSweepTest,
  SWEEP_TZ,
  sweepMails,
  type Groups,
  type SweepTest,
} from '../support/sweep';
import type { TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

const TZ = SWEEP_TZ;

/**
 * The daily sweep driven day by day through whole games (docs/sweep.md): every
 * reminder, escalation, holiday and long-thinking notice, the 51st day, the claim window,
 * the closing date and the report window's cases, each on the exact day docs/rules.md §5 and §7
 * give — with the thinking-time core's reading of "15 days": the reminder goes out on the
 * first day a reply would already cost 15 thinking days (sent + 16), the escalation when
 * it would cost 30 (sent + 31), the report-window case the day after the 5 days (closing + 6).
 * Each day's sweep runs twice: the second run never does anything.
 */
describe(`the daily sweep, day by day (${TEST_DB})`, () => {
  let t: TestApp;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let timeService: GameTimeService;
  let sweep: SweepService;
  let g: Groups;
  let play: SweepTest['play'];
  let at: SweepTest['at'];
  let clock: SweepTest['clock'];
  const dayOf = (instant: Date) => localDate(instant, TZ);

  beforeAll(async () => {
    // Six groups of two: six games, each player in one, so a holiday touches one game only.
    ({ t, sweep, g, play, at, clock } = await startSweepTest({ players: 12, groups: 6, closingDate: '2027-03-31', seed: 6 }));
    offersService = t.app.get(OffersService);
    disputesService = t.app.get(DisputesService);
    timeService = t.app.get(GameTimeService);
  });

  afterAll(async () => {
    await t.close();
  });

  it('does everything on its day, once, through six whole games', async () => {
    const [g1, g2, g3, g4, g5, g6] = g.games;
    const label = new Map(g.games.map((game, i) => [game.id, `G${i + 1}`]));
    const colorOf = (gameId: string | null, playerId: string | null) => {
      const game = g.games.find((x) => x.id === gameId);
      return game ? (game.redPlayerId === playerId ? 'red' : 'blue') : 'player';
    };

    // What players do, by day, at 10:00 unless said otherwise.
    const events = new Map<LocalDate, (() => Promise<unknown>)[]>();
    const on = (day: LocalDate, ...what: (() => Promise<unknown>)[]) => events.set(day, [...(events.get(day) ?? []), ...what]);
    // G1: RED never moves (the first-move rule), passes 50 days; BLUE claims the game on the 26th.
    on('2027-03-26', () => timeService.claimTime(actorIn(g, g1, 'blue'), g1.id));
    // G2: RED's third move is sent at 23:30 Bucharest time on 10.02: it counts on the 10th.
    on('2027-02-02', () => play(g2, 'red'));
    on('2027-02-03', () => play(g2, 'blue'));
    on('2027-02-10', async () => {
      at('2027-02-10', '23:30');
      await play(g2, 'red');
    });
    on('2027-03-15', () => play(g2, 'blue'));
    // G3: BLUE takes a 10-day holiday, 10–19.02, answers late, then abandons.
    on('2027-02-02', () => play(g3, 'red'));
    on('2027-02-03', () => timeService.declareHoliday(actorIn(g, g3, 'blue'), g3.id, { from: '2027-02-10', to: '2027-02-19' }));
    on('2027-03-01', () => play(g3, 'blue'));
    on('2027-03-05', () => offersService.abandon(actorIn(g, g3, 'blue'), g3.id));
    // G4: BLUE announces 20 days of thinking on 05.02, answers on 12.03; RED declares the state after the closing date.
    on('2027-02-02', () => play(g4, 'red'));
    on('2027-02-05', () => timeService.announceLongThinking(actorIn(g, g4, 'blue'), g4.id, { days: 20 }));
    on('2027-03-12', () => play(g4, 'blue'));
    on('2027-04-02', () =>
      t.app.get(StateDeclarationsService).declareState(actorIn(g, g4, 'red'), g4.id, { text: 'RED 212 – BLUE 187, 14 moves' }),
    );
    // G5: a lively game, a move every third day until 19.03; BLUE declares on the closing date.
    for (let k = 0; k <= 15; k++) on(addDays('2027-02-02', 3 * k), () => play(g5, k % 2 === 0 ? 'red' : 'blue'));
    on('2027-03-31', () =>
      t.app.get(StateDeclarationsService).declareState(actorIn(g, g5, 'blue'), g5.id, { text: 'unfinished, BLUE leads' }),
    );
    // G6: RED goes silent after BLUE's reply; on 20.03 at 15:00 the arbiter charges RED the 10 days of a refused mail.
    on('2027-02-02', () => play(g6, 'red'));
    on('2027-02-03', () => play(g6, 'blue'));
    on('2027-03-20', async () => {
      at('2027-03-20', '15:00');
      await t.app
        .get(TimeControlsService)
        .chargeRefusedMail(g.arbiter.actor, g6.id, { player: 'red', reason: 'mailbox full for three weeks' });
      // A sweep later that day sees a fact of the day (timeline.ts: facts dated D count on D).
      at('2027-03-20', '15:05');
      await sweep.runOnce();
    });

    for (let day: LocalDate = '2027-02-01'; compareDays(day, '2027-04-08') <= 0; day = addDays(day, 1)) {
      if (day === '2027-02-26') {
        // One minute to midnight of the 25th nothing is due yet: G2's reminder is a day of its own.
        at('2027-02-25', '23:55');
        await sweep.runOnce();
        expect((await sweepMails(t.app, TZ)).filter((m) => m.action === 'reminder:4')).toEqual([]);
      }
      at(day, '00:05');
      await sweep.runOnce();
      const again = await sweep.runOnce();
      expect(again.competitions.map((c) => c.done + c.superseded)).toEqual([0]);
      for (const event of events.get(day) ?? []) {
        at(day, '10:00');
        await event();
      }
    }

    const diary = (await sweepMails(t.app, TZ)).map(
      (m) => `${m.day} ${label.get(m.gameId ?? '') ?? '-'} ${m.template} ${colorOf(m.gameId, m.playerId)}`,
    );
    const both = (day: LocalDate, game: string, template: string) => [`${day} ${game} ${template} blue`, `${day} ${game} ${template} red`];
    const expected = [
      // The first-move rule: 15 days after the start RED is reminded (a copy to BLUE), 15 more and the arbiter is told.
      '2027-02-17 G1 reminder red',
      '2027-02-17 G1 reminder-copy blue',
      ...both('2027-03-04', 'G1', 'escalation'),
      // 51 days used on 25.03 (the days 02.02–24.03): BLUE may claim.
      '2027-03-25 G1 time-exceeded blue',
      // Sent 10.02 at 23:30 local: reminder 26.02, escalation 13.03; BLUE's answer on 15.03 starts RED's count: reminder on the closing date.
      '2027-02-26 G2 reminder blue',
      '2027-02-26 G2 reminder-copy red',
      ...both('2027-03-13', 'G2', 'escalation'),
      '2027-03-31 G2 reminder red',
      '2027-03-31 G2 reminder-copy blue',
      // BLUE's holiday: RED told on its first day and the day after its last; the silence count
      // (7 days before, 8 after) reaches 15 on 28.02.
      '2027-02-10 G3 holiday-notice red',
      '2027-02-20 G3 holiday-end red',
      '2027-02-28 G3 reminder blue',
      '2027-02-28 G3 reminder-copy red',
      // The long-thinking notice pauses the count 05.02–24.02: RED told it ended on 25.02; 2 + 13 silent days on 10.03.
      '2027-02-25 G4 long-thinking-end red',
      '2027-03-10 G4 reminder blue',
      '2027-03-10 G4 reminder-copy red',
      '2027-03-28 G4 reminder red',
      '2027-03-28 G4 reminder-copy blue',
      // RED silent from 03.02: reminded 19.02, arbiter 06.03; the charge on 20.03 takes RED from 44 to 54 days, told that afternoon.
      '2027-02-19 G6 reminder red',
      '2027-02-19 G6 reminder-copy blue',
      ...both('2027-03-06', 'G6', 'escalation'),
      '2027-03-20 G6 time-exceeded blue',
      // One month before the closing date every player learns their holiday right is gone: once each, not per game.
      ...Array.from({ length: 12 }, () => '2027-02-28 - holiday-rights-end player'),
      // The closing date in every unfinished game (G3 was abandoned), and the report window's end 6 days later.
      ...['G1', 'G2', 'G4', 'G5', 'G6'].flatMap((game) => [
        ...both('2027-03-31', game, 'closing-date'),
        ...both('2027-04-06', game, 'report-window-closed'),
      ]),
    ];
    expect([...diary].sort()).toEqual([...expected].sort());

    // The move sent at 23:30 Bucharest time is dated the 10th.
    const moves = await t.database.run((m) => m.find(Move, { where: { gameId: g2.id }, order: { number: 'ASC' } }));
    expect(moves[2].sentOn).toBe('2027-02-10');

    // Cases, on their days: the escalations with their proposals, the report window's with its rule.
    const cases = await t.database.run((m) => m.find(Case, { where: { competitionId: g.competitionId }, order: { openedAt: 'ASC' } }));
    const sweepCases = cases.filter((c) => c.kind === 'silence' || c.kind === 'closing');
    const proposed = (c: Case) => {
      const outcome = (c.payload.proposal as { outcome?: { type: string; by?: string } } | null)?.outcome;
      return outcome ? [outcome.type, outcome.by].filter(Boolean).join(' by ') : 'nothing proposed';
    };
    const view = sweepCases.map((c) => `${dayOf(c.openedAt)} ${label.get(c.gameId!)} ${c.kind}: ${proposed(c)}`);
    expect(view.sort()).toEqual([
      // docs/rules.md §7: never answering the first move is a no-show; later silence an abandonment.
      '2027-03-04 G1 silence: no-show by red',
      '2027-03-06 G6 silence: abandon by red',
      '2027-03-13 G2 silence: abandon by blue',
      // A time claim is open: the arbiter rules on it first.
      '2027-04-06 G1 closing: nothing proposed',
      // Moves and no claim: 1/1, declared (G4, G5) or not (G2, G6) — docs/rules.md, the platform's reading.
      '2027-04-06 G2 closing: unfinished',
      '2027-04-06 G4 closing: unfinished',
      '2027-04-06 G5 closing: unfinished',
      '2027-04-06 G6 closing: unfinished',
    ]);
    expect(cases.find((c) => c.kind === 'silence' && c.gameId === g1.id)!.payload.proposal).toMatchObject({
      coefficients: { red: 0, blue: 1.53 },
    });
    expect(cases.find((c) => c.kind === 'closing' && c.gameId === g4.id)!.payload).toMatchObject({
      proposal: { coefficients: { red: 1, blue: 1 } },
      declarations: [{ color: 'red', text: 'RED 212 – BLUE 187, 14 moves', declaredOn: '2027-04-02' }],
    });
    // The claim: made on 26.03, the other player answers within 5 days (docs/rules.md §5).
    expect(cases.find((c) => c.kind === 'claim')).toMatchObject({ gameId: g1.id, dueOn: '2027-03-31' });

    // The reminder is the "your move" mail again, rendered by its template, with the days used.
    const reminder = (await sweepMails(t.app, TZ)).find((m) => m.action === 'reminder:4')!;
    expect(reminder.payload).toMatchObject({
      silentDays: 15,
      moveNumber: 4,
      clocks: { blue: { used: 15 }, limit: 50 },
      deadlines: { escalation: '2027-03-13' },
    });
    // Every mail of the sweep carries its template's view model, and renders as text and HTML in the player's language.
    const all = await sweepMails(t.app, TZ);
    expect(all.length).toBe(expected.length);
    for (const m of all) {
      const mail = renderMailContent(m.template, m.language, m.payload as never);
      expect([m.template, mail.html]).toEqual([m.template, expect.stringContaining('CN 2027')]);
      expect(mail.text).not.toMatch(/^(Notificare|Notification):/);
    }
    // What the notices say, on their days.
    const said = (action: string, gameId: string | null) => all.find((m) => m.action === action && m.gameId === gameId)!.payload;
    expect(said('time-exceeded:red:2027-03-25', g1.id)).toMatchObject({ you: 'blue', player: 'red', used: 51, limit: 50 });
    expect(said('holiday-end:blue:2027-02-10..2027-02-19', g3.id)).toMatchObject({ you: 'red', player: 'blue', resumesOn: '2027-02-20' });
    expect(said('long-thinking-end:blue:2027-02-05', g4.id)).toMatchObject({
      you: 'red',
      player: 'blue',
      from: '2027-02-05',
      days: 20,
      resumesOn: '2027-02-25',
    });
    expect(said('closing-date', g5.id)).toMatchObject({ closingDate: '2027-03-31', declareBy: '2027-04-05', clocks: { limit: 50 } });
    expect(said('report-window-closed', g4.id)).toMatchObject({
      proposal: { outcome: 'unfinished', coefficients: { red: 10_000, blue: 10_000 } },
      declared: ['red'],
    });
    expect(said('report-window-closed', g1.id)).not.toHaveProperty('proposal');
    expect(all.find((m) => m.template === 'holiday-rights-end')!.payload).toMatchObject({
      closingDate: '2027-03-31',
      lastHolidayDay: '2027-02-27',
    });
    // A fact of the competition (mail/core/competition-facts.ts): the same mail as the row written before events with its payload.
    const rights = await t.database.run((m) => m.find(OutboundMail, { where: { template: 'holiday-rights-end' }, take: 2 }));
    const composer = t.app.get(OutboxComposer);
    for (const row of rights) {
      expect([row.gameId, row.eventId === null]).toEqual([null, false]);
      const [legacy] = await t.database.run(() =>
        t.app.get(Notifications).add([{ to: { id: row.playerId, language: row.language }, template: row.template, payload: row.payload }]),
      );
      const built = await t.database.run(() => composer.content(row));
      expect(built.text).not.toMatch(/^(Notificare|Notification|Powiadomienie):/);
      expect(await t.database.run(() => composer.content(legacy))).toEqual(built);
      await t.database.run((m) => m.delete(OutboundMail, legacy.id));
    }

    // Every action recorded once, nothing superseded on a platform that never stopped.
    const actions = await t.database.run((m) => m.find(TimelineAction, { where: { competitionId: g.competitionId } }));
    expect(actions.filter((a) => a.status === 'superseded')).toEqual([]);
    const keys = actions.map((a) => `${a.gameId ?? a.playerId} ${a.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      actions
        .filter((a) => a.gameId === g4.id)
        .map((a) => a.key)
        .sort(),
    ).toEqual(
      [
        'closing-date',
        'holiday-rights-end',
        'long-thinking-end:blue:2027-02-05',
        'long-thinking-start:blue:2027-02-05',
        'reminder:2',
        'reminder:3',
        'report-window-closed',
      ].sort(),
    );
  });

  it("settles the sweep's silence and closing cases when the arbiter rules the outcome, or homologates the result", async () => {
    // Runs on the games of the test above, as they stand after the report window (08.04).
    const [g1, , , , , g6] = g.games;
    const openCases = async (gameId: string) =>
      (await t.database.run((m) => m.find(Case, { where: { gameId, status: 'open' }, order: { openedAt: 'ASC' } }))).map((c) => c.kind);
    expect(await openCases(g6.id)).toEqual(['silence', 'closing']);
    at('2027-04-09', '11:00');
    // G6: RED silent since 03.02: the arbiter rules the abandonment the silence case proposed.
    await disputesService.rule(g.arbiter.actor, g6.id, {
      kind: 'outcome',
      outcome: { type: 'abandon', by: 'red' },
      reason: 'no answer since 03.02',
    });
    expect(await openCases(g6.id)).toEqual(['result']);
    const silenceCase = await t.database.run((m) => m.findOneByOrFail(Case, { gameId: g6.id, kind: 'silence' }));
    const ruling = await t.database.run((m) => m.findOneByOrFail(Ruling, { gameId: g6.id, kind: 'outcome' }));
    expect(ruling.caseId).toBe(silenceCase.id);

    // G1: the time claim is upheld (the game is lost on time): the claim case closes, and the
    // silence case with it (the game ended); the closing case waits for the
    // result, and its homologation settles it.
    expect(await openCases(g1.id)).toEqual(['silence', 'claim', 'closing']);
    await disputesService.rule(g.arbiter.actor, g1.id, { kind: 'claim', upheld: true, reason: 'RED never moved' });
    expect((await openCases(g1.id)).filter((k) => k !== 'result')).toEqual(['closing']);
    await t.app.get(ResultsService).homologate(g.arbiter.actor, g1.id, 'forfeit on time', true);
    expect(await openCases(g1.id)).toEqual([]);

    // The sweep has nothing more to do in either game.
    const after = await sweep.runOnce();
    expect(after.competitions.map((c) => c.done)).toEqual([0]);
  });

  it("keeps each competition on its own calendar and settings, with the seed's worked examples of thinking days", async () => {
    // Auckland is 10–12 hours ahead of Bucharest: its days turn while Bucharest's afternoon goes on.
    const AKL = 'Pacific/Auckland';
    const k = await startGroups(t.app, {
      players: 2,
      groups: { count: 1 },
      settings: { startDate: '2027-05-03', closingDate: '2027-08-31', timeZone: AKL, holidayShortDays: 5 },
    });
    const [game] = k.games;
    const { play: playK } = await randomPlay(t.app, k, 11);
    const atK = (day: LocalDate, time: string) => clock.set(instantAt(day, time, AKL));
    // RED at 00:30 on 10.05 in Auckland (still the 9th in UTC and in Bucharest): dated the 10th.
    atK('2027-05-10', '00:30');
    expect(localDate(clock.now(), 'UTC')).toBe('2027-05-09');
    await playK(game, 'red');
    // The seed's examples (docs/rules.md §5): arrived 10, sent 10 → 0; arrived 10, sent 11 → 0; arrived 10, sent 13 → 2 (here 11 → 14).
    atK('2027-05-10', '23:30');
    await playK(game, 'blue');
    atK('2027-05-11', '08:00');
    await playK(game, 'red');
    atK('2027-05-14', '21:00');
    await playK(game, 'blue');
    const moves = await t.database.run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } }));
    expect(moves.map((mv) => [mv.color, mv.arrivedOn, mv.sentOn, mv.thinkingDays])).toEqual([
      // RED's first move "arrived" with the game sheet on the start day: 04.05–09.05.
      ['red', '2027-05-03', '2027-05-10', 6],
      ['blue', '2027-05-10', '2027-05-10', 0],
      ['red', '2027-05-10', '2027-05-11', 0],
      ['blue', '2027-05-11', '2027-05-14', 2],
    ]);
    // RED silent since 14.05: the reminder is due on the 30th at Auckland's midnight, which
    // is the 29th's noon in UTC; five minutes before it nothing is sent.
    const reminders = async () => (await sweepMails(t.app, AKL)).filter((m) => m.gameId === game.id && m.template === 'reminder');
    atK('2027-05-29', '23:55');
    await sweep.runOnce();
    expect(await reminders()).toEqual([]);
    atK('2027-05-30', '00:05');
    expect(localDate(clock.now(), TZ)).toBe('2027-05-29');
    await sweep.runOnce();
    expect((await reminders()).map((m) => [m.day, m.action, m.payload.silentDays])).toEqual([['2027-05-30', 'reminder:5', 15]]);

    // This competition gives 5 days of holiday at short notice, not docs/rules.md's 10.
    const red = actorIn(k, game, 'red');
    await expect(timeService.declareHoliday(red, game.id, { from: '2027-06-02', to: '2027-06-07' })).rejects.toMatchObject({
      code: 'HOLIDAY_REFUSED',
      details: { reason: 'SHORT_NOTICE' },
      message: expect.stringContaining('at most 5 days'),
    });
    await expect(timeService.declareHoliday(red, game.id, { from: '2027-06-02', to: '2027-06-06' })).resolves.toMatchObject({
      from: '2027-06-02',
      to: '2027-06-06',
    });
  });
});
