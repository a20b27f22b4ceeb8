import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { advisoryLockKey } from '../database/advisory-lock';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { insertRows } from '../database/insert-rows';
import { Player, type Language } from '../players/player.entity';
import type { Role } from './core/actor';
import { AccountJoin } from './account-join.entity';
import { UserEmail } from './user-email.entity';
import { User, type CaseMailChoice } from './user.entity';

/** A user row before it is written: the id and the defaults are the repository's. */
export interface NewUserRow {
  readonly displayName: string;
  readonly roles: Role[];
  readonly playerId: string | null;
  readonly createdAt: Date;
  /** Left to the column's default ('ro') when not given. */
  readonly language?: Language;
}

/** Every query on users and their addresses, in the unit of work the caller opened. */
@Injectable()
export class UserRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  find(userId: string): Promise<User | null> {
    return this.m.findOneBy(User, { id: userId });
  }

  /** The user and their player's row in one query: every page asks for both. */
  findWithPlayer(userId: string): Promise<User | null> {
    return this.m.findOne(User, { where: { id: userId }, relations: { player: true } });
  }

  /** The user owning this address (already normalised). */
  withEmail(address: string): Promise<User | null> {
    return this.m
      .createQueryBuilder(User, 'u')
      .innerJoin(UserEmail, 'e', 'e.user_id = u.id')
      .where('e.address = :address', { address })
      .getOne();
  }

  /** Which of these addresses (already normalised) log a user in, each with its user, in one query. */
  emailsTakenWithUsers(addresses: readonly string[]): Promise<Array<UserEmail & { user: User }>> {
    return this.m.find(UserEmail, { where: { address: In([...addresses]) }, relations: { user: true } }) as Promise<
      Array<UserEmail & { user: User }>
    >;
  }

  /** The user who plays as this player, if any. */
  ofPlayer(playerId: string): Promise<User | null> {
    return this.m.findOneBy(User, { playerId });
  }

  /** The users who play as these players. */
  ofPlayers(playerIds: readonly string[]): Promise<User[]> {
    return this.m.findBy(User, { playerId: In([...playerIds]) });
  }

  /** Which of these addresses some user already has. */
  emailsTaken(addresses: readonly string[]): Promise<UserEmail[]> {
    return this.m.findBy(UserEmail, { address: In([...addresses]) });
  }

  /** Every address of these users. */
  emailsOf(userIds: readonly string[]): Promise<UserEmail[]> {
    return this.m.findBy(UserEmail, { userId: In([...userIds]) });
  }

  /** A user's addresses, verified first (a claim's answer names the arbiter's). */
  addressesOf(userId: string): Promise<UserEmail[]> {
    return this.m.find(UserEmail, { where: { userId }, order: { verified: 'DESC', address: 'ASC' } });
  }

  /** Their rows and their addresses (alphabetically), for naming the owners of a list of things. */
  namesAndEmailsOf(userIds: readonly string[]): Promise<[User[], UserEmail[]]> {
    const m = this.m;
    return independentQueries(m, [
      () => m.findBy(User, { id: In([...userIds]) }),
      () => m.find(UserEmail, { where: { userId: In([...userIds]) }, order: { address: 'ASC' } }),
    ]);
  }

  async add(row: NewUserRow): Promise<User> {
    const user = this.m.create(User, { id: randomUUID(), ...row });
    await this.m.insert(User, user);
    return user;
  }

  /** Several users in as few statements as the parameters allow. */
  async addMany(rows: readonly NewUserRow[]): Promise<User[]> {
    const users = rows.map((row) => this.m.create(User, { id: randomUUID(), ...row }));
    await insertRows(this.m, User, ...users);
    return users;
  }

  /** Addresses of several users, in as few statements as the parameters allow. */
  async addEmailRows(rows: ReadonlyArray<{ readonly userId: string; readonly address: string }>, verified: boolean): Promise<void> {
    await insertRows(this.m, UserEmail, ...rows.map((r) => this.m.create(UserEmail, { id: randomUUID(), ...r, verified })));
  }

  async addEmails(userId: string, addresses: readonly string[], verified: boolean): Promise<void> {
    await this.m.insert(
      UserEmail,
      addresses.map((address) => ({ id: randomUUID(), userId, address, verified })),
    );
  }

  async setRoles(userId: string, roles: Role[]): Promise<void> {
    await this.m.update(User, { id: userId }, { roles });
  }

  async linkPlayer(userId: string, playerId: string, roles: Role[]): Promise<void> {
    await this.m.update(User, { id: userId }, { playerId, roles });
  }

  /** The address is the user's, proven (a login link mailed to it was used). */
  async markEmailVerified(userId: string, address: string): Promise<void> {
    await this.m.update(UserEmail, { userId, address }, { verified: true });
  }

  /** How the arbiter is told of their cases (docs/mail-rules.md 20). */
  async setCaseMail(userId: string, caseMail: CaseMailChoice): Promise<void> {
    await this.m.update(User, { id: userId }, { caseMail });
  }

  /** The name the user signs with (an arbiter's, on sheets and mail). */
  async setDisplayName(userId: string, displayName: string): Promise<void> {
    await this.m.update(User, { id: userId }, { displayName });
  }

  /** The user's page language, and their player's (their mail's) when they play. */
  async setLanguage(user: Pick<User, 'id' | 'playerId'>, language: Language): Promise<void> {
    await this.m.update(User, { id: user.id }, { language });
    if (user.playerId) await this.m.update(Player, { id: user.playerId }, { language });
  }

  /** The player a user plays as (their name and mail language). */
  playerOf(user: Pick<User, 'playerId'>): Promise<Player | null> {
    return user.playerId ? this.m.findOneBy(Player, { id: user.playerId }) : Promise.resolve(null);
  }

  /** The account's addresses proven by a login link, in address order. */
  confirmedEmailsOf(userId: string): Promise<UserEmail[]> {
    return this.m.find(UserEmail, { where: { userId, verified: true }, order: { address: 'ASC' } });
  }

  async removeEmail(userId: string, address: string): Promise<void> {
    await this.m.delete(UserEmail, { userId, address });
  }

  /**
   * The player's own account when its owner joined the player to another: it plays no more, and
   * with no role left it keeps no address to log in with.
   */
  async unlinkPlayer(userId: string, roles: Role[]): Promise<void> {
    if (!roles.length) await this.m.delete(UserEmail, { userId });
    await this.m.update(User, { id: userId }, { playerId: null, roles });
  }

  async addJoin(join: AccountJoin): Promise<void> {
    await this.m.createQueryBuilder().insert().into(AccountJoin).values(join).orIgnore().execute();
  }

  join(id: string): Promise<AccountJoin | null> {
    return this.m.findOneBy(AccountJoin, { id });
  }

  /** The joins waiting for this account's owner, oldest first, with their players. */
  joinsOf(userId: string): Promise<AccountJoin[]> {
    return this.m.find(AccountJoin, { where: { userId }, relations: { player: true }, order: { createdAt: 'ASC' } });
  }

  /** The joins asked of this player or of this account: one join ends them all. */
  joinsOfEither(userId: string, playerId: string): Promise<AccountJoin[]> {
    return this.m.find(AccountJoin, { where: [{ userId }, { playerId }] });
  }

  /** The joins asked for this address of the player (it left them). */
  async removeJoinsFor(playerId: string, address: string): Promise<void> {
    await this.m.delete(AccountJoin, { playerId, address });
  }

  async removeJoins(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.m.delete(AccountJoin, { id: In([...ids]) });
  }

  anAdminExists(): Promise<boolean> {
    return this.m.createQueryBuilder(User, 'u').where(`'admin' = ANY(u.roles)`).getExists();
  }

  /** Until the transaction ends, on every instance: the first admin is made once. */
  async lockFirstAdmin(): Promise<void> {
    await this.m.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey('first-admin')]);
  }

  /** A confirmed address becomes a login address of the player's user, if they have one and nobody holds it. */
  async giveToPlayersUser(playerId: string, address: string): Promise<void> {
    const user = await this.m.findOneBy(User, { playerId });
    if (user && !(await this.m.existsBy(UserEmail, { address }))) {
      await this.m.insert(UserEmail, { id: randomUUID(), userId: user.id, address, verified: true });
    }
  }

  /** The anonymisation (personal-data.service.ts): none of the user's addresses stays. */
  async removeUserEmails(userId: string): Promise<void> {
    await this.m.delete(UserEmail, { userId });
  }
}
