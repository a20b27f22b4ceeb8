import { emptyBoard } from './board';
import { boardAfter, check, en, errorOf, ro, written } from './testing/fixtures';
import { resolvePlacement, resolveTiles } from './validate';

// h8–h11 CASA, the board most cases start from.
const casa = boardAfter(['h8 CASA']);

describe('resolvePlacement: each rule (docs/rules.md §3)', () => {
  it('resolves a legal move: new tiles, the main word with board letters known, score, rack tiles', () => {
    const r = check(casa, '8h CaL', 'AL?');
    if (!r.ok) throw new Error(r.code);
    expect(r.tiles).toEqual([
      { row: 8, col: 7, letter: 'A', blank: true },
      { row: 9, col: 7, letter: 'L', blank: false },
    ]);
    expect(r.main.letters.map((l) => l.onBoard)).toEqual([true, false, false]);
    expect(r.rackTiles).toEqual(['?', 'L']);
    expect(r.scored.words).toEqual([{ coord: '8h', word: 'CaL', score: 2 }]);
  });

  it('OFF_BOARD: the coordinate is off the board', () => {
    const e = errorOf(check(casa, 'p8 CASA'));
    expect(e.code).toBe('OFF_BOARD');
    expect(e.message.ro).toContain('p8');
    expect(errorOf(check(casa, '16a CASA')).message.en).toContain('16a');
  });

  it('OFF_BOARD: the word runs past the edge', () => {
    const e = errorOf(check(emptyBoard(), 'h13 CASA'));
    expect(e.code).toBe('OFF_BOARD');
    expect(e.message.en).toContain('h16');
  });

  it('INCOMPLETE_WORD: a tile just before the word continues it', () => {
    const e = errorOf(check(casa, 'h9 ASAR'));
    expect(e.code).toBe('INCOMPLETE_WORD');
    expect(e.message.ro).toContain('h8');
    expect(e.message.en).toContain('before');
  });

  it('INCOMPLETE_WORD: a tile just after the word continues it', () => {
    const e = errorOf(check(casa, 'h7 ACA'));
    expect(e.code).toBe('INCOMPLETE_WORD');
    expect(e.message.en).toContain('h10');
  });

  it('WORD_MISMATCH: a written letter differs from the board', () => {
    const e = errorOf(check(casa, 'h8 COSA'));
    expect(e.code).toBe('WORD_MISMATCH');
    expect(e.message.en).toBe('Square h9 already holds A, not O.');
  });

  it('WORD_MISMATCH: a letter in parentheses on an empty square', () => {
    const e = errorOf(check(casa, '8g (A)CAL'));
    expect(e.code).toBe('WORD_MISMATCH');
    expect(e.message.en).toContain('no tile on g8');
  });

  it('matches board letters whatever their case: a player may not remember a blank', () => {
    const withBlank = boardAfter(['h8 CaSA']);
    expect(check(withBlank, '9h ALE', 'LE').ok).toBe(true);
    expect(check(withBlank, '9h (a)LE', 'LE').ok).toBe(true);
  });

  it('TILES_NOT_IN_RACK: a letter the rack lacks, or one tile used twice', () => {
    expect(errorOf(check(emptyBoard(), 'h8 CASA', 'CASXYZE')).code).toBe('TILES_NOT_IN_RACK');
    const e = errorOf(check(emptyBoard(), 'h8 CASA', 'CASEEEE'));
    expect(e.code).toBe('TILES_NOT_IN_RACK');
    expect(e.message.en).toContain('h11');
    expect(e.message.ro).toContain('CASEEEE');
  });

  it('TILES_NOT_IN_RACK: a lower-case letter needs a blank', () => {
    const e = errorOf(check(emptyBoard(), 'h8 CASa', 'CASAEEE'));
    expect(e.code).toBe('TILES_NOT_IN_RACK');
    expect(e.message.en).toContain('needs a blank');
  });

  it('TILES_NOT_IN_RACK, not bad notation: an upper-case Romanian K, even with a blank in hand', () => {
    const e = errorOf(check(emptyBoard(), 'h8 KIWI', 'KIWI??E'));
    expect(e.code).toBe('TILES_NOT_IN_RACK');
    expect(e.message.ro).toContain('doar cu un joker');
    // Also when racks are not checked (a GCG import): there is no such tile at all.
    expect(errorOf(check(emptyBoard(), 'h8 KIWI', null)).code).toBe('TILES_NOT_IN_RACK');
  });

  it('lets a blank stand for any letter of the alphabet, K included', () => {
    expect(check(emptyBoard(), 'h8 kIwI', 'I?I?')).toMatchObject({ ok: true });
    expect(check(emptyBoard(), 'h8 KIWI', 'KIWI', en)).toMatchObject({ ok: true });
  });

  it('skips the rack check when the rack is null (GCG import: racks may be partial)', () => {
    expect(check(emptyBoard(), 'h8 CASA', null)).toMatchObject({ ok: true });
  });

  it('NO_NEW_TILES: every letter is already on the board', () => {
    expect(errorOf(check(casa, 'h8 CASA')).code).toBe('NO_NEW_TILES');
    expect(errorOf(check(casa, '8h C')).code).toBe('NO_NEW_TILES');
  });

  it('WORD_TOO_SHORT: a one-letter first move', () => {
    expect(errorOf(check(emptyBoard(), 'h8 A')).code).toBe('WORD_TOO_SHORT');
  });

  it('WORD_TOO_SHORT: a single tile written in the direction where it makes no word', () => {
    // O on g9 forms OA downwards, but written across it is a lone letter.
    expect(errorOf(check(casa, 'g9 O')).code).toBe('WORD_TOO_SHORT');
    expect(check(casa, '9g OA', 'O')).toMatchObject({ ok: true });
  });

  it('FIRST_MOVE_NOT_ON_CENTER: the first move must cover h8', () => {
    expect(errorOf(check(emptyBoard(), 'a1 CASA')).code).toBe('FIRST_MOVE_NOT_ON_CENTER');
    expect(check(emptyBoard(), '8e CASA')).toMatchObject({ ok: true });
  });

  it('NOT_CONNECTED: a later move must touch the board', () => {
    expect(errorOf(check(casa, 'a1 CASA')).code).toBe('NOT_CONNECTED');
    // Touching only sideways is enough.
    expect(check(casa, 'i11 OM')).toMatchObject({ ok: true });
  });

  it('ZERO_SCORE_PLACEMENT: only a pass may score zero (docs/rules.md §3)', () => {
    const e = errorOf(check(emptyBoard(), 'h8 ca', '??'));
    expect(e.code).toBe('ZERO_SCORE_PLACEMENT');
    expect(check(emptyBoard(), 'h8 ca', '??', ro, { allowZeroScore: true })).toMatchObject({ ok: true });
  });
});

