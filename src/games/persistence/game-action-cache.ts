// What an action leaves for the next action on the same game: the lines,
// moves, dispute, both players' absences and the lines' replays as they were committed at the
// game's version. The next action still locks the row and reads its version in the same
// statement (game-loader.repository.ts actionRows), so the rows are used only while that version is
// the one they were committed under: every write of them bumps it, in this instance or another
// one on the same database. A replay is used only with the same rules and word list. The game's
// competition, sequence and players are kept with it under their own mark, which the same
// statement reads (HeldHead): they are not the game's rows and do not bump its version.
import { LruMap } from '../../common/lru-map';
import type { Dispute, DisputeLines } from '../entities/dispute.entity';
import { GameLine } from '../entities/game-line.entity';
import { Competition } from '../../competitions/competition.entity';
import { Sequence } from '../../competitions/sequence.entity';
import { Player } from '../../players/player.entity';
import type { GamePlayRows, HeldHead } from './game-loader.repository';
import { Move } from '../entities/move.entity';
import type { LineReplay } from './replay-cache';

export interface CommittedRows {
  readonly version: number;
  readonly rows: GamePlayRows;
  /** The replays' setup (replay-cache.ts replayKey with no moves): another setup replays afresh. */
  readonly setupKey: string;
  readonly replays: ReadonlyMap<string, LineReplay>;
  /** The game's competition, sequence and players as the action read them, with their mark. */
  readonly head: HeldHead;
}

export class GameActionCache {
  private readonly entries: LruMap<string, CommittedRows>;

  /** `capacity`: the GAME_CACHE_GAMES setting (config/settings.ts). */
  constructor(readonly capacity: number) {
    this.entries = new LruMap(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The version the rows held for a game were committed under, to ask the loader for. */
  versionOf(gameId: string): number | undefined {
    return this.entries.get(gameId)?.version;
  }

  /**
   * The rows held at `version`, as copies an action may change (it changes lines, moves and a
   * dispute in place, and may still roll back): what is held is never changed.
   */
  take(gameId: string, version: number): CommittedRows | undefined {
    const held = this.entries.get(gameId);
    if (!held || held.version !== version) return undefined;
    const { rows } = held;
    return {
      ...held,
      rows: {
        lines: rows.lines.map((l) => Object.assign(new GameLine(), l)),
        moves: rows.moves.map((m) => Object.assign(new Move(), m)),
        dispute: rows.dispute && copyDispute(rows.dispute),
        labels: rows.labels,
        holidays: [...rows.holidays],
        leave: [...rows.leave],
      },
    };
  }

  /**
   * The competition, sequence and players held for a game, whatever its version, as copies: the
   * lock statement leaves them out while their mark is this one.
   */
  headOf(gameId: string): HeldHead | undefined {
    const held = this.entries.get(gameId)?.head;
    if (!held) return undefined;
    const { red, blue } = held.players;
    return {
      mark: held.mark,
      competition: Object.assign(new Competition(), held.competition),
      sequence: Object.assign(new Sequence(), held.sequence),
      players: { red: Object.assign(new Player(), red), blue: Object.assign(new Player(), blue) },
    };
  }

  keep(gameId: string, committed: CommittedRows): void {
    this.entries.set(gameId, committed);
  }

  forget(gameId: string): void {
    this.entries.delete(gameId);
  }
}

function copyDispute(d: Dispute): Dispute {
  return { ...d, lines: d.lines && ({ ...d.lines } as DisputeLines) };
}
