import { pairNextRound } from './pairing-systems';
import { rapidFinalGroups } from './rapid-final';
import { roundShares } from './results';
import { standings } from './standings';
import { played, ratedPlayers, tournamentOf } from './testing/tournaments';
import type { NextRound, PairingOutcome, Round, Tournament } from './tournament';

function next(outcome: PairingOutcome): NextRound {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.next;
}
/** The better rated (lower id) wins by the gap in rating, so that the standing has no ties. */
const favourites = (red: number, blue: number) => (blue - red) * 3;

function playRapid(start: Tournament, count: number): Round[] {
  const rounds: Round[] = [...start.rounds];
  for (let i = 0; i < count; i++) rounds.push(played(next(pairNextRound('rapid', { ...start, rounds })), favourites));
  return rounds;
}

describe('the rapid system, rounds 7 and 8 (Annex 3 §3)', () => {
  it('deals 40 players as the seed does: 1, 4, 7, 10; 2, 5, 8, 11; 3, 6, 9, 12; 13, 16, 19, 22; …; 37, 38, 39, 40', () => {
    const { groups, left } = rapidFinalGroups(ratedPlayers(40));
    const ids = groups.map((g) => g.map((p) => p.id));
    expect(ids).toHaveLength(10);
    expect(ids.slice(0, 4)).toEqual([
      [1, 4, 7, 10],
      [2, 5, 8, 11],
      [3, 6, 9, 12],
      [13, 16, 19, 22],
    ]);
    expect(ids[9]).toEqual([37, 38, 39, 40]);
    expect(left).toEqual([]);
  });

  it('a last block of 8 makes two groups, and the 1 to 3 players below a multiple of 4 are left over', () => {
    const { groups, left } = rapidFinalGroups(ratedPlayers(23));
    expect(groups.map((g) => g.map((p) => p.id))).toEqual([
      [1, 4, 7, 10],
      [2, 5, 8, 11],
      [3, 6, 9, 12],
      [13, 15, 17, 19],
      [14, 16, 18, 20],
    ]);
    expect(left.map((p) => p.id)).toEqual([21, 22, 23]);
  });

  it('round 7: in each group the best two meet and the weakest two; round 8: winners and losers', () => {
    const t = tournamentOf(ratedPlayers(40));
    const six = playRapid(t, 6);
    const place = new Map(standings({ ...t, rounds: six }).map((row) => [row.id, row.place]));
    const round7 = next(pairNextRound('rapid', { ...t, rounds: six }));
    expect(round7.round).toBe(7);
    const byPlaces = (n: NextRound) =>
      n.pairs.map((pair) => pair.map((id) => place.get(id)!).sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
    expect(byPlaces(round7).slice(0, 6)).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
      [7, 10],
      [8, 11],
      [9, 12],
    ]);
    expect(byPlaces(round7)).toContainEqual([37, 38]);
    expect(byPlaces(round7)).toContainEqual([39, 40]);

    const seven = [...six, played(round7, favourites)];
    const won = new Map(roundShares(seven[6]).map(({ player, share }) => [player, share.points]));
    const round8 = next(pairNextRound('rapid', { ...t, rounds: seven }));
    for (const [a, b] of round8.pairs) expect(won.get(a)).toBe(won.get(b));
    // Group 1, 4, 7, 10: 1 beat 4 and 7 beat 10, so 1–7 and 4–10.
    expect(byPlaces(round8).slice(0, 2)).toEqual([
      [1, 7],
      [2, 8],
    ]);
    expect(byPlaces(round8)).toContainEqual([4, 10]);

    const eight = [...seven, played(round8, favourites)];
    expect(pairNextRound('rapid', { ...t, rounds: eight })).toMatchObject({ ok: false, code: 'RAPID_COMPLETE' });
  });

  it('waits for round 6 before round 7 and for round 7 before round 8', () => {
    const t = tournamentOf(ratedPlayers(12));
    const six = playRapid(t, 6);
    const open = (round: Round): Round => round.map((e) => ('bye' in e ? e : { red: e.red, blue: e.blue }));
    expect(pairNextRound('rapid', { ...t, rounds: [...six.slice(0, 5), open(six[5])] })).toMatchObject({ code: 'ROUND_UNFINISHED' });
    const round7 = next(pairNextRound('rapid', { ...t, rounds: six }));
    expect(pairNextRound('rapid', { ...t, rounds: [...six, open(played(round7))] })).toMatchObject({ code: 'ROUND_UNFINISHED' });
  });
});