describe('resolvePlacement: the first defect, in the prescribed order', () => {
  const codeOf = (board: typeof casa, text: string, rack: string | null = '') => errorOf(check(board, text, rack)).code;

  it('OFF_BOARD at the start before anything else', () => {
    expect(codeOf(casa, 'p8 KKKK')).toBe('OFF_BOARD');
  });

  it('INCOMPLETE_WORD before the word, then square by square', () => {
    expect(codeOf(casa, 'h9 XXXXXXXXX')).toBe('INCOMPLETE_WORD');
  });

  it('square by square: the first bad square decides', () => {
    expect(codeOf(casa, 'h6 KZXASA', 'Z')).toBe('TILES_NOT_IN_RACK');
    expect(codeOf(casa, 'h7 ZXASAB', 'Z')).toBe('WORD_MISMATCH');
    expect(codeOf(emptyBoard(), 'h13 KKKK')).toBe('TILES_NOT_IN_RACK');
    expect(codeOf(emptyBoard(), 'h13 AAAK', 'AAA')).toBe('OFF_BOARD');
  });

  it('square by square before INCOMPLETE_WORD after the word', () => {
    expect(codeOf(casa, 'h7 BCA')).toBe('TILES_NOT_IN_RACK');
    expect(codeOf(casa, 'h7 BCA', 'B')).toBe('INCOMPLETE_WORD');
  });

  it('INCOMPLETE_WORD after the word before NO_NEW_TILES', () => {
    expect(codeOf(casa, 'h8 CAS')).toBe('INCOMPLETE_WORD');
  });

  it('NO_NEW_TILES before WORD_TOO_SHORT, which comes before FIRST_MOVE_NOT_ON_CENTER', () => {
    expect(codeOf(casa, '9h A')).toBe('NO_NEW_TILES');
    expect(codeOf(emptyBoard(), 'a1 A', 'A')).toBe('WORD_TOO_SHORT');
  });

  it('NOT_CONNECTED before ZERO_SCORE_PLACEMENT', () => {
    expect(codeOf(casa, 'a2 ca', '??')).toBe('NOT_CONNECTED');
  });
});

describe('resolveTiles (a web board)', () => {
  it('checks tiles on squares like the written move', () => {
    const r = resolveTiles(casa, [{ row: 8, col: 7, letter: 'O', blank: false }], ['O'], ro);
    expect(r).toMatchObject({ ok: true, scored: { words: [{ coord: '8h', word: 'CO', score: 2 }] } });
    expect(errorOf(resolveTiles(casa, [{ row: 8, col: 7, letter: 'O', blank: false }], ['A'], ro)).code).toBe('TILES_NOT_IN_RACK');
  });

  it('reports a tile dropped on a taken square as WORD_MISMATCH', () => {
    expect(errorOf(resolveTiles(casa, [{ row: 7, col: 8, letter: 'O', blank: false }], null, ro)).code).toBe('WORD_MISMATCH');
  });

  it('passes a written move through resolvePlacement unchanged', () => {
    expect(resolvePlacement(casa, written('8h CO'), ['O'], ro)).toEqual(check(casa, '8h CO', 'O'));
  });
});
