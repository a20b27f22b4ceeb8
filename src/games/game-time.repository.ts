// The queries of a game's time (docs/rules.md §5) outside the aggregate's own reads
// (game.repository.ts): holiday declarations, long-thinking notices, time claims and their
// cases, in the caller's unit of work.
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { Case } from '../arbiter/case.entity';
import { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Claim } from './claim.entity';
import { Game } from './game.entity';
import { Holiday } from './holiday.entity';
import { LongThinkingNotice } from './long-thinking-notice.entity';

@Injectable()
export class GameTimeRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  /**
   * The player's registration, locked for the transaction: one holiday per player and
   * competition, and a withdrawal, are decided under it.
   */
  lockRegistration(competitionId: string, playerId: string): Promise<Registration | null> {
    return this.m.findOne(Registration, { where: { competitionId, playerId }, lock: { mode: 'pessimistic_write' } });
  }

  async markWithdrawn(registrationId: string, at: Date): Promise<void> {
    await this.m.update(Registration, { id: registrationId }, { withdrawnAt: at });
  }

  // ---------------------------------------------------------------- holidays

  /** The player's holiday declaration not yet replaced, if any. */
  currentHoliday(competitionId: string, playerId: string): Promise<Holiday | null> {
    return this.m.findOneBy(Holiday, { competitionId, playerId, replacedAt: IsNull() });
  }

  async markHolidayReplaced(id: string, at: Date): Promise<void> {
    await this.m.update(Holiday, { id }, { replacedAt: at });
  }

  async insertHoliday(row: Omit<Holiday, 'competition' | 'player'>): Promise<Holiday> {
    const holiday = this.m.create(Holiday, row);
    await insertRows(this.m, Holiday, holiday);
    return holiday;
  }

  /** The player's games in play in the competition, with both players: the partners are told. */
  gamesInPlayWithPlayers(competitionId: string, playerId: string): Promise<Game[]> {
    return this.m.find(Game, {
      where: [
        { competitionId, redPlayerId: playerId, status: 'playing' },
        { competitionId, bluePlayerId: playerId, status: 'playing' },
      ],
      relations: { redPlayer: true, bluePlayer: true },
      order: { id: 'ASC' },
    });
  }

  // ---------------------------------------------------------------- long thinking

  /** One notice per turn: announcing again replaces it. */
  async replaceLongThinkingNotice(row: Omit<LongThinkingNotice, 'game' | 'player'>): Promise<void> {
    await this.m.delete(LongThinkingNotice, { gameId: row.gameId, turn: row.turn });
    await insertRows(this.m, LongThinkingNotice, this.m.create(LongThinkingNotice, row));
  }

  // ---------------------------------------------------------------- time claims

  /** The game's time claim waiting for the arbiter, if any. */
  openClaim(gameId: string): Promise<Claim | null> {
    return this.m.findOneBy(Claim, { gameId, status: 'open' });
  }

  async insertClaim(row: Omit<Claim, 'game' | 'claimant'>): Promise<Claim> {
    const claim = this.m.create(Claim, row);
    await insertRows(this.m, Claim, claim);
    return claim;
  }

  async markClaimRuled(claim: Pick<Claim, 'id' | 'status'>, at: Date): Promise<void> {
    await this.m.update(Claim, { id: claim.id }, { status: claim.status, ruledAt: at });
  }

  /** The open claim cases of a game, where the accused's answers are written. */
  openClaimCases(gameId: string): Promise<Case[]> {
    return this.m.find(Case, { where: { gameId, kind: 'claim', status: 'open' } });
  }

  /** The same, in the order the game page shows their answers. */
  openClaimCasesOldestFirst(gameId: string): Promise<Case[]> {
    return this.m.find(Case, { where: { gameId, kind: 'claim', status: 'open' }, order: { openedAt: 'ASC' } });
  }
}
