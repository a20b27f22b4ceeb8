import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UserRepository } from '../auth/user.repository';
import type { Language } from '../common/bilingual';
import { SETTINGS, type Settings } from '../config/settings';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import { roundCompleteKey } from '../mail/core/competition-facts';
import { Notifications } from '../notifications/notifications.service';
import { SweepPasses } from '../thinking-time/sweep-passes.service';
import { RoundReadsService } from './round-reads.service';
import { RoundsRepository } from './rounds.repository';

/**
 * docs/rules.md §11.6: once every game of a started round has its result, the competition's
 * arbiter is mailed that the next round can be paired (or, after the plan's last round, that the
 * final standings are ready). A pass of the sweep: the round's `completed_at`, set under the
 * competition's transaction only while empty, and the mail's Message-ID (roundCompleteKey) make
 * it once per round, whichever instance or run gets there first. The mail is the competition's
 * fact (mail/core/competition-facts.ts `round-completed`), built from it when it goes out.
 */
@Injectable()
export class RoundCompletionService implements OnModuleInit {
  constructor(
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'publicUrl'>,
    private readonly db: Database,
    private readonly repo: RoundsRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly reads: RoundReadsService,
    private readonly users: UserRepository,
    private readonly notifications: Notifications,
    private readonly passes: SweepPasses,
  ) {}

  onModuleInit(): void {
    this.passes.register('round-complete', (now) => this.tell(now));
  }

  /** Mails each arbiter whose round became complete; answers how many mails it wrote. */
  async tell(now: Date): Promise<number> {
    const waiting = await this.db.run(() => this.repo.competitionsWithRoundsUntold());
    let wrote = 0;
    for (const competitionId of waiting) {
      wrote += await this.db.transaction(() => this.tellCompetition(competitionId, now));
    }
    return wrote;
  }

  private async tellCompetition(competitionId: string, now: Date): Promise<number> {
    const competition = await this.competitions.lock(competitionId);
    if (!competition || competition.kind !== 'rounds' || competition.status !== 'started') return 0;
    const state = await this.reads.state(competitionId);
    const planned = state.plan?.systems.length ?? 0;
    let wrote = 0;
    for (const round of state.started) {
      if (round.completedAt !== null) continue;
      const progress = state.progress.find((p) => p.number === round.number);
      if (!progress?.complete) continue;
      await this.repo.markCompleted(round.id, now);
      const messageId = this.notifications.onceMessageId(roundCompleteKey(competitionId, round.number));
      if ((await this.notifications.written([messageId])).size > 0) continue;
      const user = await this.users.findWithPlayer(competition.arbiterUserId);
      const [address] = (await this.users.emailsOf([competition.arbiterUserId])).sort(
        (a, b) => Number(b.verified) - Number(a.verified) || a.address.localeCompare(b.address),
      );
      // No address: the arbiter's rounds page says it (docs/web.md); nobody to write to.
      if (!user || !address) continue;
      const language: Language = user.player?.language ?? user.language;
      await this.notifications.emitCompetition(
        competitionId,
        new Map(),
        [
          {
            kind: 'round-completed',
            competitionId,
            competition: competition.shortName || competition.name,
            round: round.number,
            games: progress.games,
            nextRound: round.number < planned ? round.number + 1 : null,
            roundsUrl: `${this.settings.publicUrl}/arbiter/competitions/${competitionId}/rounds`,
          },
        ],
        { address: address.address, language },
      );
      wrote++;
    }
    return wrote;
  }
}
