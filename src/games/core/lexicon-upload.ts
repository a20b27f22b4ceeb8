// An arbiter's word list before it is stored (issue 7 §3): a safe file name, a bounded size, at
// least one word, readable as the engine reads it. Pure: lexicons.ts writes the file.
import { Refusal } from '../../common/refusal';
import { getTileSet } from '../engine';
import { wordListTrie } from '../engine/word-trie';

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
    });
  }
  if (Buffer.byteLength(text, 'utf8') > MAX_LEXICON_BYTES) {
    return new Refusal('BAD_INPUT', { ro: 'Lista depășește 20 MB.', en: 'The list is over 20 MB.' });
  }
  const words = text.split(/\r?\n/).filter((l) => l.trim() !== '').length;
  if (words === 0) return new Refusal('BAD_INPUT', { ro: 'Lista nu conține niciun cuvânt.', en: 'The list holds no word.' });
  // Read it as the engine will, so a file it cannot read is refused now rather than at the first move.
  wordListTrie(text, getTileSet('ro'));
  return { name: clean, words, text: text.endsWith('\n') ? text : `${text}\n` };
}

/** docs/rules.md §3: a competition's list is fixed for its whole duration, so a new edition is a new name. */
export function lexiconExists(name: string): Refusal {
  return new Refusal(
    'LEXICON_EXISTS',
    {
      ro: `Lista „${name}” există deja și nu se înlocuiește (o competiție o folosește neschimbată); dați alt nume ediției noi.`,
      en: `The list "${name}" already exists and is never replaced (a competition uses it unchanged); give the new edition another name.`,
    },
    409,
  );
}
