import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { SETTINGS, Settings } from '../../config/settings';
import type { OutboundMail } from '../../notifications/outbound-mail.entity';
import { errorWithoutReplyTokens, withoutReplyTokens } from '../../notifications/reply-token';
import type { ComposerReads } from './outbox-composer.service';
import { OutboxDelivery } from './outbox-delivery.service';
import { fileTransport, isBrokenConnection, MailTransport, SMTP_POOL_CONNECTIONS, smtpTransport } from './mail-transport';
import { groupBy } from '../../common/collections';
import { holdsSecrets } from './payload-secrets';

/** How the sender retries (docs/mail-rules.md 17). */
export interface OutboxPolicy {
  /** Delay after the first failure; it doubles with each further one, up to `maxDelayMs`. */
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  /** Failures after which the row is `failed` and a case is raised. */
  readonly maxAttempts: number;
  /** Rows taken per pass. */
  readonly batch: number;
  /** Recipients served at once: a mail's time is mostly waiting on the SMTP server. */
  readonly concurrency: number;
}

export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 3600_000,
  maxAttempts: 10,
  batch: 50,
  concurrency: SMTP_POOL_CONNECTIONS,
};

/** Exponential backoff: 1, 2, 4 … minutes, capped. */
export function retryDelay(policy: OutboxPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxPass {
  readonly sent: number;
  readonly failed: number;
}

/**
 * The transactional outbox's sender (docs/mail-rules.md 17): delivers due rows, marks them sent,
 * retries with backoff, and after `maxAttempts` failures gives up and tells the arbiter.
 * Delivery is at least once: a crash between the server's acceptance and the mark resends
 * the same Message-ID, which clients collapse.
 */
@Injectable()
export class OutboxSender implements OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  readonly transport: MailTransport;
  policy: OutboxPolicy = DEFAULT_OUTBOX_POLICY;
  /** Set when new rows were written during a pass: the pass goes round once more. */
  private more = false;
  private passing = false;
  /**
   * The messages of a row already accepted by the server, while its row is still pending:
   * a row for several addresses requeued after a broken socket resends only the rest.
   */
  private readonly handedOver = new Set<string>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly clock: Clock,
    private readonly outbox: OutboxDelivery,
  ) {
    this.transport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : fileTransport(join(settings.dataDir, 'outbox'));
  }

  /** New rows are waiting (a decision wrote its answers): a running pass takes them before it ends. */
  notify(): void {
    this.more = true;
  }

  /**
   * Passes over the due rows until none is left that was due when it began: a full batch, or
   * rows announced by `notify` meanwhile, take another round. The worker calls it, and so can a test.
   */
  async deliverDue(): Promise<OutboxPass> {
    let sent = 0;
    let failed = 0;
    const outer = !this.passing;
    this.passing = true;
    try {
      for (;;) {
        this.more = false;
        const pass = await this.deliverBatch();
        sent += pass.sent;
        failed += pass.failed;
        if (!outer || (!pass.full && !this.more) || pass.sent === 0) break;
      }
    } finally {
      if (outer) {
        this.passing = false;
        this.transport.release();
      }
    }
    return { sent, failed };
  }

  private async deliverBatch(): Promise<OutboxPass & { full: boolean }> {
    await this.writeDueDigests();
    const now = this.clock.now();
    // Rows waiting for their player's daily digest are not sent on their own (docs/mail-rules.md 17).
    const due = await this.outbox.due(now, this.policy.batch);
    const reads = await this.outbox.passReads(due);
    let sent = 0;
    let failed = 0;
    // One queue per recipient keeps each player's mail in the order it was written; several
    // recipients are served at once, over the pooled connections.
    const queues = [...groupBy(due, (row) => row.playerId ?? row.toAddress ?? row.id).values()];
    const marks = new GroupedMarks((rows) => this.outbox.markAllSent(rows, this.clock.now()));
    const worker = async () => {
      for (let queue = queues.shift(); queue; queue = queues.shift()) {
        for (const row of queue) {
          if (await this.deliver(row, reads, marks)) sent++;
          else failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.policy.concurrency) }, worker));
    return { sent, failed, full: due.length >= this.policy.batch };
  }

  /**
   * docs/mail-rules.md 17: for every player who chose the digest and has notifications waiting, once
   * their competition's clock has passed the digest hour, that day's digest is written and
   * the notifications folded into it, in one transaction. Its Message-ID (player and day) is
   * unique, so however many passes or instances try, each day's digest exists once.
   */
  async writeDueDigests(): Promise<number> {
    const now = this.clock.now();
    const waiting = await this.outbox.digestible();
    const byPlayer = groupBy(waiting, (row) => row.playerId!);
    let written = 0;
    for (const [playerId, rows] of byPlayer) {
      try {
        const done = await this.outbox.writeDigest(playerId, rows, now);
        if (done) written++;
      } catch (error) {
        // Another instance wrote the day's digest first (unique Message-ID), or a row would not render: next pass.
        this.logger.warn({ playerId, err: error }, 'daily digest not written');
      }
    }
    return written;
  }

  /**
   * Delivers one row. A broken connection (a pooled socket that died, the server never
   * answered 250) requeues the row at once on a fresh socket, once, before it counts as a
   * failed attempt: the row is the unit of idempotency, marked sent only after every message
   * of it was accepted, and a message already accepted is not sent again.
   */
  private async deliver(row: OutboundMail, reads: ComposerReads, marks: GroupedMarks): Promise<boolean> {
    try {
      try {
        await this.handOver(row, reads);
      } catch (error) {
        if (!isBrokenConnection(error)) throw error;
        this.logger.warn(
          { outboundMailId: row.id, err: errorWithoutReplyTokens(error as Error) },
          `connection broke while sending ${withoutReplyTokens(row.messageId)}; requeued`,
        );
        await this.handOver(row, reads);
      }
      // Marked sent as soon as it is accepted, with the rows accepted meanwhile (GroupedMarks); a row
      // with login links on its own, its links' secrets dropped: no table holds a usable login link
      // once it is handed over.
      if (holdsSecrets(row.template, row.payload)) await this.outbox.markSent(row, this.clock.now());
      else await marks.add(row);
      this.forget(row);
      return true;
    } catch (error) {
      await this.recordFailure(row, error as Error);
      return false;
    }
  }

  /** The row is marked sent: its accepted messages need no remembering. */
  private forget(row: OutboundMail): void {
    for (const key of [...this.handedOver]) if (key.startsWith(`${row.id}-`)) this.handedOver.delete(key);
  }

  private async handOver(row: OutboundMail, reads: ComposerReads): Promise<void> {
    const messages = await this.outbox.compose(row, this.clock.now(), reads);
    for (const [index, message] of messages.entries()) {
      const accepted = `${row.id}-${message.envelope.to}`;
      if (this.handedOver.has(accepted)) continue;
      await this.transport.send(message, `${row.id}-${index}`);
      this.handedOver.add(accepted);
    }
  }

  private async recordFailure(row: OutboundMail, error: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const now = this.clock.now();
    const givingUp = attempts >= this.policy.maxAttempts;
    // docs/web.md, Security model: the log, the row's error and the arbiter's case never hold the player's reply token.
    const shown = errorWithoutReplyTokens(error);
    this.logger.warn(
      { outboundMailId: row.id, attempts, err: shown },
      `delivery of ${withoutReplyTokens(row.messageId)} failed${givingUp ? ', giving up' : ''}`,
    );
    await this.outbox.recordFailure(row, {
      attempts,
      error: shown.message,
      givingUp,
      nextAttemptAt: givingUp ? null : new Date(now.getTime() + retryDelay(this.policy, attempts)),
      now,
    });
  }

  /** Rows still owed, for the arbiter's list and for tests. */
  pending(): Promise<OutboundMail[]> {
    return this.outbox.pending();
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/**
 * Rows marked sent as soon as each is accepted, the ones accepted while a mark is on its way
 * going together in the next statement (a group commit): a crash sends again at most the rows
 * of one statement, under their Message-IDs, as it would the row being marked one at a time
 * by each of the concurrent deliveries (docs/mail-rules.md 17).
 */
class GroupedMarks {
  private waiting: { readonly row: OutboundMail; readonly done: () => void; readonly fail: (error: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly mark: (rows: OutboundMail[]) => Promise<void>) {}

  add(row: OutboundMail): Promise<void> {
    return new Promise((done, fail) => {
      this.waiting.push({ row, done, fail });
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0);
      try {
        await this.mark(group.map((g) => g.row));
        for (const g of group) g.done();
      } catch (error) {
        for (const g of group) g.fail(error);
      }
    }
    this.running = false;
  }
}
