// The word list as a trie over the tile set's letters, for the move generator (docs/features.md, Analysis after the game):
// built from a list of words, no file read here. Flat typed arrays rather than objects, so that a
// list of a quarter of a million words loads in a fraction of a second and walks without
// allocating. Words are keyed as the lexicon keys them (docs/rules.md §1: folded, upper case).
import { lexiconKey, type Lexicon } from './lexicon';
import { alphabet } from './tile-sets';
import type { TileSet } from './types';
import { MAX_LETTERS, MAX_LINE_BYTES, NO_NODE, ROOT, bitCount, type TrieColumns } from './word-trie-layout';
import { Columns, initialNodes } from './word-trie-plain';
import { SortedTrieBuilder, forEachWord } from './word-trie-sorted';

export { MAX_LINE_BYTES, NO_NODE, ROOT, type TrieColumns } from './word-trie-layout';

/** A character whose letter code is not worked out yet. */
const UNSEEN = -2;

/** A white-space character: ignored around a word, never inside one. */
const SPACE = -3;

/**
 * A trie node is an index, numbered so that the children of node `n` are the nodes from
 * `firstChild[n]` on, as many as `childLetters[n]` has bits ({@link childrenEnd}), next to each
 * other in memory, in descending letter order. `letter` is the letter code on the edge into a node, `terminal` marks a word's end.
 */
export interface WordTrie extends Lexicon {
  readonly tileSet: TileSet;
  /** Letter codes in order: code `i` is `letters[i]` (the tile set's alphabet, blank-only letters included). */
  readonly letters: readonly string[];
  /** Distinct words held. */
  readonly words: number;
  /** Words of the list no tile of the set can spell (a letter outside its alphabet): left out. */
  readonly unspellable: number;
  /** One more entry than there are nodes. */
  readonly firstChild: Int32Array;
  /** The letters a node's children are reached by, one bit per letter code (bit `code`). */
  readonly childLetters: Int32Array;
  readonly letter: Uint8Array;
  readonly terminal: Uint8Array;
  /** The code of an upper-case, folded letter, or -1 when the alphabet has no such letter. */
  codeOf(letter: string): number;
  /** The child of `node` along letter `code`, or {@link NO_NODE}. */
  child(node: number, code: number): number;
}

/**
 * The letter code of each character of one or two UTF-8 bytes (below U+0800: every letter of the
 * tile sets), worked out once from the full folding (lexiconKey) and remembered: the builder reads
 * a list's bytes through it and `has` a word's characters, neither folding a whole string.
 * {@link SPACE} for white space, -1 for a character that is no letter of the set on its own (a
 * combining mark, ß, a digit), so that the caller folds the whole word the slow way.
 */
class LetterCodes {
  private readonly table = new Int16Array(0x800).fill(UNSEEN);

  constructor(
    private readonly tileSet: TileSet,
    private readonly codes: ReadonlyMap<string, number>,
  ) {}

  /** The code of the character `unit` (below U+0800). */
  of(unit: number): number {
    const known = this.table[unit];
    return known === UNSEEN ? this.learn(unit) : known;
  }

  private learn(unit: number): number {
    const ch = String.fromCharCode(unit);
    let code = SPACE;
    if (!/\s/u.test(ch)) {
      const key = /\p{M}/u.test(ch) ? '' : lexiconKey(this.tileSet, ch);
      code = key.length === 1 ? (this.codes.get(key) ?? -1) : -1;
    }
    this.table[unit] = code;
    return code;
  }
}

/** One past the last child of `node`: its children are `firstChild[node]` up to here. */
export function childrenEnd(trie: Pick<WordTrie, 'firstChild' | 'childLetters'>, node: number): number {
  return trie.firstChild[node] + bitCount(trie.childLetters[node]);
}

/** The longest word `has` reads without folding the whole string first: far beyond any board's 15. */
const FAST_WORD = 64;

/** A word list file's trie: one word a line, as competitions' lists and the arbiter's uploads are written. */
export function wordListTrie(text: string, tileSet: TileSet): WordTrie {
  const bytes = new TextEncoder().encode(text);
  const builder = new WordTrieBuilder(tileSet, bytes.length);
  builder.addBytes(bytes);
  return builder.finish();
}

