import { pairNextRound } from './pairing-systems';
import { factorizedPairs } from './swiss';
import { played, ratedPlayers, tournamentOf } from './testing/tournaments';
import type { NextRound, PairingOutcome, Round } from './tournament';

function next(outcome: PairingOutcome): NextRound {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.next;
}
const unordered = (n: NextRound) =>
  n.pairs.map(([a, b]) => [Math.min(a as number, b as number), Math.max(a as number, b as number)]).sort((x, y) => x[0] - y[0]);
const win = (red: number, blue: number, margin: number) => ({
  red,
  blue,
  result: { kind: 'normal' as const, red: 400 + margin, blue: 400 },
});

describe('the Swiss system (docs/rules.md §11.3, F 9.2)', () => {
  it('draws the first round from the seed: the same seed the same pairs, another seed others', () => {
    const t = tournamentOf(ratedPlayers(20));
    expect(next(pairNextRound('swiss', t, 7))).toEqual(next(pairNextRound('swiss', t, 7)));
    expect(unordered(next(pairNextRound('swiss', t, 7)))).not.toEqual(unordered(next(pairNextRound('swiss', t, 8))));
  });

  it('pairs the standing 1–2, 3–4, and takes the next player down instead of a rematch', () => {
    // After round 1 the standing is 1, 3, 2, 4 (1 and 3 won); 1 and 3 have not met: 1–3, 2–4.
    const players = ratedPlayers(4);
    const r1: Round = [win(1, 2, 100), win(3, 4, 50)];
    expect(unordered(next(pairNextRound('swiss', tournamentOf(players, [r1]))))).toEqual([
      [1, 3],
      [2, 4],
    ]);
    // After 1–3 too, the standing's first two have met: 1 takes the next one down.
    const r2: Round = [win(1, 3, 100), win(2, 4, 10)];
    expect(unordered(next(pairNextRound('swiss', tournamentOf(players, [r1, r2]))))).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it('keeps club mates apart under the club rule (F 9.2e), and lets them meet when nothing else is left', () => {
    const players = ratedPlayers(4, (id) => (id <= 2 ? 'CS Arad' : 'CSM Iasi'));
    const rounds: Round[] = [[win(1, 3, 100), win(2, 4, 50)]];
    const ruled = next(pairNextRound('koth', tournamentOf(players, rounds, { clubRule: true })));
    expect(unordered(ruled)).toEqual([
      [1, 4],
      [2, 3],
    ]);
    const free = next(pairNextRound('koth', tournamentOf(players, rounds)));
    expect(unordered(free)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const two = ratedPlayers(2, () => 'CS Arad');
    expect(unordered(next(pairNextRound('swiss', tournamentOf(two, [], { clubRule: true }))))).toEqual([[1, 2]]);
  });

  it('gives the bye to the lowest placed player who has not had one, and refuses a second in a short event (F 9.2f)', () => {
    const players = ratedPlayers(3);
    const r1: Round = [win(1, 2, 100), { bye: 3 }];
    expect(next(pairNextRound('koth', tournamentOf(players, [r1]))).bye).toBe(2);
    const r2: Round = [win(1, 3, 100), { bye: 2 }];
    const r3: Round = [win(2, 3, 100), { bye: 1 }];
    expect(pairNextRound('swiss', tournamentOf(players, [r1, r2, r3]))).toMatchObject({ ok: false, code: 'NO_BYE_LEFT' });
  });

  it('refuses to pair from a round whose games have no result yet', () => {
    const players = ratedPlayers(4);
    const outcome = pairNextRound('swiss', tournamentOf(players, [[{ red: 1, blue: 2 }, win(3, 4, 10)]]));
    expect(outcome).toMatchObject({ ok: false, code: 'ROUND_UNFINISHED' });
  });
});

describe('KOTH, the factorized systems, Portland and Green (Annex 3 §§1, 4, 6, 8a)', () => {
  it('KOTH pairs the rating list 1–2, 3–4 in round 1', () => {
    expect(unordered(next(pairNextRound('koth', tournamentOf(ratedPlayers(6)))))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('FP4 pairs 1–3, 2–4, 5–7, 6–8; FP6 1–4, 2–5, 3–6; a short block at the bottom steps down', () => {
    const ids = (size: number, n: number) => factorizedPairs(ratedPlayers(n), size).map(([a, b]) => [a.id, b.id]);
    expect(ids(4, 8)).toEqual([
      [1, 3],
      [2, 4],
      [5, 7],
      [6, 8],
    ]);
    expect(ids(6, 10)).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
      [7, 9],
      [8, 10],
    ]);
    expect(unordered(next(pairNextRound('fp4', tournamentOf(ratedPlayers(6)))))).toEqual([
      [1, 3],
      [2, 4],
      [5, 6],
    ]);
  });

  it('Portland pairs round x from the standing after round x−2, while round x−1 is still played', () => {
    const players = ratedPlayers(4);
    const r1: Round = [win(4, 1, 100), win(3, 2, 50)];
    const r2: Round = [
      { red: 4, blue: 3 },
      { red: 1, blue: 2 },
    ];
    // The standing after round 1 is 4, 3, 2, 1; 4–3 and 1–2 are being played, 4–3 met already in round 2.
    expect(unordered(next(pairNextRound('portland', tournamentOf(players, [r1, r2]))))).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });

  it("Green gives the byes to the highest rated first, the last round's to the lowest placed without one", () => {
    const players = ratedPlayers(5);
    const round1 = next(pairNextRound('green', tournamentOf(players)));
    expect(round1.bye).toBe(1);
    const rounds = [played(round1)];
    expect(next(pairNextRound('green', tournamentOf(players, rounds))).bye).toBe(2);
    const last = next(pairNextRound('green', tournamentOf(players, rounds, { totalRounds: 2 })));
    expect(last.bye).not.toBe(1);
    expect(last.bye).not.toBe(2);
  });
});
