// The cached state of a game (docs/design.md "State and invariants"): what replaying the
// move log of each live line gives, stored on the game row for queries and checked by
// the `check` command. Pure: built from engine states only.
import { boardText, COLORS, rackLetters, type Color, type EndReason, type GameState } from '../../engine';
import type { RecordOutcome } from './game-record';

/** docs/rules.md §7 endings other than the engine's own (going out, zero-score turns): a record's outcome. */
export type GameOutcome = RecordOutcome;

export type OutcomeType = GameOutcome['type'];

/** While a dispute is appealed, players see its two lines as A (the move stands) and B (replaced). */
export type LineLabel = 'A' | 'B';

export interface LineSnapshot {
  readonly id: string;
  readonly label: LineLabel | null;
  readonly movesPlayed: number;
  readonly toMove: Color;
  readonly over: boolean;
  readonly endReason: EndReason | null;
  /** Fifteen rows `a`–`o`, `.` for an empty square, a blank in lower case. */
  readonly board: readonly string[];
  /** Racks in sequence order, `?` = blank (docs/rules.md §2: both are public, derived from the sequence). */
  readonly racks: Readonly<Record<Color, string>>;
  /** Tiles of the sequence nobody has taken yet. */
  readonly bag: number;
  readonly totals: Readonly<Record<Color, number>>;
  readonly endAdjustment: Readonly<Record<Color, number>>;
  readonly scores: Readonly<Record<Color, number>>;
  readonly zeroRun: number;
}

export interface GameSnapshot {
  /** The live lines: one, or two while a dispute is appealed (A first). */
  readonly lines: readonly LineSnapshot[];
}

export function lineSnapshot(id: string, label: LineLabel | null, state: GameState): LineSnapshot {
  const racks = Object.fromEntries(COLORS.map((c) => [c, rackLetters(state.racks[c]).join('')])) as Record<Color, string>;
  return {
    id,
    label,
    movesPlayed: state.movesPlayed,
    toMove: state.toMove,
    over: state.over,
    endReason: state.endReason ?? null,
    board: boardText(state.board),
    racks,
    bag: state.sequence.length - state.next,
    totals: state.totals,
    endAdjustment: state.endAdjustment,
    scores: state.scores,
    zeroRun: state.zeroRun,
  };
}
