// `npm run bench:mail` (issue 8 item 2): 2,000 player replies — a move each, answering a
// "your move" mail's reply address — appended to a private Dovecot, then processed end to
// end: fetched, stored, parsed, applied through the games service, and the mails they
// cause delivered into an SMTP sink. Prints one JSON object on stdout: mails per second,
// and the rate of a bare imapflow fetch of the same messages in the same run, with the ratio.
// Usage: npm run bench:mail -- [--mails N]   (PostgreSQL from DATABASE_URL, as bench:championship;
// `dovecot` must be installed: apt-get install dovecot-imapd). Not a test: nothing is asserted.
// It reuses the test suite's private Dovecot and SMTP sink (test/support/dovecot.ts,
// smtp-sink.ts), compiled apart by scripts/bench/tsconfig.json into dist/bench-scripts so
// that the application's build holds no test code.
import 'reflect-metadata';
import { cpus, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import { In } from 'typeorm';
import { createApp } from '../app.factory';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { RegistrationService } from '../competitions/registration.service';
import { GroupsService } from '../competitions/groups.service';
import { CompetitionStartService } from '../games/competition-start.service';
import { PlayerEmail } from '../players/player-email.entity';
import { Sequence } from '../competitions/sequence.entity';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import { applyMove, replayGame } from '../games/engine';
import { randomMove, seededRandom } from '../games/engine/testing/random-game';
import { Game } from '../games/game.entity';
import { InboundMail } from '../mail/inbound-mail.entity';
import { InboxService } from '../mail/inbox/inbox.service';
import { OutboundMail } from '../notifications/outbound-mail.entity';
import { OutboxSender } from '../mail/outbox/outbox.sender';
import { replyAddress } from '../notifications/reply-token';
import {
  createScratchDatabase,
  DEFAULT_DATABASE_URL,
  numberOption,
  printReport,
  progressBar,
  round,
  runBench,
  tearDown,
} from './bench-support';

/** What the bench uses of test/support/dovecot.ts (PrivateDovecot). */
interface PrivateDovecot {
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly url: string;
  client(): Promise<ImapFlow>;
  stop(): Promise<void>;
}
/** What the bench uses of test/support/smtp-sink.ts (SmtpSink). */
interface SmtpSink {
  readonly url: string;
  readonly delivered: readonly unknown[];
  stop(): Promise<void>;
}
const support = join(__dirname, '..', 'bench-scripts', 'test', 'support');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startDovecot } = require(join(support, 'dovecot.js')) as { startDovecot(): Promise<PrivateDovecot> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSmtpSink } = require(join(support, 'smtp-sink.js')) as { startSmtpSink(): Promise<SmtpSink> };

const MAILS = numberOption('mails', 2000);
const REPLY = 'moves@bench.example.org';
const SECRET = 'b3f9c1e07a5d42e8916c0d4fa2b7e5c38d61f0a9e4b27c5d13a8f6e09c4d7b21';
const GROUP = 30;

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((error, message) => (error ? reject(error) : resolve(message))),
  );
}

