import session from 'express-session';
import type { Clock } from '../common/clock';
import { BoundedMap } from '../common/bounded-map';
import { sha256Hex } from '../common/hash';
import { asJson } from '../common/json';
import type { Database } from '../database/database';
import { WebSessionRepository } from './web-session.repository';
import { webUserOf, type WebUser } from './web-user';

/** How long a session lives without being used; every use within it extends it again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** A session's expiry is pushed back at most this often, so reading a page is not a write every time. */
const TOUCH_RESOLUTION_MS = 60 * 60_000;
/** Sessions whose read expiry waits for their request's touch: beyond this many the memory starts again. */
const MAX_REMEMBERED_EXPIRIES = 10_000;

export function hashSessionId(sid: string): string {
  return sha256Hex(sid);
}

/**
 * express-session's store over the migrated `web_session` table, through the app's
 * Database so it works on PGlite as on PostgreSQL (connect-pg-simple needs its own pg pool).
 * Expiry is the injected clock's, not the cookie's, so tests move time and sessions end.
 */
export class DatabaseSessionStore extends session.Store {
  /**
   * Each session's expiry as this instance last read or wrote it: a touch that the UPDATE's
   * own condition would skip (pushed back less than TOUCH_RESOLUTION_MS ago) is then no query
   * at all. Kept across requests, since a session's requests overlap (a page, its preview,
   * several tabs). Bounded; a miss only costs the UPDATE.
   */
  private readonly expiries = new BoundedMap<string, number>(MAX_REMEMBERED_EXPIRIES);
  /** The user each session was last read with by `get` (`userReadWith`); every `get` replaces it. */
  private readonly users = new BoundedMap<string, WebUser>(MAX_REMEMBERED_EXPIRIES);
  private readonly sessions: WebSessionRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ttlMs: number = SESSION_TTL_MS,
  ) {
    super();
    this.sessions = new WebSessionRepository(db);
  }

  override get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    this.db
      .run(async () => {
        const row = await this.sessions.find(hashSessionId(sid));
        const expiresAt = row ? row.expiresAt.getTime() : 0;
        if (!row || expiresAt <= this.clock.now().getTime()) {
          this.forget(sid);
          return null;
        }
        this.remember(sid, expiresAt);
        if (row.user) this.users.set(sid, webUserOf(row.user));
        else this.users.delete(sid);
        return row.data as unknown as session.SessionData;
      })
      .then((data) => callback(null, data), callback);
  }

  /**
   * The user the latest `get` of this session read with it (this request's, or a concurrent
   * one's of the same session) when it is `userId`; undefined when not known here: then the
   * caller asks the database.
   */
  userReadWith(sid: string, userId: string): WebUser | undefined {
    const user = this.users.get(sid);
    return user?.actor.userId === userId ? user : undefined;
  }

  private remember(sid: string, expiresAt: number): void {
    this.expiries.set(sid, expiresAt);
  }

  private forget(sid: string): void {
    this.expiries.delete(sid);
    this.users.delete(sid);
  }

  override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    const now = this.clock.now();
    const plain = asJson(data);
    const userId = typeof data.userId === 'string' ? data.userId : null;
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    this.db
      .run(() => this.sessions.save({ sidHash: hashSessionId(sid), userId, data: plain, expiresAt, createdAt: now }))
      .then(
        () => {
          this.remember(sid, expiresAt.getTime());
          callback?.();
        },
        (error: unknown) => callback?.(error),
      );
  }

  override touch(sid: string, _data: session.SessionData, callback?: (err?: unknown) => void): void {
    const now = this.clock.now().getTime();
    const known = this.expiries.get(sid);
    // The same test as the UPDATE's WHERE, on the expiry last seen here: nothing to write.
    if (known !== undefined && known >= now + this.ttlMs - TOUCH_RESOLUTION_MS) {
      callback?.();
      return;
    }
    const until = now + this.ttlMs;
    this.db
      .run(() => this.sessions.extend(hashSessionId(sid), new Date(until), new Date(until - TOUCH_RESOLUTION_MS)))
      .then(
        (extended) => {
          // Not extended: gone, or pushed back by another instance to a time not known here.
          if (extended) this.remember(sid, until);
          else this.expiries.delete(sid);
          callback?.();
        },
        (error: unknown) => callback?.(error),
      );
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    this.db
      .run(() => this.sessions.remove(hashSessionId(sid)))
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /** Removes sessions past their expiry; called at each login, so the table never grows unbounded. */
  async prune(): Promise<number> {
    return this.db.run(() => this.sessions.removeExpired(this.clock.now()));
  }
}
