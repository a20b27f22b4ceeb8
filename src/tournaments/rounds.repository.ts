import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { Competition, type CompetitionKind } from '../competitions/competition.entity';
import { Registration } from '../competitions/registration.entity';
import { Sequence } from '../competitions/sequence.entity';
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

  async setKind(competitionId: string, kind: CompetitionKind): Promise<void> {
    await this.m.update(Competition, { id: competitionId }, { kind });
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

  /** F 9.4d: the eliminated players' registrations withdrawn (their results stay in the standings). */
  async withdraw(competitionId: string, playerIds: readonly string[], at: Date): Promise<void> {
    if (playerIds.length) {
      await this.m.update(Registration, { competitionId, playerId: In([...playerIds]), withdrawnAt: IsNull() }, { withdrawnAt: at });
    }
  }

  sequence(competitionId: string, series: string): Promise<Sequence | null> {
    return this.m.findOneBy(Sequence, { competitionId, series });
  }

  async insertSequence(sequence: Sequence): Promise<void> {
    await this.m.insert(Sequence, sequence);
  }

  async revealSequence(id: string, at: Date): Promise<void> {
    await this.m.update(Sequence, { id }, { revealedAt: at });
  }

  /** Seats the round's players in the tournament's one group, so the group pages list them. */
  async seatInGroup(registrationIds: readonly string[], groupId: string): Promise<void> {
    if (registrationIds.length) await this.m.update(Registration, { id: In([...registrationIds]), groupId: IsNull() }, { groupId });
  }
}
