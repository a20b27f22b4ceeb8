import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import { Group } from '../competitions/group.entity';
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

/** The reads of the pages that list games (the public pages), in the caller's unit of work. */
@Injectable()
export class GameListingsRepository {
  constructor(private readonly db: Database) {}

  competitionsNewestFirst(): Promise<Competition[]> {
    return this.db.manager.find(Competition, { order: { startDate: 'DESC', createdAt: 'DESC' } });
  }

  async ofCompetition(competitionId: string): Promise<CompetitionListing> {
    const m = this.db.manager;
    const games = await m.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
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

  game(id: string): Promise<Game | null> {
    return this.db.manager.findOneBy(Game, { id });
  }

  competitionOf(game: Pick<Game, 'competitionId'>): Promise<Competition> {
    return this.db.manager.findOneByOrFail(Competition, { id: game.competitionId });
  }
}
