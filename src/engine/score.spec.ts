import { emptyBoard } from './board';
import { BINGO_BONUS, mainDirection, scorePlacement } from './score';
import { boardAfter, check, ro } from './testing/fixtures';
import type { PlacedTile } from './types';

/** Score a move written in FRSc notation on the board after `before`. */
function scoreOf(before: readonly string[], move: string) {
  const board = boardAfter(before);
  const r = check(board, move);
  if (!r.ok) throw new Error(r.code);
  return scorePlacement(board, r.tiles, ro);
}

describe('scorePlacement (docs/rules.md §3)', () => {
  it('doubles the first word on h8: CASA = 8', () => {
    expect(scoreOf([], 'h8 CASA')).toEqual({ words: [{ coord: 'h8', word: 'CASA', score: 8 }], score: 8, bingo: false });
  });

  it('applies the letter premium before the word premium', () => {
    // h4 DL under H (10 × 2), h8 DW: (20 + 4) × 2.
    expect(scoreOf([], 'h4 HAINE').score).toBe(48);
  });

  it('counts a blank as 0 even on a letter premium', () => {
    // b on h4 (DL) is worth 0; the word still doubles on h8: (0 + 4) × 2.
    expect(scoreOf([], 'h4 bUNIC').words).toEqual([{ coord: 'h4', word: 'bUNIC', score: 8 }]);
  });

  it('lets a word premium under a blank multiply', () => {
    // c on h8 (DW): (0 + 1 + 1 + 1) × 2.
    expect(scoreOf([], 'h8 cASA').score).toBe(6);
  });

  it('counts premiums only under new tiles', () => {
    // The C on h8 (DW) was placed before: CAL = 3, no doubling.
    expect(scoreOf(['h8 CASA'], '8h CAL').words).toEqual([{ coord: '8h', word: 'CAL', score: 3 }]);
  });

  it('triples on a triple word and doubles letters on the way', () => {
    // R on h12 (DL) 2, X on h15 (TW): (4 + 2 + 1 + 1 + 10) × 3.
    expect(scoreOf(['h8 CASA'], 'h8 CASAREIX').score).toBe(54);
  });

  it('scores every new cross word in full, main word first', () => {
    // OL on row i under CA: main OL (L on i9 DL), cross CO and AL.
    expect(scoreOf(['h8 CASA'], 'i8 OL')).toEqual({
      words: [
        { coord: 'i8', word: 'OL', score: 3 },
        { coord: '8h', word: 'CO', score: 2 },
        { coord: '9h', word: 'AL', score: 3 },
      ],
      score: 8,
      bingo: false,
    });
  });

  it('doubles a cross word whose new tile lies on a word premium', () => {
    // BALUM runs e4–e8; A on d4 (DW) over B makes the cross word AB, doubled too.
    expect(scoreOf(['h8 CASA', '8e MARC', 'e4 BALUM'], 'd4 AI')).toEqual({
      words: [
        { coord: 'd4', word: 'AI', score: 4 },
        { coord: '4d', word: 'AB', score: 20 },
        { coord: '5d', word: 'IA', score: 2 },
      ],
      score: 26,
      bingo: false,
    });
  });

  it('adds 50 for all seven tiles', () => {
    // CASTELE across h8–h14: E on h12 (DL), word doubled on h8: (8) × 2 + 50.
    const scored = scoreOf([], 'h8 CASTELE');
    expect(scored.bingo).toBe(true);
    expect(scored.score).toBe(16 + BINGO_BONUS);
  });

  it('scores a single tile by the word it forms, across first when it forms two', () => {
    const board = boardAfter(['h8 CASA', '8h CAL']);
    // A tile on i9: across it makes AA (with i8 A), down AA (with h9 A).
    const tile: PlacedTile = { row: 8, col: 8, letter: 'A', blank: false };
    expect(mainDirection(board, [tile])).toBe('across');
    expect(scorePlacement(board, [tile], ro).words.map((w) => w.coord)).toEqual(['i8', '9h']);
    // The direction the player wrote wins when it forms a word.
    expect(mainDirection(board, [tile], 'down')).toBe('down');
    expect(scorePlacement(board, [tile], ro, 'down').words.map((w) => w.coord)).toEqual(['9h', 'i8']);
    // Only a down word: main word is down whatever the preference.
    const lone: PlacedTile = { row: 6, col: 9, letter: 'O', blank: false };
    expect(mainDirection(board, [lone], 'across')).toBe('down');
  });

  it('scores nothing for no tiles', () => {
    expect(scorePlacement(emptyBoard(), [], ro)).toEqual({ words: [], score: 0, bingo: false });
  });
});
