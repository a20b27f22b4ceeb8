// The word list as a trie over the tile set's letters, for the move generator (issue 16 item 3):
// built from a list of words, no file read here. Flat typed arrays rather than objects, so that a
// list of a quarter of a million words loads in a fraction of a second and walks without
// allocating. Words are keyed as the lexicon keys them (docs/rules.md §1: folded, upper case).
import { lexiconKey, type Lexicon } from './lexicon';
import { alphabet } from './tile-sets';
import type { TileSet } from './types';

/** No node: the end of a child list, or a letter that leads nowhere. */
export const NO_NODE = -1;

/** The root node: the empty prefix. */
export const ROOT = 0;

/** A character whose letter code is not worked out yet. */
const UNSEEN = -2;

/** Cross-check masks hold one bit per letter of the alphabet in a 32-bit integer. */
const MAX_LETTERS = 32;

/**
 * A trie node is an index, numbered breadth first, so that the children of node `n` are the
 * nodes `firstChild[n]` to `firstChild[n + 1] - 1`, next to each other in memory, in descending
 * letter order. `letter` is the letter code on the edge into a node, `terminal` marks a word's end.
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

/** Growable columns of the trie while it is built. */
class Columns {
  firstChild = new Int32Array(1 << 16).fill(NO_NODE);
  sibling = new Int32Array(1 << 16).fill(NO_NODE);
  letter = new Uint8Array(1 << 16);
  terminal = new Uint8Array(1 << 16);
  size = 1;

  add(code: number, parent: number): number {
    if (this.size === this.firstChild.length) this.grow();
    const node = this.size++;
    this.letter[node] = code;
    // Children are kept in descending letter order, so a search stops early; a sorted list only
    // ever adds a child above the others, at the head.
    let before = NO_NODE;
    let after = this.firstChild[parent];
    while (after !== NO_NODE && this.letter[after] > code) {
      before = after;
      after = this.sibling[after];
    }
    this.sibling[node] = after;
    if (before === NO_NODE) this.firstChild[parent] = node;
    else this.sibling[before] = node;
    return node;
  }

  /** The finished trie in the layout {@link WordTrie} reads: each node's children side by side. */
  breadthFirst(): { firstChild: Int32Array; childLetters: Int32Array; letter: Uint8Array; terminal: Uint8Array } {
    const order = new Int32Array(this.size);
    const firstChild = new Int32Array(this.size + 1);
    const childLetters = new Int32Array(this.size);
    const letter = new Uint8Array(this.size);
    const terminal = new Uint8Array(this.size);
    let next = 1;
    for (let n = 0; n < this.size; n++) {
      const old = order[n];
      letter[n] = this.letter[old];
      terminal[n] = this.terminal[old];
      firstChild[n] = next;
      for (let c = this.firstChild[old]; c !== NO_NODE; c = this.sibling[c]) {
        order[next++] = c;
        childLetters[n] |= 1 << this.letter[c];
      }
    }
    firstChild[this.size] = next;
    return { firstChild, childLetters, letter, terminal };
  }

  private grow(): void {
    const length = this.firstChild.length * 2;
    const widen = <A extends Int32Array | Uint8Array>(old: A, make: (n: number) => A, fill?: number): A => {
      const next = make(length);
      if (fill !== undefined) next.fill(fill, old.length);
      next.set(old);
      return next;
    };
    this.firstChild = widen(this.firstChild, (n) => new Int32Array(n), NO_NODE);
    this.sibling = widen(this.sibling, (n) => new Int32Array(n), NO_NODE);
    this.letter = widen(this.letter, (n) => new Uint8Array(n));
    this.terminal = widen(this.terminal, (n) => new Uint8Array(n));
  }
}

