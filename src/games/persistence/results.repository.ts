import { Injectable } from '@nestjs/common';
import { In, LessThan, type EntityManager } from 'typeorm';
import { Database } from '../../database/database';
import { insertRows } from '../../database/insert-rows';
import type { LocalDate } from '../../common/calendar';
import type { Row } from './new-row';
import { Game } from '../entities/game.entity';
import { Result, type Objection } from '../entities/result.entity';

/**
 * Games' results, the one writer of their table: proposed where the game ends
 * (result-proposals.service.ts), rescored or withdrawn by a ruling, then confirmed, objected to and
 * homologated in coefficients/ (results.service.ts), which sits above games and calls it; in the
 * caller's unit of work.
 */
@Injectable()
export class ResultsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** The result of a game, if it has one. */
  resultOf(gameId: string): Promise<Result | null> {
    return this.m.findOneBy(Result, { gameId });
  }

  /** The result of a game known to have one. */
  resultOfOrFail(gameId: string): Promise<Result> {
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

  /** How many of the competition's games have no homologated result yet. */
  unhomologatedGames(competitionId: string): Promise<number> {
    return this.m
      .createQueryBuilder(Game, 'g')
      .leftJoin(Result, 'r', "r.game_id = g.id AND r.status = 'homologated'")
      .where('g.competition_id = :competitionId', { competitionId })
      .andWhere('r.id IS NULL')
      .getCount();
  }

  async insertResult(row: Row<Result>): Promise<Result> {
    const result = this.m.create(Result, row);
    await insertRows(this.m, Result, result);
    return result;
  }

  async rescoreResult(
    result: Pick<Result, 'id' | 'outcome' | 'redScore' | 'blueScore' | 'redCoefficient' | 'blueCoefficient' | 'proposedAt'>,
  ): Promise<void> {
    const { outcome, redScore, blueScore, redCoefficient, blueCoefficient, proposedAt } = result;
    await this.m.update(Result, { id: result.id }, { outcome, redScore, blueScore, redCoefficient, blueCoefficient, proposedAt });
  }

  /** A ruling that reopens the game withdraws its result. */
  async deleteResult(id: string): Promise<void> {
    await this.m.delete(Result, { id });
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
}
