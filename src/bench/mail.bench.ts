// `npm run bench:mail` (docs/scale.md): 2,000 player replies — a move each,
// answering a "your move" mail's reply address — appended to a private Dovecot, then processed
// end to end: fetched, stored, parsed, applied through the games service, and the mails they
// cause delivered into an SMTP sink. The baseline is the bare pipeline with the same libraries,
// for the same messages in the same run: each message fetched with imapflow, one durable
// INSERT into PostgreSQL, two nodemailer sends on a pooled connection to the same sink, one
// IMAP move; the report gives the ratio platform/bare. Then the latency: replies appended one
// by one while the mail workers run (woken by IDLE), and the median and p90 from each reply's
// APPEND to both its answers reaching the sink.
// Usage: npm run bench:mail -- [--mails N] [--latency-mails N] (PostgreSQL from DATABASE_URL,
// as bench:championship; `dovecot` must be installed: apt-get install dovecot-imapd). Not a test:
// nothing is asserted. It reuses the test suite's private Dovecot and SMTP sink (test/support/dovecot.ts,
// smtp-sink.ts), compiled apart by scripts/bench/tsconfig.json into dist/bench-scripts so
// that the application's build holds no test code.
import 'reflect-metadata';
import { cpus, loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { Pool } from 'pg';
import { In } from 'typeorm';
import { createApp } from '../app.factory';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { RegistrationService } from '../competitions/registration.service';
import { GroupsService } from '../competitions/groups.service';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { PlayerEmail } from '../players/player-email.entity';
import { Sequence } from '../competitions/sequence.entity';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import { applyMove, replayGame } from '../engine';
import { randomMove, seededRandom } from '../engine/testing/random-game';
import { Game } from '../games/entities/game.entity';
import { InboundMail } from '../mail/inbound-mail.entity';
import { InboxService } from '../mail/inbox/inbox.service';
import { MailModule } from '../mail/mail.module';
import { OutboundMail } from '../notifications/outbound-mail.entity';
import { OutboxSender } from '../mail/outbox/outbox.sender';
import { replyAddress } from '../notifications/reply-token';
import {
  createScratchDatabase,
  DEFAULT_DATABASE_URL,
  numberOption,
  percentile,
  printReport,
  progressBar,
  round,
  runBench,
  startProfile,
  tearDown,
  playersCsv,
} from './bench-support';

/** What the bench uses of test/support/dovecot.ts (PrivateDovecot). */
interface PrivateDovecot {
  readonly port: number;
  append(raw: Buffer, mailbox?: string): Promise<number>;
  readonly user: string;
  readonly password: string;
  readonly url: string;
  client(): Promise<ImapFlow>;
  stop(): Promise<void>;
}
/** What the bench uses of test/support/smtp-sink.ts (SmtpSink). */
interface SmtpSink {
  readonly url: string;
  readonly delivered: { header(name: string): string | undefined }[];
  stop(): Promise<void>;
}
const support = join(__dirname, '..', 'bench-scripts', 'test', 'support');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startDovecot } = require(join(support, 'dovecot.js')) as { startDovecot(): Promise<PrivateDovecot> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSmtpSink } = require(join(support, 'smtp-sink.js')) as { startSmtpSink(options?: { parse?: boolean }): Promise<SmtpSink> };

