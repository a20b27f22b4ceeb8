// The queries of PFS challenges (docs/rules.md §13), in the action's unit of work under the game's row lock.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../common/ids';
import { Database } from '../../database/database';
import { Challenge } from '../entities/challenge.entity';

@Injectable()
export class ChallengesRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** A game's challenges, oldest first. */
  ofGame(gameId: string): Promise<Challenge[]> {
    return this.m.find(Challenge, { where: { gameId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async find(gameId: string, id: string): Promise<Challenge | null> {
    if (!isUuid(id)) return null;
    return this.m.findOneBy(Challenge, { gameId, id });
  }

  async insert(row: Omit<Challenge, 'game' | 'move' | 'challenger'>): Promise<Challenge> {
    await this.m.insert(Challenge, row);
    return Object.assign(new Challenge(), row);
  }

  async markOverridden(challenge: Challenge): Promise<void> {
    await this.m.update(
      Challenge,
      { id: challenge.id },
      { successful: challenge.successful, overridden: true, overrideReason: challenge.overrideReason, decidedAt: challenge.decidedAt },
    );
  }
}
