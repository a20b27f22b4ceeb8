import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { JsonText, type JsonObject } from '../common/json';
import { SETTINGS, type Settings } from '../config/settings';
import type { Language } from '../common/bilingual';
import type { Database } from '../database/database';
import { domainOf } from './mail-addresses';
import type { OutboundMail } from './outbound-mail.entity';
import type { GameEventRow } from './game-event.entity';
import type { Color } from '../common/color';
import { mailsOf, rowPayload } from '../mail/core/event-mails';
import type { GameFact, GameSnapshot } from '../mail/core/game-events';
import { competitionMails, type CompetitionFact } from '../mail/core/competition-facts';
import { OutboxRepository } from './outbox.repository';
import { tokenMessageId } from './reply-token';

/** One notification to write: the mail issue renders `template` in the player's language. */
export interface Notification {
  /** The player; `id: null` for a user who is not a player (a login link to an arbiter), with `address` then required. */
  readonly to: { readonly language: Language; readonly id: string | null };
  /** One address to write to instead of all of the player's. */
  readonly address?: string;
  readonly template: string;
  readonly gameId?: string | null;
  readonly payload: JsonObject;
  /**
   * A Message-ID that names what the mail is about (an arbiter's case notice, docs/mail-rules.md 20):
   * its unique index makes the mail exist once, however often it is written.
   */
  readonly messageId?: string;
  /** Written already folded into this digest row (docs/mail-rules.md 17, 20): it goes out inside it. */
  readonly digestId?: string;
}

/** The competition's arbiter as a fact's mail reaches them: their first address, in their language. */
export interface ArbiterAddress {
  readonly address: string;
  readonly language: Language;
}

/**
 * Writes notifications as outbox rows in the caller's transaction (docs/mail-rules.md 17): the mail
 * exists exactly when the change that caused it commits. Each gets its Message-ID now, so
 * however often the sender retries, clients see one message.
 */
@Injectable()
export class Notifications {
  private readonly domain: string;

  constructor(
    private readonly clock: Clock,
    private readonly outbox: OutboxRepository,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'mailFrom' | 'mailReplyAddress' | 'secret'>,
  ) {
    this.domain = domainOf(settings.mailReplyAddress);
  }

  /** The writer outside the application's container (the CLI's login link for a first admin). */
  static on(db: Database, clock: Clock, settings: Pick<Settings, 'mailFrom' | 'mailReplyAddress' | 'secret'>): Notifications {
    return new Notifications(clock, new OutboxRepository(db), settings);
  }

  /**
   * A game's mail carries the reply token in its Message-ID (docs/mail-rules.md 1), so a reply whose
   * client dropped the plus address is still matched through In-Reply-To / References.
   */
  private messageId(id: string, n: Notification): string {
    const turn = n.payload.turn;
    if (n.gameId && n.to.id && typeof turn === 'number')
      return tokenMessageId(this.settings.secret, this.domain, { gameId: n.gameId, playerId: n.to.id, turn });
    return `<${id}@${this.domain}>`;
  }

  /** The Message-ID of a mail that exists once (competition-facts.ts CompetitionMail `once`): what it is about names it. */
  onceMessageId(once: string): string {
    return `<${once}@${this.domain}>`;
  }

  /** Which of these Message-IDs the outbox holds already: the mails written under those keys. */
  written(messageIds: readonly string[]): Promise<Set<string>> {
    return this.outbox.existingMessageIds(messageIds);
  }

  /**
   * A game action's facts (mail/core/game-events.ts), in the caller's transaction: one event row
   * a fact with the game as the action left it, and one delivery row for each mail of it
   * (mail/core/event-mails.ts), its Message-ID fixed now. A mail to the arbiter goes to `arbiter`,
   * the competition's arbiter's address; without one it is not written.
   */
  async emit(
    gameId: string,
    players: Readonly<Record<Color, { readonly id: string; readonly language: Language }>>,
    facts: readonly GameFact[],
    snapshot: GameSnapshot,
    arbiter?: ArbiterAddress,
  ): Promise<void> {
    if (facts.length === 0) return;
    const now = this.clock.now();
    const events: GameEventRow[] = [];
    const mails: OutboundMail[] = [];
    let holder: string | undefined;
    for (const fact of facts) {
      const eventId = randomUUID();
      // The action's first fact keeps the snapshot, the bulk of an event; the others name that event
      // (`snapshotIn`): one snapshot an action, serialised once, as text made now.
      const shared = holder === undefined ? `"snapshot":${JSON.stringify(snapshot)}` : `"snapshotIn":"${holder}"`;
      holder ??= eventId;
      const payload = new JsonText(`{"fact":${JSON.stringify(fact)},${shared}}`) as unknown as JsonObject;
      events.push({ id: eventId, gameId, kind: fact.kind, payload, createdAt: now });
      for (const mail of mailsOf(fact)) {
        if (mail.to === 'arbiter') {
          if (arbiter)
            mails.push(this.outsideGame(eventId, { playerId: null, ...arbiter }, mail.template, rowPayload(gameId, fact, mail), now));
          continue;
        }
        mails.push(
          this.inGame(eventId, { id: gameId, turn: fact.turn }, players[mail.to], mail.template, rowPayload(gameId, fact, mail), now),
        );
      }
    }
    await this.outbox.insertEvents(events);
    await this.outbox.insert(mails);
  }

