import { Injectable } from '@nestjs/common';
import { In, MoreThan, type EntityManager } from 'typeorm';
import { UserEmail } from '../auth/user-email.entity';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';
import { Registration } from './registration.entity';

export type NewPlayer = Omit<Player, 'mailDigest'>;
export type NewPlayerEmail = Omit<PlayerEmail, 'player' | 'confirmTokenHash' | 'confirmExpiresAt'> &
  Partial<Pick<PlayerEmail, 'confirmTokenHash' | 'confirmExpiresAt'>>;
type PlayerFacts = Partial<Pick<Player, 'name' | 'club' | 'language' | 'previousCoefficient' | 'previousRank'>>;

/** The people competitions register (src/players' rows): players and their addresses, in the caller's unit of work. */
@Injectable()
export class PlayersRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  get(id: string): Promise<Player> {
    return this.m.findOneByOrFail(Player, { id });
  }

  byIds(ids: readonly string[]): Promise<Player[]> {
    return this.m.findBy(Player, { id: In([...ids]) });
  }

  /** Names by player id; ids may repeat or be missing. */
  async names(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (!wanted.length) return new Map();
    const players = await this.m.find(Player, { where: { id: In(wanted) }, select: { id: true, name: true } });
    return new Map(players.map((p) => [p.id, p.name]));
  }

  /** New players and the addresses they are registered with. */
  async create(players: readonly NewPlayer[], addresses: readonly NewPlayerEmail[]): Promise<void> {
    // In statements of at most 65,535 parameters each, however long the list.
    await insertRows(this.m, Player, ...(players as Player[]));
    await insertRows(this.m, PlayerEmail, ...(addresses as PlayerEmail[]));
  }

  async update(id: string, facts: PlayerFacts): Promise<void> {
    await this.m.update(Player, { id }, facts);
  }

  /** Every address of these players, confirmed or not. */
  addressesOf(playerIds: readonly string[]): Promise<PlayerEmail[]> {
    return this.m.findBy(PlayerEmail, { playerId: In([...playerIds]) });
  }

  async addAddress(address: NewPlayerEmail): Promise<void> {
    await this.m.insert(PlayerEmail, address);
  }

  hasConfirmedAddress(playerId: string): Promise<boolean> {
    return this.m.existsBy(PlayerEmail, { playerId, verified: true });
  }

  isAddressTaken(address: string): Promise<boolean> {
    return this.m.existsBy(PlayerEmail, { address });
  }

  address(address: string): Promise<PlayerEmail | null> {
    return this.m.findOneBy(PlayerEmail, { address });
  }

  addressWithToken(tokenHash: string): Promise<PlayerEmail | null> {
    return this.m.findOneBy(PlayerEmail, { confirmTokenHash: tokenHash });
  }

  /** One guarded UPDATE, so a link confirms once: whether this call confirmed the address. */
  async confirmWithToken(tokenHash: string, now: Date): Promise<boolean> {
    const claimed = await this.m.update(
      PlayerEmail,
      { confirmTokenHash: tokenHash, verified: false, confirmExpiresAt: MoreThan(now) },
      { verified: true, confirmTokenHash: null, confirmExpiresAt: null },
    );
    return !!claimed.affected;
  }

  async confirm(addressId: string): Promise<void> {
    await this.m.update(PlayerEmail, { id: addressId }, { verified: true, confirmTokenHash: null, confirmExpiresAt: null });
  }

  /** The player's addresses that give game mail and send moves, in address order. */
  confirmedAddressesOf(playerId: string): Promise<PlayerEmail[]> {
    return this.m.find(PlayerEmail, { where: { playerId, verified: true }, order: { address: 'ASC' } });
  }

  /** The account of another user than `userId` that logs in with this address, if any. */
  async otherAccountWith(address: string, userId: string | null): Promise<string | null> {
    const row = await this.m.findOneBy(UserEmail, { address });
    return row && row.userId !== userId ? row.userId : null;
  }

  /** The competitions the player is registered in (their audit logs hear of the player's account). */
  async competitionIdsOf(playerId: string): Promise<string[]> {
    return (await this.m.find(Registration, { where: { playerId }, select: { competitionId: true } })).map((r) => r.competitionId);
  }

  /** An address the owner refused or removed; its link, if any, goes with it. */
  async removeAddress(playerId: string, address: string): Promise<boolean> {
    return !!(await this.m.delete(PlayerEmail, { playerId, address })).affected;
  }

  /** A joined player's addresses that are not the account's wait for its owner's approval. */
  async holdForOwner(playerId: string, except: readonly string[]): Promise<string[]> {
    const rows = await this.m.findBy(PlayerEmail, { playerId, verified: true });
    const held = rows.filter((r) => !except.includes(r.address)).map((r) => r.address);
    if (held.length) await this.m.update(PlayerEmail, { playerId, address: In(held) }, { verified: false });
    return held;
  }

  /** DIGEST ON|OFF (docs/mail-rules.md 17): the player's choice, for all their games. */
  async chooseDigest(playerId: string, on: boolean): Promise<void> {
    await this.m.update(Player, { id: playerId }, { mailDigest: on });
  }

  /** The anonymisation (personal-data.service.ts): a name that identifies nobody, no club. */
  async renamePlayer(playerId: string, name: string): Promise<void> {
    await this.m.update(Player, { id: playerId }, { name, club: null });
  }

  async removePlayerEmails(playerId: string): Promise<void> {
    await this.m.delete(PlayerEmail, { playerId });
  }
}
