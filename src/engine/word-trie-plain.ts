// The plain trie of a word list that does not come in order (word-trie.ts, docs/scale.md
// "Word lists"): growable columns of nodes linked to their next sibling, laid out at the end as
// WordTrie reads them. A list in order takes word-trie-sorted.ts instead.
import { MAX_LETTERS, MAX_LINE_BYTES, NO_NODE, ROOT, type TrieColumns } from './word-trie-layout';

/** No node, in the columns while the trie is built: the root, which is nobody's child nor sibling. */
const NONE = ROOT;

/** Bits of a link (see Columns) that hold the letter code: MAX_LETTERS is 32. */
const LETTER_BITS = 5;
const LETTER_MASK = (1 << LETTER_BITS) - 1;

/** The most nodes a list may make: a link holds a node's index above its letter in 31 bits. */
export const MAX_NODES = 1 << (31 - LETTER_BITS);

/**
 * Growable columns of the trie while it is built. A node's letter and its next sibling share one
 * integer (`link`: the sibling's index above the letter's five bits), so that walking a child list
 * reads one column, not two: children are made far apart in time, and each read is a cache miss.
 */
export class Columns {
  firstChild: Int32Array;
  link: Int32Array;
  terminal: Uint8Array;
  size = 1;

  /** Room for `capacity` nodes before the first growth: a fresh typed array costs no memory until it is written. */
  constructor(capacity: number) {
    this.firstChild = new Int32Array(capacity);
    this.link = new Int32Array(capacity);
    this.terminal = new Uint8Array(capacity);
  }

  add(code: number, parent: number): number {
    if (this.size === this.firstChild.length) this.grow();
    const { link } = this;
    const node = this.size++;
    // Children are kept in descending letter order, so a search stops early; a sorted list only
    // ever adds a child above the others, at the head.
    let before = NONE;
    let after = this.firstChild[parent];
    while (after !== NONE && (link[after] & LETTER_MASK) > code) {
      before = after;
      after = link[after] >> LETTER_BITS;
    }
    link[node] = (after << LETTER_BITS) | code;
    if (before === NONE) this.firstChild[parent] = node;
    else link[before] = (node << LETTER_BITS) | (link[before] & LETTER_MASK);
    return node;
  }

  /** The child of `node` along letter `code`, or {@link NO_NODE}. */
  childOf(node: number, code: number): number {
    const { link } = this;
    for (let c = this.firstChild[node]; c !== NONE; c = link[c] >> LETTER_BITS) {
      const l = link[c] & LETTER_MASK;
      if (l <= code) return l === code ? c : NO_NODE;
    }
    return NO_NODE;
  }

  /**
   * The finished trie in the layout {@link WordTrie} reads: each node's children side by side. The
   * nodes are visited depth first, smallest letter first: the order a sorted list made them in, so
   * the columns are read nearly in order (a breadth-first pass jumps across all of them).
   */
  laidOut(): TrieColumns {
    const { size, link } = this;
    const firstChild = new Int32Array(size + 1);
    const childLetters = new Int32Array(size);
    const letter = new Uint8Array(size);
    const terminal = new Uint8Array(size);
    // Nodes waiting to be visited, as (built index, laid-out index): at most every child of each node along one word.
    const waitingBuilt = new Int32Array((MAX_LINE_BYTES + 1) * MAX_LETTERS);
    const waitingLaid = new Int32Array((MAX_LINE_BYTES + 1) * MAX_LETTERS);
    let waiting = 1;
    let next = 1;
    while (waiting > 0) {
      waiting--;
      const built = waitingBuilt[waiting];
      const laid = waitingLaid[waiting];
      terminal[laid] = this.terminal[built];
      firstChild[laid] = next;
      let bits = 0;
      // Children come in descending letter order; the last one stacked, the smallest, is visited first.
      for (let c = this.firstChild[built]; c !== NONE;) {
        const k = link[c];
        const code = k & LETTER_MASK;
        letter[next] = code;
        bits |= 1 << code;
        waitingBuilt[waiting] = c;
        waitingLaid[waiting] = next++;
        waiting++;
        c = k >> LETTER_BITS;
      }
      childLetters[laid] = bits;
    }
    firstChild[size] = next;
    return { firstChild, childLetters, letter, terminal };
  }

  private grow(): void {
    if (this.firstChild.length >= MAX_NODES) throw new RangeError(`a word list of more than ${MAX_NODES} trie nodes`);
    const length = Math.min(this.firstChild.length * 2, MAX_NODES);
    const widen = <A extends Int32Array | Uint8Array>(old: A, make: (n: number) => A): A => {
      const next = make(length);
      next.set(old);
      return next;
    };
    this.firstChild = widen(this.firstChild, (n) => new Int32Array(n));
    this.link = widen(this.link, (n) => new Int32Array(n));
    this.terminal = widen(this.terminal, (n) => new Uint8Array(n));
  }
}

/**
 * Nodes to make room for, from the list's size: a node per four bytes is above any list measured
 * (SOWPODS about one per three letters and line ends, the Polish list one per eight bytes), and
 * room never written costs no memory (docs/scale.md "Word lists").
 */
export function initialNodes(listBytes: number): number {
  return Math.max(1 << 16, Math.min(Math.ceil(listBytes / 4) + 1, MAX_NODES));
}
