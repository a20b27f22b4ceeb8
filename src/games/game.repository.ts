// Every query of a game and its rows (docs/architecture.md: repositories are the only door to the
// database), in the caller's unit of work (database.ts `db.manager`): the loader of a game with
// its rows, under its row lock or through the read cache; the writer of what an action decided;
// and the reads and writes around a game that the games services and the aggregate need (offers,
// disputes, receipts, results, what the timeline reads, the start's rows).
import { Injectable } from '@nestjs/common';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { Penalty } from '../arbiter/penalty.entity';
import { isUuid } from '../common/ids';
import { Competition } from '../competitions/competition.entity';
import { Sequence } from '../competitions/sequence.entity';
import { Database } from '../database/database';
import { codecOf } from '../database/deferred-writes';
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
import type { Row } from './new-row';
import { OffersRepository } from './offers.repository';
import { SpecialLeave } from './special-leave.entity';

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

/** A game's row with what it is read with, as `actionRows` gives it. */
export interface GameHead {
  readonly game: Game;
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly players: Readonly<Record<Color, Player>>;
}

/** The rows an action's caller may already hold at the game's version. */
export interface GamePlayRows {
  readonly lines: GameLine[];
  readonly moves: Move[];
  readonly dispute: Dispute | null;
  readonly labels: DisputeLines | null;
  readonly holidays: Holiday[];
  readonly leave: SpecialLeave[];
}

export interface ActionRows {
  readonly head: GameHead;
  /** Null when the caller's rows of the version asked are the current ones. */
  readonly rows: GamePlayRows | null;
  readonly receipt: ActionReceipt | null;
  /** Whether a conditional reply waits in the game: without one, an action reads none. */
  readonly conditionalsPending: boolean;
}

type Queries = readonly (() => Promise<unknown>)[];

/** The codecs of the rows a game is read with (each built once per data source by codecOf). */
function gameCodecs(ds: DataSource) {
  return {
    game: codecOf(ds, Game),
    competition: codecOf(ds, Competition),
    sequence: codecOf(ds, Sequence),
    player: codecOf(ds, Player),
    line: codecOf(ds, GameLine),
    move: codecOf(ds, Move),
    dispute: codecOf(ds, Dispute),
    holiday: codecOf(ds, Holiday),
    leave: codecOf(ds, SpecialLeave),
    receipt: codecOf(ds, ActionReceipt),
  };
}

