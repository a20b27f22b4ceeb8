import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import type { User } from '../auth/user.entity';
import { UserRepository } from '../auth/user.repository';
import type { JsonObject } from '../common/json';
import { Notifications, type Notification } from '../notifications/notifications.service';
import type { Player } from '../players/player.entity';
import { PlayersRepository } from './players.repository';

/** Whose account: the login identity, and the player it plays as (either may be missing). */
export interface AccountOwner {
  readonly user: Pick<User, 'id' | 'displayName' | 'language'> | null;
  readonly player: Pick<Player, 'id' | 'name' | 'language'> | null;
}

/**
 * What every change of an account is followed by (docs/web.md "A player's identity"): a mail to
 * the addresses its owner already confirmed — never to an address still waiting — and an audit
 * entry in each competition the player plays in. Part of the caller's transaction.
 */
@Injectable()
export class AccountNotices {
  constructor(
    private readonly audit: AuditService,
    private readonly notifications: Notifications,
    private readonly players: PlayersRepository,
    private readonly users: UserRepository,
  ) {}

  /** The owner of a player's account: the player and their user. */
  async ownerOfPlayer(player: Pick<Player, 'id' | 'name' | 'language'>): Promise<AccountOwner> {
    return { user: await this.users.ofPlayer(player.id), player };
  }

  /** The owner of a user's account: the user and the player they play as. */
  async ownerOfUser(user: User): Promise<AccountOwner> {
    return { user, player: await this.users.playerOf(user) };
  }

  /**
   * The mails of `template` that reach the owner's confirmed addresses: the player's (read when
   * the mail is sent) and the account's login addresses proven by a login link. Empty when the
   * owner confirmed none: then only an admin can confirm for them.
   */
  async toOwner(owner: AccountOwner, template: string, payload: JsonObject): Promise<Notification[]> {
    const language = owner.player?.language ?? owner.user?.language ?? 'ro';
    const name = owner.player?.name ?? owner.user?.displayName ?? '';
    const gameAddresses = owner.player ? (await this.players.confirmedAddressesOf(owner.player.id)).map((e) => e.address) : [];
    const loginAddresses = owner.user ? (await this.users.confirmedEmailsOf(owner.user.id)).map((e) => e.address) : [];
    const to = { id: owner.player?.id ?? null, language };
    const mails: Notification[] = [];
    if (gameAddresses.length) mails.push({ to, template, payload: { name, ...payload } });
    for (const address of loginAddresses.filter((a) => !gameAddresses.includes(a)))
      mails.push({ to, address, template, payload: { name, ...payload } });
    return mails;
  }

  /** Mails the owner at their confirmed addresses; whether anyone was reachable. */
  async tell(owner: AccountOwner, template: string, payload: JsonObject): Promise<boolean> {
    const mails = await this.toOwner(owner, template, payload);
    if (mails.length) await this.notifications.add(mails);
    return mails.length > 0;
  }

  /** One entry in each competition the player plays in; one outside any when there is none (or no player). */
  async record(actor: Actor, action: string, playerId: string | null, details: JsonObject, asArbiter = false): Promise<void> {
    const competitions = playerId ? await this.players.competitionIdsOf(playerId) : [];
    for (const competitionId of competitions.length ? competitions : [null]) {
      await this.audit.record({ actor, asArbiter, action, competitionId, details: { ...(playerId ? { playerId } : {}), ...details } });
    }
  }
}
