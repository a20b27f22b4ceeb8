import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { FetchMessageObject, ImapFlow } from 'imapflow';
import { Clock } from '../../common/clock';
import { SETTINGS, Settings } from '../../config/settings';
import { MailFolder } from '../inbound-mail.entity';
import { groupBy, runsUpTo } from '../../common/collections';
import { MAX_MESSAGE_BYTES } from '../parsing/decode';
import { MailPipeline } from '../pipeline/mail-pipeline.service';
import type { FetchedMessage } from '../inbound-store';
import { InboundMails } from '../inbound-mails.service';

/** docs/mail-rules.md 15: IDLE is renewed well before the 29 minutes after which servers may drop it. */
const MAX_IDLE_MS = 10 * 60_000;
const FOLDERS: readonly MailFolder[] = ['Processed', 'Rejected', 'Failed'];
/** Bodies fetched, and stored in one transaction, per round: one FETCH and one commit for many mails. */
const FETCH_BATCH = 100;
/** The most bytes of mail one transaction stores, but for a single larger mail. */
const STORE_RUN_BYTES = 512 * 1024;

export interface InboxOptions {
  /** Reconnect backoff: first delay, doubled per failure, capped (docs/mail-rules.md 15). */
  readonly reconnectFirstMs: number;
  readonly reconnectMaxMs: number;
}

const clean = (text: string | undefined | null): string | null => (text ? text.replace(/\0/g, '') : null);

/**
 * The IMAP inbox (docs/mail-rules.md 11-15): one pass stores every new message raw, lets the pipeline
 * decide each stored one, then moves the decided ones to their folder. Each step is
 * resumable: a crash anywhere leaves the database saying what is owed.
 */
