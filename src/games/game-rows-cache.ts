// A game's lines, moves and disputes kept between reads (issue 8 item 3: the game page
// under load), so a page view after the first reads one small mark instead of three
// tables. The mark is read from the database on every request, so several instances
// stay right: the game's `version`, bumped in the transaction of every action (every new
// move, fork, closed line, annulment and dispute change goes through GameSession.save),
// and a digest of the moves' thinking days, the one column changed without an action
// (leave approved for past days recounts them: time-controls.service.ts).
import { createHash } from 'node:crypto';
import type { Dispute } from './dispute.entity';
import type { GameLine } from './game-line.entity';
import type { Move } from './move.entity';

export interface CachedGameRows {
  readonly lines: readonly GameLine[];
  readonly moves: readonly Move[];
  readonly disputes: readonly Dispute[];
}

/** What the database says now: compared with what each cached entry was read under. */
export interface GameRowsMark {
  readonly version: number;
  /** md5 of `id:thinking_days` of every move, ordered by id (GAME_ROWS_MARK_SQL). */
  readonly days: string;
}

/** One round trip: the game's version and the digest of its moves' thinking days. */
export const GAME_ROWS_MARK_SQL = `SELECT g."version" AS "version",
  md5(coalesce((SELECT string_agg(m."id"::text || ':' || m."thinking_days"::text, ',' ORDER BY m."id") FROM "move" m WHERE m."game_id" = g."id"), '')) AS "days"
  FROM "game" g WHERE g."id" = $1`;

/** The same digest as GAME_ROWS_MARK_SQL, of moves in hand (an ordering difference only ever misses). */
export function movesDigest(moves: readonly Pick<Move, 'id' | 'thinkingDays'>[]): string {
  const text = [...moves]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((m) => `${m.id}:${m.thinkingDays}`)
    .join(',');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export function sameMark(a: GameRowsMark, b: GameRowsMark): boolean {
  return Number(a.version) === Number(b.version) && a.days === b.days;
}

/**
 * Least-recently-used entries by game id, each with the mark it was read under. Callers
 * must treat the rows as read-only (only locked actions change rows, and they never use it).
 */
export class GameRowsCache {
  private readonly entries = new Map<string, { mark: GameRowsMark; rows: CachedGameRows }>();

  constructor(readonly capacity = 200) {}

  get size(): number {
    return this.entries.size;
  }

  /** The rows read under exactly `mark`, or undefined (an older entry is dropped). */
  take(gameId: string, mark: GameRowsMark): CachedGameRows | undefined {
    const entry = this.entries.get(gameId);
    if (!entry) return undefined;
    this.entries.delete(gameId);
    if (!sameMark(entry.mark, mark)) return undefined;
    this.entries.set(gameId, entry);
    return entry.rows;
  }

  /**
   * Keeps rows read between two reads of the same mark (no action committed in between),
   * whose own moves give that mark's digest; anything else is not kept.
   */
  keep(gameId: string, before: GameRowsMark, after: GameRowsMark | undefined, rows: CachedGameRows): boolean {
    if (!after || !sameMark(before, after) || movesDigest(rows.moves) !== before.days) return false;
    this.entries.delete(gameId);
    this.entries.set(gameId, { mark: before, rows });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return true;
  }
}
