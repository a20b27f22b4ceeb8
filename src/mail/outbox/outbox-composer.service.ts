import { Inject, Injectable, Logger } from '@nestjs/common';
import { memoizedReads, primeRead } from '../../common/read-memo';
import { SETTINGS, type Settings } from '../../config/settings';
import { UserRepository } from '../../auth/user.repository';
import { CompetitionsRepository } from '../../competitions/competitions.repository';
import { GameRepository } from '../../games/persistence/game.repository';
import { verpAddress } from '../../notifications/mail-addresses';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import { parseToken, replyAddress } from '../../notifications/reply-token';
import { CorrespondentsRepository } from '../correspondents.repository';
import {
  isMailTemplateName,
  renderEvent,
  renderMail,
  replyView,
  threadSubject,
  type MailModels,
  type MailTemplateName,
} from '../templates';
import type { GameView } from '../../notifications/models/models';
import { gameMail, mailContext, type GameMail } from './game-mail';
import { factsNamedBy } from './legacy-rows';
import { timelineMail } from './timeline-mail';
import { arbiterMail, resultMail } from './result-mail';
import { arbiterCompetitionOf, competitionArbiterMail, competitionMail } from './competition-mail';
import { COMPETITION_EVENT } from '../core/competition-facts';
import { currentMailSnapshot, type CurrentSnapshotReads } from '../../games/model/game-mail-snapshot';
import { parseGameEvent, type GameSnapshot } from '../core/game-events';
import { mailsOf, rowPayload, signerOf } from '../core/event-mails';
import type { Color } from '../../common/color';
import type { JsonObject } from '../../common/json';
import type { MailLanguage } from '../parsing/quotes';
import { Clock } from '../../common/clock';
import { personName } from '../../auth/display-name';
import { readGameView } from '../../games/model/game-mail-view';
import { isViewModel, renderMailContent, type MailContent } from './mail-content';
import type { OutgoingMessage } from './mail-transport';
import { OutboundDeliveryRepository, threadKey } from './outbound-delivery.repository';

const logger = new Logger('Outbox');

/**
 * The turn a reply to this mail answers: the one its Message-ID's token names (docs/mail-rules.md 1),
 * else the one the payload names, else the game's turn when the mail goes out.
 */
function replyTurn(row: OutboundMail, gameTurn: number): number {
  const fromId = parseToken(row.messageId)?.turn;
  if (fromId) return fromId;
  return typeof row.payload.turn === 'number' ? row.payload.turn : gameTurn;
}

/** What names a game mail's thread and takes its reply: the game's names and the reply address. */
interface Thread {
  readonly game: GameView;
  readonly replyTo: string;
}

/** A game mail built from its event, with the thread its snapshot names (docs/mail-rules.md 18). */
type BuiltMail = GameMail & { readonly thread?: Thread };

/** A row's mail as read: the game, the fact as its recipient hears it, and who signs it if not the arbiter. */
interface EventRead {
  readonly snapshot: GameSnapshot;
  readonly payload: JsonObject;
  readonly signer?: string | null;
}

/** The repositories a row's mail is read from. */
export interface ComposerReads extends CurrentSnapshotReads {
  /** A competition's group names, and its arbiter when a competition's fact is theirs. */
  readonly competitions: Pick<CompetitionsRepository, 'groupName' | 'find'>;
  /** The arbiter who signs a ruling or a start, by the name they carry when it goes out. */
  readonly users: Pick<UserRepository, 'find'>;
  readonly people: CorrespondentsRepository;
  readonly events: Pick<OutboundDeliveryRepository, 'payloadOf' | 'threadRoot'>;
}

