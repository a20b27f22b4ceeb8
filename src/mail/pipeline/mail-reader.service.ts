import { Inject, Injectable } from '@nestjs/common';
import { normalizeEmail } from '../../auth/core/email-address';
import { sha256Hex } from '../../common/hash';
import { asJson } from '../../common/json';
import { SETTINGS, Settings } from '../../config/settings';
import { getTileSet } from '../../engine';
import type { Game } from '../../games/entities/game.entity';
import { findToken, gameIdRange, ParsedToken, verifyToken } from '../../notifications/reply-token';
import { Correspondents } from '../correspondents.service';
import type { InboundMail } from '../inbound-mail.entity';
import { MailGames } from '../mail-games.service';
import { OutboxDelivery } from '../outbox/outbox-delivery.service';
import { classifyInbound, recipientAddresses, type Bounce } from '../parsing/automated';
import { parseCommand } from '../parsing/commands';
import { InboundMessage, MAX_MESSAGE_BYTES } from '../parsing/decode';
import { MailParsingWorker } from '../parsing/mail-parsing-worker';
import { extractReply, isHtmlOnly, stripQuotes, type ReplyText } from '../parsing/quotes';
import { dmarcHoldsMove } from './authentication-results';
import type { Decision, MailAction, MailReason, RejectionTarget } from './mail-decision';

/** What reading a stored mail comes to: a decision, or a command of the token's owner due to be applied. */
export type Reading =
  | Decision
  | {
      readonly status: 'due';
      readonly action: MailAction;
      /** Who hears back if the games service refuses it. */
      readonly target: RejectionTarget;
      /** The player's lines, for the rejection-content key (docs/mail-rules.md 16). */
      readonly content: string;
    };

/**
 * What a mail refused before its body is read is known by, for the rejection-content key
 * (docs/mail-rules.md 16): its text part's lines (read in one pass), or a digest of its HTML,
 * which is never made text for a sender or token that does not check out.
 */
function unreadContent(message: InboundMessage): string {
  if (!isHtmlOnly(message)) return extractReply(message).lines.join('\n');
  return `html:${sha256Hex(message.html!)}`;
}

/**
 * Reads one stored mail as far as the command it asks (docs/mail-rules.md 1-10, 13): decode,
 * loops and bounces, the token, the sender, the player's lines, the provider's DMARC verdict.
 * It changes nothing: the command is applied and the decision written by their own services.
 */
