import {
  BLANK,
  alphabet,
  foldLetter,
  foldWord,
  getTileSet,
  isAlphabetLetter,
  isLowerCase,
  letterValue,
  tileCount,
  tilesValue,
  totalTiles,
  upperLetter,
} from './tile-sets';
import { en, pl, ro } from './testing/fixtures';

describe('tile sets (docs/rules.md §1)', () => {
  it.each(['ro', 'en', 'pl'] as const)('%s has 100 tiles, two of them blanks worth 0', (id) => {
    const set = getTileSet(id);
    expect(set.id).toBe(id);
    expect(totalTiles(set)).toBe(100);
    expect(tileCount(set, BLANK)).toBe(2);
    expect(letterValue(set, BLANK)).toBe(0);
  });

  it('Romanian matches the rule book table', () => {
    const table = 'A11/1 B2/9 C5/1 D4/2 E9/1 F2/8 G2/9 H1/10 I10/1 J1/10 L4/1 M3/4 N6/1 O5/1 P4/2 R7/1 S5/1 T7/1 U6/1 V2/8 X1/10 Z1/10';
    for (const entry of table.split(' ')) {
      const [, letter, count, value] = /^(\w)(\d+)\/(\d+)$/.exec(entry)!;
      expect([letter, tileCount(ro, letter), letterValue(ro, letter)]).toEqual([letter, Number(count), Number(value)]);
    }
    expect(ro.tiles).toHaveLength(23);
  });

  it('Romanian K, Q, W, Y exist only as blanks: letters of the alphabet without tiles', () => {
    for (const l of 'KQWY') {
      expect(isAlphabetLetter(ro, l)).toBe(true);
      expect(tileCount(ro, l)).toBe(0);
      expect(letterValue(ro, l)).toBe(0);
    }
    expect(alphabet(ro)).toHaveLength(26);
  });

  it('English and Polish values follow the rule book', () => {
    expect([letterValue(en, 'Q'), letterValue(en, 'Z'), letterValue(en, 'K'), tileCount(en, 'E')]).toEqual([10, 10, 5, 12]);
    expect([letterValue(pl, 'Ź'), letterValue(pl, 'Ń'), letterValue(pl, 'Ą'), tileCount(pl, 'A')]).toEqual([9, 7, 5, 9]);
    expect(isAlphabetLetter(pl, 'Q')).toBe(false);
    expect(alphabet(pl)).toHaveLength(32);
  });

  it('sums rack values', () => {
    expect(tilesValue(ro, ['H', 'A', '?', 'X'])).toBe(21);
    expect(tilesValue(ro, [])).toBe(0);
  });

  describe('folding', () => {
    it('Romanian folds every diacritic, comma-below and cedilla alike, keeping case', () => {
      expect(foldWord(ro, 'ĂÂÎȘŞȚŢ')).toBe('AAISSTT');
      expect(foldWord(ro, 'ășțâîşţ')).toBe('astaist');
      expect(foldLetter(ro, 'Ș')).toBe('S');
      // Decomposed input (S + combining comma below), as some mail clients send it.
      expect(foldWord(ro, 'S\u0326A\u0306')).toBe('SA');
    });

    it('Polish keeps its letters, composing decomposed ones', () => {
      expect(foldWord(pl, 'ŻÓŁWĄ')).toBe('ŻÓŁWĄ');
      expect(foldWord(pl, 'A\u0328')).toBe('Ą');
    });

    it('English folds nothing', () => {
      expect(foldWord(en, 'CAFÉ')).toBe('CAFÉ');
    });
  });

  it('maps case without locale rules and refuses letters whose upper case is two characters', () => {
    expect(upperLetter('i')).toBe('I');
    expect(upperLetter('ż')).toBe('Ż');
    expect(upperLetter('ß')).toBe('ß');
    expect(isLowerCase('a')).toBe(true);
    expect(isLowerCase('A')).toBe(false);
    expect(isLowerCase('.')).toBe(false);
  });
});