/**
 * A list's trie from a reader that fills a buffer and answers how many bytes it put there, 0 at
 * the end (a file read with readSync): the list is never held whole. A megabyte at a time.
 */
export function readWordListTrie(tileSet: TileSet, read: (into: Uint8Array) => number, chunkBytes = 1024 * 1024, listBytes = 0): WordTrie {
  const builder = new WordTrieBuilder(tileSet, listBytes);
  const buffer = new Uint8Array(chunkBytes);
  for (let n = read(buffer); n > 0; n = read(buffer)) builder.addBytes(buffer.subarray(0, n));
  return builder.finish();
}

/**
 * The trie of `words` for `tileSet`. Blank lines are ignored; words with a letter the tile set
 * cannot make are counted in `unspellable` and left out (no move can ever form them).
 */
export function buildWordTrie(words: Iterable<string>, tileSet: TileSet): WordTrie {
  const builder = new WordTrieBuilder(tileSet);
  for (const word of words) builder.addWord(word);
  return builder.finish();
}

/** A line feed, the end of a list's line (a \r before it is white space, ignored). */
const LF = 0x0a;

/**
 * The next line feed in `chunk` from `start`, or -1. A plain loop: the built-in indexOf costs a
 * call into the runtime a line, several times the scan of a short word's bytes.
 */
function lineEnd(chunk: Uint8Array, start: number): number {
  for (let i = start; i < chunk.length; i++) if (chunk[i] === LF) return i;
  return -1;
}

/**
 * A trie built a piece at a time: whole words (`addWord`), or a list's UTF-8 bytes in chunks of
 * any size (`addBytes`, a line may run across two chunks), so that a file of millions of words
 * (OSPS, the Polish federation's list: docs/scale.md "Word lists") is read a slice at a time,
 * never held whole nor decoded into millions of strings. `finish` once, after the last piece.
 */
export class WordTrieBuilder {
  private readonly letters: readonly string[];
  private readonly codes: ReadonlyMap<string, number>;
  /**
   * The letter code of each character of one or two UTF-8 bytes: the full folding runs only for a
   * line holding a character the table does not take (a combining mark, a space inside a word, a
   * character of three or four bytes).
   */
  private readonly charCodes: LetterCodes;
  /** The list's words while they come in order (word-trie-sorted.ts); the plain columns after the first that does not. */
  private sorted: SortedTrieBuilder | undefined = new SortedTrieBuilder(MAX_LINE_BYTES);
  private columns: Columns | undefined;
  // A line of at most MAX_LINE_BYTES bytes holds at most as many letters.
  private path = new Uint8Array(MAX_LINE_BYTES);
  // Lists come sorted, so a word mostly starts as the one before it: its nodes are reused.
  private previous = new Uint8Array(MAX_LINE_BYTES);
  private previousLength = 0;
  /** The nodes along the previous word: `nodes[i]` ends its first `i` letters. */
  private readonly nodes = new Int32Array(MAX_LINE_BYTES + 1);
  private words = 0;
  private unspellable = 0;
  /** The start of a line the last chunk did not end: `carried` bytes of it, or -1 once it is too long. */
  private readonly carry = new Uint8Array(MAX_LINE_BYTES);
  private carried = 0;
  private readonly decoder = new TextDecoder();
  private finished = false;

  /** `listBytes`: the list's size when known (a file's), so that the columns rarely grow. */
  constructor(
    private readonly tileSet: TileSet,
    private readonly listBytes = 0,
  ) {
    this.letters = alphabet(tileSet);
    if (this.letters.length > MAX_LETTERS) throw new RangeError(`${tileSet.id}: more than ${MAX_LETTERS} letters`);
    this.codes = new Map(this.letters.map((l, i) => [l, i]));
    this.charCodes = new LetterCodes(tileSet, this.codes);
  }

