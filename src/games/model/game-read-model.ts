// The instance's memory of games (docs/architecture.md, "The action frame"): every cache of
// what a game shows sits here, each entry valid only under the game's version (its mark, bumped
// by every write), and each is told by the frame, once its transaction has committed, which
// games it wrote (GameActions: the one invalidation point). A cache outside games (the web's
// game pages) registers here to be told as well.
import type { Settings } from '../../config/settings';
import { GameActionCache, type CommittedRows } from '../persistence/game-action-cache';
import { GameRowsCache } from '../persistence/game-rows-cache';
import { ReplayCache } from '../persistence/replay-cache';

/** Held by the frame (GameActions.readModel): one per instance. */
export class GameReadModel {
  /** Line replays shared by the reads (the web game page and its preview), keyed by their inputs: replay-cache.ts. */
  readonly replays = new ReplayCache();
  /** The reads' lines, moves and disputes while the game's version is unchanged: game-rows-cache.ts. */
  readonly rows = new GameRowsCache();
  /** What the last committed action on a game left for the next one here: game-action-cache.ts. */
  readonly committed: GameActionCache;
  private readonly others: ((gameId: string) => void)[] = [];

  constructor(settings: Pick<Settings, 'gameCacheGames'>) {
    this.committed = new GameActionCache(settings.gameCacheGames);
  }

  /** Another cache of what games show forgets a game with these (the web's page models). */
  alsoForget(forget: (gameId: string) => void): void {
    this.others.push(forget);
  }

  /**
   * The one invalidation point, called by the frame after its commit: what every cache held of
   * the games written is forgotten, and what an action left for the next one (`kept`: after a
   * move, the session's rows at the new version) is kept instead.
   */
  written(gameIds: Iterable<string>, kept: ReadonlyMap<string, CommittedRows>): void {
    for (const id of gameIds) {
      this.rows.forget(id);
      const left = kept.get(id);
      if (left) this.committed.keep(id, left);
      else this.committed.forget(id);
      for (const forget of this.others) forget(id);
    }
  }
}
