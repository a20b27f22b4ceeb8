import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { arbitratedCompetition } from '../arbiter/arbitrated-competition';
import { CLOSING_CASE } from '../arbiter/case.entity';
import { CasesService } from '../arbiter/cases.service';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import { closingResult, reportWindowEnd } from '../games/core/closing-result';
import { GameActions } from '../games/actions/game-actions.service';
import type { GameSession } from '../games/model/game-session';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';
import { GameTimeRepository } from '../games/persistence/game-time.repository';
import { ResultProposals } from '../games/actions/result-proposals.service';
import { type ResultView } from '../games/model/result-view';
import { toLocalDate } from '../common/calendar';
import { batchReport, skipOf, type BatchReport, type SkippedGame } from './core/homologation-batch';
import { closingRefusals } from './core/homologation-refusals';
import { ResultsService } from './results.service';

/** What the arbiter asks with one homologation: a note, or the override of the players' window with its reason. */
export interface HomologationAsk {
  readonly reason?: string | null;
  readonly override?: boolean;
}

/**
 * Homologation as one game action (docs/rules.md §7; GameActions: one transaction, the game's
 * row lock, the arbiter's right): a proposed result as it stands, or the result proposed at
 * the closing date, applied as it was proposed — the game ends with that outcome, its result
 * is written with the report window as its window (docs/rules.md "The closing date"), and is
 * homologated in the same transaction, so nothing is typed again and no second window opens.
 * A homologated result is refused as such: a repeated act homologates nothing twice.
 */
@Injectable()
export class HomologationService {
  constructor(
    private readonly db: Database,
    private readonly actions: GameActions,
    private readonly proposals: ResultProposals,
    private readonly results: ResultsService,
    private readonly cases: CasesService,
    private readonly gameTime: GameTimeRepository,
    private readonly listings: GameListingsRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /** One game's result, homologated; a typed refusal (homologation-refusals.ts) and nothing changed otherwise. */
  async homologate(actor: Actor, gameId: string, ask: HomologationAsk = {}): Promise<ResultView> {
    let view: ResultView | undefined;
    await this.actions.asArbiter(
      actor,
      gameId,
      {
        action: 'homologation',
        inTransaction: async () => {
          view = await this.results.homologateInAction(actor, gameId, ask);
        },
      },
      async (s) => {
        if (s.game.status === 'playing') await this.endAtClosingDate(s);
        return this.actions.result(s);
      },
    );
    return view!;
  }

  /**
   * The competition's listed games in one act, one transaction each: homologated, or skipped
   * for the reason its refusal gives (already homologated, an objection open, the players'
   * window open, a ruling first, nothing proposed, not this competition's game).
   */
  async homologateAll(actor: Actor, competitionId: string, gameIds: readonly string[]): Promise<BatchReport> {
    const own = await this.db.run(async () => {
      await arbitratedCompetition(this.competitions, actor, competitionId);
      return new Set((await this.listings.gamesOf(competitionId)).map((g) => g.id));
    });
    const outcomes: ({ gameId: string; homologated: true } | SkippedGame)[] = [];
    for (const gameId of gameIds) {
      try {
        if (!own.has(gameId)) throw closingRefusals.notListed();
        await this.homologate(actor, gameId);
        outcomes.push({ gameId, homologated: true });
      } catch (error) {
        const skipped = skipOf(gameId, error);
        if (!skipped) throw error;
        outcomes.push(skipped);
      }
    }
    return batchReport(outcomes);
  }

  /**
   * docs/rules.md "The closing date": once the report window has passed (the sweep's closing
   * case is open), the game ends with the outcome the platform's record gives — read again now,
   * under the lock — and its result is proposed with the report window as its window.
   */
  private async endAtClosingDate(s: GameSession): Promise<void> {
    const [closingCase] = await this.cases.openFor(s.game.id, [CLOSING_CASE]);
    if (!closingCase) throw closingRefusals.noProposal();
    const claim = await this.gameTime.openClaim(s.game.id);
    const lines = s.liveLines();
    const proposed = closingResult(
      { openClaim: claim !== null, liveLines: lines.length, movesMade: s.moves.length, firstToMove: 'red' },
      lines.length === 1 ? s.state(lines[0].id) : null,
    );
    if (!proposed || s.dispute) throw closingRefusals.ruleFirst();
    await s.end(proposed.outcome);
    await this.proposals.propose(this.actions.ended(s), {
      answerBy: reportWindowEnd(toLocalDate(s.competition.closingDate)),
      homologatedNow: true,
    });
  }
}