type GameCodecs = ReturnType<typeof gameCodecs>;

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

  /**
   * The game row, or UNKNOWN_GAME. With `lock`, `SELECT … FOR UPDATE`: every action on a game
   * holds its row until it commits, so two actions on one game never interleave.
   */
  async findGame(gameId: string, { lock }: { lock: boolean }): Promise<Game> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const game = await this.m.findOne(Game, { where: { id: gameId }, ...(lock && { lock: { mode: 'pessimistic_write' as const } }) });
    if (!game) throw refusals.unknownGame(gameId);
    return game;
  }

  /**
   * Loads a game's rows; with `lock`, the game row is locked for the rest of the transaction.
   * A read (no lock) given `cache` takes the lines, moves and disputes from it while the
   * game's version is the one they were read under (game-rows-cache.ts).
   */
  async rows(gameId: string, { lock, cache }: { lock: boolean; cache?: GameRowsCache }): Promise<GameRows> {
    // A read needs no lock: the row with its relations below is the existence check (one query less per page).
    if (lock) await this.findGame(gameId, { lock });
    else if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const reading = !lock && cache !== undefined;
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
   * A game for an action, in one statement: the row locked, with its
   * competition, sequence and players, the receipt of the actor's idempotency key, and — unless the caller
   * already holds the rows of `knownVersion`, the version the row still has — its lines, moves,
   * disputes and both players' holidays and leave. `rows` is then null: the caller's are current,
   * since every write of those rows bumps the version (game-rows-cache.ts).
   */
  async actionRows(gameId: string, known: { version?: number; receipt?: ReceiptKey }): Promise<ActionRows> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const sql = (this.actionSql ??= prepared(this.buildGameSql({ lock: true })));
    const read = async () => {
      const parameters = [gameId, known.version ?? -1, known.receipt?.key ?? null, known.receipt?.actor ?? null];
      const found = (await this.m.query(sql, parameters)) as Record<string, unknown>[];
      return found[0];
    };
    let row = await read();
    if (!row) throw refusals.unknownGame(gameId);
    // A lock waited for gives the row as the holder committed it, but the rest of the statement
    // as its snapshot saw them, before that commit: read again, under the lock now held. The
    // version tells, as every write of the rows read here bumps it.
    const c = this.codecs();
    let head = this.headOf(c, row);
    if (Number(row.seen_version) !== head.game.version) {
      row = (await read())!;
      head = this.headOf(c, row);
    }
    const receipt = row.receipt === null ? null : c.receipt.decode(row.receipt);
    const conditionalsPending = row.conditionals_pending === true;
    if (row.moves === null) return { head, rows: null, receipt, conditionalsPending };
    return { head, rows: this.playRowsOf(c, row), receipt, conditionalsPending };
  }

  /**
   * A game with all its rows and both players' holidays and leave, unlocked, in one statement
   * (the outbox composes each game's mail from it instead of eight queries).
   */
  async wholeGame(gameId: string): Promise<GameRows & Pick<GamePlayRows, 'holidays' | 'leave'>> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const sql = (this.readSql ??= prepared(this.buildGameSql({ lock: false })));
    const [row] = (await this.m.query(sql, [gameId])) as Record<string, unknown>[];
    if (!row) throw refusals.unknownGame(gameId);
    const c = this.codecs();
    return { ...this.headOf(c, row), ...this.playRowsOf(c, row) };
  }

  private actionSql?: string;
  private readSql?: string;

  private headOf(c: GameCodecs, row: Record<string, unknown>): GameHead {
    return {
      game: c.game.decode(row.game),
      competition: c.competition.decode(row.competition),
      sequence: c.sequence.decode(row.sequence),
      players: { red: c.player.decode(row.red), blue: c.player.decode(row.blue) },
    };
  }

  private playRowsOf(c: GameCodecs, row: Record<string, unknown>): GamePlayRows {
    const disputes = c.dispute.decodeAll(row.disputes);
    return {
      lines: c.line.decodeAll(row.lines),
      moves: c.move.decodeAll(row.moves),
      dispute: disputes.find((d) => d.status === 'open' || d.status === 'appealed') ?? null,
      labels: disputes.find((d) => d.appealedAt !== null)?.lines ?? null,
      holidays: c.holiday.decodeAll(row.holidays),
      leave: c.leave.decodeAll(row.leave),
    };
  }

  private codecs(): GameCodecs {
    return gameCodecs(this.m.connection);
  }

  /**
   * The game's row with its competition, sequence and players, and its lines, moves, disputes
   * and both players' holidays and leave. With `lock` (an action): the row locked, the rows left
   * out when the caller holds them at the version the row has ($2), the receipt of key $3 by actor $4,
   * whether a conditional reply waits, and the version as the statement's snapshot saw it.
   */
  private buildGameSql({ lock }: { lock: boolean }): string {
    const c = this.codecs();
    const unlessKnown = (expression: string) =>
      lock ? `CASE WHEN g."version" = $2 THEN NULL ELSE (${expression}) END` : `(${expression})`;
    const ofPlayers = `x."competition_id" = g."competition_id" AND x."player_id" IN (g."red_player_id", g."blue_player_id")`;
    const forAction = `,
  (SELECT ${c.receipt.select('x')} FROM ${c.receipt.table} x WHERE x."game_id" = g."id" AND x."actor" = $4 AND x."idempotency_key" = $3) AS receipt,
  EXISTS (SELECT 1 FROM "game_conditional" x WHERE x."game_id" = g."id" AND x."status" = 'pending') AS conditionals_pending,
  (SELECT x."version" FROM ${c.game.table} x WHERE x."id" = g."id") AS seen_version`;
    return `SELECT ${c.game.select('g')} AS game, ${c.competition.select('c')} AS competition, ${c.sequence.select('s')} AS sequence,
  ${c.player.select('r')} AS red, ${c.player.select('b')} AS blue,
  ${unlessKnown(`SELECT ${c.line.aggregate('x', 'x."created_at", x."id"')} FROM ${c.line.table} x WHERE x."game_id" = g."id"`)} AS lines,
  ${unlessKnown(`SELECT ${c.move.aggregate('x', 'x."line_id", x."number"')} FROM ${c.move.table} x WHERE x."game_id" = g."id"`)} AS moves,
  ${unlessKnown(`SELECT ${c.dispute.aggregate('x', 'x."created_at" DESC')} FROM ${c.dispute.table} x WHERE x."game_id" = g."id"`)} AS disputes,
  ${unlessKnown(`SELECT ${c.holiday.aggregate('x', 'x."id"')} FROM ${c.holiday.table} x WHERE ${ofPlayers}`)} AS holidays,
  ${unlessKnown(`SELECT ${c.leave.aggregate('x', 'x."id"')} FROM ${c.leave.table} x WHERE ${ofPlayers}`)} AS leave${lock ? forAction : ''}
FROM ${c.game.table} g
  JOIN ${c.competition.table} c ON c."id" = g."competition_id"
  JOIN ${c.sequence.table} s ON s."id" = g."sequence_id"
  JOIN ${c.player.table} r ON r."id" = g."red_player_id"
  JOIN ${c.player.table} b ON b."id" = g."blue_player_id"
WHERE g."id" = $1${lock ? '\nFOR UPDATE OF g' : ''}`;
  }

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
   * A write outside a game action that changes what the games show bumps their versions, as
   * saveState does for an action: the version is the read cache's mark (game-rows-cache.ts).
   * The caller holds the games' row locks.
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

  // ---------------------------------------------------------------- around a game

  /**
   * Every game of a player in a competition, ended or in play, locked in a fixed order: their
   * pages all show the player's holidays and leave, so a declaration bumps all their versions.
   */
  lockGamesOf(competitionId: string, playerId: string): Promise<Game[]> {
    return this.m.find(Game, {
      where: [
        { competitionId, redPlayerId: playerId },
        { competitionId, bluePlayerId: playerId },
      ],
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
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
