// The 15×15 board (docs/rules.md §1): rows a–o from the top, columns 1–15 from the left.
import type { BoardTile, Direction, PlacedTile, Square } from './types';
import { lowerLetter } from './tile-sets';

export const BOARD_SIZE = 15;

/** h8, the first move's square (docs/rules.md §1, §3). */
export const CENTER: Square = { row: 7, col: 7 };

export type Premium = 'TW' | 'DW' | 'TL' | 'DL' | null;

// The standard layout, one character per square: T = TW, D = DW, t = TL, d = DL.
const LAYOUT = [
  'T..d...T...d..T',
  '.D...t...t...D.',
  '..D...d.d...D..',
  'd..D...d...D..d',
  '....D.....D....',
  '.t...t...t...t.',
  '..d...d.d...d..',
  'T..d...D...d..T',
  '..d...d.d...d..',
  '.t...t...t...t.',
  '....D.....D....',
  'd..D...d...D..d',
  '..D...d.d...D..',
  '.D...t...t...D.',
  'T..d...T...d..T',
];

const PREMIUM_OF: Readonly<Record<string, Premium>> = { T: 'TW', D: 'DW', t: 'TL', d: 'DL', '.': null };

export function isOnBoard(row: number, col: number): boolean {
  return row >= 0 && row < BOARD_SIZE && col >= 0 && col < BOARD_SIZE;
}

export function premiumAt(row: number, col: number): Premium {
  return isOnBoard(row, col) ? PREMIUM_OF[LAYOUT[row][col]] : null;
}

/**
 * A board position. Callers treat it as immutable: every change goes through
 * {@link withTiles}, which returns a new board, so replayed states can be kept side by side.
 */
export interface Board {
  /** Row-major, `BOARD_SIZE²` squares. */
  readonly squares: readonly (BoardTile | undefined)[];
  readonly tileCount: number;
}

const EMPTY: Board = Object.freeze({
  squares: Object.freeze(new Array<BoardTile | undefined>(BOARD_SIZE * BOARD_SIZE).fill(undefined)),
  tileCount: 0,
});

export function emptyBoard(): Board {
  return EMPTY;
}

export function tileAt(board: Board, row: number, col: number): BoardTile | undefined {
  return isOnBoard(row, col) ? board.squares[row * BOARD_SIZE + col] : undefined;
}

export function isEmptyBoard(board: Board): boolean {
  return board.tileCount === 0;
}

/** A new board with `tiles` added. Throws on a programming error: a tile off the board or on a taken square. */
export function withTiles(board: Board, tiles: readonly PlacedTile[]): Board {
  const squares = board.squares.slice();
  for (const t of tiles) {
    if (!isOnBoard(t.row, t.col) || squares[t.row * BOARD_SIZE + t.col]) {
      throw new RangeError(`cannot place ${t.letter} on ${squareName(t)}`);
    }
    squares[t.row * BOARD_SIZE + t.col] = Object.freeze({ letter: t.letter, blank: t.blank });
  }
  return Object.freeze({ squares: Object.freeze(squares), tileCount: board.tileCount + tiles.length });
}

/** Kept per board: a board never changes, and an action shows the same one in its state, its facts and its mails. */
const rowsOf = new WeakMap<Board, readonly string[]>();

/** The board as fifteen rows of text, `a`–`o`: `.` for an empty square, a blank's letter in lower case. */
export function boardText(board: Board): readonly string[] {
  const kept = rowsOf.get(board);
  if (kept) return kept;
  const rows: string[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    let text = '';
    for (let col = 0; col < BOARD_SIZE; col++) {
      const tile = board.squares[row * BOARD_SIZE + col];
      text += tile ? (tile.blank ? lowerLetter(tile.letter) : tile.letter) : '.';
    }
    rows.push(text);
  }
  const text = Object.freeze(rows);
  rowsOf.set(board, text);
  return text;
}

/** Every tile on the board, row by row. */
export function boardTiles(board: Board): PlacedTile[] {
  const out: PlacedTile[] = [];
  board.squares.forEach((t, i) => {
    if (t) out.push({ row: Math.floor(i / BOARD_SIZE), col: i % BOARD_SIZE, letter: t.letter, blank: t.blank });
  });
  return out;
}

/** The unit step along a direction. */
// One object per direction: scoring steps along words millions of times in a move search.
const ACROSS_STEP = Object.freeze({ dr: 0, dc: 1 });
const DOWN_STEP = Object.freeze({ dr: 1, dc: 0 });

export function stepOf(direction: Direction): { readonly dr: number; readonly dc: number } {
  return direction === 'across' ? ACROSS_STEP : DOWN_STEP;
}

export function otherDirection(direction: Direction): Direction {
  return direction === 'across' ? 'down' : 'across';
}

/**
 * The run of occupied squares through `sq` along `direction` (`sq` itself counts as
 * occupied): its first square and length. The one place words are delimited.
 */
