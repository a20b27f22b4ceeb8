import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { isUuid } from '../common/ids';
import { Competition } from './competition.entity';
import { Group } from './group.entity';
import { PlayerEmail } from '../players/player-email.entity';
import { Player } from '../players/player.entity';
import { Registration } from './registration.entity';
import { Sequence } from './sequence.entity';

// Kept while src/arbiter's new case and appeal services (another engineer's, in progress) import it from here.

/** A registration with its player and the player's addresses. */
export interface Entry {
  readonly registration: Registration;
  readonly player: Player;
  /** Confirmed addresses (those that get mail and may send moves). */
  readonly emails: readonly string[];
  /** Addresses added to the player, waiting for their owner's confirmation. */
  readonly pendingEmails: readonly string[];
}

/** Every query of the competitions feature; each takes the caller's manager (inside or outside a transaction). */
export const competitionsRepository = {
  /** An id that is not a UUID names no competition (and would make PostgreSQL raise, not answer). */
  find(manager: EntityManager, id: string): Promise<Competition | null> {
    return isUuid(id) ? manager.findOneBy(Competition, { id }) : Promise.resolve(null);
  },

  /** The competition row locked until the transaction ends: competition changes are serialised on it. */
  lock(manager: EntityManager, id: string): Promise<Competition | null> {
    return isUuid(id) ? manager.findOne(Competition, { where: { id }, lock: { mode: 'pessimistic_write' } }) : Promise.resolve(null);
  },

  groups(manager: EntityManager, competitionId: string): Promise<Group[]> {
    return manager.find(Group, { where: { competitionId }, order: { position: 'ASC' } });
  },

  sequences(manager: EntityManager, competitionId: string): Promise<Sequence[]> {
    return manager.find(Sequence, { where: { competitionId }, order: { series: 'ASC' } });
  },

  /** Registrations in list order, with players and addresses. */
  async entries(manager: EntityManager, competitionId: string): Promise<Entry[]> {
    const registrations = await manager.find(Registration, {
      where: { competitionId },
      relations: { player: true },
      order: { listPosition: 'ASC' },
    });
    const playerIds = registrations.map((r) => r.playerId);
    const emails = playerIds.length
      ? await manager.find(PlayerEmail, { where: { playerId: In(playerIds) }, order: { address: 'ASC' } })
      : [];
    const addressesOf = (playerId: string, verified: boolean) =>
      emails.filter((e) => e.playerId === playerId && e.verified === verified).map((e) => e.address);
    return registrations.map((registration) => ({
      registration,
      player: registration.player!,
      emails: addressesOf(registration.playerId, true),
      pendingEmails: addressesOf(registration.playerId, false),
    }));
  },

  /** Which player each of these addresses belongs to, if any. */
  playerEmails(manager: EntityManager, addresses: readonly string[]): Promise<PlayerEmail[]> {
    return addresses.length ? manager.findBy(PlayerEmail, { address: In([...addresses]) }) : Promise.resolve([]);
  },

  async lastListPosition(manager: EntityManager, competitionId: string): Promise<number> {
    const row = await manager
      .createQueryBuilder(Registration, 'r')
      .select('COALESCE(MAX(r.list_position), 0)', 'max')
      .where('r.competition_id = :competitionId', { competitionId })
      .getRawOne<{ max: number | string }>();
    return Number(row?.max ?? 0);
  },
};
