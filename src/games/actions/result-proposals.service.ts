import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CasesService } from '../../arbiter/cases.service';
import { Clock } from '../../common/clock';
import { computeCoefficients } from '../../coefficients/core/coefficients';
import type { Competition } from '../../competitions/competition.entity';
import type { Player } from '../../players/player.entity';
import { addDays, localDate, type LocalDate } from '../../common/calendar';
import { coefficientOutcome } from '../core/game-record-replay';
import { walkoverScores } from '../core/pfs-rules';
import type { GameOutcome } from '../core/game-state';
import type { Color, GameState } from '../../engine';
import type { Game } from '../entities/game.entity';
import type { Result } from '../entities/result.entity';
import { ResultsRepository } from '../persistence/results.repository';
import { jsonResult, resultView } from '../model/result-view';
import { RulingsRepository } from '../../arbiter/rulings.repository';

/** docs/rules.md §7: each player confirms the final sheet or objects within 5 days of the game's end. */
export const CONFIRMATION_DAYS = 5;

/** What a game's end leaves for its result: the kept line's position and how it ended. */
export interface EndedGame {
  readonly game: Game;
  readonly competition: Competition;
  readonly players: Readonly<Record<Color, Player>>;
  /** The final state of the line the result comes from (docs/rules.md §6: the kept line). */
  readonly line: GameState;
  readonly outcome: GameOutcome | null;
}

/**
 * A game's result as its end leaves it (docs/rules.md §7), written in the transaction that ended
 * the game; what happens to it afterwards (confirmations, objections, homologation) is
 * coefficients/results.service.ts.
 */
@Injectable()
export class ResultProposals {
  constructor(
    private readonly clock: Clock,
    private readonly cases: CasesService,
    private readonly results: ResultsRepository,
    private readonly rulings: RulingsRepository,
  ) {}

  /**
   * Proposes a game's result in the transaction that ended it: the coefficients, 5 days to
   * confirm or object, a case when the arbiter must homologate; the players are told by
   * the action's game-ended fact (game-actions.service.ts).
   * `homologatedNow`: the closing-date result, whose window was the report window
   * (`answerBy`, docs/rules.md "The closing date") and which the arbiter homologates in this
   * same transaction: no case of its own, and the homologation's mail tells the players.
   */
  async propose(ended: EndedGame, options?: { readonly answerBy: LocalDate; readonly homologatedNow: true }): Promise<Result> {
    const { game, competition } = ended;
    const now = this.clock.now();
    const result = await this.results.insertResult({
      id: randomUUID(),
      gameId: game.id,
      ...(await this.score(ended)),
      automatic: ended.outcome === null && competition.autoHomologate,
      status: 'proposed',
      dueOn: options?.answerBy ?? addDays(localDate(game.endedAt ?? now, competition.timeZone), CONFIRMATION_DAYS),
      redConfirmedAt: null,
      blueConfirmedAt: null,
      objections: [],
      proposedAt: now,
      homologatedAt: null,
      homologatedByUserId: null,
    });
    const view = resultView(result);
    if (options?.homologatedNow) return result;
    if (!result.automatic) {
      await this.cases.open({
        competitionId: competition.id,
        gameId: game.id,
        kind: 'result',
        dueOn: result.dueOn,
        payload: jsonResult(view),
      });
    }
    return result;
  }

  /**
   * Scores a result again after a score correction (docs/rules.md §6: "at any time, even after
   * the game"); its confirmations and homologation stand.
   */
  async rescore(ended: EndedGame): Promise<Result> {
    const result = await this.results.resultOfOrFail(ended.game.id);
    Object.assign(result, await this.score(ended), { proposedAt: this.clock.now() });
    await this.results.rescoreResult(result);
    return result;
  }

  /**
   * The final scores and their coefficients: the scores after the rack adjustment for a
   * normal end, the running totals for any other ending (docs/rules.md §7 interpretations) but
   * a walkover's 400:1, plus the arbiter's score corrections and penalties in points.
   */
  private async score({ game, line, outcome }: EndedGame) {
    // docs/rules.md §13 [P 7.1]: a walkover is scored 400:1, the opponent keeping a higher total.
    const base = outcome === null ? line.scores : outcome.type === 'walkover' ? walkoverScores(line.totals, outcome.by) : line.totals;
    const corrections = await this.rulings.scoreCorrections(game.id);
    const corrected = (playerId: string) => corrections.filter((p) => p.playerId === playerId).reduce((sum, p) => sum + p.amount, 0);
    const scores = { red: base.red + corrected(game.redPlayerId), blue: base.blue + corrected(game.bluePlayerId) };
    const computed = coefficientOutcome(outcome ?? undefined, line.movesPlayed);
    const coefficients = computeCoefficients(scores, computed);
    return {
      outcome: computed,
      redScore: scores.red,
      blueScore: scores.blue,
      redCoefficient: coefficients.red,
      blueCoefficient: coefficients.blue,
    };
  }

  /** The result of a game, if it has one. */
  find(gameId: string): Promise<Result | null> {
    return this.results.resultOf(gameId);
  }
}
