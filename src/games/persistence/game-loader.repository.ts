// The action loader: the one place that takes a game's row lock (`FOR UPDATE`), used by the
// action frame alone (game-actions.service.ts; src/games/game-frame.spec.ts keeps it so). Every write to
// a game runs in the frame's transaction and holds the rows it changes until commit, so two
// actions on one game never interleave (docs/architecture.md, "The action frame").
import { In, type DataSource, type EntityManager } from 'typeorm';
import { isUuid } from '../../common/ids';
import { Penalty } from '../../arbiter/penalty.entity';
import { Competition } from '../../competitions/competition.entity';
import { Sequence } from '../../competitions/sequence.entity';
import { Database } from '../../database/database';
import { codecOf } from '../../database/deferred-writes';
import { prepared } from '../../database/prepared-statements';
import { Player } from '../../players/player.entity';
import { ActionReceipt, type ReceiptKey } from '../entities/action-receipt.entity';
import { refusals } from '../core/game-refusals';
import { Dispute, type DisputeLines } from '../entities/dispute.entity';
import type { Color } from '../../engine';
import { GameLine } from '../entities/game-line.entity';
import { Game } from '../entities/game.entity';
import { Holiday } from '../entities/holiday.entity';
import { LongThinkingNotice } from '../entities/long-thinking-notice.entity';
import { Move } from '../entities/move.entity';
import { SpecialLeave } from '../entities/special-leave.entity';

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

/**
 * What an action holds of a game's competition, sequence and players between actions: the rows
 * and their mark (`mark`: the id and the system column `xmin` of each, the transaction that wrote
 * the row last, which any update of the row changes, whoever writes it: another instance, the
 * CLI, plain SQL).
 */
export interface HeldHead {
  readonly mark: string;
  readonly competition: Competition;
  readonly sequence: Sequence;
  readonly players: Readonly<Record<Color, Player>>;
}

export interface ActionRows {
  readonly head: GameHead;
  /** The mark of the head's competition, sequence and players as this statement saw them (HeldHead). */
  readonly headMark: string;
  /** Null when the caller's rows of the version asked are the current ones. */
  readonly rows: GamePlayRows | null;
  readonly receipt: ActionReceipt | null;
  /** Whether a conditional reply waits in the game: without one, an action reads none. */
  readonly conditionalsPending: boolean;
  /** What the action's mails read beside the game, as the lock found them (game-mail-snapshot.ts). */
  readonly mailReads: MailReads;
}

/** The group's name and the rows of the game's timeline that are not the game's own: read fresh with every lock. */
export interface MailReads {
  readonly groupName: string;
  readonly notices: LongThinkingNotice[];
  readonly penalties: Penalty[];
}

/** The codecs of the rows a game is read with (each built once per data source by codecOf). */
export function gameCodecs(ds: DataSource) {
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
    notice: codecOf(ds, LongThinkingNotice),
    penalty: codecOf(ds, Penalty),
  };
}

type GameCodecs = ReturnType<typeof gameCodecs>;

/** Built by the frame for itself (GameActions), never injected elsewhere. */
export class GameLoader {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /**
   * The unit of work this code runs in, as an identity only: a frame is joined by code of its own
   * transaction, never by work it started that runs later in another one.
   */
  unitOfWork(): object {
    return this.m;
  }

