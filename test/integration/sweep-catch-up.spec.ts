import { Case } from '../../src/arbiter/case.entity';
import { Penalty } from '../../src/arbiter/penalty.entity';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { Move } from '../../src/games/entities/move.entity';
import { addDays, compareDays, type LocalDate } from '../../src/common/calendar';
import { ClocksService } from '../../src/thinking-time/clocks.service';
import { DOWNTIME_CASE } from '../../src/thinking-time/heartbeat.service';
import { SweepService, type SweepReport } from '../../src/thinking-time/sweep.service';
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
 * The platform's own downtime (docs/sweep.md): stopped for 10 days and restarted, it
 * catches up with one current action of each kind per game — the reminder that is due now,
 * the end of a holiday rather than its start and end — never a burst of stale mail; after
 * 20 days down the escalation replaces the reminder it follows. The days it could not
 * receive moves become one case per outage, proposing a credit to every player whose clock
 * ran; the arbiter's confirmation writes the adjustments the clocks then show.
 */
describe(`catching up after downtime (${TEST_DB})`, () => {
  let t: TestApp;
  let timeService: GameTimeService;
  let sweep: SweepService;
  let g: Groups;
  let play: SweepTest['play'];
  let at: SweepTest['at'];
  const mailsOn = async (day: LocalDate) => (await sweepMails(t.app, TZ)).filter((m) => m.day === day);

  /** Daily sweeps at 00:05 from `from` through `to`, with what players do at 10:00. */
  async function daily(from: LocalDate, to: LocalDate, events: ReadonlyMap<LocalDate, () => Promise<unknown>> = new Map()): Promise<void> {
    for (let day = from; compareDays(day, to) <= 0; day = addDays(day, 1)) {
      at(day, '00:05');
      await sweep.runOnce();
      const event = events.get(day);
      if (event) {
        at(day, '10:00');
        await event();
      }
    }
  }

  beforeAll(async () => {
    ({ t, sweep, g, play, at } = await startSweepTest({ players: 10, groups: 5, closingDate: '2027-06-30', seed: 10 }));
    timeService = t.app.get(GameTimeService);
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends one current action per kind and game after 10 days down, proposes the credit, and after 20 days sends the escalation alone', async () => {
    const [a, , c, d, f] = g.games;
    const label = new Map(g.games.map((game, i) => [game.id, 'ABCDF'[i]]));
    const colorOf = (gameId: string | null, playerId: string | null) =>
      g.games.find((x) => x.id === gameId)?.redPlayerId === playerId ? 'red' : 'blue';
    const line = (m: { gameId: string | null; template: string; playerId: string | null }) =>
      `${label.get(m.gameId!)} ${m.template} ${colorOf(m.gameId, m.playerId)}`;

    // A: BLUE silent from 02.02. B: RED never starts. C: RED silent from 03.02. D: BLUE silent
    // from 02.02, on holiday 16–20.02. F: BLUE silent from 13.02.
    await daily(
      '2027-02-01',
      '2027-02-14',
      new Map<LocalDate, () => Promise<unknown>>([
        ['2027-02-02', async () => Promise.all([play(a, 'red'), play(c, 'red'), play(d, 'red'), play(f, 'red')])],
        ['2027-02-03', () => play(c, 'blue')],
        [
          '2027-02-05',
          async () =>
            Promise.all([
              play(f, 'blue'),
              timeService.declareHoliday(actorIn(g, d, 'blue'), d.id, { from: '2027-02-16', to: '2027-02-20' }),
            ]),
        ],
        ['2027-02-13', () => play(f, 'red')],
      ]),
    );
    expect(await sweepMails(t.app, TZ)).toEqual([]);

    // Stopped after the sweep of 14.02; back at 00:05 on 25.02: 15–24.02 were 10 whole days down.
    at('2027-02-25', '00:05');
    const restart: SweepReport = await sweep.runOnce();
    expect(restart.competitions).toEqual([
      {
        competitionId: g.competitionId,
        from: '2027-02-14',
        to: '2027-02-25',
        games: 4,
        done: 5,
        superseded: 1,
        failed: 0,
        stages: { reminder: 3, 'first-move-reminder': 1, 'holiday-end': 1 },
      },
    ]);
    expect((await mailsOn('2027-02-25')).map(line).sort()).toEqual(
      [
        // Due 18.02 (sent + 16), 17.02 (start + 16) and 19.02: each the one current reminder of its game.
        'A reminder blue',
        'A reminder-copy red',
        'B reminder red',
        'B reminder-copy blue',
        'C reminder red',
        'C reminder-copy blue',
        // D's holiday began and ended while the platform was down: RED hears it ended, not that it began;
        // BLUE's 15 silent days (13 before, 2 after the holiday) came on 23.02.
        'D holiday-end red',
        'D reminder blue',
        'D reminder-copy red',
      ].sort(),
    );
    const superseded = await t.database.run((m) =>
      m.find(TimelineAction, { where: { competitionId: g.competitionId, status: 'superseded' } }),
    );
    expect(superseded.map((r) => [label.get(r.gameId!), r.key, r.supersededBy, r.dueOn])).toEqual([
      ['D', 'holiday-start:blue:2027-02-16..2027-02-20', 'holiday-end:blue:2027-02-16..2027-02-20', '2027-02-16'],
    ]);
    // The reminder found late still says how long the silence is today.
    expect((await mailsOn('2027-02-25')).find((m) => m.gameId === a.id && m.template === 'reminder')!.payload).toMatchObject({
      silentDays: 22,
    });

    // ONE case for the outage, crediting every player whose clock ran on the days down.
    expect(restart.outage).toMatchObject({ from: instantAt('2027-02-14', '00:05', TZ), to: instantAt('2027-02-25', '00:05', TZ) });
    const [outage] = await t.database.run((m) => m.find(Case, { where: { competitionId: g.competitionId, kind: DOWNTIME_CASE } }));
    const credits = (outage.payload.credits as { gameId: string; color: string; days: number }[]).map(
      (x) => `${label.get(x.gameId)} ${x.color} ${x.days}`,
    );
    expect(outage.payload.days).toEqual({ from: '2027-02-15', to: '2027-02-24' });
    // D's BLUE was on holiday five of those days, which were not thinking days anyway.
    expect(credits.sort()).toEqual(['A blue 10', 'B red 10', 'C red 10', 'D blue 5', 'F blue 10']);

    // The next day's sweep sends none of it again.
    await daily('2027-02-26', '2027-02-28');
    expect(await mailsOn('2027-02-26')).toEqual([]);

    // The arbiter confirms: each game gets a ruling crediting the days; the clocks show them.
    const controls = t.app.get(TimeControlsService);
    await expect(controls.decideDowntimeCredit(actorIn(g, a, 'red'), outage.id, { confirm: true, reason: 'x' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const decision = await controls.decideDowntimeCredit(g.arbiter.actor, outage.id, {
      confirm: true,
      reason: 'the platform was down 15–24.02',
    });
    expect(decision.rulings).toHaveLength(5);
    await expect(controls.decideDowntimeCredit(g.arbiter.actor, outage.id, { confirm: true, reason: 'again' })).rejects.toMatchObject({
      code: 'CASE_DECIDED',
    });
    const penalties = await t.database.run((m) => m.find(Penalty, { where: { competitionId: g.competitionId, kind: 'thinking-days' } }));
    expect(penalties.map((p) => [p.amount, p.effectiveOn]).sort()).toEqual([
      [-10, '2027-02-15'],
      [-10, '2027-02-15'],
      [-10, '2027-02-15'],
      [-10, '2027-02-15'],
      [-5, '2027-02-15'],
    ]);
    // A's BLUE on 28.02: 25 days since 02.02 (03.02–27.02), 10 of them credited.
    const clocks = await t.database.run(() => t.app.get(ClocksService).clocksFor(a.id, '2027-02-28'));
    expect(clocks.clocks.blue).toMatchObject({ used: 15, left: 35 });

    // Stopped again after the sweep of 28.02, for 20 days (01–20.03): each silence has reached the arbiter.
    at('2027-03-21', '00:05');
    const second = await sweep.runOnce();
    expect(second.competitions).toMatchObject([{ from: '2027-02-28', to: '2027-03-21', done: 5, superseded: 1 }]);
    expect((await mailsOn('2027-03-21')).map(line).sort()).toEqual(
      ['A', 'B', 'C', 'D', 'F'].flatMap((x) => [`${x} escalation blue`, `${x} escalation red`]).sort(),
    );
    // F's reminder (due 01.03) and escalation (16.03) both fell in the outage: the escalation replaced it.
    const replaced = await t.database.run((m) => m.findOneByOrFail(TimelineAction, { gameId: f.id, key: 'reminder:4' }));
    expect(replaced).toMatchObject({ status: 'superseded', supersededBy: 'escalation:4', dueOn: '2027-03-01' });
    expect(await t.database.run((m) => m.countBy(Case, { competitionId: g.competitionId, kind: 'silence' }))).toBe(5);

    // A second outage, a second case; dismissing it credits nothing.
    const cases = await t.database.run((m) =>
      m.find(Case, { where: { competitionId: g.competitionId, kind: DOWNTIME_CASE, status: 'open' } }),
    );
    expect(cases).toHaveLength(1);
    expect(cases[0].payload.days).toEqual({ from: '2027-03-01', to: '2027-03-20' });
    await controls.decideDowntimeCredit(g.arbiter.actor, cases[0].id, { confirm: false, reason: 'the players were told to send by post' });
    expect(await t.database.run((m) => m.countBy(Penalty, { competitionId: g.competitionId }))).toBe(5);

    await daily('2027-03-22', '2027-03-22');
    expect(await mailsOn('2027-03-22')).toEqual([]);
  });

  it('lets a game that cannot be swept hold up no other, and takes it up again once it can', async () => {
    const h = await startGroups(t.app, {
      players: 4,
      groups: { count: 2 },
      settings: { startDate: '2027-04-01', closingDate: '2027-08-31', timeZone: TZ },
    });
    const { play: move } = await randomPlay(t.app, h, 11);
    const [x, y] = h.games;
    await daily('2027-04-01', '2027-04-17', new Map([['2027-04-02', async () => Promise.all([move(x, 'red'), move(y, 'red')])]]));
    // X's record is damaged: its move no longer replays, so its reminder (due 18.04) cannot be written.
    const [damaged] = await t.database.run((m) => m.find(Move, { where: { gameId: x.id } }));
    await t.database.run((m) => m.update(Move, { id: damaged.id }, { notation: 'z99 NIMIC' }));
    at('2027-04-18', '00:05');
    const report = (await sweep.runOnce()).competitions.find((c) => c.competitionId === h.competitionId);
    expect(report).toMatchObject({ done: 1, failed: 1 });
    const reminders = async () =>
      (await sweepMails(t.app, TZ))
        .filter((m) => m.template === 'reminder' && (m.gameId === x.id || m.gameId === y.id))
        .map((m) => `${m.day} ${m.gameId === x.id ? 'X' : 'Y'}`);
    expect(await reminders()).toEqual(['2027-04-18 Y']);
    // Mended the next morning: X's reminder goes out then, Y's is not sent again.
    await t.database.run((m) => m.update(Move, { id: damaged.id }, { notation: damaged.notation }));
    at('2027-04-19', '00:05');
    expect((await sweep.runOnce()).competitions.find((c) => c.competitionId === h.competitionId)).toMatchObject({
      from: '2027-04-17',
      done: 1,
      failed: 0,
    });
    expect((await reminders()).sort()).toEqual(['2027-04-18 Y', '2027-04-19 X']);
  });
});