const MAILS = numberOption('mails', 2000);
/** Replies of the latency run, appended one at a time (each a third move of a game of the first run). */
const LATENCY_MAILS = numberOption('latency-mails', 100);
/** Pause between two appends of the latency run: a steady trickle, not a burst. */
const LATENCY_GAP_MS = numberOption('latency-gap-ms', 200);
/** `--profile FILE`: a CPU profile of the platform's run alone (not the set-up, the baseline or the latency run), as a one-item list. */
const PROFILE = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1] : undefined;
const REPLY = 'moves@bench.example.org';
const SECRET = 'b3f9c1e07a5d42e8916c0d4fa2b7e5c38d61f0a9e4b27c5d13a8f6e09c4d7b21';
const GROUP = 30;

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    new MailComposer(options).compile().build((error, message) => (error ? reject(error) : resolve(message))),
  );
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
    [dovecot, smtp] = await Promise.all([startDovecot(), startSmtpSink({ parse: false })]);
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
    const afterSecond = applyMove(afterFirst.state, second);
    if (!afterSecond.ok) throw new Error(`${second} is not legal`);
    const third = randomMove(afterSecond.state, random, { passProbability: 0 });
    const reply = (playerId: string, gameId: string, turn: number, move: string) =>
      compose({
        from: addresses.get(playerId)!,
        to: replyAddress(SECRET, REPLY, { gameId, playerId, turn }),
        subject: 'Re: [MAIL] mutarea',
        text: `${move}\n\n-- \nCu stimă\n\nÎn 01.02.2027, corr-scrabble a scris:\n> Scrieți mutarea deasupra acestui rând\n> h8 VECHE\n`,
        date: clock.now(),
      });

    const raws: Buffer[] = [];
    for (const [turn, move] of [
      [1, first],
      [2, second],
    ] as const) {
      for (const game of games) {
        if (raws.length >= MAILS) break;
        const playerId = turn === 1 ? game.redPlayerId : game.bluePlayerId;
        raws.push(await reply(playerId, game.id, turn, move));
      }
    }
    // The same messages twice: INBOX for the platform, Bare for the baseline.
    const client = await dovecot.client();
    try {
      for (const box of ['Bare', 'BareDone']) await client.mailboxCreate(box).catch(() => undefined);
      for (let i = 0; i < raws.length; i++) {
        await client.append('INBOX', raws[i]);
        await client.append('Bare', raws[i]);
        bar(i + 1, raws.length, 'appended');
      }
    } finally {
      await client.logout();
    }

    const bareSeconds = await barePipeline(dovecot, smtp.url, scratch.url, raws.length);

    // End to end: the inbox (one pass reads all it finds), then the outbox until the sink has every answer.
    const inbox = app.get(InboxService);
    const outbox = app.get(OutboxSender);
    const decided = () =>
      db.run((m) => m.count(InboundMail, { where: { status: In(['applied', 'rejected', 'held', 'dropped', 'duplicate', 'failed']) } }));
    const pending = () => db.run((m) => m.count(OutboundMail, { where: { status: 'pending' } }));
    const sentBefore = await db.run((m) => m.count(OutboundMail, { where: { status: 'sent' } }));
    const profiler = PROFILE ? await startProfile('the platform run') : undefined;
    await profiler?.resume();
    const started = process.hrtime.bigint();
    // The inbox and the sender at once, as the mail workers run them (mail.module.ts): each round
    // of decisions tells a running pass of the sender to go round again for the new answers.
    inbox.onPassDone = () => outbox.notify();
    let inboxSeconds = 0;
    const decide = async () => {
      let done = 0;
      while ((done = await decided()) < raws.length) {
        await inbox.poll();
        bar(done, raws.length, 'decided');
      }
      inboxSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    };
    const send = async () => {
      for (;;) {
        const pass = await outbox.deliverDue();
        if (inboxSeconds > 0 && (await pending()) === 0) return;
        if (pass.sent === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await Promise.all([decide(), send()]);
    const answers = (await db.run((m) => m.count(OutboundMail, { where: { status: 'sent' } }))) - sentBefore;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    await profiler?.pause();
    if (PROFILE) await profiler?.stop(PROFILE);

    const latency = await latencyRun(app, dovecot, smtp, games.slice(0, Math.min(LATENCY_MAILS, games.length)), (game) =>
      reply(game.redPlayerId, game.id, 3, third),
    );
    const statuses = await db.run((m) => m.query(`SELECT status, count(*)::int AS n FROM inbound_mail GROUP BY status ORDER BY status`));
    const mailsPerSecond = raws.length / seconds;
    const barePerSecond = raws.length / bareSeconds;
    const report = {
      benchmark: 'mail',
      date: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverage: loadavg().map((l) => round(l, 1)),
      },
      mails: raws.length,
      outcome: Object.fromEntries((statuses as { status: string; n: number }[]).map((r) => [r.status, r.n])),
      answersDelivered: answers,
      seconds: round(seconds, 1),
      inboxSeconds: round(inboxSeconds, 1),
      mailsPerSecond: round(mailsPerSecond, 1),
      bare: 'per message: imapflow fetch, one INSERT transaction, two pooled nodemailer sends to the same sink, one IMAP move',
      bareSeconds: round(bareSeconds, 1),
      barePerSecond: round(barePerSecond, 1),
      ratio: round(mailsPerSecond / barePerSecond, 3),
      ratioTarget: 0.5,
      latency,
      latencyTargetMedianSeconds: 2,
      sharedMachine: 'other processes may compete for the CPU: compare the ratio, not the absolute figures',
    };
    printReport(report);
  } finally {
    await tearDown(app, scratch, dataDir);
    await Promise.all([dovecot?.stop(), smtp?.stop()].map((p) => p?.catch(() => undefined)));
  }
}

/** How many messages the bare pipeline has in flight, as the platform's pools. */
const BARE_CONCURRENCY = 4;

/**
 * The bare pipeline, in seconds, over the messages of Bare: each fetched whole with imapflow,
 * one durable INSERT transaction into PostgreSQL, two nodemailer sends on a pooled connection
 * to the sink, one IMAP move; BARE_CONCURRENCY messages in flight.
 */
