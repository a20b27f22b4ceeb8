// Scoring a placement (docs/rules.md §3 "Scoring" [F Anexa 1]).
import { BOARD_SIZE, coordName, isOnBoard, otherDirection, premiumAt, runThrough, stepOf, tileAt, type Board } from './board';
import { RACK_SIZE, letterValue, lowerLetter } from './tile-sets';
import type { Direction, PlacedTile, ScoredPlacement, Square, TileSet, WordScore } from './types';

/** docs/rules.md §3: placing all seven tiles adds 50. */
export const BINGO_BONUS = 50;

/** What a square multiplies under a new tile (docs/rules.md §3), by square: letters, then words. */
const LETTER_MULTIPLIER = new Uint8Array(BOARD_SIZE * BOARD_SIZE).fill(1);
const WORD_MULTIPLIER = new Uint8Array(BOARD_SIZE * BOARD_SIZE).fill(1);
for (let row = 0; row < BOARD_SIZE; row++) {
  for (let col = 0; col < BOARD_SIZE; col++) {
    const square = row * BOARD_SIZE + col;
    switch (premiumAt(row, col)) {
      case 'DL':
        LETTER_MULTIPLIER[square] = 2;
        break;
      case 'TL':
        LETTER_MULTIPLIER[square] = 3;
        break;
      case 'DW':
        WORD_MULTIPLIER[square] = 2;
        break;
      case 'TW':
        WORD_MULTIPLIER[square] = 3;
        break;
    }
  }
}

/** A square no tile of the placement being scored covers. */
const NONE = -1;

/**
 * The placement being scored: the index of its tile on each square, NONE elsewhere. One board's
 * worth, shared and always cleared after use: scoring is synchronous, and the move generator
 * scores thousands of placements a search, which a map or an array each would slow down.
 */
const fresh = new Int8Array(BOARD_SIZE * BOARD_SIZE).fill(NONE);

/**
 * Direction of a placement's main word (docs/rules.md §3): the line of its tiles; for a single
 * tile, the direction in which it forms a word of two letters or more, across when both do
 * — unless the caller knows the direction the player wrote (`preferred`) and it forms a word.
 */
export function mainDirection(board: Board, tiles: readonly PlacedTile[], preferred?: Direction): Direction {
  if (tiles.length > 1) return tiles[0].row === tiles[1].row ? 'across' : 'down';
  const formsWord = (d: Direction): boolean => {
    const { dr, dc } = stepOf(d);
    const [t] = tiles;
    return tileAt(board, t.row - dr, t.col - dc) !== undefined || tileAt(board, t.row + dr, t.col + dc) !== undefined;
  };
  if (preferred && formsWord(preferred)) return preferred;
  return formsWord('across') || !formsWord('down') ? 'across' : 'down';
}

/**
 * Points of the word through `square` along `direction` (tiles of the board and of the placement,
 * `fresh` filled), 0 when it has fewer than two letters; with `words`, the word is added to them
 * with its FRSc coordinate and blanks in lower case. A blank is worth 0 even on a letter
 * premium, yet a word premium under it still counts.
 */
function wordPoints(
  board: Board,
  tiles: readonly PlacedTile[],
  tileSet: TileSet,
  occupied: (row: number, col: number) => boolean,
  square: Square,
  direction: Direction,
  words: WordScore[] | undefined,
): number {
  const { start, length } = runThrough(occupied, square, direction);
  if (length < 2) return 0;
  const { dr, dc } = stepOf(direction);
  let sum = 0;
  let wordMultiplier = 1;
  let word = '';
  for (let i = 0, at = start.row * BOARD_SIZE + start.col; i < length; i++, at += dr * BOARD_SIZE + dc) {
    const placed = fresh[at];
    const tile = placed === NONE ? board.squares[at]! : tiles[placed];
    if (words) word += tile.blank ? lowerLetter(tile.letter) : tile.letter;
    const value = tile.blank ? 0 : letterValue(tileSet, tile.letter);
    if (placed === NONE) {
      sum += value;
    } else {
      sum += value * LETTER_MULTIPLIER[at];
      wordMultiplier *= WORD_MULTIPLIER[at];
    }
  }
  const score = sum * wordMultiplier;
  words?.push({ coord: coordName(start, direction), word, score });
  return score;
}

/** docs/rules.md §3: a placement of the whole rack earns the bonus. */
function isBingo(tiles: readonly PlacedTile[]): boolean {
  return tiles.length === RACK_SIZE;
}

/** The points of a placement, its words added to `words` when given: the one scoring of the engine. */
function placementPoints(
  board: Board,
  tiles: readonly PlacedTile[],
  tileSet: TileSet,
  preferredDirection: Direction | undefined,
  words: WordScore[] | undefined,
): number {
  if (tiles.length === 0) return 0;
  for (const t of tiles) {
    if (!isOnBoard(t.row, t.col)) throw new RangeError(`tile ${t.letter} off the board`);
  }
  tiles.forEach((t, i) => (fresh[t.row * BOARD_SIZE + t.col] = i));
  try {
    const occupied = (row: number, col: number): boolean => {
      const at = row * BOARD_SIZE + col;
      return fresh[at] !== NONE || board.squares[at] !== undefined;
    };
    const direction = mainDirection(board, tiles, preferredDirection);
    let score = wordPoints(board, tiles, tileSet, occupied, tiles[0], direction, words);
    const cross = otherDirection(direction);
    for (const t of tiles) score += wordPoints(board, tiles, tileSet, occupied, t, cross, words);
    return score + (isBingo(tiles) ? BINGO_BONUS : 0);
  } finally {
    for (const t of tiles) fresh[t.row * BOARD_SIZE + t.col] = NONE;
  }
}

/**
 * Score the new tiles of a legal placement (all in one line, forming one unbroken word with
 * the board): the main word first, then every new cross word of two letters or more, each
 * with its FRSc coordinate and blanks in lower case. Premiums count only under new tiles,
 * letter premiums before word premiums; seven tiles add {@link BINGO_BONUS}.
 */
export function scorePlacement(
  board: Board,
  tiles: readonly PlacedTile[],
  tileSet: TileSet,
  preferredDirection?: Direction,
): ScoredPlacement {
  const words: WordScore[] = [];
  const score = placementPoints(board, tiles, tileSet, preferredDirection, words);
  return { words, score, bingo: isBingo(tiles) };
}

/**
 * {@link scorePlacement}'s score alone, by the same code, without writing the words out: what the
 * move generator ranks thousands of placements by.
 */
export function placementScore(board: Board, tiles: readonly PlacedTile[], tileSet: TileSet, preferredDirection?: Direction): number {
  return placementPoints(board, tiles, tileSet, preferredDirection, undefined);
}
