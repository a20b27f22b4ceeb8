import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { UserRepository } from '../auth/user.repository';
import type { Language } from '../common/bilingual';
import { asJson } from '../common/json';
import { SETTINGS, type Settings } from '../config/settings';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import { domainOf } from '../notifications/mail-addresses';
import type { RoundCompleteModel } from '../notifications/models/rounds-models';
import { Notifications } from '../notifications/notifications.service';
import { SweepPasses } from '../thinking-time/sweep-passes.service';
import { RoundReadsService } from './round-reads.service';
import { RoundsRepository } from './rounds.repository';

/** The Message-ID of a round's completion mail: one per (competition, round), its unique index the last guard. */
export function roundCompleteMessageId(domain: string, competitionId: string, round: number): string {
  return `<round-complete.${round}.${competitionId}@${domain}>`;
}

/**
 * docs/rules.md §11.6: once every game of a started round has its result, the competition's
 * arbiter is mailed that the next round can be paired (or, after the plan's last round, that the
 * final standings are ready). A pass of the sweep: the round's `completed_at`, set under the
 * competition's transaction only while empty, and the mail's Message-ID make it once per round,
 * whichever instance or run gets there first.
 */
@Injectable()
export class RoundCompletionService implements OnModuleInit {
  private readonly domain: string;

  constructor(
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'publicUrl' | 'mailReplyAddress'>,
    private readonly db: Database,
    private readonly repo: RoundsRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly reads: RoundReadsService,
    private readonly users: UserRepository,
    private readonly notifications: Notifications,
    private readonly passes: SweepPasses,
  ) {
    this.domain = domainOf(settings.mailReplyAddress);
  }

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
      const messageId = roundCompleteMessageId(this.domain, competitionId, round.number);
      if ((await this.notifications.written([messageId])).size > 0) continue;
      const user = await this.users.findWithPlayer(competition.arbiterUserId);
      const [address] = (await this.users.emailsOf([competition.arbiterUserId])).sort(
        (a, b) => Number(b.verified) - Number(a.verified) || a.address.localeCompare(b.address),
      );
      // No address: the arbiter's rounds page says it (docs/web.md); nobody to write to.
      if (!user || !address) continue;
      const language: Language = user.player?.language ?? user.language;
      const model: RoundCompleteModel = {
        name: user.displayName,
        competition: competition.shortName || competition.name,
        round: round.number,
        games: progress.games,
        nextRound: round.number < planned ? round.number + 1 : null,
        roundsUrl: `${this.settings.publicUrl}/arbiter/competitions/${competitionId}/rounds`,
      };
      await this.notifications.add([
        { to: { id: null, language }, address: address.address, template: 'round-complete', payload: asJson(model), messageId },
      ]);
      wrote++;
    }
    return wrote;
  }
}
