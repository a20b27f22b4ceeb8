import { Injectable } from '@nestjs/common';
import { RulingsService } from '../../arbiter/rulings.service';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { canArbitrate, hidesCompetition } from '../../auth/core/permissions';
import { Clock } from '../../common/clock';
import { localDate } from '../../common/calendar';
import { refusals } from '../core/game-refusals';
import { GameActions, requireReason } from './game-actions.service';
import { GameTimeRepository } from '../persistence/game-time.repository';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { GameListingsRepository } from '../persistence/game-listings.repository';

export interface WithdrawalView {
  readonly playerId: string;
  /** The games settled as abandonments, each waiting for the arbiter's homologation. */
  readonly games: readonly string[];
}

/** A player's withdrawal from a competition, or exclusion (docs/rules.md §6). */
@Injectable()
export class WithdrawalService {
  constructor(
    private readonly actions: GameActions,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly rulings: RulingsService,
    private readonly time: GameTimeRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly listings: GameListingsRepository,
  ) {}

  /**
   * Withdraws a player from the competition (or excludes them, docs/rules.md §6): every
   * unfinished game of theirs ends as their abandonment, each waiting for the arbiter's
   * homologation. One transaction; the games are locked in a fixed order.
   */
  withdrawPlayer(
    actor: Actor,
    competitionId: string,
    playerId: string,
    input: { readonly reason: string; readonly exclusion?: boolean },
  ): Promise<WithdrawalView> {
    return this.actions.write(async (w) => {
      requireReason(input.reason);
      const competition = await this.competitions.find(competitionId);
      if (!competition || hidesCompetition(actor, competition)) throw refusals.unknownCompetition(competitionId);
      if (!canArbitrate(actor, competition)) throw refusals.notArbiter();
      const registration = await this.time.lockRegistration(competitionId, playerId);
      if (!registration) throw refusals.unknownPlayer(playerId);
      const games = await w.lockGamesOf(competitionId, playerId, { inPlay: true });
      const settled: string[] = [];
      for (const { id } of games) {
        const s = await w.session(id, { lexicon: true });
        if (!canArbitrate(actor, competition, s.game)) throw refusals.notArbiter();
        if (s.game.status !== 'playing') continue;
        const color = s.colorOfPlayer(playerId)!;
        await s.end({ type: 'abandon', by: color });
        await this.actions.finish(s, s.game.turn);
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'game.withdrawn',
          competitionId,
          gameId: id,
          details: { color, reason: input.reason },
        });
        settled.push(id);
      }
      await this.competitions.markWithdrawn(registration.id, this.clock.now());
      if (input.exclusion) {
        await this.rulings.record(
          { actor, competitionId, kind: 'exclusion', reason: input.reason, details: { playerId, games: settled } },
          [{ playerId, kind: 'exclusion', amount: 0, effectiveOn: localDate(this.clock.now(), competition.timeZone) }],
        );
      }
      await this.audit.record({
        actor,
        asArbiter: true,
        action: input.exclusion ? 'player.excluded' : 'player.withdrawn',
        competitionId,
        details: { playerId, reason: input.reason, games: settled },
      });
      return { playerId, games: settled };
    });
  }
}
