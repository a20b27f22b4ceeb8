// Loaded before each test file of the tiers on a database (jest `setupFiles`), in the file's own
// module registry, so this `pg` is the one TypeORM's pool uses. pg 8 warns only once a third query
// waits on a client (and once per pg module); this warns, in pg's words, at the second query given to a
// client before the first has answered: the case a `Promise.all` on a transaction's manager makes and
// pg 9 refuses on a connection that is not pipelined. database-environment.ts fails the test that was running.
import { Client } from 'pg';

type Query = (this: Client, ...args: unknown[]) => unknown;
const inFlight = new WeakMap<Client, number>();
const query = Client.prototype.query as unknown as Query;

function guardedQuery(this: Client, ...args: unknown[]): unknown {
  const [config] = args;
  // A submittable (cursor, stream) ends on its own events: not used by the platform, not counted.
  if (typeof (config as { submit?: unknown } | null)?.submit === 'function') return query.apply(this, args);
  // A transaction's statement sent ahead of its next one on a pipelined connection (transaction-pipeline.ts) is
  // not waited for on purpose: not counted, but it is one of two callers if another caller's query is running.
  const ahead = (config as Record<symbol, unknown> | null)?.[Symbol.for('corr-scrabble.sent-ahead')] === true;
  const running = inFlight.get(this) ?? 0;
  if (running > 0) {
    const text = (typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '')).slice(0, 120);
    const message = `Calling client.query() when the client is already executing a query (${running} running; this one: ${text})`;
    process.emitWarning(message, { type: 'DeprecationWarning', code: 'CORR_SCRABBLE_CONCURRENT_QUERY' });
  }
  if (ahead) return query.apply(this, args);
  inFlight.set(this, running + 1);
  let answered = false;
  const done = (): void => {
    if (answered) return;
    answered = true;
    inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
  };
  const last = args.length - 1;
  try {
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...result: unknown[]) => unknown;
      args[last] = (...result: unknown[]) => {
        done();
        return callback(...result);
      };
      return query.apply(this, args);
    }
    // Settled before the caller's own continuation runs (this reaction is attached first).
    const result = query.apply(this, args) as Promise<unknown>;
    result.then(done, done);
    return result;
  } catch (error) {
    done();
    throw error;
  }
}

Client.prototype.query = guardedQuery as unknown as typeof Client.prototype.query;
