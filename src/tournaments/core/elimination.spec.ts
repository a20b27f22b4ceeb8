// F 9.4d: a player absent from a third of the rounds is eliminated (docs/rules.md §11.6).
import { absences, eliminatedPlayers, isEliminated, withoutPlayers } from './elimination';
import { pairNextRound } from './pairing-systems';
import { ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round, Tournament } from './tournament';

const normal = { kind: 'normal', red: 400, blue: 350 } as const;

describe('F 9.4d: elimination for absence', () => {
  it('reads "a third of the total number of rounds" as three times the absences reaching the total', () => {
    expect(isEliminated(0, 1)).toBe(false);
    expect(isEliminated(1, 6)).toBe(false);
    expect(isEliminated(2, 6)).toBe(true);
    expect(isEliminated(2, 7)).toBe(false);
    expect(isEliminated(3, 7)).toBe(true);
    expect(isEliminated(3, 9)).toBe(true);
    expect(isEliminated(1, 3)).toBe(true);
  });

  it('counts no-shows lost, both absent and the rounds a late entrant missed; not a bye, a forfeit on time nor an abandonment', () => {
    const players = ratedPlayers(7);
    const rounds: Round[] = [
      [
        { red: 1, blue: 2, result: { kind: 'no-show', loser: 'blue' } },
        { red: 3, blue: 4, result: { kind: 'both-absent' } },
        { red: 5, blue: 6, result: { kind: 'time', loser: 'red', red: 100, blue: 200 } },
        { bye: 7 },
      ],
      [
        { red: 2, blue: 1, result: { kind: 'no-show-excused', loser: 'red' } },
        { red: 4, blue: 5, result: { kind: 'abandon', loser: 'red', red: 10, blue: 20 } },
        { red: 6, blue: 7, result: normal },
        { bye: 3 },
      ],
    ];
    const tournament: Tournament = { ...tournamentOf(players, rounds), lateEntries: [{ player: 7, fromRound: 2 }] };
    expect(Object.fromEntries(absences(tournament))).toEqual({ 1: 0, 2: 2, 3: 1, 4: 1, 5: 0, 6: 0, 7: 1 });
    // Six rounds: two absences eliminate; seven rounds: not yet.
    expect(eliminatedPlayers(tournament, 6)).toEqual([2]);
    expect(eliminatedPlayers(tournament, 7)).toEqual([]);
    // A round still in play counts nothing yet.
    expect(absences(tournamentOf(players, [[{ red: 1, blue: 2 }]])).get(2)).toBe(0);
  });

  it('pairs the next round without the eliminated, who still count in the history', () => {
    const players = ratedPlayers(5);
    const rounds: Round[] = [
      [{ red: 1, blue: 2, result: normal }, { red: 3, blue: 4, result: { kind: 'no-show', loser: 'blue' } }, { bye: 5 }],
    ];
    const tournament = tournamentOf(players, rounds);
    const out = eliminatedPlayers(tournament, 3);
    expect(out).toEqual([4]);
    const outcome = pairNextRound('swiss', withoutPlayers(tournament, out));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect([...outcome.next.pairs.flat()].sort()).toEqual([1, 2, 3, 5]);
    expect(outcome.next.bye).toBeNull();
    // 1 and 2 met: no rematch.
    expect(outcome.next.pairs.some(([a, b]) => (a === 1 && b === 2) || (a === 2 && b === 1))).toBe(false);
  });
});
