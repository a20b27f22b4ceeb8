import { standings } from './standings';
import { ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round } from './tournament';

const players = ratedPlayers(4).map((p, i) => ({ ...p, name: ['Dan', 'Ana', 'Cleo', 'Bob'][i] }));

describe('standings of a tournament in rounds (docs/rules.md §11.1, F 9.7)', () => {
  // 1 and 2 both win twice with +200; 1's largest single win is 150, 2's is 190.
  const rounds: Round[] = [
    [
      { red: 1, blue: 3, result: { kind: 'normal', red: 450, blue: 400 } },
      { red: 2, blue: 4, result: { kind: 'normal', red: 410, blue: 400 } },
    ],
    [
      { red: 1, blue: 4, result: { kind: 'normal', red: 550, blue: 400 } },
      { red: 2, blue: 3, result: { kind: 'normal', red: 590, blue: 400 } },
    ],
  ];

  it('intermediate: points, then spread, then alphabetical order', () => {
    const rows = standings(tournamentOf(players, rounds));
    expect(rows.map((r) => [r.id, r.place, r.points, r.spread, r.games])).toEqual([
      [2, 1, 2, 200, 2],
      [1, 2, 2, 200, 2],
      [4, 3, 0, -160, 2],
      [3, 4, 0, -240, 2],
    ]);
  });

  it('final: points, spread, then the largest single-game difference, then the next', () => {
    const rows = standings(tournamentOf(players, rounds), { final: true });
    expect(rows.slice(0, 2).map((r) => [r.id, r.place])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    const equal = standings(
      tournamentOf(players, [
        [
          { red: 1, blue: 2, result: { kind: 'normal', red: 400, blue: 400 } },
          { red: 3, blue: 4, result: { kind: 'normal', red: 400, blue: 400 } },
        ],
      ]),
      { final: true },
    );
    // Equal on everything: they share the place, listed alphabetically.
    expect(equal.map((r) => [r.id, r.place])).toEqual([
      [2, 1],
      [4, 1],
      [3, 1],
      [1, 1],
    ]);
  });

  it('deducts penalties before the final standings only (F 9.2h)', () => {
    const t = { ...tournamentOf(players, rounds), penalties: [{ player: 2, points: 1 }] };
    expect(standings(t)[0].id).toBe(2);
    const final = standings(t, { final: true });
    expect(final.map((r) => [r.id, r.points])).toEqual([
      [1, 2],
      [2, 1],
      [4, 0],
      [3, 0],
    ]);
  });

  it('counts a bye as a win by 75 and leaves games still being played out', () => {
    const rows = standings(tournamentOf(ratedPlayers(3), [[{ red: 1, blue: 2 }, { bye: 3 }]]));
    expect(rows.map((r) => [r.id, r.points, r.spread, r.games])).toEqual([
      [3, 1, 75, 1],
      [1, 0, 0, 0],
      [2, 0, 0, 0],
    ]);
  });
});
