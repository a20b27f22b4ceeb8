import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { Game } from '../games/game.entity';

/** What an appeal names that only this feature reads (the games feature has no repository of its own yet). */
@Injectable()
export class AppealsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /** The game, if it is one of this competition's. */
  gameIn(gameId: string, competitionId: string): Promise<Game | null> {
    return isUuid(gameId) ? this.m.findOneBy(Game, { id: gameId, competitionId }) : Promise.resolve(null);
  }
}
