import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { sha256Hex } from '../common/hash';
import { asJson } from '../common/json';
import { SETTINGS, Settings } from '../config/settings';
import { Database } from '../database/database';
import { GameReadsService } from '../games/reads/game-reads.service';
import { GameRepository } from '../games/persistence/game.repository';
import { localDate } from '../common/calendar';
import { CorrespondentsRepository } from './correspondents.repository';
import type { InboundMail, InboundMailStatus } from './inbound-mail.entity';
import { InboundMailRepository, type InboundMailChange } from './inbound-mail.repository';
import { MailCases } from './mail-cases.service';
import { MailGamesRepository } from './mail-games.repository';
import { gameViewOf } from './outbox/game-mail';
import type { CommandRefusal, MailCommand } from './parsing/commands';
import type { MailWordCheck } from '../notifications/models/models';
import type { MailModels } from './templates';
import { withoutReplyTokens } from '../notifications/reply-token';
import { confirmationUrl } from './pipeline/confirmation-link';
import { FOLDER, type Decision, type Rejection, type RejectionTarget } from './pipeline/mail-decision';
import { MailReplies, type MailReply } from './mail-replies.service';
import { rejectionMail } from './rejection-mail';
import { CompetitionsRepository } from '../competitions/competitions.repository';

/** docs/mail-rules.md 16: rejections per address per day; they only stop loops. */
export const MAX_REJECTIONS_PER_DAY = 20;

/** `Re:`, `Fwd:`, `RE:`, `AW:`, `Răsp:`… as clients and loops stack them on a subject. */
const REPLY_PREFIX = /^\s*(?:(?:re|fw|fwd|aw|wg|sv|tr|r|rasp|răsp|răspuns|raspuns)\s*(?:\[\d+\])?\s*:\s*)+/i;

/**
 * docs/mail-rules.md 16: what was decided, as the answer would say it — the reason, the game, the
 * turn the token named, why the command could not be read, the lines read and the subject
 * (without its reply prefixes) — not the body text alone: an empty body under a new subject
 * (a move written in the Subject) is a new question and gets its answer; the same mail
 * sent again, as a loop does, does not.
 */
export function rejectionKeyOf(
  recipient: string,
  decision: {
    readonly reason: string;
    readonly gameId?: string;
    readonly tokenTurn?: number;
    readonly commandRefusal?: CommandRefusal;
    readonly content?: string;
  },
  subject: string | null,
): string {
  const decided = {
    recipient,
    reason: decision.reason,
    gameId: decision.gameId ?? null,
    tokenTurn: decision.tokenTurn ?? null,
    refusal: decision.commandRefusal ?? null,
    content: (decision.content ?? '').trim(),
    subject: (subject ?? '').replace(REPLY_PREFIX, '').replace(/\s+/g, ' ').trim().normalize('NFC').toLowerCase(),
  };
  return sha256Hex(JSON.stringify(decided));
}

/**
 * Writes a mail's decision with its row, its answer and its case, in one transaction
 * (docs/mail-rules.md 11, 16): the folder it moves to, the confirmation request of a held move,
 * the typed rejection within the limits, the bounce's case. The IMAP move follows the commit
 * (InboxService).
 */
