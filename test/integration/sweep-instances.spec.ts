import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { In, IsNull, Not } from 'typeorm';
import { ManualClock } from '../../src/common/clock';
import { Competition } from '../../src/competitions/competition.entity';
import { type OpenedDatabase } from '../../src/database/open-database';
import type { Color } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { addDays, compareDays, diffDays, type LocalDate } from '../../src/common/calendar';
import { SweepCursor } from '../../src/thinking-time/sweep-cursor.entity';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { TimelineAction } from '../../src/thinking-time/timeline-action.entity';
import { ThinkingTimeRepository } from '../../src/thinking-time/thinking-time.repository';
import { timelineActions, type TimelineAction as CoreAction } from '../../src/thinking-time/core/timeline';
import { actorIn, instantAt, randomPlay, startGroups, type Groups } from '../support/sweep';
import { startSecondInstance, startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { hangAfter, until } from '../support/hang';

const TZ = 'Europe/Bucharest';
/**
 * The suite runs a reduced championship, 4 groups of 5 (40 games), for 100 days;
 * `npm run bench:sweep` runs the full size, 20 groups of 5 (200 games).
 */
const FULL = process.env.SWEEP_BENCH === 'full';
const GROUPS = FULL ? 20 : 4;
const DAYS = 100;

/** The mails an action must have written, as `game action template player` lines (sweep-actions.service.ts). */
function mailsOf(game: Game, action: CoreAction): string[] {
  const player = (c: Color) => (c === 'red' ? game.redPlayerId : game.bluePlayerId);
  const other = (c: Color): Color => (c === 'red' ? 'blue' : 'red');
  const line = (template: string, c: Color) => `${game.id} ${action.key} ${template} ${player(c)}`;
  switch (action.stage) {
    case 'reminder':
    case 'first-move-reminder':
      return [line('reminder', action.player), line('reminder-copy', other(action.player))];
    case 'escalation':
    case 'first-move-escalation':
      return [line('escalation', 'red'), line('escalation', 'blue')];
    case 'holiday-start':
      return [line('holiday-notice', other(action.player))];
    case 'holiday-end':
      return [line('holiday-end', other(action.player))];
    case 'long-thinking-start':
      return [];
    case 'long-thinking-end':
      return [line('long-thinking-end', other(action.player))];
    case 'time-exceeded':
      return [line('time-exceeded', other(action.player))];
    case 'holiday-rights-end':
      // Once per player and competition, outside any game (checked on its own).
      return [];
    case 'closing-date':
      return [line('closing-date', 'red'), line('closing-date', 'blue')];
    case 'report-window-closed':
      return [line('report-window-closed', 'red'), line('report-window-closed', 'blue')];
  }
}

/**
 * Several instances of the platform on one database (docs/sweep.md): for 100
 * simulated days both run the sweep at the same moment, and every expected mail exists
 * exactly once; killing the instance that holds the sweep's lock mid-run hands the work to
 * the other, which finishes it without repeating anything.
 */
describe(`the sweep on two instances (${TEST_DB})`, () => {
  let t: TestApp;
  let second: { app: INestApplication; opened?: OpenedDatabase };
  const clock = new ManualClock('2027-01-20T10:00:00Z');
  const at = (day: LocalDate, time: string) => clock.set(instantAt(day, time, TZ));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    second = await startSecondInstance(t);
  });

  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  it(
    `sends every expected mail exactly once over ${DAYS} days and ${GROUPS * 10} games`,
    async () => {
      const offersService = t.app.get(OffersService);
      const timeService = t.app.get(GameTimeService);
      const g = await startGroups(t.app, {
        players: GROUPS * 5,
        groups: { count: GROUPS },
        settings: { startDate: '2027-02-01', closingDate: '2027-04-30', timeZone: TZ },
      });
      const { play, random, moves: played } = await randomPlay(t.app, g, 2027);
      // Each game has a pace: some never start, some are slow (reminders, escalations, the 51st day), most steady.
      const pace = new Map(g.games.map((game, i) => [game.id, [0, 1 / 16, 1 / 8, 1 / 16, 1 / 8][i % 5]]));
      const over = new Set<string>();
      const holidayTakers = new Set(g.games.filter((_, i) => i % 7 === 3).map((game) => game.bluePlayerId));
      const sweeps = [t.app.get(SweepService), second.app.get(SweepService)];
      const started = Date.now();
      let sweepMs = 0;
      let moves = 0;

      const last = addDays('2027-02-01', DAYS - 1);
      for (let day: LocalDate = '2027-02-01'; compareDays(day, last) <= 0; day = addDays(day, 1)) {
        // Players act just after midnight, so that what the sweep sees at 00:05 is the whole day's truth.
        at(day, '00:01');
        if (diffDays('2027-02-01', day) === 5) {
          for (const game of g.games) {
            if (!holidayTakers.delete(game.bluePlayerId)) continue;
            await timeService.declareHoliday(actorIn(g, game, 'blue'), game.id, {
              from: addDays(day, 7 + (moves % 9)),
              to: addDays(day, 16 + (moves % 9)),
            });
          }
        }
        for (const game of g.games) {
          if (compareDays(day, '2027-04-30') > 0 || random() >= pace.get(game.id)!) continue;
          if (over.has(game.id)) continue;
          const before = played.get(game.id) ?? [];
          const color: Color = before.length % 2 === 0 ? 'red' : 'blue';
          if (before.length === 12 && random() < 0.3) {
            await offersService.abandon(actorIn(g, game, color), game.id);
            over.add(game.id);
            continue;
          }
          if ((await play(game, color)).status !== 'playing') over.add(game.id);
          moves++;
        }
        at(day, '00:05');
        const sweepStarted = Date.now();
        await Promise.all(sweeps.map((s) => s.runOnce()));
        sweepMs += Date.now() - sweepStarted;
      }
      process.stdout.write(
        `sweep on 2 instances: ${g.games.length} games, ${DAYS} days, ${moves} moves; sweeps ${(sweepMs / 1000).toFixed(1)} s (${(sweepMs / DAYS).toFixed(0)} ms a simulated day), all ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );

      // What the core says was due, from the games as they ended up, day by day up to the last.
      const expected = await t.database.run(async (m) => {
        const competition = await m.findOneByOrFail(Competition, { id: g.competitionId });
        const all = await m.find(Game, { where: { competitionId: g.competitionId } });
        const timelines = await t.app.get(ThinkingTimeRepository).timelinesOf(competition, all);
        return all.flatMap((game) =>
          timelineActions(timelines.get(game.id)!)
            .filter((a) => compareDays(a.on, last) <= 0)
            .map((action) => ({ game, action })),
        );
      });
      const recorded = await t.database.run((m) =>
        m.find(TimelineAction, { where: { competitionId: g.competitionId, gameId: Not(IsNull()) } }),
      );
      expect(recorded.filter((r) => r.status !== 'done')).toEqual([]);
      expect(recorded.map((r) => `${r.gameId} ${r.key}`).sort()).toEqual(expected.map((e) => `${e.game.id} ${e.action.key}`).sort());
      // Every kind of action happened in this championship.
      expect(new Set(expected.map((e) => e.action.stage))).toEqual(
        new Set([
          'first-move-reminder',
          'first-move-escalation',
          'reminder',
          'escalation',
          'holiday-start',
          'holiday-end',
          'time-exceeded',
          'holiday-rights-end',
          'closing-date',
          'report-window-closed',
        ]),
      );

      const mails = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: In(g.games.map((x) => x.id)) } }));
      const sweepMails = mails
        .filter((r) => typeof r.payload.action === 'string')
        .map((r) => `${r.gameId} ${r.payload.action} ${r.template} ${r.playerId}`);
      expect(sweepMails.sort()).toEqual(expected.flatMap((e) => mailsOf(e.game, e.action)).sort());
      // Holiday rights: each player of a game still live that day told once.
      const rights = await t.database.run((m) => m.find(OutboundMail, { where: { template: 'holiday-rights-end', gameId: IsNull() } }));
      const live = expected
        .filter((e) => e.action.stage === 'holiday-rights-end')
        .flatMap((e) => [e.game.redPlayerId, e.game.bluePlayerId]);
      expect(rights.map((r) => r.playerId).sort()).toEqual([...new Set(live)].sort());
    },
    hangAfter(600_000),
  );

  if (TEST_DB === 'postgres') {
    it('hands the work to the other instance when the lock holder is killed mid-run, and does nothing twice', async () => {
      const g: Groups = await startGroups(t.app, {
        players: 40,
        groups: { count: 8 },
        settings: { startDate: '2027-06-01', closingDate: '2027-09-30', timeZone: TZ },
      });
      const n = g.games.length;
      // Nobody moves: on 17.06 every one of the 80 games owes RED's first-move reminder (start + 16).
      const instant = instantAt('2027-06-17', '00:05', TZ);
      clock.set(instant);
      const child = spawn(process.execPath, [
        join(__dirname, '..', 'support', 'sweep-child.js'),
        t.settings.database.kind === 'postgres' ? t.settings.database.url : '',
        instant.toISOString(),
      ]);
      let says = '';
      child.stdout.on('data', (d) => (says += d));
      child.stderr.on('data', (d) => (says += d));
      try {
        await until(
          () => says.includes('leading\n'),
          () => `the other instance to lead the sweep\n${says}`,
        );
        const survivor = t.app.get(SweepService);
        const worker = survivor.startWorker({ intervalMs: 50, acquireRetryMs: 20 });
        const reminders = () =>
          t.database.run((m) => m.count(TimelineAction, { where: { competitionId: g.competitionId, stage: 'first-move-reminder' } }));
        await until(async () => (await reminders()) >= 5, 'the other instance to write its first reminders');
        expect(worker.leading).toBe(false);
        child.kill('SIGKILL');
        const atKill = await reminders();
        expect(atKill).toBeLessThan(n);

        const swept = () => t.database.run((m) => m.findOneBy(SweepCursor, { competitionId: g.competitionId }));
        await until(async () => (await swept())?.sweptThrough === '2027-06-17', 'the survivor to sweep 17.06');
        expect(worker.leading).toBe(true);
        expect(await reminders()).toBe(n);
        const mails = await t.database.run((m) =>
          m.find(OutboundMail, { where: { gameId: In(g.games.map((x) => x.id)), template: In(['reminder', 'reminder-copy']) } }),
        );
        expect(mails).toHaveLength(2 * n);
        expect(new Set(mails.map((r) => `${r.gameId} ${r.template}`)).size).toBe(2 * n);
      } finally {
        child.kill('SIGKILL');
      }
    });
  } else {
    it('runs the sweep in the one embedded process, and two runs at once do nothing twice', async () => {
      const g = await startGroups(t.app, {
        players: 20,
        groups: { count: 4 },
        settings: { startDate: '2027-06-01', closingDate: '2027-09-30', timeZone: TZ },
      });
      clock.set(instantAt('2027-06-17', '00:05', TZ));
      const worker = t.app.get(SweepService).startWorker({ intervalMs: 50, acquireRetryMs: 20 });
      await Promise.all([t.app.get(SweepService).runOnce(), second.app.get(SweepService).runOnce(), worker.wake()]);
      expect(worker.leading).toBe(true);
      const mails = await t.database.run((m) =>
        m.find(OutboundMail, { where: { gameId: In(g.games.map((x) => x.id)), template: In(['reminder', 'reminder-copy']) } }),
      );
      expect(mails).toHaveLength(g.games.length * 2);
      expect(new Set(mails.map((r) => `${r.gameId} ${r.template}`)).size).toBe(g.games.length * 2);
    });
  }
});
