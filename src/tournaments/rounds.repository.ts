import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { Database } from '../database/database';
import { TournamentPlan } from './tournament-plan.entity';
import { TournamentRound } from './tournament-round.entity';

/**
 * The rows of a tournament in rounds (docs/rules.md §11.6): its plan and its rounds, the kind of
 * its competition, and the sequence each round is dealt (one series per round, named by its number).
 */
@Injectable()
export class RoundsRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  plan(competitionId: string): Promise<TournamentPlan | null> {
    return this.m.findOneBy(TournamentPlan, { competitionId });
  }

  async savePlan(plan: TournamentPlan): Promise<void> {
    await this.m.upsert(TournamentPlan, plan, ['competitionId']);
  }

  /** The rounds proposed or started, in order. */
  rounds(competitionId: string): Promise<TournamentRound[]> {
    return this.m.find(TournamentRound, { where: { competitionId }, order: { number: 'ASC' } });
  }

  async insertRound(round: TournamentRound): Promise<void> {
    await this.m.insert(TournamentRound, round);
  }

  async replaceProposal(round: TournamentRound): Promise<void> {
    await this.m.update(
      TournamentRound,
      { id: round.id },
      {
        system: round.system,
        pairs: round.pairs,
        byePlayerId: round.byePlayerId,
        gibsonized: round.gibsonized,
        eliminated: round.eliminated,
        closingDate: round.closingDate,
        proposedAt: round.proposedAt,
      },
    );
  }

  async markStarted(id: string, at: Date): Promise<void> {
    await this.m.update(TournamentRound, { id }, { status: 'started', startedAt: at });
  }

  /** The competitions with a started round whose arbiter has not been told it complete (docs/rules.md §11.6 12). */
  async competitionsWithRoundsUntold(): Promise<string[]> {
    const rows = await this.m.find(TournamentRound, {
      where: { status: 'started', completedAt: IsNull() },
      select: { competitionId: true },
    });
    return [...new Set(rows.map((r) => r.competitionId))];
  }

  async markCompleted(id: string, at: Date): Promise<void> {
    await this.m.update(TournamentRound, { id }, { completedAt: at });
  }
}
