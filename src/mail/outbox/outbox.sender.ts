import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { IsNull, LessThanOrEqual } from 'typeorm';
import { Clock } from '../../common/clock';
import { SETTINGS, Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { raiseMailCase } from '../mail-cases';
import { OutboundMail } from '../outbound-mail.entity';
import { composeOutbound } from './outbox-composer';
import { fileTransport, MailTransport, smtpTransport } from './mail-transport';

/** How the sender retries (MAIL.md 17). */
export interface OutboxPolicy {
  /** Delay after the first failure; it doubles with each further one, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  /** Failures after which the row is `failed` and a case is raised. */
  readonly maxAttempts: number;
  /** Rows taken per pass. */
  readonly batch: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = { firstDelayMs: 60_000, maxDelayMs: 6 * 3600_000, maxAttempts: 10, batch: 50 };

/** Exponential backoff: 1, 2, 4 … minutes, capped. */
export function retryDelay(policy: OutboxPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxPass {
  readonly sent: number;
  readonly failed: number;
}

/**
 * The transactional outbox's sender (MAIL.md 17): delivers due rows, marks them sent,
 * retries with backoff, and after `maxAttempts` failures gives up and tells the arbiter.
 * Delivery is at least once: a crash between the server's acceptance and the mark resends
 * the same Message-ID, which clients collapse.
 */
@Injectable()
export class OutboxSender implements OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  readonly transport: MailTransport;
  policy: OutboxPolicy = DEFAULT_OUTBOX_POLICY;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : fileTransport(join(settings.dataDir, 'outbox'));
  }

  /** One pass over the due rows; the worker calls it, and so can a test. */
  async deliverDue(): Promise<OutboxPass> {
    const now = this.clock.now();
    const due = await this.db.run((m) =>
      m.find(OutboundMail, {
        where: [
          { status: 'pending', nextAttemptAt: IsNull() },
          { status: 'pending', nextAttemptAt: LessThanOrEqual(now) },
        ],
        order: { createdAt: 'ASC', id: 'ASC' },
        take: this.policy.batch,
      }),
    );
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      if (await this.deliver(row)) sent++;
      else failed++;
    }
    return { sent, failed };
  }

  private async deliver(row: OutboundMail): Promise<boolean> {
    try {
      const messages = await this.db.run((m) => composeOutbound(m, this.settings, row, this.clock.now()));
      for (const [index, message] of messages.entries()) await this.transport.send(message, `${row.id}-${index}`);
      await this.db.run((m) =>
        m.update(OutboundMail, { id: row.id, status: 'pending' }, { status: 'sent', sentAt: this.clock.now(), lastError: null, nextAttemptAt: null }),
      );
      return true;
    } catch (error) {
      await this.recordFailure(row, error as Error);
      return false;
    }
  }

  private async recordFailure(row: OutboundMail, error: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const now = this.clock.now();
    const givingUp = attempts >= this.policy.maxAttempts;
    this.logger.warn({ outboundMailId: row.id, attempts, err: error }, `delivery of ${row.messageId} failed${givingUp ? ', giving up' : ''}`);
    await this.db.transaction(async (m) => {
      await m.update(
        OutboundMail,
        { id: row.id, status: 'pending' },
        {
          attempts,
          lastError: error.message.slice(0, 2000),
          status: givingUp ? 'failed' : 'pending',
          nextAttemptAt: givingUp ? null : new Date(now.getTime() + retryDelay(this.policy, attempts)),
        },
      );
      if (givingUp) {
        // MAIL.md 17: a player who cannot be written to is the arbiter's matter (RULES.md §5).
        await raiseMailCase(m, now, {
          kind: 'mail-undeliverable',
          gameId: row.gameId,
          playerId: row.playerId,
          payload: { outboundMailId: row.id, messageId: row.messageId, template: row.template, attempts, error: error.message.slice(0, 500) },
        });
      }
    });
  }

  /** Rows still owed, for the arbiter's list and for tests. */
  pending(): Promise<OutboundMail[]> {
    return this.db.run((m) => m.find(OutboundMail, { where: { status: 'pending' }, order: { createdAt: 'ASC' } }));
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
