// The hot statements, planned once per connection instead of on every call: the
// statement that loads a game for an action spent 1.6 ms of PostgreSQL's CPU planning against
// 0.3 ms executing (pg_stat_statements with track_planning, bench:championship). node-postgres
// sends a statement with a name once per connection and then only binds it, so the server
// keeps its plan; the SQL text is not sent again either.
import { Client } from 'pg';

/** Enough for every shape the repositories and the deferred writes make; past it, statements go unnamed. */
const MAX_PREPARED = 500;

const names = new Map<string, string>();

/**
 * Marks `sql` as a statement worth keeping prepared on each connection, and returns it. Only
 * for statements whose text is one of few shapes (values go in parameters): every distinct text
 * is kept by the process and by each connection for their lifetime.
 */
export function prepared(sql: string): string {
  if (!names.has(sql) && names.size < MAX_PREPARED) names.set(sql, `corr_${names.size}`);
  return sql;
}

/**
 * Marks a statement a transaction sends ahead of the next one on a pipelined connection, not
 * waiting for its answer on purpose (transaction-pipeline.ts); a test guard tells it from two
 * callers querying one connection at once.
 */
export const SENT_AHEAD = Symbol.for('corr-scrabble.sent-ahead');

/** The name a statement is prepared under, if it is marked. */
export function preparedName(sql: string): string | undefined {
  return names.get(sql);
}

/**
 * node-postgres's client, sending marked statements by name (the pool's `Client` option,
 * data-source.ts). Everything else, and every call with a callback, goes through unchanged.
 */
export class PreparingClient extends Client {
  override query(...args: unknown[]): never {
    const [text, values, callback] = args;
    const name =
      typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values)) ? names.get(text) : undefined;
    const call = super.query as (...a: unknown[]) => never;
    return name === undefined ? call.apply(this, args) : call.call(this, { name, text, values });
  }

  /** `sql` sent without waiting for the statements before it to be answered (transaction-pipeline.ts). */
  queryAhead(sql: string, values?: unknown[]): Promise<unknown> {
    const name = names.get(sql);
    const call = super.query as (config: object) => Promise<unknown>;
    return call.call(this, { ...(name === undefined ? {} : { name }), text: sql, values, [SENT_AHEAD]: true });
  }
}
