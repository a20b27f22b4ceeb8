import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { SETTINGS, type Settings } from '../config/settings';
import { Database } from '../database/database';
import { Notifications } from '../notifications/notifications.service';
import { normalizeEmail } from './core/email-address';
import { LoginLinkRepository } from './login-link.repository';
import {
  hashLoginToken,
  isLoginAddress,
  isLoginTokenShape,
  LOGIN_LINK_ADDRESS_WINDOW_MS,
  LOGIN_LINK_TTL_MINUTES,
  LOGIN_LINK_TTL_MS,
  LOGIN_LINKS_PER_ADDRESS_PER_HOUR,
  loginLinkState,
  loginUrl,
  newLoginToken,
  type LoginLinkState,
} from './login-link';
import type { User } from './user.entity';
import { UserRepository } from './user.repository';
import { ApiKeyRepository } from './api-key.repository';
import { UsersService } from './users.service';
import { webUserOf, type WebUser } from './web-user';

export type { WebUser } from './web-user';

export type Language = 'ro' | 'en' | 'pl';

/** Used links and expired ones are kept a day, for the record of a "my link did not work" question. */
const KEEP_SPENT_LINKS_MS = 24 * 60 * 60_000;

/**
 * Magic links (docs/web.md, Logging in): asked for by address and mailed through the outbox, printed
 * on the console for the first admin and by `admin login-link`; single use, 15 minutes,
 * only their SHA-256 stored, the latest of a user's the only one that works.
 */
