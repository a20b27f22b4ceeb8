// What a write to games holds while its transaction is open (docs/architecture.md, "The action
// frame"): the games it locked, through the loader's one lock statement, the sessions it opened
// on them, the receipts it keeps and the games whose versions it bumped. GameActions opens one
// per transaction and, after the commit, tells the read model which games were written.
import type { Clock } from '../../common/clock';
import type { Competition } from '../../competitions/competition.entity';
import type { Lexicon } from '../../engine';
import type { ActionReceipt, ReceiptKey } from '../entities/action-receipt.entity';
import { refusals } from '../core/game-refusals';
import type { CommittedRows } from '../persistence/game-action-cache';
import type { GameLoader } from '../persistence/game-loader.repository';
import type { GameReadModel } from '../model/game-read-model.service';
import { GameSession } from '../model/game-session';
import type { Game } from '../entities/game.entity';
import type { GameRepository } from '../persistence/game.repository';

/** What a frame's session is opened with, beside its game's rows. */
export interface WriteSessionOptions {
  /** The time the session reads as now (the sweep's run); the clock's by default. */
  readonly now?: Date;
  /** With the competition's word list (the rules core marks unknown words with it). */
  readonly lexicon?: boolean;
  /** Sharing the read model's replays, keyed by their inputs (a move review's check). */
  readonly sharedReplays?: boolean;
}

/** What GameWrite uses of the frame. */
export interface FrameParts {
  readonly loader: GameLoader;
  readonly games: GameRepository;
  readonly clock: Clock;
  readonly readModel: GameReadModel;
  readonly lexicon: (competition: Competition) => Lexicon | undefined;
}

export class GameWrite {
  /** The games whose row lock this write holds. */
  private readonly held = new Set<string>();
  /** The games it changed: their versions are bumped (here or by a session's save). */
  private readonly changedIds = new Set<string>();
  /** The sessions it opened, with the version each was loaded at: a saved one changed its game. */
  private readonly sessions: { s: GameSession; version: number }[] = [];
  /** What an action left for the next one on its game (GameActions.leave). */
  readonly kept = new Map<string, CommittedRows>();

  constructor(private readonly frame: FrameParts) {}

  /** The game's row, locked until commit (read again, unlocked, when this write holds it already). */
  async lock(gameId: string): Promise<Game> {
    if (this.held.has(gameId)) return this.frame.games.findGame(gameId);
    const [game] = await this.lockAll([gameId]);
    return game;
  }

  /** Games locked together, in id order (game-loader.repository.ts lockGames). */
  async lockAll(gameIds: readonly string[]): Promise<Game[]> {
    const games = await this.frame.loader.lockGames(gameIds);
    for (const g of games) this.held.add(g.id);
    return games;
  }

  /** A player's games in a competition (only those in play with `inPlay`), locked together in id order. */
  async lockGamesOf(competitionId: string, playerId: string, which: { inPlay: boolean }): Promise<Game[]> {
    return this.lockAll(await this.frame.loader.gameIdsOf(competitionId, playerId, which));
  }

  /** Marks an action's game as held: its lock came with its rows (GameActions.locked). */
  holds(gameId: string): void {
    this.held.add(gameId);
  }

  /** The game as a session, under its row lock (taken here unless already held). */
  async session(gameId: string, options: WriteSessionOptions = {}): Promise<GameSession> {
    if (!this.held.has(gameId)) await this.lock(gameId);
    const { frame } = this;
    const s = await GameSession.open(frame.games, gameId, {
      now: options.now ?? frame.clock.now(),
      ...(options.lexicon && { lexicon: frame.lexicon }),
      ...(options.sharedReplays && { replays: frame.readModel.replays }),
    });
    this.opened(s);
    return s;
  }

  /** A session this write acts through: a save of it changes its game. */
  opened(s: GameSession): void {
    this.sessions.push({ s, version: s.game.version });
  }

  /**
   * What these games show changed outside a session (a result's answer, a holiday, a claim's
   * answer, a ruling on time): their versions are bumped now, the caches' mark. The write holds
   * their locks.
   */
  async changed(gameIds: readonly string[]): Promise<void> {
    await this.frame.games.bumpVersions(gameIds);
    for (const id of gameIds) this.changedIds.add(id);
  }

  /**
   * The result stored under the actor's repeated key on the game (the receipt is the game's, the
   * actor's and the key's), or undefined the first time; KEY_REUSED if another action filed it.
   */
  async receipt(gameId: string, action: string, key: ReceiptKey | undefined): Promise<unknown> {
    return key === undefined ? undefined : replayed(await this.frame.games.receipt(gameId, key), action);
  }

  /** Keeps the result under the actor's key on the game, so their repeat gets it back. */
  async storeReceipt(gameId: string, action: string, key: ReceiptKey | undefined, result: object): Promise<void> {
    if (key === undefined) return;
    await this.frame.games.storeReceipt({
      gameId,
      actor: key.actor,
      idempotencyKey: key.key,
      action,
      result,
      createdAt: this.frame.clock.now(),
    });
  }

  /** The games this write changed, once it has committed. */
  written(): Set<string> {
    const ids = new Set(this.changedIds);
    for (const { s, version } of this.sessions) if (s.game.version !== version) ids.add(s.game.id);
    for (const id of this.kept.keys()) ids.add(id);
    return ids;
  }
}

/** The result kept under a receipt, if it is this action's; KEY_REUSED if another's. */
export function replayed(found: ActionReceipt | null, action: string): unknown {
  if (!found) return undefined;
  if (found.action !== action) throw refusals.keyReused();
  return found.result;
}
