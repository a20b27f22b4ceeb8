import { Injectable } from '@nestjs/common';

/** The partners of a player's games still being played, read in the caller's unit of work. */
export type PartnersInPlayQuery = (playerId: string) => Promise<readonly string[]>;

/**
 * Who plays a player right now (docs/rules.md §6 Identity: they hear of a change at once). Games
 * sit above competitions, so the games feature plugs its query in here when the application starts
 * (games/reads/game-partners.service.ts) and the identity service asks without importing games.
 */
@Injectable()
export class PartnersInPlay {
  private query?: PartnersInPlayQuery;

  answerWith(query: PartnersInPlayQuery): void {
    this.query = query;
  }

  of(playerId: string): Promise<readonly string[]> {
    if (!this.query) throw new Error('PartnersInPlay: the games module is not loaded, so no one can say who plays whom');
    return this.query(playerId);
  }
}
