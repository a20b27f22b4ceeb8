import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { FetchMessageObject, ImapFlow } from 'imapflow';
import { Clock } from '../../common/clock';
import { SETTINGS, Settings } from '../../config/settings';
import { Database } from '../../database/database';
import { MailFolder } from '../inbound-mail.entity';
import { MAX_MESSAGE_BYTES } from '../parsing/decode';
import { MailPipeline } from '../pipeline/mail-pipeline.service';
import { InboundMailRepository } from './inbound-mail.repository';
import { FetchedMessage, storeInbound } from './inbound-store';

/** docs/mail-rules.md 15: IDLE is renewed well before the 29 minutes after which servers may drop it. */
const MAX_IDLE_MS = 10 * 60_000;
const FOLDERS: readonly MailFolder[] = ['Processed', 'Rejected', 'Failed'];

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
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly pipeline: MailPipeline,
    private readonly inbound: InboundMailRepository,
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
        await this.pipeline.processStored();
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
    const cursor = await this.db.run(() => this.inbound.cursorOf(this.mailbox));
    // docs/mail-rules.md 15: a new UIDVALIDITY invalidates every UID we knew: read from the start, the Message-ID dedupe keeps it once.
    const from = cursor && cursor.uidValidity === uidValidity ? cursor.lastUid + 1 : 1;
    // (uidNext is only as fresh as the last SELECT; EXISTS keeps `exists` current.)
    if (box.exists === 0) return;
    const found = await client.fetchAll(`${from}:*`, { uid: true, size: true, envelope: true }, { uid: true });
    // `n:*` always includes the last message, even below n.
    const fresh = found.filter((m) => m.uid >= from).sort((a, b) => a.uid - b.uid);
    for (const meta of fresh) {
      const raw = await this.fetchRaw(client, meta);
      const message: FetchedMessage = {
        mailbox: this.mailbox,
        uidValidity,
        uid: meta.uid,
        size: meta.size ?? raw.length,
        raw,
        messageId: clean(meta.envelope?.messageId),
        from: clean(meta.envelope?.from?.[0]?.address?.toLowerCase()),
        subject: clean(meta.envelope?.subject),
      };
      await this.db.transaction(() => storeInbound(this.inbound, message, this.clock.now()));
    }
  }

  private async fetchRaw(client: ImapFlow, meta: FetchMessageObject): Promise<Buffer> {
    const tooLarge = (meta.size ?? 0) > MAX_MESSAGE_BYTES;
    const full = await client.fetchOne(String(meta.uid), tooLarge ? { uid: true, headers: true } : { uid: true, source: true }, {
      uid: true,
    });
    const raw = full ? (tooLarge ? full.headers : full.source) : undefined;
    if (!raw) throw new Error(`message UID ${meta.uid} vanished while being read`);
    return raw;
  }

  /** docs/mail-rules.md 14: a decided mail is moved only after its decision committed; `messageMove` answers false on failure. */
  private async moveDecided(client: ImapFlow): Promise<void> {
    const uidValidity = String((client.mailbox || { uidValidity: '' }).uidValidity);
    const owed = await this.db.run(() => this.inbound.owedMoves(this.mailbox, uidValidity));
    for (const row of owed) {
      const moved = await client.messageMove(row.uid, row.folder!, { uid: true });
      // A pass that died between its MOVE and recording it leaves nothing to move: that is done, not a failure.
      if (moved === false && (await this.stillInMailbox(client, row.uid))) {
        this.logger.warn(`could not move UID ${row.uid} to ${row.folder}; trying again next pass`);
        continue;
      }
      await this.db.run(() => this.inbound.markMoved(row.id, this.clock.now()));
    }
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
