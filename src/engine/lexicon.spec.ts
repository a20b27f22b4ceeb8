import { loadWordList } from './lexicon';
import { pl, ro } from './testing/fixtures';

describe('loadWordList (docs/rules.md §3)', () => {
  it('matches words case-insensitively and with diacritics folded (Romanian)', () => {
    const lexicon = loadWordList('casă\r\nȘAH\n\n  ţară  \n', ro);
    for (const w of ['CASA', 'casa', 'CASĂ', 'cAsA', 'SAH', 'șah', 'TARA', 'țară']) expect(lexicon.has(w)).toBe(true);
    expect(lexicon.has('CAS')).toBe(false);
    expect(lexicon.has('')).toBe(false);
  });

  it('keeps Polish letters distinct', () => {
    const lexicon = loadWordList('żółw\n', pl);
    expect(lexicon.has('ŻÓŁW')).toBe(true);
    expect(lexicon.has('ZOLW')).toBe(false);
  });
});
