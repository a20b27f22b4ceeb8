import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { In, IsNull } from 'typeorm';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Competition, type CompetitionKind } from './competition.entity';
import type { CompetitionSettings } from './core/competition-settings';
import { Group } from './group.entity';
import { PlayerEmail } from '../players/player-email.entity';
import type { Player } from '../players/player.entity';
import { Registration } from './registration.entity';
import { Sequence } from './sequence.entity';

/** A registration with its player and the player's addresses. */
export interface Entry {
  readonly registration: Registration;
  readonly player: Player;
  /** Confirmed addresses (those that get mail and may send moves). */
  readonly emails: readonly string[];
  /** Addresses added to the player, waiting for their owner's confirmation. */
  readonly pendingEmails: readonly string[];
}

/** A group to insert: its players are seated afterwards (`seat`). */
export type NewGroup = Omit<Group, 'competition'>;
export type NewCompetition = Omit<Competition, 'arbiter'>;
export type NewSequence = Omit<Sequence, 'competition' | 'dealtBy'>;
export type NewRegistration = Omit<Registration, 'competition' | 'group' | 'player'>;

/**
 * Every query of a competition: its row, sequences, groups and registrations. Runs in the
 * caller's unit of work (Database.transaction or run).
 */
@Injectable()
export class CompetitionsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** An id that is not a UUID names no competition (and would make PostgreSQL raise, not answer). */
  find(id: string): Promise<Competition | null> {
    return find(this.m, id);
  }

  /** The names of these competitions, by id, in one query (those that no longer exist are missing). */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.m.find(Competition, { where: { id: In([...new Set(ids)]) }, select: { id: true, name: true } });
    return new Map(rows.map((c) => [c.id, c.name]));
  }

  /** The competition of a row that points at it (a game's, a result's): it exists, by its foreign key. */
  get(id: string): Promise<Competition> {
    return this.m.findOneByOrFail(Competition, { id });
  }

  /** The competition row locked until the transaction ends: competition changes are serialised on it. */
  lock(id: string): Promise<Competition | null> {
    return lock(this.m, id);
  }

  /** The competitions whose games are played, in a fixed order: what the sweep walks. */
  started(): Promise<Competition[]> {
    return this.m.find(Competition, { where: { status: 'started' }, order: { id: 'ASC' } });
  }

  /** Every competition, or those one arbiter runs; the newest first. */
  list(arbiterUserId?: string): Promise<Competition[]> {
    return this.m.find(Competition, { where: arbiterUserId ? { arbiterUserId } : {}, order: { createdAt: 'DESC' } });
  }

  /** Those one arbiter runs (all when none is given), in the database's order. */
  runBy(arbiterUserId?: string): Promise<Competition[]> {
    return this.m.find(Competition, { where: arbiterUserId ? { arbiterUserId } : {} });
  }

  /** A new competition and its dealt sequences. */
  async create(
    fields: NewCompetition,
    sequenceFields: readonly NewSequence[],
  ): Promise<{ competition: Competition; sequences: Sequence[] }> {
    const competition = this.m.create(Competition, fields);
    await this.m.insert(Competition, competition);
    const sequences = sequenceFields.map((s) => this.m.create(Sequence, s));
    await this.m.insert(Sequence, sequences);
    return { competition, sequences };
  }

  async updateSettings(id: string, settings: CompetitionSettings): Promise<void> {
    await this.m.update(Competition, { id }, { ...settings });
  }

  /** The competition is finished when its last result is homologated (a started one only). */
  async markFinished(id: string): Promise<void> {
    await this.m.update(Competition, { id, status: 'started' }, { status: 'finished' });
  }

  groups(competitionId: string): Promise<Group[]> {
    return groups(this.m, competitionId);
  }

  sequences(competitionId: string): Promise<Sequence[]> {
    return sequences(this.m, competitionId);
  }

  /** Registrations in list order, with players and addresses. */
  entries(competitionId: string): Promise<Entry[]> {
    return entries(this.m, competitionId);
  }

  /** Which player each of these addresses belongs to, if any. */
  playerEmails(addresses: readonly string[]): Promise<PlayerEmail[]> {
    return playerEmails(this.m, addresses);
  }

  async registeredPlayerIds(competitionId: string): Promise<Set<string>> {
    return new Set((await this.m.findBy(Registration, { competitionId })).map((r) => r.playerId));
  }

  /** The player's registration; an id that is not a UUID names none. */
  registration(competitionId: string, playerId: string): Promise<Registration | null> {
    return isUuid(playerId) ? this.m.findOneBy(Registration, { competitionId, playerId }) : Promise.resolve(null);
  }

  /** Takes a registration off the list (a draft competition's: no game refers to it yet). */
  async unregister(registrationId: string): Promise<void> {
    await this.m.delete(Registration, { id: registrationId });
  }

  lastListPosition(competitionId: string): Promise<number> {
    return lastListPosition(this.m, competitionId);
  }

  async register(fields: readonly NewRegistration[]): Promise<Registration[]> {
    const registrations = fields.map((r) => this.m.create(Registration, r));
    await insertRows(this.m, Registration, ...registrations);
    return registrations;
  }

  /** The arbiters of the other competitions these players are registered in. */
  arbitersElsewhere(playerIds: readonly string[], competitionId: string): Promise<Array<{ playerId: string; arbiterUserId: string }>> {
    return this.m
      .createQueryBuilder(Registration, 'r')
      .innerJoin(Competition, 'c', 'c.id = r.competition_id')
      .select('r.player_id', 'playerId')
      .addSelect('c.arbiter_user_id', 'arbiterUserId')
      .where('r.player_id IN (:...ids)', { ids: playerIds })
      .andWhere('r.competition_id <> :competitionId', { competitionId })
      .getRawMany<{ playerId: string; arbiterUserId: string }>();
  }

  /** The players registered in the competitions one arbiter runs. */
  async playerIdsRunBy(arbiterUserId: string): Promise<string[]> {
    return (
      await this.m
        .createQueryBuilder(Registration, 'r')
        .innerJoin(Competition, 'c', 'c.id = r.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: arbiterUserId })
        .select('DISTINCT r.player_id', 'id')
        .getRawMany<{ id: string }>()
    ).map((r) => r.id);
  }

  /** Earlier groups go: every registration unseated, then the groups deleted. */
  async clearGroups(competitionId: string): Promise<void> {
    await this.m.update(Registration, { competitionId }, { groupId: null, seat: null });
    await this.m.delete(Group, { competitionId });
  }

  async insertGroups(fields: readonly NewGroup[]): Promise<Group[]> {
    const groups = fields.map((g) => this.m.create(Group, g));
    await this.m.insert(Group, groups);
    return groups;
  }

  async seat(registrationId: string, groupId: string, seat: number): Promise<void> {
    await this.m.update(Registration, { id: registrationId }, { groupId, seat });
  }

  groupsByIds(ids: readonly string[]): Promise<Group[]> {
    return this.m.findBy(Group, { id: In([...ids]) });
  }

  /** The name of a game's group, as its mails name the game (games/model/game-mail-view.ts). */
  async groupName(groupId: string): Promise<string> {
    return (await this.m.findOneByOrFail(Group, { id: groupId })).name;
  }

  competitionsByIds(ids: readonly string[]): Promise<Competition[]> {
    return this.m.findBy(Competition, { id: In([...ids]) });
  }

  /** A player withdrawn from the competition (games/actions/withdrawal.service.ts, docs/rules.md §7). */
  async markWithdrawn(registrationId: string, at: Date): Promise<void> {
    await this.m.update(Registration, { id: registrationId }, { withdrawnAt: at });
  }

  /** The arbiter of this competition typed this address for the player too (docs/web.md "A player's identity"). */
  async noteTyped(competitionId: string, playerId: string, address: string): Promise<void> {
    await this.m.query(
      `UPDATE "registration" SET "emails" = "emails" || jsonb_build_array($3::text) WHERE "competition_id" = $1 AND "player_id" = $2 AND NOT ("emails" @> jsonb_build_array($3::text))`,
      [competitionId, playerId, address],
    );
  }

  /** The competition of the player's latest registration (a mail case without a game, docs/mail-rules.md 14). */
  async latestCompetitionOf(playerId: string): Promise<string | undefined> {
    const registration = await this.m
      .getRepository(Registration)
      .createQueryBuilder('r')
      .innerJoin('r.competition', 'c')
      .where('r.player_id = :playerId', { playerId })
      .orderBy('c.created_at', 'DESC')
      .getOne();
    return registration?.competitionId;
  }

  /** A competition starts (games/actions/competition-start.service.ts). */
  async markCompetitionStarted(competition: Pick<Competition, 'id' | 'startedAt' | 'startDate'>): Promise<void> {
    await this.m.update(
      Competition,
      { id: competition.id },
      { status: 'started', startedAt: competition.startedAt, startDate: competition.startDate },
    );
  }

  /** docs/rules.md §9: the sequences are revealed when play starts. */
  async revealSequences(competitionId: string, at: Date): Promise<void> {
    await this.m.update(Sequence, { competitionId }, { revealedAt: at });
  }

  // ---------------------------------------------------------------- a tournament in rounds (tournaments/rounds.service.ts)

  async setKind(competitionId: string, kind: CompetitionKind): Promise<void> {
    await this.m.update(Competition, { id: competitionId }, { kind });
  }

  /** F 9.4d: the eliminated players' registrations withdrawn (their results stay in the standings). */
  async withdraw(competitionId: string, playerIds: readonly string[], at: Date): Promise<void> {
    if (playerIds.length) {
      await this.m.update(Registration, { competitionId, playerId: In([...playerIds]), withdrawnAt: IsNull() }, { withdrawnAt: at });
    }
  }

  sequence(competitionId: string, series: string): Promise<Sequence | null> {
    return this.m.findOneBy(Sequence, { competitionId, series });
  }

  async insertSequence(sequence: Sequence): Promise<void> {
    await this.m.insert(Sequence, sequence);
  }

  async revealSequence(id: string, at: Date): Promise<void> {
    await this.m.update(Sequence, { id }, { revealedAt: at });
  }

  /** Seats the round's players in the tournament's one group, so the group pages list them. */
  async seatInGroup(registrationIds: readonly string[], groupId: string): Promise<void> {
    if (registrationIds.length) await this.m.update(Registration, { id: In([...registrationIds]), groupId: IsNull() }, { groupId });
  }
}

