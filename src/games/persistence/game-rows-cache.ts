// A game's lines, moves and disputes kept between reads (the game page
// under load), so a page view after the first reads no more than the game's row. The mark
// is the game's `version`, read from the database on every request, so several instances
// stay right: every write that changes what a game shows bumps it in its own transaction
// (GameSession.save for a session's changes; the frame's GameWrite.changed for the other writes:
// the arbiter's controls on time, holidays, answers to time claims, a result's answers and
// decisions in coefficients/results.service.ts). This instance's frame also forgets a game's
// entry once it commits a write to it (game-read-model.service.ts).
import type { Dispute } from '../entities/dispute.entity';
import type { GameLine } from '../entities/game-line.entity';
import type { Move } from '../entities/move.entity';

export interface CachedGameRows {
  readonly lines: readonly GameLine[];
  readonly moves: readonly Move[];
  readonly disputes: readonly Dispute[];
}

/**
 * The version again, once the rows are read: they are read in statements of their own (on the
 * pool, not one snapshot), so they are of the version read before them only if it is unchanged.
 */
export const GAME_VERSION_SQL = `SELECT "version" FROM "game" WHERE "id" = $1`;

/**
 * Least-recently-used entries by game id, each with the version it was read under. Callers
 * must treat the rows as read-only (only locked actions change rows, and they never use it).
 */
export class GameRowsCache {
  private readonly entries = new Map<string, { version: number; rows: CachedGameRows }>();

  constructor(readonly capacity = 200) {}

  get size(): number {
    return this.entries.size;
  }

  /** The rows read under exactly `version`, or undefined (an older entry is dropped). */
  take(gameId: string, version: number): CachedGameRows | undefined {
    const entry = this.entries.get(gameId);
    if (!entry) return undefined;
    this.entries.delete(gameId);
    if (entry.version !== Number(version)) return undefined;
    this.entries.set(gameId, entry);
    return entry.rows;
  }

  forget(gameId: string): void {
    this.entries.delete(gameId);
  }

  /** Keeps rows read between two reads of the same version (nothing committed in between); anything else is not kept. */
  keep(gameId: string, before: number, after: number | undefined, rows: CachedGameRows): boolean {
    if (after === undefined || Number(before) !== Number(after)) return false;
    this.entries.delete(gameId);
    this.entries.set(gameId, { version: Number(before), rows });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return true;
  }
}
