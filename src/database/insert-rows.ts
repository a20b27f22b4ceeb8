import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { codecOf, deferredWritesOf } from './deferred-writes';

/**
 * Plain INSERTs of whole rows (ids come from the application, so no SELECT-before-save).
 * TypeORM's partial-entity type recurses into jsonb columns and gives up on JSON types;
 * the rows here are complete entities, so the cast loses nothing.
 */
export async function insertRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, ...rows: T[]): Promise<void> {
  // PostgreSQL's protocol counts a statement's parameters in 16 bits: thousands of rows
  // (a large competition's start mails) go in several statements.
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, manager.connection.getMetadata(target).columns.length)));
  for (let i = 0; i < rows.length; i += perStatement) {
    await manager.insert(target, rows.slice(i, i + perStatement) as QueryDeepPartialEntity<T>[]);
  }
}

const MAX_PARAMETERS = 65_535;

/**
 * INSERTs of whole rows sent with the transaction's next statement or its commit
 * (deferred-writes.ts): for rows whose caller needs no answer from the database. Outside a
 * transaction they are written at once.
 */
export async function deferRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, ...rows: T[]): Promise<void> {
  const writes = deferredWritesOf(manager);
  if (!writes) return insertRows(manager, target, ...rows);
  writes.insert(codecOf(manager.connection, target), rows);
}

/** An UPDATE of one row by its id, deferred as `deferRows`. */
export async function deferUpdate<T extends ObjectLiteral & { id: string }>(
  manager: EntityManager,
  target: EntityTarget<T>,
  id: string,
  values: Partial<T>,
): Promise<void> {
  const writes = deferredWritesOf(manager);
  if (!writes) {
    await manager.update(target, { id } as never, values as never);
    return;
  }
  const codec = codecOf(manager.connection, target);
  if (writes.update(codec, id, values)) return;
  await writes.flush();
  if (!writes.update(codec, id, values)) throw new Error('deferUpdate: the pending writes would not take the update after a flush');
}
