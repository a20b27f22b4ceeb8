import { Injectable } from '@nestjs/common';
import { In, LessThan, type EntityManager } from 'typeorm';
import { toLocalDate, localDate } from '../common/calendar';
import { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { Result } from '../games/entities/result.entity';
import { Player } from '../players/player.entity';
import type { Federation, HomologatedResultRow } from './core/ranking-inputs';
import { RankingGame } from './ranking-game.entity';
import { RankingPoint } from './ranking-point.entity';
import { RankingSetting } from './ranking-setting.entity';
import { RankingStanding } from './ranking-standing.entity';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 500;

/** What the federation's ranking reads and writes, in the caller's unit of work. */
@Injectable()
export class RankingRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** The federation's choice, null before any. */
  choice(federation: Federation): Promise<RankingSetting | null> {
    return this.m.findOneBy(RankingSetting, { federation });
  }

  /**
   * The federation's choice row, created when missing and locked: two computations of one
   * federation's list (two competitions finished at once) take turns, the later one last.
   */
  async lockChoice(federation: Federation): Promise<RankingSetting> {
    await this.m.createQueryBuilder().insert().into(RankingSetting).values({ federation }).orIgnore().execute();
    return this.m.findOneOrFail(RankingSetting, { where: { federation }, lock: { mode: 'pessimistic_write' } });
  }

  async saveChoice(setting: RankingSetting): Promise<void> {
    await this.m.update(
      RankingSetting,
      { federation: setting.federation },
      { method: setting.method, constants: setting.constants, computedOn: setting.computedOn, updatedAt: setting.updatedAt },
    );
  }

  /**
   * docs/rules.md §12.1: the homologated results of the federation's finished competitions, each
   * dated by its homologation in its competition's time zone.
   */
  async homologatedResults(federation: Federation): Promise<HomologatedResultRow[]> {
    const competitions = await this.m.find(Competition, {
      where: { rules: federation, status: 'finished' },
      select: { id: true, timeZone: true },
    });
    if (competitions.length === 0) return [];
    const zones = new Map(competitions.map((c) => [c.id, c.timeZone]));
    const results = await this.m
      .createQueryBuilder(Result, 'r')
      .innerJoinAndSelect('r.game', 'g')
      .where('g.competitionId IN (:...ids)', { ids: [...zones.keys()] })
      .andWhere("r.status = 'homologated'")
      .getMany();
    return results.map((r) => ({
      gameId: r.gameId,
      competitionId: r.game!.competitionId,
      day: localDate(r.homologatedAt!, zones.get(r.game!.competitionId)!),
      red: r.game!.redPlayerId,
      blue: r.game!.bluePlayerId,
      redScore: r.redScore,
      blueScore: r.blueScore,
      outcome: r.outcome as HomologatedResultRow['outcome'],
    }));
  }

  /** The federation's derived rows, all replaced: a computation repeated writes the same rows. */
  async replace(
    federation: Federation,
    rows: { standings: RankingStanding[]; points: RankingPoint[]; games: RankingGame[] },
  ): Promise<void> {
    const m = this.m;
    for (const entity of [RankingStanding, RankingPoint, RankingGame]) await m.delete(entity, { federation });
    const insert = async <T extends object>(entity: new () => T, list: T[]) => {
      for (let i = 0; i < list.length; i += CHUNK) await m.insert(entity, list.slice(i, i + CHUNK) as never);
    };
    await insert(RankingStanding, rows.standings);
    await insert(RankingPoint, rows.points);
    await insert(RankingGame, rows.games);
  }

  /** The stored list, on it first by position, then those off it by games. */
  standings(federation: Federation): Promise<RankingStanding[]> {
    return this.m.find(RankingStanding, {
      where: { federation },
      relations: { player: true },
      order: { listed: 'DESC', position: 'ASC', games: 'DESC', playerId: 'ASC' },
    });
  }

  standing(federation: Federation, playerId: string): Promise<RankingStanding | null> {
    return this.m.findOneBy(RankingStanding, { federation, playerId });
  }

  /** A player's counted games and points, oldest first. */
  async history(federation: Federation, playerId: string): Promise<{ games: RankingGame[]; points: RankingPoint[] }> {
    const games = await this.m.find(RankingGame, {
      where: { federation, playerId },
      order: { day: 'ASC', competitionId: 'ASC', gameId: 'ASC' },
    });
    const points = await this.m.find(RankingPoint, { where: { federation, playerId }, order: { day: 'ASC', competitionId: 'ASC' } });
    return { games, points };
  }

  player(id: string): Promise<Player | null> {
    return this.m.findOneBy(Player, { id });
  }

  async names(ids: readonly string[]): Promise<{ players: Map<string, string>; competitions: Map<string, string> }> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return { players: new Map(), competitions: new Map() };
    const players = await this.m.find(Player, { where: { id: In(unique) }, select: { id: true, name: true } });
    const competitions = await this.m.find(Competition, { where: { id: In(unique) }, select: { id: true, name: true } });
    return { players: new Map(players.map((p) => [p.id, p.name])), competitions: new Map(competitions.map((c) => [c.id, c.name])) };
  }

  /** Each player's latest point before `day` (docs/rules.md §12.1: the ranking they bring to a game starting that day). */
  async pointsBefore(federation: Federation, playerIds: readonly string[], day: string): Promise<Map<string, RankingPoint>> {
    const points = await this.m.find(RankingPoint, {
      where: { federation, playerId: In([...playerIds]), day: LessThan(toLocalDate(day)) },
      order: { day: 'DESC', competitionId: 'DESC' },
    });
    const latest = new Map<string, RankingPoint>();
    for (const p of points) if (!latest.has(p.playerId)) latest.set(p.playerId, p);
    return latest;
  }
}
