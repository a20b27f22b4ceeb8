// The round trips a transaction need not wait for (docs/architecture.md, "Where the
// restructuring stands"; docs/scale.md, "What bounds them"). On PostgreSQL the pool's
// connections are pipelined (node-postgres's `pipeline`, data-source.ts): statements are sent one
// behind another without waiting for each answer, and the server runs and answers them in the
// order sent. A transaction's START TRANSACTION is held back and sent just ahead of its first
// statement, and its pending writes ahead of the statement after them or of its COMMIT: an
// action that locks its game, decides and writes is two round trips (begin with the lock, the
// writes with the commit) instead of four. Each statement still runs inside the transaction and
// sees every write made before it; an error is the first statement's that failed, as when they
// were sent one at a time.
import type { QueryRunner } from 'typeorm';
import type { DeferredWrites, PendingStatement } from './deferred-writes';

/** A query runner's `query`, as TypeORM calls it. */
export type RunnerQuery = (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;

/** The part of the pool's client (prepared-statements.ts) the pipeline sends on. */
interface PipelinedClient {
  queryAhead(sql: string, parameters?: unknown[]): Promise<unknown>;
}

const BEGIN = 'START TRANSACTION';

/** A statement's answer as `sent` gives it: undefined once answered, its error if it failed. */
export type Sent = Promise<{ readonly error: unknown } | undefined>;

/** A pipelined statement's answer, its failure caught at once: none is left unhandled while those before it are awaited. */
export function sent(answer: Promise<unknown>): Sent {
  return answer.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
}

/** Waits for every answer in the order the statements were sent; throws the error of the first that failed. */
export async function firstError(answers: readonly Sent[]): Promise<void> {
  for (const answer of answers) {
    const failed = await answer;
    if (failed) throw failed.error;
  }
}

/**
 * The runner's `query` for one transaction on a pipelined PostgreSQL connection: `query` is the
 * runner's own. TypeORM's START TRANSACTION only takes the connection; COMMIT and ROLLBACK of a
 * transaction that never reached the server send nothing.
 */
export function pipelinedQuery(runner: QueryRunner, query: RunnerQuery, writes: DeferredWrites): RunnerQuery {
  let client: PipelinedClient | undefined;
  /** Whether START TRANSACTION waits to go ahead of the first statement. */
  let beginHeld = false;
  /** Set once COMMIT has been sent: the server has ended the transaction, committed or not. */
  let ended = false;

  const send = (statements: readonly PendingStatement[]): Sent[] =>
    statements.map((s) => {
      const parameters = s.parameters.length > 0 ? s.parameters : undefined;
      // Logged as TypeORM logs the statements it sends itself.
      runner.connection.logger.logQuery(s.sql, parameters, runner);
      return sent(client!.queryAhead(s.sql, parameters));
    });
  /** What must reach the server before the next statement: the held START TRANSACTION, the pending writes. */
  const ahead = (): PendingStatement[] => {
    const statements: PendingStatement[] = beginHeld ? [{ sql: BEGIN, parameters: [] }] : [];
    beginHeld = false;
    statements.push(...writes.drain());
    return statements;
  };

  return async (sql, parameters, structured) => {
    if (sql === BEGIN) {
      client = (await runner.connect()) as PipelinedClient;
      beginHeld = true;
      return undefined;
    }
    if (sql === 'ROLLBACK') {
      writes.discard();
      if (beginHeld || ended) {
        beginHeld = false;
        return undefined;
      }
      return query(sql, parameters, structured);
    }
    if (sql === 'COMMIT') {
      if (beginHeld && writes.empty) {
        beginHeld = false;
        return undefined;
      }
      const answers = send([...ahead(), { sql, parameters: [] }]);
      ended = true;
      await firstError(answers);
      return undefined;
    }
    const answers = client ? send(ahead()) : [];
    let answer: { readonly value: unknown } | { readonly error: unknown };
    try {
      answer = { value: await query(sql, parameters, structured) };
    } catch (error) {
      answer = { error };
    }
    // A statement behind a failed one fails too ("current transaction is aborted"): the first error is the one to tell.
    await firstError(answers);
    if ('error' in answer) throw answer.error;
    return answer.value;
  };
}
