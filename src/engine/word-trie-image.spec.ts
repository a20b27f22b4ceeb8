import fc from 'fast-check';
import { loadWordList } from './lexicon';
import { en, pl, ro } from './testing/fixtures';
import { buildWordTrie } from './word-trie';
import { wordTrieFromImage, wordTrieImage } from './word-trie-image';

describe('a word trie as a binary image (docs/scale.md "Word lists")', () => {
  it('reads back the same trie: the same arrays, counts and answers', () => {
    const trie = buildWordTrie(['ŻABA', 'źrebię', 'ŁAD', 'łady', 'ÆON', 'ab'], pl);
    const back = wordTrieFromImage(wordTrieImage(trie), pl)!;
    expect([back.words, back.unspellable]).toEqual([trie.words, trie.unspellable]);
    for (const column of ['firstChild', 'childLetters', 'letter', 'terminal'] as const) expect(back[column]).toEqual(trie[column]);
    for (const w of ['żaba', 'ŻABA', 'ŁADY', ' źrebię ', 'zaba', 'ŁA', '']) expect(back.has(w)).toBe(trie.has(w));
    expect(back.child(back.child(0, back.codeOf('Ł')), back.codeOf('A'))).toBe(
      trie.child(trie.child(0, trie.codeOf('Ł')), trie.codeOf('A')),
    );
  });

  it('reads an image whose bytes do not start on a 4-byte boundary (a copy)', () => {
    const image = wordTrieImage(buildWordTrie(['KOT', 'KOTY'], pl));
    const shifted = new Uint8Array(image.length + 1);
    shifted.set(image, 1);
    expect(wordTrieFromImage(shifted.subarray(1), pl)!.has('koty')).toBe(true);
  });

  it('refuses an image of another tile set, another layout, or cut short', () => {
    const image = wordTrieImage(buildWordTrie(['CASA'], ro));
    expect(wordTrieFromImage(image, en)).toBeUndefined();
    expect(wordTrieFromImage(image.subarray(0, image.length - 1), ro)).toBeUndefined();
    expect(wordTrieFromImage(new TextEncoder().encode('CASA\nCASE\n'), ro)).toBeUndefined();
    const otherVersion = image.slice();
    otherVersion[4] = 99;
    expect(wordTrieFromImage(otherVersion, ro)).toBeUndefined();
    expect(wordTrieFromImage(image, ro)!.has('casă')).toBe(true);
  });

  it('answers as the plain word list does, read back from its image', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'ą', 'Ż', 'ł', 'z', 'e\u0328', ' ', 'Z\u0307'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.array(word, { maxLength: 20 }), (list, probes) => {
        const trie = wordTrieFromImage(wordTrieImage(buildWordTrie(list, pl)), pl)!;
        const plain = loadWordList(list.join('\n'), pl);
        for (const w of [...list, ...probes]) expect(trie.has(w)).toBe(plain.has(w) && !/\s/.test(w.trim()));
      }),
      { numRuns: 200 },
    );
  });
});
