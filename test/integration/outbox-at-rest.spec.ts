// Once a login mail is handed to the SMTP server, no table holds its link; a
// mail the sender gives up on keeps none either. Through a real SMTP server (no IMAP needed).
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { LoginLinks } from '../../src/auth/login-links.service';
import { ManualClock } from '../../src/common/clock';
import type { Database } from '../../src/database/database';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { createUser } from '../support/competitions';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { openTestDatabase, testSettings } from '../support/test-app';
import { TEST_DB, type TestDatabase } from '../support/test-database';

const TOKEN = /\/login\/([A-Za-z0-9_-]{43})/;

describe(`login links at rest, through a real SMTP server (${TEST_DB})`, () => {
  let smtp: SmtpSink;
  let app: INestApplication;
  let database: Database;
  let testDb: TestDatabase;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const opened = await openTestDatabase();
    testDb = opened.testDb;
    database = opened.opened.database;
    const settings = { ...testSettings({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://scrabble.test' }), database: testDb.settings };
    app = await createApp({ settings, database: opened.opened, clock: new ManualClock('2027-01-10T09:00:00Z') });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.stop();
    await testDb?.drop();
  });

  const everyPayload = async () => JSON.stringify(await database.run((m) => m.query(`SELECT payload::text AS p FROM outbound_mail`)));
  const rowTo = (address: string) => database.run((m) => m.findOneByOrFail(OutboundMail, { template: 'magic-link', toAddress: address }));

  it('scrubs the link from the row in the statement that marks it sent; the mail carries it whole', async () => {
    await createUser(app, { email: 'ana@example.org', roles: ['arbiter'] });
    expect(await app.get(LoginLinks).requestByEmail('ana@example.org')).toEqual({ sent: true });
    const pending = await rowTo('ana@example.org');
    const token = TOKEN.exec(String(pending.payload.url))![1];
    await app.get(OutboxSender).deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail.parsed.text).toContain(`/login/${token}`);
    const sent = await rowTo('ana@example.org');
    expect(sent.status).toBe('sent');
    expect(sent.payload).toEqual({ ...pending.payload, url: 'http://scrabble.test/login/…' });
    expect(await everyPayload()).not.toContain(token);
  });

  it('keeps the link while the server is down (the retry needs it), and drops it when the sender gives up', async () => {
    await createUser(app, { email: 'ion@example.org', roles: ['arbiter'] });
    await app.get(LoginLinks).requestByEmail('ion@example.org');
    const token = TOKEN.exec(String((await rowTo('ion@example.org')).payload.url))![1];
    const sender = app.get(OutboxSender);
    const policy = sender.policy;
    sender.policy = { ...policy, maxAttempts: 2, firstDelayMs: 0 };
    await smtp.down('refuse');
    try {
      await sender.deliverDue();
      expect((await rowTo('ion@example.org')).status).toBe('pending');
      expect(await everyPayload()).toContain(token);
      await sender.deliverDue();
      const failed = await rowTo('ion@example.org');
      expect(failed.status).toBe('failed');
      expect(failed.payload.url).toBe('http://scrabble.test/login/…');
      expect(await everyPayload()).not.toContain(token);
    } finally {
      sender.policy = policy;
      await smtp.up();
    }
  });
});
