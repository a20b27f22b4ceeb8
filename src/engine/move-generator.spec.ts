// The move generator against the engine's own rules (docs/features.md, Analysis after the game): every move it lists is one
// resolvePlacement accepts from the rack, forming listed words only, scored as scorePlacement
// scores it; and, against a brute force that tries every listed word on every square through the
// validator alone, it misses none.
import fc from 'fast-check';
import { BOARD_SIZE, emptyBoard, withTiles, type Board } from './board';
import { lexiconKey } from './lexicon';
import { scorePlacement } from './score';
import { generateMoves, placementKey, type GeneratedMove } from './move-generator';
import { seededRandom } from './testing/random-game';
import { boardAfter, check, en, pl, ro } from './testing/fixtures';
import { BLANK } from './tile-sets';
import type { Direction, TileSet, WrittenPlacement } from './types';
import { resolvePlacement, resolveTiles, type ResolveOptions } from './validate';
import { buildWordTrie, wordListTrie } from './word-trie';

const DIRECTIONS: readonly Direction[] = ['across', 'down'];

/**
 * The engine's verdict on a generated move: legal from `rack` (resolveTiles), written in the
 * generator's direction, the same score and words as scorePlacement's, every word listed.
 */
function expectSound(
  board: Board,
  rack: readonly string[],
  listed: ReadonlySet<string>,
  move: GeneratedMove,
  tileSet: TileSet,
  opts?: ResolveOptions,
) {
  const resolved = resolveTiles(board, move.tiles, rack, tileSet, opts);
  if (!resolved.ok) throw new Error(`${placementKey(move.tiles)} refused: ${resolved.code}`);
  expect(resolved.main.direction).toBe(move.direction);
  expect(resolved.scored.score).toBe(move.score);
  for (const w of resolved.scored.words) {
    if (!listed.has(lexiconKey(tileSet, w.word))) throw new Error(`${placementKey(move.tiles)} forms ${w.word}, not listed`);
  }
}

/**
 * Every legal placement forming listed words only, found without the generator: each listed word
 * tried on every square in both directions, each new letter as a tile or a blank, each
 * judged by resolvePlacement alone. Keyed by placementKey.
 */
function bruteForce(
  board: Board,
  rack: readonly string[],
  listed: ReadonlySet<string>,
  tileSet: TileSet,
  opts?: ResolveOptions,
): Set<string> {
  const found = new Set<string>();
  const blanks = rack.filter((t) => t === BLANK).length;
  for (const word of listed) {
    const letters = [...word];
    for (const direction of DIRECTIONS) {
      for (let row = 0; row < BOARD_SIZE; row++) {
        for (let col = 0; col < BOARD_SIZE; col++) {
          const [dr, dc] = direction === 'across' ? [0, 1] : [1, 0];
          if (row + dr * (letters.length - 1) >= BOARD_SIZE || col + dc * (letters.length - 1) >= BOARD_SIZE) continue;
          const empty = letters.map((_, i) => board.squares[(row + dr * i) * BOARD_SIZE + col + dc * i] === undefined);
          const fresh = empty.filter(Boolean).length;
          if (fresh === 0 || fresh > rack.length) continue;
          // Each subset of the new letters as blanks (as many as the rack holds).
          for (let mask = 0; mask < 1 << letters.length; mask++) {
            let used = 0;
            let fits = true;
            for (let i = 0; i < letters.length; i++) {
              if (mask & (1 << i)) {
                used++;
                fits &&= empty[i];
              }
            }
            if (!fits || used > blanks) continue;
            const written: WrittenPlacement = {
              kind: 'place',
              start: { row, col },
              direction,
              letters: letters.map((letter, i) => ({ letter, blank: (mask & (1 << i)) !== 0, onBoard: 'unknown' as const })),
            };
            const resolved = resolvePlacement(board, written, rack, tileSet, opts);
            if (resolved.ok && resolved.scored.words.every((w) => listed.has(lexiconKey(tileSet, w.word)))) {
              found.add(placementKey(resolved.tiles));
            }
          }
        }
      }
    }
  }
  return found;
}

function keysOf(moves: readonly GeneratedMove[]): string[] {
  return moves.map((m) => placementKey(m.tiles)).sort();
}

