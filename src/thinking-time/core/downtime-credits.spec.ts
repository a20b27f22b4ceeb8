import { downtimeCredits } from './downtime-credits';
import type { GameTimeline } from './timeline';

const game = (overrides: Partial<GameTimeline> = {}): GameTimeline => ({
  start: '2027-02-01',
  closing: '2027-06-30',
  moves: [],
  ...overrides,
});

describe('days to credit after an outage (docs/rules.md §5)', () => {
  it('credits the player who owed the move for every day down, and never the partner', () => {
    const t = game({ moves: [{ player: 'red', sent: '2027-02-05' }] });
    expect(downtimeCredits(t, '2027-02-10', '2027-02-18')).toEqual({ red: 0, blue: 9 });
  });

  it('does not count the day the move arrived, as the thinking-day rule does not', () => {
    // RED's move arrived on the 10th, the first day down: BLUE's clock runs from the 11th.
    const t = game({ moves: [{ player: 'red', sent: '2027-02-10' }] });
    expect(downtimeCredits(t, '2027-02-10', '2027-02-12')).toEqual({ red: 0, blue: 2 });
  });

  it('leaves out holiday days, which were not thinking days anyway', () => {
    const t = game({ moves: [{ player: 'red', sent: '2027-02-05' }], holidays: { blue: [{ from: '2027-02-12', to: '2027-02-14' }] } });
    expect(downtimeCredits(t, '2027-02-10', '2027-02-18')).toEqual({ red: 0, blue: 6 });
  });

  it('credits nothing before the start, after the closing date or once the game ended', () => {
    expect(downtimeCredits(game(), '2027-01-20', '2027-02-01')).toEqual({ red: 0, blue: 0 });
    expect(downtimeCredits(game({ closing: '2027-02-20' }), '2027-02-19', '2027-02-25')).toEqual({ red: 2, blue: 0 });
    expect(downtimeCredits(game({ endedOn: '2027-02-03' }), '2027-02-02', '2027-02-10')).toEqual({ red: 1, blue: 0 });
    expect(downtimeCredits(game(), '2027-02-10', '2027-02-09')).toEqual({ red: 0, blue: 0 });
  });
});
