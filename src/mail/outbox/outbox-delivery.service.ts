import { Inject, Injectable } from '@nestjs/common';
import { SETTINGS, Settings } from '../../config/settings';
import { Database } from '../../database/database';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import { CorrespondentsRepository } from '../correspondents.repository';
import { MailCases } from '../mail-cases.service';
import { MailGamesRepository } from '../mail-games.repository';
import type { OutgoingMessage } from './mail-transport';
import { dueDigestDay, writeDigest } from './digest';
import { OutboxComposer, type ComposerReads } from './outbox-composer.service';
import { OutboundDeliveryRepository } from './outbound-delivery.repository';
import { holdsSecrets, withoutSecrets } from './payload-secrets';
import { withoutReplyTokens } from '../../notifications/reply-token';

/** A failed delivery as the sender counted it (docs/mail-rules.md 17). */
export interface FailedDelivery {
  readonly attempts: number;
  /** The error, without reply tokens (docs/web.md, Security model). */
  readonly error: string;
  /** The last attempt: the row is `failed` and the arbiter gets a case. */
  readonly givingUp: boolean;
  readonly nextAttemptAt: Date | null;
  readonly now: Date;
}

/**
 * The outbox's rows for its sender (docs/mail-rules.md 17): the rows due, the daily digests,
 * each row composed, marked sent or counted failed. Each method opens its own unit of work.
 */
@Injectable()
export class OutboxDelivery {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: Database,
    private readonly outbox: OutboundDeliveryRepository,
    private readonly mailGames: MailGamesRepository,
    private readonly people: CorrespondentsRepository,
    private readonly composer: OutboxComposer,
    private readonly cases: MailCases,
  ) {}

  /** The rows due now, but those waiting for their player's daily digest. */
  due(now: Date, batch: number): Promise<OutboundMail[]> {
    return this.db.run(() => this.outbox.due(now, batch));
  }

  /** The rows waiting for a daily digest. */
  digestible(): Promise<OutboundMail[]> {
    return this.db.run(() => this.outbox.digestible());
  }

  /**
   * One player's digest for the day now due, with `rows` folded into it, in one transaction;
   * false when the digest hour has not passed in their competition's time zone or the day's
   * digest exists already.
   */
  writeDigest(playerId: string, rows: readonly OutboundMail[], now: Date): Promise<boolean> {
    return this.db.transaction(async () => {
      const player = await this.people.player(playerId);
      // The competition of the oldest waiting event sets the hour's time zone.
      const game = await this.mailGames.withCompetition(rows[0].gameId!);
      const day = dueDigestDay(now, game?.competition?.timeZone ?? this.settings.timeZone, this.settings.mailDigestHour);
      if (!day) return false;
      return writeDigest(this.outbox, this.mailGames, this.composer.directReads(), this.settings, {
        player,
        day,
        rows,
        now,
        // Each event whole, its instructions included (docs/mail-rules.md 17): never its first line alone.
        summary: (row) => this.composer.eventText(row),
      });
    });
  }

  /** The reads a pass of the sender shares between `rows`, read ahead for all of them (OutboxComposer.readAhead). */
  async passReads(rows: readonly OutboundMail[]): Promise<ComposerReads> {
    const reads = this.composer.passReads();
    await this.db.run(() => this.composer.readAhead(reads, rows));
    return reads;
  }

  /** The messages a row goes out as, one per address. */
  compose(row: OutboundMail, now: Date, reads: ComposerReads): Promise<OutgoingMessage[]> {
    return this.db.run(() => this.composer.compose(row, now, reads));
  }

  /**
   * The row sent. The statement that marks it also drops its links' secrets, so once the mail
   * is handed over no table holds a usable login link.
   */
  markSent(row: OutboundMail, now: Date): Promise<void> {
    return this.db.run(() =>
      this.outbox.markSent(row.id, now, holdsSecrets(row.template, row.payload) ? withoutSecrets(row.template, row.payload) : undefined),
    );
  }

  /** Rows sent whose payloads hold no secrets, marked in one statement. */
  markAllSent(rows: readonly OutboundMail[], now: Date): Promise<void> {
    return this.db.run(() =>
      this.outbox.markAllSent(
        rows.map((row) => row.id),
        now,
      ),
    );
  }

  /** A failed attempt counted on the row; the last one marks it failed and raises a case for the arbiter. */
  async recordFailure(row: OutboundMail, failure: FailedDelivery): Promise<void> {
    const { attempts, givingUp, now } = failure;
    await this.db.transaction(async () => {
      await this.outbox.recordAttempt(row.id, {
        attempts,
        lastError: failure.error.slice(0, 2000),
        status: givingUp ? 'failed' : 'pending',
        nextAttemptAt: failure.nextAttemptAt,
      });
      // Never to be sent: its links need not outlive the last attempt either.
      if (givingUp && holdsSecrets(row.template, row.payload))
        await this.outbox.replacePayload(row.id, withoutSecrets(row.template, row.payload));
      if (givingUp) {
        // docs/mail-rules.md 17: a player who cannot be written to is the arbiter's matter (docs/rules.md §5).
        await this.cases.raise(now, {
          kind: 'mail-undeliverable',
          gameId: row.gameId,
          playerId: row.playerId,
          payload: {
            outboundMailId: row.id,
            messageId: withoutReplyTokens(row.messageId),
            template: row.template,
            attempts,
            error: failure.error.slice(0, 500),
          },
        });
      }
    });
  }

  /** Rows still owed, for the arbiter's list and for tests. */
  pending(): Promise<OutboundMail[]> {
    return this.db.run(() => this.outbox.pending());
  }

  /** The outbox row a returned mail quotes by its Message-ID (a bounce, docs/mail-rules.md 7). */
  sentAs(messageId: string): Promise<OutboundMail | null> {
    return this.db.run(() => this.outbox.byMessageId(messageId));
  }
}
