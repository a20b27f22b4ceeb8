import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { Database } from '../../database/database';
import { CorrespondentsRepository } from '../correspondents.repository';
import type { InboundMail } from '../inbound-mail.entity';
import { InboundMailRepository } from '../inbox/inbound-mail.repository';
import { MailCases } from '../mail-cases';
import { MailApplier } from './mail-applier.service';
import { FOLDER } from './mail-decision';
import { MailDecisions } from './mail-decisions.service';
import { MailReader } from './mail-reader.service';

/** docs/mail-rules.md 14: processing failures after which a mail goes to Failed and a case is raised. */
export const MAX_PROCESSING_ATTEMPTS = 5;

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
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly inbound: InboundMailRepository,
    private readonly reader: MailReader,
    private readonly applier: MailApplier,
    private readonly decisions: MailDecisions,
    private readonly people: CorrespondentsRepository,
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
    const reading = await this.reader.read(row);
    const decision = reading.status === 'due' ? await this.applier.apply(row, reading.action, reading.target, reading.content) : reading;
    await this.decisions.record(row, decision);
  }

  /** docs/mail-rules.md 14: a transient failure leaves the mail for the next pass; repeated failure sends it to Failed with a case. */
  private async recordFailure(row: InboundMail, error: Error): Promise<void> {
    const attempts = row.attempts + 1;
    const failed = attempts >= MAX_PROCESSING_ATTEMPTS;
    this.logger.warn({ inboundMailId: row.id, attempts, err: error }, `processing failed${failed ? ', giving up' : ''}`);
    const now = this.clock.now();
    // The arbiter to tell is the sender's, when the sender is a player (the mail was never decided).
    const from = row.fromAddress;
    const playerId = row.playerId ?? (failed && from ? ((await this.db.run(() => this.people.playerByAddress(from))) ?? null) : null);
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
}
