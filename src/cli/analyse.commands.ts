// `analyse`: analysis after the game on any GCG file. For each placement, pass
// and exchange, one JSON line: the move played, its score, whether the move generator finds it
// with the word list, and the five best placements the rack allowed on that board. Exit status
// 0 done, 1 a play the board refuses, 2 unusable input (the file, the tile set, the word list).
import { analyseGcg } from '../engine/analysis';
import { wordListTrie, type WordTrie } from '../engine/word-trie';
import type { TileSet } from '../engine';
import { BadInputError, jsonLine } from './command';
import { defineCommand } from './define-command';
import { readInputFile, requireUtf8 } from './input';
import { choiceOption, onePositional } from './options';
import { MAX_WORD_LIST_BYTES, loadGcg, print, readInput, tileSetOption } from './rules.commands';

/** A line of a word list: one word, letters only (diacritics as combining marks too). */
const WORD_LINE = /^[\p{L}\p{M}]+$/u;

/**
 * The word list FILE, one word a line, as the move generator reads it. A line that is not one
 * word, a file that is not UTF-8 text or holds no word the tile set can spell: BadInputError.
 */
async function readWordList(path: string, tileSet: TileSet): Promise<WordTrie> {
  const text = requireUtf8(await readInputFile(path, MAX_WORD_LIST_BYTES), `the word list ${path}`);
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const word = lines[i].trim();
    if (word !== '' && !WORD_LINE.test(word)) {
      const shown = word.length > 40 ? `${word.slice(0, 37)}...` : word;
      throw new BadInputError(`the word list ${path}, line ${i + 1}: "${shown}" is not one word`);
    }
  }
  // From the text, not the lines: a list of millions of words is read without a string per word.
  const words = wordListTrie(text, tileSet);
  if (words.words === 0) throw new BadInputError(`the word list ${path} holds no word of the ${tileSet.name} tile set`);
  return words;
}

export const analyseCommand = defineCommand({
  name: 'analyse',
  usage: 'analyse [--format gcg] [--tile-set ro|en|pl] --lexicon WORDLIST FILE|-',
  summary: 'each turn of a GCG file: the move played and the best five the rack allowed (JSON Lines)',
  options: { format: 'value', 'tile-set': 'value', lexicon: 'value' },
  input: ({ options, positionals }) => {
    const path = onePositional(positionals, 'FILE (or - for stdin)');
    // GCG is the one format for now; the option keeps the command line that of `replay`.
    choiceOption('format', options.format, ['gcg']);
    if (options.lexicon === undefined) throw new BadInputError('--lexicon WORDLIST is required (one word a line)');
    return { path, tileSet: tileSetOption(options['tile-set']), lexicon: options.lexicon };
  },
  async run({ path, tileSet, lexicon }, io) {
    const loaded = loadGcg(await readInput(path, io), tileSet);
    if (!loaded.ok) return print(io, loaded.answer);
    const words = await readWordList(lexicon, loaded.tileSet);
    for (const turn of analyseGcg(loaded.check, words)) io.out(jsonLine(turn));
  },
});
