import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ResultsService } from '../coefficients/results.service';
import type { Competition } from '../competitions/competition.entity';
import { SETTINGS, type Settings } from '../config/settings';
import { Database } from '../database/database';
import type { SingletonWorker } from '../database/singleton-worker';
import { WorkersService } from '../database/workers.service';
import { compareDays, localDate, toLocalDate, type LocalDate } from '../common/calendar';
import { chooseActions } from './core/catch-up';
import { HEARTBEAT_MS, HeartbeatService, type Outage } from './heartbeat.service';
import { SweepActions } from './sweep-actions.service';
import { CaseNoticesService, type CaseNoticesReport } from './case-notices.service';
import { SweepPasses } from './sweep-passes.service';
import type { TimelineActionStatus } from './timeline-action.entity';
import { ThinkingTimeRepository, type NewTimelineAction, type SweepPlanRow, type SweptGame } from './thinking-time.repository';
import {
  timelineDays,
  timelineDaysAndNext,
  type GameTimeline,
  type TimelineAction as CoreAction,
  type TimelineStage,
} from './core/timeline';
import { GameActions } from '../games/actions/game-actions.service';
import { GameTimeRepository } from '../games/persistence/game-time.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';

export const SWEEP_WORKER = 'sweep';
/** How soon another instance takes the sweep over when its holder dies. */
export const SWEEP_TAKEOVER_MS = 10_000;

export interface CompetitionSweep {
  readonly competitionId: string;
  /** The days looked at: one normally, more after downtime. */
  readonly from: LocalDate;
  readonly to: LocalDate;
  /** Games that had something to do or record. */
  readonly games: number;
  readonly done: number;
  readonly superseded: number;
  /** Games whose transaction failed: retried at the next run. */
  readonly failed: number;
  /** The actions done, by stage (reminder, escalation, closing-date, …). */
  readonly stages: Readonly<Partial<Record<TimelineStage, number>>>;
}

export interface SweepRunOptions {
  /**
   * Sweep through this day instead of today (each competition's own day): the days since
   * each competition's cursor are caught up as after downtime. Never after today.
   */
  readonly day?: LocalDate;
  /** The run is also the platform's heartbeat; a run by hand (the CLI) is not, so it says nothing of uptime. */
  readonly heartbeat?: boolean;
}

export interface SweepReport {
  readonly outage: Outage | null;
  readonly competitions: readonly CompetitionSweep[];
  /** Automatic results homologated because their 5 days passed (ResultsService.settleResultsDue). */
  readonly resultsSettled: number;
  /** The arbiters told of their cases (docs/mail-rules.md 20). */
  readonly caseNotices: CaseNoticesReport;
}

/**
 * The daily sweep (docs/design.md "Daily sweep"). Per competition it
 * looks at the days since its cursor — today, or every day missed while the platform was
 * down — and per game asks the thinking-time core what was due, chooses what still
 * matters (catch-up.ts) and does it: one game, one transaction, its row lock, each action
 * recorded under its unique key with its mails and case. Run twice, or on two instances at
 * once, it does nothing twice. It runs on the singleton worker `sweep`, every few minutes
 * (each run is also the heartbeat) and when the cron wakes it.
 */
