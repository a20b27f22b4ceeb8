import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { Database } from '../database/database';
import { CorrespondentsRepository } from './correspondents.repository';
import type { InboundMail, MailFolder } from './inbound-mail.entity';
import { InboundMailRepository, RAW_PIECE_BYTES, type InboundMailChange, type InboxCursor } from './inbound-mail.repository';
import { storeInboundAll, type FetchedMessage } from './inbound-store';
import { MailCases } from './mail-cases.service';
import { withoutReplyTokens } from '../notifications/reply-token';

/** A failed attempt at deciding a stored mail (docs/mail-rules.md 14), as the pipeline counted it. */
export interface FailedAttempt {
  readonly attempts: number;
  /** The error, without reply tokens (docs/web.md, Security model). */
  readonly error: string;
  /** The last attempt: the mail goes to `folder` and the arbiter gets a case. */
  readonly failed: boolean;
  readonly folder: MailFolder;
  readonly now: Date;
}

/**
 * The inbox's rows for mail's adapters (docs/mail-rules.md 11-16): the IMAP inbox stores and
 * moves them, the pipeline reads and decides them; each method opens its own unit of work
 * unless it says it runs in the caller's.
 */
@Injectable()
export class InboundMails {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly inbound: InboundMailRepository,
    private readonly people: CorrespondentsRepository,
    private readonly cases: MailCases,
  ) {}

  /** Where the inbox has read `mailbox` up to (docs/mail-rules.md 15). */
  cursorOf(mailbox: string): Promise<InboxCursor | undefined> {
    return this.db.run(() => this.inbound.cursorOf(mailbox));
  }

  /** docs/mail-rules.md 11: fetched messages stored raw, the cursor moved past them, in one transaction. */
  async store(messages: readonly FetchedMessage[]): Promise<void> {
    await this.db.transaction(() => storeInboundAll(this.inbound, messages, this.clock.now()));
  }

  /** Decided mails of `mailbox` still to be moved to their folder (docs/mail-rules.md 14). */
  owedMoves(mailbox: string, uidValidity: string): Promise<Pick<InboundMail, 'id' | 'uid' | 'folder'>[]> {
    return this.db.run(() => this.inbound.owedMoves(mailbox, uidValidity));
  }

  markAllMoved(ids: readonly string[], at: Date): Promise<void> {
    return this.db.run(() => this.inbound.markAllMoved(ids, at));
  }

  markMoved(id: string, at: Date): Promise<void> {
    return this.db.run(() => this.inbound.markMoved(id, at));
  }

  /** The stored mails still to be decided, oldest first (their ids). */
  undecided(): Promise<Pick<InboundMail, 'id'>[]> {
    return this.db.run(() => this.inbound.undecided());
  }

  /** Those of `ids` still undecided, with their bytes: a large mail's read a piece a unit of work (`largeRaw`). */
  async stillReceived(ids: readonly string[]): Promise<InboundMail[]> {
    const stored = (await this.db.run(() => this.inbound.byIds(ids))).filter((row) => row.status === 'received');
    const rows: InboundMail[] = [];
    for (const row of stored) rows.push({ ...row, raw: row.raw ?? (await this.largeRaw(row.id)) });
    return rows;
  }

  /**
   * A large stored mail's bytes, a piece a unit of work: between two pieces the connection serves
   * others (on PGlite, /health and the web wait for it otherwise).
   */
  private async largeRaw(id: string): Promise<Buffer> {
    const length = await this.db.run(() => this.inbound.rawLength(id));
    const pieces: Buffer[] = [];
    for (let index = 0; index * RAW_PIECE_BYTES < length; index++) pieces.push(await this.db.run(() => this.inbound.rawPiece(id, index)));
    return Buffer.concat(pieces);
  }

  /** A stored mail by id (a held move's, for its confirmation page). */
  find(id: string): Promise<InboundMail | null> {
    return this.db.run(() => this.inbound.find(id));
  }

  /** Marks a received or held mail applied in the caller's unit (the action's frame); false when it was decided meanwhile. */
  markApplied(id: string, change: InboundMailChange): Promise<boolean> {
    return this.inbound.markApplied(id, change);
  }

  /**
   * docs/mail-rules.md 14: a failed attempt counted on the mail; the last one sends it to Failed
   * with a case for the sender's arbiter (when the sender is a player: the mail was never decided).
   */
  async recordFailedAttempt(row: InboundMail, attempt: FailedAttempt): Promise<void> {
    const { failed, now } = attempt;
    const from = row.fromAddress;
    const playerId = row.playerId ?? (failed && from ? ((await this.db.run(() => this.people.playerByAddress(from))) ?? null) : null);
    await this.db.transaction(async () => {
      await this.inbound.recordFailedAttempt(row.id, {
        attempts: attempt.attempts,
        error: attempt.error.slice(0, 2000),
        ...(failed && { status: 'failed' as const, folder: attempt.folder, decidedAt: now, playerId }),
      });
      if (failed) {
        await this.cases.raise(now, {
          kind: 'mail-failed',
          gameId: row.gameId,
          playerId,
          payload: {
            inboundMailId: row.id,
            from: row.fromAddress,
            // docs/web.md, Security model: the arbiter's case never holds a reply token.
            subject: row.subject === null ? null : withoutReplyTokens(row.subject),
            error: attempt.error.slice(0, 500),
          },
        });
      }
    });
  }
}
