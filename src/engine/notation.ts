// Reading and writing moves: FRSc notation (docs/rules.md §3), GCG placements, and the tile
// lists a web board sends. Parsing checks only the writing; the board is validate.ts's job.
import { BOARD_SIZE, coordName, isOnBoard, parseCoordParts, squareName, stepOf, tileAt, type Board } from './board';
import { engineError, type NotationProblem } from './messages';
import { mainDirection } from './score';
import { foldWord, isAlphabetLetter, isLowerCase, lowerLetter, upperLetter } from './tile-sets';
import type { Direction, PlacedTile, Result, Square, TileSet, WrittenMove, WrittenPlacement } from './types';

/** One letter of a written word (the element type of {@link WrittenPlacement.letters}). */
export type WrittenLetter = WrittenPlacement['letters'][number];

/** GCG writes `.` for a tile already on the board without naming it. */
export const UNKNOWN_LETTER = '.';

// PAUZA is the PFS regulation's word for a pass (004 §4.3).
const PASS = /^(?:pass?|pauza)$/i;
const LETTER = /^\p{L}$/u;
const DECLARED_SCORE = /^\(?\+?(\d{1,4})\)?$/;

function badNotation(text: string, problem: NotationProblem) {
  return engineError('BAD_NOTATION', { text, problem });
}

/**
 * The letters of a written word: upper case = a tile, lower case = a blank (docs/rules.md §3),
 * letters in parentheses are on the board already; with `dots`, GCG's `.` too. Text must be
 * folded already. A letter outside the game's alphabet is bad notation; one that merely has
 * no tile (Romanian K) is left for the rack check, which explains it better.
 */
function parseWord(text: string, word: string, tileSet: TileSet, dots: boolean): Result<{ letters: WrittenLetter[] }> {
  const letters: WrittenLetter[] = [];
  let group: number | undefined; // index where the open parenthesis started
  for (const ch of word) {
    if (ch === '(') {
      if (group !== undefined) return badNotation(text, { kind: 'parentheses' });
      group = letters.length;
    } else if (ch === ')') {
      if (group === undefined || group === letters.length) return badNotation(text, { kind: 'parentheses' });
      group = undefined;
    } else if (dots && ch === UNKNOWN_LETTER) {
      letters.push({ letter: UNKNOWN_LETTER, blank: false, onBoard: true });
    } else if (LETTER.test(ch)) {
      const letter = upperLetter(ch);
      if (!isAlphabetLetter(tileSet, letter)) return badNotation(text, { kind: 'letter', letter: ch });
      letters.push({ letter, blank: isLowerCase(ch), onBoard: group !== undefined ? true : 'unknown' });
    } else {
      return badNotation(text, { kind: 'character', char: ch });
    }
  }
  if (group !== undefined) return badNotation(text, { kind: 'parentheses' });
  if (letters.length === 0) return badNotation(text, { kind: 'no-word' });
  return { ok: true, letters };
}

/**
 * FRSc notation (docs/rules.md §3): `h8 CASA` across, `8h CASA` down, optional colon, any case
 * for the coordinate, lower case = blank, letters on the board written out or in
 * parentheses (`C(AS)A`), diacritics folded; `PAS`/`PASS` is a pass. A number after the
 * word is the player's own score: it is returned as `declaredScore` and never trusted
 * (docs/rules.md §3: the platform computes every score). A coordinate off the board (`p8`)
 * parses, so that validation can say OFF_BOARD.
 */
export function parseFrscMove(text: string, tileSet: TileSet): Result<{ move: WrittenMove; declaredScore?: number }> {
  const folded = foldWord(tileSet, text).trim();
  if (folded === '') return badNotation(text, { kind: 'empty' });
  if (PASS.test(folded)) return { ok: true, move: { kind: 'pass' } };

  const m = /^([^\s:]+)(?:\s*:\s*|\s+)(.*)$/u.exec(folded);
  const coordText = m ? m[1] : folded;
  const coord = parseCoordParts(coordText);
  if (!coord) return badNotation(text, { kind: 'coordinate', coord: coordText });
  if (!m || m[2] === '') return badNotation(text, { kind: 'no-word' });

  const [wordText, ...rest] = m[2].split(/\s+/);
  let declaredScore: number | undefined;
  if (rest.length > 0) {
    const score = rest.length === 1 ? DECLARED_SCORE.exec(rest[0]) : null;
    if (!score) return badNotation(text, { kind: 'trailing', text: rest.join(' ') });
    declaredScore = Number(score[1]);
  }

  const word = parseWord(text, wordText, tileSet, false);
  if (!word.ok) return word;
  const move: WrittenPlacement = {
    kind: 'place',
    start: coord.square,
    direction: coord.letterFirst ? 'across' : 'down',
    letters: word.letters,
  };
  return declaredScore === undefined ? { ok: true, move } : { ok: true, move, declaredScore };
}

/**
 * A GCG placement. GCG follows English boards: letters name columns, numbers rows, and the
 * number first means across — `8G JILT` runs across row 8 (our `h`) from column G (our 7),
 * `J6 PU.Z` down column J (our 10) from row 6 (our `f`). `.` is a tile already on the
 * board (letter not given), lower case a blank.
 */
