import {
  BOARD_SIZE,
  boardText,
  boardTiles,
  coordName,
  emptyBoard,
  isEmptyBoard,
  parseCoord,
  parseSquare,
  premiumAt,
  renderBoardText,
  runThrough,
  squareName,
  tileAt,
  withTiles,
  type Premium,
} from './board';
import type { Direction } from './types';

describe('board (docs/rules.md §1)', () => {
  it('has the standard premium layout: 8 TW, 17 DW with h8, 12 TL, 24 DL', () => {
    const counts = new Map<Premium, number>();
    for (let r = 0; r < BOARD_SIZE; r++) {
      for (let c = 0; c < BOARD_SIZE; c++) counts.set(premiumAt(r, c), (counts.get(premiumAt(r, c)) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ TW: 8, DW: 17, TL: 12, DL: 24, null: 225 - 61 });
  });

  it('places the premiums the rule book names', () => {
    const at = (name: string) => {
      const sq = parseSquare(name)!;
      return premiumAt(sq.row, sq.col);
    };
    for (const sq of ['a1', 'a8', 'a15', 'h1', 'h15', 'o1', 'o8', 'o15']) expect(at(sq)).toBe('TW');
    for (const sq of ['b2', 'c3', 'd4', 'e5', 'h8', 'k11', 'n14', 'b14', 'n2']) expect(at(sq)).toBe('DW');
    for (const sq of ['b6', 'f2', 'f6', 'j10', 'n10']) expect(at(sq)).toBe('TL');
    for (const sq of ['a4', 'c7', 'd8', 'g7', 'h4', 'o12']) expect(at(sq)).toBe('DL');
    expect(premiumAt(-1, 0)).toBeNull();
  });

  it('is symmetric under every reflection of the square', () => {
    const n = BOARD_SIZE - 1;
    for (let r = 0; r <= n; r++) {
      for (let c = 0; c <= n; c++) {
        const p = premiumAt(r, c);
        expect([premiumAt(c, r), premiumAt(n - r, c), premiumAt(r, n - c)]).toEqual([p, p, p]);
      }
    }
  });

  it('names squares the FRSc way: letter first across, number first down', () => {
    expect(coordName({ row: 7, col: 7 }, 'across')).toBe('h8');
    expect(coordName({ row: 2, col: 6 }, 'down')).toBe('7c');
    expect(coordName({ row: 14, col: 14 }, 'across')).toBe('o15');
    expect(squareName({ row: 0, col: 9 })).toBe('a10');
  });

  it('parses every coordinate back, in any case', () => {
    for (let row = 0; row < BOARD_SIZE; row++) {
      for (let col = 0; col < BOARD_SIZE; col++) {
        for (const direction of ['across', 'down'] as Direction[]) {
          const name = coordName({ row, col }, direction);
          expect(parseCoord(name)).toEqual({ start: { row, col }, direction });
          expect(parseCoord(name.toUpperCase())).toEqual({ start: { row, col }, direction });
        }
      }
    }
    expect(parseSquare('8H')).toEqual({ row: 7, col: 7 });
    expect(parseSquare('p8')).toBeUndefined();
    expect(parseSquare('a16')).toBeUndefined();
    expect(parseSquare('a0')).toBeUndefined();
    expect(parseCoord('h8x')).toBeUndefined();
  });

  it('adds tiles on a new board, leaving the old one untouched', () => {
    const empty = emptyBoard();
    const board = withTiles(empty, [{ row: 7, col: 7, letter: 'A', blank: false }]);
    expect(isEmptyBoard(empty)).toBe(true);
    expect(tileAt(empty, 7, 7)).toBeUndefined();
    expect(isEmptyBoard(board)).toBe(false);
    expect(tileAt(board, 7, 7)).toEqual({ letter: 'A', blank: false });
    expect(tileAt(board, 15, 0)).toBeUndefined();
    expect(boardTiles(board)).toEqual([{ row: 7, col: 7, letter: 'A', blank: false }]);
    expect(() => withTiles(board, [{ row: 7, col: 7, letter: 'B', blank: false }])).toThrow(RangeError);
    expect(() => withTiles(board, [{ row: 15, col: 7, letter: 'B', blank: false }])).toThrow(RangeError);
  });

  it('writes the board as fifteen rows of text, a blank in lower case, once per board', () => {
    const empty = emptyBoard();
    const board = withTiles(empty, [
      { row: 7, col: 7, letter: 'Ș', blank: false },
      { row: 7, col: 8, letter: 'Ă', blank: true },
      { row: 0, col: 14, letter: 'Ź', blank: true },
    ]);
    const rows = boardText(board);
    expect(rows).toHaveLength(BOARD_SIZE);
    expect(rows[0]).toBe(`${'.'.repeat(14)}ź`);
    expect(rows[7]).toBe('.......Șă......');
    expect(rows.filter((r) => r === '.'.repeat(15))).toHaveLength(13);
    // A board never changes: asked again, the same rows; a new board has its own.
    expect(boardText(board)).toBe(rows);
    expect(Object.isFrozen(rows)).toBe(true);
    expect(boardText(empty)).toEqual(Array.from({ length: BOARD_SIZE }, () => '.'.repeat(BOARD_SIZE)));
    expect(boardText(withTiles(board, [{ row: 8, col: 7, letter: 'A', blank: false }]))[8]).toBe('.......A.......');
  });

  it('finds the run of tiles through a square', () => {
    const board = withTiles(emptyBoard(), [
      { row: 7, col: 6, letter: 'A', blank: false },
      { row: 7, col: 7, letter: 'B', blank: false },
    ]);
    const occupied = (r: number, c: number) => tileAt(board, r, c) !== undefined;
    expect(runThrough(occupied, { row: 7, col: 8 }, 'across')).toEqual({ start: { row: 7, col: 6 }, length: 3 });
    expect(runThrough(occupied, { row: 7, col: 7 }, 'down')).toEqual({ start: { row: 7, col: 7 }, length: 1 });
  });

  it('renders a fixed-width grid with row letters, column numbers, premium marks and blanks in lower case', () => {
    const board = withTiles(emptyBoard(), [
      { row: 7, col: 7, letter: 'C', blank: false },
      { row: 7, col: 8, letter: 'A', blank: true },
    ]);
    const lines = renderBoardText(board, 'ro').split('\n');
    expect(lines[0]).toBe('    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15');
    expect(lines[1]).toBe("a   =  .  .  '  .  .  .  =  .  .  .  '  .  .  =");
    expect(lines[8]).toBe("h   =  .  .  '  .  .  .  C  a  .  .  '  .  .  =");
    expect(renderBoardText(emptyBoard(), 'ro').split('\n')[8]).toContain('*');
    expect(new Set(lines.slice(0, 16).map((l) => l.length)).size).toBe(1);
  });
});
