// `npm run bench:hostile-mail`: /health's worst latency while hostile HTML-only mails (2 MB of
// unclosed markup, deep nesting, flat markup) are read by the inbound pipeline, from a stranger
// and from the player with a valid token (docs/web.md, Security model: a 2 MB hostile HTML mail
// never holds /health over 200 ms). The mails are stored as the inbox stores them and decided
// by MailPipeline; /health is asked every 10 ms over HTTP all the while (storing included), and the event loop's
// delay is sampled (perf_hooks.monitorEventLoopDelay). On PostgreSQL (a scratch database on the
// server of DATABASE_URL, as bench:championship), or with --pglite on the embedded database,
// which runs on the same thread and so shows its reading of the large rows too.
// Usage: npm run bench:hostile-mail -- [--mails N] [--pglite] (rounds of 12 mails). Not a test: nothing is asserted.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createApp } from '../app.factory';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { GroupsService } from '../competitions/groups.service';
import { RegistrationService } from '../competitions/registration.service';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { Game } from '../games/entities/game.entity';
import { InboundMailRepository } from '../mail/inbound-mail.repository';
import { storeInbound } from '../mail/inbound-store';
import { MailParsingWorker } from '../mail/parsing/mail-parsing-worker';
import { MailPipeline } from '../mail/pipeline/mail-pipeline.service';
import { PlayerEmail } from '../players/player-email.entity';
import { replyAddress } from '../notifications/reply-token';
import {
  createScratchDatabase,
  DEFAULT_DATABASE_URL,
  numberOption,
  percentile,
  playersCsv,
  printReport,
  round,
  runBench,
  tearDown,
  type ScratchDatabase,
} from './bench-support';

const SECRET = '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426';
const REPLY = 'moves@bench.example.org';
const TWO_MB = 2 * 1024 * 1024;
const SHAPES: Record<string, string> = {
  'unclosed inline': '<b>x',
  'deep nesting': '<div><table><tr><td>x',
  'unclosed lists': '<ul><li>x',
  flat: '<div>x</div>',
};

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  const composer = new MailComposer(options);
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}

/**
 * One connection, kept alive, asks /health: what is measured is the server's answer, not the
 * machine's TCP handshakes (a dropped SYN alone costs a second).
 */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET /health: its latency in ms. */
function health(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/health', agent: keepAlive }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const rounds = numberOption('mails', 2);
  // --pglite: the embedded database in a fresh data directory, on this very thread.
  const embedded = process.argv.includes('--pglite');
  const scratch: Pick<ScratchDatabase, 'drop' | 'name'> & { url?: string } = embedded
    ? { name: 'pglite', drop: async () => undefined }
    : await createScratchDatabase(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, 'hostile');
  const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-bench-'));
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(scratch.url && { DATABASE_URL: scratch.url }),
    SECRET,
    LOG_LEVEL: 'error',
    MAIL_REPLY_ADDRESS: REPLY,
    MAIL_FROM: 'arbitru@bench.example.org',
    PUBLIC_URL: 'http://bench.example.org',
  });
  const clock = new ManualClock('2027-02-01T08:00:00Z');
  const opened = await openAppDatabase(settings.database);
  const app = await createApp({ settings, database: opened, clock });
  try {
    await app.init();
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const db = app.get(Database);
    const arbiter = await db.transaction(async () =>
      actorOf(
        await app
          .get(UsersService)
          .createUser({ displayName: 'Arbitrul', roles: ['arbiter'], emails: ['arbitru@bench.example.org'], verified: true }),
      ),
    );
    const created = await app.get(CompetitionSetupService).create(arbiter, {
      name: 'Hostile mail',
      shortName: 'HOSTILE',
      startDate: '2027-02-01',
      closingDate: '2027-12-31',
    });
    await app.get(RegistrationService).importPlayers(arbiter, created.id, playersCsv(2));
    await app.get(GroupsService).makeGroups(arbiter, created.id, { count: 1 });
    await app.get(CompetitionStartService).start(arbiter, created.id);
    const { game, address } = await db.run(async (m) => {
      const game = await m.findOneByOrFail(Game, { competitionId: created.id });
      const email = await m.findOneByOrFail(PlayerEmail, { playerId: game.redPlayerId });
      return { game, address: email.address };
    });
    const token = replyAddress(SECRET, REPLY, { gameId: game.id, playerId: game.redPlayerId, turn: game.turn });

    // Each mail: 2 MB of its shape under a quote, "PAS" on top (the player's is refused or
    // read within bounds; nothing need be played for the measure).
    const raws: Buffer[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const unit of Object.values(SHAPES)) {
        const html = `<div>STARE</div><blockquote>${unit.repeat(Math.ceil(TWO_MB / unit.length))}`;
        raws.push(await compose({ from: 'stranger@evil.example', to: REPLY, subject: 'hello', html, date: clock.now() }));
        raws.push(await compose({ from: 'stranger@evil.example', to: token, subject: 'hello', html, date: clock.now() }));
        raws.push(await compose({ from: address, to: token, subject: 'Re: mutare', html, date: clock.now() }));
      }
    }
    const inbound = app.get(InboundMailRepository);
    const latencies: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        latencies.push(await health(port));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    // Stored as the inbox stores them: each large mail in a transaction of its own.
    const storing = performance.now();
    for (const [uid, raw] of raws.entries()) {
      const messageId = /^Message-ID: <?([^>\r\n]*)>?/im.exec(raw.toString('latin1'))?.[1] ?? null;
      await db.transaction(() =>
        storeInbound(
          inbound,
          { mailbox: 'INBOX', uidValidity: '1', uid: uid + 1, size: raw.length, raw, messageId, from: null, subject: 'hello' },
          clock.now(),
        ),
      );
    }
    const storedMs = performance.now() - storing;
    const started = performance.now();
    await app.get(MailPipeline).processStored();
    const elapsed = performance.now() - started;
    delay.disable();
    polling = false;
    await poller;
    const sorted = [...latencies].sort((a, b) => a - b);
    const jobs = app.get(MailParsingWorker).jobs;
    const conversions = jobs.filter((j) => j.kind === 'html');
    const decodings = jobs.filter((j) => j.kind === 'decode');
    printReport({
      bench: 'hostile-mail',
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
      database: settings.database.kind,
      mails: raws.length,
      mailBytes: raws.reduce((n, r) => n + r.length, 0),
      storedMs: round(storedMs, 0),
      processedMs: round(elapsed, 0),
      conversionsOnWorker: conversions.length,
      longestConversionWorkerMs: round(Math.max(0, ...conversions.map((c) => c.workerMs ?? 0)), 1),
      decodingsOnWorker: decodings.length,
      longestDecodingWorkerMs: round(Math.max(0, ...decodings.map((d) => d.workerMs ?? 0)), 1),
      health: {
        requests: latencies.length,
        medianMs: round(percentile(sorted, 0.5), 1),
        p99Ms: round(percentile(sorted, 0.99), 1),
        worstMs: round(sorted.at(-1) ?? 0, 1),
      },
      eventLoopDelayMaxMs: round(delay.max / 1e6, 1),
      eventLoopDelayP99Ms: round(delay.percentile(99) / 1e6, 1),
    });
  } finally {
    await tearDown(app, scratch, dataDir);
  }
}

runBench(main);
