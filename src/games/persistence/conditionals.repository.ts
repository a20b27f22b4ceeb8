// The queries of conditional replies: a game's pending chains, read and
// changed under the game's row lock inside the action; a player's own chains; the whole list.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../common/ids';
import { Database } from '../../database/database';
import { GameConditional } from '../entities/game-conditional.entity';

@Injectable()
export class ConditionalsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** The chains waiting in a game, oldest first: the order they are answered in. */
  pending(gameId: string): Promise<GameConditional[]> {
    return this.m.find(GameConditional, { where: { gameId, status: 'pending' }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Every chain of a game (the arbiter's, once it has ended), or only one player's. */
  ofGame(gameId: string, playerId?: string): Promise<GameConditional[]> {
    return this.m.find(GameConditional, {
      where: { gameId, ...(playerId !== undefined && { playerId }) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async find(gameId: string, id: string): Promise<GameConditional | null> {
    if (!isUuid(id)) return null;
    return this.m.findOneBy(GameConditional, { gameId, id });
  }

  async insert(row: Omit<GameConditional, 'game' | 'player'>): Promise<GameConditional> {
    await this.m.insert(GameConditional, row);
    return Object.assign(new GameConditional(), row);
  }

  /** What an action did to a chain: advanced, applied or dropped. */
  async update(row: GameConditional): Promise<void> {
    const { id, move, steps, applied, status, reason, closedAt } = row;
    await this.m.update(GameConditional, { id }, { move, steps, applied, status, reason, closedAt });
  }
}
