import { LOST_TURN, getTileSet, rackLetters, tilesValue } from '../../engine';
import { sequenceStarting } from '../../engine/testing/fixtures';
import { playSolo, replaySolo, soloEnd, soloFinalScore, soloRackDeduction, startSolo, tilesLeft, type SoloState } from './solo-game';

const pl = getTileSet('pl');
const SEQ = sequenceStarting('KOTAMYSDOMEKRA', pl);

function play(state: SoloState, move: Parameters<typeof playSolo>[1]): SoloState {
  const step = playSolo(state, move);
  if (!step.ok) throw new Error(step.code);
  return step.state;
}

describe('the one-player game (docs/rules.md §14)', () => {
  it('deals the first seven tiles of the fixed sequence and refills from the next ones, in order', () => {
    const s0 = startSolo('pl', SEQ);
    expect(rackLetters(s0.rack).join('')).toBe('KOTAMYS');
    expect(tilesLeft(s0)).toBe(pl.tiles.reduce((n, t) => n + t.count, 0) - 7);
    const step = playSolo(s0, 'h8 KOT');
    if (!step.ok) throw new Error(step.code);
    expect(step.record).toMatchObject({ n: 1, kind: 'place', rackBefore: 'KOTAMYS', rackAfter: 'AMYSDOM', drawn: [7, 8, 9] });
    expect(step.record.score).toBeGreaterThan(0);
    expect(step.record.total).toBe(step.record.score);
    expect(step.state.total).toBe(step.record.score);
  });

  it('refuses what the engine refuses and changes nothing', () => {
    const s0 = startSolo('pl', SEQ);
    const refused = playSolo(s0, 'a1 KOT');
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.code).toBe('FIRST_MOVE_NOT_ON_CENTER');
  });

  it('a lost turn leaves the position as before the move taken back [P 4.8] and counts as a zero turn', () => {
    const s0 = startSolo('pl', SEQ);
    const lost = play(s0, LOST_TURN);
    expect(lost).toMatchObject({ board: s0.board, rack: s0.rack, next: s0.next, total: 0, turns: 1, zeroRun: 1, passRun: 0 });
  });

  it('ends after two passes in a row, or three zero turns mixing passes and lost turns [P 6.1.1]', () => {
    const s0 = startSolo('pl', SEQ);
    const pass = { kind: 'pass' } as const;
    expect(soloEnd(play(s0, pass))).toBeUndefined();
    expect(soloEnd(play(play(s0, pass), pass))).toBe('passes');
    expect(soloEnd(play(play(s0, pass), LOST_TURN))).toBeUndefined();
    expect(soloEnd(play(play(play(s0, LOST_TURN), pass), LOST_TURN))).toBe('passes');
    expect(soloEnd(play(play(play(s0, LOST_TURN), LOST_TURN), LOST_TURN))).toBe('passes');
    // A scoring move breaks both rows.
    expect(play(play(s0, pass), 'h8 KOT')).toMatchObject({ passRun: 0, zeroRun: 0 });
  });

  it('ends when the rack and the sequence are empty, with nothing deducted; otherwise the rack is deducted [P 5.1.4]', () => {
    const s0 = startSolo('pl', SEQ);
    const out = { ...s0, rack: [], next: s0.sequence.length };
    expect(soloEnd(out)).toBe('out');
    expect(soloRackDeduction(out, 'out')).toBe(0);
    const s1 = { ...play(play(s0, 'h8 KOT'), { kind: 'pass' }) };
    const value = tilesValue(pl, rackLetters(s1.rack));
    expect(soloRackDeduction(s1, 'passes')).toBe(value);
    expect(soloFinalScore(s1, 'time')).toBe(s1.total - value);
  });

  it('replays stored turns into the same state', () => {
    const s0 = startSolo('pl', SEQ);
    const direct = play(play(play(s0, 'h8 KOT'), LOST_TURN), { kind: 'pass' });
    const { state, records } = replaySolo(s0, ['h8 KOT', LOST_TURN, { kind: 'pass' }]);
    expect(state).toEqual(direct);
    expect(records.map((r) => r.kind)).toEqual(['place', 'lost', 'pass']);
  });
});
