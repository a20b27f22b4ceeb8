// Tile sets are data (docs/rules.md §1): the engine has no letter tables of its own.
import type { TileDef, TileSet, TileSetId } from './types';

/** The blank (joker). docs/rules.md §1: worth 0, stands for any letter of the alphabet. */
export const BLANK = '?';

/** Tiles in a rack; placing all of them earns the bonus (docs/rules.md §3). */
export const RACK_SIZE = 7;

/** `count × value` pairs keyed by letter, the compact form of the rule book's tables. */
function defs(table: Readonly<Record<string, readonly [count: number, value: number]>>): TileDef[] {
  return Object.entries(table).map(([letter, [count, value]]) => ({ letter, count, value }));
}

const TILE_SETS: Readonly<Record<TileSetId, TileSet>> = {
  // docs/rules.md §1 table [F Anexa 1]; K, Q, W, Y exist only as blanks; diacritics folded.
  ro: {
    id: 'ro',
    name: 'Română (FRSc)',
    tiles: defs({
      A: [11, 1],
      B: [2, 9],
      C: [5, 1],
      D: [4, 2],
      E: [9, 1],
      F: [2, 8],
      G: [2, 9],
      H: [1, 10],
      I: [10, 1],
      J: [1, 10],
      L: [4, 1],
      M: [3, 4],
      N: [6, 1],
      O: [5, 1],
      P: [4, 2],
      R: [7, 1],
      S: [5, 1],
      T: [7, 1],
      U: [6, 1],
      V: [2, 8],
      X: [1, 10],
      Z: [1, 10],
      [BLANK]: [2, 0],
    }),
    blankOnlyLetters: ['K', 'Q', 'W', 'Y'],
    foldsDiacritics: true,
  },
  en: {
    id: 'en',
    name: 'English',
    tiles: defs({
      A: [9, 1],
      B: [2, 3],
      C: [2, 3],
      D: [4, 2],
      E: [12, 1],
      F: [2, 4],
      G: [3, 2],
      H: [2, 4],
      I: [9, 1],
      J: [1, 8],
      K: [1, 5],
      L: [4, 1],
      M: [2, 3],
      N: [6, 1],
      O: [8, 1],
      P: [2, 3],
      Q: [1, 10],
      R: [6, 1],
      S: [4, 1],
      T: [6, 1],
      U: [4, 1],
      V: [2, 4],
      W: [2, 4],
      X: [1, 8],
      Y: [2, 4],
      Z: [1, 10],
      [BLANK]: [2, 0],
    }),
  },
  // docs/rules.md §1: Polish letters with diacritics are letters of their own, never folded.
  pl: {
    id: 'pl',
    name: 'Polski',
    tiles: defs({
      A: [9, 1],
      Ą: [1, 5],
      B: [2, 3],
      C: [3, 2],
      Ć: [1, 6],
      D: [3, 2],
      E: [7, 1],
      Ę: [1, 5],
      F: [1, 5],
      G: [2, 3],
      H: [2, 3],
      I: [8, 1],
      J: [2, 3],
      K: [3, 2],
      L: [3, 2],
      Ł: [2, 3],
      M: [3, 2],
      N: [5, 1],
      Ń: [1, 7],
      O: [6, 1],
      Ó: [1, 5],
      P: [3, 2],
      R: [4, 1],
      S: [4, 1],
      Ś: [1, 5],
      T: [3, 2],
      U: [2, 3],
      W: [4, 1],
      Y: [4, 2],
      Z: [5, 1],
      Ź: [1, 9],
      Ż: [1, 5],
      [BLANK]: [2, 0],
    }),
  },
};

export const TILE_SET_IDS: readonly TileSetId[] = Object.keys(TILE_SETS) as TileSetId[];

export function isTileSetId(id: string): id is TileSetId {
  return Object.prototype.hasOwnProperty.call(TILE_SETS, id);
}

export function getTileSet(id: TileSetId): TileSet {
  return TILE_SETS[id];
}

