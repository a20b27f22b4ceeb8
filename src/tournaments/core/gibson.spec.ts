import { certainlyAhead, gibsonized } from './gibson';
import { pairNextRound } from './pairing-systems';
import type { StandingRow } from './standings';
import { ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round } from './tournament';

const row = (id: number, points: number, spread: number): StandingRow => ({ id, place: id, points, spread, games: 7 });

describe('the Gibson rule (docs/rules.md §11.4, Annex 3 §7)', () => {
  it("the seed's first example: 7–0 ahead of 5-win players before the last round", () => {
    expect(gibsonized([row(1, 7, 300), row(2, 5, 900), row(3, 5, 100)], 1, 1)).toEqual([1]);
  });

  it("the seed's second example: 6 wins and +1200 against 5 wins and at most +449, the 350 cap making 700 unreachable", () => {
    expect(gibsonized([row(1, 6, 1200), row(2, 5, 449)], 1, 1)).toEqual([1]);
    expect(gibsonized([row(1, 6, 1200), row(2, 5, 501)], 1, 1)).toEqual([]);
    expect(certainlyAhead(row(1, 6, 1200), row(2, 5, 449), 2)).toBe(false);
  });

  it('a second place is gibsonized only when it can neither be lost nor improved', () => {
    const rows = [row(1, 8, 0), row(2, 5, 0), row(3, 3, 0), row(4, 2, 0)];
    expect(gibsonized(rows, 1, 2)).toEqual([1, 2]);
    expect(gibsonized(rows, 2, 2)).toEqual([1]);
  });

  it('pairs a gibsonized leader with the best placed player who can no longer win a prize, not with the second', () => {
    const players = ratedPlayers(8);
    const game = (red: number, blue: number, margin: number) => ({
      red,
      blue,
      result: { kind: 'normal' as const, red: 400 + margin, blue: 400 },
    });
    const rounds: Round[] = [
      [game(1, 8, 350), game(2, 7, 10), game(3, 6, 10), game(4, 5, 10)],
      [game(1, 7, 350), game(2, 3, 10), game(6, 4, 10), game(5, 8, 10)],
      [game(1, 6, 350), game(4, 2, 10), game(3, 5, 10), game(7, 8, 10)],
    ];
    // 1 has 3 wins and +1050; 2, 3 and 4 have 2 and +10: one round and 700 of spread cannot close that.
    // Two prizes: only 8 (no win) has two players certainly ahead, so 8 is 1's opponent, even met before.
    const settings = { gibson: true, totalRounds: 4, prizePlaces: 2 };
    const outcome = pairNextRound('koth', tournamentOf(players, rounds, settings));
    expect(outcome).toMatchObject({ ok: true, next: { gibsonized: [1] } });
    const opponentOf1 = (o: typeof outcome) => (o.ok ? o.next.pairs.find((p) => p.includes(1))!.find((id) => id !== 1) : undefined);
    expect(opponentOf1(outcome)).toBe(8);
    // Without the rule KOTH pairs the leader with the second.
    const without = pairNextRound('koth', tournamentOf(players, rounds, { totalRounds: 4 }));
    expect(without).toMatchObject({ ok: true, next: { gibsonized: [] } });
    expect(opponentOf1(without)).toBe(2);
  });
});
