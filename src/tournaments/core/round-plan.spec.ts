import fc from 'fast-check';
import { competitionTournament, type EntrantRow } from './competition-tournament';
import { pairNextRound } from './pairing-systems';
import { colourBalance, defaultPlan, firstRound, formatPlan, nextField, parsePlan, resultOfEnding, roundProgress } from './round-plan';
import { lateShare } from './results';
import { standings } from './standings';
import { played, ratedPlayers, tournamentOf } from './testing/tournaments';
import type { Round } from './tournament';

describe('the plan of a tournament in rounds (docs/rules.md §11.6)', () => {
  it('reads the plan as the arbiter types it, one system per round', () => {
    expect(parsePlan('modified Swiss ×5, FP4 ×2, KOTH ×1')).toEqual([...Array(5).fill('modified-swiss'), 'fp4', 'fp4', 'koth']);
    expect(parsePlan('swiss x2; round robin *1\nking of the hill')).toEqual(['swiss', 'swiss', 'rr', 'koth']);
    expect(parsePlan('Elvețian ×2, șarpe')).toEqual(['swiss', 'swiss', 'snake']);
  });

  it('refuses an unknown system, a zero count, an empty plan and more than 40 rounds', () => {
    expect(parsePlan('swiss ×2, snooker')).toMatchObject({ code: 'BAD_PLAN', messages: { en: expect.stringContaining('"snooker"') } });
    expect(parsePlan('koth ×0')).toMatchObject({ code: 'BAD_PLAN' });
    expect(parsePlan(' , ')).toMatchObject({ code: 'BAD_PLAN' });
    expect(parsePlan('swiss ×41')).toMatchObject({ code: 'BAD_PLAN' });
  });

  it('writes a plan back so that reading it again gives the same rounds', () => {
    const systems = fc.constantFrom('swiss', 'koth', 'fp4', 'modified-swiss', 'danish');
    fc.assert(
      fc.property(fc.array(systems, { minLength: 1, maxLength: 40 }), (plan) => {
        expect(parsePlan(formatPlan(plan))).toEqual(plan);
      }),
    );
  });

  it('defaults to Swiss for F 9.1’s number of rounds by entrants', () => {
    expect(defaultPlan(16)).toEqual(Array(6).fill('swiss'));
    expect(defaultPlan(17)).toHaveLength(7);
    expect(defaultPlan(64)).toHaveLength(8);
    expect(defaultPlan(65)).toHaveLength(9);
  });
});

describe('results, completion and the field of a round (docs/rules.md §11.6)', () => {
  it('reads each ending of the platform as a result of F 9.5', () => {
    expect(resultOfEnding({ type: 'finished' }, 412, 380)).toEqual({ kind: 'normal', red: 412, blue: 380 });
    expect(resultOfEnding({ type: 'abandon', by: 'blue' }, 100, 120)).toEqual({ kind: 'abandon', loser: 'blue', red: 100, blue: 120 });
    expect(resultOfEnding({ type: 'timeout', by: 'red' }, 100, 120)).toEqual({ kind: 'time', loser: 'red', red: 100, blue: 120 });
    expect(resultOfEnding({ type: 'walkover', by: 'red' }, 1, 400)).toEqual({ kind: 'no-show', loser: 'red' });
    expect(resultOfEnding({ type: 'draw-agreement' }, 0, 0)).toEqual({ kind: 'draw-arbiter' });
    expect(resultOfEnding({ type: 'unfinished' }, 0, 0)).toEqual({ kind: 'draw-no-slip' });
  });

  it('calls a round complete when every game has its result', () => {
    expect(roundProgress([{ hasResult: true }, { hasResult: false }])).toEqual({ games: 2, withResult: 1, complete: false });
    expect(roundProgress([{ hasResult: true }, { hasResult: true }])).toEqual({ games: 2, withResult: 2, complete: true });
  });

  const at = (day: number) => new Date(Date.UTC(2027, 0, day));
  const starts = [at(10), at(20), at(30)];

  it('enters a late entrant from the first round started after they registered (F 9.4b)', () => {
    const entrant = (day: number) => ({ playerId: 'p', registeredAt: at(day), withdrawnAt: null });
    expect(firstRound(entrant(1), starts)).toBe(1);
    expect(firstRound(entrant(10), starts)).toBe(1);
    expect(firstRound(entrant(15), starts)).toBe(2);
    expect(firstRound(entrant(31), starts)).toBe(4);
  });

  it('leaves a withdrawn player out of the next field (F 9.4)', () => {
    expect(
      nextField([
        { playerId: 'a', registeredAt: at(1), withdrawnAt: null },
        { playerId: 'b', registeredAt: at(1), withdrawnAt: at(12) },
      ]),
    ).toEqual(['a']);
  });

  it('scores a late entrant’s missed rounds as F 4.4.6f: no point, −75 less the round’s largest difference', () => {
    const rows: EntrantRow[] = ['a', 'b', 'c'].map((id) => ({
      playerId: id,
      name: id.toUpperCase(),
      club: null,
      rating: null,
      registeredAt: at(1),
      withdrawnAt: null,
    }));
    rows.push({ playerId: 'late', name: 'Late', club: null, rating: null, registeredAt: at(15), withdrawnAt: null });
    const tournament = competitionTournament({
      entrants: rows,
      rounds: [{ number: 1, byePlayerId: 'c', startedAt: at(10) }],
      games: [{ round: 1, red: 'a', blue: 'b', result: { kind: 'normal', red: 500, blue: 380 } }],
      settings: {},
    });
    expect(tournament.lateEntries).toEqual([{ player: 'late', fromRound: 2 }]);
    const late = standings(tournament).find((r) => r.id === 'late')!;
    expect(late).toMatchObject({ points: 0, spread: -(75 + 120), games: 1 });
    expect(lateShare(120)).toEqual({ points: 0, spread: -195, played: false });
  });
});

describe('colours over a tournament paired by its plan (docs/rules.md §11.3, §11.6)', () => {
  it('gives RED to the player who has had it less, so a player drifts only against one who needs the same colour', () => {
    const plan = parsePlan('swiss ×3, koth ×2, modified swiss ×2') as ReturnType<typeof defaultPlan>;
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 30 }), fc.integer({ min: 1, max: 1000 }), (n, seed) => {
        const players = ratedPlayers(n);
        const rounds: Round[] = [];
        const pairs: Array<Array<[string, string]>> = [];
        for (const system of plan) {
          const outcome = pairNextRound(system, tournamentOf(players, rounds, { totalRounds: plan.length }), seed);
          if (!outcome.ok) return;
          const before = colourBalance(pairs);
          const next = outcome.next.pairs.map(([r, b]): [string, string] => [String(r), String(b)]);
          for (const [red, blue] of next) expect(before.get(red) ?? 0).toBeLessThanOrEqual(before.get(blue) ?? 0);
          pairs.push(next);
          rounds.push(played(outcome.next, (red, blue) => ((red * 7 + blue * 3 + seed) % 200) - 100));
        }
        // Each round moves a balance by one: after 7 rounds it is odd or even with the games played, never past 7.
        for (const balance of colourBalance(pairs).values()) expect(Math.abs(balance)).toBeLessThanOrEqual(plan.length);
      }),
      { numRuns: 40 },
    );
  });
});