/** Turns outbox rows into mail, reading what they need in the caller's unit of work. */
@Injectable()
export class OutboxComposer {
  private readonly direct: ComposerReads;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly clock: Clock,
    games: GameRepository,
    people: CorrespondentsRepository,
    private readonly outbox: OutboundDeliveryRepository,
    competitions: CompetitionsRepository,
    users: UserRepository,
  ) {
    this.direct = { games, competitions, users, people, events: outbox };
  }

  /** The reads of one mail outside a pass (a digest's games). */
  directReads(): ComposerReads {
    return this.direct;
  }

  /**
   * Reads shared by the rows of one pass of the sender: a move's mails to its two players, or a
   * player's several mails, read their game's thread subject and the addresses once. Each mail's
   * body comes from its own event (the game as its action left it).
   */
  passReads(): ComposerReads {
    const { games, competitions, users, people, events } = this.direct;
    return {
      events: memoizedReads(events, ['payloadOf', 'threadRoot']),
      games: memoizedReads(games, ['wholeGame']),
      competitions: memoizedReads(competitions, ['groupName']),
      users: memoizedReads(users, ['find']),
      people: memoizedReads(people, ['confirmedAddressesOf']),
    };
  }

  /**
   * What the rows of a pass read one by one — their events, their thread roots, their players'
   * addresses — read for all of them in three statements and given to the pass's `reads`,
   * instead of three statements a row (docs/scale.md, Mail).
   */
  async readAhead(reads: ComposerReads, rows: readonly OutboundMail[]): Promise<void> {
    const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];
    const eventIds = distinct(rows.map((r) => r.eventId));
    const gameIds = distinct(rows.map((r) => r.gameId));
    const playerIds = distinct(rows.filter((r) => !r.toAddress).map((r) => r.playerId));
    const [payloads, roots, addresses] = [
      await this.outbox.payloadsOf(eventIds),
      await this.outbox.threadRoots(gameIds),
      await this.direct.people.confirmedAddressesOfAll(playerIds),
    ];
    for (const [id, payload] of payloads) primeRead(reads.events, 'payloadOf', [id], payload);
    for (const row of rows)
      if (row.gameId && row.playerId)
        primeRead(reads.events, 'threadRoot', [row.gameId, row.playerId], roots.get(threadKey(row.gameId, row.playerId)));
    for (const [playerId, emails] of addresses) primeRead(reads.people, 'confirmedAddressesOf', [playerId], emails);
  }

  /**
   * The body of a row (docs/mail-rules.md 19): a stored view model is rendered as it is; a game
   * mail gets its model from its event (game-mail.ts), so every game mail has the board, the
   * clocks and how to answer, in text and HTML. Only a non-game row without a model falls back
   * to the plain listing.
   */
  async content(row: OutboundMail, reads: ComposerReads = this.direct): Promise<MailContent> {
    return (await this.rendered(row, reads)).content;
  }

  /** The body of a row, and the thread its event names when it has one (compose). */
  private async rendered(row: OutboundMail, reads: ComposerReads): Promise<{ content: MailContent; thread?: Thread }> {
    const built = await this.gameModel(row, reads);
    if (built) {
      const rendered = renderMail(built.template, row.language, built.model);
      return { content: { subject: rendered.subject ?? row.template, text: rendered.text, html: rendered.html }, thread: built.thread };
    }
    return { content: renderMailContent(row.template, row.language, row.payload) };
  }

  /**
   * The row as one event of the player's daily digest (docs/mail-rules.md 17): its whole text —
   * what happened and what the player may do — without the game-state blocks the digest shows
   * once per game. A row without a model is its plain listing.
   */
  async eventText(row: OutboundMail, reads: ComposerReads = this.direct): Promise<string> {
    const built = await this.gameModel(row, reads);
    if (built) return renderEvent(built.template, row.language, built.model);
    if (isMailTemplateName(row.template) && isViewModel(row.payload))
      return renderEvent(row.template, row.language, row.payload as unknown as MailModels[MailTemplateName]);
    return renderMailContent(row.template, row.language, row.payload).text;
  }

  /** The view model a row's mail is rendered from when it is built from its event (a stored model is the row's payload). */
  async eventModel(row: OutboundMail, reads: ComposerReads = this.direct): Promise<object | undefined> {
    return row.eventId ? (await this.gameModel(row, reads))?.model : undefined;
  }

  /**
   * The model of a game mail: from the event the action wrote (mail/core/game-events.ts), checked
   * first; a row without one (the position a player asked for, a row queued before events) from
   * the game as it stands. Undefined for a stored view model (the sweep's, the arbiter's notices).
   */
  private async gameModel(row: OutboundMail, reads: ComposerReads): Promise<BuiltMail | undefined> {
    const model = row.payload.game;
    const hasGameModel = typeof model === 'object' && model !== null && !Array.isArray(model) && 'competition' in model;
    // A competition's fact told in a game's thread (special leave, to a partner) keeps the model
    // in its row, as before events; it is built from its fact all the same.
    if (row.eventId && (!row.gameId || hasGameModel)) return this.outsideGameModel(row, reads);
    if (!row.gameId || !row.playerId || hasGameModel) return undefined;
    try {
      const { snapshot: asWritten, payload, signer } = row.eventId ? await this.fromEvent(row, reads) : await this.fromGameNow(row, reads);
      const snapshot = await this.signedNow(asWritten, reads, signer);
      const you: Color = snapshot.playerIds.blue === row.playerId ? 'blue' : 'red';
      const language = row.language as MailLanguage;
      const turn = typeof payload.turn === 'number' ? payload.turn : snapshot.turn;
      const address = this.replyAddressOf(row, turn);
      const context = mailContext(snapshot, you, language, replyView(address, snapshot.game, language));
      const built =
        resultMail(context, row.template, payload) ??
        timelineMail(context, row.template, payload) ??
        gameMail(context, row.template, payload);
      if (!row.eventId) return built;
      // An event's mail is named as its action left the game (a row without one: as the game is now,
      // compose); its Reply-To is the body's address whenever both name the same turn, as an event's row does.
      const threadTurn = replyTurn(row, snapshot.turn);
      return {
        ...built,
        thread: { game: snapshot.game, replyTo: threadTurn === turn ? address : this.replyAddressOf(row, threadTurn) },
      };
    } catch (error) {
      // A model that cannot be built (an event that fails its schema, a game since changed
      // beyond replay) never holds a notification back: it goes out as the plain listing.
      logger.warn({ outboundMailId: row.id, err: error }, `mail ${row.template} rendered as a listing`);
      return undefined;
    }
  }

  /**
   * The row's mail of its event: the snapshot, the fact as this recipient hears it
   * (mail/core/event-mails.ts) and who signs it, if not the competition's arbiter.
   */
  private async fromEvent(row: OutboundMail, reads: ComposerReads): Promise<EventRead> {
    const { fact, snapshot } = parseGameEvent(await reads.events.payloadOf(row.eventId!));
    const you: Color = snapshot.playerIds.blue === row.playerId ? 'blue' : 'red';
    const mail = mailsOf(fact).find((m) => m.to === you && m.template === row.template);
    if (!mail) throw new Error(`event ${fact.kind} has no ${row.template} mail for ${you}`);
    return { snapshot, payload: rowPayload(row.gameId!, fact, mail), signer: signerOf(fact) };
  }

  /**
   * The mail of an event that is no game's, or goes outside any game's thread: a competition's
   * fact to one of its players (in a game's thread when it names one) or to its arbiter
   * (mail/core/competition-facts.ts), or a game's fact to the competition's arbiter (a claim's
   * answer); the arbiter is greeted by the name they carry when it goes out, as a signature is
   * (signedNow).
   */
  private async outsideGameModel(row: OutboundMail, reads: ComposerReads): Promise<GameMail | undefined> {
    try {
      const stored = await reads.events.payloadOf(row.eventId!);
      const ofCompetition = COMPETITION_EVENT.safeParse(stored);
      if (ofCompetition.success) {
        const { fact } = ofCompetition.data;
        const built = row.playerId
          ? competitionMail(fact, row.playerId, row.template, row.gameId)
          : competitionArbiterMail(fact, row.template, await this.arbiterNameOf(arbiterCompetitionOf(fact), reads));
        if (!built) throw new Error(`event ${fact.kind} has no ${row.template} mail for this row`);
        return built;
      }
      const { fact, snapshot } = parseGameEvent(stored);
      const mail = mailsOf(fact).find((m) => m.to === 'arbiter' && m.template === row.template);
      if (!mail) throw new Error(`event ${fact.kind} has no ${row.template} mail for the arbiter`);
      const { competition } = await reads.games.wholeGame(snapshot.gameId);
      const name = (await this.displayNameOf(competition.arbiterUserId, reads)) ?? '';
      return arbiterMail(snapshot, row.template, rowPayload(snapshot.gameId, fact, mail), name);
    } catch (error) {
      logger.warn({ outboundMailId: row.id, err: error }, `mail ${row.template} rendered as a listing`);
      return undefined;
    }
  }

  /** The name of `competitionId`'s arbiter as they carry it now (a greeting, read like a signature). */
  private async arbiterNameOf(competitionId: string | undefined, reads: ComposerReads): Promise<string> {
    const competition = competitionId ? await reads.competitions.find(competitionId) : null;
    if (!competition) throw new Error(`no competition ${competitionId} for the arbiter's mail`);
    return (await this.displayNameOf(competition.arbiterUserId, reads)) ?? '';
  }

  /** A user's name as they carry it now: an arbiter's greeting or signature is read when the mail goes out. */
  private async displayNameOf(userId: string, reads: ComposerReads): Promise<string | undefined> {
    return (await reads.users.find(userId))?.displayName;
  }

  /**
   * The arbiter signs a mail with the name they carry when it goes out (docs/web.md "The
   * arbiter's name"): a signature, not a fact of the game, so a name set after the action signs it.
   * `signer`: the user who signs instead of the competition's arbiter (null: the arbiter signs).
   */
  private async signedNow(snapshot: GameSnapshot, reads: ComposerReads, signer?: string | null): Promise<GameSnapshot> {
    // Events written before the flag stored the name itself: it is replaced all the same.
    if (signer === undefined && !snapshot.signed && snapshot.arbiter === undefined && snapshot.start === undefined) return snapshot;
    const userId = signer ?? (await reads.games.wholeGame(snapshot.gameId)).competition.arbiterUserId;
    const arbiter = personName(await this.displayNameOf(userId, reads));
    return { ...snapshot, arbiter, ...(snapshot.start && { start: { ...snapshot.start, arbiter } }) };
  }

  /**
   * A row no action described with an event: the game as it stands now, with the moves its
   * payload names (docs/mail-rules.md, "Events": rows queued before them are delivered this way, once).
   */
  private async fromGameNow(row: OutboundMail, reads: ComposerReads): Promise<EventRead> {
    const facts = factsNamedBy(row.template, row.payload);
    const snapshot = await currentMailSnapshot(reads, this.settings, row.gameId!, this.clock.now(), facts, {
      start: row.template === 'game-start',
    });
    return { snapshot, payload: row.payload };
  }

  /**
   * Turns an outbox row into one message per recipient address, with the headers of
   * docs/mail-rules.md 18: Message-ID from the row, Auto-Submitted, X-Auto-Response-Suppress, a VERP
   * envelope sender, the game thread (In-Reply-To / References / constant subject) and a
   * Reply-To carrying the reply token.
   */
  async compose(row: OutboundMail, now: Date, reads: ComposerReads = this.direct): Promise<OutgoingMessage[]> {
    const settings = this.settings;
    // A row without a player (a login link to an arbiter) always names its address.
    const recipients = row.toAddress
      ? [row.toAddress]
      : row.playerId
        ? // An address added to a player gets no mail before its owner confirms it (docs/web.md, Security model).
          (await reads.people.confirmedAddressesOf(row.playerId)).map((e) => e.address)
        : [];
    const { content, thread: named } = await this.rendered(row, reads);
    const headers: Record<string, string> = {
      'Auto-Submitted': row.autoSubmitted,
      // Asks Exchange and Outlook not to answer our mail with their own auto-replies.
      'X-Auto-Response-Suppress': 'All',
    };
    let subject = content.subject;
    let replyTo: string | undefined;
    const references: string[] = [];
    if (row.gameId) {
      // The event's game names the thread, as the body does (docs/mail-rules.md, Events); a row
      // without one, the game as it is now, shared with the body's read in a pass.
      const thread = named ?? (await this.threadNow(row, reads));
      subject = threadSubject(thread.game, row.language);
      replyTo = thread.replyTo;
      const root = await reads.events.threadRoot(row.gameId, row.playerId);
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
      // The headers' encoded words, and a body that cannot go 8-bit (mail-transport.ts onTheWire): quoted-printable, as nodemailer would choose it for this text, without its count of every character.
      textEncoding: 'quoted-printable',
      envelope: { from: verpAddress(settings.secret, settings.mailReplyAddress, to), to },
    }));
  }

  /** The thread of a row no event describes: the game as it is now. */
  private async threadNow(row: OutboundMail, reads: ComposerReads): Promise<Thread> {
    const { game, competition, players } = await reads.games.wholeGame(row.gameId!);
    return {
      game: await readGameView(reads.competitions, this.settings, competition, game, players),
      replyTo: this.replyAddressOf(row, replyTurn(row, game.turn)),
    };
  }

  /** The reply address of the row's game and player at `turn` (docs/mail-rules.md 1). */
  private replyAddressOf(row: OutboundMail, turn: number): string {
    return replyAddress(this.settings.secret, this.settings.mailReplyAddress, { gameId: row.gameId!, playerId: row.playerId!, turn });
  }
}
