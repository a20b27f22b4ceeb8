import fc from 'fast-check';
import { clarkTable, roundRobin } from './pairing';

/** The seed's tables (000, F 9.3): for each player, the opponent in rounds I, II, … */
const SEED_TABLES: Record<number, number[][]> = {
  4: [
    [4, 3, 2],
    [3, 4, 1],
    [2, 1, 4],
    [1, 2, 3],
  ],
  6: [
    [6, 5, 4, 3, 2],
    [5, 3, 6, 4, 1],
    [4, 2, 5, 1, 6],
    [3, 6, 1, 2, 5],
    [2, 1, 3, 6, 4],
    [1, 4, 2, 5, 3],
  ],
  8: [
    [8, 7, 6, 5, 4, 3, 2],
    [7, 5, 3, 8, 6, 4, 1],
    [6, 4, 2, 7, 5, 1, 8],
    [5, 3, 8, 6, 1, 2, 7],
    [4, 2, 7, 1, 3, 8, 6],
    [3, 8, 1, 4, 2, 7, 5],
    [2, 1, 5, 3, 8, 6, 4],
    [1, 6, 4, 2, 7, 5, 3],
  ],
};

function opponentsByRound(size: number): number[][] {
  const table = Array.from({ length: size }, () => [] as number[]);
  for (const g of roundRobin(size)) {
    table[g.red - 1][g.round - 1] = g.blue;
    table[g.blue - 1][g.round - 1] = g.red;
  }
  return table;
}

const sizes = fc.integer({ min: 2, max: 16 });

describe('round-robin pairing (docs/rules.md §9, F 9.3)', () => {
  it.each([4, 6, 8])('reproduces the seed table for %i players, round by round', (size) => {
    expect(opponentsByRound(size)).toEqual(SEED_TABLES[size]);
  });

  it('writes the Clark rotation of F 9.3b for 16 players: seat 1 stays, the others turn clockwise', () => {
    const rows = clarkTable(16).map((round) => [round.map(([top]) => top), round.map(([, bottom]) => bottom).reverse()]);
    expect(rows[0]).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [9, 10, 11, 12, 13, 14, 15, 16],
    ]);
    // The seed prints the second line right to left: 16 15 … 9, then 15 14 … 8, then 14 13 … 7.
    expect(rows[1]).toEqual([
      [1, 16, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14, 15],
    ]);
    expect(rows[2]).toEqual([
      [1, 15, 16, 2, 3, 4, 5, 6],
      [7, 8, 9, 10, 11, 12, 13, 14],
    ]);
  });

  it('pairs every two players of a group exactly once, for every size from 2 to 16', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const games = roundRobin(size);
        expect(games).toHaveLength((size * (size - 1)) / 2);
        const pairs = new Set(games.map((g) => [Math.min(g.red, g.blue), Math.max(g.red, g.blue)].join('-')));
        expect(pairs.size).toBe(games.length);
        for (const g of games) {
          expect(g.red).not.toBe(g.blue);
          for (const seat of [g.red, g.blue]) expect(seat >= 1 && seat <= size).toBe(true);
        }
      }),
    );
  });

  it('gives each player RED in half of their games, ±1 (never two more REDs than BLUEs or the reverse)', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const red = new Array<number>(size + 1).fill(0);
        const blue = new Array<number>(size + 1).fill(0);
        for (const g of roundRobin(size)) {
          red[g.red]++;
          blue[g.blue]++;
        }
        for (let seat = 1; seat <= size; seat++) {
          expect(red[seat] + blue[seat]).toBe(size - 1);
          expect(Math.abs(red[seat] - blue[seat])).toBeLessThanOrEqual(1);
          // Odd groups: every player plays an even number of games, so exactly half are RED.
          if (size % 2 === 1) expect(red[seat]).toBe(blue[seat]);
        }
      }),
    );
  });

  it('plays everyone at most once per round; with an odd size exactly one player rests each round', () => {
    fc.assert(
      fc.property(sizes, (size) => {
        const rounds = size % 2 === 0 ? size - 1 : size;
        const games = roundRobin(size);
        for (let round = 1; round <= rounds; round++) {
          const seats = games.filter((g) => g.round === round).flatMap((g) => [g.red, g.blue]);
          expect(new Set(seats).size).toBe(seats.length);
          expect(seats.length).toBe(size % 2 === 0 ? size : size - 1);
        }
        expect(Math.max(...games.map((g) => g.round))).toBe(rounds);
      }),
    );
  });

  it('refuses a group that cannot play a round robin', () => {
    for (const size of [0, 1, 1.5, 33]) expect(() => roundRobin(size)).toThrow(RangeError);
  });
});