  /** One word (a line of a list): surrounding spaces ignored, a blank one skipped. */
  addWord(word: string): void {
    const bytes = new TextEncoder().encode(word);
    this.line(bytes, 0, bytes.length);
  }

  /** The next piece of a list's UTF-8 text, one word a line (\n or \r\n); a piece may end mid-character. */
  addBytes(chunk: Uint8Array): void {
    let start = 0;
    let end = lineEnd(chunk, 0);
    if (this.carried !== 0) {
      this.keep(chunk, 0, end < 0 ? chunk.length : end);
      if (end < 0) return;
      this.flush();
      start = end + 1;
      end = lineEnd(chunk, start);
    }
    for (; end >= 0; end = lineEnd(chunk, start)) {
      this.line(chunk, start, end);
      start = end + 1;
    }
    this.keep(chunk, start, chunk.length);
  }

  finish(): WordTrie {
    if (this.finished) throw new Error('WordTrieBuilder.finish called twice');
    this.finished = true;
    this.flush();
    const { tileSet, letters, codes, charCodes } = this;
    const { firstChild, childLetters, letter, terminal } = this.sorted ? this.sorted.finish() : this.columns!.laidOut();
    return trieOf(
      { tileSet, letters, codes, charCodes, words: this.words, unspellable: this.unspellable },
      { firstChild, childLetters, letter, terminal },
    );
  }

  /** Bytes of a line that runs on into the next chunk, as long as the line is not too long to be a word. */
  private keep(chunk: Uint8Array, start: number, end: number): void {
    if (this.carried < 0 || start === end) return;
    if (this.carried + end - start > MAX_LINE_BYTES) {
      this.carried = -1;
      return;
    }
    this.carry.set(chunk.subarray(start, end), this.carried);
    this.carried += end - start;
  }

  /** The line carried over from earlier chunks, now ended. */
  private flush(): void {
    if (this.carried < 0) this.unspellable++;
    else if (this.carried > 0) this.line(this.carry, 0, this.carried);
    this.carried = 0;
  }

  /** The word of the UTF-8 `bytes` from `start` to `end` (a line, its \r included) into the trie. */
  private line(bytes: Uint8Array, start: number, end: number): void {
    if (end - start > MAX_LINE_BYTES) {
      this.unspellable++;
      return;
    }
    const { path, charCodes } = this;
    let length = 0;
    let spaceAfterLetters = false;
    for (let i = start; i < end; i++) {
      let unit = bytes[i];
      let code = -1;
      if (unit < 0x80) code = charCodes.of(unit);
      else if (unit >= 0xc2 && unit < 0xe0 && i + 1 < end && (bytes[i + 1] & 0xc0) === 0x80) {
        unit = ((unit & 0x1f) << 6) | (bytes[++i] & 0x3f);
        code = charCodes.of(unit);
      }
      if (code >= 0 && !spaceAfterLetters) path[length++] = code;
      else if (code === SPACE) spaceAfterLetters = length > 0;
      else {
        // Not a plain letter, or a space inside the word: the full folding decides (lexiconKey).
        length = this.spelled(this.decoder.decode(bytes.subarray(start, end)));
        if (length < 0) this.unspellable++;
        break;
      }
    }
    if (length > 0) this.insert(length);
  }

  /** The slow way: `word`'s letter codes into `path`; their count, or -1 when no tile spells it. */
  private spelled(word: string): number {
    let length = 0;
    for (const ch of lexiconKey(this.tileSet, word)) {
      const code = this.codes.get(ch);
      if (code === undefined) return -1;
      this.path[length++] = code;
    }
    return length;
  }

  /** The word whose `length` letter codes are in `path`. */
  private insert(length: number): void {
    if (this.sorted) {
      const added = this.sorted.add(this.path, length);
      if (added >= 0) {
        this.words += added;
        return;
      }
      this.unsorted();
    }
    this.insertPlain(length);
  }

