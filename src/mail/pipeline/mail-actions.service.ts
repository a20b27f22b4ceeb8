import { Injectable } from '@nestjs/common';
import type { UserActor } from '../../auth/core/actor';
import { Refusal } from '../../common/refusal';
import { actorOf } from '../../auth/users.service';
import { asJson, type JsonObject } from '../../common/json';
import { Clock } from '../../common/clock';
import { ResultsService } from '../../coefficients/results.service';
import { otherColor } from '../../common/color';
import type { Game } from '../../games/entities/game.entity';
import { ClaimAnswersService } from '../../games/actions/claim-answers.service';
import { StateDeclarationsService } from '../../thinking-time/state-declarations.service';
import { ConditionalsService } from '../../games/actions/conditionals.service';
import { DisputesService } from '../../games/actions/disputes.service';
import { ChallengesService } from '../../games/actions/challenges.service';
import { GameActions, type InTransaction, type SubmitOptions } from '../../games/actions/game-actions.service';
import type { GameWrite } from '../../games/actions/game-write';
import { GameTimeService } from '../../games/actions/game-time.service';
import { MovesService } from '../../games/actions/moves.service';
import { OffersService } from '../../games/actions/offers.service';
import type { ActionResult } from '../../games/model/game-views';
import type { OfferKind } from '../../games/entities/offer.entity';
import { Correspondents } from '../correspondents.service';
import { MailGames } from '../mail-games.service';
import type { LineMoves, MailCommand } from '../parsing/commands';
import { MailReplies, type MailReply } from '../mail-replies.service';

export interface MailCommandInput {
  readonly gameId: string;
  readonly playerId: string;
  readonly command: MailCommand;
  /** docs/mail-rules.md 11: the Message-ID (or the SHA-256 without one): a repeat returns the first result. */
  readonly idempotencyKey: string;
  readonly inboundMailId: string;
  /** The turn the reply token names: the service refuses a stale one under the game's lock (docs/mail-rules.md 2, 12). */
  readonly expectedTurn: number;
  /**
   * Runs inside the games service's transaction: the mail's row is marked applied there, so
   * the move and the mail's status commit together (docs/mail-rules.md 11).
   */
  readonly inTransaction?: InTransaction;
  /** Where a command answered by mail (STATUS, DIGEST, ANSWER) is answered: the sender, under their mail. */
  readonly answer?: { readonly address: string | null; readonly inReplyTo: string | null };
}

export type MailCommandOutcome = { readonly ok: true; readonly result: JsonObject } | { readonly ok: false; readonly refusal: Refusal };

const lines = (l: LineMoves) => ({ A: l.A.text, B: l.B.text });

/**
 * Routes one parsed mail command (docs/mail-rules.md 10) to the one service call that performs it,
 * as the token's player, with the mail's key: one action, one transaction, and a repeat
 * of the key (a restart after the commit) returns the first result.
 */
@Injectable()
export class MailActions {
  constructor(
    private readonly clock: Clock,
    private readonly moves: MovesService,
    private readonly offers: OffersService,
    private readonly disputes: DisputesService,
    private readonly gameTime: GameTimeService,
    private readonly results: ResultsService,
    private readonly declarations: StateDeclarationsService,
    private readonly claimAnswers: ClaimAnswersService,
    private readonly mailGames: MailGames,
    private readonly people: Correspondents,
    private readonly replies: MailReplies,
    private readonly conditionals: ConditionalsService,
    private readonly challenges: ChallengesService,
    private readonly frame: GameActions,
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
    const user = await this.people.accountOf(playerId);
    if (!user)
      throw new Refusal('NO_USER', { ro: 'Jucătorul nu are cont.', en: 'The player has no account.', pl: 'Gracz nie ma konta.' }, 403);
    return actorOf(user);
  }