async function barePipeline(dovecot: PrivateDovecot, smtpUrl: string, databaseUrl: string, expected: number): Promise<number> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
  const pool = new Pool({ connectionString: databaseUrl, max: BARE_CONCURRENCY });
  const smtp = new URL(smtpUrl);
  const transport = createTransport({
    pool: true,
    maxConnections: BARE_CONCURRENCY,
    host: smtp.hostname,
    port: Number(smtp.port),
    secure: false,
  });
  await client.connect();
  await pool.query('CREATE TABLE bare_mail (id bigserial PRIMARY KEY, uid bigint NOT NULL UNIQUE, raw bytea NOT NULL)');
  const lock = await client.getMailboxLock('Bare');
  try {
    const started = process.hrtime.bigint();
    const uids = (await client.search({ all: true }, { uid: true })) || [];
    let next = 0;
    let count = 0;
    await Promise.all(
      Array.from({ length: BARE_CONCURRENCY }, async () => {
        while (next < uids.length) {
          const uid = uids[next++];
          const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
          if (!message || !message.source) throw new Error(`the bare pipeline could not fetch UID ${uid}`);
          await pool.query('INSERT INTO bare_mail (uid, raw) VALUES ($1, $2)', [uid, message.source]);
          for (const to of ['one@bench.example.org', 'two@bench.example.org'])
            await transport.sendMail({ envelope: { from: 'arbitru@bench.example.org', to }, raw: message.source });
          if ((await client.messageMove(String(uid), 'BareDone', { uid: true })) === false) throw new Error(`could not move UID ${uid}`);
          count++;
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (count !== expected) throw new Error(`the bare pipeline saw ${count} messages, not ${expected}`);
    return seconds;
  } finally {
    lock.release();
    transport.close();
    await pool.end();
    await client.logout();
  }
}

/**
 * The mail workers as production runs them (IDLE wakes the inbox, each round of decisions the
 * sender); one reply appended every LATENCY_GAP_MS; for each, the seconds from its APPEND
 * to the later of its two answers reaching the sink.
 */
async function latencyRun(
  app: INestApplication,
  dovecot: PrivateDovecot,
  smtp: SmtpSink,
  games: readonly Game[],
  replyOf: (game: Game) => Promise<Buffer>,
): Promise<{ mails: number; medianSeconds: number; p90Seconds: number; maxSeconds: number }> {
  const db = app.get(Database);
  const arrivedAt = new Map<string, number>();
  // Each delivery stamped as the sink records it.
  const delivered = smtp.delivered as { header(name: string): string | undefined }[];
  const push = delivered.push.bind(delivered);
  delivered.push = (...items) => {
    for (const item of items) arrivedAt.set(item.header('message-id') ?? '', performance.now());
    return push(...items);
  };
  const raws = await Promise.all(games.map(replyOf));
  app.get(MailModule).startWorkers();
  const appendedAt = new Map<string, number>();
  const client = await dovecot.client();
  try {
    for (const [i, game] of games.entries()) {
      await client.append('INBOX', raws[i]);
      appendedAt.set(game.id, performance.now());
      await new Promise((resolve) => setTimeout(resolve, LATENCY_GAP_MS));
    }
  } finally {
    await client.logout();
  }
  // Each third move is answered twice: its confirmation to RED, the "your move" to BLUE.
  const answersOf = async () =>
    (await db.run((m) =>
      m.query(`SELECT game_id AS "gameId", message_id AS "messageId" FROM outbound_mail WHERE game_id = ANY($1)`, [games.map((g) => g.id)]),
    )) as { gameId: string; messageId: string }[];
  const deadline = performance.now() + 600_000;
  let seconds: number[] = [];
  for (;;) {
    const rows = (await answersOf()).filter((r) => arrivedAt.has(r.messageId));
    const byGame = new Map<string, number[]>();
    for (const r of rows) byGame.set(r.gameId, [...(byGame.get(r.gameId) ?? []), arrivedAt.get(r.messageId)!]);
    const complete = [...byGame].filter(([, times]) => times.length >= 2);
    if (complete.length === games.length) {
      seconds = complete.map(([gameId, times]) => (Math.max(...times) - appendedAt.get(gameId)!) / 1000).sort((a, b) => a - b);
      break;
    }
    if (performance.now() > deadline) throw new Error(`only ${complete.length} of ${games.length} replies were answered twice`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    mails: games.length,
    medianSeconds: round(percentile(seconds, 0.5), 3),
    p90Seconds: round(percentile(seconds, 0.9), 3),
    maxSeconds: round(seconds.at(-1) ?? 0, 3),
  };
}

runBench(main);
