import { Client } from 'pg';
import { advisoryLockKey } from './advisory-lock';

/** A held leadership: for PostgreSQL, a dedicated session holding an advisory lock. */
export interface Lease {
  /** Throws when the session holding the lock is gone. */
  check(): Promise<void>;
  release(): Promise<void>;
}

export type LeaseProvider = (name: string, onLost: () => void) => Promise<Lease | undefined>;

/**
 * PostgreSQL: the lock lives as long as the dedicated session, so when an instance
 * dies its session ends, the lock is freed and another instance's next attempt wins.
 */
export function postgresLeases(url: string): LeaseProvider {
  return async (name, onLost) => {
    const client = new Client({ connectionString: url, application_name: `corr-scrabble:${name}` });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      onLost();
    };
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [
        advisoryLockKey(`worker:${name}`),
      ]);
      if (!rows[0].held) {
        lost = true;
        await client.end();
        return undefined;
      }
    } catch {
      lost = true;
      await client.end().catch(() => undefined);
      return undefined;
    }
    return {
      check: async () => {
        if (lost) throw new Error(`lease ${name} lost`);
        await client.query('SELECT 1');
      },
      release: async () => {
        lost = true;
        await client.end().catch(() => undefined);
      },
    };
  };
}

/** PGlite serves one process: that process always leads. */
export const processLeases: LeaseProvider = async () => ({ check: async () => undefined, release: async () => undefined });

export interface WorkerOptions {
  /** Pause between two runs while leading. */
  readonly intervalMs: number;
  /** Pause between two attempts to become the leader. */
  readonly acquireRetryMs?: number;
  readonly onError?: (error: unknown) => void;
  readonly onLeadership?: (leading: boolean) => void;
}

/**
 * A named background loop that runs only in the instance holding the lease for its
 * name, and moves to another instance when the holder's session drops.
 */
export class SingletonWorker {
  private lease: Lease | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    readonly name: string,
    private readonly task: () => Promise<void>,
    private readonly leases: LeaseProvider,
    private readonly options: WorkerOptions,
  ) {}

  get leading(): boolean {
    return this.lease !== undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs a tick now (for example after work was queued), unless one is running. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.timer) clearTimeout(this.timer);
    return this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.resign();
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private tick(): Promise<void> {
    this.running ??= this.turn().finally(() => {
      this.running = undefined;
      this.schedule(this.leading ? this.options.intervalMs : (this.options.acquireRetryMs ?? this.options.intervalMs));
    });
    return this.running;
  }

  private async turn(): Promise<void> {
    try {
      if (!this.lease) {
        this.lease = await this.leases(this.name, () => void this.resign());
        if (this.lease) this.options.onLeadership?.(true);
      }
      if (!this.lease || this.stopped) return;
      await this.lease.check();
      await this.task();
    } catch (error) {
      if (this.lease) await this.lease.check().catch(() => this.resign());
      this.options.onError?.(error);
    }
  }

  private async resign(): Promise<void> {
    const lease = this.lease;
    if (!lease) return;
    this.lease = undefined;
    this.options.onLeadership?.(false);
    await lease.release();
  }
}
