// The queries of a game's time (docs/rules.md §5) outside the aggregate's own reads
// (game.repository.ts): holiday declarations, special leave, long-thinking notices, time claims
// and their cases, the games the sweep walks and the moves' thinking days, in the caller's unit of work.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { Case } from '../../arbiter/case.entity';
import { Registration } from '../../competitions/registration.entity';
import { Database } from '../../database/database';
import { insertRows } from '../../database/insert-rows';
import { Claim } from '../entities/claim.entity';
import type { Color } from '../../engine/types';
import { Game } from '../entities/game.entity';
import { Holiday } from '../entities/holiday.entity';
import { LongThinkingNotice } from '../entities/long-thinking-notice.entity';
import { Move } from '../entities/move.entity';
import { SpecialLeave } from '../entities/special-leave.entity';

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

  // ---------------------------------------------------------------- the sweep and the arbiter's controls on time

  /** The games of a competition still being played, in a fixed order; with their players' rows when asked. */
  gamesInPlay(competitionId: string, { withPlayers = false }: { withPlayers?: boolean } = {}): Promise<Game[]> {
    return this.m.find(Game, {
      where: { competitionId, status: 'playing' },
      order: { id: 'ASC' },
      ...(withPlayers && { relations: { redPlayer: true, bluePlayer: true } }),
    });
  }

  /** Records leave the arbiter approved; the row as written. */
  async addSpecialLeave(leave: Omit<SpecialLeave, 'id' | 'competition' | 'player'>): Promise<SpecialLeave> {
    const row = this.m.create(SpecialLeave, { id: randomUUID(), ...leave });
    await insertRows(this.m, SpecialLeave, row);
    return row;
  }

  /** A player's holidays that still count (a replaced declaration no longer does). */
  holidaysThatCount(competitionId: string, playerId: string): Promise<Holiday[]> {
    return this.m.find(Holiday, { where: { competitionId, playerId, replacedAt: IsNull() } });
  }

  /** Which colour a player has in each game: the games' ids and red players. */
  redPlayersOf(gameIds: readonly string[]): Promise<Pick<Game, 'id' | 'redPlayerId'>[]> {
    return this.m.find(Game, { where: { id: In([...gameIds]) }, select: { id: true, redPlayerId: true } });
  }

  /** A colour's moves in a game, with what their thinking days are counted from. */
  movesOf(gameId: string, color: Color): Promise<Pick<Move, 'id' | 'arrivedOn' | 'sentOn' | 'thinkingDays'>[]> {
    return this.m.find(Move, { where: { gameId, color }, select: { id: true, arrivedOn: true, sentOn: true, thinkingDays: true } });
  }
}
