import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { JsonObject } from '../common/json';
import { SETTINGS, type Settings } from '../config/settings';
import { domainOf } from '../notifications/mail-addresses';
import type { OutboundMail } from '../notifications/outbound-mail.entity';
import { tokenMessageId } from '../notifications/reply-token';
import { CorrespondentsRepository } from './correspondents.repository';
import { MailGamesRepository } from './mail-games.repository';
import { OutboundDeliveryRepository } from './outbox/outbound-delivery.repository';

/** An answer to a player's mail (docs/mail-rules.md 16: `auto-replied`, never folded into a digest). */
export interface MailReply {
  readonly template: string;
  readonly playerId: string;
  readonly gameId: string | null;
  /** One registered address, or null for all of the player's. */
  readonly address: string | null;
  readonly autoSubmitted: OutboundMail['autoSubmitted'];
  readonly payload: JsonObject;
}

/** Writes the answers to players' mail to the outbox, in the caller's transaction. */
@Injectable()
export class MailReplies {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly people: CorrespondentsRepository,
    private readonly games: MailGamesRepository,
    private readonly outbox: OutboundDeliveryRepository,
  ) {}

  /** One answer, threaded under the mail it answers (`inReplyTo`, its Message-ID). */
  async write(now: Date, inReplyTo: string | null, reply: MailReply): Promise<void> {
    const player = await this.people.player(reply.playerId);
    const game = reply.gameId ? await this.games.find(reply.gameId) : null;
    const domain = domainOf(this.settings.mailReplyAddress);
    const messageId = game
      ? tokenMessageId(this.settings.secret, domain, { gameId: game.id, playerId: reply.playerId, turn: game.turn })
      : `<reply.${randomBytes(12).toString('hex')}@${domain}>`;
    await this.outbox.insert({
      id: randomUUID(),
      gameId: reply.gameId,
      playerId: reply.playerId,
      template: reply.template,
      language: player.language,
      payload: reply.payload,
      messageId,
      status: 'pending',
      createdAt: now,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      sentAt: null,
      toAddress: reply.address,
      autoSubmitted: reply.autoSubmitted,
      inReplyTo: inReplyTo ? `<${inReplyTo.replace(/^<|>$/g, '')}>` : null,
      digestId: null,
      eventId: null,
    });
  }
}
