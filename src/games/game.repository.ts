// Every query of a game and its rows (docs/architecture.md: repositories are the only door to the
// database), in the caller's unit of work (database.ts `db.manager`): a game with its rows, for
// a read (through the read cache) or under the lock the action frame took (game-loader.repository.ts); the writer of what an action decided;
// and the reads and writes around a game that the games services and the aggregate need (offers,
// disputes, receipts, results, what the timeline reads, the start's rows).
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Case } from '../arbiter/case.entity';
import { Penalty } from '../arbiter/penalty.entity';
import { User } from '../auth/user.entity';
import { UserEmail } from '../auth/user-email.entity';
import { isUuid } from '../common/ids';
import type { JsonObject } from '../common/json';
import { Competition } from '../competitions/competition.entity';
import { Group } from '../competitions/group.entity';
import { Registration } from '../competitions/registration.entity';
import { Sequence } from '../competitions/sequence.entity';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { prepared } from '../database/prepared-statements';
import { deferRows, deferUpdate, insertRows } from '../database/insert-rows';
import { Player } from '../players/player.entity';
import { ActionReceipt, type ReceiptKey } from './action-receipt.entity';
import { refusals } from './core/game-refusals';
import { Dispute, type DisputeLines } from './dispute.entity';
import type { Color } from '../engine';
import { GameLine } from './game-line.entity';
import { GAME_VERSION_SQL, type GameRowsCache } from './game-rows-cache';
import { Game } from './game.entity';
import { Holiday } from './holiday.entity';
import { LongThinkingNotice } from './long-thinking-notice.entity';
import { Move } from './move.entity';
import { Offer } from './offer.entity';
import { Result } from './result.entity';
import { SpecialLeave } from './special-leave.entity';
import { gameCodecs, gameSql, headOf, playRowsOf, type GamePlayRows } from './game-loader.repository';

export type { GameHead, GamePlayRows } from './game-loader.repository';

/** The rows of a game that every action needs, loaded under the game's row lock. */
export interface GameRows {
  readonly game: Game;
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly players: Readonly<Record<Color, Player>>;
  readonly lines: GameLine[];
  readonly moves: Move[];
  /** The dispute not yet settled (open or appealed), if any: docs/rules.md §6 allows one. */
  dispute: Dispute | null;
  /** The lines players know as A and B: those of the latest appeal, even once ruled. */
  labels: DisputeLines | null;
}

type Queries = readonly (() => Promise<unknown>)[];

/** A new row's columns (the entity's relations are never written through it). */
type Row<T> = Omit<T, 'game' | 'competition' | 'player' | 'line' | 'redPlayer' | 'bluePlayer' | 'sequence' | 'group'>;