/** `word`'s letter codes into `path`: 'ok', 'blank' (nothing but spaces), or 'unspellable'. */
function spell(
  word: string,
  path: number[],
  codeOfChar: (unit: number) => number,
  codes: ReadonlyMap<string, number>,
  tileSet: TileSet,
): 'ok' | 'blank' | 'unspellable' {
  path.length = 0;
  for (let i = 0; i < word.length; i++) {
    const code = codeOfChar(word.charCodeAt(i));
    if (code < 0) break;
    path.push(code);
  }
  if (path.length === word.length) return path.length === 0 ? 'blank' : 'ok';
  path.length = 0;
  const key = lexiconKey(tileSet, word);
  for (const ch of key) {
    const code = codes.get(ch);
    if (code === undefined) return 'unspellable';
    path.push(code);
  }
  return path.length === 0 ? 'blank' : 'ok';
}

function childOf(firstChild: Int32Array, sibling: Int32Array, letter: Uint8Array, node: number, code: number): number {
  for (let c = firstChild[node]; c !== NO_NODE; c = sibling[c]) {
    if (letter[c] <= code) return letter[c] === code ? c : NO_NODE;
  }
  return NO_NODE;
}

/** A word list file's trie: one word a line, as competitions' lists and the arbiter's uploads are written. */
export function wordListTrie(text: string, tileSet: TileSet): WordTrie {
  return buildWordTrie(text.split(/\r?\n/), tileSet);
}

/**
 * The trie of `words` for `tileSet`. Blank lines are ignored; words with a letter the tile set
 * cannot make are counted in `unspellable` and left out (no move can ever form them).
 */
export function buildWordTrie(words: Iterable<string>, tileSet: TileSet): WordTrie {
  const letters = alphabet(tileSet);
  if (letters.length > MAX_LETTERS) throw new RangeError(`${tileSet.id}: more than ${MAX_LETTERS} letters`);
  const codes = new Map(letters.map((l, i) => [l, i]));
  // Most characters of a list are plain letters: each character's code is worked out once, and
  // the full folding runs only for a word holding one the table does not take (a combining mark,
  // a space, half of a surrogate pair).
  const charCodes = new Int16Array(0x10000).fill(UNSEEN);
  const codeOfChar = (unit: number): number => {
    let code = charCodes[unit];
    if (code === UNSEEN) {
      const ch = String.fromCharCode(unit);
      const key = /\p{M}|\s/u.test(ch) ? '' : lexiconKey(tileSet, ch);
      code = key.length === 1 ? (codes.get(key) ?? -1) : -1;
      charCodes[unit] = code;
    }
    return code;
  };

  const columns = new Columns();
  let path: number[] = [];
  // Lists come sorted, so a word mostly starts as the one before it: its nodes are reused.
  let previous: number[] = [];
  const nodes: number[] = [ROOT];
  let count = 0;
  let unspellable = 0;
  for (const word of words) {
    const spelled = spell(word, path, codeOfChar, codes, tileSet);
    if (spelled === 'unspellable') unspellable++;
    if (spelled !== 'ok') continue;
    let shared = 0;
    while (shared < path.length && shared < previous.length && path[shared] === previous[shared]) shared++;
    let node = nodes[shared];
    for (let i = shared; i < path.length; i++) {
      const next = childOf(columns.firstChild, columns.sibling, columns.letter, node, path[i]);
      node = next === NO_NODE ? columns.add(path[i], node) : next;
      nodes[i + 1] = node;
    }
    if (columns.terminal[node] === 0) {
      columns.terminal[node] = 1;
      count++;
    }
    const spare = previous;
    previous = path;
    path = spare;
  }

  const { firstChild, childLetters, letter, terminal } = columns.breadthFirst();
  const child = (node: number, code: number): number => {
    for (let c = firstChild[node], end = firstChild[node + 1]; c < end; c++) {
      if (letter[c] <= code) return letter[c] === code ? c : NO_NODE;
    }
    return NO_NODE;
  };
  const codeOf = (l: string) => codes.get(l) ?? -1;
  return {
    tileSet,
    letters,
    words: count,
    unspellable,
    firstChild,
    childLetters,
    letter,
    terminal,
    codeOf,
    child,
    has(word) {
      let node = ROOT;
      for (const ch of lexiconKey(tileSet, word)) {
        const code = codes.get(ch);
        node = code === undefined ? NO_NODE : child(node, code);
        if (node === NO_NODE) return false;
      }
      return node !== ROOT && terminal[node] === 1;
    },
  };
}
