import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { getTileSet, TILE_SET_IDS, type TileSetId } from '../../engine';
import { Refusal } from '../../common/refusal';
import { dealRandomSequence, dealSeries, fullBag, parseTypedSequence, sequenceSha256, sequenceTiles } from './sequence-dealing';

const sorted = (tiles: readonly string[]) => [...tiles].sort();
const tileSetIds = fc.constantFrom(...TILE_SET_IDS);

/** A deterministic stand-in for crypto.randomInt, driven by fast-check's seed. */
const randomSource = fc.infiniteStream(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })).map((stream) => {
  const it = stream[Symbol.iterator]();
  return (max: number) => Math.floor(it.next().value * max);
});

describe('dealing a sequence (docs/rules.md §2)', () => {
  it('deals exactly the tile set’s 100 tiles, in some order, whatever the random draws', () => {
    fc.assert(
      fc.property(tileSetIds, randomSource, (id, randomInt) => {
        const tiles = sequenceTiles(dealRandomSequence(id, randomInt));
        expect(tiles).toHaveLength(100);
        expect(sorted(tiles)).toEqual(sorted(fullBag(getTileSet(id))));
      }),
    );
  });

  it('is a real shuffle: two crypto-random deals differ, and each is accepted back as a typed sequence', () => {
    for (const id of TILE_SET_IDS) {
      const a = dealRandomSequence(id);
      const b = dealRandomSequence(id);
      expect(a).not.toBe(b); // 1 in ~10^100 to fail
      expect(parseTypedSequence(id, a)).toEqual({ ok: true, tiles: a });
    }
  });

  it('draws each swap over the whole remaining bag (Fisher–Yates): every tile can reach every place', () => {
    const maxes: number[] = [];
    dealRandomSequence('ro', (max) => {
      maxes.push(max);
      return 0;
    });
    expect(maxes).toEqual(Array.from({ length: 99 }, (_, i) => 100 - i));
  });

  it('publishes the SHA-256 of the tiles written one character each (anyone can recompute it)', () => {
    const tiles = dealRandomSequence('pl');
    expect(sequenceSha256(tiles)).toBe(createHash('sha256').update(Buffer.from(tiles, 'utf8')).digest('hex'));
    expect(sequenceSha256(tiles)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a sequence typed in by the arbiter (docs/rules.md §2)', () => {
  it('accepts any permutation of the bag, with separators, lower case and Romanian diacritics', () => {
    fc.assert(
      fc.property(tileSetIds, randomSource, (id, randomInt) => {
        const dealt = dealRandomSequence(id, randomInt);
        const typed = sequenceTiles(dealt)
          .map((t) => t.toLowerCase())
          .join(' ');
        expect(parseTypedSequence(id, typed)).toEqual({ ok: true, tiles: dealt });
      }),
    );
    const ro = dealRandomSequence('ro').replace('A', 'Ă').replace('S', 'ș').replace('T', 'Ț');
    expect(parseTypedSequence('ro', ro).ok).toBe(true);
  });

  it('names the letter with one tile too many and the one with one too few when a tile is swapped', () => {
    fc.assert(
      fc.property(tileSetIds, randomSource, fc.nat(99), fc.nat(50), (id: TileSetId, randomInt, at, pick) => {
        const tiles = sequenceTiles(dealRandomSequence(id, randomInt));
        const letters = getTileSet(id).tiles.map((t) => t.letter);
        const replacement = letters[pick % letters.length];
        fc.pre(replacement !== tiles[at]);
        const removed = tiles[at];
        tiles[at] = replacement;
        const result = parseTypedSequence(id, tiles.join(''));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        const bag = getTileSet(id).tiles;
        const expected = (l: string) => bag.find((t) => t.letter === l)!.count;
        expect(result.problems).toEqual(
          expect.arrayContaining([
            { kind: 'count', letter: replacement, found: expected(replacement) + 1, expected: expected(replacement) },
            { kind: 'count', letter: removed, found: expected(removed) - 1, expected: expected(removed) },
          ]),
        );
        expect(result.problems).toHaveLength(2);
      }),
    );
  });

  it('explains the refusal in Romanian and English, letter by letter', () => {
    const tiles = sequenceTiles(dealRandomSequence('ro'));
    const i = tiles.indexOf('A');
    tiles.splice(i, 1); // 99 tiles, one A missing
    const result = parseTypedSequence('ro', tiles.join(''));
    expect(result).toMatchObject({
      ok: false,
      problems: [{ kind: 'count', letter: 'A', found: 10, expected: 11 }],
      message: {
        en: expect.stringContaining('A: 10 instead of 11 (1 too few)'),
        ro: expect.stringContaining('A: 10 în loc de 11 (1 lipsă)'),
      },
    });
  });

  it('refuses a character that is no tile of the set (K is only a blank in Romanian), naming its position', () => {
    const tiles = sequenceTiles(dealRandomSequence('ro'));
    const at = tiles.indexOf('C');
    tiles[at] = 'K';
    const result = parseTypedSequence('ro', tiles.join(''));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { kind: 'unknown', char: 'K', position: at + 1 },
        { kind: 'count', letter: 'C', found: 4, expected: 5 },
      ]),
    );
    expect(result.message.en).toContain(`"K" (position ${at + 1}) is not a tile of this set`);
  });

  it('refuses an empty sequence with every letter missing', () => {
    const result = parseTypedSequence('en', '   ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(getTileSet('en').tiles.length);
  });
});

describe("a competition's series (docs/rules.md §2)", () => {
  const dealt = (result: ReturnType<typeof dealSeries>) => {
    if (result instanceof Refusal) throw result;
    return result;
  };

  it('deals one series "1" at random when none is given', () => {
    for (const series of [undefined, []]) {
      const [only, ...others] = dealt(dealSeries('ro', series));
      expect(others).toEqual([]);
      expect(only).toMatchObject({ label: '1', source: 'random' });
      expect(sorted(sequenceTiles(only.tiles))).toEqual(sorted(fullBag(getTileSet('ro'))));
    }
  });

  it('keeps a typed sequence as read, deals the others, each under its trimmed label, in order', () => {
    fc.assert(
      fc.property(
        tileSetIds,
        randomSource,
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{1,20}$/), { minLength: 1, maxLength: 26 }),
        (id, randomInt, labels) => {
          const typed = dealRandomSequence(id, randomInt);
          const series = labels.map((label, i) => (i % 2 ? { label: ` ${label} `, tiles: typed.toLowerCase() } : { label }));
          const result = dealt(dealSeries(id, series, randomInt));
          expect(result.map((s) => s.label)).toEqual(labels);
          result.forEach((s, i) => {
            expect(s.source).toBe(i % 2 ? 'typed' : 'random');
            if (i % 2) expect(s.tiles).toBe(typed);
            expect(sorted(sequenceTiles(s.tiles))).toEqual(sorted(fullBag(getTileSet(id))));
          });
        },
      ),
    );
  });

  it('refuses empty, long, repeated labels and more than 26 series', () => {
    for (const labels of [[' '], ['x'.repeat(21)], ['A', ' A'], Array.from({ length: 27 }, (_, i) => `S${i}`)]) {
      expect(
        dealSeries(
          'ro',
          labels.map((label) => ({ label })),
        ),
      ).toMatchObject({
        code: 'BAD_INPUT',
        messages: { en: 'Each series has its own label of 1–20 characters (at most 26 series).' },
      });
    }
  });

  it('refuses a typed sequence that is not the tile set, naming its series', () => {
    const result = dealSeries('ro', [{ label: '1' }, { label: '2', tiles: 'ABC' }]);
    expect(result).toBeInstanceOf(Refusal);
    if (!(result instanceof Refusal)) return;
    expect(result.code).toBe('BAD_SEQUENCE');
    expect(result.messages.en).toMatch(/^Series 2: The sequence must hold exactly the set's 100 tiles/);
    expect(result.details).toMatchObject({ series: '2', problems: expect.any(Array) });
  });
});
