// A finished word trie as bytes and back (docs/scale.md "Word lists"): a list of millions of words
// is built from its text once, and its image read back in the time it takes to read the bytes —
// no parsing, no folding, the typed arrays laid over the bytes as they are. Pure: the caller reads
// and writes the file (games/persistence/lexicons.service.ts).
import { alphabet } from './tile-sets';
import type { TileSet } from './types';
import { trieFromColumns, type WordTrie } from './word-trie';

/** "WTRI" and the layout's version: an image of another layout is not read. */
const MAGIC = 0x49525457;
const VERSION = 1;
/**
 * Eight 32-bit words: magic, version, nodes, words, unspellable, a hash of the tile set's alphabet
 * (the letter codes are its indices), the tile set's id (up to 8 bytes).
 */
const HEADER_BYTES = 32;
const ID_AT = 24;
const ID_BYTES = 8;

/** FNV-1a of the alphabet in order: an image built over other letter codes is not read. */
function alphabetHash(tileSet: TileSet): number {
  let hash = 0x811c9dc5;
  for (const ch of alphabet(tileSet).join('|')) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
}

/** The image of `trie`: a header, then firstChild, childLetters, letter, terminal. */
export function wordTrieImage(trie: WordTrie): Uint8Array {
  const nodes = trie.letter.length;
  const bytes = new Uint8Array(HEADER_BYTES + (nodes + 1) * 4 + nodes * 4 + nodes * 2);
  const header = new DataView(bytes.buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, VERSION, true);
  header.setUint32(8, nodes, true);
  header.setUint32(12, trie.words, true);
  header.setUint32(16, trie.unspellable, true);
  header.setUint32(20, alphabetHash(trie.tileSet), true);
  bytes.set(new TextEncoder().encode(trie.tileSet.id).subarray(0, ID_BYTES), ID_AT);
  let at = HEADER_BYTES;
  for (const column of [trie.firstChild, trie.childLetters, trie.letter, trie.terminal]) {
    bytes.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), at);
    at += column.byteLength;
  }
  return bytes;
}

/**
 * The trie an image holds, for `tileSet`; undefined when the bytes are not an image of this
 * layout for this tile set, or are cut short (the caller then builds the trie from the list).
 * The arrays are views over `bytes` when it is aligned, so keep it unchanged.
 */
export function wordTrieFromImage(bytes: Uint8Array, tileSet: TileSet): WordTrie | undefined {
  if (bytes.byteLength < HEADER_BYTES) return undefined;
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  if (header.getUint32(0, true) !== MAGIC || header.getUint32(4, true) !== VERSION) return undefined;
  const id = new TextDecoder().decode(bytes.subarray(ID_AT, ID_AT + ID_BYTES)).replace(/\0+$/, '');
  if (id !== tileSet.id.slice(0, ID_BYTES) || header.getUint32(20, true) !== alphabetHash(tileSet)) return undefined;
  const nodes = header.getUint32(8, true);
  if (nodes < 1 || bytes.byteLength !== HEADER_BYTES + (nodes + 1) * 4 + nodes * 4 + nodes * 2) return undefined;
  // Int32Array views need an offset that is a multiple of 4; a copy when the bytes sit elsewhere.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  let at = own.byteOffset + HEADER_BYTES;
  const take = <A>(make: (buffer: ArrayBufferLike, offset: number, length: number) => A, length: number, size: number): A => {
    const view = make(own.buffer, at, length);
    at += length * size;
    return view;
  };
  const firstChild = take((b, o, n) => new Int32Array(b, o, n), nodes + 1, 4);
  const childLetters = take((b, o, n) => new Int32Array(b, o, n), nodes, 4);
  const letter = take((b, o, n) => new Uint8Array(b, o, n), nodes, 1);
  const terminal = take((b, o, n) => new Uint8Array(b, o, n), nodes, 1);
  return trieFromColumns(tileSet, { firstChild, childLetters, letter, terminal }, header.getUint32(12, true), header.getUint32(16, true));
}
