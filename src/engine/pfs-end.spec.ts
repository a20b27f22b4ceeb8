import fc from 'fast-check';
import { applyMove, LOST_TURN, newGame, zeroTurnsEnd, type GameState, type MoveInput } from '.';
import { randomSequence, seededRandom } from './testing/random-game';
import { getTileSet } from './tile-sets';
import type { GameRules } from './types';

const PFS: GameRules = { handicap: false, zeroTurnsToEnd: 4, endRackRule: 'transfer', rulebook: 'pfs' };
const FRSC: GameRules = { handicap: false, zeroTurnsToEnd: 6, endRackRule: 'transfer' };

function play(rules: GameRules, moves: readonly MoveInput[]): GameState {
  let state = newGame({ tileSet: 'ro', sequence: randomSequence(getTileSet('ro'), seededRandom(5)), rules });
  for (const move of moves) {
    const step = applyMove(state, move);
    if (!step.ok) throw new Error(step.code);
    state = step.state;
  }
  return state;
}

describe('the end by passes under PFS rules (docs/rules.md §13, P 5.1.1, 5.1.4)', () => {
  it('four passes in a row end the game; each player loses their own rack', () => {
    expect(play(PFS, ['PAS', 'PAS', 'PAS']).over).toBe(false);
    const over = play(PFS, ['PAS', 'PAS', 'PAS', 'PAS']);
    expect(over).toMatchObject({ over: true, endReason: 'zero-turns', passRun: 4, zeroRun: 4 });
    expect(over.endAdjustment.red).toBeLessThan(0);
    expect(over.endAdjustment.blue).toBeLessThan(0);
    expect(over.scores).toEqual({ red: over.endAdjustment.red, blue: over.endAdjustment.blue });
  });

  it('a lost turn is not a pass (P 4.3.3) but does not break the row; passes and lost turns together at most five', () => {
    const lostBetween = play(PFS, ['PAS', LOST_TURN, 'PAS', 'PAS']);
    expect(lostBetween).toMatchObject({ over: false, passRun: 3, zeroRun: 4 });
    expect(play(PFS, ['PAS', LOST_TURN, 'PAS', 'PAS', LOST_TURN])).toMatchObject({ over: true, zeroRun: 5 });
    expect(play(PFS, ['PAS', LOST_TURN, 'PAS', 'PAS', 'PAS'])).toMatchObject({ over: true, passRun: 4 });
  });

  it('a lost turn scores nothing and changes neither board, racks nor the sequence position', () => {
    const before = play(PFS, []);
    const step = applyMove(before, LOST_TURN);
    if (!step.ok) throw new Error(step.code);
    expect(step.record).toMatchObject({ type: 'lost', notation: '—', score: 0, tiles: [], drawn: [] });
    expect(step.state.board).toBe(before.board);
    expect(step.state.racks.red).toBe(before.racks.red);
    expect(step.state.next).toBe(before.next);
    expect(step.state.toMove).toBe('blue');
  });

  it('exists only under PFS rules: the FRSc has no lost turn, and its six zero-score turns are unchanged', () => {
    expect(() => applyMove(play(FRSC, []), LOST_TURN)).toThrow(RangeError);
    expect(play(FRSC, ['PAS', 'PAS', 'PAS', 'PAS', 'PAS']).over).toBe(false);
    expect(play(FRSC, ['PAS', 'PAS', 'PAS', 'PAS', 'PAS', 'PAS']).over).toBe(true);
  });

  it('property: zeroTurnsEnd under PFS is "passes ≥ n or passes and lost turns ≥ n + 1"; under FRSc the run alone', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 8 }), fc.integer({ min: 2, max: 8 }), (run, n) => {
        const passes = run.filter((isPass) => isPass).length;
        const pfs = { ...PFS, zeroTurnsToEnd: n };
        expect(zeroTurnsEnd(pfs, run.length, passes)).toBe(passes >= n || run.length >= n + 1);
        expect(zeroTurnsEnd({ ...FRSC, zeroTurnsToEnd: n }, run.length, passes)).toBe(run.length >= n);
      }),
    );
  });
});
