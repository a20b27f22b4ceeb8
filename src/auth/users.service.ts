import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { sha256Hex } from '../common/hash';
import { cleanName } from '../common/names';
import { Database } from '../database/database';
import { hasRole, type Actor, type Role, type UserActor } from './core/actor';
import { ApiKeyRepository } from './api-key.repository';
import { isEmailAddress, normalizeEmail } from './core/email-address';
import { forbidden, Refusal } from '../common/refusal';
import { CASE_MAIL_CHOICES, User, type CaseMailChoice } from './user.entity';
import { UserRepository } from './user.repository';

/** Players whose users one import writes in one go: a few statements each, well within PostgreSQL's 65,535 parameters. */
const PLAYER_USERS_PER_CHUNK = 500;

/** The addresses normalised, once each; a malformed one refuses them all. */
function checkedAddresses(addresses: readonly string[]): string[] {
  const emails = [...new Set(addresses.map(normalizeEmail))];
  for (const address of emails) {
    if (!isEmailAddress(address)) {
      throw new Refusal('BAD_INPUT', {
        ro: `„${address}” nu este o adresă de e-mail.`,
        en: `"${address}" is not an e-mail address.`,
        pl: `„${address}” nie jest adresem e-mail.`,
      });
    }
  }
  return emails;
}

export interface NewUser {
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly emails: readonly string[];
  /** Whether the addresses are known to be the user's (typed by the operator) or still to be proven (imported). */
  readonly verified?: boolean;
  readonly playerId?: string | null;
}

/** A fresh API key: the clear key exists only in this value, the database keeps its hash. */
export interface IssuedApiKey {
  readonly id: string;
  readonly userId: string;
  readonly key: string;
  /** When the key stops working; shown with the key. */
  readonly expiresAt: Date;
}

/** A key lives a year unless its maker asks for less (or more). */
export const API_KEY_LIFETIME_DAYS = 365;

/** Why a clear key does not let its bearer in; the guard tells them which. */
export type ApiKeyCheck =
  | { readonly ok: true; readonly actor: UserActor }
  | { readonly ok: false; readonly reason: 'unknown' | 'revoked' | 'expired'; readonly at?: Date };

