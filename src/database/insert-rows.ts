import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

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
