import { In, type EntityManager } from 'typeorm';
import { Game } from './game.entity';

/**
 * A write outside a game action that changes what the games show (thinking days recounted,
 * days credited) bumps their versions in its own transaction, as GameSession.save does for an
 * action: the version is the read cache's whole mark (game-rows-cache.ts), and clients compare it.
 * The caller holds the games' row locks.
 */
export async function bumpGameVersions(manager: EntityManager, gameIds: readonly string[]): Promise<void> {
  if (gameIds.length === 0) return;
  await manager.increment(Game, { id: In([...gameIds]) }, 'version', 1);
}
