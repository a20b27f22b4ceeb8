import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { otherColor } from '../../common/color';
import { toLocalDate } from '../../common/calendar';
import { ChallengesRepository } from '../persistence/challenges.repository';
import { decideChallenge, decideChallengeOverride } from '../core/challenges';
import type { MoveTiming } from '../core/moves';
import { refusals } from '../core/game-refusals';
import { orThrow } from '../core/refusal';
import { LOST_TURN, type Color } from '../../engine';
import { GameActions, requireReason, type SubmitOptions } from './game-actions.service';
import type { GameSession } from '../model/game-session';
import { challengeView, type ActionResult, type ChallengeView } from '../model/game-views';
import type { Move } from '../entities/move.entity';
import { DisputesService } from './disputes.service';
import { ResultProposals } from './result-proposals.service';

/**
 * The PFS challenge ("Sprawdzam", docs/rules.md §13): decided at once from the competition's
 * official list, and the arbiter's reversal of a verdict, each one action in the frame of
 * game-actions.service.ts; the rules are core/challenges.ts.
 */
@Injectable()
export class ChallengesService {
  constructor(
    private readonly actions: GameActions,
    private readonly audit: AuditService,
    private readonly challenges: ChallengesRepository,
    private readonly disputes: DisputesService,
    private readonly results: ResultProposals,
  ) {}

  /** The player checks the words of the partner's last move; one verdict, the move taken back if it fails. */
  challenge(actor: Actor, gameId: string, input: SubmitOptions & { readonly words: readonly string[] }): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'challenge', input, async (s, color) => {
      const done = await this.challenges.ofGame(s.game.id);
      const lexicon = s.setup.lexicon;
      const plan = orThrow(
        decideChallenge(s.play, color, input, {
          rules: s.competition.rules,
          tileSet: s.competition.tileSet,
          isWord: lexicon ? (w) => lexicon.has(w) : null,
          challenged: new Set(done.map((c) => c.moveId)),
        }),
      );
      const mover = otherColor(color);
      if (plan.successful) {
        await s.applyLines(plan.lines);
        await this.loseTurn(s, plan.lostTurnLine!, plan.challenged, mover);
        // A new turn, the challenger's: what they wrote for the taken-back position is stale.
        s.game.turn += 1;
      }
      const row = await this.challenges.insert({
        id: randomUUID(),
        gameId: s.game.id,
        moveId: plan.challenged.id,
        challengerPlayerId: s.players[color].id,
        words: [...plan.words],
        successful: plan.successful,
        overridden: false,
        overrideReason: null,
        createdAt: s.now,
        decidedAt: s.now,
      });
      const view = challengeView(row, color);
      // Both players hear the verdict (mail/core/event-mails.ts).
      this.actions.emit(s, { kind: 'challenge-verdict', turn: s.game.turn, ...challengePayload(view, plan.challenged.notation) });
      await this.audit.record({
        actor,
        action: 'challenge.decided',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, words: [...plan.words], successful: plan.successful, move: plan.challenged.notation },
      });
      return { ...this.actions.result(s, [], false), challenge: view };
    });
  }

  /**
   * The arbiter reverses a challenge's verdict, with a reason, while the game is in play or its
   * result is not homologated [P 4.7.13]: play resumes from the position the new verdict gives.
   */
  override(
    actor: Actor,
    gameId: string,
    challengeId: string,
    input: { readonly reason: string; readonly idempotencyKey?: string },
  ): Promise<ActionResult> {
    return this.actions.asArbiter(actor, gameId, { action: 'challenge-override', idempotencyKey: input.idempotencyKey }, async (s) => {
      requireReason(input.reason);
      const challenge = await this.challenges.find(s.game.id, challengeId);
      if (!challenge) throw refusalUnknownChallenge();
      const result = await this.results.find(s.game.id);
      const plan = orThrow(
        decideChallengeOverride(s.play, challenge, {
          rules: s.competition.rules,
          closed: result?.status === 'homologated',
          endedByOutcome: s.game.status === 'ended' && s.game.outcome !== null,
        }),
      );
      if (s.game.status === 'ended') await this.disputes.reopen(s, result?.id ?? null);
      await s.applyLines(plan.lines);
      const mover = plan.challenged.color;
      if (plan.replay.kind === 'lost') await this.loseTurn(s, plan.line.id, plan.challenged, mover);
      else await s.playMove(plan.line.id, mover, plan.challenged.notation, standingTiming(s, plan.challenged));
      // A new turn: the position changed under the players, replies written for the old one are stale.
      s.game.turn += 1;
      Object.assign(challenge, { successful: plan.successful, overridden: true, overrideReason: input.reason.trim(), decidedAt: s.now });
      await this.challenges.markOverridden(challenge);
      const challenger = s.colorOfPlayer(challenge.challengerPlayerId)!;
      const view = challengeView(challenge, challenger);
      this.actions.emit(s, { kind: 'challenge-overridden', turn: s.game.turn, ...challengePayload(view, plan.challenged.notation) });
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'challenge.overridden',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { challengeId: challenge.id, successful: plan.successful, reason: challenge.overrideReason },
      });
      return { ...this.actions.result(s), challenge: view };
    });
  }

  /** A game's challenges as its players and arbiter see them. */
  async ofGame(s: GameSession): Promise<ChallengeView[]> {
    const rows = await this.challenges.ofGame(s.game.id);
    return rows.map((c) => challengeView(c, s.colorOfPlayer(c.challengerPlayerId)!));
  }

  /**
   * [P 4.8] The mover's lost turn, in the fork before the move taken back, then a new turn (the
   * challenger to move). Dated as the move it replaces, so it charges no thinking day twice.
   */
  private async loseTurn(s: GameSession, lineId: string, challenged: Move, mover: Color): Promise<void> {
    const day = toLocalDate(challenged.sentOn);
    const timing: MoveTiming = { receivedAt: s.now, sentOn: day, arrivedOn: day, source: 'arbiter', idempotencyKey: null };
    await s.playMove(lineId, mover, LOST_TURN, timing);
  }
}

/** The challenged move again, dated as it was sent (its thinking days were charged on the first record). */
function standingTiming(s: GameSession, m: Move): MoveTiming {
  const day = toLocalDate(m.sentOn);
  return { receivedAt: s.now, sentOn: day, arrivedOn: day, source: 'arbiter', idempotencyKey: null };
}

function challengePayload(view: ChallengeView, notation: string) {
  return { challengeId: view.id, words: [...view.words], successful: view.successful, move: notation, overridden: view.overridden };
}

function refusalUnknownChallenge() {
  return refusals.badInput(
    'there is no such check in this game',
    'nu există această verificare în partidă',
    'w tej partii nie ma takiego sprawdzenia',
  );
}
