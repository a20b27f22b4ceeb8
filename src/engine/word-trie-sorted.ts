// A sorted word list's trie with its equal child lists stored once (docs/scale.md "Word lists").
// An inflected language's list shares its endings: the Polish list's 7.2 million trie nodes
// come down to half a million once equal child lists are one. Read in order, a word leaves the previous
// word's nodes past their common prefix for good, so each such node's children are final at once
// and looked up among the lists already stored (the incremental construction of a minimal
// automaton from sorted data, Daciuk et al. 2000, applied to child lists). The result is laid out
// as WordTrie reads it: a node's children side by side from `firstChild`, so that two nodes with
// the same children point at one list. Pure; WordTrieBuilder feeds it and falls back to a plain
// trie at the first word out of order.
import { MAX_LETTERS, bitCount, type TrieColumns } from './word-trie-layout';

/** A multiplicative hash step (FNV-like) over 32-bit values. */
function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193) >>> 0;
}

/** Growable output columns: the stored child lists, node 0 kept for the root. */
class Stored {
  firstChild = new Int32Array(1 << 16);
  childLetters = new Int32Array(1 << 16);
  letter = new Uint8Array(1 << 16);
  terminal = new Uint8Array(1 << 16);
  size = 1;

  reserve(count: number): number {
    while (this.size + count > this.firstChild.length) this.grow();
    const at = this.size;
    this.size += count;
    return at;
  }

  private grow(): void {
    const length = this.firstChild.length * 2;
    const widen = <A extends Int32Array | Uint8Array>(old: A, next: A): A => {
      next.set(old);
      return next;
    };
    this.firstChild = widen(this.firstChild, new Int32Array(length));
    this.childLetters = widen(this.childLetters, new Int32Array(length));
    this.letter = widen(this.letter, new Uint8Array(length));
    this.terminal = widen(this.terminal, new Uint8Array(length));
  }
}

/**
 * The trie of words given in strictly rising order of their letter codes (a repeated word is
 * allowed and ignored). `add` answers 1 for a new word, 0 for a repeat and -1 for a word out of
 * order, which changes nothing: the caller then builds a plain trie instead.
 */
export class SortedTrieBuilder {
  private readonly stored = new Stored();
  /** The open path, the previous word's nodes: its letters and word ends, depth 1 to `depth`. */
  private readonly pathLetter: Uint8Array;
  private readonly pathTerminal: Uint8Array;
  private depth = 0;
  /** The finished children of each open node, in rising letter order: (letter, terminal, first child, child letters). */
  private readonly pendingCount: Int32Array;
  private readonly pendingLetter: Uint8Array;
  private readonly pendingTerminal: Uint8Array;
  private readonly pendingFirst: Int32Array;
  private readonly pendingBits: Int32Array;
  /** Stored child lists by their content's hash: open addressing, the list's start + 1 (0 free). */
  private register = new Int32Array(1 << 16);
  private registerCount = new Uint8Array(1 << 16);
  private registered = 0;

  constructor(private readonly maxLength: number) {
    this.pathLetter = new Uint8Array(maxLength + 1);
    this.pathTerminal = new Uint8Array(maxLength + 1);
    this.pendingCount = new Int32Array(maxLength + 1);
    const slots = (maxLength + 1) * MAX_LETTERS;
    this.pendingLetter = new Uint8Array(slots);
    this.pendingTerminal = new Uint8Array(slots);
    this.pendingFirst = new Int32Array(slots);
    this.pendingBits = new Int32Array(slots);
  }

  /** The word of the `length` letter codes in `codes`. */
  add(codes: Uint8Array, length: number): number {
    const { pathLetter } = this;
    let shared = 0;
    const most = Math.min(length, this.depth);
    while (shared < most && codes[shared] === pathLetter[shared + 1]) shared++;
    if (shared === length) {
      if (shared < this.depth) return -1;
      return 0;
    }
    if (shared < this.depth && codes[shared] < pathLetter[shared + 1]) return -1;
    for (let d = this.depth; d > shared; d--) this.close(d);
    for (let d = shared + 1; d <= length; d++) {
      pathLetter[d] = codes[d - 1];
      this.pathTerminal[d] = 0;
      this.pendingCount[d] = 0;
    }
    this.pathTerminal[length] = 1;
    this.depth = length;
    return 1;
  }

