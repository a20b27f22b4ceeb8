import { Injectable } from '@nestjs/common';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { Clock } from '../../common/clock';
import { Refusal } from '../../common/refusal';
import { CompetitionReadsService, type CompetitionView } from '../../competitions/competition-reads.service';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { planStart, playedInRounds } from '../../competitions/core/start-plan';
import { Database } from '../../database/database';
import { localDate, type LocalDate } from '../../common/calendar';
import { MovesService } from './moves.service';

export interface StartResult {
  readonly competition: CompetitionView;
  /** The day every game begins (docs/rules.md §9). */
  readonly startDate: LocalDate;
  readonly games: number;
}

/**
 * Starts play (docs/rules.md §9): the sequences are revealed and every group's round robin is
 * created as games, all beginning the same day (competitions/core/start-plan.ts). It lives with
 * the games it creates, above the competition it reads. One transaction: all games or none.
 */
@Injectable()
export class CompetitionStartService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly competitions: CompetitionReadsService,
    private readonly competitionRows: CompetitionsRepository,
    private readonly moves: MovesService,
  ) {}

  start(actor: Actor, competitionId: string): Promise<StartResult> {
    return this.db.transaction(async () => {
      const competition = await this.competitions.lockForArbiter(actor, competitionId);
      if (competition.kind === 'rounds') throw playedInRounds();
      const groups = await this.competitionRows.groups(competitionId);
      const entries = (await this.competitionRows.entries(competitionId)).filter((e) => e.registration.withdrawnAt === null);
      const plan = planStart({
        status: competition.status,
        startDate: competition.startDate as LocalDate,
        closingDate: competition.closingDate as LocalDate,
        groups,
        entrants: entries.map((e) => ({
          playerId: e.player.id,
          name: e.player.name,
          groupId: e.registration.groupId,
          seat: e.registration.seat,
        })),
        today: localDate(this.clock.now(), competition.timeZone),
      });
      if (plan instanceof Refusal) throw plan;
      const { startDate } = plan;

      const sequences = new Map((await this.competitionRows.sequences(competitionId)).map((s) => [s.series, s]));
      const now = this.clock.now();
      competition.status = 'started';
      competition.startedAt = now;
      competition.startDate = startDate;
      await this.competitionRows.markCompetitionStarted(competition);
      await this.competitionRows.revealSequences(competitionId, now);
      let games = 0;
      for (const [series, pairings] of plan.pairingsBySeries) {
        const sequence = sequences.get(series)!;
        sequence.revealedAt = now;
        await this.moves.startGames({ competition, sequence, pairings });
        games += pairings.length;
      }
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'competition.started',
        competitionId,
        details: {
          startDate,
          games,
          // Revealed now: anyone can check each against the hash published at creation.
          sequences: [...sequences.values()].map((s) => ({ series: s.series, sha256: s.sha256, tiles: s.tiles })),
        },
      });
      return { competition: await this.competitions.view(competition), startDate, games };
    });
  }
}
