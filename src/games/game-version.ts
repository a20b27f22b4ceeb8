import type { EntityManager } from 'typeorm';
import { GameRepository } from './game.repository';

/**
 * A write outside a game action that changes what the games show (thinking days recounted,
 * days credited) bumps their versions in its own transaction, as GameSession.save does for an
 * action: the version is the read cache's whole mark (game-rows-cache.ts), and clients compare it.
 * The caller holds the games' row locks.
 *
 * @deprecated use GameRepository.bumpVersions (in the caller's unit of work). Kept, manager first,
 * for the folders that still pass a manager (thinking-time).
 */
export function bumpGameVersions(manager: EntityManager, gameIds: readonly string[]): Promise<void> {
  return GameRepository.over(manager).bumpVersions(gameIds);
}
