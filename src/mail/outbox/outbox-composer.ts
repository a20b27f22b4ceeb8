import { Inject, Injectable, Logger } from '@nestjs/common';
import { SETTINGS, type Settings } from '../../config/settings';
import type { Game } from '../../games/game.entity';
import { GameRepository } from '../../games/game.repository';
import { verpAddress } from '../../notifications/mail-addresses';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import { parseToken, replyAddress } from '../../notifications/reply-token';
import { CorrespondentsRepository } from '../correspondents.repository';
import { MailGamesRepository } from '../mail-games.repository';
import { renderMail, threadSubject } from '../templates';
import { gameMail, gameViewOf } from './game-mail';
import { renderMailContent, type MailContent } from './mail-content';
import type { OutgoingMessage } from './mail-transport';
import { OutboundDeliveryRepository } from './outbound-delivery.repository';

const logger = new Logger('Outbox');

/**
 * The turn a reply to this mail answers: the one its Message-ID's token names (docs/mail-rules.md 1),
 * else the one the payload names, else the game's turn when the mail goes out.
 */
function replyTurn(row: OutboundMail, game: Game): number {
  const fromId = parseToken(row.messageId)?.turn;
  if (fromId) return fromId;
  return typeof row.payload.turn === 'number' ? row.payload.turn : game.turn;
}

/** Turns outbox rows into mail, reading what they need in the caller's unit of work. */
@Injectable()
export class OutboxComposer {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly mailGames: MailGamesRepository,
    private readonly games: GameRepository,
    private readonly people: CorrespondentsRepository,
    private readonly outbox: OutboundDeliveryRepository,
  ) {}

  /**
   * The body of a row (docs/mail-rules.md 19): a stored view model is rendered as it is; a game event
   * written by the platform's services gets its model built from the game as of the row
   * (game-mail.ts), so every game mail has the board, the clocks and how to answer, in text
   * and HTML. Only a non-game row without a model falls back to the plain listing.
   */
  async content(row: OutboundMail): Promise<MailContent> {
    const model = row.payload.game;
    const hasGameModel = typeof model === 'object' && model !== null && !Array.isArray(model) && 'competition' in model;
    if (row.gameId && row.playerId && !hasGameModel) {
      try {
        const built = await gameMail(this.games, this.settings, row);
        const rendered = renderMail(built.template, row.language, built.model);
        return { subject: rendered.subject ?? row.template, text: rendered.text, html: rendered.html };
      } catch (error) {
        // A model that cannot be built (a payload from an older version, a game since changed
        // beyond replay) never holds a notification back: it goes out as the plain listing.
        logger.warn({ outboundMailId: row.id, err: error }, `mail ${row.template} rendered as a listing`);
      }
    }
    return renderMailContent(row.template, row.language, row.payload);
  }

  /**
   * Turns an outbox row into one message per recipient address, with the headers of
   * docs/mail-rules.md 18: Message-ID from the row, Auto-Submitted, X-Auto-Response-Suppress, a VERP
   * envelope sender, the game thread (In-Reply-To / References / constant subject) and a
   * Reply-To carrying the reply token.
   */
  async compose(row: OutboundMail, now: Date): Promise<OutgoingMessage[]> {
    const settings = this.settings;
    // A row without a player (a login link to an arbiter) always names its address.
    const recipients = row.toAddress
      ? [row.toAddress]
      : row.playerId
        ? // Issue 12 §1: an address added to a player gets no mail before its owner confirms it.
          (await this.people.confirmedAddressesOf(row.playerId)).map((e) => e.address)
        : [];
    const content = await this.content(row);
    const headers: Record<string, string> = {
      'Auto-Submitted': row.autoSubmitted,
      // Asks Exchange and Outlook not to answer our mail with their own auto-replies.
      'X-Auto-Response-Suppress': 'All',
    };
    let subject = content.subject;
    let replyTo: string | undefined;
    const references: string[] = [];
    if (row.gameId) {
      const game = await this.mailGames.byId(row.gameId);
      subject = threadSubject(await gameViewOf(this.mailGames, this.games, settings, game.id), row.language);
      replyTo = replyAddress(settings.secret, settings.mailReplyAddress, {
        gameId: game.id,
        playerId: row.playerId!,
        turn: replyTurn(row, game),
      });
      const root = await this.outbox.threadRoot(row.gameId, row.playerId);
      if (root && root !== row.messageId) references.push(root);
    }
    if (row.inReplyTo && !references.includes(row.inReplyTo)) references.push(row.inReplyTo);
    return recipients.map((to) => ({
      from: settings.mailFrom,
      to,
      replyTo,
      subject,
      text: content.text,
      html: content.html,
      messageId: row.messageId,
      date: now,
      inReplyTo: references.at(-1),
      references: references.length ? references : undefined,
      headers,
      envelope: { from: verpAddress(settings.secret, settings.mailReplyAddress, to), to },
    }));
  }
}