@Injectable()
export class GameRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /**
   * Reads that do not depend on each other (independent-queries.ts): at once on the pool, one
   * after another in a transaction, whose one client never takes two queries at once.
   */
  independent<const Q extends Queries>(queries: Q): Promise<{ -readonly [K in keyof Q]: Awaited<ReturnType<Q[K]>> }> {
    return independentQueries(this.m, queries);
  }

  // ---------------------------------------------------------------- the loader

  /** The game row, or UNKNOWN_GAME; unlocked (an action's row lock is the frame's: game-loader.repository.ts). */
  async findGame(gameId: string, _read?: { lock: false }): Promise<Game> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const game = await this.m.findOne(Game, { where: { id: gameId } });
    if (!game) throw refusals.unknownGame(gameId);
    return game;
  }

  /**
   * Loads a game's rows, unlocked (a frame's session loads them under the lock it already holds).
   * Given `cache`, the lines, moves and disputes come from it while the game's version is the
   * one they were read under (game-rows-cache.ts).
   */
  async rows(gameId: string, { cache }: { lock?: false; cache?: GameRowsCache }): Promise<GameRows> {
    // The row with its relations below is the existence check (one query less per page).
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const reading = cache !== undefined;
    const found = await this.m.findOne(Game, {
      where: { id: gameId },
      relations: { competition: true, sequence: true, redPlayer: true, bluePlayer: true },
    });
    if (!found) throw refusals.unknownGame(gameId);
    let lines: GameLine[], moves: Move[], disputes: Dispute[];
    // The row's version is the cache's mark: the rows kept under it are that version's.
    const cached = reading ? cache!.take(gameId, found.version) : undefined;
    if (cached) {
      // Fresh arrays: a session may push to its own (the entities are only read by reads).
      [lines, moves, disputes] = [[...cached.lines], [...cached.moves], [...cached.disputes]];
    } else {
      [lines, moves, disputes] = await this.playRows(gameId);
      if (reading) {
        const after = await this.version(gameId);
        cache!.keep(gameId, found.version, after, { lines: [...lines], moves: [...moves], disputes: [...disputes] });
      }
    }
    const { competition, sequence, redPlayer, bluePlayer, ...row } = found;
    return {
      game: Object.assign(new Game(), row),
      competition: competition!,
      sequence: sequence!,
      players: { red: redPlayer!, blue: bluePlayer! },
      lines,
      moves,
      dispute: disputes.find((d) => d.status === 'open' || d.status === 'appealed') ?? null,
      labels: disputes.find((d) => d.appealedAt !== null)?.lines ?? null,
    };
  }

  private playRows(gameId: string): Promise<[GameLine[], Move[], Dispute[]]> {
    return this.independent([
      () => this.m.find(GameLine, { where: { gameId }, order: { createdAt: 'ASC', id: 'ASC' } }),
      () => this.m.find(Move, { where: { gameId }, order: { lineId: 'ASC', number: 'ASC' } }),
      () => this.m.find(Dispute, { where: { gameId }, order: { createdAt: 'DESC' } }),
    ]);
  }

  private async version(gameId: string): Promise<number | undefined> {
    const rows = (await this.m.query(GAME_VERSION_SQL, [gameId])) as { version: number }[];
    return rows[0] && Number(rows[0].version);
  }

  /**
   * A game with all its rows and both players' holidays and leave, unlocked, in one statement
   * (the outbox composes each game's mail from it instead of eight queries).
   */
  async wholeGame(gameId: string): Promise<GameRows & Pick<GamePlayRows, 'holidays' | 'leave'>> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const c = gameCodecs(this.m.connection);
    const sql = (this.readSql ??= prepared(gameSql(c, { lock: false })));
    const [row] = (await this.m.query(sql, [gameId])) as Record<string, unknown>[];
    if (!row) throw refusals.unknownGame(gameId);
    return { ...headOf(c, row), ...playRowsOf(c, row) };
  }

  private readSql?: string;

  // ---------------------------------------------------------------- the writer (GameSession)

  /** New lines of a game (a fork, lines A and B), written at once. */
  async openLines(rows: readonly Row<GameLine>[]): Promise<GameLine[]> {
    const opened = rows.map((l) => this.m.create(GameLine, l));
    if (opened.length) await insertRows(this.m, GameLine, ...opened);
    return opened;
  }

  async closeLine(gameId: string, id: string): Promise<void> {
    await this.m.update(GameLine, { gameId, id }, { status: 'closed' });
  }

  async annulMoves(ids: readonly string[]): Promise<void> {
    await this.m.update(Move, { id: In([...ids]) }, { annulled: true });
  }

  /** Appends a move to the game's log. */
  async appendMove(row: Row<Move>): Promise<Move> {
    const move = this.m.create(Move, row);
    // Sent with the action's other writes (deferred-writes.ts).
    await deferRows(this.m, Move, move);
    return move;
  }

  /** An offer nobody answered lapses with the game. */
  async lapsePendingOffers(gameId: string, at: Date): Promise<void> {
    await this.m.update(Offer, { gameId, status: 'pending' }, { status: 'lapsed', answeredAt: at });
  }

  /** The cached state, version, turn and end of the locked row. */
  async saveState(game: Game): Promise<void> {
    await deferUpdate(this.m, Game, game.id, {
      state: game.state,
      version: game.version,
      turn: game.turn,
      status: game.status,
      endedAt: game.endedAt,
      endReason: game.endReason,
      outcome: game.outcome,
    });
  }

  /** An imported game's start day (docs/rules.md §5 counts from it). */
  async saveStartDay(game: Pick<Game, 'id' | 'startedOn'>): Promise<void> {
    await this.m.update(Game, { id: game.id }, { startedOn: game.startedOn });
  }

  /**
   * A write that changes what the games show bumps their versions, as saveState does for a
   * session: the version is every cache's mark (game-read-model.ts). Called by the action frame
   * alone (GameWrite.changed), which holds the games' row locks.
   */
  async bumpVersions(gameIds: readonly string[]): Promise<void> {
    if (gameIds.length === 0) return;
    await this.m.increment(Game, { id: In([...gameIds]) }, 'version', 1);
  }

  // ---------------------------------------------------------------- what the aggregate reads when needed

  /** The special leave the arbiter approved to the game's players in the competition. */
  specialLeaveOf(competitionId: string, playerIds: readonly string[]): Promise<SpecialLeave[]> {
    return this.m.find(SpecialLeave, { where: { competitionId, playerId: In([...playerIds]) } });
  }

  /** The holiday declarations (current and replaced) of the game's players in the competition. */
  holidaysOf(competitionId: string, playerIds: readonly string[]): Promise<Holiday[]> {
    return this.m.find(Holiday, { where: { competitionId, playerId: In([...playerIds]) } });
  }

  longThinkingNotices(gameId: string): Promise<LongThinkingNotice[]> {
    return this.m.find(LongThinkingNotice, { where: { gameId } });
  }

  /** Whether the player is entered in the competition (a finished game's GCG is theirs to download). */
  async isRegistered(competitionId: string, playerId: string): Promise<boolean> {
    return (await this.m.countBy(Registration, { competitionId, playerId })) > 0;
  }

  /** The arbiter's thinking-day penalties and credits on a game. */
  thinkingDayPenalties(gameId: string): Promise<Penalty[]> {
    return this.m.find(Penalty, { where: { gameId, kind: 'thinking-days' } });
  }

  // ---------------------------------------------------------------- receipts

  /** The receipt of an action under its actor's idempotency key, if it ran. */
  receipt(gameId: string, { key, actor }: ReceiptKey): Promise<ActionReceipt | null> {
    return this.m.findOneBy(ActionReceipt, { gameId, actor, idempotencyKey: key });
  }

  async storeReceipt(row: Row<ActionReceipt>): Promise<void> {
    await deferRows(this.m, ActionReceipt, this.m.create(ActionReceipt, row));
  }

  // ---------------------------------------------------------------- offers

  /** Every offer of the game, oldest first. */
  offersOf(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId }, order: { createdAt: 'ASC' } });
  }

  /** The offers waiting for an answer, newest first. */
  pendingOffersNewestFirst(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId, status: 'pending' }, order: { createdAt: 'DESC' } });
  }

  /** The offers waiting for an answer, as the game view lists them. */
  pendingOffers(gameId: string): Promise<Offer[]> {
    return this.m.find(Offer, { where: { gameId, status: 'pending' } });
  }

  async insertOffer(row: Row<Offer>): Promise<Offer> {
    const offer = this.m.create(Offer, row);
    await insertRows(this.m, Offer, offer);
    return offer;
  }

  async answerOffer(offer: Pick<Offer, 'id' | 'status' | 'answeredAt'>): Promise<void> {
    await this.m.update(Offer, { id: offer.id }, { status: offer.status, answeredAt: offer.answeredAt });
  }

  // ---------------------------------------------------------------- disputes

  /** Every contest of the game, settled or not, the first first (the sheet lists them, docs/rules.md §8). */
  disputesOf(gameId: string): Promise<Dispute[]> {
    return this.m.find(Dispute, { where: { gameId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insertDispute(row: Row<Dispute>): Promise<Dispute> {
    const dispute = this.m.create(Dispute, row);
    await insertRows(this.m, Dispute, dispute);
    return dispute;
  }

  async markDisputeAdmitted(id: string, change: { lines: DisputeLines; keptLineId: string; admittedAt: Date }): Promise<void> {
    await this.m.update(
      Dispute,
      { id },
      { status: 'admitted', lines: change.lines, keptLineId: change.keptLineId, admittedAt: change.admittedAt },
    );
  }

  async markDisputeAppealed(id: string, change: { lines: DisputeLines; appealedAt: Date }): Promise<void> {
    await this.m.update(Dispute, { id }, { status: 'appealed', lines: change.lines, appealedAt: change.appealedAt });
  }

  async markDisputeRuled(id: string, change: { keptLineId: string | null; ruledAt: Date }): Promise<void> {
    await this.m.update(Dispute, { id }, { status: 'ruled', keptLineId: change.keptLineId, ruledAt: change.ruledAt });
  }

  // ---------------------------------------------------------------- results (result-proposals.ts)

  /** The result of a game, if it has one. */
  resultOf(gameId: string): Promise<Result | null> {
    return this.m.findOneBy(Result, { gameId });
  }

  resultOfOrFail(gameId: string): Promise<Result> {
    return this.m.findOneByOrFail(Result, { gameId });
  }

  async insertResult(row: Row<Result>): Promise<Result> {
    const result = this.m.create(Result, row);
    await insertRows(this.m, Result, result);
    return result;
  }

  async rescoreResult(
    result: Pick<Result, 'id' | 'outcome' | 'redScore' | 'blueScore' | 'redCoefficient' | 'blueCoefficient' | 'proposedAt'>,
  ): Promise<void> {
    const { outcome, redScore, blueScore, redCoefficient, blueCoefficient, proposedAt } = result;
    await this.m.update(Result, { id: result.id }, { outcome, redScore, blueScore, redCoefficient, blueCoefficient, proposedAt });
  }

  /** A ruling that reopens the game withdraws its result. */
  async deleteResult(id: string): Promise<void> {
    await this.m.delete(Result, { id });
  }

  /** The arbiter's score corrections on a game (docs/rules.md §6). */
  scoreCorrections(gameId: string): Promise<Penalty[]> {
    return this.m.find(Penalty, { where: { gameId, kind: 'score' } });
  }

  // ---------------------------------------------------------------- cases on a game

  /** The open case of a kind on a game (a move review), if any. */
  openCase(gameId: string, kind: string): Promise<Case | null> {
    return this.m.findOneBy(Case, { gameId, kind, status: 'open' });
  }

  /** What a case carries for the arbiter (a claim's answers, why a silence case closed). */
  async setCasePayload(id: string, payload: JsonObject): Promise<void> {
    // A JSON column: TypeORM's deep partial type of it cannot be instantiated.
    await this.m.update(Case, { id }, { payload: payload as never });
  }

  // ---------------------------------------------------------------- around a game

  competitionOf(game: Pick<Game, 'competitionId'>): Promise<Competition> {
    return this.m.findOneByOrFail(Competition, { id: game.competitionId });
  }

  competition(id: string): Promise<Competition | null> {
    return this.m.findOneBy(Competition, { id });
  }

  competitionsByIds(ids: readonly string[]): Promise<Competition[]> {
    return this.m.findBy(Competition, { id: In([...ids]) });
  }

  /** The name of a game's group, as its mails name the game (game-mail-view.ts). */
  async groupName(groupId: string): Promise<string> {
    return (await this.m.findOneByOrFail(Group, { id: groupId })).name;
  }

  playerOrFail(id: string): Promise<Player> {
    return this.m.findOneByOrFail(Player, { id });
  }

  playersByIds(ids: readonly string[]): Promise<Player[]> {
    return this.m.findBy(Player, { id: In([...ids]) });
  }

  /** The competition's arbiter as a user, if any. */
  user(id: string): Promise<User | null> {
    return this.m.findOneBy(User, { id });
  }

  /** A user's addresses, verified first. */
  addressesOf(userId: string): Promise<UserEmail[]> {
    return this.m.find(UserEmail, { where: { userId }, order: { verified: 'DESC', address: 'ASC' } });
  }

  /** Every game a player plays or played, oldest first. */
  gamesOfPlayer(playerId: string): Promise<Game[]> {
    return this.m.find(Game, { where: [{ redPlayerId: playerId }, { bluePlayerId: playerId }], order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The partners of a player's games still being played (competitions/partners-in-play.ts). */
  async partnersInPlay(playerId: string): Promise<readonly string[]> {
    const games = await this.m.find(Game, {
      select: { redPlayerId: true, bluePlayerId: true },
      where: [
        { redPlayerId: playerId, status: 'playing' },
        { bluePlayerId: playerId, status: 'playing' },
      ],
    });
    return [...new Set(games.map((g) => (g.redPlayerId === playerId ? g.bluePlayerId : g.redPlayerId)))];
  }

  /** The next batch of game ids after `after` (the consistency check walks every game). */
  async gameIdsAfter(after: string, limit: number): Promise<{ id: string }[]> {
    return this.m
      .createQueryBuilder(Game, 'g')
      .select('g.id', 'id')
      .where('g.id::text > :after', { after })
      .orderBy('g.id::text')
      .limit(limit)
      .getRawMany<{ id: string }>();
  }

  // ---------------------------------------------------------------- the start (competition-start.service.ts)

  /** A started competition's games with their opening lines, written in the start's transaction. */
  async insertGames(rows: readonly Row<Game>[], openingLines: (game: Game) => GameLine): Promise<Game[]> {
    const games = rows.map((g) => this.m.create(Game, g));
    await insertRows(this.m, Game, ...games);
    await insertRows(this.m, GameLine, ...games.map(openingLines));
    return games;
  }

  async markCompetitionStarted(competition: Pick<Competition, 'id' | 'startedAt' | 'startDate'>): Promise<void> {
    await this.m.update(
      Competition,
      { id: competition.id },
      { status: 'started', startedAt: competition.startedAt, startDate: competition.startDate },
    );
  }

  /** docs/rules.md §9: the sequences are revealed when play starts. */
  async revealSequences(competitionId: string, at: Date): Promise<void> {
    await this.m.update(Sequence, { competitionId }, { revealedAt: at });
  }

  // ---------------------------------------------------------------- the page's mark (web game page cache)

  /**
   * What a cached game page was built under, in one small statement: the game's version, a
   * hash of its competition's whole row (a rename or a setting changes it without bumping the
   * games), a hash of both players' names, and the time zone that names "today".
   */
  async pageMark(gameId: string): Promise<GamePageMark | null> {
    const rows = (await this.m.query(GAME_PAGE_MARK_SQL, [gameId])) as { version: number; marks: string; time_zone: string }[];
    const row = rows[0];
    return row ? { version: Number(row.version), marks: row.marks, timeZone: row.time_zone } : null;
  }
}

/** See GameRepository.pageMark. */
export interface GamePageMark {
  readonly version: number;
  readonly marks: string;
  readonly timeZone: string;
}

// Read on every view of a game page: kept planned.
const GAME_PAGE_MARK_SQL = prepared(`SELECT g."version", md5(c::text) || md5(r."name" || E'\\n' || b."name") AS "marks", c."time_zone"
  FROM "game" g
  JOIN "competition" c ON c."id" = g."competition_id"
  JOIN "player" r ON r."id" = g."red_player_id"
  JOIN "player" b ON b."id" = g."blue_player_id"
  WHERE g."id" = $1`);
