// The word list in force for a competition (docs/rules.md §3). The engine only reports words
// missing from it; it never refuses a move for that (docs/rules.md §3, §6).
import { foldWord, upperLetter } from './tile-sets';
import type { TileSet } from './types';

export interface Lexicon {
  has(word: string): boolean;
}

/** A word as the lexicon keys it: folded (docs/rules.md §1) and upper case, blanks' case forgotten. */
export function lexiconKey(tileSet: TileSet, word: string): string {
  return [...foldWord(tileSet, word.trim())].map(upperLetter).join('');
}

/** A plain word list, one word per line; blank lines and surrounding spaces are ignored. */
export function loadWordList(text: string, tileSet: TileSet): Lexicon {
  const words = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const key = lexiconKey(tileSet, line);
    if (key !== '') words.add(key);
  }
  return { has: (word) => words.has(lexiconKey(tileSet, word)) };
}