@Injectable()
export class MailDecisions {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly inbound: InboundMailRepository,
    private readonly games: GameRepository,
    private readonly reads: GameReadsService,
    private readonly mailGames: MailGamesRepository,
    private readonly people: CorrespondentsRepository,
    private readonly replies: MailReplies,
    private readonly cases: MailCases,
    private readonly competitions: CompetitionsRepository,
  ) {}

  /** Records the decision on a mail still in `from`; a mail decided meanwhile gets nothing more. */
  async record(row: InboundMail, decision: Decision, from: InboundMailStatus = 'received'): Promise<void> {
    // docs/mail-rules.md 11: an applied mail was marked so in its action's frame, with the action; no second transaction.
    if (decision.status === 'applied' && decision.recorded) return;
    const now = this.clock.now();
    await this.db.transaction(async () => {
      const context = 'gameId' in decision ? { gameId: decision.gameId ?? null, playerId: decision.playerId ?? null } : {};
      const change: InboundMailChange = {
        status: decision.status,
        reason: decision.status === 'applied' ? null : decision.reason,
        folder: FOLDER[decision.status],
        decidedAt: now,
        error: null,
        ...context,
        ...(decision.status === 'applied' && { result: decision.result }),
        ...(decision.status === 'held' && { result: { command: decision.command, turn: decision.turn, written: [...decision.written] } }),
        ...(decision.status === 'dropped' && decision.bounce && { playerId: decision.bounce.playerId, gameId: decision.bounce.gameId }),
      };
      const updated = await this.inbound.recordDecision(row.id, from, change);
      if (!updated) return; // decided meanwhile: nothing more to write
      switch (decision.status) {
        case 'dropped':
          // docs/mail-rules.md 7: recorded against the player, a case for the arbiter (docs/rules.md §5); never answered.
          if (decision.bounce) {
            await this.cases.raise(now, {
              kind: 'mail-bounce',
              gameId: decision.bounce.gameId,
              playerId: decision.bounce.playerId,
              // docs/web.md, Security model: a returned subject may quote a reply token; the arbiter is not its addressee.
              payload: { inboundMailId: row.id, address: decision.bounce.address, subject: row.subject && withoutReplyTokens(row.subject) },
            });
          }
          return;
        case 'held':
          return this.writeReply(row, {
            template: 'move-confirmation-request',
            playerId: decision.playerId,
            gameId: decision.gameId,
            address: decision.target.address,
            autoSubmitted: 'auto-replied',
            payload: asJson({
              game: await gameViewOf(this.mailGames, this.competitions, this.settings, decision.gameId),
              written: decision.written,
              confirmUrl: confirmationUrl(this.settings, row.id),
              ...(await this.heldWordCheck(decision.gameId, decision.playerId, decision.command as unknown as MailCommand)),
            } satisfies MailModels['move-confirmation-request']),
          });
        case 'rejected':
          if (decision.target) await this.reject(row, decision, decision.target, now);
          return;
      }
    });
  }

  /** The held move's words against the list, so that the player confirms knowing them. */
  private async heldWordCheck(gameId: string, playerId: string, command: MailCommand): Promise<{ wordCheck?: MailWordCheck }> {
    if (command.kind !== 'move') return {};
    const wordCheck = await this.reads.heldMoveWordCheck(gameId, playerId, command.move.text);
    return wordCheck ? { wordCheck } : {};
  }

  /**
   * docs/mail-rules.md 16: a typed answer to every person who writes, but never two for the same
   * content and at most 20 a day per address — the limits only stop loops.
   */
  private async reject(row: InboundMail, decision: Rejection, target: RejectionTarget, now: Date): Promise<void> {
    const recipient = target.address ?? `player:${target.playerId}`;
    const rejectionKey = rejectionKeyOf(recipient, decision, row.subject);
    await this.inbound.lockRejectionsTo(recipient);
    if (await this.inbound.rejectionKeyUsed(rejectionKey)) return;
    const day = localDate(now, this.settings.timeZone);
    const today = await this.inbound.rejectionsTo(recipient, day);
    if (today >= MAX_REJECTIONS_PER_DAY) return;
    await this.inbound.recordRejection(row.id, { rejectionKey, rejectedTo: recipient, rejectedOn: day });
    const player = await this.people.player(target.playerId);
    const { template, payload } = await rejectionMail(this.games, this.competitions, this.settings, now, {
      reason: decision.reason,
      gameId: decision.gameId,
      playerId: target.playerId,
      language: player.language,
      messages: decision.messages,
      commandRefusal: decision.commandRefusal,
      lines: (decision.content ?? '').split('\n').filter((l) => l.trim() !== ''),
      subject: row.subject,
      size: row.size,
      tokenTurn: decision.tokenTurn,
      sender: decision.sender,
    });
    await this.writeReply(row, {
      template,
      playerId: target.playerId,
      gameId: decision.gameId ?? null,
      address: target.address,
      autoSubmitted: 'auto-replied',
      payload,
    });
  }

  /** An answer to a player's mail, through the outbox (docs/mail-rules.md 16: `auto-replied`). */
  private writeReply(row: InboundMail, reply: MailReply): Promise<void> {
    return this.replies.write(this.clock.now(), row.messageId, reply);
  }
}