@Injectable()
export class SweepService {
  private readonly logger = new Logger('Sweep');
  private worker: SingletonWorker | undefined;
  /** The last plan of each competition's games (see plan()). */
  private readonly planned = new Map<string, ReadonlyMap<string, GamePlan>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'timeZone'>,
    private readonly workers: WorkersService,
    private readonly heartbeat: HeartbeatService,
    private readonly actions: SweepActions,
    private readonly results: ResultsService,
    private readonly time: ThinkingTimeRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly gameTime: GameTimeRepository,
    private readonly caseNotices: CaseNoticesService,
    private readonly frame: GameActions,
    private readonly passes: SweepPasses,
  ) {}

  /** Registers and starts this instance's `sweep` worker: its first run, at once, is the catch-up. */
  startWorker(options: { intervalMs?: number; acquireRetryMs?: number } = {}): SingletonWorker {
    this.worker ??= this.workers.register(SWEEP_WORKER, () => this.runOnce().then((report) => this.log(report)), {
      intervalMs: options.intervalMs ?? HEARTBEAT_MS,
      acquireRetryMs: options.acquireRetryMs ?? SWEEP_TAKEOVER_MS,
    });
    this.worker.start();
    return this.worker;
  }

  /** Runs the worker now if this instance leads it (the cron's call); nothing otherwise. */
  wake(): Promise<void> {
    return this.worker?.wake() ?? Promise.resolve();
  }

  /**
   * One run: the heartbeat, every started competition's days, the results whose confirmation days
   * passed, and the arbiters' case mail.
   */
  async runOnce(options: SweepRunOptions = {}): Promise<SweepReport> {
    const outage = options.heartbeat === false ? null : await this.heartbeat.beat();
    const now = this.clock.now();
    const competitions = await this.db.run(() => this.competitions.started());
    const swept: CompetitionSweep[] = [];
    for (const competition of competitions) {
      const report = await this.sweepCompetition(competition, now, options.day);
      if (report) swept.push(report);
    }
    const resultsSettled = await this.results.settleResultsDue(earliestDay(options.day, localDate(now, this.settings.timeZone)));
    // Last: every case this run opened or left open is mailed to its arbiter (docs/mail-rules.md 20).
    const caseNotices = await this.caseNotices.tell(now);
    // Then the passes other features registered (a round complete told to its arbiter, docs/rules.md §11.6).
    await this.passes.run(now);
    return { outage, competitions: swept, resultsSettled, caseNotices };
  }

  private async sweepCompetition(competition: Competition, now: Date, day?: LocalDate): Promise<CompetitionSweep | null> {
    // A day asked for is never after the competition's today: what is due later is not done early.
    const today = earliestDay(day, localDate(now, competition.timeZone));
    if (compareDays(today, toLocalDate(competition.startDate)) < 0) return null;
    // The days since the cursor, its own day included: a fact dated that day may have come
    // after the run that swept it (a charge in the afternoon: timeline.ts, facts dated D count
    // on D). What was already done is recorded and is not done again.
    const cursor = await this.db.run(() => this.time.cursorOf(competition.id));
    const from = cursor ? toLocalDate(cursor.sweptThrough) : toLocalDate(competition.startDate);
    if (compareDays(from, today) > 0) return null;

    // A cheap read of the games with something to do or changed since their plan (sweep-plan.entity.ts),
    // then a transaction only for games with something left to do.
    const basis = timelineBasis(competition);
    const { pending, idle } = await this.db.run(async () => {
      const games = await this.time.gamesToSweep(competition.id, today, basis);
      if (games.length === 0) return { pending: [], idle: [] };
      const timelines = await this.time.timelinesOf(competition, games);
      const recorded = await this.time.recordedBetween(competition.id, from, today);
      const done = new Set(recorded.map((r) => `${r.gameId} ${r.key}`));
      const before = this.planned.get(competition.id);
      const plans = new Map(games.map((game) => [game.id, plan(before?.get(game.id), timelines.get(game.id)!, from, today)]));
      this.planned.set(competition.id, plans);
      const planRow = (game: SweptGame): SweepPlanRow => ({
        gameId: game.id,
        competitionId: competition.id,
        gameVersion: game.version,
        basis,
        nextOn: plans.get(game.id)!.next,
      });
      const isPending = (game: SweptGame) => plans.get(game.id)!.keys.some((key) => !done.has(`${game.id} ${key}`));
      return {
        pending: games.filter(isPending).map((game) => ({ gameId: game.id, keys: plans.get(game.id)!.keys, plan: planRow(game) })),
        idle: games.filter((game) => !isPending(game)).map(planRow),
      };
    });
    // Every action of an idle game through today is recorded: nothing to do before its next day.
    const swept: SweepPlanRow[] = [...idle];
    let done = 0;
    let superseded = 0;
    let failed = 0;
    const stages: Partial<Record<TimelineStage, number>> = {};
    for (const { gameId, keys, plan: next } of pending) {
      try {
        const counts = await this.sweepGame(gameId, keys, from, today, now);
        // Its actions through today are recorded. Planned from the version read before the lock:
        // if the game changed since, the next run reads it again.
        swept.push(next);
        done += counts.done;
        superseded += counts.superseded;
        for (const stage of counts.stages) stages[stage] = (stages[stage] ?? 0) + 1;
      } catch (error) {
        // One game's failure rolls back that game only; the others are not held up by it.
        failed++;
        this.logger.error({ err: error, gameId }, `sweep of game ${gameId} failed`);
      }
    }
    // A game that failed keeps its old plan (due, or changed): the next run reads it again.
    await this.db.run(() => this.time.savePlans(swept));
    // Only once every game of these days is swept: a run cut short, or with a game that
    // failed, is taken up again from the same day, and what was done is not done again.
    if (failed === 0) await this.db.run(() => this.time.advanceCursor(competition.id, today, now));
    return { competitionId: competition.id, from, to: today, games: pending.length, done, superseded, failed, stages };
  }

  /**
   * One game: its row locked, its timeline read again under the lock (a move may have come
   * since the plan), what is due chosen again, each action not yet recorded done and
   * recorded, in one transaction. `planned`: the plan's keys — when another instance has
   * recorded them all meanwhile, there is nothing to load.
   */
  private sweepGame(
    gameId: string,
    planned: readonly string[],
    from: LocalDate,
    today: LocalDate,
    now: Date,
  ): Promise<{ done: number; superseded: number; stages: TimelineStage[] }> {
    return this.frame.write(async (w) => {
      const game = await w.lock(gameId);
      const recorded = await this.time.recordedKeysOf(gameId);
      if (game.status !== 'playing' || planned.every((key) => recorded.has(key))) return { done: 0, superseded: 0, stages: [] };
      // Under the lock just taken: the rows, not a second lock.
      const s = await w.session(gameId, { now });
      const timeline = (await this.time.timelinesOf(s.competition, [s.game])).get(gameId)!;
      const days = timelineDays(timeline, from, today);
      const choice = chooseActions(days);
      const record = (action: CoreAction, status: TimelineActionStatus, extra: Partial<NewTimelineAction> = {}) =>
        this.time.record({
          competitionId: s.competition.id,
          gameId,
          playerId: null,
          key: action.key,
          stage: action.stage,
          dueOn: action.on,
          status,
          supersededBy: null,
          caseId: null,
          createdAt: now,
          ...extra,
        });
      let superseded = 0;
      for (const { action, by } of choice.superseded) {
        if (recorded.has(action.key)) continue;
        await record(action, 'superseded', { supersededBy: by });
        superseded++;
      }
      let done = 0;
      const stages: TimelineStage[] = [];
      for (const action of choice.due) {
        if (recorded.has(action.key)) continue;
        const caseId = await this.actions.perform({ s, timeline, day: days[days.length - 1] }, action);
        await record(action, 'done', { caseId });
        stages.push(action.stage);
        done++;
      }
      return { done, superseded, stages };
    });
  }

  private log(report: SweepReport): void {
    if (report.outage)
      this.logger.warn(
        `the platform was down from ${report.outage.from.toISOString()} to ${report.outage.to.toISOString()}: ${report.outage.caseIds.length} credit case(s)`,
      );
    for (const c of report.competitions) {
      if (c.done + c.superseded + c.failed > 0) {
        this.logger.log(
          `competition ${c.competitionId}, ${c.from}..${c.to}: ${c.done} done, ${c.superseded} superseded, ${c.failed} failed, in ${c.games} games`,
        );
      }
    }
  }
}

