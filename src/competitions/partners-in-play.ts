import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database';

/** The partners of a player's games still being played, read with the manager of the caller's unit of work. */
export type PartnersInPlayQuery = (manager: EntityManager, playerId: string) => Promise<readonly string[]>;

/**
 * Who plays a player right now (docs/rules.md §6 Identity: they hear of a change at once). Games
 * sit above competitions, so the games feature plugs its query in here when the application starts
 * (games/game-partners.ts) and the identity service asks without importing games. A port, so a
 * query: it hands the query the unit's manager, as a repository would use it.
 */
@Injectable()
export class PartnersInPlay {
  private query?: PartnersInPlayQuery;

  constructor(private readonly db: Database) {}

  answerWith(query: PartnersInPlayQuery): void {
    this.query = query;
  }

  of(playerId: string): Promise<readonly string[]> {
    if (!this.query) throw new Error('PartnersInPlay: the games module is not loaded, so no one can say who plays whom');
    return this.query(this.db.manager, playerId);
  }
}
