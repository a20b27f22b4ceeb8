import { pairNextRound, type PairingSystem } from './pairing-systems';
import { standings } from './standings';
import { opponentTable, played, ratedPlayers, tournamentOf } from './testing/tournaments';
import type { NextRound, PairingOutcome, Round, Tournament } from './tournament';

function next(outcome: PairingOutcome): NextRound {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.next;
}
const unordered = (n: NextRound) =>
  n.pairs.map(([a, b]) => [Math.min(a as number, b as number), Math.max(a as number, b as number)]).sort((x, y) => x[0] - y[0]);
/** The better rated (lower id) wins every game by 50. */
const favourites = (red: number, blue: number): number => (red < blue ? 50 : -50);

/** Plays `count` rounds of `system`, each game decided by `margin`. */
function playRounds(system: PairingSystem, start: Tournament, count: number, margin = favourites): Round[] {
  const rounds: Round[] = [...start.rounds];
  for (let i = 0; i < count; i++) rounds.push(played(next(pairNextRound(system, { ...start, rounds })), margin));
  return rounds;
}

describe('Guelph (Annex 3 §8b)', () => {
  it('6 players: the full round robin of the seed in rounds 1–5, then KOTH with rematches', () => {
    const t = tournamentOf(ratedPlayers(6));
    const rounds = playRounds('guelph', t, 5);
    expect(opponentTable(6, rounds)).toEqual([
      [6, 5, 4, 3, 2],
      [5, 3, 6, 4, 1],
      [4, 2, 5, 1, 6],
      [3, 6, 1, 2, 5],
      [2, 1, 3, 6, 4],
      [1, 4, 2, 5, 3],
    ]);
    expect(unordered(next(pairNextRound('guelph', { ...t, rounds })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('8 players: groups 1, 4, 5, 8 and 2, 3, 6, 7 play a round robin in rounds 1–3', () => {
    const rounds = playRounds('guelph', tournamentOf(ratedPlayers(8)), 3);
    const table = opponentTable(8, rounds).map((row) => [...row].sort((a, b) => a - b));
    expect(table[0]).toEqual([4, 5, 8]);
    expect(table[1]).toEqual([3, 6, 7]);
    expect(table[7]).toEqual([1, 4, 5]);
  });

  it('8 players: round 4 A1–B2, B1–A2, A3–B4, A4–B3 and round 5 A1–B1, … by the standing after round 3', () => {
    // The favourites win: A is 1, 4, 5, 8 and B is 2, 3, 6, 7 in that order after round 3.
    const t = tournamentOf(ratedPlayers(8));
    const three = playRounds('guelph', t, 3);
    expect(unordered(next(pairNextRound('guelph', { ...t, rounds: three })))).toEqual([
      [1, 3],
      [2, 4],
      [5, 7],
      [6, 8],
    ]);
    const four = playRounds('guelph', { ...t, rounds: three }, 1);
    expect(unordered(next(pairNextRound('guelph', { ...t, rounds: four })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
  });

  it('8 players: the groups are ordered by the standing, not by rating', () => {
    // 5 wins all its games: A is 5, 1, 4, 8 after round 3, B still 2, 3, 6, 7.
    const t = tournamentOf(ratedPlayers(8));
    const fiveWins = (red: number, blue: number) => (red === 5 ? 50 : blue === 5 ? -50 : favourites(red, blue));
    const three = playRounds('guelph', t, 3, fiveWins);
    expect(unordered(next(pairNextRound('guelph', { ...t, rounds: three })))).toEqual([
      [1, 2], // B1–A2
      [3, 5], // A1–B2
      [4, 7], // A3–B4
      [6, 8], // A4–B3
    ]);
  });

  it('10 players: each meets the five of the other group in rounds 1–5, then KOTH; no seventh round', () => {
    const t = tournamentOf(ratedPlayers(10));
    const rounds = playRounds('guelph', t, 6);
    const table = opponentTable(10, rounds);
    const a = [1, 4, 5, 8, 9];
    const b = [2, 3, 6, 7, 10];
    for (const id of a) expect(table[id - 1].slice(0, 5).sort((x, y) => x - y)).toEqual(b);
    for (const id of b) expect(table[id - 1].slice(0, 5).sort((x, y) => x - y)).toEqual(a);
    expect(pairNextRound('guelph', { ...t, rounds })).toMatchObject({ ok: false, code: 'GUELPH_COMPLETE' });
  });

  it('refuses a field other than 6, 8 or 10, and waits for the standing it needs', () => {
    expect(pairNextRound('guelph', tournamentOf(ratedPlayers(7)))).toMatchObject({ ok: false, code: 'GUELPH_FIELD' });
    const t = tournamentOf(ratedPlayers(8));
    const three = playRounds('guelph', t, 3);
    const open: Round = three[2].map((entry) => ('bye' in entry ? entry : { red: entry.red, blue: entry.blue }));
    expect(pairNextRound('guelph', { ...t, rounds: [three[0], three[1], open] })).toMatchObject({ ok: false, code: 'ROUND_UNFINISHED' });
  });
});

describe('NAST (Annex 3 §8c)', () => {
  it('rounds 1–4 are fixed in advance: the first four rounds of Clark’s table', () => {
    const rounds = playRounds('nast', tournamentOf(ratedPlayers(8)), 4);
    expect(opponentTable(8, rounds)).toEqual([
      [8, 7, 6, 5],
      [7, 5, 3, 8],
      [6, 4, 2, 7],
      [5, 3, 8, 6],
      [4, 2, 7, 1],
      [3, 8, 1, 4],
      [2, 1, 5, 3],
      [1, 6, 4, 2],
    ]);
  });

  it('round 5 is modified Swiss with rematches, round 6 KOTH with rematches, then no more', () => {
    const t = tournamentOf(ratedPlayers(8));
    const four = playRounds('nast', t, 4);
    // After four rounds: 1 and 2 have 4 wins, 3 and 4 three, 5 and 6 one, 7 and 8 none — each group
    // of two halved: 1–2, 3–4, 5–6, 7–8.
    const points = standings({ ...t, rounds: four }).map((row) => [row.id, row.points]);
    expect(points).toEqual([
      [1, 4],
      [2, 4],
      [3, 3],
      [4, 3],
      [5, 1],
      [6, 1],
      [7, 0],
      [8, 0],
    ]);
    expect(unordered(next(pairNextRound('nast', { ...t, rounds: four })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    const six = playRounds('nast', { ...t, rounds: four }, 2);
    expect(unordered(next(pairNextRound('nast', { ...t, rounds: six.slice(0, 5) })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
    expect(pairNextRound('nast', { ...t, rounds: six })).toMatchObject({ ok: false, code: 'NAST_COMPLETE' });
  });

  it('refuses a field of fewer than 5', () => {
    expect(pairNextRound('nast', tournamentOf(ratedPlayers(4)))).toMatchObject({ ok: false, code: 'NAST_FIELD' });
  });
});

describe('Chew (Annex 3 §9)', () => {
  it('pairs the players still in the prize race among themselves and the others as Swiss', () => {
    // 8 players, 3 rounds, two prizes; the favourites win. Round 1 is 1–2, 3–4, 5–6, 7–8, round 2
    // 1–3, 5–7, 2–4, 6–8: 1 and 5 have 2 points, 2, 3, 6, 7 one, 4 and 8 none. With one round
    // left 4 and 8 are out of the race (two players are certainly ahead of them); the players on
    // one point are not (the spread decides within 700).
    const t = tournamentOf(ratedPlayers(8), [], { totalRounds: 3, prizePlaces: 2 });
    const two = playRounds('chew', t, 2);
    expect(standings({ ...t, rounds: two }).map((r) => [r.id, r.points])).toEqual([
      [1, 2],
      [5, 2],
      [2, 1],
      [3, 1],
      [6, 1],
      [7, 1],
      [4, 0],
      [8, 0],
    ]);
    expect(unordered(next(pairNextRound('chew', { ...t, rounds: two })))).toEqual([
      [1, 5],
      [2, 3],
      [4, 8],
      [6, 7],
    ]);
  });

  it('round 1 is KOTH on the rating list', () => {
    expect(unordered(next(pairNextRound('chew', tournamentOf(ratedPlayers(6)))))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('gibsonizes a player who has won, even without the gibson setting', () => {
    // 6 players, 4 rounds: after 3 rounds 1 has won everything by 350, so with one round left
    // nobody can reach them; they meet the best placed player who can no longer win the prize.
    const t = tournamentOf(ratedPlayers(6), [], { totalRounds: 4 });
    const rounds = playRounds('chew', t, 3, (red, blue) => (red === 1 ? 350 : blue === 1 ? -350 : favourites(red, blue)));
    const round4 = next(pairNextRound('chew', { ...t, rounds }));
    expect(round4.gibsonized).toEqual([1]);
  });
});
