// The game page's model kept between views: a page is one small statement
// (GameListingsRepository.pageMark) plus rendering while nothing it shows has changed. The mark is
// read from the database on every view, so several instances on one database stay right:
// every write a game's page shows bumps the game's version in its own transaction, and the
// competition's row and the players' names are in the mark by hash. The viewer (user and
// roles), the language and "today" (clocks and run-out days move with the calendar) are in
// the key; the form key and the CSRF token are not in the model, so each rendering has fresh ones.
import { LruMap } from '../../common/lru-map';

/** What a value was built under (GameListingsRepository.pageMark gives it). */
export interface PageMark {
  readonly version: number;
  readonly marks: string;
}

interface Entry<V> {
  readonly version: number;
  readonly marks: string;
  readonly value: V;
}

/** The same game, viewer, language and day. */
export function gamePageKey(gameId: string, viewer: { userId: string; roles: readonly string[] }, lang: string, today: string): string {
  return [gameId, viewer.userId, [...viewer.roles].sort().join(','), lang, today].join('\u0000');
}

/** Least-recently-used values under a key, each valid only under the mark it was built under. */
export class MarkedCache<V> {
  private readonly entries: LruMap<string, Entry<V>>;

  constructor(readonly capacity: number) {
    this.entries = new LruMap(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value built under exactly `mark`, or undefined (an older one is dropped). */
  take(key: string, mark: PageMark): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === mark.version && entry.marks === mark.marks) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Forgets every value kept for a game (keyed by its id, or by gamePageKey), once a write to it commits. */
  forgetGame(gameId: string): void {
    const prefix = `${gameId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key === gameId || key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Forgets every value (tests: a page built afresh, to compare with a kept one). */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Keeps a value built between two reads of the same mark: a write committed in between would
   * have changed the second, so the rows read in between are all of that mark. Else not kept.
   */
  keep(key: string, before: PageMark, after: PageMark | null, value: V): boolean {
    if (!after || after.version !== before.version || after.marks !== before.marks) return false;
    this.entries.set(key, { version: before.version, marks: before.marks, value });
    return true;
  }
}