  /**
   * A word out of order: the words so far go into a plain trie, in order, and so does every word
   * after (an unsorted list costs the plain trie's time and memory, docs/scale.md "Word lists").
   */
  private unsorted(): void {
    const word = this.path.slice();
    const sofar = this.sorted!.finish();
    this.sorted = undefined;
    this.columns = new Columns(initialNodes(this.listBytes));
    this.words = 0;
    this.previousLength = 0;
    const walked = new Uint8Array(MAX_LINE_BYTES);
    forEachWord(sofar, walked, (length) => {
      this.path.set(walked.subarray(0, length));
      this.insertPlain(length);
    });
    this.path.set(word);
  }

  /** {@link insert} into the plain trie. */
  private insertPlain(length: number): void {
    const { path, previous, nodes } = this;
    const columns = this.columns!;
    let shared = 0;
    const most = Math.min(length, this.previousLength);
    while (shared < most && path[shared] === previous[shared]) shared++;
    let node = nodes[shared];
    let i = shared;
    for (; i < length; i++) {
      const next = columns.childOf(node, path[i]);
      if (next === NO_NODE) break;
      node = next;
      nodes[i + 1] = node;
    }
    // The rest of the word is new: each node is its parent's only child, no list to search.
    for (; i < length; i++) {
      node = columns.add(path[i], node);
      nodes[i + 1] = node;
    }
    if (columns.terminal[node] === 0) {
      columns.terminal[node] = 1;
      this.words++;
    }
    this.path = previous;
    this.previous = path;
    this.previousLength = length;
  }
}

interface TrieLetters {
  readonly tileSet: TileSet;
  readonly letters: readonly string[];
  readonly codes: ReadonlyMap<string, number>;
  readonly charCodes: LetterCodes;
  readonly words: number;
  readonly unspellable: number;
}

/** A trie over `tileSet` from its columns as a finished trie laid them out (a binary image read back). */
export function trieFromColumns(tileSet: TileSet, columns: TrieColumns, words: number, unspellable: number): WordTrie {
  const letters = alphabet(tileSet);
  const codes = new Map(letters.map((l, i) => [l, i]));
  return trieOf({ tileSet, letters, codes, charCodes: new LetterCodes(tileSet, codes), words, unspellable }, columns);
}

/**
 * The finished trie. A child is found in constant time: a node's children lie side by side in
 * descending letter order, so the child along `code` comes after as many children as the node has
 * letters above `code` (the bits of `childLetters` above bit `code`). `has` reads a word's
 * characters through the letter table and folds the whole string only for a character the table
 * does not take.
 */
function trieOf(meta: TrieLetters, columns: TrieColumns): WordTrie {
  const { tileSet, letters, codes, charCodes } = meta;
  const { firstChild, childLetters, terminal } = columns;
  const child = (node: number, code: number): number => {
    const bits = childLetters[node];
    if (code < 0 || ((bits >>> code) & 1) === 0) return NO_NODE;
    return firstChild[node] + (code === MAX_LETTERS - 1 ? 0 : bitCount(bits >>> (code + 1)));
  };
  const codeOf = (l: string) => codes.get(l) ?? -1;
  const path = new Uint8Array(FAST_WORD);
  const walk = (length: number): boolean => {
    let node = ROOT;
    for (let i = 0; i < length && node !== NO_NODE; i++) node = child(node, path[i]);
    return node !== NO_NODE && node !== ROOT && terminal[node] === 1;
  };
  /** The slow way: the whole word folded (a combining mark, a space, a long string). */
  const folded = (word: string): boolean => {
    let node = ROOT;
    for (const ch of lexiconKey(tileSet, word)) {
      node = child(node, codes.get(ch) ?? -1);
      if (node === NO_NODE) return false;
    }
    return node !== ROOT && terminal[node] === 1;
  };
  return {
    tileSet,
    letters,
    words: meta.words,
    unspellable: meta.unspellable,
    ...columns,
    codeOf,
    child,
    has(word) {
      if (word.length > FAST_WORD) return folded(word);
      for (let i = 0; i < word.length; i++) {
        const unit = word.charCodeAt(i);
        const code = unit < 0x800 ? charCodes.of(unit) : -1;
        if (code < 0) return folded(word);
        path[i] = code;
      }
      return walk(word.length);
    },
  };
}
