// What the word trie's files share (word-trie.ts reads a trie, word-trie-plain.ts and
// word-trie-sorted.ts build one): the node numbers' meaning, the letters' bound and the columns.

/** No node: the end of a child list, or a letter that leads nowhere. */
export const NO_NODE = -1;

/** The root node: the empty prefix. */
export const ROOT = 0;

/** Cross-check masks hold one bit per letter of the alphabet in a 32-bit integer. */
export const MAX_LETTERS = 32;

/**
 * The longest line taken, in UTF-8 bytes: far more than any word (no board holds one over 15
 * letters), and it bounds what a line running across two chunks keeps. A longer one is counted
 * as unspellable.
 */
export const MAX_LINE_BYTES = 1024;

/** The typed arrays of a finished trie: what a binary image of it holds (word-trie-image.ts). */
export interface TrieColumns {
  readonly firstChild: Int32Array;
  readonly childLetters: Int32Array;
  readonly letter: Uint8Array;
  readonly terminal: Uint8Array;
}

/** The set bits of a 32-bit integer. */
export function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
