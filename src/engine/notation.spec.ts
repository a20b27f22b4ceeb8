import { emptyBoard } from './board';
import { formatFrscMove, formatGcgPlay, parseFrscMove, parseGcgPlay, placementFromTiles } from './notation';
import { boardAfter, en, errorOf, pl, ro, written } from './testing/fixtures';
import type { PlacedTile, WrittenPlacement } from './types';

const tile = (row: number, col: number, letter: string, blank = false): PlacedTile => ({ row, col, letter, blank });
const word = (move: WrittenPlacement) => move.letters.map((l) => (l.blank ? l.letter.toLowerCase() : l.letter)).join('');

describe('FRSc notation (docs/rules.md §3)', () => {
  it('reads letter first as across and number first as down', () => {
    expect(written('h8 CASA')).toMatchObject({ start: { row: 7, col: 7 }, direction: 'across' });
    expect(written('7c GO')).toMatchObject({ start: { row: 2, col: 6 }, direction: 'down' });
  });

  it.each(['h8 CASA', 'H8 CASA', 'h8: CASA', 'h8:CASA', 'H8 : CASA', '  h8   CASA  '])('accepts the variant %p', (text) => {
    expect(written(text)).toEqual(written('h8 CASA'));
  });

  it('marks written-out letters as unknown and parenthesized ones as on the board', () => {
    expect(written('h8 C(AS)A').letters.map((l) => l.onBoard)).toEqual(['unknown', true, true, 'unknown']);
    expect(written('h8 (C)ASA').letters[0].onBoard).toBe(true);
  });

  it('reads a lower-case letter as a blank', () => {
    expect(written('h8 CaSA').letters[1]).toEqual({ letter: 'A', blank: true, onBoard: 'unknown' });
    expect(word(written('h8 casa'))).toBe('casa');
  });

  it('folds Romanian diacritics, keeping lower case as blanks', () => {
    expect(word(written('h8 ȘAȚĂ'))).toBe('SATA');
    expect(word(written('h8 ŞAţA'))).toBe('SAtA');
  });

  it('keeps Polish letters and reads Romanian K, Q, W, Y (their rack check comes later)', () => {
    expect(word(written('h8 ŻÓŁW', pl))).toBe('ŻÓŁW');
    expect(word(written('h8 KIWI'))).toBe('KIWI');
  });

  it.each(['PAS', 'pas', 'PASS', 'Pass', ' pass '])('reads %p as a pass', (text) => {
    expect(parseFrscMove(text, ro)).toEqual({ ok: true, move: { kind: 'pass' } });
  });

  it('returns a score written after the word separately, never trusting it', () => {
    expect(parseFrscMove('h8 CASA 8', ro)).toMatchObject({ ok: true, declaredScore: 8 });
    expect(parseFrscMove('h8 CASA +8', ro)).toMatchObject({ ok: true, declaredScore: 8 });
    expect(parseFrscMove('h8 CASA', ro)).not.toHaveProperty('declaredScore');
  });

  it('parses a coordinate off the board, leaving OFF_BOARD to validation', () => {
    expect(written('p8 CASA').start).toEqual({ row: 15, col: 7 });
    expect(written('16a CASA').start).toEqual({ row: 0, col: 15 });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['CASA', 'coordinate'],
    ['hh CASA', 'coordinate'],
    ['h8', 'no-word'],
    ['h8:', 'no-word'],
    ['h8 CA1SA', 'character'],
    ['h8 CA-SA', 'character'],
    ['h8 C(ASA', 'parentheses'],
    ['h8 C()ASA', 'parentheses'],
    ['h8 C((A))SA', 'parentheses'],
    ['h8 CA)SA', 'parentheses'],
    ['h8 CASA foo', 'trailing'],
    ['h8 CASA 8 9', 'trailing'],
    ['h8 CAßA', 'letter'],
    ['PASSS', 'coordinate'],
  ])('refuses %p as BAD_NOTATION (%s)', (text) => {
    const error = errorOf(parseFrscMove(text, ro));
    expect(error.code).toBe('BAD_NOTATION');
    expect(error.message.ro).toContain('nu poate fi citită');
    expect(error.message.en).toContain('cannot be read');
  });

  it('refuses a letter outside the game alphabet, but not a blank-only one', () => {
    expect(errorOf(parseFrscMove('h8 ÇA', en)).code).toBe('BAD_NOTATION');
    expect(errorOf(parseFrscMove('h8 QA', pl)).code).toBe('BAD_NOTATION');
    expect(parseFrscMove('h8 qa', ro).ok).toBe(true);
  });

  it('writes moves back: whole word, or with board letters in parentheses', () => {
    expect(formatFrscMove({ kind: 'pass' })).toBe('PAS');
    const move = written('8h C(AS)a');
    expect(formatFrscMove(move)).toBe('8h CASa');
    const resolved: WrittenPlacement = { ...move, letters: move.letters.map((l, i) => ({ ...l, onBoard: i === 1 || i === 2 || i === 3 })) };
    expect(formatFrscMove(resolved, { parentheses: true })).toBe('8h C(ASa)');
    for (const text of ['h8 (C)AS(A)', 'a1 (CA)SA', 'o15 C(A)S(A)']) {
      expect(formatFrscMove(written(text), { parentheses: true })).toBe(text);
      expect(written(formatFrscMove(written(text), { parentheses: true }))).toEqual(written(text));
    }
  });
});

