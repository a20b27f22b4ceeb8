import { Injectable } from '@nestjs/common';
import { In, LessThan, type EntityManager } from 'typeorm';
import { User } from '../auth/user.entity';
import { Database } from '../database/database';
import { Game } from '../games/game.entity';
import { Result, type Objection } from '../games/result.entity';
import type { LocalDate } from '../common/calendar';

/** Games' results after their proposal, and what deciding them reads; in the caller's unit of work. */
@Injectable()
export class ResultsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  ofGame(gameId: string): Promise<Result | null> {
    return this.m.findOneBy(Result, { gameId });
  }

  /** The result of a game known to have one. */
  getOfGame(gameId: string): Promise<Result> {
    return this.m.findOneByOrFail(Result, { gameId });
  }

  ofGames(gameIds: readonly string[]): Promise<Result[]> {
    return gameIds.length ? this.m.findBy(Result, { gameId: In([...gameIds]) }) : Promise.resolve([]);
  }

  /** The games whose automatic result is still proposed with its window closed before `day`. */
  async automaticDueBefore(day: LocalDate): Promise<string[]> {
    const rows = await this.m.find(Result, {
      where: { status: 'proposed', automatic: true, dueOn: LessThan(day) },
      select: { gameId: true },
    });
    return rows.map((r) => r.gameId);
  }

  async setConfirmations(result: Pick<Result, 'id' | 'redConfirmedAt' | 'blueConfirmedAt'>): Promise<void> {
    await this.m.update(Result, { id: result.id }, { redConfirmedAt: result.redConfirmedAt, blueConfirmedAt: result.blueConfirmedAt });
  }

  async setObjections(resultId: string, objections: readonly Objection[]): Promise<void> {
    await this.m.update(Result, { id: resultId }, { objections: [...objections] });
  }

  async markHomologated(result: Pick<Result, 'id' | 'homologatedAt' | 'homologatedByUserId'>): Promise<void> {
    await this.m.update(
      Result,
      { id: result.id },
      { status: 'homologated', homologatedAt: result.homologatedAt, homologatedByUserId: result.homologatedByUserId },
    );
  }

  /** How many of the competition's games have no homologated result yet. */
  unhomologatedGames(competitionId: string): Promise<number> {
    return this.m
      .createQueryBuilder(Game, 'g')
      .leftJoin(Result, 'r', "r.game_id = g.id AND r.status = 'homologated'")
      .where('g.competition_id = :competitionId', { competitionId })
      .andWhere('r.id IS NULL')
      .getCount();
  }

  /** Who decided: a user, or none (the platform). */
  user(id: string): Promise<User | null> {
    return this.m.findOneBy(User, { id });
  }
}