/** Keys look like `csk_` + 43 base64url characters (256 random bits): recognisable in logs, unguessable. */
const KEY_PREFIX = 'csk_';
/** Writing last_used_at on every request would turn reads into writes; once a minute is enough to see a key is alive. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/**
 * Users, their addresses and API keys. Methods other than the key checks and
 * `issueApiKeyForEmail` are parts of the caller's action: they run in the unit of work it opened.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UserRepository,
    private readonly keys: ApiKeyRepository,
  ) {}

  /** The arbiter's own mail settings (docs/mail-rules.md 20): how they are told of their cases. */
  arbiterSettings(actor: Actor): Promise<{ caseMail: CaseMailChoice }> {
    const userId = arbiterOf(actor);
    return this.db.run(async () => ({ caseMail: (await this.users.find(userId))?.caseMail ?? 'digest' }));
  }

  /** Sets how the arbiter is told of their cases: one mail each at once, or the daily digest. */
  async setArbiterSettings(actor: Actor, input: { caseMail?: string }): Promise<{ caseMail: CaseMailChoice }> {
    const userId = arbiterOf(actor);
    const caseMail = input.caseMail;
    if (!CASE_MAIL_CHOICES.includes(caseMail as CaseMailChoice))
      throw new Refusal('BAD_INPUT', {
        ro: 'Alegeți cum primiți cazurile: „at-once” (câte un e-mail, imediat) sau „digest” (rezumatul zilnic).',
        en: 'Choose how you get your cases: "at-once" (one mail each, at once) or "digest" (the daily digest).',
        pl: 'Wybierz, jak otrzymujesz sprawy: „at-once” (każda osobnym e-mailem, od razu) albo „digest” (codzienne zestawienie).',
      });
    await this.db.transaction(() => this.users.setCaseMail(userId, caseMail as CaseMailChoice));
    return { caseMail: caseMail as CaseMailChoice };
  }

  async createUser(input: NewUser): Promise<User> {
    const emails = checkedAddresses(input.emails);
    const taken = emails.length ? await this.users.emailsTaken(emails) : [];
    if (taken.length) {
      throw new Refusal(
        'EMAIL_TAKEN',
        {
          ro: `Adresa ${taken[0].address} aparține deja altui utilizator.`,
          en: `The address ${taken[0].address} already belongs to another user.`,
          pl: `Adres ${taken[0].address} należy już do innego użytkownika.`,
        },
        409,
      );
    }
    const user = await this.users.add({
      displayName: cleanName(input.displayName),
      roles: [...new Set(input.roles)],
      playerId: input.playerId ?? null,
      createdAt: this.clock.now(),
    });
    if (emails.length) await this.users.addEmails(user.id, emails, input.verified ?? false);
    return user;
  }

  findUserByEmail(address: string): Promise<User | null> {
    return this.users.withEmail(normalizeEmail(address));
  }

  findUser(userId: string): Promise<User | null> {
    return this.users.find(userId);
  }

  /** The user with this address holding `role`: given the role if they lack it, created if nobody has the address. */
  async ensureUserWithRole({
    email,
    role,
    displayName,
  }: {
    email: string;
    role: Role;
    displayName?: string;
  }): Promise<{ user: User; created: boolean }> {
    const existing = await this.findUserByEmail(email);
    if (existing) {
      if (!existing.roles.includes(role)) {
        existing.roles = [...existing.roles, role];
        await this.users.setRoles(existing.id, existing.roles);
      }
      return { user: existing, created: false };
    }
    const user = await this.createUser({
      displayName: displayName ?? normalizeEmail(email),
      roles: [role],
      emails: [email],
      // The operator typed this address for this person: nothing left to prove.
      verified: true,
    });
    return { user, created: true };
  }

  /**
   * The login identities of players just registered (docs/rules.md §6 Identity: users are linked to players).
   * Never an existing account: docs/web.md "A player's identity" — an address that already logs
   * someone in stays theirs, and its owner alone joins their account to the player (AccountService).
   * Each player's own user gets the other addresses, still to be verified at their first login.
   * A few statements per chunk of players, however long the list (a federation's import).
   */
  async ensurePlayerUsers(
    players: ReadonlyArray<{ readonly id: string; readonly name: string; readonly emails: readonly string[] }>,
  ): Promise<void> {
    for (let i = 0; i < players.length; i += PLAYER_USERS_PER_CHUNK) {
      const chunk = players.slice(i, i + PLAYER_USERS_PER_CHUNK);
      const linked = new Set((await this.users.ofPlayers(chunk.map((p) => p.id))).map((u) => u.playerId));
      const unlinked = chunk.filter((p) => !linked.has(p.id)).map((p) => ({ ...p, emails: checkedAddresses(p.emails) }));
      if (!unlinked.length) continue;
      const addresses = unlinked.flatMap((p) => p.emails);
      const owned = new Set((addresses.length ? await this.users.emailsTaken(addresses) : []).map((e) => e.address));
      const now = this.clock.now();
      const users = await this.users.addMany(
        unlinked.map((p) => ({ displayName: cleanName(p.name), roles: ['player'], playerId: p.id, createdAt: now })),
      );
      const emails: { userId: string; address: string }[] = [];
      unlinked.forEach((p, j) => {
        for (const address of p.emails) {
          if (owned.has(address)) continue;
          owned.add(address);
          emails.push({ userId: users[j].id, address });
        }
      });
      await this.users.addEmailRows(emails, false);
    }
  }

  /** The accounts that log in with any of these addresses (already normalised), by address. */
  async accountsWith(addresses: readonly string[]): Promise<Map<string, User>> {
    if (!addresses.length) return new Map();
    return new Map((await this.users.emailsTakenWithUsers(addresses)).map((e) => [e.address, e.user]));
  }

  async createApiKey(userId: string, label = '', lifetimeDays = API_KEY_LIFETIME_DAYS): Promise<IssuedApiKey> {
    if (!Number.isInteger(lifetimeDays) || lifetimeDays < 1 || lifetimeDays > 5 * 366) {
      throw new Refusal('BAD_INPUT', {
        ro: 'O cheie API trăiește între 1 și 1830 de zile.',
        en: 'An API key lives from 1 to 1830 days.',
        pl: 'Klucz API jest ważny od 1 do 1830 dni.',
      });
    }
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = randomUUID();
    const createdAt = this.clock.now();
    const expiresAt = new Date(createdAt.getTime() + lifetimeDays * 86_400_000);
    await this.keys.add({
      id,
      userId,
      keyHash: hashApiKey(key),
      label,
      createdAt,
      expiresAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { id, userId, key, expiresAt };
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.keys.revoke(id, this.clock.now());
  }

  /** The acting user behind a clear API key, or null for an unknown, revoked or expired key. */
  async actorForApiKey(key: string): Promise<UserActor | null> {
    const check = await this.checkApiKey(key);
    return check.ok ? check.actor : null;
  }

  /** The acting user behind a clear API key, or why there is none (revoked and expired keys say so). */
  async checkApiKey(key: string): Promise<ApiKeyCheck> {
    if (!key.startsWith(KEY_PREFIX)) return { ok: false, reason: 'unknown' };
    return this.db.run(async () => {
      const row = await this.keys.withHash(hashApiKey(key));
      if (!row?.user) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked', at: row.revokedAt };
      const now = this.clock.now();
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired', at: row.expiresAt };
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
        await this.keys.markUsed(row.id, now);
      }
      return { ok: true, actor: actorOf(row.user) };
    });
  }

  /** `admin api-key EMAIL`: a fresh key for the user with that address, creating an admin when nobody has it. */
  async issueApiKeyForEmail(
    email: string,
    label = 'cli',
    lifetimeDays = API_KEY_LIFETIME_DAYS,
  ): Promise<IssuedApiKey & { created: boolean; roles: readonly Role[] }> {
    if (!isEmailAddress(normalizeEmail(email))) {
      throw new Refusal('BAD_INPUT', {
        ro: `„${email}” nu este o adresă de e-mail.`,
        en: `"${email}" is not an e-mail address.`,
        pl: `„${email}” nie jest adresem e-mail.`,
      });
    }
    return this.db.transaction(async () => {
      let user = await this.findUserByEmail(email);
      let created = false;
      if (!user) {
        ({ user, created } = await this.ensureUserWithRole({ email, role: 'admin' }));
      }
      const issued = await this.createApiKey(user.id, label, lifetimeDays);
      return { ...issued, created, roles: user.roles };
    });
  }
}

export function actorOf(user: Pick<User, 'id' | 'roles' | 'playerId'>): UserActor {
  return { kind: 'user', userId: user.id, roles: user.roles, ...(user.playerId ? { playerId: user.playerId } : {}) };
}

/** The arbiter's own user: only an arbiter or an admin has arbiter settings. */
function arbiterOf(actor: Actor): string {
  if (actor.kind !== 'user' || !(hasRole(actor, 'arbiter') || hasRole(actor, 'admin')))
    throw forbidden({
      ro: 'Doar un arbitru are aceste setări.',
      en: 'Only an arbiter has these settings.',
      pl: 'Te ustawienia ma tylko sędzia.',
    });
  return actor.userId;
}
