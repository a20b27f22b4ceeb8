import { Injectable } from '@nestjs/common';
import { Between, LessThan, MoreThanOrEqual, type EntityManager } from 'typeorm';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Penalty } from './penalty.entity';
import { Ruling } from './ruling.entity';

/** Rulings and their penalties, in the caller's unit of work; a ruling is never changed afterwards. */
@Injectable()
export class RulingsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  async add(
    fields: Omit<Ruling, 'competition' | 'case' | 'arbiter'>,
    penalties: ReadonlyArray<Omit<Penalty, 'competition' | 'player' | 'ruling'>>,
  ): Promise<Ruling> {
    const ruling = this.m.create(Ruling, fields);
    await insertRows(this.m, Ruling, ruling);
    await insertRows(this.m, Penalty, ...penalties.map((p) => this.m.create(Penalty, p)));
    return ruling;
  }

  /** The ruling, if it was given in this competition. */
  inCompetition(id: string, competitionId: string): Promise<Ruling | null> {
    return isUuid(id) ? this.m.findOneBy(Ruling, { id, competitionId }) : Promise.resolve(null);
  }

  /** A game's rulings with the case each settled, and their penalties, the first first (the game sheet, docs/rules.md §8). */
  async ofGame(gameId: string): Promise<{ rulings: Ruling[]; penalties: Penalty[] }> {
    const rulings = await this.m.find(Ruling, { where: { gameId }, relations: { case: true }, order: { createdAt: 'ASC', id: 'ASC' } });
    const penalties = await this.m.find(Penalty, { where: { gameId }, order: { effectiveOn: 'ASC', createdAt: 'ASC', id: 'ASC' } });
    return { rulings, penalties };
  }

  /** A competition's latest rulings, the newest first. */
  latestOf(competitionId: string, limit: number, between?: { readonly after?: Date; readonly before?: Date }): Promise<Ruling[]> {
    const { after, before } = between ?? {};
    const createdAt =
      after && before
        ? Between(after, new Date(before.getTime() - 1))
        : after
          ? MoreThanOrEqual(after)
          : before
            ? LessThan(before)
            : undefined;
    return this.m.find(Ruling, { where: { competitionId, ...(createdAt && { createdAt }) }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** The arbiter's score corrections on a game (docs/rules.md §6). */
  scoreCorrections(gameId: string): Promise<Penalty[]> {
    return this.m.find(Penalty, { where: { gameId, kind: 'score' } });
  }
}
