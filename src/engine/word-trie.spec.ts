import fc from 'fast-check';
import { loadWordList } from './lexicon';
import { en, pl, ro } from './testing/fixtures';
import { alphabet } from './tile-sets';
import { MAX_LINE_BYTES, NO_NODE, ROOT, WordTrieBuilder, buildWordTrie, childrenEnd, wordListTrie, type WordTrie } from './word-trie';

/** Every word the trie holds, by walking it: what the move generator can ever form. */
function wordsOf(trie: WordTrie): string[] {
  const out: string[] = [];
  const walk = (node: number, prefix: string) => {
    if (trie.terminal[node] === 1) out.push(prefix);
    for (let c = trie.firstChild[node]; c < childrenEnd(trie, node); c++) walk(c, prefix + trie.letters[trie.letter[c]]);
  };
  walk(ROOT, '');
  return out.sort();
}

describe('buildWordTrie', () => {
  it('holds the words of the list, keyed as the lexicon keys them, and nothing else', () => {
    const trie = buildWordTrie(['casă', 'CASE', '', '  CAS  ', 'case', 'ȘAH\r'], ro);
    expect(wordsOf(trie)).toEqual(['CAS', 'CASA', 'CASE', 'SAH']);
    expect(trie.words).toBe(4);
    for (const w of ['CASA', 'casă', 'Casa', 'SAH', 'șah', 'CAS']) expect(trie.has(w)).toBe(true);
    for (const w of ['CA', 'CASAS', '', 'C']) expect(trie.has(w)).toBe(false);
  });

  it('spells Romanian K, Q, W, Y (blank-only letters) but leaves out words no tile can spell', () => {
    // docs/rules.md §1: Romanian folds every diacritic (É is E); Æ and a hyphen are no letters of it.
    const trie = buildWordTrie(['KILOGRAM', 'ÉCOLE', 'ÆON', 'A-B', 'WEB'], ro);
    expect(wordsOf(trie)).toEqual(['ECOLE', 'KILOGRAM', 'WEB']);
    expect(trie.unspellable).toBe(2);
    expect(buildWordTrie(['ÉCOLE', 'ÇA'], en).unspellable).toBe(2);
  });

  it('keeps Polish letters apart, the 32nd letter (Ż) included, and composes decomposed ones', () => {
    const trie = buildWordTrie(['ŻÓŁW', 'ZOLW', 'A\u0328'], pl);
    expect(wordsOf(trie)).toEqual(['ZOLW', 'Ą', 'ŻÓŁW']);
    expect(trie.codeOf('Ż')).toBe(31);
    expect(trie.codeOf('X')).toBe(-1);
  });

  it('finds a child by its letter', () => {
    const trie = buildWordTrie(['AB', 'AC'], en);
    const a = trie.child(ROOT, trie.codeOf('A'));
    expect(trie.terminal[trie.child(a, trie.codeOf('C'))]).toBe(1);
    expect(trie.child(a, trie.codeOf('D'))).toBe(NO_NODE);
    expect(trie.child(ROOT, trie.codeOf('B'))).toBe(NO_NODE);
  });

  it('answers as the plain word list does, whatever the order of the list', () => {
    const word = fc.string({ unit: fc.constantFrom('A', 'Ă', 'B', 'C', 'K', 'ș', 'x', ' ', '-'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.array(word, { maxLength: 20 }), (list, probes) => {
        const trie = buildWordTrie(list, ro);
        const plain = loadWordList(list.join('\n'), ro);
        for (const w of [...list, ...probes]) expect(trie.has(w)).toBe(plain.has(w) && !/[\s-]/.test(w.trim()));
        const sorted = buildWordTrie([...list].sort(), ro);
        expect(wordsOf(sorted)).toEqual(wordsOf(trie));
      }),
      { numRuns: 200 },
    );
  });
});

describe('a list in order: equal child lists stored once (docs/scale.md "Word lists")', () => {
  const order = alphabet(pl);
  const byCodes = (a: string, b: string): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] !== b[i]) return order.indexOf(a[i]) - order.indexOf(b[i]);
    }
    return a.length - b.length;
  };

  it('shares the endings two words have in common, and answers as a plain trie', () => {
    const shared = buildWordTrie(['CASA', 'MASA'], en);
    const plain = buildWordTrie(['MASA', 'CASA'], en);
    expect(wordsOf(shared)).toEqual(['CASA', 'MASA']);
    expect(wordsOf(plain)).toEqual(['CASA', 'MASA']);
    // The root, then C and M, then one A, S, A below both: against 9 nodes each spelled apart.
    expect(plain.letter.length).toBe(9);
    expect(shared.letter.length).toBe(6);
    for (const w of ['CASA', 'MASA']) expect(shared.has(w)).toBe(true);
    for (const w of ['CAS', 'MAS', 'ASA', 'CASAS']) expect(shared.has(w)).toBe(false);
  });

  it('answers as a plain trie for any list in order, repeats included, and for one that falls out of order part way', () => {
    const word = fc.string({ unit: fc.constantFrom('A', 'Ą', 'B', 'Ł', 'Ż'), minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 5 }), (list, late) => {
        const sorted = [...list].sort(byCodes);
        const expected = [...new Set(sorted)].sort();
        const trie = buildWordTrie(sorted, pl);
        expect(wordsOf(trie)).toEqual(expected);
        expect(trie.words).toBe(expected.length);
        const plain = buildWordTrie([...sorted].reverse(), pl);
        expect(wordsOf(plain)).toEqual(expected);
        expect(trie.letter.length).toBeLessThanOrEqual(plain.letter.length);
        // Words after the sorted ones, in any order: the list becomes a plain trie part way.
        const mixed = buildWordTrie([...sorted, ...late], pl);
        const all = [...new Set([...sorted, ...late])].sort();
        expect(wordsOf(mixed)).toEqual(all);
        expect(mixed.words).toBe(all.length);
        for (const w of [...all, 'ĄĄĄĄĄĄĄĄ', 'Ł']) expect(mixed.has(w)).toBe(all.includes(w));
      }),
      { numRuns: 300 },
    );
  });
});

