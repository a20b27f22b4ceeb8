import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PlayerEmail } from '../../players/player-email.entity';
import type { Settings } from '../../config/settings';
import { Game } from '../../games/game.entity';
import { verpAddress } from '../../notifications/mail-addresses';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import { parseToken, replyAddress } from '../../notifications/reply-token';
import { renderMail, threadSubject } from '../templates';
import { gameMail, gameViewOf } from './game-mail';
import { renderMailContent, type MailContent } from './mail-content';
import type { OutgoingMessage } from './mail-transport';

const logger = new Logger('Outbox');

/**
 * The Message-ID clients thread a game's mails to a player under: their game sheet, else
 * the first one written to them (rows of one transaction share a creation instant).
 */
async function threadRoot(manager: EntityManager, row: OutboundMail): Promise<string | undefined> {
  if (!row.gameId) return undefined;
  const first = await manager
    .createQueryBuilder()
    .select('m.message_id', 'messageId')
    .from('outbound_mail', 'm')
    .where('m.game_id = :gameId AND m.player_id = :playerId', { gameId: row.gameId, playerId: row.playerId })
    .orderBy(`CASE WHEN m.template = 'game-start' THEN 0 ELSE 1 END`, 'ASC')
    .addOrderBy('m.created_at', 'ASC')
    .addOrderBy('m.id', 'ASC')
    .limit(1)
    .getRawOne<{ messageId: string }>();
  return first?.messageId;
}

/**
 * The turn a reply to this mail answers: the one its Message-ID's token names (docs/mail-rules.md 1),
 * else the one the payload names, else the game's turn when the mail goes out.
 */
function replyTurn(row: OutboundMail, game: Game): number {
  const fromId = parseToken(row.messageId)?.turn;
  if (fromId) return fromId;
  return typeof row.payload.turn === 'number' ? row.payload.turn : game.turn;
}

/**
 * The body of a row (docs/mail-rules.md 19): a stored view model is rendered as it is; a game event
 * written by the platform's services gets its model built from the game as of the row
 * (game-mail.ts), so every game mail has the board, the clocks and how to answer, in text
 * and HTML. Only a non-game row without a model falls back to the plain listing.
 */
export async function mailContent(manager: EntityManager, settings: Settings, row: OutboundMail): Promise<MailContent> {
  const model = row.payload.game;
  const hasGameModel = typeof model === 'object' && model !== null && !Array.isArray(model) && 'competition' in model;
  if (row.gameId && row.playerId && !hasGameModel) {
    try {
      const built = await gameMail(manager, settings, row);
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
export async function composeOutbound(
  manager: EntityManager,
  settings: Settings,
  row: OutboundMail,
  now: Date,
): Promise<OutgoingMessage[]> {
  // A row without a player (a login link to an arbiter) always names its address.
  const recipients = row.toAddress
    ? [row.toAddress]
    : row.playerId
      ? // Issue 12 §1: an address added to a player gets no mail before its owner confirms it.
        (await manager.find(PlayerEmail, { where: { playerId: row.playerId, verified: true }, order: { address: 'ASC' } })).map(
          (e) => e.address,
        )
      : [];
  const content = await mailContent(manager, settings, row);
  const headers: Record<string, string> = {
    'Auto-Submitted': row.autoSubmitted,
    // Asks Exchange and Outlook not to answer our mail with their own auto-replies.
    'X-Auto-Response-Suppress': 'All',
  };
  let subject = content.subject;
  let replyTo: string | undefined;
  const references: string[] = [];
  if (row.gameId) {
    const game = await manager.findOneOrFail(Game, { where: { id: row.gameId } });
    subject = threadSubject(await gameViewOf(manager, settings, game.id), row.language);
    replyTo = replyAddress(settings.secret, settings.mailReplyAddress, {
      gameId: game.id,
      playerId: row.playerId!,
      turn: replyTurn(row, game),
    });
    const root = await threadRoot(manager, row);
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
