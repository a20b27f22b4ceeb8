// Shared vocabulary of the pure engine. No Nest, no TypeORM, no clock.

// The sides are the kernel's (src/common/color.ts); the engine's barrel keeps offering them.
export { COLORS, type Color } from '../common/color';

/** One letter of a tile set: `?` is the blank. */
export interface TileDef {
  readonly letter: string;
  readonly count: number;
  readonly value: number;
}

export type TileSetId = 'ro' | 'en' | 'pl';

export interface TileSet {
  readonly id: TileSetId;
  readonly name: string;
  readonly tiles: readonly TileDef[];
  /** Letters of the alphabet with no tile: only a blank can be one (Romanian K, Q, W, Y). */
  readonly blankOnlyLetters?: readonly string[];
  /** docs/rules.md §1: diacritics are ignored (Romanian); other sets keep them as letters. */
  readonly foldsDiacritics?: boolean;
}

/** 0-based square: row 0 is `a`, col 0 is column `1`. */
export interface Square {
  readonly row: number;
  readonly col: number;
}

export type Direction = 'across' | 'down';

/** A tile laid by a move. `letter` is the upper-case face; `blank` marks a joker. */
export interface PlacedTile extends Square {
  readonly letter: string;
  readonly blank: boolean;
}

/** A tile on the board. */
export interface BoardTile {
  readonly letter: string;
  readonly blank: boolean;
}

/**
 * A placement as written by a player: the main word's first square, its direction and
 * the whole word with letters already on the board marked (`onBoard`), as parsed from
 * FRSc or GCG notation, before it is checked against a board.
 */
export interface WrittenPlacement {
  readonly kind: 'place';
  readonly start: Square;
  readonly direction: Direction;
  /**
   * Every letter of the main word, in order. `letter` is upper case, or `.` for a tile
   * GCG marks as on the board without naming it; `onBoard` is 'unknown' for a letter
   * written out in FRSc, which may be new or already on the board.
   */
  readonly letters: readonly { letter: string; blank: boolean; onBoard: boolean | 'unknown' }[];
}

export interface WrittenPass {
  readonly kind: 'pass';
}

export type WrittenMove = WrittenPlacement | WrittenPass;

export interface WordScore {
  /** Notation coordinate of the word's first letter: `h8` across, `8h` down. */
  readonly coord: string;
  readonly word: string;
  readonly score: number;
}

export interface ScoredPlacement {
  /** Main word first, then each new cross word. */
  readonly words: readonly WordScore[];
  /** Sum of the words plus the 50-point bonus for seven tiles. */
  readonly score: number;
  readonly bingo: boolean;
}

export type EngineErrorCode =
  | 'BAD_NOTATION'
  | 'OFF_BOARD'
  | 'FIRST_MOVE_NOT_ON_CENTER'
  | 'NOT_CONNECTED'
  | 'INCOMPLETE_WORD'
  | 'WORD_MISMATCH'
  | 'NO_NEW_TILES'
  | 'WORD_TOO_SHORT'
  | 'TILES_NOT_IN_RACK'
  | 'ZERO_SCORE_PLACEMENT'
  | 'GAME_OVER'
  | 'NOT_IN_LINE'
  | 'GAP';

/** The technical errors of docs/rules.md §3 a mover may ask the arbiter to review (a finished game has nothing to review). */
const REVIEWABLE: ReadonlySet<string> = new Set<EngineErrorCode>([
  'BAD_NOTATION',
  'OFF_BOARD',
  'FIRST_MOVE_NOT_ON_CENTER',
  'NOT_CONNECTED',
  'INCOMPLETE_WORD',
  'WORD_MISMATCH',
  'NO_NEW_TILES',
  'WORD_TOO_SHORT',
  'TILES_NOT_IN_RACK',
  'ZERO_SCORE_PLACEMENT',
  'NOT_IN_LINE',
  'GAP',
]);

export function isEngineRefusal(code: string): code is EngineErrorCode {
  return REVIEWABLE.has(code);
}

export interface EngineError {
  readonly ok: false;
  readonly code: EngineErrorCode;
  /** Messages a player understands, in both languages the platform speaks. */
  readonly message: { readonly ro: string; readonly en: string; readonly pl: string };
}

export type Result<T> = ({ readonly ok: true } & T) | EngineError;

export type EndRackRule = 'transfer' | 'double';

/** docs/rules.md §13: the federation whose game rules a competition plays by (FRSc by default). */
export type RuleBook = 'frsc' | 'pfs';

export interface GameRules {
  /** docs/rules.md §2: tour I RED ≤ 10, BLUE ≤ 20; tour II RED ≤ 30, BLUE ≤ 40. */
  readonly handicap: boolean;
  /** docs/rules.md §4: consecutive zero-score turns that end the game. */
  readonly zeroTurnsToEnd: number;
  readonly endRackRule: EndRackRule;
  /**
   * docs/rules.md §13 (PFS): lost turns exist and the end counts passes and lost turns apart
   * (`zeroTurnsToEnd` passes in a row, or one more passes and lost turns together). Absent: FRSc.
   */
  readonly rulebook?: RuleBook;
}

export const DEFAULT_RULES: GameRules = { handicap: true, zeroTurnsToEnd: 6, endRackRule: 'transfer' };