describe('WordTrieBuilder: a list read a chunk at a time (docs/scale.md "Word lists")', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const chunked = (bytes: Uint8Array, cuts: readonly number[]): WordTrie => {
    const builder = new WordTrieBuilder(pl);
    let from = 0;
    for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
      builder.addBytes(bytes.subarray(from, cut));
      from = cut;
    }
    builder.addBytes(bytes.subarray(from));
    return builder.finish();
  };

  it('keeps Polish letters as letters of their own however the bytes are cut, mid-letter included', () => {
    // Ż is C5 BB in UTF-8: a cut after byte 1 splits it, one after byte 3 splits Ó.
    const bytes = utf8('żółw\r\nzolw\n  ŹREBIĘ \nwąż\nvan\nxero\n\n');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const trie = chunked(bytes, [cut]);
      expect(wordsOf(trie)).toEqual(['WĄŻ', 'ZOLW', 'ŹREBIĘ', 'ŻÓŁW']);
      // V and X are no Polish tiles (docs/rules.md §1): such words are left out, and counted.
      expect([trie.words, trie.unspellable]).toEqual([4, 2]);
    }
    const trie = chunked(bytes, [1, 5]);
    for (const w of ['żółw', 'ŻÓŁW', 'Żółw', 'wąż', 'źrebię']) expect(trie.has(w)).toBe(true);
    for (const w of ['ZÓŁW', 'ŻOLW', 'waz', 'wa', 'van']) expect(trie.has(w)).toBe(false);
  });

  it('answers as the whole text read at once, wherever the chunks are cut', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'ą', 'Ż', 'ł', 'ó', 'Ó', 'z', 'v', ' ', '\r', 'e\u0328', '😀'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 6 }), (list, cuts) => {
        const text = list.join('\n');
        const whole = buildWordTrie(list, pl);
        const trie = chunked(utf8(text), cuts);
        expect(wordsOf(trie)).toEqual(wordsOf(whole));
        expect([trie.words, trie.unspellable]).toEqual([whole.words, whole.unspellable]);
        expect(wordsOf(wordListTrie(text, pl))).toEqual(wordsOf(whole));
      }),
      { numRuns: 200 },
    );
  });

  it('counts a line too long to be any word as unspellable, within a chunk or across chunks', () => {
    const long = 'A'.repeat(MAX_LINE_BYTES + 1);
    const bytes = utf8(`ŁAD\n${long}\nŁADY\n`);
    for (const cuts of [[], [10], [10, 600, 1000]]) {
      const trie = chunked(bytes, cuts);
      expect(wordsOf(trie)).toEqual(['ŁAD', 'ŁADY']);
      expect(trie.unspellable).toBe(1);
    }
    expect(wordsOf(buildWordTrie(['A'.repeat(MAX_LINE_BYTES)], en))).toEqual(['A'.repeat(MAX_LINE_BYTES)]);
  });
});
