import { Injectable } from '@nestjs/common';
import { Case } from '../arbiter/case.entity';
import { Registration } from '../competitions/registration.entity';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Game } from '../games/game.entity';

/** The cases the mail channel opens, and the competition each belongs to (docs/mail-rules.md 7, 14, 17). */
@Injectable()
export class MailCasesRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  async competitionOfGame(gameId: string): Promise<string | undefined> {
    return (await this.m.findOne(Game, { where: { id: gameId }, select: { competitionId: true } }))?.competitionId;
  }

  /** The competition of the player's latest registration. */
  async latestCompetitionOf(playerId: string): Promise<string | undefined> {
    const registration = await this.m
      .getRepository(Registration)
      .createQueryBuilder('r')
      .innerJoin('r.competition', 'c')
      .where('r.player_id = :playerId', { playerId })
      .orderBy('c.created_at', 'DESC')
      .getOne();
    return registration?.competitionId;
  }

  async open(opened: Case): Promise<void> {
    await insertRows(this.m, Case, opened);
  }
}