@Injectable()
export class InboxService implements OnApplicationShutdown {
  private readonly logger = new Logger('Inbox');
  private client: ImapFlow | undefined;
  private foldersReady = false;
  private failures = 0;
  private reconnectAt = 0;
  /** Set at shutdown: a pass still running must not open a new connection behind it. */
  private stopped = false;
  /** docs/mail-rules.md 15: after a `close`, the timer that brings the connection back without waiting for the poll. */
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectAttempts = 0;
  /** Set by IDLE's `exists` while a pass runs, so the pass goes round once more. */
  private newMail = false;
  /** Called when IDLE reports new mail: the worker's wake-up. */
  onNewMail: () => void = () => undefined;
  /** Called after each pass: decisions wrote confirmations and answers, which should not wait for the outbox's next round. */
  onPassDone: () => void = () => undefined;
  options: InboxOptions = { reconnectFirstMs: 1_000, reconnectMaxMs: 5 * 60_000 };

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly clock: Clock,
    private readonly pipeline: MailPipeline,
    private readonly inbound: InboundMails,
  ) {}

  get mailbox(): string {
    return this.settings.imapMailbox;
  }

  /** Whether a connection is up now (it IDLEs between passes). */
  get isConnected(): boolean {
    return this.client?.usable === true;
  }

  /** One pass, repeated while IDLE announced new mail during it. */
  async poll(): Promise<void> {
    // Mail already stored is decided even while the server is unreachable.
    await this.pipeline.processStored();
    do {
      const client = await this.connected();
      const lock = await client.getMailboxLock(this.mailbox);
      try {
        await this.ingest(client);
        // What arrived up to here is stored; only mail announced from now on calls for another round.
        this.newMail = false;
        // Each round of decisions wakes the sender: its answers need not wait for the IMAP moves.
        await this.pipeline.processStored(() => this.onPassDone());
        await this.moveDecided(client);
      } finally {
        lock.release();
      }
      this.onPassDone();
    } while (this.newMail);
  }

  /** docs/mail-rules.md 15: one client per connection; after `close` or `error` the next pass builds a new one, with backoff. */
  private async connected(): Promise<ImapFlow> {
    if (this.stopped) throw new Error('the inbox is stopping');
    if (this.client?.usable) return this.client;
    const wait = this.reconnectAt - performance.now();
    if (wait > 0) throw new Error(`IMAP reconnect in ${Math.ceil(wait / 1000)} s`);
    const url = new URL(this.settings.imapUrl!);
    const client = new ImapFlow({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'imaps:' ? 993 : 143),
      secure: url.protocol === 'imaps:',
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      maxIdleTime: MAX_IDLE_MS,
      // imapflow waits 15 s of quiet before it IDLEs; mail arriving meanwhile would wait for the poll.
      autoIdleDelay: 1_000,
    });
    const drop = () => {
      if (this.client === client) {
        this.client = undefined;
        this.foldersReady = false;
        // docs/mail-rules.md 15: a closed connection is rebuilt now, with backoff, so IDLE resumes within seconds.
        this.scheduleReconnect();
      }
    };
    client.on('error', (error: Error) => {
      this.logger.warn({ err: error }, 'IMAP connection error');
      drop();
    });
    client.on('close', drop);
    client.on('exists', () => {
      this.newMail = true;
      this.onNewMail();
    });
    try {
      await client.connect();
    } catch (error) {
      this.failures++;
      this.reconnectAt =
        performance.now() + Math.min(this.options.reconnectMaxMs, this.options.reconnectFirstMs * 2 ** (this.failures - 1));
      client.close();
      this.scheduleReconnect();
      throw error;
    }
    this.failures = 0;
    this.reconnectAttempts = 0;
    this.client = client;
    if (!this.foldersReady) {
      const existing = new Set((await client.list()).map((m) => m.path));
      for (const folder of FOLDERS) if (!existing.has(folder)) await client.mailboxCreate(folder);
      this.foldersReady = true;
    }
    return client;
  }

  /**
   * docs/mail-rules.md 15: wakes the worker (whose pass builds the new client) once the backoff allows,
   * and again after each failed attempt, until a connection is up or the inbox stops.
   */
  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const backoff = Math.min(this.options.reconnectMaxMs, this.options.reconnectFirstMs * 2 ** this.reconnectAttempts);
    const delay = Math.max(backoff, this.reconnectAt - performance.now());
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.stopped || this.client?.usable) return;
      this.reconnectAttempts++;
      this.onNewMail();
      // The woken pass may meet a server still down, or be skipped because a pass was running: look again later either way.
      this.scheduleReconnect();
    }, delay);
    this.reconnectTimer.unref();
  }

  /**
   * Stores every message past the cursor. docs/mail-rules.md 15: the metadata is collected by one
   * FETCH, and only then are bodies fetched one by one; docs/mail-rules.md 13: the size decides
   * before the body is fetched.
   */
  private async ingest(client: ImapFlow): Promise<void> {
    // The selected mailbox's counters change only when the server tells: NOOP asks it.
    await client.noop();
    const box = client.mailbox;
    if (!box) throw new Error(`mailbox ${this.mailbox} is not open`);
    const uidValidity = String(box.uidValidity);
    const cursor = await this.inbound.cursorOf(this.mailbox);
    // docs/mail-rules.md 15: a new UIDVALIDITY invalidates every UID we knew: read from the start, the Message-ID dedupe keeps it once.
    const from = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid + 1 : 1;
    // (uidNext is only as fresh as the last SELECT; EXISTS keeps `exists` current.)
    if (box.exists === 0) return;
    const found = await client.fetchAll(`${from}:*`, { uid: true, size: true, envelope: true }, { uid: true });
    // `n:*` always includes the last message, even below n.
    const fresh = found.filter((m) => m.uid >= from).sort((a, b) => a.uid - b.uid);
    for (let start = 0; start < fresh.length; start += FETCH_BATCH) {
      const batch = fresh.slice(start, start + FETCH_BATCH);
      const raws = await this.fetchRaws(client, batch);
      const messages = batch.map((meta): FetchedMessage => ({
        mailbox: this.mailbox,
        uidValidity,
        uid: meta.uid,
        size: meta.size ?? raws.get(meta.uid)!.length,
        raw: raws.get(meta.uid)!,
        messageId: clean(meta.envelope?.messageId),
        from: clean(meta.envelope?.from?.[0]?.address?.toLowerCase()),
        subject: clean(meta.envelope?.subject),
      }));
      // docs/mail-rules.md 11: stored (and the cursor moved past them) before anything else; storing is idempotent by position.
      // Small mails share a transaction; a large one has its own, so that on PGlite (one
      // connection) /health and the web wait for one mail's write at the most.
      for (const run of runsUpTo(messages, (m) => m.raw.length, STORE_RUN_BYTES)) await this.inbound.store(run);
    }
  }

  /**
   * The bodies of a batch, by UID: one FETCH of the whole messages under the cap, and of the
   * headers alone for those over it (docs/mail-rules.md 13). Collected whole before any other
   * command is sent (docs/mail-rules.md 15).
   */
  private async fetchRaws(client: ImapFlow, batch: readonly FetchMessageObject[]): Promise<Map<number, Buffer>> {
    const raws = new Map<number, Buffer>();
    const large = batch.filter((m) => (m.size ?? 0) > MAX_MESSAGE_BYTES).map((m) => m.uid);
    const small = batch.filter((m) => (m.size ?? 0) <= MAX_MESSAGE_BYTES).map((m) => m.uid);
    if (small.length)
      for (const m of await client.fetchAll(small.join(','), { uid: true, source: true }, { uid: true }))
        if (m.source) raws.set(m.uid, m.source);
    if (large.length)
      for (const m of await client.fetchAll(large.join(','), { uid: true, headers: true }, { uid: true }))
        if (m.headers) raws.set(m.uid, m.headers);
    const missing = batch.find((m) => !raws.has(m.uid));
    if (missing) throw new Error(`message UID ${missing.uid} vanished while being read`);
    return raws;
  }

  /**
   * docs/mail-rules.md 14: a decided mail is moved only after its decision committed; one MOVE per
   * destination folder with the UID set. `messageMove` answers false on failure: then each UID
   * is moved on its own, so one bad message cannot hold the others back.
   */
  private async moveDecided(client: ImapFlow): Promise<void> {
    const uidValidity = String((client.mailbox || { uidValidity: '' }).uidValidity);
    const owed = await this.inbound.owedMoves(this.mailbox, uidValidity);
    for (const [folder, rows] of groupBy(owed, (row) => row.folder!)) {
      const moved = await client.messageMove(rows.map((r) => r.uid).join(','), folder, { uid: true });
      if (moved !== false) {
        await this.inbound.markAllMoved(
          rows.map((r) => r.id),
          this.clock.now(),
        );
        continue;
      }
      for (const row of rows) await this.moveOne(client, row);
    }
  }

  private async moveOne(client: ImapFlow, row: { id: string; uid: string; folder: MailFolder | null }): Promise<void> {
    const moved = await client.messageMove(row.uid, row.folder!, { uid: true });
    // A pass that died between its MOVE and recording it leaves nothing to move: that is done, not a failure.
    if (moved === false && (await this.stillInMailbox(client, row.uid))) {
      this.logger.warn(`could not move UID ${row.uid} to ${row.folder}; trying again next pass`);
      return;
    }
    await this.inbound.markMoved(row.id, this.clock.now());
  }

  private async stillInMailbox(client: ImapFlow, uid: string): Promise<boolean> {
    const found = await client.search({ uid }, { uid: true });
    // When the server cannot say, assume it is there and try the move again.
    return !found || found.includes(Number(uid));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client;
    this.client = undefined;
    if (client) await client.logout().catch(() => client.close());
  }
}
