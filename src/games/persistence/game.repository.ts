// Every query of a game and its rows (docs/architecture.md: repositories are the only door to the
// database), in the caller's unit of work (database.ts `db.manager`): a game with its rows, for
// a read (through the read cache) or under the lock the action frame took (game-loader.repository.ts); the writer of what an action decided;
// and the reads and writes around a game that the games services and the aggregate need (offers,
// disputes, receipts, results, what the timeline reads, the start's rows).
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Penalty } from '../../arbiter/penalty.entity';
import { isUuid } from '../../common/ids';
import { Competition } from '../../competitions/competition.entity';
import { Sequence } from '../../competitions/sequence.entity';
import { Database } from '../../database/database';
import { independentQueries } from '../../database/independent-queries';
import { prepared } from '../../database/prepared-statements';
import { deferRows, deferUpdate, insertRows } from '../../database/insert-rows';
import { Player } from '../../players/player.entity';
import { ActionReceipt, type ReceiptKey } from '../entities/action-receipt.entity';
import { refusals } from '../core/game-refusals';
import { Dispute, type DisputeLines } from '../entities/dispute.entity';
import type { Color } from '../../engine';
import { GameLine } from '../entities/game-line.entity';
import { GAME_VERSION_SQL, type GameRowsCache } from './game-rows-cache';
import { Game } from '../entities/game.entity';
import { Holiday } from '../entities/holiday.entity';
import { LongThinkingNotice } from '../entities/long-thinking-notice.entity';
import { Move } from '../entities/move.entity';
import type { Row } from './new-row';
import { OffersRepository } from './offers.repository';
import { SpecialLeave } from '../entities/special-leave.entity';
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

@Injectable()
export class GameRepository {
  constructor(
    private readonly db: Database,
    private readonly offers: OffersRepository,
  ) {}

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

  /** A move's thinking days counted again; the caller bumps the game's version (bumpVersions). */
  async setThinkingDays(moveId: string, thinkingDays: number): Promise<void> {
    await this.m.update(Move, { id: moveId }, { thinkingDays });
  }

  /** Appends a move to the game's log. */
  async appendMove(row: Row<Move>): Promise<Move> {
    const move = this.m.create(Move, row);
    // Sent with the action's other writes (deferred-writes.ts).
    await deferRows(this.m, Move, move);
    return move;
  }

  /** An offer nobody answered lapses with the game: written by the offers' repository, their table's one writer. */
  lapsePendingOffers(gameId: string, at: Date): Promise<void> {
    return this.offers.lapsePendingOffers(gameId, at);
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
   * session: the version is every cache's mark (game-read-model.service.ts). Called by the action frame
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

  // ---------------------------------------------------------------- the start (competition-start.service.ts)

  /** A started competition's games with their opening lines, written in the start's transaction. */
  async insertGames(rows: readonly Row<Game>[], openingLines: (game: Game) => GameLine): Promise<Game[]> {
    const games = rows.map((g) => this.m.create(Game, g));
    await insertRows(this.m, Game, ...games);
    await insertRows(this.m, GameLine, ...games.map(openingLines));
    return games;
  }

  /**
   * The players of the started games, for their start mails. A read of the players' table kept
   * here: MovesService, which the start and the bench construct, reaches the database through
   * this repository alone.
   */
  playersByIds(ids: readonly string[]): Promise<Player[]> {
    return this.m.findBy(Player, { id: In([...ids]) });
  }
}
