// An arbiter's word list before it is stored (docs/web.md, Arbiter's panel): a safe file name, a bounded size, at
// least one word, readable as the engine reads it. Pure: lexicons.service.ts writes the file.
import { Refusal } from '../../common/refusal';

/** Lexicon names: a file name under DATA_DIR/lexicons, nothing that could climb out of it. */
const LEXICON_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const MAX_LEXICON_BYTES = 20 * 1024 * 1024;

/** A list ready to be written: its name, its words counted, its text ending with a line break. */
export interface LexiconUpload {
  readonly name: string;
  readonly words: number;
  readonly text: string;
}

export function checkLexiconUpload(name: string, text: string): LexiconUpload | Refusal {
  const clean = name.trim().toLowerCase();
  if (!LEXICON_NAME.test(clean)) {
    return new Refusal('BAD_INPUT', {
      ro: 'Numele listei: litere mici, cifre, - și _, cel mult 40 de caractere.',
      en: 'The list’s name: lower-case letters, digits, - and _, at most 40 characters.',
      pl: 'Nazwa słownika: małe litery, cyfry, - i _, najwyżej 40 znaków.',
    });
  }
  if (Buffer.byteLength(text, 'utf8') > MAX_LEXICON_BYTES) {
    return new Refusal('BAD_INPUT', { ro: 'Lista depășește 20 MB.', en: 'The list is over 20 MB.', pl: 'Słownik przekracza 20 MB.' });
  }
  const words = countWords(text);
  if (words === 0)
    return new Refusal('BAD_INPUT', {
      ro: 'Lista nu conține niciun cuvânt.',
      en: 'The list holds no word.',
      pl: 'Słownik nie zawiera żadnego wyrazu.',
    });
  // No trie is built here: any text reads as one (a line no tile spells is left out), and the
  // competition reads the list with its own tile set when it first needs it (lexicons.service.ts).
  return { name: clean, words, text: text.endsWith('\n') ? text : `${text}\n` };
}

/**
 * The lines holding more than white space, counted in one pass without splitting the text: a
 * list of millions of words would otherwise become millions of strings.
 */
export function countWords(text: string): number {
  const nonSpace = /\S/g;
  let count = 0;
  while (nonSpace.test(text)) {
    count++;
    const end = text.indexOf('\n', nonSpace.lastIndex);
    if (end < 0) break;
    nonSpace.lastIndex = end + 1;
  }
  return count;
}

/** docs/rules.md §3: a competition's list is fixed for its whole duration, so a new edition is a new name. */
export function lexiconExists(name: string): Refusal {
  return new Refusal(
    'LEXICON_EXISTS',
    {
      ro: `Lista „${name}” există deja și nu se înlocuiește (o competiție o folosește neschimbată); dați alt nume ediției noi.`,
      en: `The list "${name}" already exists and is never replaced (a competition uses it unchanged); give the new edition another name.`,
      pl: `Słownik „${name}” już istnieje i nigdy nie jest zastępowany (rozgrywki używają go bez zmian); nadaj nowemu wydaniu inną nazwę.`,
    },
    409,
  );
}
