// Colours across the rounds of a plan (docs/rules.md §11.3 "Colours"), whatever its systems.
import fc from 'fast-check';
import { assignColours, orientPair } from './colours';
import { pairNextRound, type PairingSystem } from './pairing-systems';
import { played, ratedPlayers, tournamentOf } from './testing/tournaments';
import { historyOf, type PlayerId, type Round } from './tournament';

const game = (red: PlayerId, blue: PlayerId): Round => [{ red, blue, result: { kind: 'normal', red: 400, blue: 300 } }];

describe('orientPair', () => {
  it('gives RED to the player who had it fewer times, then to the one who was BLUE last, else keeps the pair', () => {
    // 1 has RED twice, 2 once, 3 never (BLUE once), 4 never played.
    const history = historyOf([game(1, 3), game(1, 2), [{ red: 5, blue: 6 }]]);
    expect(orientPair([1, 2], history)).toEqual([2, 1]);
    expect(orientPair([3, 4], history)).toEqual([3, 4]);
    expect(orientPair([4, 3], history)).toEqual([3, 4]);
    // 5 and 6 are even (+1 and −1 differ): 6 had RED less.
    expect(orientPair([5, 6], history)).toEqual([6, 5]);
    // Both even, 2 was RED last and 5 BLUE last: 5 plays RED.
    const even = historyOf([game(1, 2), game(5, 7), game(2, 8), game(7, 5)]);
    expect(orientPair([2, 5], even)).toEqual([5, 2]);
    expect(orientPair([5, 2], even)).toEqual([5, 2]);
    // Nothing to tell them apart: the system's order stands.
    expect(assignColours([[9, 10]], even)).toEqual([[9, 10]]);
  });
});

/** Plans that mix systems, fixed schedules among them (their Clark colours once ignored the rounds before). */
const PLANS: readonly PairingSystem[][] = [
  ['swiss', 'swiss', 'swiss', 'swiss', 'swiss', 'koth', 'koth'],
  ['swiss', 'swiss', 'swiss', 'rr', 'rr', 'rr', 'rr'],
  ['modified-swiss', 'modified-swiss', 'snake', 'snake', 'fp4', 'fp4', 'danish'],
  ['rapid', 'rapid', 'rapid', 'pfs-swiss', 'pfs-swiss', 'portland', 'green'],
];

describe('colours balanced across the rounds of a plan', () => {
  it.each(PLANS.map((plan) => [plan.join(', '), plan] as const))(
    '%s: no game lets the larger imbalance of its two players grow unless both had the same one; within 1 whenever the pairs allow',
    (_name, plan) => {
      fc.assert(
        fc.property(fc.integer({ min: 4, max: 60 }), fc.integer({ min: 1, max: 1000 }), (n, seed) => {
          const players = ratedPlayers(n);
          const rounds: Round[] = [];
          let sameImbalanceMet = false;
          for (const system of plan) {
            const outcome = pairNextRound(system, tournamentOf(players, rounds, { totalRounds: plan.length }), seed);
            if (!outcome.ok) break;
            const before = historyOf(rounds).colourBalance;
            for (const [red, blue] of outcome.next.pairs) {
              const [r, b] = [before.get(red) ?? 0, before.get(blue) ?? 0];
              // RED to the one who had it no more often.
              expect(r).toBeLessThanOrEqual(b);
              const after = Math.max(Math.abs(r + 1), Math.abs(b - 1));
              if (r === b) {
                if (r !== 0) sameImbalanceMet = true;
                expect(after).toBe(Math.abs(r) + 1);
              } else {
                expect(after).toBeLessThanOrEqual(Math.max(Math.abs(r), Math.abs(b)));
              }
            }
            rounds.push(played(outcome.next, (red, blue) => ((red * 7 + blue * 3 + seed) % 200) - 100));
          }
          // The pairs allowed balance when no two players of the same non-zero imbalance met: then everyone is within 1.
          if (!sameImbalanceMet) {
            for (const balance of historyOf(rounds).colourBalance.values()) expect(Math.abs(balance)).toBeLessThanOrEqual(1);
          }
        }),
        { numRuns: 25 },
      );
    },
  );
});
