import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { InboundMail } from '../inbound-mail.entity';
import { InboundMails } from '../inbound-mails.service';
import { MailApplier } from './mail-applier.service';
import { FOLDER } from './mail-decision';
import { MailDecisions } from '../mail-decisions.service';
import { MailReader, type Reading } from './mail-reader.service';
import { groupBy } from '../../common/collections';
import { errorWithoutReplyTokens } from '../../notifications/reply-token';

/** The game a reading names, or one shared lane for mails naming none. */
function laneOf(reading: Reading): string {
  if (reading.status === 'due') return reading.action.gameId;
  return ('gameId' in reading && reading.gameId) || 'no-game';
}

/** docs/mail-rules.md 14: processing failures after which a mail goes to Failed and a case is raised. */
export const MAX_PROCESSING_ATTEMPTS = 5;

/** Games decided at once: each waits mostly on PostgreSQL, and each holds one pooled connection. */
export const DECISION_POOL = 4;
/** Stored mails loaded per round: bounds the raw bodies held in memory. */
export const DECISION_BATCH = 200;

/** Runs each lane's items in order, at most `size` lanes at a time. */
async function inLanes<T>(lanes: readonly (readonly T[])[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let lane = lanes[next++]; lane; lane = lanes[next++]) for (const item of lane) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(size, lanes.length) }, worker));
}

/**
 * The inbound pipeline (docs/mail-rules.md 1-16), the inbox's one entry point: each stored mail
 * still undecided is read (MailReader), its command applied (MailApplier) and its decision
 * written with its answer (MailDecisions); a mail whose processing fails is tried again on
 * the next pass, up to MAX_PROCESSING_ATTEMPTS. The IMAP move follows the commit (InboxService).
 */
@Injectable()
export class MailPipeline {
  private readonly logger = new Logger('MailPipeline');

  constructor(
    private readonly clock: Clock,
    private readonly inbound: InboundMails,
    private readonly reader: MailReader,
    private readonly applier: MailApplier,
    private readonly decisions: MailDecisions,
  ) {}

  /**
   * Decides every stored mail still undecided. Safe to run twice. Mails are read (read-only)
   * several at once, then grouped by the game they name: one lane per game keeps that game's
   * mails in arrival order under its row lock, and DECISION_POOL lanes run at once.
   * `onDecided` is called after each round, so the answers need not wait for the whole pass.
   */
  async processStored(onDecided: () => void = () => undefined): Promise<void> {
    const undecided = await this.inbound.undecided();
    for (let start = 0; start < undecided.length; start += DECISION_BATCH) {
      const ids = undecided.slice(start, start + DECISION_BATCH).map((r) => r.id);
      const rows = await this.inbound.stillReceived(ids);
      const readings = new Map<InboundMail, Reading>();
      await inLanes(
        rows.map((row) => [row]),
        DECISION_POOL,
        async (row) => {
          try {
            readings.set(row, await this.reader.read(row));
          } catch (error) {
            await this.recordFailure(row, error as Error);
          }
        },
      );
      // Mails naming no game share one lane: their rejection limits per address are counted in order.
      const lanes = groupBy(
        rows.filter((row) => readings.has(row)),
        (row) => laneOf(readings.get(row)!),
      );
      await inLanes([...lanes.values()], DECISION_POOL, async (row) => {
        try {
          await this.process(row, readings.get(row)!);
        } catch (error) {
          await this.recordFailure(row, error as Error);
        }
      });
      onDecided();
    }
  }

  private async process(row: InboundMail, reading: Reading): Promise<void> {
    const decision = reading.status === 'due' ? await this.applier.apply(row, reading.action, reading.target, reading.content) : reading;
    await this.decisions.record(row, decision);
  }

  /** docs/mail-rules.md 14: a transient failure leaves the mail for the next pass; repeated failure sends it to Failed with a case. */
  private async recordFailure(row: InboundMail, cause: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_PROCESSING_ATTEMPTS;
    // docs/web.md, Security model: the log, the row and the arbiter's case never hold a reply token.
    const error = errorWithoutReplyTokens(cause);
    this.logger.warn({ inboundMailId: row.id, attempts, err: error }, `processing failed${failed ? ', giving up' : ''}`);
    await this.inbound.recordFailedAttempt(row, { attempts, error: error.message, failed, folder: FOLDER.failed, now: this.clock.now() });
  }
}
