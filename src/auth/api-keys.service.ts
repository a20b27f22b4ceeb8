import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { hasRole, type Actor, type UserActor } from './core/actor';
import type { ApiKey } from './api-key.entity';
import { ApiKeyRepository } from './api-key.repository';
import { forbidden, notFound } from '../common/refusal';
import { UserRepository } from './user.repository';
import { API_KEY_LIFETIME_DAYS, UsersService, type IssuedApiKey } from './users.service';

export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** A key as its owner (or an admin) sees it: never the key itself, which exists only at creation. */
export interface ApiKeySummary {
  readonly id: string;
  readonly userId: string;
  readonly owner: { readonly displayName: string; readonly email: string | null };
  readonly label: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly state: ApiKeyState;
}

export interface ApiKeyFilter {
  /** Only this user's keys (an admin, or the operator's CLI; a user may name only their own address). */
  readonly email?: string;
  /** Every user's keys: an admin or the CLI. */
  readonly all?: boolean;
}

const notYourKey = (id: string) =>
  notFound({ ro: `Nu există cheia API ${id}.`, en: `There is no API key ${id}.`, pl: `Nie ma klucza API ${id}.` });

/**
 * Listing, issuing and revoking API keys (docs/web.md, Security model). A user sees and revokes their own
 * keys; an admin, and the operator at the CLI (the system actor), anyone's. Another user's
 * key is "not found" to a user: its existence is no business of theirs.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly keys: ApiKeyRepository,
    private readonly owners: UserRepository,
  ) {}

  async list(actor: Actor, filter: ApiKeyFilter = {}): Promise<ApiKeySummary[]> {
    const maySeeAll = actor.kind === 'system' || hasRole(actor, 'admin');
    return this.db.run(async () => {
      let userId: string | undefined;
      if (filter.email !== undefined) {
        const owner = await this.users.findUserByEmail(filter.email);
        // Unknown or someone else's, the same answer: the filter does not tell who has an account.
        if (!maySeeAll && owner?.id !== (actor as UserActor).userId) {
          throw forbidden({
            ro: 'Puteți vedea doar cheile dumneavoastră.',
            en: 'You may see only your own keys.',
            pl: 'Możesz zobaczyć tylko własne klucze.',
          });
        }
        if (!owner) return [];
        userId = owner.id;
      } else if (actor.kind === 'user' && !(filter.all && maySeeAll)) {
        userId = actor.userId;
      }
      return this.summaries(await this.keys.listed(userId));
    });
  }

  /** A fresh key for the acting user, from the panel: shown once, with its expiry. */
  async issue(actor: UserActor, label: string, lifetimeDays = API_KEY_LIFETIME_DAYS): Promise<IssuedApiKey> {
    return this.db.transaction(() => this.users.createApiKey(actor.userId, label.trim().slice(0, 100), lifetimeDays));
  }

  /** One key the actor may see (their own; any for an admin or the CLI); anything else is "not found". */
  async find(actor: Actor, id: string): Promise<ApiKeySummary> {
    return this.db.run(async () => {
      const [summary] = await this.summaries([await this.visibleKey(actor, id)]);
      return summary;
    });
  }

  /** Revokes at once; a key already revoked stays revoked at its first time (safe to repeat). */
  async revoke(actor: Actor, id: string): Promise<ApiKeySummary> {
    return this.db.transaction(async () => {
      const key = await this.visibleKey(actor, id);
      await this.users.revokeApiKey(key.id);
      const [summary] = await this.summaries([await this.keys.get(key.id)]);
      return summary;
    });
  }

  private async visibleKey(actor: Actor, id: string): Promise<ApiKey> {
    const key = isUuid(id) ? await this.keys.find(id.toLowerCase()) : null;
    if (!key || !(actor.kind === 'system' || hasRole(actor, 'admin') || key.userId === actor.userId)) throw notYourKey(id);
    return key;
  }

  private async summaries(keys: readonly ApiKey[]): Promise<ApiKeySummary[]> {
    if (!keys.length) return [];
    const [users, emails] = await this.owners.namesAndEmailsOf([...new Set(keys.map((k) => k.userId))]);
    const name = new Map(users.map((u) => [u.id, u.displayName]));
    const email = new Map<string, string>();
    for (const e of emails) if (!email.has(e.userId)) email.set(e.userId, e.address);
    const now = this.clock.now().getTime();
    return keys.map((k) => ({
      id: k.id,
      userId: k.userId,
      owner: { displayName: name.get(k.userId) ?? '', email: email.get(k.userId) ?? null },
      label: k.label,
      createdAt: k.createdAt,
      expiresAt: k.expiresAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
      state: k.revokedAt ? 'revoked' : k.expiresAt.getTime() <= now ? 'expired' : 'active',
    }));
  }
}