  private perform(actor: UserActor, input: MailCommandInput): Promise<unknown> {
    const { gameId, command } = input;
    const keyed = { idempotencyKey: input.idempotencyKey };
    const hooked = { ...keyed, inTransaction: input.inTransaction };
    const submit: SubmitOptions = { ...hooked, source: 'mail', inboundMailId: input.inboundMailId, expectedTurn: input.expectedTurn };
    switch (command.kind) {
      case 'move':
        return command.move.move.kind === 'pass'
          ? this.moves.pass(actor, gameId, { ...submit, note: command.note })
          : this.moves.submitMove(actor, gameId, { ...submit, move: command.move.text, note: command.note });
      case 'line-moves':
        return this.moves.submitMove(actor, gameId, { ...submit, lines: lines(command.lines) });
      case 'contest':
        return this.disputes.contestWord(actor, gameId, { ...submit, words: command.words, reply: command.reply.text });
      case 'challenge':
        return this.challenges.challenge(actor, gameId, { ...submit, words: command.words });
      case 'admit':
        return this.disputes.admitContest(actor, gameId, { ...submit, replacement: command.replacement.text });
      case 'appeal':
        return this.disputes.appealContest(actor, gameId, { ...submit, lines: lines(command.lines) });
      case 'holiday':
        return this.gameTime.declareHoliday(actor, gameId, { ...hooked, from: command.from, to: command.to });
      case 'long-thinking':
        return this.gameTime.announceLongThinking(actor, gameId, { ...hooked, days: command.days });
      case 'draw':
        return this.offerOrAccept(actor, input, 'draw');
      case 'interrupt':
        return this.offerOrAccept(actor, input, 'interruption');
      case 'decline':
        return this.offers.declineOffer(actor, gameId, hooked);
      case 'resign':
        return this.offers.abandon(actor, gameId, hooked);
      case 'claim-time':
        return this.gameTime.claimTime(actor, gameId, hooked);
      case 'confirm':
        return this.results.confirmResult(actor, gameId, hooked);
      case 'objection':
        return this.results.objectToResult(actor, gameId, command.text ?? '', hooked);
      case 'position':
        // docs/rules.md §7: the game's state at the closing date, declared by the player.
        return this.declarations.declareState(actor, gameId, { text: command.text, inTransaction: input.inTransaction });
      case 'answer':
        return this.answerClaim(actor, input, command.text);
      case 'digest':
        return this.switchDigest(input, command.on);
      case 'status':
        return this.sendStatus(input);
      case 'conditional':
        return this.conditionals.store(actor, gameId, { ...hooked, text: command.text, channel: 'mail' });
    }
  }

  /**
   * Commands that change no game but answer by mail: one transaction holds the game's row
   * lock, the change, the answer and the mail's "applied" (docs/mail-rules.md 11), so a repeat after a
   * crash finds the mail decided and writes nothing twice.
   */
  private answered(input: MailCommandInput, work: (game: Game, w: GameWrite) => Promise<MailReply | undefined>): Promise<ActionResult> {
    // docs/mail-rules.md 12: the game's row, locked by the frame for the rest of the transaction.
    return this.frame.onGame(
      input.gameId,
      async (game, w) => {
        const reply = await work(game, w);
        if (reply) await this.replies.write(this.clock.now(), input.answer?.inReplyTo ?? null, reply);
        return {
          gameId: game.id,
          version: game.version,
          turn: game.turn,
          status: game.status,
          moves: [],
          turnComplete: false,
        } as ActionResult;
      },
      { inTransaction: input.inTransaction },
    );
  }

  private reply(input: MailCommandInput, template: string, payload: JsonObject): MailReply {
    return {
      template,
      playerId: input.playerId,
      gameId: input.gameId,
      address: input.answer?.address ?? null,
      autoSubmitted: 'auto-replied',
      payload: { gameId: input.gameId, ...payload },
    };
  }

  /** `STARE` / `STATUS`: the game as it stands now, as a mail (docs/mail-rules.md 10). */
  private sendStatus(input: MailCommandInput): Promise<ActionResult> {
    return this.answered(input, async (game) => this.reply(input, 'status', { turn: game.turn }));
  }

  /** `DIGEST ON|OFF`: one mail a day, or one per event (docs/mail-rules.md 17); the choice is the player's, for all their games. */
  private switchDigest(input: MailCommandInput, on: boolean): Promise<ActionResult> {
    return this.answered(input, async (game) => {
      await this.people.chooseDigest(input.playerId, on);
      return this.reply(input, 'digest-setting', { turn: game.turn, digest: on });
    });
  }

  /**
   * `RASPUNS` / `ANSWER` + text: the answer to a time claim against the player (docs/rules.md §5:
   * within 5 days), written on the claim's case for the arbiter.
   */
  private answerClaim(actor: UserActor, input: MailCommandInput, text: string): Promise<ActionResult> {
    return this.answered(input, async (game, w) => {
      const color = game.redPlayerId === input.playerId ? 'red' : 'blue';
      // The 5-day limit, the case, the audit and the mails to the claimant and the arbiter: claim-answers.service.ts.
      await this.claimAnswers.record({ actor, game, color, text, source: 'mail', inboundMailId: input.inboundMailId }, w);
      return this.reply(input, 'answer-recorded', { turn: game.turn, claimant: otherColor(color) });
    });
  }

  /** `REMIZA` / `DRAW` offers, or accepts the partner's pending offer of the same kind (docs/mail-rules.md 10). */
  private async offerOrAccept(actor: UserActor, input: MailCommandInput, kind: OfferKind): Promise<unknown> {
    const pending = await this.mailGames.pendingOffer(input.gameId, kind);
    const keyed = { idempotencyKey: input.idempotencyKey, inTransaction: input.inTransaction };
    if (pending && pending.offeredByPlayerId !== input.playerId)
      return this.offers.acceptOffer(actor, input.gameId, { ...keyed, offerId: pending.id });
    return this.offers.offer(actor, input.gameId, { ...keyed, kind });
  }
}
