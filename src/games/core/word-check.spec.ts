import fc from 'fast-check';
import { checkWords, wordCheckLines, wordCheckNotes } from './word-check';

describe('the word check for the mover', () => {
  const words = [
    { coord: 'h8', word: 'CASĂ' },
    { coord: '9g', word: 'CAZĂ' },
  ];

  it('says for each word whether the list holds it, in both languages', () => {
    const check = checkWords(words, ['CAZĂ'], true);
    expect(check).toEqual({
      list: true,
      words: [
        { coord: 'h8', word: 'CASĂ', inList: true },
        { coord: '9g', word: 'CAZĂ', inList: false },
      ],
    });
    expect(wordCheckLines(check, 'en')).toEqual(['CASĂ: in the list', 'CAZĂ: not in the list — your partner may contest it']);
    expect(wordCheckLines(check, 'ro')).toEqual(['CASĂ: în listă', 'CAZĂ: nu este în listă — partenerul îl poate contesta']);
  });

  it('with no list checks nothing and says so, never that a word is in it', () => {
    const check = checkWords(words, [], false);
    expect(check).toEqual({ list: false, words: [] });
    expect(wordCheckLines(check, 'en')).toEqual(['This competition has no word list: words are not checked.']);
    expect(wordCheckLines(check, 'ro')).toEqual(['Competiția nu are o listă de cuvinte: cuvintele nu sunt verificate.']);
  });

  it('keeps every word of the move, in order, off the list exactly when the engine found it missing', () => {
    const word = fc.stringMatching(/^[A-ZĂÂÎȘȚa-z]{2,8}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 6 }), fc.array(word, { maxLength: 6 }), (formed, unknown) => {
        const check = checkWords(
          formed.map((w, i) => ({ coord: `h${i + 1}`, word: w })),
          unknown,
          true,
        );
        expect(check.words.map((w) => w.word)).toEqual(formed);
        for (const w of check.words) expect(w.inList).toBe(!unknown.includes(w.word));
        expect(wordCheckLines(check, 'en')).toHaveLength(formed.length);
      }),
    );
  });

  it('marks a word off the list in its text and as off the list, so the page need not rely on colour', () => {
    const check = checkWords(words, ['CAZĂ'], true);
    expect(wordCheckNotes(check, 'ro')).toEqual([
      { text: '✓ CASĂ: în listă', offList: false },
      { text: '⚠ CAZĂ: nu este în listă — partenerul îl poate contesta', offList: true },
    ]);
    expect(wordCheckNotes(check, 'en').map((n) => n.text)).toEqual([
      '✓ CASĂ: in the list',
      '⚠ CAZĂ: not in the list — your partner may contest it',
    ]);
    expect(wordCheckNotes(checkWords(words, [], false), 'en')).toEqual([
      { text: 'This competition has no word list: words are not checked.', offList: false },
    ]);
  });
});
