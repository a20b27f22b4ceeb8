import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import { Group } from '../competitions/group.entity';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { Player } from '../players/player.entity';
import { Game } from './game.entity';
import { Result } from './result.entity';

/** A competition's games as its public page lists them: the finished ones with names, groups and results. */
export interface CompetitionListing {
  readonly games: readonly Game[];
  readonly names: ReadonlyMap<string, string>;
  readonly groups: ReadonlyMap<string, string>;
  readonly results: ReadonlyMap<string, Result>;
}

/** The reads of the pages that list games (the public pages, the arbiter's panel), in the caller's unit of work. */
@Injectable()
export class GameListingsRepository {
  constructor(private readonly db: Database) {}

  competitionsNewestFirst(): Promise<Competition[]> {
    return this.db.manager.find(Competition, { order: { startDate: 'DESC', createdAt: 'DESC' } });
  }

  async ofCompetition(competitionId: string): Promise<CompetitionListing> {
    const m = this.db.manager;
    const games = await this.gamesOf(competitionId);
    const ended = games.filter((g) => g.status === 'ended');
    if (!ended.length) return { games, names: new Map(), groups: new Map(), results: new Map() };
    // One after the other: a unit's statements share one connection.
    const players = await m.findBy(Player, { id: In([...new Set(ended.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))]) });
    const groups = await m.findBy(Group, { competitionId });
    const results = await m.findBy(Result, { gameId: In(ended.map((g) => g.id)) });
    return {
      games,
      names: new Map(players.map((p) => [p.id, p.name])),
      groups: new Map(groups.map((g) => [g.id, g.name])),
      results: new Map(results.map((r) => [r.gameId, r])),
    };
  }

  /** An id that is not a UUID names no game (and would make PostgreSQL raise, not answer). */
  game(id: string): Promise<Game | null> {
    return isUuid(id) ? this.db.manager.findOneBy(Game, { id }) : Promise.resolve(null);
  }

  /** A competition's games by round. */
  gamesOf(competitionId: string): Promise<Game[]> {
    return this.db.manager.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
  }

  /** A competition's ended games, the earliest ended first. */
  endedGamesOf(competitionId: string): Promise<Game[]> {
    return this.db.manager.find(Game, { where: { competitionId, status: 'ended' }, order: { endedAt: 'ASC', id: 'ASC' } });
  }

  /** Who plays each of these games, by colour. */
  playersOf(gameIds: readonly string[]): Promise<Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId'>[]> {
    if (!gameIds.length) return Promise.resolve([]);
    return this.db.manager.find(Game, { where: { id: In([...gameIds]) }, select: { id: true, redPlayerId: true, bluePlayerId: true } });
  }

  /** The games of the competitions one arbiter runs. */
  async gameIdsRunBy(arbiterUserId: string): Promise<string[]> {
    return (
      await this.db.manager
        .createQueryBuilder(Game, 'g')
        .innerJoin(Competition, 'c', 'c.id = g.competition_id')
        .where('c.arbiter_user_id = :userId', { userId: arbiterUserId })
        .select('g.id', 'id')
        .getRawMany<{ id: string }>()
    ).map((g) => g.id);
  }

  competitionOf(game: Pick<Game, 'competitionId'>): Promise<Competition> {
    return this.db.manager.findOneByOrFail(Competition, { id: game.competitionId });
  }
}
