import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../../database/database';
import { insertRows } from '../../database/insert-rows';
import { Dispute, type DisputeLines } from '../entities/dispute.entity';
import type { Row } from './new-row';

/**
 * The contests of games and their course (docs/rules.md §6, §8), in the caller's unit of work.
 * The game's loader reads them with the game's other rows (game.repository.ts).
 */
@Injectable()
export class DisputesRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** Every contest of the game, settled or not, the first first (the sheet lists them, docs/rules.md §8). */
  disputesOf(gameId: string): Promise<Dispute[]> {
    return this.m.find(Dispute, { where: { gameId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async insertDispute(row: Row<Dispute>): Promise<Dispute> {
    const dispute = this.m.create(Dispute, row);
    await insertRows(this.m, Dispute, dispute);
    return dispute;
  }

  async markDisputeAdmitted(id: string, change: { lines: DisputeLines; keptLineId: string; admittedAt: Date }): Promise<void> {
    await this.m.update(
      Dispute,
      { id },
      { status: 'admitted', lines: change.lines, keptLineId: change.keptLineId, admittedAt: change.admittedAt },
    );
  }

  async markDisputeAppealed(id: string, change: { lines: DisputeLines; appealedAt: Date }): Promise<void> {
    await this.m.update(Dispute, { id }, { status: 'appealed', lines: change.lines, appealedAt: change.appealedAt });
  }

  async markDisputeRuled(id: string, change: { keptLineId: string | null; ruledAt: Date }): Promise<void> {
    await this.m.update(Dispute, { id }, { status: 'ruled', keptLineId: change.keptLineId, ruledAt: change.ruledAt });
  }
}
