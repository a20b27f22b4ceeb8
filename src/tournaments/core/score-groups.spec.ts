import { pairNextRound } from './pairing-systems';
import { halvesPairs, pfsOrder } from './score-groups';
import { notMet } from './matching';
import { standings } from './standings';
import { played, ratedPlayers, tournamentOf } from './testing/tournaments';
import { historyOf, type NextRound, type Round } from './tournament';

const unordered = (next: NextRound) =>
  next.pairs.map(([a, b]) => [Math.min(a as number, b as number), Math.max(a as number, b as number)]).sort((x, y) => x[0] - y[0]);

function next(outcome: ReturnType<typeof pairNextRound>): NextRound {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.next;
}

describe('modified Swiss (docs/rules.md §11.3, Annex 3 §2)', () => {
  const players = ratedPlayers(32);

  it("round 1 of the seed's 32 players: the rating list halved, 1–17, 2–18, …, 16–32", () => {
    const round1 = next(pairNextRound('modified-swiss', tournamentOf(players)));
    expect(unordered(round1)).toEqual(Array.from({ length: 16 }, (_, i) => [i + 1, i + 17]));
  });

  it('round 2: the 16 winners and the 16 losers, each group halved on the standing: 1–9, …, 8–16; 17–25, …, 24–32', () => {
    const round1 = next(pairNextRound('modified-swiss', tournamentOf(players)));
    // The higher rated wins each game, by a margin that differs game to game.
    const rounds = [played(round1, (red, blue) => (red < blue ? 1 : -1) * (20 + Math.min(red, blue)))];
    const place = new Map(standings(tournamentOf(players, rounds)).map((row) => [row.id, row.place]));
    const round2 = next(pairNextRound('modified-swiss', tournamentOf(players, rounds)));
    const byPlace = round2.pairs.map(([a, b]) => [place.get(a)!, place.get(b)!].sort((x, y) => x - y)).sort((x, y) => x[0] - y[0]);
    expect(byPlace).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [i + 1, i + 9]),
      ...Array.from({ length: 8 }, (_, i) => [i + 17, i + 25]),
    ]);
  });

  it('completes an odd group with the best player of the next group', () => {
    const six = ratedPlayers(6);
    const win = (red: number, blue: number, margin: number) => ({
      red,
      blue,
      result: { kind: 'normal' as const, red: 400 + margin, blue: 400 },
    });
    // Standing after round 1: 1, 2, 6 (winners) then 3, 5, 4: the winners' group takes 3.
    const rounds: Round[] = [[win(1, 4, 100), win(2, 5, 50), win(6, 3, 10)]];
    expect(unordered(next(pairNextRound('modified-swiss', tournamentOf(six, rounds))))).toEqual([
      [1, 6],
      [2, 3],
      [4, 5],
    ]);
  });

  it('avoids a rematch inside a group by the nearest swap', () => {
    const group = ratedPlayers(4);
    const history = historyOf([[{ red: 1, blue: 3, result: { kind: 'normal', red: 400, blue: 300 } }]]);
    expect(halvesPairs(group, notMet(history))!.map(([a, b]) => [a.id, b.id])).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });
});

describe('the Polish Swiss and the Danish system (P, "System rozgrywania turniejów")', () => {
  it('round 1 of 40 players, 10 of them unrated and last alphabetically: 1–21, 2–22, …, 20–40', () => {
    const players = ratedPlayers(40).map((p) => ((p.id as number) > 30 ? { id: p.id, name: p.name } : p));
    const round1 = next(pairNextRound('pfs-swiss', tournamentOf(players)));
    expect(unordered(round1)).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, i + 21]));
  });

  it('ranks by wins, then points scored (not spread); a walkover counts 400:1', () => {
    const players = ratedPlayers(4);
    const rounds: Round[] = [
      [
        { red: 1, blue: 2, result: { kind: 'normal', red: 500, blue: 480 } },
        { red: 3, blue: 4, result: { kind: 'no-show', loser: 'blue' } },
      ],
    ];
    expect(pfsOrder(tournamentOf(players, rounds)).map((p) => p.id)).toEqual([1, 3, 2, 4]);
  });

  it('Danish: strictly 1–2, 3–4 by results, even when they have met', () => {
    const players = ratedPlayers(4);
    const rounds: Round[] = [
      [
        { red: 1, blue: 2, result: { kind: 'normal', red: 500, blue: 400 } },
        { red: 3, blue: 4, result: { kind: 'normal', red: 300, blue: 400 } },
      ],
      [
        { red: 1, blue: 4, result: { kind: 'normal', red: 500, blue: 400 } },
        { red: 3, blue: 2, result: { kind: 'normal', red: 300, blue: 400 } },
      ],
    ];
    expect(unordered(next(pairNextRound('danish', tournamentOf(players, rounds))))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});