// The longer queries as functions of the unit's manager.

function find(m: EntityManager, id: string): Promise<Competition | null> {
  return isUuid(id) ? m.findOneBy(Competition, { id }) : Promise.resolve(null);
}

function lock(m: EntityManager, id: string): Promise<Competition | null> {
  return isUuid(id) ? m.findOne(Competition, { where: { id }, lock: { mode: 'pessimistic_write' } }) : Promise.resolve(null);
}

function groups(m: EntityManager, competitionId: string): Promise<Group[]> {
  return m.find(Group, { where: { competitionId }, order: { position: 'ASC' } });
}

function sequences(m: EntityManager, competitionId: string): Promise<Sequence[]> {
  return m.find(Sequence, { where: { competitionId }, order: { series: 'ASC' } });
}

async function entries(m: EntityManager, competitionId: string): Promise<Entry[]> {
  const registrations = await m.find(Registration, {
    where: { competitionId },
    relations: { player: true },
    order: { listPosition: 'ASC' },
  });
  const playerIds = registrations.map((r) => r.playerId);
  const emails = playerIds.length ? await m.find(PlayerEmail, { where: { playerId: In(playerIds) }, order: { address: 'ASC' } }) : [];
  const addressesOf = (playerId: string, verified: boolean) =>
    emails.filter((e) => e.playerId === playerId && e.verified === verified).map((e) => e.address);
  return registrations.map((registration) => ({
    registration,
    player: registration.player!,
    emails: addressesOf(registration.playerId, true),
    pendingEmails: addressesOf(registration.playerId, false),
  }));
}

function playerEmails(m: EntityManager, addresses: readonly string[]): Promise<PlayerEmail[]> {
  return addresses.length ? m.findBy(PlayerEmail, { address: In([...addresses]) }) : Promise.resolve([]);
}

async function lastListPosition(m: EntityManager, competitionId: string): Promise<number> {
  const row = await m
    .createQueryBuilder(Registration, 'r')
    .select('COALESCE(MAX(r.list_position), 0)', 'max')
    .where('r.competition_id = :competitionId', { competitionId })
    .getRawOne<{ max: number | string }>();
  return Number(row?.max ?? 0);
}
