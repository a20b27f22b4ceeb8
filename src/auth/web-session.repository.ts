import { LessThan, MoreThan, Not } from 'typeorm';
import type { JsonObject } from '../common/json';
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { prepared } from '../database/prepared-statements';
import type { Role } from './core/actor';
import type { WebUserRow } from './web-user';
import { WebSession } from './web-session.entity';

/** A stored session as `get` reads it, with the user it was saved for (null for none, or one deleted since). */
export interface StoredSession {
  readonly data: JsonObject;
  readonly expiresAt: Date;
  readonly user: WebUserRow | null;
}

/**
 * Every query on browser sessions, by the SHA-256 of their id, in the unit of work the caller
 * opened. A Nest provider for the services (the account page); the session store, built by the
 * web middleware outside Nest's container, makes its own.
 */
@Injectable()
export class WebSessionRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  async find(sidHash: string): Promise<StoredSession | null> {
    const [row] = (await this.m.query(SESSION_SQL, [sidHash])) as SessionRow[];
    if (!row) return null;
    return {
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as JsonObject) : row.data,
      expiresAt: new Date(row.expires_at),
      user: row.user_id
        ? { id: row.user_id, displayName: row.display_name!, roles: row.roles!, playerId: row.player_id, language: row.language! }
        : null,
    };
  }

  async save(session: { sidHash: string; userId: string | null; data: JsonObject; expiresAt: Date; createdAt: Date }): Promise<void> {
    // Plain SQL: an upsert, and TypeORM's typing of a jsonb value is too deep for tsc.
    await this.m.query(
      `INSERT INTO "web_session" ("sid_hash", "user_id", "data", "expires_at", "created_at") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("sid_hash") DO UPDATE SET "user_id" = EXCLUDED."user_id", "data" = EXCLUDED."data", "expires_at" = EXCLUDED."expires_at"`,
      [session.sidHash, session.userId, JSON.stringify(session.data), session.expiresAt, session.createdAt],
    );
  }

  /** Pushes the session's expiry back to `until` when it now expires before `ifExpiringBefore`; whether it did. */
  async extend(sidHash: string, until: Date, ifExpiringBefore: Date): Promise<boolean> {
    const result = await this.m.update(WebSession, { sidHash, expiresAt: LessThan(ifExpiringBefore) }, { expiresAt: until });
    return (result.affected ?? 0) > 0;
  }

  async remove(sidHash: string): Promise<void> {
    await this.m.delete(WebSession, { sidHash });
  }

  /** A user's sessions still open at `now`, newest first (their account page lists them). */
  openOf(userId: string, now: Date): Promise<WebSession[]> {
    return this.m.find(WebSession, {
      where: { userId, expiresAt: MoreThan(now) },
      select: { sidHash: true, createdAt: true, expiresAt: true },
      order: { createdAt: 'DESC' },
    });
  }

  /** Ends every session of the user but the one named; how many ended. */
  async removeOthersOf(userId: string, keepSidHash: string): Promise<number> {
    const result = await this.m.delete(WebSession, { userId, sidHash: Not(keepSidHash) });
    return result.affected ?? 0;
  }

  /** Ends every session of the user (an account retired by a join). */
  async removeAllOf(userId: string): Promise<void> {
    await this.m.delete(WebSession, { userId });
  }

  /** Removes the sessions that expired before `now`; how many there were. */
  async removeExpired(now: Date): Promise<number> {
    const result = await this.m.delete(WebSession, { expiresAt: LessThan(now) });
    return result.affected ?? 0;
  }
}

// Plain SQL, read on every page and kept planned: the session with its user and their player's
// language in one statement (the page needs both; TypeORM's query building was most of the cost).
const SESSION_SQL = prepared(`SELECT s."data", s."expires_at", u."id" AS "user_id", u."display_name", u."roles", u."player_id",
       COALESCE(p."language", u."language") AS "language"
  FROM "web_session" s
  LEFT JOIN "app_user" u ON u."id" = s."user_id"
  LEFT JOIN "player" p ON p."id" = u."player_id"
  WHERE s."sid_hash" = $1`);

interface SessionRow {
  data: JsonObject | string;
  expires_at: Date | string;
  user_id: string | null;
  display_name: string | null;
  roles: Role[] | null;
  player_id: string | null;
  language: 'ro' | 'en' | 'pl' | null;
}
