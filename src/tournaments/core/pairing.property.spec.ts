// Invariants of every pairing system on random tournaments of 4 to 200 players (docs/rules.md §11.3).
import fc from 'fast-check';
import { PAIRING_SYSTEMS } from './pairing-systems';
import { roundRobinRounds } from './schedules';
import { searchPairs, notMet } from './matching';
import { playOut, ratedPlayers, tournamentOf } from './testing/tournaments';
import { historyOf, pairKey } from './tournament';

const field = fc.record({
  n: fc.integer({ min: 4, max: 200 }),
  rounds: fc.integer({ min: 1, max: 7 }),
  margins: fc.array(fc.integer({ min: -400, max: 400 }), { minLength: 1, maxLength: 20 }),
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  clubs: fc.integer({ min: 0, max: 12 }),
});

describe('every pairing system on random tournaments', () => {
  it.each(PAIRING_SYSTEMS.map((s) => [s]))('%s: each player at most once a round, at most one bye, only known players', (system) => {
    fc.assert(
      fc.property(field, ({ n, rounds, margins, seed, clubs }) => {
        const players = ratedPlayers(n, clubs ? (id) => `club ${id % clubs}` : undefined);
        const { paired } = playOut(system, tournamentOf(players, [], { clubRule: clubs > 0 }), rounds, margins, seed);
        for (const { next } of paired) {
          const ids = [...next.pairs.flat(), ...(next.bye === null ? [] : [next.bye])];
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBe(n);
          expect(next.bye === null).toBe(n % 2 === 0);
        }
      }),
      { numRuns: 6 },
    );
  });

  it.each(['swiss', 'koth', 'modified-swiss', 'pfs-swiss', 'portland'] as const)(
    '%s: no rematch when one is avoidable, no second bye while someone has none',
    (system) => {
      fc.assert(
        fc.property(field, ({ n, rounds, margins, seed }) => {
          const players = ratedPlayers(n);
          const { paired } = playOut(system, tournamentOf(players), rounds, margins, seed);
          for (const { before, next } of paired) {
            const history = historyOf(before);
            const rematches = next.pairs.filter(([a, b]) => history.met.has(pairKey(a, b)));
            if (rematches.length > 0) {
              const byId = new Map(players.map((p) => [p.id, p]));
              const rest = players.filter((p) => p.id !== next.bye).map((p) => byId.get(p.id)!);
              expect(searchPairs(rest, notMet(history))).toBeUndefined();
            }
            if (next.bye !== null && (history.byes.get(next.bye) ?? 0) > 0) {
              expect(players.every((p) => (history.byes.get(p.id) ?? 0) > 0)).toBe(true);
            }
          }
        }),
        { numRuns: 6 },
      );
    },
  );

  it('rr: everyone meets everyone exactly once over the table, colours balanced within 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), (n) => {
        const { rounds } = playOut('rr', tournamentOf(ratedPlayers(n)), roundRobinRounds(n), [10], 1);
        expect(rounds).toHaveLength(roundRobinRounds(n));
        const met = new Map<string, number>();
        const balance = new Map<unknown, number>();
        for (const round of rounds) {
          for (const entry of round) {
            if ('bye' in entry) continue;
            const key = pairKey(entry.red, entry.blue);
            met.set(key, (met.get(key) ?? 0) + 1);
            balance.set(entry.red, (balance.get(entry.red) ?? 0) + 1);
            balance.set(entry.blue, (balance.get(entry.blue) ?? 0) - 1);
          }
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        expect([...met.values()].every((count) => count === 1)).toBe(true);
        expect([...balance.values()].every((b) => Math.abs(b) <= 1)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });
});
