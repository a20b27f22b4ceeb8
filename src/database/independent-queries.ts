import type { EntityManager } from 'typeorm';

type Queries = readonly (() => Promise<unknown>)[];

/**
 * Queries that do not depend on each other, through one manager. On the pool (a manager with no
 * query runner of its own) they run at once, each on a connection of its own: a page waits for one
 * round trip, not several. On a transaction's manager they run one after another: its one client
 * must never be given a query before the last has answered (pg deprecates it and pg 9 refuses it;
 * test/support/one-query-at-a-time.ts fails a test that does it).
 */
export async function independentQueries<const Q extends Queries>(
  manager: EntityManager,
  queries: Q,
): Promise<{ -readonly [K in keyof Q]: Awaited<ReturnType<Q[K]>> }> {
  type Results = { -readonly [K in keyof Q]: Awaited<ReturnType<Q[K]>> };
  if (!manager.queryRunner) return (await Promise.all(queries.map((query) => query()))) as Results;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}
