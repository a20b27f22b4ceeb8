import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

/** pg's warning for a query given to a client that is still running one (pg 9 refuses it). */
const CONCURRENT_QUERY = /already executing a query/;

/**
 * The node environment of the tiers on a database: a test during which pg warned that one client
 * (a transaction's) was given two queries at once fails, so that a `Promise.all` on a transaction's
 * manager cannot come back: pg's own warning, and the stricter one of one-query-at-a-time.ts.
 * It listens on the worker's own process: the `process` a test sees is jest's copy, whose events the
 * warnings never reach. A warning in a hook fails the next test, and one after the last test the file.
 */
export default class DatabaseTestEnvironment extends TestEnvironment {
  private readonly warned: Error[] = [];
  private readonly onWarning = (warning: Error): void => {
    if (!CONCURRENT_QUERY.test(warning.message)) return;
    const failure = new Error(`two queries at once on one database client (a Promise.all on a transaction's manager?): ${warning.message}`);
    failure.stack = `${failure.message}\n${(warning.stack ?? '').split('\n').slice(1).join('\n')}`;
    this.warned.push(failure);
  };

  override async setup(): Promise<void> {
    await super.setup();
    process.on('warning', this.onWarning);
  }

  override async teardown(): Promise<void> {
    process.off('warning', this.onWarning);
    await super.teardown();
  }

  handleTestEvent(event: Circus.Event, state: Circus.State): void {
    if (this.warned.length === 0) return;
    if (event.name === 'test_done') event.test.errors.push(...this.warned.splice(0));
    else if (event.name === 'run_finish') state.unhandledErrors.push(...this.warned.splice(0));
  }
}
