import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../../src/app.factory';
import { ManualClock } from '../../../src/common/clock';
import type { Settings } from '../../../src/config/settings';
import { Database } from '../../../src/database/database';
import { openAppDatabase } from '../../../src/app-database';
import { InboundMail } from '../../../src/mail/inbound-mail.entity';
import { InboxService } from '../../../src/mail/inbox/inbox.service';
import { OutboundMail } from '../../../src/notifications/outbound-mail.entity';
import { OutboxSender } from '../../../src/mail/outbox/outbox.sender';
import { MailPipeline } from '../../../src/mail/pipeline/mail-pipeline.service';
import { PrivateDovecot, startDovecot } from '../../support/dovecot';
import { SmtpSink, startSmtpSink } from '../../support/smtp-sink';
import { testSettings } from '../../support/test-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

export const REPLY_ADDRESS = 'moves@corr-scrabble.test';
export const FROM_ADDRESS = 'arbitru@corr-scrabble.test';

/** One running instance of the platform, wired to the file's mail servers. */
export interface MailInstance {
  readonly app: INestApplication;
  readonly database: Database;
  readonly inbox: InboxService;
  readonly outbox: OutboxSender;
  readonly pipeline: MailPipeline;
  close(): Promise<void>;
}

/** A test file's mail world: one database, a private Dovecot, an SMTP sink, and instances on them. */
export interface MailWorld {
  readonly settings: Settings;
  readonly clock: ManualClock;
  readonly dovecot: PrivateDovecot;
  readonly smtp: SmtpSink;
  readonly testDb: TestDatabase;
  /** The instance started last. */
  readonly current: MailInstance;
  /** Starts an instance (the app as `npm start` builds it); `workers` runs the singleton loops. */
  /** `smtpUrl`: another SMTP server than the sink (a proxy in front of it, say). */
  start(options?: { workers?: boolean; smtp?: boolean; authservId?: string; smtpUrl?: string }): Promise<MailInstance>;
  inboundMail(): Promise<InboundMail[]>;
  outboundMail(): Promise<OutboundMail[]>;
  close(): Promise<void>;
}

export async function startMailWorld({ clock = new ManualClock('2027-02-01T08:00:00Z') } = {}): Promise<MailWorld> {
  const [dovecot, smtp, testDb] = await Promise.all([startDovecot(), startSmtpSink(), createTestDatabase()]);
  const instances: MailInstance[] = [];
  const base = testSettings({
    SMTP_URL: smtp.url,
    IMAP_URL: dovecot.url,
    MAIL_REPLY_ADDRESS: REPLY_ADDRESS,
    MAIL_FROM: FROM_ADDRESS,
    PUBLIC_URL: 'http://scrabble.test',
  });
  const settings: Settings = { ...base, database: testDb.settings };
  const world: MailWorld = {
    settings,
    clock,
    dovecot,
    smtp,
    testDb,
    get current() {
      const last = instances.at(-1);
      if (!last) throw new Error('no instance started');
      return last;
    },
    async start({
      workers = false,
      smtp: withSmtp = true,
      authservId,
      smtpUrl,
    }: { workers?: boolean; smtp?: boolean; authservId?: string; smtpUrl?: string } = {}) {
      const opened = await openAppDatabase(testDb.settings);
      const app = await createApp({
        settings: {
          ...settings,
          mailWorkers: workers,
          smtpUrl: withSmtp ? (smtpUrl ?? settings.smtpUrl) : undefined,
          mailAuthservId: authservId,
        },
        database: opened,
        clock,
      });
      await app.init();
      const instance: MailInstance = {
        app,
        database: opened.database,
        inbox: app.get(InboxService),
        outbox: app.get(OutboxSender),
        pipeline: app.get(MailPipeline),
        close: () => app.close(),
      };
      instances.push(instance);
      return instance;
    },
    inboundMail: () => world.current.database.run((m) => m.find(InboundMail, { order: { receivedAt: 'ASC', uid: 'ASC' } })),
    outboundMail: () => world.current.database.run((m) => m.find(OutboundMail, { order: { createdAt: 'ASC', id: 'ASC' } })),
    async close() {
      for (const instance of instances.splice(0)) await instance.close().catch(() => undefined);
      await Promise.all([dovecot.stop(), smtp.stop()]);
      await testDb.drop();
    },
  };
  return world;
}
