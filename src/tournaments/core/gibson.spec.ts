import { certainlyAhead, gibsonized } from './gibson';
import { pairNextRound } from './pairing-systems';
import type { StandingRow } from './standings';
import { ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round } from './tournament';

const row = (id: number, points: number, spread: number): StandingRow => ({ id, place: id, points, spread, games: 7 });

describe('the Gibson rule (docs/rules.md §10.4, Annex 3 §7)', () => {
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

  it('pairs a gibsonized leader with the best placed player who can no longer win a prize', () => {
    const players = ratedPlayers(6);
    const game = (red: number, blue: number, margin: number) => ({
      red,
      blue,
      result: { kind: 'normal' as const, red: 400 + margin, blue: 400 },
    });
    const rounds: Round[] = [
      [game(1, 2, 10), game(3, 4, 10), game(5, 6, 10)],
      [game(1, 3, 10), game(2, 5, 10), game(4, 6, 10)],
      [game(1, 4, 10), game(6, 2, 10), game(5, 3, 10)],
      [game(1, 5, 10), game(2, 3, 10), game(6, 4, 10)],
    ];
    // 1 has 4 wins, nobody else more than 2: with one round left nobody can catch 1.
    const outcome = pairNextRound('koth', tournamentOf(players, rounds, { gibson: true, totalRounds: 5, prizePlaces: 1 }));
    expect(outcome).toMatchObject({ ok: true, next: { gibsonized: [1] } });
    if (!outcome.ok) return;
    // Nobody else can win the one prize; of them 6 is the one 1 has not met.
    const opponent = outcome.next.pairs.find((p) => p.includes(1))!.find((id) => id !== 1);
    expect(opponent).toBe(6);
    const without = pairNextRound('koth', tournamentOf(players, rounds, { totalRounds: 5 }));
    expect(without).toMatchObject({ ok: true, next: { gibsonized: [] } });
  });
});
