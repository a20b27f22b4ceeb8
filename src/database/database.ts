import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import { advisoryLockKey } from './advisory-lock';
import { DatabaseInterruptedError, isTransientDatabaseError } from './database-interrupted';
import { openDeferredWrites } from './deferred-writes';
import { Mutex } from './mutex';
import { pipelinedQuery, type RunnerQuery } from './transaction-pipeline';

export type DatabaseKind = 'postgres' | 'pglite';

/**
 * The unit of work the async context runs in: its transaction's manager, or the pool's for `run`.
 * One for the process, not one per Database: a writer joins whatever unit its caller opened, as
 * it did when the manager was passed by hand (a test runs services on a second pool).
 */
const unit = new AsyncLocalStorage<EntityManager>();

/**
 * How long `close` waits for the units of work already running (a request being answered, a mail
 * being applied) before it closes the connections under them.
 */
export const CLOSE_WAIT_MS = 10_000;

/** What each open transaction runs once it has committed (`afterCommit`). */
const afterCommitOf = new WeakMap<EntityManager, (() => void)[]>();

/**
 * The platform's single way into the database. On PostgreSQL a transaction is a
 * transaction and row locks order writers. PGlite is one session shared by the whole
 * process (typeorm-pglite), where `FOR UPDATE` locks nothing and two interleaved
 * transactions would be one: there every unit of work takes a process-wide turn.
 */
export class Database {
  private readonly turn = new Mutex();
  /** Marks the async context that holds the PGlite turn, so nested work does not wait on itself. */
  private readonly holding = new AsyncLocalStorage<true>();
  /** Units of work begun and not yet settled: `close` waits for them. */
  private running = 0;
  /** Set by `close`: a new unit of work is refused from then on. */
  private closing = false;
  /** Called when the last running unit settles. */
  private readonly idle: (() => void)[] = [];

  constructor(
    readonly dataSource: DataSource,
    readonly kind: DatabaseKind,
  ) {}

  /**
   * One transaction; on PGlite, one at a time. A lost connection or a transaction the server
   * gave up comes out as DatabaseInterruptedError: typed, and safe to send again.
   */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.tracked(() => this.transactionNow(work));
  }

  private transactionNow<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.serialised(async () => {
      const committed: (() => void)[] = [];
      const runner = this.dataSource.createQueryRunner();
      const m = runner.manager;
      const query = runner.query.bind(runner) as RunnerQuery;
      // The writes go through the runner's query as wrapped below, so that they follow its START TRANSACTION.
      const writes = openDeferredWrites(m, (sql, parameters) => runner.query(sql, parameters));
      afterCommitOf.set(m, committed);
      runner.query = (
        this.kind === 'postgres'
          ? pipelinedQuery(runner, query, writes)
          : // Every statement of the transaction sends the pending writes first, so it sees them.
            async (...args: Parameters<RunnerQuery>) => {
              if (!writes.empty) await writes.flush();
              return query(...args);
            }
      ) as typeof runner.query;
      let result: T;
      try {
        await runner.startTransaction();
        result = await unit.run(m, () => work(m));
        // The pending writes go with the COMMIT (before it, on PGlite).
        await runner.commitTransaction();
      } catch (error) {
        writes.discard();
        await runner.rollbackTransaction().catch(() => undefined);
        throw error;
      } finally {
        await runner.release();
      }
      for (const then of committed) then();
      return result;
    }).catch(interrupted);
  }

  /**
   * Runs `then` once the transaction this code runs in has committed (at once outside one): for
   * what must not outlive a rollback, as an instance's cache of what the transaction wrote.
   */
  afterCommit(then: () => void): void {
    const m = unit.getStore();
    const committed = m && afterCommitOf.get(m);
    if (committed) committed.push(then);
    else then();
  }

  /** Work outside a transaction (reads, health); on PGlite it still waits its turn. */
  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const m = this.dataSource.manager;
    return this.tracked(() => this.serialised(() => unit.run(m, () => work(m))).catch(interrupted));
  }

  /**
   * A unit of work counted while it runs, so that `close` lets it finish rather than close its
   * connection under it: a connection given back mid-statement would be handed to the next
   * caller with the statement still on it, inside the first one's transaction. Once `close` has
   * begun a new unit is refused (DatabaseInterruptedError: typed, and safe to send again to the
   * next instance); one opened inside a running unit is part of its work and goes on.
   */
  private async tracked<T>(work: () => Promise<T>): Promise<T> {
    if (this.closing && !unit.getStore()) throw new DatabaseInterruptedError(new Error('the platform is stopping'));
    this.running++;
    try {
      return await work();
    } finally {
      if (--this.running === 0) for (const settled of this.idle.splice(0)) settled();
    }
  }

  /**
   * The manager of the unit of work this code runs in (the innermost `transaction` or `run`), for
   * repositories: services open the unit, repositories read and write in it without a manager
   * passed hand to hand. Outside any unit it is a programming error, not a silent autocommit.
   */
  get manager(): EntityManager {
    const m = unit.getStore();
    if (!m) throw new Error('Database.manager: no unit of work open here (wrap the work in Database.transaction or Database.run)');
    return m;
  }

  /** Whether this code runs inside a transaction (a repository may require one, to lock a row). */
  get inTransaction(): boolean {
    return unit.getStore()?.queryRunner?.isTransactionActive === true;
  }

  async ping(): Promise<void> {
    await this.run((m) => m.query('SELECT 1'));
  }

  /**
   * Runs the pending migrations under a session advisory lock, so that instances
   * starting together migrate once and the others wait for the result.
   */
  async migrate(): Promise<string[]> {
    return this.serialised(async () => {
      const runner = this.dataSource.createQueryRunner();
      const key = advisoryLockKey('migrate');
      try {
        await runner.connect();
        await runner.query('SELECT pg_advisory_lock($1)', [key]);
        const applied = await this.dataSource.runMigrations({ transaction: 'each' });
        return applied.map((m) => m.name);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
        await runner.release();
      }
    });
  }

  /**
   * Refuses new units of work, waits for those running (at most CLOSE_WAIT_MS: a stuck one does
   * not keep the process from stopping), then closes the connections.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.running > 0) {
      await new Promise<void>((resolve) => {
        this.idle.push(resolve);
        setTimeout(resolve, CLOSE_WAIT_MS).unref();
      });
    }
    if (this.dataSource.isInitialized) await this.serialised(() => this.dataSource.destroy());
  }

  private async serialised<T>(work: () => Promise<T>): Promise<T> {
    if (this.kind !== 'pglite' || this.holding.getStore()) return work();
    // PGlite answers on this thread through promises alone: units of work awaited one after
    // another would never let the event loop reach its I/O, and /health and the web would wait
    // for the whole chain (docs/scale.md, "Hostile mail and the event loop"). One turn of the loop
    // before each unit lets them in; units keep their order (setImmediate is first in, first out).
    await new Promise<void>((resolve) => setImmediate(resolve));
    return this.turn.run(() => this.holding.run(true, work));
  }
}

function interrupted(error: unknown): never {
  throw isTransientDatabaseError(error) && !(error instanceof DatabaseInterruptedError) ? new DatabaseInterruptedError(error) : error;
}
