// Scoring a placement (docs/rules.md §3 "Scoring" [F Anexa 1]).
import { BOARD_SIZE, coordName, isOnBoard, otherDirection, premiumAt, runThrough, stepOf, tileAt, type Board } from './board';
import { RACK_SIZE, letterValue, lowerLetter } from './tile-sets';
import type { BoardTile, Direction, PlacedTile, ScoredPlacement, Square, TileSet, WordScore } from './types';

/** docs/rules.md §3: placing all seven tiles adds 50. */
export const BINGO_BONUS = 50;

/** The board as it is after the move, with the move's own tiles told apart (only they earn premiums). */
class Position {
  private readonly placed = new Map<number, PlacedTile>();

  constructor(
    private readonly board: Board,
    tiles: readonly PlacedTile[],
  ) {
    for (const t of tiles) this.placed.set(t.row * BOARD_SIZE + t.col, t);
  }

  isNew(row: number, col: number): boolean {
    return this.placed.has(row * BOARD_SIZE + col);
  }

  tile(row: number, col: number): BoardTile | undefined {
    return this.placed.get(row * BOARD_SIZE + col) ?? tileAt(this.board, row, col);
  }

  readonly occupied = (row: number, col: number): boolean => this.tile(row, col) !== undefined;
}

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

function scoreWord(position: Position, tileSet: TileSet, start: Square, length: number, direction: Direction): WordScore {
  const { dr, dc } = stepOf(direction);
  let sum = 0;
  let wordMultiplier = 1;
  let word = '';
  for (let i = 0, r = start.row, c = start.col; i < length; i++, r += dr, c += dc) {
    const tile = position.tile(r, c)!;
    word += tile.blank ? lowerLetter(tile.letter) : tile.letter;
    // A blank is worth 0 even on a letter premium, yet a word premium under it still counts.
    let value = tile.blank ? 0 : letterValue(tileSet, tile.letter);
    if (position.isNew(r, c)) {
      switch (premiumAt(r, c)) {
        case 'DL':
          value *= 2;
          break;
        case 'TL':
          value *= 3;
          break;
        case 'DW':
          wordMultiplier *= 2;
          break;
        case 'TW':
          wordMultiplier *= 3;
          break;
      }
    }
    sum += value;
  }
  return { coord: coordName(start, direction), word, score: sum * wordMultiplier };
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
  if (tiles.length === 0) return { words: [], score: 0, bingo: false };
  for (const t of tiles) {
    if (!isOnBoard(t.row, t.col)) throw new RangeError(`tile ${t.letter} off the board`);
  }
  const position = new Position(board, tiles);
  const direction = mainDirection(board, tiles, preferredDirection);
  const words: WordScore[] = [];

  const main = runThrough(position.occupied, tiles[0], direction);
  if (main.length > 1) words.push(scoreWord(position, tileSet, main.start, main.length, direction));

  const cross = otherDirection(direction);
  for (const t of tiles) {
    const run = runThrough(position.occupied, t, cross);
    if (run.length > 1) words.push(scoreWord(position, tileSet, run.start, run.length, cross));
  }

  const bingo = tiles.length === RACK_SIZE;
  const score = words.reduce((sum, w) => sum + w.score, 0) + (bingo ? BINGO_BONUS : 0);
  return { words, score, bingo };
}
