import { Injectable } from '@nestjs/common';
import { hasRole, type Actor, type UserActor } from '../auth/core/actor';
import { decideArbiterName } from '../auth/core/arbiter-name';
import { personName } from '../auth/display-name';
import { normalizeEmail } from '../auth/core/email-address';
import { hashSessionId } from '../auth/session-store';
import type { User } from '../auth/user.entity';
import { UserRepository } from '../auth/user.repository';
import { WebSessionRepository } from '../auth/web-session.repository';
import { Clock } from '../common/clock';
import { forbidden, notFound, Refusal } from '../common/refusal';
import { Database } from '../database/database';
import type { Player } from '../players/player.entity';
import { AccountNotices } from './account-notices.service';
import { CompetitionsRepository } from './competitions.repository';
import { PlayerIdentityService } from './player-identity.service';
import { PlayersRepository } from './players.repository';

/** One address of the account as its owner reads it. */
export interface AccountAddress {
  readonly address: string;
  /** Logs the owner in. */
  readonly login: boolean;
  /** Gets the player's game mail and sends their moves (once confirmed). */
  readonly game: boolean;
  readonly confirmed: boolean;
  /** Added to the player, waiting for the owner's approval. */
  readonly waiting: boolean;
  /** Waiting for the owner of the account it logs in, who alone may join it. */
  readonly otherAccount: boolean;
  readonly removable: boolean;
}

export interface AccountModel {
  readonly name: string;
  /** An arbiter's or admin's name as sheets and mail print it, which they set here. */
  readonly arbiterName?: string;
  readonly addresses: readonly AccountAddress[];
  readonly joins: readonly { readonly id: string; readonly player: string; readonly competition: string; readonly address: string }[];
  readonly sessions: readonly { readonly since: Date; readonly until: Date; readonly current: boolean }[];
}

/**
 * A user's own account (docs/web.md "A player's identity"): their addresses, the joins and the
 * addresses waiting for their consent, their open sessions. Every change is mailed to the
 * addresses they confirmed and audited in each competition their player plays in.
 */