/** Lookups derived once per tile set (tile sets are immutable data). */
interface TileSetIndex {
  readonly values: ReadonlyMap<string, number>;
  readonly counts: ReadonlyMap<string, number>;
  /** Letters a blank may stand for: every real letter plus the blank-only ones. */
  readonly alphabet: ReadonlySet<string>;
  readonly totalTiles: number;
}

const indexes = new WeakMap<TileSet, TileSetIndex>();
// The set asked for last: scoring asks for letter values thousands of times a move search, always
// of the same set, and a WeakMap lookup costs more than the rest of letterValue.
let lastSet: TileSet | undefined;
let lastIndex: TileSetIndex | undefined;

function indexOf(tileSet: TileSet): TileSetIndex {
  if (tileSet === lastSet) return lastIndex!;
  let index = indexes.get(tileSet);
  if (!index) {
    const values = new Map(tileSet.tiles.map((t) => [t.letter, t.value]));
    const counts = new Map(tileSet.tiles.map((t) => [t.letter, t.count]));
    const alphabet = new Set([...tileSet.tiles.map((t) => t.letter).filter((l) => l !== BLANK), ...(tileSet.blankOnlyLetters ?? [])]);
    const totalTiles = tileSet.tiles.reduce((sum, t) => sum + t.count, 0);
    index = { values, counts, alphabet, totalTiles };
    indexes.set(tileSet, index);
  }
  lastSet = tileSet;
  lastIndex = index;
  return index;
}

/** Face value of a tile letter (upper case); 0 for the blank and for letters with no tile. */
export function letterValue(tileSet: TileSet, letter: string): number {
  return indexOf(tileSet).values.get(letter) ?? 0;
}

/** How many tiles of this letter (or `?`) the set holds; 0 for blank-only letters like Romanian K. */
export function tileCount(tileSet: TileSet, letter: string): number {
  return indexOf(tileSet).counts.get(letter) ?? 0;
}

export function totalTiles(tileSet: TileSet): number {
  return indexOf(tileSet).totalTiles;
}

/** Whether `letter` (upper case, folded) is a letter of this game: a tile's, or one only a blank can be. */
export function isAlphabetLetter(tileSet: TileSet, letter: string): boolean {
  return indexOf(tileSet).alphabet.has(letter);
}

/** Letters a blank may stand for, in the tile set's order. */
export function alphabet(tileSet: TileSet): readonly string[] {
  return [...indexOf(tileSet).alphabet];
}

/** Sum of face values of tiles (`?` counts 0), e.g. a rack at the end (docs/rules.md §4). */
export function tilesValue(tileSet: TileSet, tiles: Iterable<string>): number {
  let sum = 0;
  for (const t of tiles) sum += letterValue(tileSet, t);
  return sum;
}

// Combining marks left by NFD: Ă→A+˘, Ș→S+̦, Ş→S+̧, and so on.
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/**
 * docs/rules.md §1: in a set that folds diacritics (Romanian) Ă = Â = A, Î = I, Ș = Ş = S,
 * Ț = Ţ = T; case is kept, since in notation lower case means a blank. Other sets only
 * normalise to NFC, so a Polish Ą typed as A + combining ogonek is still the letter Ą.
 */
export function foldWord(tileSet: TileSet, s: string): string {
  return tileSet.foldsDiacritics ? s.normalize('NFD').replace(COMBINING_MARKS, '') : s.normalize('NFC');
}

/** {@link foldWord} for one character. */
export function foldLetter(tileSet: TileSet, ch: string): string {
  return foldWord(tileSet, ch);
}

/**
 * Locale-independent case mapping of one letter (String#toUpperCase never applies the
 * Turkish dotless-i rule; toLocaleUpperCase would). Letters whose upper case is not one
 * character (ß → SS) are not tile letters: they come back unchanged so callers reject them.
 */
export function upperLetter(ch: string): string {
  const up = ch.toUpperCase();
  return up.length === ch.length ? up : ch;
}

export function lowerLetter(ch: string): string {
  const low = ch.toLowerCase();
  return low.length === ch.length ? low : ch;
}

/** A letter is written in lower case (a blank in notation) when it has a distinct upper case. */
export function isLowerCase(ch: string): boolean {
  return ch !== upperLetter(ch) && ch === lowerLetter(ch);
}
