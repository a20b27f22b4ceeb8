// The instance's memory of games (docs/architecture.md, "The action frame"): every cache of
// what a game shows sits here, each entry valid only under the game's version (its mark, bumped
// by every write), and each is told by the frame, once its transaction has committed, which
// games it wrote (GameActions: the one invalidation point). A cache outside games (the web's
// game pages) registers here to be told as well. The reads open their sessions here, below the
// frame, so a read never goes through an action.
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { SETTINGS, type Settings } from '../../config/settings';
import { GameActionCache, type CommittedRows } from '../persistence/game-action-cache';
import { GameRowsCache } from '../persistence/game-rows-cache';
import { GameRepository } from '../persistence/game.repository';
import { Lexicons } from '../persistence/lexicons.service';
import { ReplayCache } from '../persistence/replay-cache';
import { GameSession } from './game-session';

/** One per instance, injected into the frame (which tells it what it wrote) and into the reads. */
@Injectable()
export class GameReadModel {
  /** Line replays shared by the reads (the web game page and its preview), keyed by their inputs: replay-cache.ts. */
  readonly replays = new ReplayCache();
  /** The reads' lines, moves and disputes while the game's version is unchanged: game-rows-cache.ts. */
  readonly rows = new GameRowsCache();
  /** What the last committed action on a game left for the next one here: game-action-cache.ts. */
  readonly committed: GameActionCache;
  private readonly others: ((gameId: string) => void)[] = [];

  constructor(
    @Inject(SETTINGS) settings: Pick<Settings, 'gameCacheGames'>,
    private readonly games: GameRepository,
    private readonly clock: Clock,
    private readonly lexicons: Lexicons,
  ) {
    this.committed = new GameActionCache(settings.gameCacheGames);
  }

  /** The game as a read sees it, without the row lock, sharing these caches, in the caller's unit of work. */
  session(gameId: string): Promise<GameSession> {
    return GameSession.open(this.games, gameId, {
      lock: false,
      now: this.clock.now(),
      lexicon: (c) => this.lexicons.forCompetition(c),
      replays: this.replays,
      rows: this.rows,
    });
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