function playersCsv(n: number): string {
  const lines = ['name,email,club,language,previous_coefficient,previous_rank'];
  for (let i = 1; i <= n; i++)
    lines.push(
      `Player ${i},player${i}@bench.example.org,Club ${(i % 7) + 1},${i % 4 === 0 ? 'en' : 'ro'},1.${String(5000 - i).padStart(4, '0')},${i}`,
    );
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const scratch = await createScratchDatabase(serverUrl, 'mail');
  const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-bench-'));
  let dovecot: PrivateDovecot | undefined;
  let smtp: SmtpSink | undefined;
  let app: INestApplication | undefined;
  const bar = progressBar('mail');
  try {
    [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpSink()]);
    const clock = new ManualClock('2027-02-01T08:00:00Z');
    const settings = parseSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SECRET,
      LOG_LEVEL: 'error',
      SMTP_URL: smtp.url,
      IMAP_URL: dovecot.url,
      MAIL_REPLY_ADDRESS: REPLY,
      MAIL_FROM: 'arbitru@bench.example.org',
      PUBLIC_URL: 'http://bench.example.org',
    });
    const opened = await openAppDatabase(settings.database);
    app = await createApp({ settings, database: opened, clock });
    await app.init();
    const db = app.get(Database);

    // Half the mails are RED's first moves, half BLUE's answers, in as many games.
    const gamesNeeded = Math.ceil(MAILS / 2);
    const groups = Math.ceil(gamesNeeded / ((GROUP * (GROUP - 1)) / 2));
    const users = app.get(UsersService);
    const setup = app.get(CompetitionSetupService);
    const registration = app.get(RegistrationService);
    const grouping = app.get(GroupsService);
    const arbiter = await db.transaction(async () =>
      actorOf(
        await users.createUser({ displayName: 'Arbitrul', roles: ['arbiter'], emails: ['arbitru@bench.example.org'], verified: true }),
      ),
    );
    const created = await setup.create(arbiter, {
      name: 'Bench by mail',
      shortName: 'MAIL',
      startDate: '2027-02-01',
      closingDate: '2027-12-31',
    });
    await registration.importPlayers(arbiter, created.id, playersCsv(groups * GROUP));
    await grouping.makeGroups(arbiter, created.id, { count: groups });
    await app.get(CompetitionStartService).start(arbiter, created.id);
    const { games, sequence, addresses } = await db.run(async (m) => {
      const games = (await m.find(Game, { where: { competitionId: created.id }, order: { id: 'ASC' } })).slice(0, gamesNeeded);
      const sequence = await m.findOneByOrFail(Sequence, { competitionId: created.id });
      const emails = await m.find(PlayerEmail, { where: { playerId: In(games.flatMap((g) => [g.redPlayerId, g.bluePlayerId])) } });
      return { games, sequence, addresses: new Map(emails.map((e) => [e.playerId, e.address])) };
    });
    // The start's game sheets are not what is measured: they count as sent already.
    await db.run((m) => m.update(OutboundMail, { status: 'pending' }, { status: 'sent', sentAt: clock.now() }));

    // Every game has the same sequence, so the same two legal moves open each of them.
    const opening = replayGame({ tileSet: 'ro', sequence: sequence.tiles }, []);
    if (!opening.ok) throw new Error('the opening does not replay');
    const random = seededRandom(8);
    const first = randomMove(opening.state, random, { passProbability: 0 });
    const afterFirst = applyMove(opening.state, first);
    if (!afterFirst.ok) throw new Error(`${first} is not legal`);
    const second = randomMove(afterFirst.state, random, { passProbability: 0 });

    const raws: Buffer[] = [];
    for (const [turn, move] of [
      [1, first],
      [2, second],
    ] as const) {
      for (const game of games) {
        if (raws.length >= MAILS) break;
        const playerId = turn === 1 ? game.redPlayerId : game.bluePlayerId;
        raws.push(
          await compose({
            from: addresses.get(playerId)!,
            to: replyAddress(SECRET, REPLY, { gameId: game.id, playerId, turn }),
            subject: 'Re: [MAIL] mutarea',
            text: `${move}\n\n-- \nCu stimă\n\nÎn 01.02.2027, corr-scrabble a scris:\n> Scrieți mutarea deasupra acestui rând\n> h8 VECHE\n`,
            date: clock.now(),
          }),
        );
      }
    }
    const client = await dovecot.client();
    const lock = await client.getMailboxLock('INBOX');
    try {
      for (let i = 0; i < raws.length; i++) {
        await client.append('INBOX', raws[i]);
        bar(i + 1, raws.length, 'appended');
      }
    } finally {
      lock.release();
      await client.logout();
    }

    // The baseline: the same messages fetched whole by a bare imapflow client, nothing else done.
    const fetchSeconds = await bareFetch(dovecot, raws.length);

    // End to end: the inbox (one pass reads all it finds), then the outbox until the sink has every answer.
    const inbox = app.get(InboxService);
    const outbox = app.get(OutboxSender);
    const decided = () =>
      db.run((m) => m.count(InboundMail, { where: { status: In(['applied', 'rejected', 'held', 'dropped', 'duplicate', 'failed']) } }));
    const pending = () => db.run((m) => m.count(OutboundMail, { where: { status: 'pending' } }));
    const started = process.hrtime.bigint();
    let done = 0;
    while ((done = await decided()) < raws.length) {
      await inbox.poll();
      bar(done, raws.length, 'decided');
    }
    const inboxSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const answers = await db.run((m) => m.count(OutboundMail, { where: { status: 'pending' } }));
    while ((await pending()) > 0) {
      await outbox.deliverDue();
      bar(answers - (await pending()), answers, 'answers sent');
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const statuses = await db.run((m) => m.query(`SELECT status, count(*)::int AS n FROM inbound_mail GROUP BY status ORDER BY status`));
    const mailsPerSecond = raws.length / seconds;
    const fetchPerSecond = raws.length / fetchSeconds;
    const report = {
      benchmark: 'mail',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      mails: raws.length,
      outcome: Object.fromEntries((statuses as { status: string; n: number }[]).map((r) => [r.status, r.n])),
      answersDelivered: smtp.delivered.length,
      seconds: round(seconds, 1),
      inboxSeconds: round(inboxSeconds, 1),
      mailsPerSecond: round(mailsPerSecond, 1),
      bareFetchPerSecond: round(fetchPerSecond, 1),
      ratio: round(mailsPerSecond / fetchPerSecond, 4),
      ratioTarget: 0.3,
      sharedMachine: 'other processes may compete for the CPU: compare the ratio, not the absolute figures',
    };
    printReport(report);
  } finally {
    await tearDown(app, scratch, dataDir);
    await Promise.all([dovecot?.stop(), smtp?.stop()].map((p) => p?.catch(() => undefined)));
  }
}

/** Seconds for one client to fetch every message of INBOX whole (BODY.PEEK[]: nothing changes). */
async function bareFetch(dovecot: PrivateDovecot, expected: number): Promise<number> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  await client.connect();
  const lock = await client.getMailboxLock('INBOX');
  try {
    const started = process.hrtime.bigint();
    let count = 0;
    let bytes = 0;
    for await (const message of client.fetch('1:*', { uid: true, source: true })) {
      count++;
      bytes += message.source?.length ?? 0;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (count !== expected || bytes === 0) throw new Error(`the bare fetch saw ${count} messages, not ${expected}`);
    return seconds;
  } finally {
    lock.release();
    await client.logout();
  }
}

runBench(main);
