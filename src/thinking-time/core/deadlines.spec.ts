import { deadlinesOn } from './deadlines';
import type { GameTimeline } from './timeline';

const game = (overrides: Partial<GameTimeline> = {}): GameTimeline => ({
  start: '2027-02-01',
  closing: '2027-06-30',
  moves: [],
  ...overrides,
});

describe('deadlines shown to players (docs/rules.md §5, §7)', () => {
  it('projects the reminder and the escalation of the move owed, as the core will find them', () => {
    // Sent 10.02: a reply on 26.02 would cost 15 days (the reminder's day), on 13.03 30 days.
    const t = game({ moves: [{ player: 'red', sent: '2027-02-10' }] });
    expect(deadlinesOn(t, '2027-02-12')).toEqual({
      reminder: '2027-02-26',
      escalation: '2027-03-13',
      closing: '2027-06-30',
      lastHolidayDay: '2027-05-29',
      reportBy: '2027-07-05',
    });
    expect(deadlinesOn(t, '2027-02-27')).toMatchObject({ escalation: '2027-03-13' });
    expect(deadlinesOn(t, '2027-02-27').reminder).toBeUndefined();
  });

  it('moves them past a holiday of the silent player', () => {
    const t = game({ moves: [{ player: 'red', sent: '2027-02-10' }], holidays: { blue: [{ from: '2027-02-15', to: '2027-02-24' }] } });
    expect(deadlinesOn(t, '2027-02-12')).toMatchObject({ reminder: '2027-03-08', escalation: '2027-03-23' });
  });

  it('gives only the competition dates once play is over', () => {
    expect(deadlinesOn(game({ endedOn: '2027-03-01' }), '2027-03-05')).toEqual({
      closing: '2027-06-30',
      lastHolidayDay: '2027-05-29',
      reportBy: '2027-07-05',
    });
    expect(deadlinesOn(game(), '2027-07-01')).toEqual({ closing: '2027-06-30', lastHolidayDay: '2027-05-29', reportBy: '2027-07-05' });
  });
});
