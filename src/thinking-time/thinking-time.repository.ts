// The thinking-time feature's own rows (the sweep's cursor and the timeline actions it recorded)
// and its read of the games' timelines (moves, holidays and approved leave, long-thinking notices,
// the arbiter's day adjustments) for many games in a handful of queries, so that the daily sweep
// stays cheap with hundreds of games. Other rows (games, competitions, cases, claims, leave) are
// read and written through their owners' repositories. The row → timeline rules (turns, voided
// moves) are the games feature's gameTimeline.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Between, In, IsNull } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Penalty } from '../arbiter/penalty.entity';
import { absencesOf } from '../common/absences';
import { groupBy } from '../common/collections';
import { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { insertRows } from '../database/insert-rows';
import type { Color } from '../engine/types';
import { gameTimeline } from '../games/model/game-timeline';
import { Game } from '../games/entities/game.entity';
import { Holiday } from '../games/entities/holiday.entity';
import { LongThinkingNotice } from '../games/entities/long-thinking-notice.entity';
import { Move } from '../games/entities/move.entity';
import { SpecialLeave } from '../games/entities/special-leave.entity';
import { localDate, toLocalDate, type DateRange, type LocalDate } from '../common/calendar';
import type { GameTimeline } from './core/timeline';
import { SweepCursor } from './sweep-cursor.entity';
import { SweepPlan } from './sweep-plan.entity';
import { TimelineAction } from './timeline-action.entity';

type GameRow = Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId' | 'startedOn' | 'turn' | 'endedAt'>;

/** A game the sweep reads: what its timeline needs, and the version it was read at. */
export type SweptGame = GameRow & Pick<Game, 'version'>;

/** A sweep plan's row as the sweep writes it. */
export type SweepPlanRow = Pick<SweepPlan, 'gameId' | 'competitionId' | 'gameVersion' | 'basis' | 'nextOn'>;

/** A timeline action's row without its id, which the repository gives. */
export type NewTimelineAction = Omit<TimelineAction, 'id'>;

@Injectable()
export class ThinkingTimeRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  // ---------------------------------------------------------------- timelines

  /** Each game's timeline, by game id. The games must belong to `competition`. */
  async timelinesOf(competition: Competition, games: readonly GameRow[]): Promise<Map<string, GameTimeline>> {
    if (games.length === 0) return new Map();
    const m = this.m;
    const ids = games.map((g) => g.id);
    const [moves, holidays, leave, notices, penalties] = await independentQueries(m, [
      () =>
        m.find(Move, {
          where: { gameId: In(ids) },
          select: { gameId: true, turn: true, color: true, arrivedOn: true, sentOn: true, thinkingDays: true, annulled: true },
        }),
      // A holiday covers all the player's games in the competition (docs/rules.md §5); a replaced declaration no longer counts.
      () => m.find(Holiday, { where: { competitionId: competition.id, replacedAt: IsNull() } }),
      () => m.find(SpecialLeave, { where: { competitionId: competition.id } }),
      () => m.find(LongThinkingNotice, { where: { gameId: In(ids) } }),
      () => m.find(Penalty, { where: { gameId: In(ids), kind: 'thinking-days' } }),
    ]);
    const movesOf = groupBy(moves, (r) => r.gameId);
    const pausesOf = groupBy(absencesOf({ holidays, specialLeave: leave }, toLocalDate), (a) => a.playerId);
    const noticesOf = groupBy(notices, (r) => `${r.gameId}:${r.playerId}`);
    const penaltiesOf = groupBy(penalties, (r) => `${r.gameId}:${r.playerId}`);
    const timelines = new Map<string, GameTimeline>();
    for (const game of games) {
      const player: Record<Color, string> = { red: game.redPlayerId, blue: game.bluePlayerId };
      const per = <T>(f: (playerId: string) => T): Record<Color, T> => ({ red: f(player.red), blue: f(player.blue) });
      timelines.set(
        game.id,
        gameTimeline({
          competition,
          startedOn: game.startedOn,
          currentTurn: game.turn,
          moves: movesOf.get(game.id) ?? [],
          // Approved leave is taken as a holiday: not thinking days, no silence (timeline.ts GameTimeline.holidays).
          holidays: per((id) => (pausesOf.get(id) ?? []).map(({ from, to }): DateRange => ({ from, to }))),
          notices: per((id) => (noticesOf.get(`${game.id}:${id}`) ?? []).map((n) => ({ from: toLocalDate(n.fromDay), days: n.days }))),
          dayPenalties: per((id) => (penaltiesOf.get(`${game.id}:${id}`) ?? []).map((p) => ({ days: p.amount, on: p.effectiveOn }))),
          ...(game.endedAt && { endedOn: localDate(game.endedAt, competition.timeZone) }),
        }),
      );
    }
    return timelines;
  }

  // ---------------------------------------------------------------- the sweep's plans

  /**
   * The competition's games in play the sweep must read through `today`: those it never
   * planned, those whose next action falls on or before `today`, and those whose version or
   * competition settings (`basis`) changed since their plan. The version is read in this
   * statement, before their timelines: a write after it makes the plan stale, never wrong.
   */
  gamesToSweep(competitionId: string, today: LocalDate, basis: string): Promise<SweptGame[]> {
    return this.m
      .createQueryBuilder(Game, 'g')
      .leftJoin(SweepPlan, 'p', 'p.game_id = g.id')
      .select(['g.id', 'g.redPlayerId', 'g.bluePlayerId', 'g.startedOn', 'g.turn', 'g.endedAt', 'g.version'])
      .where('g.competition_id = :competitionId', { competitionId })
      .andWhere(`g.status = 'playing'`)
      .andWhere('(p.game_id IS NULL OR p.next_on <= :today OR p.game_version <> g.version OR p.basis <> :basis)', { today, basis })
      .orderBy('g.id', 'ASC')
      .getMany();
  }

  /** Writes the games' plans, replacing the earlier ones. */
  async savePlans(plans: readonly SweepPlanRow[]): Promise<void> {
    // One hand-written statement per 10,000 rows (five parameters each, under PostgreSQL's
    // 65,535): TypeORM's insert builder spent more time naming thousands of parameters than
    // the database took to write them.
    for (let i = 0; i < plans.length; i += 10_000) {
      const chunk = plans.slice(i, i + 10_000);
      const values = chunk.map(
        (_, k) => `($${5 * k + 1}::uuid, $${5 * k + 2}::uuid, $${5 * k + 3}::integer, $${5 * k + 4}, $${5 * k + 5}::date)`,
      );
      await this.m.query(
        `INSERT INTO "sweep_plan" ("game_id", "competition_id", "game_version", "basis", "next_on") VALUES ${values.join(', ')}
         ON CONFLICT ("game_id") DO UPDATE SET "game_version" = EXCLUDED."game_version", "basis" = EXCLUDED."basis", "next_on" = EXCLUDED."next_on"`,
        chunk.flatMap((p) => [p.gameId, p.competitionId, p.gameVersion, p.basis, p.nextOn]),
      );
    }
  }

  // ---------------------------------------------------------------- the sweep's records

  /** Through which day the sweep has done a competition's actions. */
  cursorOf(competitionId: string): Promise<SweepCursor | null> {
    return this.m.findOneBy(SweepCursor, { competitionId });
  }

  /** The cursor never goes back, whichever instance writes last. */
  async advanceCursor(competitionId: string, day: LocalDate, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO "sweep_cursor" ("competition_id", "swept_through", "swept_at") VALUES ($1, $2, $3)
     ON CONFLICT ("competition_id") DO UPDATE SET "swept_through" = GREATEST("sweep_cursor"."swept_through", EXCLUDED."swept_through"), "swept_at" = EXCLUDED."swept_at"`,
      [competitionId, day, now],
    );
  }

  /** The actions recorded in a competition for the days `from`..`to`: their games and keys. */
  recordedBetween(competitionId: string, from: LocalDate, to: LocalDate): Promise<Pick<TimelineAction, 'gameId' | 'key'>[]> {
    return this.m.find(TimelineAction, { where: { competitionId, dueOn: Between(from, to) }, select: { gameId: true, key: true } });
  }

  /** The keys of the actions recorded for a game. */
  async recordedKeysOf(gameId: string): Promise<Set<string>> {
    return new Set((await this.m.find(TimelineAction, { where: { gameId }, select: { key: true } })).map((r) => r.key));
  }

  /** Records an action done (or superseded). */
  async record(action: NewTimelineAction): Promise<void> {
    await insertRows(this.m, TimelineAction, this.m.create(TimelineAction, { id: randomUUID(), ...action }));
  }

  /**
   * Records an action unless its unique key is already taken; whether it did. A concurrent
   * transaction holding the same key makes this wait for its outcome (ON CONFLICT), so of two
   * instances exactly one records it.
   */
  async recordUnlessTaken(action: NewTimelineAction): Promise<boolean> {
    const row = this.m.create(TimelineAction, { id: randomUUID(), ...action });
    const inserted = await this.m
      .createQueryBuilder()
      .insert()
      .into(TimelineAction)
      .values(row as QueryDeepPartialEntity<TimelineAction>)
      .orIgnore()
      .returning('id')
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }
}
