import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../../audit/audit.service';
import type { Actor } from '../../auth/core/actor';
import { otherColor } from '../../common/color';
import { refusals } from '../core/game-refusals';
import { offerDecision, offerRefusal } from '../core/offer-limits';
import type { Color } from '../../engine';
import { GameActions, type ActionInput } from './game-actions.service';
import { GameSession } from '../model/game-session';
import { offerView, type ActionResult } from '../model/game-views';
import type { Offer, OfferKind } from '../entities/offer.entity';
import { OffersRepository } from '../persistence/offers.repository';

/** An answer to the partner's pending offer: the latest, or the one named. */
export interface OfferAnswerInput extends ActionInput {
  readonly offerId?: string;
}

/** Offers of a draw or an interruption, their answers, and abandonment (docs/rules.md §7). */
@Injectable()
export class OffersService {
  constructor(
    private readonly actions: GameActions,
    private readonly audit: AuditService,
    private readonly offers: OffersRepository,
  ) {}

  /**
   * Offers a draw or an interruption (docs/rules.md §7); offering what the partner already offered accepts it.
   * `confirmAcceptance` runs before that acceptance changes anything: the web form refuses there an agreement
   * the player did not confirm (docs/web.md "Confirmations").
   */
  offer(
    actor: Actor,
    gameId: string,
    input: ActionInput & { readonly kind: OfferKind },
    confirmAcceptance?: () => void,
  ): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'offer', input, async (s, color) => {
      s.requirePlaying();
      // One offer open at a time, and not again too soon after a decline (offer-limits.ts).
      const offers = await this.offers.offersOf(s.game.id);
      const mine = s.players[color].id;
      const decision = offerDecision({
        kind: input.kind,
        offers: offers.map((o) => ({ kind: o.kind, status: o.status, mine: o.offeredByPlayerId === mine, answeredAt: o.answeredAt })),
        now: s.now,
        timeZone: s.competition.timeZone,
        cooldownDays: s.competition.offerCooldownDays,
      });
      if (!decision.ok) throw offerRefusal(decision);
      if (decision.accepts) {
        confirmAcceptance?.();
        return this.answerOffer(
          s,
          actor,
          color,
          offers.find((o) => o.status === 'pending' && o.kind === input.kind)!,
          true,
        );
      }
      const offer = await this.offers.insertOffer({
        id: randomUUID(),
        gameId: s.game.id,
        kind: input.kind,
        offeredByPlayerId: s.players[color].id,
        status: 'pending',
        createdAt: s.now,
        answeredAt: null,
      });
      this.actions.emit(s, {
        kind: 'offer-made',
        turn: s.game.turn,
        by: color,
        offerId: offer.id,
        offer: offer.kind,
        byName: s.players[color].name,
      });
      await this.audit.record({
        actor,
        action: 'offer.made',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color, kind: offer.kind },
      });
      return { ...this.actions.result(s), offer: offerView(offer, color) };
    });
  }

  /** Accepts the partner's pending offer: the game ends as offered (drawn or interrupted). */
  acceptOffer(actor: Actor, gameId: string, input: OfferAnswerInput = {}): Promise<ActionResult> {
    return this.answer(actor, gameId, input, true);
  }

  /** Declines the partner's pending offer: play goes on. */
  declineOffer(actor: Actor, gameId: string, input: OfferAnswerInput = {}): Promise<ActionResult> {
    return this.answer(actor, gameId, input, false);
  }

  /** docs/rules.md §7: the player leaves the game; the partner wins by the abandonment rule. */
  abandon(actor: Actor, gameId: string, input: ActionInput = {}): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, 'abandon', input, async (s, color) => {
      s.requirePlaying();
      await s.end({ type: 'abandon', by: color });
      await this.audit.record({
        actor,
        action: 'game.abandoned',
        competitionId: s.competition.id,
        gameId: s.game.id,
        details: { color },
      });
      return this.actions.result(s);
    });
  }

  /** Accepting and declining are one path: the partner's pending offer, answered. */
  private answer(actor: Actor, gameId: string, input: OfferAnswerInput, accept: boolean): Promise<ActionResult> {
    return this.actions.asPlayer(actor, gameId, accept ? 'offer-accept' : 'offer-decline', input, async (s, color) => {
      s.requirePlaying();
      return this.answerOffer(s, actor, color, await this.partnersOffer(s, color, input.offerId), accept);
    });
  }

  private async partnersOffer(s: GameSession, color: Color, offerId: string | undefined): Promise<Offer> {
    const offers = await this.offers.pendingOffersNewestFirst(s.game.id);
    const offer = offers.find(
      (o) => o.offeredByPlayerId === s.players[otherColor(color)].id && (offerId === undefined || o.id === offerId),
    );
    if (!offer) throw refusals.noOffer();
    return offer;
  }

  private async answerOffer(s: GameSession, actor: Actor, color: Color, offer: Offer, accept: boolean): Promise<ActionResult> {
    offer.status = accept ? 'accepted' : 'declined';
    offer.answeredAt = s.now;
    await this.offers.answerOffer(offer);
    const by = otherColor(color);
    this.actions.emit(s, {
      kind: 'offer-answered',
      turn: s.game.turn,
      offerer: by,
      offerId: offer.id,
      offer: offer.kind,
      accepted: accept,
    });
    await this.audit.record({
      actor,
      action: accept ? 'offer.accepted' : 'offer.declined',
      competitionId: s.competition.id,
      gameId: s.game.id,
      details: { color, kind: offer.kind },
    });
    if (accept) await s.end({ type: offer.kind === 'draw' ? 'draw-agreement' : 'interrupted' });
    return { ...this.actions.result(s), offer: offerView(offer, by) };
  }
}
