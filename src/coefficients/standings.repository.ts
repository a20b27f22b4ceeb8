import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import { Penalty } from '../arbiter/penalty.entity';
import { Competition } from '../competitions/competition.entity';
import { Group } from '../competitions/group.entity';
import { Registration } from '../competitions/registration.entity';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { independentQueries } from '../database/independent-queries';
import { Game } from '../games/entities/game.entity';
import { Result } from '../games/entities/result.entity';
import { Player } from '../players/player.entity';

/** The rows the standings and crosstables of one competition are computed from. */
export interface StandingsRows {
  readonly groups: readonly Group[];
  /** Registrations with a group: the players who play. */
  readonly registrations: readonly Registration[];
  readonly games: readonly Game[];
  /** Coefficient deductions only. */
  readonly penalties: readonly Penalty[];
  readonly players: readonly Player[];
  readonly results: readonly Result[];
}

/** What the standings read, in the caller's unit of work (on the pool the independent reads go at once). */
@Injectable()
export class StandingsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** Null when there is no such competition. */
  async rowsOf(competitionId: string): Promise<StandingsRows | null> {
    const m = this.m;
    if (!isUuid(competitionId) || !(await m.existsBy(Competition, { id: competitionId }))) return null;
    const [groups, registrations, games, penalties] = await independentQueries(m, [
      () => m.find(Group, { where: { competitionId }, order: { position: 'ASC' } }),
      () => m.find(Registration, { where: { competitionId, groupId: Not(IsNull()) } }),
      () => m.find(Game, { where: { competitionId } }),
      () => m.find(Penalty, { where: { competitionId, kind: 'coefficient' } }),
    ]);
    const [players, results] = await independentQueries(m, [
      async () => (registrations.length ? m.findBy(Player, { id: In(registrations.map((r) => r.playerId)) }) : []),
      async () => (games.length ? m.findBy(Result, { gameId: In(games.map((g) => g.id)) }) : []),
    ]);
    return { groups, registrations, games, penalties, players, results };
  }
}
