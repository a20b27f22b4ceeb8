import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/**
 * Plain INSERTs of whole rows (ids come from the application, so no SELECT-before-save).
 * TypeORM's partial-entity type recurses into jsonb columns and gives up on JSON types;
 * the rows here are complete entities, so the cast loses nothing.
 */
export async function insertRows<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, ...rows: T[]): Promise<void> {
  if (rows.length > 0) await manager.insert(target, rows as QueryDeepPartialEntity<T>[]);
}
