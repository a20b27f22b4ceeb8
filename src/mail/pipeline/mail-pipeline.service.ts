import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { normalizeEmail } from '../../auth/core/email-address';
import { Clock } from '../../common/clock';
import { sha256Hex } from '../../common/hash';
import { asJson, type JsonObject } from '../../common/json';
import { SETTINGS, Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { getTileSet, type Bilingual } from '../../games/engine';
import type { Game } from '../../games/game.entity';
import { localDate } from '../../thinking-time/core';
import type { InboundMail, InboundMailStatus, MailFolder } from '../inbound-mail.entity';
import { CorrespondentsRepository } from '../correspondents.repository';
import { InboundMailRepository, type InboundMailChange } from '../inbox/inbound-mail.repository';
import { MailCases } from '../mail-cases';
import { MailGamesRepository } from '../mail-games.repository';
import { OutboxRepository } from '../outbox/outbox.repository';
import { classifyInbound, recipientAddresses, type Bounce } from '../parsing/automated';
import { parseCommand, type CommandRefusal, type MailCommand } from '../parsing/commands';
import { decodeMessage, InboundMessage, MAX_MESSAGE_BYTES } from '../parsing/decode';
import { extractReply } from '../parsing/quotes';
import { findToken, gameIdRange, ParsedToken, verifyToken } from '../../notifications/reply-token';
import { dmarcVerdict } from './authentication-results';
import { MailActions } from './mail-actions';
import { MailReplies, type MailReply } from './mail-replies';
import { rejectionMail } from './rejection-mail';
import { gameViewOf } from '../outbox/game-mail';
import type { MailModels } from '../templates';

/** docs/mail-rules.md 14: processing failures after which a mail goes to Failed and a case is raised. */
export const MAX_PROCESSING_ATTEMPTS = 5;
/** docs/mail-rules.md 16: rejections per address per day; they only stop loops. */
export const MAX_REJECTIONS_PER_DAY = 20;

/** Typed reasons a mail is refused or dropped (docs/mail-rules.md 16 and 5-7). */
export type MailReason =
  | 'TOO_LARGE'
  | 'MALFORMED'
  | 'NO_FROM'
  | 'OWN_ADDRESS'
  | 'AUTO_REPLY'
  | 'BOUNCE'
  | 'FORGED_BOUNCE'
  | 'UNKNOWN_TOKEN'
  | 'WRONG_SENDER'
  | 'STALE_TOKEN'
  | 'GAME_FINISHED'
  | 'NO_COMMAND'
  | 'DMARC_HELD'
  | (string & {});

/** Who a rejection is written to: a registered address of the player, or all of them. */
interface RejectionTarget {
  readonly playerId: string;
  /** null: every registered address of the player (docs/mail-rules.md 3: never the unknown sender). */
  readonly address: string | null;
}

interface GameContext {
  readonly gameId: string;
  readonly playerId: string;
}

type Decision =
  | ({ readonly status: 'applied'; readonly result: JsonObject } & GameContext)
  /** docs/mail-rules.md 4: the parsed command waits for the player's click; `turn` is the token's. */
  | ({
      readonly status: 'held';
      readonly reason: 'DMARC_HELD';
      readonly target: RejectionTarget;
      readonly command: JsonObject;
      readonly turn: number;
      /** The player's lines as read, shown back in the confirmation request. */
      readonly written: readonly string[];
    } & GameContext)
  | {
      readonly status: 'dropped';
      readonly reason: MailReason;
      readonly bounce?: { readonly playerId: string | null; readonly gameId: string | null; readonly address: string | null };
    }
  | {
      readonly status: 'rejected';
      readonly reason: MailReason;
      readonly messages?: Bilingual;
      readonly gameId?: string;
      readonly playerId?: string;
      /** Nobody is answered without one: an unknown sender never hears back (docs/mail-rules.md 3). */
      readonly target?: RejectionTarget;
      /** What the player wrote, for the rejection-content key (docs/mail-rules.md 16). */
      readonly content?: string;
      readonly commandRefusal?: CommandRefusal;
      /** The turn the reply token named. */
      readonly tokenTurn?: number;
      /** A sender the token's owner never registered (docs/mail-rules.md 3). */
      readonly sender?: string;
    };

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

/** Where each outcome's message goes once decided (docs/mail-rules.md 14). */
const FOLDER: Record<Exclude<InboundMailStatus, 'received'>, MailFolder> = {
  applied: 'Processed',
  held: 'Processed',
  duplicate: 'Processed',
  dropped: 'Rejected',
  rejected: 'Rejected',
  failed: 'Failed',
};

/**
 * The inbound pipeline (docs/mail-rules.md 1-16) for one stored mail: decode, loops and bounces, the
 * token, the sender, the provider's DMARC verdict, the player's lines, then one games
 * service call. Every outcome is written with the mail's row in one transaction; the IMAP
 * move follows the commit (InboxService).
 */
@Injectable()
export class MailPipeline {
  private readonly logger = new Logger('MailPipeline');

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly actions: MailActions,
    private readonly inbound: InboundMailRepository,
    private readonly outbox: OutboxRepository,
    private readonly games: MailGamesRepository,
    private readonly people: CorrespondentsRepository,
    private readonly replies: MailReplies,
    private readonly cases: MailCases,
  ) {}

  /** Decides every stored mail still undecided, oldest first. Safe to run twice. */
  async processStored(): Promise<void> {
    const undecided = await this.db.run(() => this.inbound.undecided());
    for (const { id } of undecided) {
      const row = await this.db.run(() => this.inbound.byId(id));
      if (row.status !== 'received') continue;
      try {
        await this.process(row);
      } catch (error) {
        await this.recordFailure(row, error as Error);
      }
    }
  }

  private async process(row: InboundMail): Promise<void> {
    // docs/mail-rules.md 13: the inbox stored only the headers of an oversized mail.
    if (row.size > MAX_MESSAGE_BYTES) return this.decideByEnvelope(row, 'TOO_LARGE');
    const decoded = await decodeMessage(row.raw);
    if (!decoded.ok) return this.decideByEnvelope(row, decoded.code === 'TOO_LARGE' ? 'TOO_LARGE' : 'MALFORMED');
    await this.commit(row, await this.decide(row, decoded.message));
  }

  /** A mail that cannot be read: answered only when its envelope sender is a registered address. */
  private async decideByEnvelope(row: InboundMail, reason: MailReason): Promise<void> {
    const owner = row.fromAddress ? await this.playerByAddress(row.fromAddress) : undefined;
    await this.commit(row, {
      status: 'rejected',
      reason,
      target: owner ? { playerId: owner, address: row.fromAddress } : undefined,
      content: row.sha256,
    });
  }

  /** Reads the mail and decides; the games service call, when one is due, happens here. */
  private async decide(row: InboundMail, message: InboundMessage): Promise<Decision> {
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
    const reply = extractReply(message);
    const content = reply.lines.join('\n');
    // docs/mail-rules.md 2: a token that does not verify reveals nothing; only a registered sender hears back.
    const unknownToken: Decision = {
      status: 'rejected',
      reason: 'UNKNOWN_TOKEN',
      target: senderPlayer ? { playerId: senderPlayer, address: sender } : undefined,
      content,
    };
    const owner = found && (await this.tokenOwner(found.parsed));
    if (!found || !owner) return unknownToken;
    const { game, playerId } = owner;
    const context = { gameId: game.id, playerId };
    // docs/mail-rules.md 3: a reply from an address the token's owner has not registered (forwarded,
    // spoofed, a colleague's) plays nothing; the explanation goes to the registered addresses.
    // Issue 12 §1: an address not yet confirmed by its owner never plays for them.
    const registered = await this.db.run(() => this.people.confirmedAddressesOf(playerId));
    if (!registered.some((e) => normalizeEmail(e.address) === sender)) {
      return { status: 'rejected', reason: 'WRONG_SENDER', ...context, target: { playerId, address: null }, content, sender };
    }
    const target = { playerId, address: sender };
    const competition = await this.db.run(() => this.games.competition(game.competitionId));
    const command = parseCommand(reply.lines, { tileSet: getTileSet(competition.tileSet) });
    if (!command.ok) return { status: 'rejected', reason: command.code, ...context, target, content, commandRefusal: command };
    // docs/mail-rules.md 4: only the operator's provider's verdict counts; a DMARC fail holds the move for a confirmation on the web.
    if (this.settings.mailAuthservId && dmarcVerdict(message.authenticationResults, this.settings.mailAuthservId) === 'fail') {
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
    return this.apply(row, { ...context, command: command.command, turn: found.parsed.turn }, target, content);
  }

  /**
   * One games service call, keyed by the mail (docs/mail-rules.md 11). The service checks its receipts
   * before anything else, so after a crash between its commit and ours the repeat returns
   * the first result and the mail is marked applied, not refused.
   */
  private async apply(
    row: InboundMail,
    action: { gameId: string; playerId: string; command: MailCommand; turn: number },
    target: RejectionTarget,
    content: string,
  ): Promise<Decision> {
    const outcome = await this.actions.run({
      gameId: action.gameId,
      playerId: action.playerId,
      command: action.command,
      expectedTurn: action.turn,
      idempotencyKey: row.dedupeKey ?? `sha256:${row.sha256}`,
      inboundMailId: row.id,
      // docs/mail-rules.md 11: the move and the mail's "applied" commit together; commit() then finds it decided.
      inTransaction: (result) => this.markApplied(row, action, asJson(result)),
      // Commands answered by mail (STATUS, DIGEST, ANSWER) write their answer to the sender, threaded under their mail.
      answer: { address: target.address, inReplyTo: row.messageId },
    });
    const context = { gameId: action.gameId, playerId: action.playerId };
    if (outcome.ok) return { status: 'applied', ...context, result: outcome.result };
    let reason: MailReason = outcome.refusal.code;
    if (reason === 'NOT_YOUR_TURN') {
      // docs/mail-rules.md 2: an answer to a turn the game has left behind is stale, whoever's turn it was.
      const game = await this.db.run(() => this.games.byId(action.gameId));
      if (action.turn < game.turn) reason = 'STALE_TOKEN';
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
  private async markApplied(row: InboundMail, action: { gameId: string; playerId: string }, result: JsonObject): Promise<void> {
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

  /** The player a bounce is about: by the returned mail's Message-ID (one of our outbox rows), else by the address. */
  private async bounced(bounce: Bounce): Promise<{ playerId: string | null; gameId: string | null; address: string | null }> {
    const original = bounce.originalMessageId
      ? await this.db.run(() => this.outbox.byMessageId(`<${bounce.originalMessageId!.replace(/^<|>$/g, '')}>`))
      : null;
    const address = bounce.verpRecipient ?? bounce.recipients[0]?.address ?? null;
    const playerId = original?.playerId ?? (address ? ((await this.playerByAddress(address)) ?? null) : null);
    return { playerId, gameId: original?.gameId ?? null, address };
  }

  /** Finds the game a token names by its id prefix, then the side whose MAC verifies. */
  private async tokenOwner(parsed: ParsedToken): Promise<{ game: Game; playerId: string } | undefined> {
    const { low, high } = gameIdRange(parsed.gamePrefix);
    const games = await this.db.run(() => this.games.inIdRange(low, high));
    for (const game of games) {
      for (const playerId of [game.redPlayerId, game.bluePlayerId]) {
        if (verifyToken(this.settings.secret, parsed, game.id, playerId)) return { game, playerId };
      }
    }
    return undefined;
  }

  private async playerByAddress(address: string): Promise<string | undefined> {
    const row = await this.db.run(() => this.people.confirmedAddress(normalizeEmail(address)));
    return row?.playerId;
  }

  /** The one-click link of a held move (docs/mail-rules.md 4): the mail's id and an HMAC over it. */
  confirmationUrl(inboundMailId: string): string {
    return `${this.settings.publicUrl}/mail/confirm/${inboundMailId}/${this.confirmationCode(inboundMailId)}`;
  }

  private confirmationCode(inboundMailId: string): string {
    return createHmac('sha256', this.settings.secret).update(`mail-confirm/v1\n${inboundMailId}`).digest('hex').slice(0, 32);
  }

  /** What the confirmation page shows before the click: the lines read from the held mail, when the link verifies. */
  async heldMail(
    inboundMailId: string,
    code: string,
  ): Promise<{ status: InboundMailStatus; written: string[]; subject: string | null } | undefined> {
    if (!this.verifiesConfirmation(inboundMailId, code)) return undefined;
    const row = await this.db.run(() => this.inbound.find(inboundMailId));
    if (!row) return undefined;
    const written = Array.isArray(row.result?.written) ? row.result.written.filter((l): l is string => typeof l === 'string') : [];
    return { status: row.status, written, subject: row.subject };
  }

  private verifiesConfirmation(inboundMailId: string, code: string): boolean {
    const expected = Buffer.from(this.confirmationCode(inboundMailId));
    const given = Buffer.from(code);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * The confirmation page's action: plays a held move through the same keyed service call,
   * so a second click (or a reload) changes nothing.
   */
  async confirmHeld(inboundMailId: string, code: string): Promise<{ ok: boolean; reason?: string; messages?: Bilingual }> {
    if (!this.verifiesConfirmation(inboundMailId, code)) return { ok: false, reason: 'UNKNOWN_LINK' };
    const row = await this.db.run(() => this.inbound.find(inboundMailId));
    if (!row || !row.gameId || !row.playerId) return { ok: false, reason: 'UNKNOWN_LINK' };
    if (row.status === 'applied') return { ok: true };
    if (row.status !== 'held') return { ok: false, reason: row.reason ?? row.status };
    const held = row.result as { command: MailCommand; turn: number };
    const target = { playerId: row.playerId, address: row.fromAddress };
    const decision = await this.apply(
      row,
      { gameId: row.gameId, playerId: row.playerId, command: held.command, turn: held.turn },
      target,
      '',
    );
    await this.commit(row, decision, 'held');
    return decision.status === 'applied'
      ? { ok: true }
      : { ok: false, reason: decision.reason, messages: 'messages' in decision ? decision.messages : undefined };
  }

  /** Writes the decision, its answer and its case with the mail's row, in one transaction (docs/mail-rules.md 11, 16). */
  private async commit(row: InboundMail, decision: Decision, from: InboundMailStatus = 'received'): Promise<void> {
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
              payload: { inboundMailId: row.id, address: decision.bounce.address, subject: row.subject },
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
              game: await gameViewOf(this.games, this.settings, decision.gameId),
              written: decision.written,
              confirmUrl: this.confirmationUrl(row.id),
            } satisfies MailModels['move-confirmation-request']),
          });
        case 'rejected':
          if (decision.target) await this.reject(row, decision, decision.target, now);
          return;
      }
    });
  }

  /**
   * docs/mail-rules.md 16: a typed answer to every person who writes, but never two for the same
   * content and at most 20 a day per address — the limits only stop loops.
   */
  private async reject(
    row: InboundMail,
    decision: Extract<Decision, { status: 'rejected' }>,
    target: RejectionTarget,
    now: Date,
  ): Promise<void> {
    const recipient = target.address ?? `player:${target.playerId}`;
    const rejectionKey = rejectionKeyOf(recipient, decision, row.subject);
    if (await this.inbound.rejectionKeyUsed(rejectionKey)) return;
    const day = localDate(now, this.settings.timeZone);
    const today = await this.inbound.rejectionsTo(recipient, day);
    if (today >= MAX_REJECTIONS_PER_DAY) return;
    await this.inbound.recordRejection(row.id, { rejectionKey, rejectedTo: recipient, rejectedOn: day });
    const player = await this.people.player(target.playerId);
    const { template, payload } = await rejectionMail(this.games, this.settings, now, {
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

  /** docs/mail-rules.md 14: a transient failure leaves the mail for the next pass; repeated failure sends it to Failed with a case. */
  private async recordFailure(row: InboundMail, error: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_PROCESSING_ATTEMPTS;
    this.logger.warn({ inboundMailId: row.id, attempts, err: error }, `processing failed${failed ? ', giving up' : ''}`);
    const now = this.clock.now();
    // The arbiter to tell is the sender's, when the sender is a player (the mail was never decided).
    const playerId = row.playerId ?? (failed && row.fromAddress ? ((await this.playerByAddress(row.fromAddress)) ?? null) : null);
    await this.db.transaction(async () => {
      await this.inbound.recordFailedAttempt(row.id, {
        attempts,
        error: error.message.slice(0, 2000),
        ...(failed && { status: 'failed' as const, folder: FOLDER.failed, decidedAt: now, playerId }),
      });
      if (failed) {
        await this.cases.raise(now, {
          kind: 'mail-failed',
          gameId: row.gameId,
          playerId,
          payload: { inboundMailId: row.id, from: row.fromAddress, subject: row.subject, error: error.message.slice(0, 500) },
        });
      }
    });
  }

  /** For the tests' final accounting and the arbiter: every stored mail of a status. */
  byStatus(statuses: InboundMailStatus[]): Promise<InboundMail[]> {
    return this.db.run(() => this.inbound.withStatus(statuses));
  }
}
