import { Injectable } from '@nestjs/common';
import type { UserActor } from '../../auth/actor';
import { Refusal } from '../../auth/refusal';
import { User } from '../../auth/user.entity';
import { actorOf } from '../../auth/users.service';
import type { JsonObject } from '../../common/json';
import { ResultsService } from '../../coefficients/results.service';
import { Database } from '../../database/database';
import { GamesService, type SubmitOptions } from '../../games/games.service';
import { Offer, type OfferKind } from '../../games/offer.entity';
import type { LineMoves, MailCommand } from '../parsing/commands';

export interface MailCommandInput {
  readonly gameId: string;
  readonly playerId: string;
  readonly command: MailCommand;
  /** MAIL.md 11: the Message-ID (or the SHA-256 without one): a repeat returns the first result. */
  readonly idempotencyKey: string;
  readonly inboundMailId: string;
  /** The turn the reply token names: the service refuses a stale one under the game's lock (MAIL.md 2, 12). */
  readonly expectedTurn: number;
}

export type MailCommandOutcome = { readonly ok: true; readonly result: JsonObject } | { readonly ok: false; readonly refusal: Refusal };

/** Commands of MAIL.md 10 that no service performs yet: refused with a typed reason, never guessed at. */
const NOT_YET = {
  ro: 'Această comandă nu se poate încă trimite prin e-mail; folosiți pagina partidei.',
  en: 'This command cannot be sent by e-mail yet; use the game page.',
};

/** A value as it reads back from a jsonb column: plain JSON, undefined fields gone. */
export function asJson(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

const lines = (l: LineMoves) => ({ A: l.A.text, B: l.B.text });

/**
 * Routes one parsed mail command (MAIL.md 10) to the one service call that performs it,
 * as the token's player, with the mail's key: one action, one transaction, and a repeat
 * of the key (a restart after the commit) returns the first result.
 */
@Injectable()
export class MailActions {
  constructor(
    private readonly db: Database,
    private readonly games: GamesService,
    private readonly results: ResultsService,
  ) {}

  async run(input: MailCommandInput): Promise<MailCommandOutcome> {
    try {
      const actor = await this.actor(input.playerId);
      const result = await this.perform(actor, input);
      return { ok: true, result: asJson(result ?? {}) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, refusal: error };
      throw error;
    }
  }

  private async actor(playerId: string): Promise<UserActor> {
    const user = await this.db.run((m) => m.findOne(User, { where: { playerId } }));
    if (!user) throw new Refusal('NO_USER', { ro: 'Jucătorul nu are cont.', en: 'The player has no account.' }, 403);
    return actorOf(user);
  }

  private perform(actor: UserActor, input: MailCommandInput): Promise<unknown> {
    const { gameId, command } = input;
    const keyed = { idempotencyKey: input.idempotencyKey };
    const submit: SubmitOptions = { ...keyed, source: 'mail', inboundMailId: input.inboundMailId, expectedTurn: input.expectedTurn };
    switch (command.kind) {
      case 'move':
        return command.move.move.kind === 'pass' ? this.games.pass(actor, gameId, submit) : this.games.submitMove(actor, gameId, { ...submit, move: command.move.text });
      case 'line-moves':
        return this.games.submitMove(actor, gameId, { ...submit, lines: lines(command.lines) });
      case 'contest':
        return this.games.contestWord(actor, gameId, { ...submit, words: command.words, reply: command.reply.text });
      case 'admit':
        return this.games.admitContest(actor, gameId, { ...submit, replacement: command.replacement.text });
      case 'appeal':
        return this.games.appealContest(actor, gameId, { ...submit, lines: lines(command.lines) });
      case 'holiday':
        return this.games.declareHoliday(actor, gameId, { ...keyed, from: command.from, to: command.to });
      case 'long-thinking':
        return this.games.announceLongThinking(actor, gameId, { ...keyed, days: command.days });
      case 'draw':
        return this.offerOrAccept(actor, input, 'draw');
      case 'interrupt':
        return this.offerOrAccept(actor, input, 'interruption');
      case 'decline':
        return this.games.declineOffer(actor, gameId, keyed);
      case 'resign':
        return this.games.abandon(actor, gameId, keyed);
      case 'claim-time':
        return this.games.claimTime(actor, gameId, keyed);
      case 'confirm':
        return this.results.confirmResult(actor, gameId);
      case 'objection':
        return this.results.objectToResult(actor, gameId, command.text ?? '');
      case 'answer':
      case 'position':
      case 'digest':
      case 'status':
        throw new Refusal('NOT_BY_MAIL_YET', NOT_YET, 409);
    }
  }

  /** `REMIZA` / `DRAW` offers, or accepts the partner's pending offer of the same kind (MAIL.md 10). */
  private async offerOrAccept(actor: UserActor, input: MailCommandInput, kind: OfferKind): Promise<unknown> {
    const pending = await this.db.run((m) => m.findOne(Offer, { where: { gameId: input.gameId, kind, status: 'pending' } }));
    const keyed = { idempotencyKey: input.idempotencyKey };
    if (pending && pending.offeredByPlayerId !== input.playerId) return this.games.acceptOffer(actor, input.gameId, { ...keyed, offerId: pending.id });
    return this.games.offer(actor, input.gameId, { ...keyed, kind });
  }
}