  /**
   * Game rows locked until commit, in id order whatever order they are asked in, so that two
   * writes on several games (a player's holiday, a withdrawal) never wait for each other in a
   * circle. UNKNOWN_GAME for an id that names no game.
   */
  async lockGames(gameIds: readonly string[]): Promise<Game[]> {
    const ids = [...new Set(gameIds)].sort();
    if (ids.length === 0) return [];
    for (const id of ids) if (!isUuid(id)) throw refusals.unknownGame(id);
    const games = await this.m.find(Game, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    const missing = ids.find((id) => !games.some((g) => g.id === id));
    if (missing !== undefined) throw refusals.unknownGame(missing);
    return games;
  }

  /**
   * The ids of a player's games in a competition (only those in play with `inPlay`), in the
   * order their locks are taken; read unlocked, then locked by lockGames.
   */
  async gameIdsOf(competitionId: string, playerId: string, { inPlay }: { inPlay: boolean }): Promise<string[]> {
    const status = inPlay ? { status: 'playing' as const } : {};
    const games = await this.m.find(Game, {
      where: [
        { competitionId, redPlayerId: playerId, ...status },
        { competitionId, bluePlayerId: playerId, ...status },
      ],
      select: { id: true },
      order: { id: 'ASC' },
    });
    return games.map((g) => g.id);
  }

  /**
   * A game for an action, in one statement: the row locked, with its
   * competition, sequence and players, the receipt of the actor's idempotency key, and — unless the caller
   * already holds the rows of `knownVersion`, the version the row still has — its lines, moves,
   * disputes and both players' holidays and leave. `rows` is then null: the caller's are current,
   * since every write of those rows bumps the version (game-rows-cache.ts). Likewise the
   * competition, sequence and players the caller holds (`head`) are used again while their mark
   * is unchanged. A caller that holds both sends a statement that reads neither (`heldGameSql`,
   * about 60 % of the whole one's cost to the server: docs/scale.md, "What bounds them"), and the
   * whole one only when what it holds is no longer current.
   */
  async actionRows(gameId: string, known: { version?: number; receipt?: ReceiptKey; head?: HeldHead }): Promise<ActionRows> {
    if (!isUuid(gameId)) throw refusals.unknownGame(gameId);
    const c = gameCodecs(this.m.connection);
    const receiptKey = [known.receipt?.key ?? null, known.receipt?.actor ?? null];
    if (known.version !== undefined && known.head) {
      const heldSql = (this.heldSql ??= prepared(heldGameSql(c)));
      const row = ((await this.m.query(heldSql, [gameId, ...receiptKey])) as Record<string, unknown>[])[0];
      if (!row) throw refusals.unknownGame(gameId);
      const game = c.game.decode(row.game);
      // A lock waited for, another's change of the game or of its head: the whole statement, under the lock now held.
      if (Number(row.seen_version) === game.version && game.version === known.version && row.head_mark === known.head.mark) {
        return { ...extrasOf(c, row), head: heldHeadOf(game, known.head), headMark: known.head.mark, rows: null };
      }
    }
    const sql = (this.actionSql ??= prepared(gameSql(c, { lock: true })));
    const read = async () => {
      const parameters = [gameId, known.version ?? -1, ...receiptKey, known.head?.mark ?? null];
      const found = (await this.m.query(sql, parameters)) as Record<string, unknown>[];
      return found[0];
    };
    let row = await read();
    if (!row) throw refusals.unknownGame(gameId);
    // A lock waited for gives the row as the holder committed it, but the rest of the statement
    // as its snapshot saw them, before that commit: read again, under the lock now held. The
    // version tells, as every write of the rows read here bumps it.
    let head = lockedHeadOf(c, row, known.head);
    if (Number(row.seen_version) !== head.game.version) {
      row = (await read())!;
      head = lockedHeadOf(c, row, known.head);
    }
    const headMark = row.head_mark as string;
    return { ...extrasOf(c, row), head, headMark, rows: row.moves === null ? null : playRowsOf(c, row) };
  }

  private actionSql?: string;
  private heldSql?: string;
}

/** What a lock statement reads beside the game's rows: the receipt, whether a conditional reply waits, the mails' reads. */
function extrasOf(c: GameCodecs, row: Record<string, unknown>): Pick<ActionRows, 'receipt' | 'conditionalsPending' | 'mailReads'> {
  return {
    receipt: row.receipt === null ? null : c.receipt.decode(row.receipt),
    conditionalsPending: row.conditionals_pending === true,
    mailReads: {
      groupName: row.group_name as string,
      notices: c.notice.decodeAll(row.notices),
      penalties: c.penalty.decodeAll(row.penalties),
    },
  };
}

export function headOf(c: GameCodecs, row: Record<string, unknown>): GameHead {
  return {
    game: c.game.decode(row.game),
    competition: c.competition.decode(row.competition),
    sequence: c.sequence.decode(row.sequence),
    players: { red: c.player.decode(row.red), blue: c.player.decode(row.blue) },
  };
}

/** The head of a locked row: the held one when the statement left it out (its mark unchanged). */
function lockedHeadOf(c: GameCodecs, row: Record<string, unknown>, held: HeldHead | undefined): GameHead {
  if (row.competition !== null) return headOf(c, row);
  if (!held) throw new Error('the lock statement left out a head it was not given');
  return heldHeadOf(c.game.decode(row.game), held);
}

/** The locked game's row with the competition, sequence and players the caller holds. */
function heldHeadOf(game: GameHead['game'], held: HeldHead): GameHead {
  return { game, competition: held.competition, sequence: held.sequence, players: held.players };
}

export function playRowsOf(c: GameCodecs, row: Record<string, unknown>): GamePlayRows {
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

/**
 * The game's row with its competition, sequence and players, and its lines, moves, disputes
 * and both players' holidays and leave. With `lock` (an action): the row locked, the rows left
 * out when the caller holds them at the version the row has ($2), what an action reads beside
 * them (`actionReads`: the receipt of key $3 by actor $4 among them), and the competition,
 * sequence and players left out when their mark is the caller's ($5).
 */
export function gameSql(c: GameCodecs, { lock }: { lock: boolean }): string {
  const unlessKnown = (expression: string) => (lock ? `CASE WHEN g."version" = $2 THEN NULL ELSE (${expression}) END` : `(${expression})`);
  const ofPlayers = `x."competition_id" = g."competition_id" AND x."player_id" IN (g."red_player_id", g."blue_player_id")`;
  const lines = `
  ${unlessKnown(`SELECT ${c.line.aggregate('x', 'x."created_at", x."id"')} FROM ${c.line.table} x WHERE x."game_id" = g."id"`)} AS lines,
  ${unlessKnown(`SELECT ${c.move.aggregate('x', 'x."line_id", x."number"')} FROM ${c.move.table} x WHERE x."game_id" = g."id"`)} AS moves,
  ${unlessKnown(`SELECT ${c.dispute.aggregate('x', 'x."created_at" DESC')} FROM ${c.dispute.table} x WHERE x."game_id" = g."id"`)} AS disputes,
  ${unlessKnown(`SELECT ${c.holiday.aggregate('x', 'x."id"')} FROM ${c.holiday.table} x WHERE ${ofPlayers}`)} AS holidays,
  ${unlessKnown(`SELECT ${c.leave.aggregate('x', 'x."id"')} FROM ${c.leave.table} x WHERE ${ofPlayers}`)} AS leave`;
  if (!lock)
    return `SELECT ${c.game.select('g')} AS game, ${c.competition.select('c')} AS competition, ${c.sequence.select('s')} AS sequence,
  ${c.player.select('r')} AS red, ${c.player.select('b')} AS blue,${lines}
FROM ${c.game.table} g
  JOIN ${c.competition.table} c ON c."id" = g."competition_id"
  JOIN ${c.sequence.table} s ON s."id" = g."sequence_id"
  JOIN ${c.player.table} r ON r."id" = g."red_player_id"
  JOIN ${c.player.table} b ON b."id" = g."blue_player_id"
WHERE g."id" = $1`;
  // Read by its key only when the caller does not hold it under the mark the statement reads.
  const unlessHeld = (codec: { select(alias: string): string; table: string }, key: string) =>
    `CASE WHEN h."mark" = $5 THEN NULL ELSE (SELECT ${codec.select('x')} FROM ${codec.table} x WHERE x."id" = g."${key}") END`;
  return `SELECT ${c.game.select('g')} AS game, ${unlessHeld(c.competition, 'competition_id')} AS competition,
  ${unlessHeld(c.sequence, 'sequence_id')} AS sequence,
  ${unlessHeld(c.player, 'red_player_id')} AS red, ${unlessHeld(c.player, 'blue_player_id')} AS blue,${lines},${actionReads(c, '$3', '$4')}
${lockedFrom(c)}`;
}

/**
 * The lock statement of a caller that holds the game's rows and head (HeldHead): the row
 * locked, what `gameSql` reads for an action beside them (the receipt of key $2 by actor $3), and
 * the head's mark, to tell whether what it holds is still current.
 */
export function heldGameSql(c: GameCodecs): string {
  return `SELECT ${c.game.select('g')} AS game,${actionReads(c, '$2', '$3')}
${lockedFrom(c)}`;
}

/**
 * What an action reads beside the game's rows: the receipt of `key` by `actor`, whether a
 * conditional reply waits, the version as the statement's snapshot saw it, what the action's
 * mails read (its group's name, the long-thinking notices and the thinking-day penalties:
 * always, never kept with the rows of a version) and the head's mark (HeldHead).
 */
function actionReads(c: GameCodecs, key: string, actor: string): string {
  return `
  (SELECT ${c.receipt.select('x')} FROM ${c.receipt.table} x WHERE x."game_id" = g."id" AND x."actor" = ${actor} AND x."idempotency_key" = ${key}) AS receipt,
  EXISTS (SELECT 1 FROM "game_conditional" x WHERE x."game_id" = g."id" AND x."status" = 'pending') AS conditionals_pending,
  (SELECT x."version" FROM ${c.game.table} x WHERE x."id" = g."id") AS seen_version,
  (SELECT x."name" FROM "competition_group" x WHERE x."id" = g."group_id") AS group_name,
  (SELECT ${c.notice.aggregate('x', 'x."turn"')} FROM ${c.notice.table} x WHERE x."game_id" = g."id") AS notices,
  (SELECT ${c.penalty.aggregate('x', 'x."effective_on", x."created_at", x."id"')} FROM ${c.penalty.table} x
    WHERE x."game_id" = g."id" AND x."kind" = 'thinking-days') AS penalties,
  h."mark" AS head_mark`;
}

/** The game row $1 locked, with the mark of its competition, sequence and players (HeldHead). */
function lockedFrom(c: GameCodecs): string {
  // Each row named with its mark: rows written by one transaction share their xmin. The mark's
  // OFFSET 0 keeps the planner from copying its subqueries into each expression that reads it.
  const xmin = (table: string, key: string) => `g."${key}", (SELECT x."xmin" FROM ${table} x WHERE x."id" = g."${key}")`;
  return `FROM ${c.game.table} g,
  LATERAL (SELECT concat_ws(' ', ${xmin(c.competition.table, 'competition_id')}, ${xmin(c.sequence.table, 'sequence_id')},
    ${xmin(c.player.table, 'red_player_id')}, ${xmin(c.player.table, 'blue_player_id')}) AS "mark" OFFSET 0) h
WHERE g."id" = $1
FOR UPDATE OF g`;
}