export function runThrough(
  occupied: (row: number, col: number) => boolean,
  sq: Square,
  direction: Direction,
): { start: Square; length: number } {
  const { dr, dc } = stepOf(direction);
  let r = sq.row;
  let c = sq.col;
  while (isOnBoard(r - dr, c - dc) && occupied(r - dr, c - dc)) {
    r -= dr;
    c -= dc;
  }
  let length = 1;
  while (isOnBoard(sq.row + dr * length, sq.col + dc * length) && occupied(sq.row + dr * length, sq.col + dc * length)) {
    length++;
  }
  return { start: { row: r, col: c }, length: length + (sq.row - r) * dr + (sq.col - c) * dc };
}

/** Row letter a–o (lower case, as FRSc writes it); beyond the board the alphabet simply continues. */
export function rowLetter(row: number): string {
  return String.fromCharCode('a'.charCodeAt(0) + row);
}

/** `h8` whatever the direction: for messages that name one square. */
export function squareName(sq: Square): string {
  return `${rowLetter(sq.row)}${sq.col + 1}`;
}

/** FRSc notation (docs/rules.md §3): letter first `h8` runs across, number first `8h` runs down. */
export function coordName(sq: Square, direction: Direction): string {
  return direction === 'across' ? squareName(sq) : `${sq.col + 1}${rowLetter(sq.row)}`;
}

const COORD = /^(?:([a-z])(\d{1,2})|(\d{1,2})([a-z]))$/i;

/**
 * A coordinate with its letter and number, in either order and any case, as written; the
 * square may lie off the board (`p8`, `16a`) so that validation can say OFF_BOARD rather
 * than BAD_NOTATION. `letterFirst` tells the order, which each notation maps to a direction.
 */
export function parseCoordParts(text: string): { square: Square; letterFirst: boolean } | undefined {
  const m = COORD.exec(text.trim());
  if (!m) return undefined;
  const letter = (m[1] ?? m[4]).toLowerCase();
  const number = Number(m[2] ?? m[3]);
  return { square: { row: letter.charCodeAt(0) - 'a'.charCodeAt(0), col: number - 1 }, letterFirst: m[1] !== undefined };
}

/** A square on the board written `h8` or `8h`, any case. */
export function parseSquare(text: string): Square | undefined {
  const parts = parseCoordParts(text);
  return parts && isOnBoard(parts.square.row, parts.square.col) ? parts.square : undefined;
}

/** Inverse of {@link coordName}: FRSc start square and direction. */
export function parseCoord(text: string): { start: Square; direction: Direction } | undefined {
  const parts = parseCoordParts(text);
  if (!parts || !isOnBoard(parts.square.row, parts.square.col)) return undefined;
  return { start: parts.square, direction: parts.letterFirst ? 'across' : 'down' };
}

// Marks for empty premium squares in text grids: the common Scrabble-program convention.
const PREMIUM_MARK: Readonly<Record<NonNullable<Premium>, string>> = { TW: '=', DW: '-', TL: '"', DL: "'" };

/** A premium square in words, as a legend names it (`cuvânt ×3`), never by its code. */
export const PREMIUM_WORDS: Readonly<Record<'ro' | 'en' | 'pl', Readonly<Record<NonNullable<Premium>, string>>>> = {
  ro: { TW: 'cuvânt ×3', DW: 'cuvânt ×2', TL: 'literă ×3', DL: 'literă ×2' },
  en: { TW: 'word ×3', DW: 'word ×2', TL: 'letter ×3', DL: 'letter ×2' },
  pl: { TW: 'słowo ×3', DW: 'słowo ×2', TL: 'litera ×3', DL: 'litera ×2' },
};

/**
 * Fixed-width text grid for mails and sheets (docs/rules.md §8): column numbers on top, row
 * letters on the left, tiles in upper case, blanks in lower case, empty premium squares
 * by mark (= word ×3, - word ×2, " letter ×3, ' letter ×2; the centre `*`), the legend in
 * the reader's language.
 */
export function renderBoardText(board: Board, language: 'ro' | 'en' | 'pl'): string {
  const cols = Array.from({ length: BOARD_SIZE }, (_, c) => String(c + 1).padStart(2)).join(' ');
  const lines = [`   ${cols}`];
  for (let r = 0; r < BOARD_SIZE; r++) {
    const cells: string[] = [];
    for (let c = 0; c < BOARD_SIZE; c++) {
      const tile = tileAt(board, r, c);
      const premium = premiumAt(r, c);
      const mark = tile
        ? tile.blank
          ? lowerLetter(tile.letter)
          : tile.letter
        : r === CENTER.row && c === CENTER.col
          ? '*'
          : premium
            ? PREMIUM_MARK[premium]
            : '.';
      cells.push(mark.padStart(2));
    }
    lines.push(`${rowLetter(r)}  ${cells.join(' ')}`);
  }
  const words = PREMIUM_WORDS[language];
  lines.push('', (['TW', 'DW', 'TL', 'DL'] as const).map((p) => `${PREMIUM_MARK[p]} ${words[p]}`).join('   ') + '   * h8');
  return lines.join('\n');
}