interface GamePlan {
  readonly fingerprint: string;
  /** The keys of the actions the core gives for the days: to do, or to record as superseded. */
  readonly keys: readonly string[];
  /** The first day after today on which the game has an action (nextActionDay). */
  readonly next: LocalDate | null;
}

/**
 * What the core gives a game for these days. It walks a game from its start, so a plan is
 * kept while the game's timeline and the days stay the same: the runs every few minutes of
 * one day only recompute the games that changed.
 */
function plan(before: GamePlan | undefined, timeline: GameTimeline, from: LocalDate, today: LocalDate): GamePlan {
  const fingerprint = `${from} ${today} ${JSON.stringify(timeline)}`;
  if (before?.fingerprint === fingerprint) return before;
  const { days, next } = timelineDaysAndNext(timeline, from, today);
  const choice = chooseActions(days);
  return { fingerprint, keys: [...choice.due, ...choice.superseded.map((s) => s.action)].map((a) => a.key), next };
}

/**
 * The competition's settings every game's timeline is built from (gameTimeline; the time zone
 * dates a game's end): a change to them makes every plan stale. A game's own rows bump its version.
 */
function timelineBasis(competition: Competition): string {
  const { closingDate, thinkingDays, reminderDays, escalationDays, timeZone } = competition;
  return JSON.stringify([closingDate, thinkingDays, reminderDays, escalationDays, timeZone]);
}

function earliestDay(asked: LocalDate | undefined, today: LocalDate): LocalDate {
  return asked !== undefined && compareDays(asked, today) < 0 ? asked : today;
}