/** The words of a list as the lexicon keys them. */
function keyed(words: readonly string[], tileSet: TileSet): Set<string> {
  return new Set(words.map((w) => lexiconKey(tileSet, w)).filter((w) => w !== ''));
}

describe('generateMoves', () => {
  it('opens through h8 only, across and down, with every blank choice', () => {
    const words = ['CASA'];
    const moves = generateMoves(emptyBoard(), [...'CASAXEI'], buildWordTrie(words, ro));
    expect(moves.map((m) => `${m.direction} ${m.tiles[0].row},${m.tiles[0].col}`).sort()).toEqual([
      'across 7,4',
      'across 7,5',
      'across 7,6',
      'across 7,7',
      'down 4,7',
      'down 5,7',
      'down 6,7',
      'down 7,7',
    ]);
    for (const m of moves) expectSound(emptyBoard(), [...'CASAXEI'], keyed(words, ro), m, ro);
    // C, A, S and a blank spell CASA only with the blank as one A or the other: twice each placement.
    const withBlank = generateMoves(emptyBoard(), [...'CAS?'], buildWordTrie(words, ro));
    expect(withBlank).toHaveLength(16);
    expect(keysOf(withBlank)).toEqual([...bruteForce(emptyBoard(), [...'CAS?'], keyed(words, ro), ro)].sort());
  });

  it('builds on the board’s letters and forms only listed words', () => {
    const board = boardAfter(['h8 CASA']);
    const words = ['CASA', 'CA', 'AC', 'SAC', 'ACASA'];
    const listed = keyed(words, ro);
    const moves = generateMoves(board, [...'ACS'], buildWordTrie(words, ro));
    for (const m of moves) expectSound(board, [...'ACS'], listed, m, ro);
    expect(keysOf(moves)).toEqual([...bruteForce(board, [...'ACS'], listed, ro)].sort());
    const has = (text: string) => keysOf(moves).includes(placementKey(tilesOf(board, text)));
    expect(has('h7 ACASA')).toBe(true);
    expect(has('h6 ACCASA')).toBe(false);
  });

  it('lists a single tile forming words both ways once, across, as the engine reads it', () => {
    // C A S across row h, C A down column 8: an S on i9 makes AS across row i and AS down column 9.
    const board = boardAfter(['h8 CAS', '8h CA']);
    const words = ['CAS', 'CA', 'AS'];
    const listed = keyed(words, ro);
    const moves = generateMoves(board, ['S'], buildWordTrie(words, ro));
    for (const m of moves) expectSound(board, ['S'], listed, m, ro);
    expect(keysOf(moves)).toEqual([...bruteForce(board, ['S'], listed, ro)].sort());
    const i9 = moves.filter((m) => m.tiles[0].row === 8 && m.tiles[0].col === 8);
    expect(i9).toHaveLength(1);
    expect(i9[0].direction).toBe('across');
    expect(scorePlacement(board, i9[0].tiles, ro, i9[0].direction).words.map((w) => `${w.coord} ${w.word}`)).toEqual(['i8 AS', '9h AS']);
  });

  it('makes Romanian K, Q, W, Y of blanks only (docs/rules.md §1)', () => {
    const trie = buildWordTrie(['KA'], ro);
    expect(generateMoves(emptyBoard(), ['K', 'A'], trie)).toEqual([]);
    const moves = generateMoves(emptyBoard(), ['?', 'A'], trie);
    expect(moves).toHaveLength(4);
    for (const m of moves) expect(m.tiles.find((t) => t.letter === 'K')?.blank).toBe(true);
  });

  it('leaves out placements scoring 0 unless allowed (docs/rules.md §3)', () => {
    const trie = buildWordTrie(['AA'], en);
    expect(generateMoves(emptyBoard(), ['?', '?'], trie)).toEqual([]);
    const zero = generateMoves(emptyBoard(), ['?', '?'], trie, { allowZeroScore: true });
    expect(zero.map((m) => m.score)).toEqual([0, 0, 0, 0]);
  });

  it('knows the 32nd Polish letter in cross words', () => {
    const board = boardAfter(['h8 ŻAŁ'], pl);
    const words = ['ŻAŁ', 'ŻA', 'AŻ', 'ŁA', 'ŻAŻ'];
    const listed = keyed(words, pl);
    const moves = generateMoves(board, [...'AŻ?'], buildWordTrie(words, pl));
    for (const m of moves) expectSound(board, [...'AŻ?'], listed, m, pl);
    expect(keysOf(moves)).toEqual([...bruteForce(board, [...'AŻ?'], listed, pl)].sort());
    expect(moves.some((m) => m.tiles.some((t) => t.letter === 'Ż' && !t.blank))).toBe(true);
  });

  it('finds the anagrams of a Polish rack in a list read as bytes, Polish letters never taken for plain ones', () => {
    // sjp.pl writes its lists in lower case; ż, ó and ł are two bytes each in UTF-8.
    const trie = wordListTrie('żółw\nłów\nwół\nżół\nzolw\nlow\nwol\nżółwie\n', pl);
    const rack = [...'ŻÓŁW'];
    const moves = generateMoves(emptyBoard(), rack, trie);
    const formed = new Set(moves.map((m) => m.tiles.map((t) => t.letter).join('')));
    expect([...formed].sort()).toEqual(['WÓŁ', 'ŁÓW', 'ŻÓŁ', 'ŻÓŁW']);
    const listed = keyed(['żółw', 'łów', 'wół', 'żół'], pl);
    for (const m of moves) expectSound(emptyBoard(), rack, listed, m, pl);
    expect(keysOf(moves)).toEqual([...bruteForce(emptyBoard(), rack, listed, pl)].sort());
  });

  describe('on random small games', () => {
    const POOLS: Readonly<Record<'ro' | 'en' | 'pl', { tileSet: TileSet; letters: readonly string[] }>> = {
      // Ă folds to A in the list; K exists only as a blank.
      ro: { tileSet: ro, letters: ['A', 'Ă', 'S', 'T', 'I', 'K'] },
      en: { tileSet: en, letters: ['A', 'E', 'S', 'T', 'R'] },
      pl: { tileSet: pl, letters: ['A', 'Ż', 'Ą', 'O', 'Ł'] },
    };
    const gameArb = fc.constantFrom<keyof typeof POOLS>('ro', 'en', 'pl').chain((id) =>
      fc.record({
        id: fc.constant(id),
        words: fc.uniqueArray(fc.string({ unit: fc.constantFrom(...POOLS[id].letters), minLength: 2, maxLength: 5 }), {
          minLength: 1,
          maxLength: 25,
        }),
        seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        turns: fc.integer({ min: 0, max: 6 }),
        allowZeroScore: fc.boolean(),
      }),
    );

    /** A rack of up to seven tiles from the pool (folded as a rack holds them), a blank now and then. */
    function randomRack(random: () => number, pool: readonly string[], tileSet: TileSet): string[] {
      const size = 1 + Math.floor(random() * 7);
      return Array.from({ length: size }, () => (random() < 0.12 ? BLANK : lexiconKey(tileSet, pool[Math.floor(random() * pool.length)])));
    }

    it('lists every legal placement of listed words and nothing else, each scored by the engine', () => {
      fc.assert(
        fc.property(gameArb, ({ id, words, seed, turns, allowZeroScore }) => {
          const { tileSet, letters } = POOLS[id];
          const trie = buildWordTrie(words, tileSet);
          const listed = keyed(words, tileSet);
          const random = seededRandom(seed);
          const opts = { allowZeroScore };
          // The board: moves the generator itself found, chosen at random, so that it holds listed words.
          let board = emptyBoard();
          for (let t = 0; t < turns; t++) {
            const moves = generateMoves(board, randomRack(random, letters, tileSet), trie, opts);
            if (moves.length > 0) board = withTiles(board, moves[Math.floor(random() * moves.length)].tiles);
          }
          const rack = randomRack(random, letters, tileSet);
          const moves = generateMoves(board, rack, trie, opts);
          for (const m of moves) expectSound(board, rack, listed, m, tileSet, opts);
          expect(keysOf(moves)).toEqual([...bruteForce(board, rack, listed, tileSet, opts)].sort());
        }),
        { numRuns: 60 },
      );
    });
  });
});

/** The new tiles of a move written in FRSc notation, checked without a rack. */
function tilesOf(board: Board, text: string) {
  const resolved = check(board, text);
  if (!resolved.ok) throw new Error(`${text}: ${resolved.code}`);
  return resolved.tiles;
}