export function parseGcgPlay(coord: string, word: string, tileSet: TileSet): Result<{ move: WrittenPlacement }> {
  const text = `${coord} ${word}`;
  const parts = parseCoordParts(coord);
  if (!parts) return badNotation(text, { kind: 'coordinate', coord });
  const letters = parseWord(text, foldWord(tileSet, word), tileSet, true);
  if (!letters.ok) return letters;
  return {
    ok: true,
    move: {
      kind: 'place',
      // parseCoordParts reads the letter as a row; in GCG it is the column.
      start: { row: parts.square.col, col: parts.square.row },
      direction: parts.letterFirst ? 'down' : 'across',
      letters: letters.letters,
    },
  };
}

function writtenLetter(l: WrittenLetter): string {
  return l.blank ? lowerLetter(l.letter) : l.letter;
}

/**
 * FRSc notation of a move: `PAS`, or the coordinate and the whole word with blanks in
 * lower case; with `parentheses`, letters known to be on the board are grouped in
 * parentheses (`h8 C(AS)A`).
 */
export function formatFrscMove(move: WrittenMove, opts: { parentheses?: boolean } = {}): string {
  if (move.kind === 'pass') return 'PAS';
  let word = '';
  let open = false;
  for (const l of move.letters) {
    const grouped = opts.parentheses === true && l.onBoard === true;
    if (grouped !== open) word += grouped ? '(' : ')';
    open = grouped;
    word += writtenLetter(l);
  }
  if (open) word += ')';
  return `${coordName(move.start, move.direction)} ${word}`;
}

/** GCG coordinate and word of a placement (inverse of {@link parseGcgPlay}); board letters as `.`. */
export function formatGcgPlay(move: WrittenPlacement): { coord: string; word: string } {
  const column = String.fromCharCode('A'.charCodeAt(0) + move.start.col);
  const row = String(move.start.row + 1);
  const coord = move.direction === 'across' ? `${row}${column}` : `${column}${row}`;
  const word = move.letters.map((l) => (l.onBoard === true ? UNKNOWN_LETTER : writtenLetter(l))).join('');
  return { coord, word };
}

function describeTiles(tiles: readonly PlacedTile[]): string {
  return tiles.map((t) => `${squareName(t)} ${t.blank ? lowerLetter(t.letter) : t.letter}`).join(', ');
}

/**
 * The written placement for tiles put on squares (a web board): the main word is the
 * tiles' line extended by the board's tiles on both sides, as a player would write it.
 * Needs the board to tell a hole (GAP) from a board tile between new ones.
 */
export function placementFromTiles(tiles: readonly PlacedTile[], board: Board, tileSet: TileSet): Result<{ move: WrittenPlacement }> {
  if (tiles.length === 0) return engineError('NO_NEW_TILES', {});
  const seen = new Set<number>();
  for (const t of tiles) {
    if (!isOnBoard(t.row, t.col)) return engineError('OFF_BOARD', { square: squareName(t), atStart: true });
    if (!isAlphabetLetter(tileSet, t.letter)) {
      return badNotation(describeTiles(tiles), { kind: 'letter', letter: t.letter });
    }
    const key = t.row * BOARD_SIZE + t.col;
    if (seen.has(key)) return badNotation(describeTiles(tiles), { kind: 'duplicate-square', square: squareName(t) });
    seen.add(key);
  }
  const sameRow = tiles.every((t) => t.row === tiles[0].row);
  const sameCol = tiles.every((t) => t.col === tiles[0].col);
  if (!sameRow && !sameCol) return engineError('NOT_IN_LINE', {});

  const direction: Direction = tiles.length > 1 ? (sameRow ? 'across' : 'down') : mainDirection(board, tiles);
  const along = (sq: Square): number => (direction === 'across' ? sq.col : sq.row);
  const sorted = [...tiles].sort((a, b) => along(a) - along(b));
  const { dr, dc } = stepOf(direction);
  const newAt = new Map(sorted.map((t) => [along(t), t]));

  // Extend backwards over board tiles that touch the first new tile: they belong to the word.
  let start: Square = sorted[0];
  while (tileAt(board, start.row - dr, start.col - dc)) start = { row: start.row - dr, col: start.col - dc };

  const letters: WrittenLetter[] = [];
  const last = sorted[sorted.length - 1];
  for (let r = start.row, c = start.col; isOnBoard(r, c); r += dr, c += dc) {
    const fresh = newAt.get(direction === 'across' ? c : r);
    const onBoard = tileAt(board, r, c);
    const pastLast = along({ row: r, col: c }) > along(last);
    if (fresh) {
      // A new tile on a taken square is written as new: validation reports the clash.
      letters.push({ letter: fresh.letter, blank: fresh.blank, onBoard: false });
    } else if (onBoard) {
      letters.push({ letter: onBoard.letter, blank: onBoard.blank, onBoard: true });
    } else if (pastLast) {
      break;
    } else {
      return engineError('GAP', { square: squareName({ row: r, col: c }) });
    }
  }
  return { ok: true, move: { kind: 'place', start, direction, letters } };
}