  /**
   * A competition's facts outside any game (mail/core/competition-facts.ts), in the caller's
   * transaction: one event row a fact naming the competition, one delivery row a mail (`players`
   * gives each recipient's language). A mail to the arbiter goes to `arbiter`; without one it is
   * not written. A mail that exists once (`once`) has its Message-ID named by it. With
   * `digestId`, every mail is written already folded into that digest row (docs/mail-rules.md
   * 17, 20): it goes out inside it.
   */
  async emitCompetition(
    competitionId: string,
    players: ReadonlyMap<string, { readonly id: string; readonly language: Language }>,
    facts: readonly CompetitionFact[],
    arbiter?: ArbiterAddress,
    options: { readonly digestId?: string } = {},
  ): Promise<void> {
    if (facts.length === 0) return;
    const now = this.clock.now();
    const events: GameEventRow[] = [];
    const mails: OutboundMail[] = [];
    for (const fact of facts) {
      const eventId = randomUUID();
      events.push({
        id: eventId,
        gameId: null,
        competitionId,
        kind: fact.kind,
        payload: { fact } as unknown as JsonObject,
        createdAt: now,
      });
      for (const mail of competitionMails(fact)) {
        const messageId = mail.once ? this.onceMessageId(mail.once) : undefined;
        if (mail.to === 'arbiter') {
          if (arbiter)
            mails.push(
              this.outsideGame(eventId, { playerId: null, ...arbiter }, mail.template, mail.details as JsonObject, now, messageId),
            );
          continue;
        }
        const to = players.get(mail.to.player);
        if (!to) throw new Error(`fact ${fact.kind} names a player not given: ${mail.to.player}`);
        if (mail.game) {
          mails.push(this.inGame(eventId, mail.game, to, mail.template, mail.details as JsonObject, now));
          continue;
        }
        mails.push(
          this.outsideGame(
            eventId,
            { playerId: to.id, address: null, language: to.language },
            mail.template,
            mail.details as JsonObject,
            now,
            messageId,
          ),
        );
      }
    }
    if (options.digestId) for (const row of mails) foldedInto(row, options.digestId, now);
    await this.outbox.insertEvents(events);
    await this.outbox.insert(mails);
  }

  /**
   * A fact's mail in a game's thread (a game's, or a competition's told to a partner: special
   * leave): its Message-ID carries the reply token of the game's turn (docs/mail-rules.md 1).
   */
  private inGame(
    eventId: string,
    game: { readonly id: string; readonly turn: number },
    to: { readonly id: string; readonly language: Language },
    template: string,
    payload: JsonObject,
    now: Date,
  ): OutboundMail {
    const row = this.outbox.build({
      id: randomUUID(),
      gameId: game.id,
      playerId: to.id,
      toAddress: null,
      template,
      language: to.language,
      payload,
      messageId: tokenMessageId(this.settings.secret, this.domain, { gameId: game.id, playerId: to.id, turn: game.turn }),
      status: 'pending',
      createdAt: now,
    });
    row.eventId = eventId;
    return row;
  }

  /**
   * A fact's mail outside any game's thread (no game, no reply token): a player's notice of their
   * competition, or the arbiter's (to their address: they answer on the platform), as those
   * notices have always gone.
   */
  private outsideGame(
    eventId: string,
    to: { readonly playerId: string | null; readonly address: string | null; readonly language: Language },
    template: string,
    payload: JsonObject,
    now: Date,
    messageId?: string,
  ): OutboundMail {
    const id = randomUUID();
    const row = this.outbox.build({
      id,
      gameId: null,
      playerId: to.playerId,
      toAddress: to.address,
      template,
      language: to.language,
      payload,
      messageId: messageId ?? `<${id}@${this.domain}>`,
      status: 'pending',
      createdAt: now,
    });
    row.eventId = eventId;
    return row;
  }

  async add(notifications: readonly Notification[]): Promise<OutboundMail[]> {
    const now = this.clock.now();
    const rows = notifications.map((n) => {
      if (!n.to.id && !n.address) throw new Error(`notification ${n.template} has neither a player nor an address`);
      const id = randomUUID();
      const row = this.outbox.build({
        id,
        gameId: n.gameId ?? null,
        playerId: n.to.id,
        toAddress: n.address ?? null,
        template: n.template,
        language: n.to.language,
        payload: n.payload,
        messageId: n.messageId ?? this.messageId(id, n),
        status: 'pending',
        createdAt: now,
      });
      return n.digestId ? foldedInto(row, n.digestId, now) : row;
    });
    await this.outbox.insert(rows);
    return rows;
  }
}

/** A row written already folded into a digest row (docs/mail-rules.md 17, 20): it goes out inside it. */
function foldedInto(row: OutboundMail, digestId: string, now: Date): OutboundMail {
  return Object.assign(row, { status: 'digested' as const, digestId, sentAt: now });
}
