// Invariants of the small-field plans (Guelph, NAST, Chew) and the rapid system's rounds 7–8 on
// random tournaments (docs/rules.md §11.3).
import fc from 'fast-check';
import { outOfPrizes } from './gibson';
import { roundShares } from './results';
import { GUELPH_FIELDS, SMALL_FIELD_ROUNDS } from './small-fields';
import { standings } from './standings';
import { playOut, ratedPlayers, tournamentOf } from './testing/tournaments';
import { defaultRounds, pairKey, type NextRound, type Round } from './tournament';

const margins = fc.array(
  fc.integer({ min: -400, max: 400 }).filter((m) => m !== 0),
  { minLength: 1, maxLength: 20 },
);

/** Each round pairs everyone once (one bye in an odd field). */
function everyoneOnce(next: NextRound, n: number) {
  const ids = [...next.pairs.flat(), ...(next.bye === null ? [] : [next.bye])];
  expect(new Set(ids).size).toBe(n);
  expect(ids).toHaveLength(n);
}

/** How many times each pair met in `rounds`. */
function meetings(rounds: readonly Round[]): Map<string, number> {
  const met = new Map<string, number>();
  for (const round of rounds) {
    for (const entry of round) {
      if ('bye' in entry) continue;
      const key = pairKey(entry.red, entry.blue);
      met.set(key, (met.get(key) ?? 0) + 1);
    }
  }
  return met;
}

describe('the small-field plans on random tournaments', () => {
  it('guelph: six full rounds of 6, 8 or 10 players, no bye, no rematch before round 6', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GUELPH_FIELDS), margins, (n, ms) => {
        const { rounds, paired } = playOut('guelph', tournamentOf(ratedPlayers(n)), SMALL_FIELD_ROUNDS + 1, ms, 1);
        expect(rounds).toHaveLength(SMALL_FIELD_ROUNDS);
        for (const { next } of paired) {
          everyoneOnce(next, n);
          expect(next.bye).toBeNull();
        }
        expect([...meetings(rounds.slice(0, 5)).values()].every((count) => count === 1)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('nast: six rounds for 6 to 60 players (five for 5), no rematch in the four fixed rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 60 }), margins, (n, ms) => {
        const { rounds, paired } = playOut('nast', tournamentOf(ratedPlayers(n)), SMALL_FIELD_ROUNDS + 1, ms, 1);
        // Five players have all sat out after five rounds: F 9.2f refuses a sixth bye.
        expect(rounds).toHaveLength(n === 5 ? 5 : SMALL_FIELD_ROUNDS);
        for (const { next } of paired) everyoneOnce(next, n);
        expect([...meetings(rounds.slice(0, 4)).values()].every((count) => count === 1)).toBe(true);
      }),
      { numRuns: 15 },
    );
  });

  it('chew: those still in the prize race and those out of it meet in at most one pair, gibsonized players aside', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 60 }), fc.integer({ min: 1, max: 3 }), margins, (n, prizePlaces, ms) => {
        const start = tournamentOf(ratedPlayers(n), [], { prizePlaces });
        const total = defaultRounds(n);
        const { paired } = playOut('chew', start, total, ms, 1);
        for (const { before, next } of paired) {
          everyoneOnce(next, n);
          const rows = standings({ ...start, rounds: before });
          const out = new Set(rows.filter((row) => outOfPrizes(row, rows, total - before.length, prizePlaces)).map((row) => row.id));
          const gibsonized = new Set(next.gibsonized);
          const mixed = next.pairs.filter(([a, b]) => !gibsonized.has(a) && !gibsonized.has(b) && out.has(a) !== out.has(b));
          expect(mixed.length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('rapid: eight rounds for 4 to 200 players; in round 8 a group’s winners of round 7 meet and its losers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), margins, (quarter, ms) => {
        const n = quarter * 4;
        const { rounds, paired } = playOut('rapid', tournamentOf(ratedPlayers(n)), 9, ms, 1);
        expect(rounds).toHaveLength(8);
        for (const { next } of paired) everyoneOnce(next, n);
        const won = new Map(roundShares(rounds[6]).map(({ player, share }) => [player, share.points]));
        for (const [a, b] of paired[7].next.pairs) expect(won.get(a)).toBe(won.get(b));
      }),
      { numRuns: 15 },
    );
  });
});
