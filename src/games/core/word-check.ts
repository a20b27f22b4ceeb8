// The word check for the mover: for each word a move forms, whether the
// competition's list holds it, told before the move is sent. The regulation notes that players
// who can check words in the official list before sending are at an advantage (seed 003,
// Observații); here every player has the same check. A word off the list never refuses the move
// (docs/rules.md §3): the partner may contest it (docs/rules.md §6).
import { inLanguage } from '../../common/bilingual';
import type { Bilingual, Language } from '../../common/bilingual';

// Types, not interfaces: a check travels in JSON payloads (an outbox row's), which take only types.

/** One word of the move and the list's answer. */
export type WordVerdict = {
  readonly coord: string;
  /** As the platform writes it: blanks lower case. */
  readonly word: string;
  readonly inList: boolean;
};

/** The check of one move; `list` is false when the competition has no word list to check against. */
export type WordCheck = {
  readonly list: boolean;
  readonly words: readonly WordVerdict[];
};

/**
 * The check of a move's words from what the engine found missing (`unknownWords`, computed with
 * the competition's lexicon): with no list, nothing is checked and no word is said to be in it.
 */
export function checkWords(
  words: readonly { readonly coord: string; readonly word: string }[],
  unknownWords: readonly string[],
  list: boolean,
): WordCheck {
  if (!list) return { list: false, words: [] };
  const unknown = new Set(unknownWords);
  return { list: true, words: words.map(({ coord, word }) => ({ coord, word, inList: !unknown.has(word) })) };
}

const TEXTS = {
  inList: { ro: 'în listă', en: 'in the list', pl: 'w słowniku' },
  notInList: {
    ro: 'nu este în listă — partenerul îl poate contesta',
    en: 'not in the list — your partner may contest it',
    pl: 'nie ma w słowniku — przeciwnik może go sprawdzić',
  },
  noList: {
    ro: 'Competiția nu are o listă de cuvinte: cuvintele nu sunt verificate.',
    en: 'This competition has no word list: words are not checked.',
    pl: 'Rozgrywki nie mają słownika: wyrazy nie są sprawdzane.',
  },
} as const satisfies Record<string, Bilingual>;

/** One line per word ("CASĂ: in the list"), or the one line saying there is no list (a pass forms no word: show none). */
export function wordCheckLines(check: WordCheck, lang: Language): string[] {
  if (!check.list) return [inLanguage(TEXTS.noList, lang)];
  return check.words.map((w) => verdictLine(w, lang));
}

function verdictLine(w: WordVerdict, lang: Language): string {
  return `${w.word}: ${inLanguage(w.inList ? TEXTS.inList : TEXTS.notInList, lang)}`;
}

/** A line of the word check as a page shows it: a word off the list is marked in its text, not by colour alone. */
export type WordNote = { readonly text: string; readonly offList: boolean };

/** The mark before each verdict: ✓ in the list, ⚠ off it (the page's style differs too). */
export const WORD_MARKS = { inList: '✓', offList: '⚠' } as const;

/** The page's lines of the check: each word with its mark, or the one line saying there is no list. */
export function wordCheckNotes(check: WordCheck, lang: Language): WordNote[] {
  if (!check.list) return [{ text: inLanguage(TEXTS.noList, lang), offList: false }];
  return check.words.map((w) => ({
    text: `${w.inList ? WORD_MARKS.inList : WORD_MARKS.offList} ${verdictLine(w, lang)}`,
    offList: !w.inList,
  }));
}
