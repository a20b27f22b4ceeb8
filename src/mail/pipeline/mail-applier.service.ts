import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { asJson, type JsonObject } from '../../common/json';
import type { InboundMail } from '../inbound-mail.entity';
import { InboundMails } from '../inbound-mails.service';
import { MailGames } from '../mail-games.service';
import { MailActions } from './mail-actions.service';
import { FOLDER, type Decision, type MailAction, type MailReason, type RejectionTarget } from './mail-decision';

/**
 * Applies the command a mail carries, once: one games service call through MailActions, keyed
 * by the mail (docs/mail-rules.md 11), with the mail's row marked applied in the action's own
 * transaction. A mail read just now and a held move confirmed on the web both come here.
 */
@Injectable()
export class MailApplier {
  constructor(
    private readonly clock: Clock,
    private readonly actions: MailActions,
    private readonly inbound: InboundMails,
    private readonly mailGames: MailGames,
  ) {}

  /**
   * The service checks its receipts before anything else, so after a crash between its commit
   * and ours the repeat returns the first result and the mail is marked applied, not refused.
   */
  async apply(row: InboundMail, action: MailAction, target: RejectionTarget, content: string): Promise<Decision> {
    let recorded = false;
    const outcome = await this.actions.run({
      gameId: action.gameId,
      playerId: action.playerId,
      command: action.command,
      expectedTurn: action.turn,
      idempotencyKey: row.dedupeKey ?? `sha256:${row.sha256}`,
      inboundMailId: row.id,
      // docs/mail-rules.md 11: the move and the mail's "applied" commit together; the decision's record then finds it decided.
      inTransaction: async (result) => {
        await this.markApplied(row, action, asJson(result));
        recorded = true;
      },
      // Commands answered by mail (STATUS, DIGEST, ANSWER) write their answer to the sender, threaded under their mail.
      answer: { address: target.address, inReplyTo: row.messageId },
    });
    const context = { gameId: action.gameId, playerId: action.playerId };
    // Marked inside a transaction that then committed: the action's own (a refusal rolls it back and comes here as one).
    if (outcome.ok) return { status: 'applied', ...context, result: outcome.result, recorded };
    let reason: MailReason = outcome.refusal.code;
    if (reason === 'NOT_YOUR_TURN') {
      // docs/mail-rules.md 2: an answer to a turn the game has left behind is stale, whoever's turn it was.
      if (action.turn < (await this.mailGames.turnOf(action.gameId))) reason = 'STALE_TOKEN';
    }
    return {
      status: 'rejected',
      reason,
      messages: reason === outcome.refusal.code ? outcome.refusal.messages : undefined,
      ...context,
      target,
      content,
      tokenTurn: action.turn,
    };
  }

  /** The mail's row marked applied inside the games service's transaction (docs/mail-rules.md 11). */
  private async markApplied(row: InboundMail, action: MailAction, result: JsonObject): Promise<void> {
    const updated = await this.inbound.markApplied(row.id, {
      status: 'applied',
      reason: null,
      folder: FOLDER.applied,
      decidedAt: this.clock.now(),
      error: null,
      gameId: action.gameId,
      playerId: action.playerId,
      result,
    });
    // Decided meanwhile (another instance, a rejection): the action must not commit without it.
    if (!updated) throw new Error(`inbound mail ${row.id} was decided meanwhile`);
  }
}
