// Checking a written placement against the board and the mover's rack (docs/rules.md §3). The
// first defect found is reported, in the fixed order of resolvePlacement below, so that the same bad
// move always gets the same explanation.
import { CENTER, coordName, isEmptyBoard, isOnBoard, squareName, stepOf, tileAt, type Board } from './board';
import { engineError } from './messages';
import { UNKNOWN_LETTER, placementFromTiles, type WrittenLetter } from './notation';
import { scorePlacement } from './score';
import { BLANK, tileCount } from './tile-sets';
import type { PlacedTile, Result, ScoredPlacement, TileSet, WrittenPlacement } from './types';

export interface ResolveOptions {
  /**
   * Accept a placement scoring 0. docs/rules.md §3 forbids it here; other rule sets (a GCG
   * import from an English tournament) do not.
   */
  readonly allowZeroScore?: boolean;
}

export interface ResolvedPlacement {
  /** The new tiles, in word order. */
  readonly tiles: readonly PlacedTile[];
  /** The main word with every letter known and `onBoard` true or false. */
  readonly main: WrittenPlacement;
  readonly scored: ScoredPlacement;
  /** The rack tiles the move uses, in word order: a letter or `?` for a blank. */
  readonly rackTiles: readonly string[];
}

/** The rack tile a placed letter takes: the blank for a lower-case letter (docs/rules.md §3). */
export function rackTileFor(tile: { readonly letter: string; readonly blank: boolean }): string {
  return tile.blank ? BLANK : tile.letter;
}

/**
 * Resolve a written placement on `board`: which tiles are new, whether it is legal, its
 * score. `rack` holds the mover's tiles (letters, `?` = blank); `null` skips the rack check
 * (a GCG import, whose racks may be partial). Defects are reported in this order: OFF_BOARD
 * (start), INCOMPLETE_WORD (square before), square by square OFF_BOARD / WORD_MISMATCH /
 * TILES_NOT_IN_RACK, INCOMPLETE_WORD (square after), NO_NEW_TILES, WORD_TOO_SHORT,
 * FIRST_MOVE_NOT_ON_CENTER / NOT_CONNECTED, ZERO_SCORE_PLACEMENT.
 */
export function resolvePlacement(
  board: Board,
  written: WrittenPlacement,
  rack: readonly string[] | null,
  tileSet: TileSet,
  opts: ResolveOptions = {},
): Result<ResolvedPlacement> {
  const { start, direction } = written;
  const { dr, dc } = stepOf(direction);
  if (!isOnBoard(start.row, start.col)) {
    return engineError('OFF_BOARD', { square: coordName(start, direction), atStart: true });
  }

  // docs/rules.md §3: the word is written whole, so no tile may touch it at either end.
  const before = tileAt(board, start.row - dr, start.col - dc);
  if (before) {
    return engineError('INCOMPLETE_WORD', {
      square: squareName({ row: start.row - dr, col: start.col - dc }),
      letter: before.letter,
      side: 'before',
    });
  }

  const remaining = rack ? [...rack] : null;
  const tiles: PlacedTile[] = [];
  const rackTiles: string[] = [];
  const letters: WrittenLetter[] = [];
  let touches = false;
  let coversCenter = false;
  for (let i = 0; i < written.letters.length; i++) {
    const w = written.letters[i];
    const row = start.row + dr * i;
    const col = start.col + dc * i;
    const square = squareName({ row, col });
    if (!isOnBoard(row, col)) return engineError('OFF_BOARD', { square, atStart: false });
    if (row === CENTER.row && col === CENTER.col) coversCenter = true;

    const there = tileAt(board, row, col);
    if (there) {
      // Case is not compared: a player may not remember whether a board letter was a blank.
      if (w.onBoard === false || (w.letter !== UNKNOWN_LETTER && w.letter !== there.letter)) {
        return engineError('WORD_MISMATCH', { square, written: w.letter, found: there.letter });
      }
      letters.push({ letter: there.letter, blank: there.blank, onBoard: true });
      touches = true;
      continue;
    }
    if (w.onBoard === true) return engineError('WORD_MISMATCH', { square, written: w.letter, found: null });

    // docs/rules.md §1: a letter without tiles of its own (Romanian K) can only be a blank.
    const noSuchTile = !w.blank && tileCount(tileSet, w.letter) === 0;
    const needed = rackTileFor(w);
    const at = remaining?.indexOf(needed); // undefined: racks not checked
    if (noSuchTile || at === -1) {
      return engineError('TILES_NOT_IN_RACK', {
        square,
        letter: w.letter,
        blank: w.blank,
        rack: (rack ?? []).join(''),
        noSuchTile,
      });
    }
    if (remaining && at !== undefined) remaining.splice(at, 1);
    rackTiles.push(needed);
    tiles.push({ row, col, letter: w.letter, blank: w.blank });
    letters.push({ letter: w.letter, blank: w.blank, onBoard: false });
    if (hasCrossNeighbour(board, row, col, dr, dc)) touches = true;
  }

  const endRow = start.row + dr * written.letters.length;
  const endCol = start.col + dc * written.letters.length;
  const after = tileAt(board, endRow, endCol);
  if (after) {
    return engineError('INCOMPLETE_WORD', { square: squareName({ row: endRow, col: endCol }), letter: after.letter, side: 'after' });
  }

  if (tiles.length === 0) return engineError('NO_NEW_TILES', {});
  const main: WrittenPlacement = { kind: 'place', start, direction, letters };
  if (letters.length < 2) return engineError('WORD_TOO_SHORT', { word: letters.map((l) => l.letter).join('') });
  // docs/rules.md §3: the first move covers h8; every later one touches a tile on the board.
  if (isEmptyBoard(board)) {
    if (!coversCenter) return engineError('FIRST_MOVE_NOT_ON_CENTER', {});
  } else if (!touches) {
    return engineError('NOT_CONNECTED', {});
  }

  const scored = scorePlacement(board, tiles, tileSet, direction);
  // docs/rules.md §3: only a pass may score zero (e.g. blanks alone, off the premiums).
  if (scored.score === 0 && opts.allowZeroScore !== true) return engineError('ZERO_SCORE_PLACEMENT', {});
  return { ok: true, tiles, main, scored, rackTiles };
}

/** Whether a new tile at (row, col) has a board tile beside it across the main line. */
function hasCrossNeighbour(board: Board, row: number, col: number, dr: number, dc: number): boolean {
  // The cross direction swaps the step: across (0,1) → down (1,0) and back.
  return tileAt(board, row - dc, col - dr) !== undefined || tileAt(board, row + dc, col + dr) !== undefined;
}

/** {@link resolvePlacement} for tiles put on squares (a web board), see placementFromTiles. */
export function resolveTiles(
  board: Board,
  tiles: readonly PlacedTile[],
  rack: readonly string[] | null,
  tileSet: TileSet,
  opts: ResolveOptions = {},
): Result<ResolvedPlacement> {
  const written = placementFromTiles(tiles, board, tileSet);
  return written.ok ? resolvePlacement(board, written.move, rack, tileSet, opts) : written;
}