@Injectable()
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly users: UserRepository,
    private readonly players: PlayersRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly identity: PlayerIdentityService,
    private readonly owners: AccountNotices,
    private readonly sessions: WebSessionRepository,
  ) {}

  /**
   * The arbiter's own name (docs/web.md "The arbiter's name"): it signs the sheets and the mails
   * of their competitions. A player's name is the one registered, changed by the arbiter.
   */
  setArbiterName(actor: Actor, input: unknown): Promise<{ readonly name: string }> {
    if (actor.kind !== 'user' || !(hasRole(actor, 'arbiter') || hasRole(actor, 'admin'))) {
      throw forbidden({
        ro: 'Numele de arbitru îl are doar un arbitru; numele unui jucător îl schimbă arbitrul competiției.',
        en: "Only an arbiter has an arbiter's name; a player's name is changed by the competition's arbiter.",
        pl: 'Nazwisko sędziego ma tylko sędzia; nazwisko gracza zmienia sędzia rozgrywek.',
      });
    }
    const name = decideArbiterName(input);
    if (name instanceof Refusal) throw name;
    return this.db.transaction(async () => {
      await this.account(actor);
      await this.users.setDisplayName(actor.userId, name);
      return { name };
    });
  }

  /** The name the user signs with, as sheets and mail print it. */
  arbiterName(actor: Actor): Promise<{ readonly name: string }> {
    if (actor.kind !== 'user')
      throw forbidden({ ro: 'Doar un utilizator are un nume.', en: 'Only a user has a name.', pl: 'Imię i nazwisko ma tylko użytkownik.' });
    return this.db.run(async () => ({ name: personName((await this.account(actor)).user.displayName) }));
  }

  load(actor: UserActor, sid: string): Promise<AccountModel> {
    return this.db.run(async () => {
      const { user, player } = await this.account(actor);
      const addresses = await this.addressesOf(user, player);
      const waiting = await this.users.joinsOf(user.id);
      const competitions = await this.competitions.namesOf(waiting.flatMap((j) => (j.competitionId ? [j.competitionId] : [])));
      const joins = waiting.map((join) => ({
        id: join.id,
        player: join.player?.name ?? '',
        competition: (join.competitionId && competitions.get(join.competitionId)) || '',
        address: join.address,
      }));
      const current = hashSessionId(sid);
      const sessions = (await this.sessions.openOf(user.id, this.clock.now())).map((s) => ({
        since: s.createdAt,
        until: s.expiresAt,
        current: s.sidHash === current,
      }));
      const signs = actor.roles.includes('arbiter') || actor.roles.includes('admin');
      return {
        name: player?.name ?? user.displayName,
        ...(signs && { arbiterName: personName(user.displayName) }),
        addresses,
        joins,
        sessions,
      };
    });
  }

  /** Approves an address added to the owner's player: it gets game mail, sends moves and logs in. */
  async approveAddress(actor: UserActor, address: string): Promise<void> {
    await this.db.transaction(async () => {
      const { player } = await this.account(actor);
      const row = player && (await this.waitingAddress(player, address));
      await this.identity.approveByOwner(actor, row!);
    });
  }

  /** Refuses an address added to the owner's player: it is gone, with its link. */
  async refuseAddress(actor: UserActor, address: string): Promise<void> {
    await this.db.transaction(async () => {
      const { user, player } = await this.account(actor);
      const row = player && (await this.waitingAddress(player, address));
      await this.players.removeAddress(player!.id, row!.address);
      await this.told(actor, user, player, 'player.address_refused', { change: 'address-refused', address: row!.address });
    });
  }

  /** Removes one of the owner's addresses, login and game alike; never the last confirmed one nor the last login. */
  async removeAddress(actor: UserActor, address: string): Promise<void> {
    const email = normalizeEmail(address);
    await this.db.transaction(async () => {
      const { user, player } = await this.account(actor);
      const entry = (await this.addressesOf(user, player)).find((a) => a.address === email);
      if (!entry)
        throw notFound({
          ro: `Adresa ${email} nu este a contului.`,
          en: `The address ${email} is not the account's.`,
          pl: `Adres ${email} nie należy do tego konta.`,
        });
      if (!entry.removable) {
        throw new Refusal(
          'LAST_ADDRESS',
          {
            ro: `Adresa ${email} este ultima confirmată (sau ultima de autentificare) a contului: adăugați și confirmați alta înainte.`,
            en: `The address ${email} is the account's last confirmed (or last login) address: add and confirm another first.`,
            pl: `Adres ${email} jest ostatnim potwierdzonym (lub ostatnim do logowania) adresem konta: najpierw dodaj i potwierdź inny.`,
          },
          409,
        );
      }
      if (entry.game) await this.players.removeAddress(player!.id, email);
      if (entry.login) await this.users.removeEmail(user.id, email);
      await this.told(actor, user, player, 'player.address_removed', { change: 'address-removed', address: email });
    });
  }

  /**
   * The owner joins their account to the player registered with its address: from their own
   * session only. The player's own account retires; its other addresses, typed by an arbiter,
   * wait for the owner's approval, so none of them logs in as the owner.
   */
  async acceptJoin(actor: UserActor, joinId: string): Promise<void> {
    await this.db.transaction(async () => {
      const { user } = await this.account(actor);
      const join = await this.joinOf(user, joinId);
      if (user.playerId) {
        throw new Refusal(
          'ALREADY_PLAYS',
          {
            ro: 'Contul joacă deja ca alt jucător.',
            en: 'The account already plays as another player.',
            pl: 'Konto gra już jako inny gracz.',
          },
          409,
        );
      }
      const player = await this.players.get(join.playerId);
      const own = await this.users.ofPlayer(player.id);
      if (own && own.id !== user.id) {
        await this.sessions.removeAllOf(own.id);
        await this.users.unlinkPlayer(
          own.id,
          own.roles.filter((r) => r !== 'player'),
        );
      }
      const logins = (await this.users.emailsOf([user.id])).map((e) => e.address);
      await this.players.holdForOwner(player.id, logins);
      const row = await this.players.address(join.address);
      if (row) await this.players.confirm(row.id);
      await this.users.linkPlayer(user.id, player.id, user.roles.includes('player') ? user.roles : [...user.roles, 'player']);
      await this.dropJoins(await this.users.joinsOfEither(user.id, player.id));
      await this.told(actor, user, player, 'player.joined', { change: 'join-accepted', player: player.name });
    });
  }

  /** The owner refuses a join: the player keeps no trace of the account's address. */
  async refuseJoin(actor: UserActor, joinId: string): Promise<void> {
    await this.db.transaction(async () => {
      const { user, player } = await this.account(actor);
      const join = await this.joinOf(user, joinId);
      await this.dropJoins([join]);
      const joined = await this.players.get(join.playerId);
      await this.owners.tell({ user, player }, 'account-changed', { change: 'join-refused', player: joined.name });
      await this.owners.record(actor, 'player.join_refused', joined.id, {});
    });
  }

  /** Ends every session of the owner's but the one asking; how many ended. */
  async endOtherSessions(actor: UserActor, sid: string): Promise<number> {
    return this.db.transaction(async () => {
      const { user, player } = await this.account(actor);
      const ended = await this.sessions.removeOthersOf(user.id, hashSessionId(sid));
      await this.told(actor, user, player, 'user.sessions_ended', { change: 'sessions-ended', sessions: ended });
      return ended;
    });
  }

  private async account(actor: UserActor): Promise<{ user: User; player: Player | null }> {
    const user = await this.users.find(actor.userId);
    if (!user) throw notFound({ ro: 'Contul nu mai există.', en: 'The account no longer exists.', pl: 'Konto już nie istnieje.' });
    return { user, player: await this.users.playerOf(user) };
  }

  private async addressesOf(user: User, player: Player | null): Promise<AccountAddress[]> {
    const logins = await this.users.emailsOf([user.id]);
    const games = player ? await this.players.addressesOf([player.id]) : [];
    const all = [...new Set([...logins, ...games].map((e) => e.address))].sort();
    const confirmed = (a: string) => logins.some((e) => e.address === a && e.verified) || games.some((e) => e.address === a && e.verified);
    const confirmedCount = all.filter(confirmed).length;
    const loginCount = logins.length;
    const rows: AccountAddress[] = [];
    for (const address of all) {
      const login = logins.some((e) => e.address === address);
      const game = games.find((e) => e.address === address);
      const waiting = !!game && !game.verified && !login;
      const otherAccount = waiting && !!(await this.players.otherAccountWith(address, user.id));
      const isConfirmed = confirmed(address);
      rows.push({
        address,
        login,
        game: !!game,
        confirmed: isConfirmed,
        waiting,
        otherAccount,
        removable: !waiting && !(isConfirmed && confirmedCount === 1) && !(login && loginCount === 1),
      });
    }
    return rows;
  }

  private async waitingAddress(player: Player, address: string) {
    const email = normalizeEmail(address);
    const row = (await this.players.addressesOf([player.id])).find((e) => e.address === email && !e.verified);
    if (!row)
      throw notFound({
        ro: `Adresa ${email} nu așteaptă aprobarea.`,
        en: `The address ${email} is not waiting for approval.`,
        pl: `Adres ${email} nie czeka na zatwierdzenie.`,
      });
    return row;
  }

  /** The owner's own join; another's answers as one that does not exist. */
  private async joinOf(user: User, joinId: string) {
    const join = /^[0-9a-f-]{36}$/i.test(joinId) ? await this.users.join(joinId) : null;
    if (!join || join.userId !== user.id)
      throw notFound({
        ro: 'Cererea nu există (sau a primit deja răspuns).',
        en: 'There is no such request (or it was answered).',
        pl: 'Nie ma takiej prośby (albo już na nią odpowiedziano).',
      });
    return join;
  }

  /** Joins answered or made moot: the account's address waiting on each player goes with them. */
  private async dropJoins(joins: readonly { id: string; playerId: string; address: string }[]): Promise<void> {
    for (const join of joins) {
      const row = await this.players.address(join.address);
      if (row && row.playerId === join.playerId && !row.verified) await this.players.removeAddress(join.playerId, join.address);
    }
    await this.users.removeJoins(joins.map((j) => j.id));
  }

  private async told(
    actor: Actor,
    user: User,
    player: Player | null,
    action: string,
    payload: { change: string; address?: string; player?: string; sessions?: number },
  ): Promise<void> {
    await this.owners.tell({ user, player }, 'account-changed', payload);
    const { change: _change, ...details } = payload;
    await this.owners.record(actor, action, player?.id ?? null, details);
  }
}
