import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CoefficientsModule } from '../coefficients/coefficients.module';
import { SETTINGS, Settings } from '../config/settings';
import { WorkersService } from '../database/workers.service';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { ThinkingTimeModule } from '../thinking-time/thinking-time.module';
import { CorrespondentsRepository } from './correspondents.repository';
import { Correspondents } from './correspondents.service';
import { InboundMailRepository } from './inbound-mail.repository';
import { InboundMails } from './inbound-mails.service';
import { InboxService } from './inbox/inbox.service';
import { MailCases } from './mail-cases.service';
import { MailGamesRepository } from './mail-games.repository';
import { MailGames } from './mail-games.service';
import { OutboxController } from './outbox.controller';
import { MailParsingWorker } from './parsing/mail-parsing-worker';
import { OutboxComposer } from './outbox/outbox-composer.service';
import { OutboxDelivery } from './outbox/outbox-delivery.service';
import { OutboxListing } from './outbox/outbox-listing.service';
import { OutboundDeliveryRepository } from './outbox/outbound-delivery.repository';
import { OutboxSender } from './outbox/outbox.sender';
import { ConfirmationController } from './pipeline/confirmation.controller';
import { HeldMoves } from './pipeline/held-moves.service';
import { MailActions } from './pipeline/mail-actions.service';
import { MailApplier } from './pipeline/mail-applier.service';
import { MailDecisions } from './mail-decisions.service';
import { MailPipeline } from './pipeline/mail-pipeline.service';
import { MailReader } from './pipeline/mail-reader.service';
import { MailReplies } from './mail-replies.service';

/** How often the loops run without being woken: the outbox, and the inbox's poll beside IDLE (docs/mail-rules.md 15). */
export const OUTBOX_INTERVAL_MS = 5_000;
export const INBOX_POLL_MS = 60_000;

/**
 * The mail channel: the outbox sender (always: SMTP, or .eml files without SMTP_URL) and,
 * with IMAP_URL, the inbox. Both run on the singleton workers, so several instances never
 * send or read the same mail twice at once.
 */
@Module({
  imports: [AuthModule, ArbiterModule, CompetitionsModule, GamesModule, CoefficientsModule, ThinkingTimeModule],
  providers: [
    OutboxSender,
    InboxService,
    MailPipeline,
    MailReader,
    // One worker thread for the whole instance (docs/mail-rules.md 9: HTML replies made text off the event loop).
    { provide: MailParsingWorker, useFactory: () => new MailParsingWorker() },
    MailApplier,
    MailDecisions,
    HeldMoves,
    MailActions,
    MailReplies,
    MailCases,
    OutboxComposer,
    OutboxListing,
    // Mail's services over its rows: the inbox, the pipeline and the sender reach data through them.
    InboundMails,
    OutboxDelivery,
    Correspondents,
    MailGames,
    InboundMailRepository,
    OutboundDeliveryRepository,
    MailGamesRepository,
    CorrespondentsRepository,
  ],
  controllers: [ConfirmationController, OutboxController],
  // The inbox's rows for the arbiter's panel (web/arbiter).
  exports: [OutboxSender, InboxService, MailPipeline, OutboxComposer, InboundMailRepository],
})
export class MailModule implements OnApplicationBootstrap {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly workers: WorkersService,
    private readonly outbox: OutboxSender,
    private readonly inbox: InboxService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.mailWorkers) this.startWorkers();
  }

  /** The outbox sender and the IMAP inbox as singleton loops; the inbox reacts to IDLE, the interval is the fallback poll. */
  startWorkers(): void {
    const outbox = this.workers.register('outbox', () => this.outbox.deliverDue().then(() => undefined), {
      intervalMs: OUTBOX_INTERVAL_MS,
    });
    outbox.start();
    if (this.settings.imapUrl) {
      const inbox = this.workers.register('inbox', () => this.inbox.poll(), { intervalMs: INBOX_POLL_MS, acquireRetryMs: 5_000 });
      this.inbox.onNewMail = () => void inbox.wake();
      this.inbox.onPassDone = () => {
        // A pass already sending takes the new answers before it ends; otherwise one starts now.
        this.outbox.notify();
        void outbox.wake();
      };
      inbox.start();
    }
  }
}