  /** The finished trie's columns; the builder is spent. */
  finish(): TrieColumns {
    for (let d = this.depth; d > 0; d--) this.close(d);
    this.depth = 0;
    const { stored } = this;
    stored.firstChild[0] = this.childList(0);
    stored.childLetters[0] = this.listBits;
    const size = stored.size;
    const firstChild = new Int32Array(size + 1);
    firstChild.set(stored.firstChild.subarray(0, size));
    firstChild[size] = size;
    return {
      firstChild,
      childLetters: stored.childLetters.slice(0, size),
      letter: stored.letter.slice(0, size),
      terminal: stored.terminal.slice(0, size),
    };
  }

  /** The open node at depth `d` is final: its child list stored (or found), itself a child of its parent. */
  private close(d: number): void {
    const first = this.childList(d);
    const slot = (d - 1) * MAX_LETTERS + this.pendingCount[d - 1]++;
    this.pendingLetter[slot] = this.pathLetter[d];
    this.pendingTerminal[slot] = this.pathTerminal[d];
    this.pendingFirst[slot] = first;
    this.pendingBits[slot] = this.listBits;
  }

  /** The letters of the list {@link childList} last answered. */
  private listBits = 0;

  /** The start of the stored list of the open node at depth `d`'s children, 0 for none; its letters in `listBits`. */
  private childList(d: number): number {
    const count = this.pendingCount[d];
    this.listBits = 0;
    if (count === 0) return 0;
    const base = d * MAX_LETTERS;
    const { pendingLetter, pendingTerminal, pendingFirst, pendingBits } = this;
    let hash = 0x811c9dc5;
    let bits = 0;
    for (let i = base; i < base + count; i++) {
      hash = mix(mix(hash, pendingLetter[i] | (pendingTerminal[i] << 5)), pendingFirst[i]);
      bits |= 1 << pendingLetter[i];
    }
    const mask = this.register.length - 1;
    let at = hash & mask;
    for (let start = this.register[at]; start !== 0; start = this.register[at]) {
      if (this.registerCount[at] === count && this.same(start - 1, base, count)) {
        this.listBits = bits;
        return start - 1;
      }
      at = (at + 1) & mask;
    }
    // Stored in descending letter order, as WordTrie lays a node's children out.
    const { stored } = this;
    const start = stored.reserve(count);
    for (let k = 0; k < count; k++) {
      const from = base + count - 1 - k;
      stored.letter[start + k] = pendingLetter[from];
      stored.terminal[start + k] = pendingTerminal[from];
      stored.firstChild[start + k] = pendingFirst[from];
      stored.childLetters[start + k] = pendingBits[from];
    }
    this.register[at] = start + 1;
    this.registerCount[at] = count;
    if (++this.registered * 2 > this.register.length) this.rehash();
    this.listBits = bits;
    return start;
  }

  /** Whether the stored list from `start` holds the `count` pending children from `base`. */
  private same(start: number, base: number, count: number): boolean {
    const { stored } = this;
    for (let k = 0; k < count; k++) {
      const from = base + count - 1 - k;
      if (
        stored.letter[start + k] !== this.pendingLetter[from] ||
        stored.terminal[start + k] !== this.pendingTerminal[from] ||
        stored.firstChild[start + k] !== this.pendingFirst[from]
      ) {
        return false;
      }
    }
    return true;
  }

  /** A register twice the size, each stored list placed again by its hash. */
  private rehash(): void {
    const old = this.register;
    const oldCount = this.registerCount;
    this.register = new Int32Array(old.length * 2);
    this.registerCount = new Uint8Array(old.length * 2);
    const mask = this.register.length - 1;
    const { stored } = this;
    for (let i = 0; i < old.length; i++) {
      if (old[i] === 0) continue;
      const start = old[i] - 1;
      const count = oldCount[i];
      let hash = 0x811c9dc5;
      for (let k = count - 1; k >= 0; k--)
        hash = mix(mix(hash, stored.letter[start + k] | (stored.terminal[start + k] << 5)), stored.firstChild[start + k]);
      let at = hash & mask;
      while (this.register[at] !== 0) at = (at + 1) & mask;
      this.register[at] = old[i];
      this.registerCount[at] = count;
    }
  }
}

/** Each word of a finished trie, in rising order, as its letter codes in `codes` (reused) and its length. */
export function forEachWord(columns: TrieColumns, codes: Uint8Array, visit: (length: number) => void): void {
  const { firstChild, childLetters, letter, terminal } = columns;
  const walk = (node: number, depth: number): void => {
    if (depth > 0 && terminal[node] === 1) visit(depth);
    const first = firstChild[node];
    const count = bitCount(childLetters[node]);
    // Children lie in descending letter order: the last is the smallest.
    for (let c = first + count - 1; c >= first; c--) {
      codes[depth] = letter[c];
      walk(c, depth + 1);
    }
  };
  walk(0, 0);
}