@Injectable()
export class MailReader {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly mailGames: MailGames,
    private readonly people: Correspondents,
    private readonly outbox: OutboxDelivery,
    private readonly parsing: MailParsingWorker,
  ) {}

  async read(row: InboundMail): Promise<Reading> {
    // docs/mail-rules.md 13: the inbox stored only the headers of an oversized mail.
    if (row.size > MAX_MESSAGE_BYTES) return this.byEnvelope(row, 'TOO_LARGE');
    // A large mail is decoded on the worker thread (mail-parsing-worker.ts): never on the event loop.
    const decoded = await this.parsing.decode(row.raw);
    if (!decoded.ok) return this.byEnvelope(row, decoded.code === 'TOO_LARGE' ? 'TOO_LARGE' : 'MALFORMED');
    return this.readMessage(decoded.message);
  }

  /** A mail that cannot be read: answered only when its envelope sender is a registered address. */
  private async byEnvelope(row: InboundMail, reason: MailReason): Promise<Decision> {
    const owner = row.fromAddress ? await this.playerByAddress(row.fromAddress) : undefined;
    return {
      status: 'rejected',
      reason,
      target: owner ? { playerId: owner, address: row.fromAddress } : undefined,
      content: row.sha256,
    };
  }

  private async readMessage(message: InboundMessage): Promise<Reading> {
    const from = message.from?.address;
    if (!from) return { status: 'rejected', reason: 'NO_FROM' };
    // docs/mail-rules.md 5-7, in that order: our own mail, bounces (before anything looks for a move), automatic mail.
    const kind = classifyInbound(message, {
      ownAddresses: [this.settings.mailFrom, this.settings.mailReplyAddress],
      replyAddress: this.settings.mailReplyAddress,
      secret: this.settings.secret,
    });
    if (kind.kind === 'own') return { status: 'dropped', reason: 'OWN_ADDRESS' };
    // docs/mail-rules.md 7: our VERP addresses are signed; an unsigned or forged one names nobody, raises nothing, is never answered.
    if (kind.kind === 'forged-bounce') return { status: 'dropped', reason: 'FORGED_BOUNCE' };
    if (kind.kind === 'bounce') return { status: 'dropped', reason: 'BOUNCE', bounce: await this.bounced(kind.bounce) };
    if (kind.kind === 'automated') return { status: 'dropped', reason: 'AUTO_REPLY' };

    const sender = normalizeEmail(from);
    const senderPlayer = await this.playerByAddress(sender);
    const found = findToken(this.settings.mailReplyAddress, {
      recipients: recipientAddresses(message),
      // The decoder gives References newest first (docs/mail-rules.md 1).
      thread: [...message.inReplyTo, ...message.references],
    });
    // docs/mail-rules.md 1-3 before any body is read: the token and the sender come from the
    // headers alone, so a mail nobody may send is never made text (docs/web.md, Security model).
    const unread = unreadContent(message);
    // docs/mail-rules.md 2: a token that does not verify reveals nothing; only a registered sender hears back.
    const unknownToken: Decision = {
      status: 'rejected',
      reason: 'UNKNOWN_TOKEN',
      target: senderPlayer ? { playerId: senderPlayer, address: sender } : undefined,
      content: unread,
    };
    const owner = found && (await this.tokenOwner(found.parsed));
    if (!found || !owner) return unknownToken;
    const { game, playerId } = owner;
    const context = { gameId: game.id, playerId };
    // docs/mail-rules.md 3: a reply from an address the token's owner has not registered (forwarded,
    // spoofed, a colleague's) plays nothing; the explanation goes to the registered addresses.
    // An address not yet confirmed by its owner never plays for them.
    // The sender's confirmed address naming the token's owner settles it without listing their addresses.
    const registered =
      senderPlayer === playerId || (await this.people.confirmedAddressesOf(playerId)).some((e) => normalizeEmail(e.address) === sender);
    if (!registered) {
      return { status: 'rejected', reason: 'WRONG_SENDER', ...context, target: { playerId, address: null }, content: unread, sender };
    }
    const target = { playerId, address: sender };
    const reply = await this.replyOf(message);
    // docs/mail-rules.md 9: HTML that could not be made text in time is answered as unreadable; nothing is played.
    if (!reply) return { status: 'rejected', reason: 'UNREADABLE_HTML', ...context, target, content: unread };
    const content = reply.lines.join('\n');
    const command = parseCommand(reply.lines, { tileSet: getTileSet(await this.mailGames.tileSetOf(game)) });
    if (!command.ok) return { status: 'rejected', reason: command.code, ...context, target, content, commandRefusal: command };
    // docs/mail-rules.md 4: only the operator's provider's verdict counts; anything but its DMARC pass
    // holds the move for a confirmation on the web.
    if (dmarcHoldsMove(message.authenticationResults, this.settings.mailAuthservId)) {
      return {
        status: 'held',
        reason: 'DMARC_HELD',
        ...context,
        target,
        command: asJson(command.command),
        turn: found.parsed.turn,
        written: reply.lines.filter((l) => l.trim() !== '').slice(0, 5),
      };
    }
    return { status: 'due', action: { ...context, command: command.command, turn: found.parsed.turn }, target, content };
  }

  /**
   * The player's lines (docs/mail-rules.md 9): a text part is read here, an HTML-only reply is made
   * text on the worker thread; undefined when that failed or overran its time.
   */
  private async replyOf(message: InboundMessage): Promise<ReplyText | undefined> {
    if (!isHtmlOnly(message)) return extractReply(message);
    const converted = await this.parsing.convert(message.html!);
    return converted.ok ? { ...stripQuotes(converted.text), source: 'html' } : undefined;
  }

  /** The player a bounce is about: by the returned mail's Message-ID (one of our outbox rows), else by the address. */
  private async bounced(bounce: Bounce): Promise<{ playerId: string | null; gameId: string | null; address: string | null }> {
    const original = bounce.originalMessageId ? await this.outbox.sentAs(`<${bounce.originalMessageId!.replace(/^<|>$/g, '')}>`) : null;
    const address = bounce.verpRecipient ?? bounce.recipients[0]?.address ?? null;
    const playerId = original?.playerId ?? (address ? ((await this.playerByAddress(address)) ?? null) : null);
    return { playerId, gameId: original?.gameId ?? null, address };
  }

  /** Finds the game a token names by its id prefix, then the side whose MAC verifies. */
  private async tokenOwner(parsed: ParsedToken): Promise<{ game: Game; playerId: string } | undefined> {
    const { low, high } = gameIdRange(parsed.gamePrefix);
    const games = await this.mailGames.inTokenRange(low, high);
    for (const game of games) {
      for (const playerId of [game.redPlayerId, game.bluePlayerId]) {
        if (verifyToken(this.settings.secret, parsed, game.id, playerId)) return { game, playerId };
      }
    }
    return undefined;
  }

  private playerByAddress(address: string): Promise<string | undefined> {
    return this.people.playerByAddress(address);
  }
}