describe('GCG placements', () => {
  it('reads number first as across and letter first as down, letters naming columns', () => {
    expect(parseGcgPlay('8G', 'JILT', en)).toMatchObject({ ok: true, move: { start: { row: 7, col: 6 }, direction: 'across' } });
    const down = parseGcgPlay('J6', 'PU.Z', en);
    expect(down).toMatchObject({ ok: true, move: { start: { row: 5, col: 9 }, direction: 'down' } });
    if (down.ok) expect(down.move.letters[2]).toEqual({ letter: '.', blank: false, onBoard: true });
  });

  it('reads lower case as a blank and accepts a lower-case coordinate', () => {
    const move = parseGcgPlay('k9', 'ORACLEs', en);
    expect(move).toMatchObject({ ok: true, move: { start: { row: 8, col: 10 }, direction: 'down' } });
    if (move.ok) expect(move.move.letters[6]).toEqual({ letter: 'S', blank: true, onBoard: 'unknown' });
  });

  it('refuses what is not a play', () => {
    expect(errorOf(parseGcgPlay('8', 'JILT', en)).code).toBe('BAD_NOTATION');
    expect(errorOf(parseGcgPlay('8G', 'JI-T', en)).code).toBe('BAD_NOTATION');
  });

  it('formats a placement back to GCG', () => {
    for (const [coord, text] of [
      ['8G', 'JILT'],
      ['J6', 'PU.Z'],
      ['15A', 'b.L'],
    ]) {
      const move = parseGcgPlay(coord, text, en);
      if (!move.ok) throw new Error(move.code);
      expect(formatGcgPlay(move.move)).toEqual({ coord, word: text });
    }
  });
});

describe('placementFromTiles (a web board)', () => {
  const board = boardAfter(['h8 CASA']);

  it('writes the main word, extended over the board tiles that continue it', () => {
    const r = placementFromTiles([tile(7, 11, 'T'), tile(7, 6, 'A')], board, ro);
    if (!r.ok) throw new Error(r.code);
    expect(formatFrscMove(r.move, { parentheses: true })).toBe('h7 A(CASA)T');
    expect(r.move.letters.map((l) => l.onBoard)).toEqual([false, true, true, true, true, false]);
  });

  it('takes the direction from the line, or for one tile the direction where it forms a word', () => {
    const down = placementFromTiles([tile(8, 7, 'O')], board, ro);
    expect(down.ok && formatFrscMove(down.move)).toBe('8h CO');
    const across = placementFromTiles([tile(7, 11, 'T', true)], board, ro);
    expect(across.ok && formatFrscMove(across.move)).toBe('h8 CASAt');
  });

  it('refuses an empty list, tiles off the line, holes, squares off the board, duplicates', () => {
    expect(errorOf(placementFromTiles([], board, ro)).code).toBe('NO_NEW_TILES');
    expect(errorOf(placementFromTiles([tile(8, 7, 'A'), tile(9, 8, 'B')], board, ro)).code).toBe('NOT_IN_LINE');
    const gap = errorOf(placementFromTiles([tile(7, 12, 'A'), tile(7, 14, 'B')], board, ro));
    expect(gap.code).toBe('GAP');
    expect(gap.message.en).toContain('h14');
    expect(errorOf(placementFromTiles([tile(7, 15, 'A')], board, ro)).code).toBe('OFF_BOARD');
    expect(errorOf(placementFromTiles([tile(8, 8, 'A'), tile(8, 8, 'B')], board, ro)).code).toBe('BAD_NOTATION');
    expect(errorOf(placementFromTiles([tile(8, 8, '1')], board, ro)).code).toBe('BAD_NOTATION');
  });

  it('does not call a hole filled by a board tile a gap', () => {
    const r = placementFromTiles([tile(6, 8, 'B'), tile(8, 8, 'C')], board, ro);
    expect(r.ok && formatFrscMove(r.move)).toBe('9g BAC');
    expect(placementFromTiles([tile(7, 7, 'A'), tile(7, 8, 'B')], emptyBoard(), ro).ok).toBe(true);
  });
});
