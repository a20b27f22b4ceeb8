import { HttpException } from '@nestjs/common';
import type { Bilingual } from '../common/bilingual';

/**
 * The database connection was lost, or the server gave the transaction up (restart,
 * `pg_terminate_backend`, failover, deadlock, serialization failure), before the
 * platform knew whether the work was kept. Nothing half-written is ever kept — a
 * transaction commits whole or not at all — so the caller may send the same request
 * again: with its idempotency key (or the turn it answers) a repeat is applied at most
 * once. HTTP 503 with `retryable: true` in the API's error body.
 */
export class DatabaseInterruptedError extends HttpException {
  readonly code = 'DATABASE_INTERRUPTED';
  readonly retryable = true;

  constructor(override readonly cause: unknown) {
    const messages: Bilingual = {
      ro: 'Legătura cu baza de date s-a întrerupt. Trimiteți din nou: o cerere repetată nu se aplică de două ori.',
      en: 'The connection to the database was interrupted. Send it again: a repeated request is never applied twice.',
      pl: 'Połączenie z bazą danych zostało przerwane. Wyślij ponownie: powtórzone żądanie nigdy nie zostanie wykonane dwa razy.',
    };
    super({ error: { code: 'DATABASE_INTERRUPTED', message: messages.en, messages, retryable: true } }, 503);
    this.name = 'DatabaseInterruptedError';
    this.message = `${messages.en} (${(cause as Error)?.message ?? String(cause)})`;
  }
}

/** SQLSTATEs after which the same work, sent again, may well succeed. */
const TRANSIENT_STATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '08000', // connection_exception
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** What node-postgres and the pool say when the socket is gone or never came. */
const TRANSIENT_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed|ECONNRESET|ECONNREFUSED|EPIPE|timeout exceeded when trying to connect|Query read timeout|terminating connection/i;

/** Whether an error from a database call is a lost connection or a transaction the server gave up. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (error instanceof DatabaseInterruptedError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; code?: unknown; driverError?: { code?: unknown; message?: unknown }; message?: unknown };
  // TypeORM releases a query runner whose connection failed: the transaction's next statement finds it gone.
  if (e.name === 'QueryRunnerAlreadyReleasedError' || e.name === 'QueryRunnerProviderAlreadyReleasedError') return true;
  const code = e.driverError?.code ?? e.code;
  if (typeof code === 'string' && TRANSIENT_STATES.has(code)) return true;
  const message = `${String(e.message ?? '')} ${String(e.driverError?.message ?? '')}`;
  return TRANSIENT_MESSAGES.test(message);
}
