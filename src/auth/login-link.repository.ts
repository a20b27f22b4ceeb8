import { Injectable } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { advisoryLockKey } from '../database/advisory-lock';
import { Database } from '../database/database';
import { LoginLink } from './login-link.entity';

/** Every query on magic login links (docs/web.md, Security model), in the unit of work the caller opened. */
@Injectable()
export class LoginLinkRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /** Until the transaction ends, on every instance: one request for this address at a time. */
  async lockAddress(email: string): Promise<void> {
    await this.m.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey(`login-link:${email}`)]);
  }

  /** Links mailed to this address since then: the per-address limit counts them. */
  countSentTo(email: string, since: Date): Promise<number> {
    return this.m.countBy(LoginLink, { email, createdAt: MoreThan(since) });
  }

  /** Whether the user has a link that still logs in (unused, unexpired): at most one, the newest. */
  hasUsableLink(userId: string, now: Date): Promise<boolean> {
    return this.m.existsBy(LoginLink, { userId, usedAt: IsNull(), expiresAt: MoreThan(now) });
  }

  withHash(tokenHash: string): Promise<LoginLink | null> {
    return this.m.findOneBy(LoginLink, { tokenHash });
  }

  /** The user's links still usable now stop working: expired now, kept for the count and the record. */
  async expireUnusedOf(userId: string, now: Date): Promise<void> {
    await this.m.update(LoginLink, { userId, usedAt: IsNull(), expiresAt: MoreThan(now) }, { expiresAt: now });
  }

  async add(link: LoginLink): Promise<void> {
    await this.m.insert(LoginLink, link);
  }

  /** Marks the link used if it is still usable: one guarded UPDATE, so of two racing claims one wins. */
  async claim(tokenHash: string, now: Date): Promise<boolean> {
    const claimed = await this.m.update(LoginLink, { tokenHash, usedAt: IsNull(), expiresAt: MoreThan(now) }, { usedAt: now });
    return Boolean(claimed.affected);
  }

  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.m.delete(LoginLink, { expiresAt: LessThan(before) });
  }

  /** Every link of the user, used or not (the anonymisation: a link names an address). */
  async removeLoginLinks(userId: string): Promise<void> {
    await this.m.delete(LoginLink, { userId });
  }
}
