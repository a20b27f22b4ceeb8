import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { SETTINGS, Settings } from '../config/settings';
import { LeaseProvider, postgresLeases, processLeases, SingletonWorker, WorkerOptions } from './singleton-worker';

/** Creates the platform's singleton workers (inbox, outbox sender, daily sweep) and stops them at shutdown. */
@Injectable()
export class WorkersService implements OnApplicationShutdown {
  private readonly logger = new Logger('Workers');
  private readonly workers = new Map<string, SingletonWorker>();
  private readonly led = new Set<string>();
  private readonly leases: LeaseProvider;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.leases = settings.database.kind === 'postgres' ? postgresLeases(settings.database.url) : processLeases;
  }

  register(name: string, task: () => Promise<void>, options: Omit<WorkerOptions, 'onError' | 'onLeadership'>): SingletonWorker {
    if (this.workers.has(name)) throw new Error(`worker ${name} is already registered`);
    const worker = new SingletonWorker(name, task, this.leases, {
      ...options,
      onError: (error) => this.logger.error({ err: error, worker: name }, `worker ${name} failed`),
      onLeadership: (leading) => {
        // The first lead at start-up is no news (debug): the start stays quiet enough for the
        // first admin's login link to be read (docs/web.md); a lead changing later is.
        const message = `${leading ? 'leading' : 'no longer leading'} worker ${name}`;
        if (leading && !this.led.has(name)) this.logger.debug(message);
        else this.logger.log(message);
        if (leading) this.led.add(name);
      },
    });
    this.workers.set(name, worker);
    return worker;
  }

  get(name: string): SingletonWorker | undefined {
    return this.workers.get(name);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.workers.values()].map((w) => w.stop()));
  }
}
