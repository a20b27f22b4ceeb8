import { pairNextRound, type PairingSystem } from './pairing-systems';
import { groupsOfFour, rapidGroups, snakeGroups } from './schedules';
import { standings } from './standings';
import { opponentTable, played, ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round, Tournament } from './tournament';

/** Plays `count` rounds of `system` from `start`, every game won by red by 50. */
function playRounds(system: PairingSystem, start: Tournament, count: number): Round[] {
  const rounds: Round[] = [...start.rounds];
  for (let i = 0; i < count; i++) {
    const outcome = pairNextRound(system, { ...start, rounds });
    if (!outcome.ok) throw new Error(outcome.code);
    rounds.push(played(outcome.next));
  }
  return rounds;
}

/** F 9.3: for each player, the opponent in rounds I, II, … */
const SEED_TABLES: Record<number, number[][]> = {
  4: [
    [4, 3, 2],
    [3, 4, 1],
    [2, 1, 4],
    [1, 2, 3],
  ],
  6: [
    [6, 5, 4, 3, 2],
    [5, 3, 6, 4, 1],
    [4, 2, 5, 1, 6],
    [3, 6, 1, 2, 5],
    [2, 1, 3, 6, 4],
    [1, 4, 2, 5, 3],
  ],
  8: [
    [8, 7, 6, 5, 4, 3, 2],
    [7, 5, 3, 8, 6, 4, 1],
    [6, 4, 2, 7, 5, 1, 8],
    [5, 3, 8, 6, 1, 2, 7],
    [4, 2, 7, 1, 3, 8, 6],
    [3, 8, 1, 4, 2, 7, 5],
    [2, 1, 5, 3, 8, 6, 4],
    [1, 6, 4, 2, 7, 5, 3],
  ],
};

const sortedPairs = (round: Round) =>
  round
    .filter((e) => !('bye' in e))
    .map((e) => ('bye' in e ? [] : [Math.min(e.red as number, e.blue as number), Math.max(e.red as number, e.blue as number)]))
    .sort((a, b) => a[0] - b[0]);

describe('round robin by Clark rotation (docs/rules.md §11.3, F 9.3)', () => {
  it.each([4, 6, 8])('reproduces the seed table for %i players', (n) => {
    const rounds = playRounds('rr', tournamentOf(ratedPlayers(n)), n - 1);
    expect(opponentTable(n, rounds)).toEqual(SEED_TABLES[n]);
  });

  it('reproduces the first three rounds of the seed for 16 players', () => {
    const rounds = playRounds('rr', tournamentOf(ratedPlayers(16)), 3);
    const columns = (top: number[], bottom: number[]) =>
      top.map((t, i) => [Math.min(t, bottom[i]), Math.max(t, bottom[i])]).sort((a, b) => a[0] - b[0]);
    expect(sortedPairs(rounds[0])).toEqual(columns([1, 2, 3, 4, 5, 6, 7, 8], [16, 15, 14, 13, 12, 11, 10, 9]));
    expect(sortedPairs(rounds[1])).toEqual(columns([1, 16, 2, 3, 4, 5, 6, 7], [15, 14, 13, 12, 11, 10, 9, 8]));
    expect(sortedPairs(rounds[2])).toEqual(columns([1, 15, 16, 2, 3, 4, 5, 6], [14, 13, 12, 11, 10, 9, 8, 7]));
  });

  it('refuses a round after the last one, with its code', () => {
    const t = tournamentOf(ratedPlayers(4));
    const outcome = pairNextRound('rr', { ...t, rounds: playRounds('rr', t, 3) });
    expect(outcome).toMatchObject({ ok: false, code: 'ROUND_ROBIN_COMPLETE' });
  });
});

describe('the snake (Annex 3 §5)', () => {
  const ids = (groups: { id: unknown }[][]) => groups.map((g) => g.map((p) => p.id));

  it('deals 36 players into 3 groups as the seed draws them', () => {
    const groups = ids(snakeGroups(ratedPlayers(36), 3));
    expect(groups.map((g) => g.slice(0, 4))).toEqual([
      [1, 6, 7, 12],
      [2, 5, 8, 11],
      [3, 4, 9, 10],
    ]);
    expect(groups.map((g) => g.length)).toEqual([12, 12, 12]);
  });

  it('deals 48 players into 8 groups of 6 as the seed draws them', () => {
    expect(ids(snakeGroups(ratedPlayers(48), 8))).toEqual([
      [1, 16, 17, 32, 33, 48],
      [2, 15, 18, 31, 34, 47],
      [3, 14, 19, 30, 35, 46],
      [4, 13, 20, 29, 36, 45],
      [5, 12, 21, 28, 37, 44],
      [6, 11, 22, 27, 38, 43],
      [7, 10, 23, 26, 39, 42],
      [8, 9, 24, 25, 40, 41],
    ]);
  });

  it('plays a round robin inside each group, then refuses a round beyond it', () => {
    const t = tournamentOf(ratedPlayers(48));
    const rounds = playRounds('snake', t, 5);
    const table = opponentTable(48, rounds);
    expect([...table[0]].sort((a, b) => a - b)).toEqual([16, 17, 32, 33, 48]);
    expect(pairNextRound('snake', { ...t, rounds })).toMatchObject({ ok: false, code: 'SNAKE_COMPLETE' });
  });
});

describe('the rapid system (Annex 3 §3)', () => {
  it('deals 40 players into groups of 4 by rating: 1, 11, 21, 31; …; 10, 20, 30, 40', () => {
    const groups = rapidGroups(tournamentOf(ratedPlayers(40))).map((g) => g.map((p) => p.id));
    expect(groups).toHaveLength(10);
    expect(groups[0]).toEqual([1, 11, 21, 31]);
    expect(groups[1]).toEqual([2, 12, 22, 32]);
    expect(groups[9]).toEqual([10, 20, 30, 40]);
  });

  it('plays each group as a round robin in rounds 1–3, then regroups each half of the standing: 1, 6, 11, 16; …', () => {
    const t = tournamentOf(ratedPlayers(40));
    const rounds = playRounds('rapid', t, 3);
    const table = opponentTable(40, rounds);
    expect([...table[0]].sort((a, b) => a - b)).toEqual([11, 21, 31]);
    const standing = rapidGroups({ ...t, rounds });
    expect(standing).toHaveLength(10);
    // The groups come from the standing after round 3, within its halves of 20.
    const placeOf = new Map(standings({ ...t, rounds }).map((row) => [row.id, row.place]));
    expect(standing[0].map((p) => placeOf.get(p.id))).toEqual([1, 6, 11, 16]);
    expect(standing[5].map((p) => placeOf.get(p.id))).toEqual([21, 26, 31, 36]);
  });

  it('makes the last group 5 to 7 players when 4 does not divide the field', () => {
    expect(groupsOfFour(ratedPlayers(22)).map((g) => g.length)).toEqual([4, 4, 4, 4, 6]);
  });
});
