import fc from 'fast-check';
import { loadWordList } from './lexicon';
import { en, pl, ro } from './testing/fixtures';
import { NO_NODE, ROOT, buildWordTrie, type WordTrie } from './word-trie';

/** Every word the trie holds, by walking it: what the move generator can ever form. */
function wordsOf(trie: WordTrie): string[] {
  const out: string[] = [];
  const walk = (node: number, prefix: string) => {
    if (trie.terminal[node] === 1) out.push(prefix);
    for (let c = trie.firstChild[node]; c < trie.firstChild[node + 1]; c++) walk(c, prefix + trie.letters[trie.letter[c]]);
  };
  walk(ROOT, '');
  return out.sort();
}

describe('buildWordTrie (issue 16 item 3)', () => {
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