@Injectable()
export class LoginLinks {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'publicUrl' | 'adminEmail'>,
    private readonly users: UsersService,
    private readonly notifications: Notifications,
    private readonly links: LoginLinkRepository,
    private readonly userRows: UserRepository,
  ) {}

  /** Without Nest (the CLI's `admin login-link`): the service and its repositories over one database. */
  static standalone(
    db: Database,
    clock: Clock,
    settings: Pick<Settings, 'publicUrl' | 'adminEmail'>,
    notifications: Notifications,
  ): LoginLinks {
    const userRows = new UserRepository(db);
    const users = new UsersService(db, clock, userRows, new ApiKeyRepository(db));
    return new LoginLinks(db, clock, settings, users, notifications, new LoginLinkRepository(db), userRows);
  }

  /**
   * A fresh link for a user; the clear token exists only in the returned URL (docs/web.md, Security model):
   * their older unused links stop working (expired now, kept for the count and the record),
   * so only the latest mail or printout logs in. Part of the caller's action: in its unit of work.
   */
  async issue(userId: string, email: string | null): Promise<string> {
    const token = newLoginToken();
    const now = this.clock.now();
    await this.links.expireUnusedOf(userId, now);
    await this.links.add({
      id: randomUUID(),
      userId,
      tokenHash: hashLoginToken(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MS),
      usedAt: null,
    });
    return loginUrl(this.settings.publicUrl, token);
  }

  /**
   * The login form's request, handled after the answer (LoginLinkRequests): mails a link
   * when the address is a user's, and does nothing otherwise. At most
   * LOGIN_LINKS_PER_ADDRESS_PER_HOUR links to one address, whoever asks and from where,
   * so the form cannot be used to flood a mailbox; past them, one more only when the user
   * has no link that works (docs/web.md, "What is limited"): at most one each 15 minutes.
   */
  async requestByEmail(address: string): Promise<{ sent: boolean; limited?: true }> {
    const email = normalizeEmail(address);
    if (!isLoginAddress(email)) return { sent: false };
    return this.db.transaction(async () => {
      // One request per address at a time, on every instance: the count below stays exact.
      await this.links.lockAddress(email);
      const user = await this.users.findUserByEmail(email);
      if (!user) return { sent: false };
      const now = this.clock.now();
      const since = new Date(now.getTime() - LOGIN_LINK_ADDRESS_WINDOW_MS);
      // Past the limit a request mails nothing and revokes nothing while the user's newest link
      // still works: that link is in the owner's mailbox, so a stranger's flood never locks them
      // out. Once it is used or its 15 minutes are over, the next request mails one again.
      if (
        (await this.links.countSentTo(email, since)) >= LOGIN_LINKS_PER_ADDRESS_PER_HOUR &&
        (await this.links.hasUsableLink(user.id, now))
      ) {
        return { sent: false, limited: true as const };
      }
      const player = await this.userRows.playerOf(user);
      const url = await this.issue(user.id, email);
      await this.notifications.add([
        {
          to: player ? { id: player.id, language: player.language } : { id: null, language: user.language },
          address: email,
          template: 'magic-link',
          payload: { name: player?.name ?? user.displayName, url, expiresInMinutes: LOGIN_LINK_TTL_MINUTES },
        },
      ]);
      return { sent: true };
    });
  }

  /** What a link is, without using it (the confirmation page). */
  async state(token: string): Promise<LoginLinkState> {
    if (!isLoginTokenShape(token)) return 'unknown';
    const link = await this.db.run(() => this.links.withHash(hashLoginToken(token)));
    return loginLinkState(link, this.clock.now());
  }

  /**
   * Uses a link: one guarded UPDATE, so of two clicks racing only one logs in. The address it
   * was mailed to is proven by the click. Returns the user, or why the link is refused.
   */
  async consume(token: string): Promise<{ ok: true; user: WebUser } | { ok: false; state: LoginLinkState }> {
    if (!isLoginTokenShape(token)) return { ok: false, state: 'unknown' };
    const tokenHash = hashLoginToken(token);
    return this.db.transaction(async () => {
      const now = this.clock.now();
      const claimed = await this.links.claim(tokenHash, now);
      const link = await this.links.withHash(tokenHash);
      if (!claimed || !link) {
        const state = loginLinkState(link, now);
        // Valid yet not claimed: another click took it between the two statements.
        return { ok: false as const, state: state === 'valid' ? 'used' : state };
      }
      if (link.email) await this.userRows.markEmailVerified(link.userId, link.email);
      await this.links.deleteExpiredBefore(new Date(now.getTime() - KEEP_SPENT_LINKS_MS));
      const user = await this.loadWebUser(link.userId);
      return user ? { ok: true as const, user } : { ok: false as const, state: 'unknown' };
    });
  }

  /** The user behind a session, as of now (roles changed since login apply at once); null once deleted. */
  webUser(userId: string): Promise<WebUser | null> {
    return this.db.run(() => this.loadWebUser(userId));
  }

  /** `webUser` in the unit of work already open (a login's transaction). */
  private async loadWebUser(userId: string): Promise<WebUser | null> {
    // Every page asks this: one query with the player's row (its language), not two.
    const user = await this.userRows.findWithPlayer(userId);
    if (!user) return null;
    return webUserOf({ ...user, language: user.player?.language ?? user.language });
  }

  /** A user's page language (and their mail's, when they play): the player's when linked, else the user's. */
  async setLanguage(userId: string, language: Language): Promise<void> {
    await this.db.transaction(async () => {
      const user = await this.userRows.find(userId);
      if (!user) return;
      await this.userRows.setLanguage(user, language);
    });
  }

  /**
   * First start: when no user is an admin, the one with ADMIN_EMAIL becomes one
   * (created if needed) and gets a login link for the console. Printed that once only
   * (docs/web.md, Security model: start-up logs are kept and shared, a link in them at every start would be
   * a link at rest); another comes from `admin login-link`. Under an advisory lock, so
   * instances starting together make one admin.
   */
  async ensureFirstAdmin(): Promise<{ email: string; url: string; created: true } | null> {
    return this.db.transaction(async () => {
      await this.userRows.lockFirstAdmin();
      if (await this.userRows.anAdminExists()) return null;
      const email = this.settings.adminEmail;
      const user = await this.adminFor(email);
      return { email, url: await this.issue(user.id, null), created: true as const };
    });
  }

  /** `admin login-link [--email E]`: a fresh link for that user; an unknown address becomes an admin, as with `admin api-key`. */
  async linkForCli(address?: string): Promise<{ email: string; url: string; created: boolean; roles: readonly string[] }> {
    const email = normalizeEmail(address ?? this.settings.adminEmail);
    return this.db.transaction(async () => {
      const existing = await this.users.findUserByEmail(email);
      const user = existing ?? (await this.adminFor(email));
      return { email, url: await this.issue(user.id, null), created: !existing, roles: user.roles };
    });
  }

  /**
   * The user with this address, made an admin. Written directly rather than through
   * UsersService.createUser: the default `admin@localhost` has no dot in its domain, which
   * the loose address check (meant for players' typing slips) would refuse.
   */
  private async adminFor(email: string): Promise<User> {
    const existing = await this.users.findUserByEmail(email);
    if (existing) {
      if (!existing.roles.includes('admin')) {
        existing.roles = [...existing.roles, 'admin'];
        await this.userRows.setRoles(existing.id, existing.roles);
      }
      return existing;
    }
    const user = await this.userRows.add({
      displayName: email,
      roles: ['admin'],
      playerId: null,
      language: 'ro',
      createdAt: this.clock.now(),
    });
    await this.userRows.addEmails(user.id, [email], true);
    return user;
  }
}
