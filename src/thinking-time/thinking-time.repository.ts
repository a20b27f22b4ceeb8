// Every query of the thinking-time feature, in the unit of work its caller opened
// (Database.transaction or Database.run). The thinking-time core's input: each game's
// timeline (moves, holidays and approved leave, long-thinking notices, the arbiter's day
// adjustments), for many games in a handful of queries so that the daily sweep stays cheap
// with hundreds of games. The row → timeline rules (turns, voided moves) are the games
// feature's gameTimeline.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Between, In, IsNull } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Case } from '../arbiter/case.entity';
import { Penalty } from '../arbiter/penalty.entity';
import { absencesOf } from '../common/absences';
import { groupBy } from '../common/collections';
import { Competition } from '../competitions/competition.entity';
import { Registration } from '../competitions/registration.entity';
import type { Settings } from '../config/settings';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { insertRows } from '../database/insert-rows';
import { Claim } from '../games/claim.entity';
import type { Color } from '../games/engine/types';
import { readGameView } from '../games/game-mail-view';
import { GameRepository } from '../games/game.repository';
import { GameSession } from '../games/game-session';
import { gameTimeline } from '../games/game-timeline';
import { Game } from '../games/game.entity';
import { Holiday } from '../games/holiday.entity';
import { LongThinkingNotice } from '../games/long-thinking-notice.entity';
import { Move } from '../games/move.entity';
import { SpecialLeave } from '../games/special-leave.entity';
import type { GameView } from '../notifications/models/models';
import { Player } from '../players/player.entity';
import { localDate, toLocalDate, type DateRange, type LocalDate } from './core/calendar';
import type { GameTimeline } from './core/timeline';
import { SweepCursor } from './sweep-cursor.entity';
import { TimelineAction } from './timeline-action.entity';

type GameRow = Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId' | 'startedOn' | 'turn' | 'endedAt'>;

/** A timeline action's row without its id, which the repository gives. */
export type NewTimelineAction = Omit<TimelineAction, 'id'>;

@Injectable()
export class ThinkingTimeRepository {
  constructor(
    private readonly db: Database,
    private readonly games: GameRepository,
  ) {}

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

  // ---------------------------------------------------------------- the sweep's records

  /** The competitions whose games are played, in a fixed order. */
  startedCompetitions(): Promise<Competition[]> {
    return this.m.find(Competition, { where: { status: 'started' }, order: { id: 'ASC' } });
  }

  /** The games of a competition still being played, in a fixed order; with their players' rows when asked. */
  playingGames(competitionId: string, { withPlayers = false }: { withPlayers?: boolean } = {}): Promise<Game[]> {
    return this.m.find(Game, {
      where: { competitionId, status: 'playing' },
      order: { id: 'ASC' },
      ...(withPlayers && { relations: { redPlayer: true, bluePlayer: true } }),
    });
  }

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

  /** The game's time claim waiting for its answer, if any. */
  openClaimOf(gameId: string): Promise<Claim | null> {
    return this.m.findOneBy(Claim, { gameId, status: 'open' });
  }

  // ---------------------------------------------------------------- special leave and thinking days

  /** Locks a player's registration: holiday declarations and leave never interleave. */
  lockRegistration(competitionId: string, playerId: string): Promise<Registration | null> {
    return this.m.findOne(Registration, { where: { competitionId, playerId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Records leave the arbiter approved; the row as written. */
  async addSpecialLeave(leave: Omit<SpecialLeave, 'id'>): Promise<SpecialLeave> {
    const row = this.m.create(SpecialLeave, { id: randomUUID(), ...leave });
    await insertRows(this.m, SpecialLeave, row);
    return row;
  }

  /** A player's holidays that still count (a replaced declaration no longer does). */
  holidaysOf(competitionId: string, playerId: string): Promise<Holiday[]> {
    return this.m.find(Holiday, { where: { competitionId, playerId, replacedAt: IsNull() } });
  }

  specialLeaveOf(competitionId: string, playerId: string): Promise<SpecialLeave[]> {
    return this.m.find(SpecialLeave, { where: { competitionId, playerId } });
  }

  /** Which colour a player has in each game: the games' ids and red players. */
  redPlayersOf(gameIds: readonly string[]): Promise<Pick<Game, 'id' | 'redPlayerId'>[]> {
    return this.m.find(Game, { where: { id: In([...gameIds]) }, select: { id: true, redPlayerId: true } });
  }

  /** A colour's moves in a game, with what their thinking days are counted from. */
  movesOf(gameId: string, color: Color): Promise<Pick<Move, 'id' | 'arrivedOn' | 'sentOn' | 'thinkingDays'>[]> {
    return this.m.find(Move, { where: { gameId, color }, select: { id: true, arrivedOn: true, sentOn: true, thinkingDays: true } });
  }

  async setThinkingDays(moveId: string, thinkingDays: number): Promise<void> {
    await this.m.update(Move, { id: moveId }, { thinkingDays });
  }

  // ---------------------------------------------------------------- outage cases

  /** An outage case, locked until it is decided. */
  lockCase(caseId: string): Promise<Case | null> {
    return this.m.findOne(Case, { where: { id: caseId }, lock: { mode: 'pessimistic_write' } });
  }

  async closeCase(caseId: string, at: Date): Promise<void> {
    await this.m.update(Case, { id: caseId }, { status: 'closed', closedAt: at });
  }

  // ---------------------------------------------------------------- rows of other features, read here until their repositories exist

  findCompetition(id: string): Promise<Competition | null> {
    return this.m.findOneBy(Competition, { id });
  }

  /** A competition known to exist (a game's, a case's). */
  competition(id: string): Promise<Competition> {
    return this.m.findOneByOrFail(Competition, { id });
  }

  player(id: string): Promise<Player> {
    return this.m.findOneByOrFail(Player, { id });
  }

  players(ids: readonly string[]): Promise<Player[]> {
    return this.m.findBy(Player, { id: In([...ids]) });
  }

  /** The game row, or UNKNOWN_GAME; with `lock`, held until the transaction ends. */
  game(gameId: string, options: { lock: boolean }): Promise<Game> {
    return this.games.findGame(gameId, options);
  }

  /** The game's session, its row locked: what the sweep acts on. */
  lockSession(gameId: string, now: Date): Promise<GameSession> {
    return GameSession.open(this.games, gameId, { lock: true, now });
  }

  /** The game as the mails show it (its group's name read). */
  gameView(
    settings: Pick<Settings, 'publicUrl'>,
    competition: Pick<Competition, 'shortName'>,
    game: Pick<Game, 'id' | 'groupId'>,
    players: Readonly<Record<Color, Pick<Player, 'name'>>>,
  ): Promise<GameView> {
    return readGameView(this.games, settings, competition, game, players);
  }
}
