import type { LocalDate } from '../../common/calendar';
import { actionKind, chooseActions } from './catch-up';
import { timelineDays, timelineOn, type GameTimeline, type TimelineMove } from './timeline';

const moves = (...sent: LocalDate[]): TimelineMove[] => sent.map((day, i) => ({ player: i % 2 === 0 ? 'red' : 'blue', sent: day }));
const game = (overrides: Partial<GameTimeline> = {}): GameTimeline => ({
  start: '2027-02-01',
  closing: '2027-06-30',
  moves: [],
  ...overrides,
});
const keys = (actions: readonly { key: string }[]) => actions.map((a) => a.key);

describe('choosing what a sweep does (one action, exactly once, no stale burst)', () => {
  it('does everything due on the one day a daily sweep looks at', () => {
    // RED's move sent 10.02: BLUE's holiday starts on the 26th, the day the reminder would
    // be due (the core's first day on which a reply costs 15 days: sent + 16). Nothing is
    // sent on a holiday day, so only the holiday's start is due.
    const t = game({ moves: moves('2027-02-10'), holidays: { blue: [{ from: '2027-02-26', to: '2027-03-02' }] } });
    const choice = chooseActions(timelineDays(t, '2027-02-26', '2027-02-26'));
    expect(keys(choice.due)).toEqual(['holiday-start:blue:2027-02-26..2027-03-02']);
    expect(choice.superseded).toEqual([]);
    expect(keys(chooseActions(timelineDays(t, '2027-03-03', '2027-03-03')).due)).toEqual([
      'holiday-end:blue:2027-02-26..2027-03-02',
      'reminder:2',
    ]);
  });

  it('does nothing on a day nothing is due', () => {
    expect(chooseActions(timelineDays(game({ moves: moves('2027-02-10') }), '2027-02-20', '2027-02-20'))).toEqual({
      due: [],
      superseded: [],
    });
    expect(chooseActions([])).toEqual({ due: [], superseded: [] });
  });

  it('after downtime, does only the latest action of each kind: the escalation, not the reminder before it', () => {
    // Sent 10.02: reminder due 26.02 (sent + 16), escalation 13.03 (sent + 31). The platform looks again on 15.03.
    const t = game({ moves: moves('2027-02-10') });
    const choice = chooseActions(timelineDays(t, '2027-02-20', '2027-03-15'));
    expect(keys(choice.due)).toEqual(['escalation:2']);
    expect(choice.superseded.map((s) => [s.action.key, s.by])).toEqual([['reminder:2', 'escalation:2']]);
  });

  it('after downtime, tells only where a holiday stands now: its end, not its start', () => {
    const t = game({ moves: moves('2027-02-10', '2027-02-11'), holidays: { red: [{ from: '2027-02-15', to: '2027-02-20' }] } });
    const choice = chooseActions(timelineDays(t, '2027-02-12', '2027-02-22'));
    expect(keys(choice.due)).toEqual(['holiday-end:red:2027-02-15..2027-02-20']);
    expect(choice.superseded.map((s) => [s.action.key, s.by])).toEqual([
      ['holiday-start:red:2027-02-15..2027-02-20', 'holiday-end:red:2027-02-15..2027-02-20'],
    ]);
  });

  it('drops a missed reminder whose move has come in since, as stale', () => {
    // The arbiter recorded BLUE's posted move, dated 01.03, after the reminder's day (26.02).
    const t = game({ moves: moves('2027-02-10', '2027-03-01') });
    const choice = chooseActions(timelineDays(t, '2027-02-20', '2027-03-02'));
    expect(choice.due).toEqual([]);
    expect(choice.superseded.map((s) => [s.action.key, s.by])).toEqual([['reminder:2', null]]);
  });

  it('drops a missed 51st day when a credit has brought the clock back under the limit', () => {
    // RED never moves from 01.02: 51 days used on 25.03 (the days strictly after 01.02); a 5-day credit on 26.03.
    const t = game({ adjustments: { red: [{ kind: 'credit', days: 5, on: '2027-03-26' }] } });
    expect(timelineOn(t, '2027-03-25').actions.map((a) => a.key)).toContain('time-exceeded:red:2027-03-25');
    const choice = chooseActions(timelineDays(t, '2027-03-23', '2027-03-26'));
    expect(choice.due.map((a) => a.stage)).not.toContain('time-exceeded');
    expect(choice.superseded.map((s) => [s.action.key, s.by])).toContainEqual(['time-exceeded:red:2027-03-25', null]);
  });

  it('keeps every competition deadline: none replaces another', () => {
    // Closing 30.06: holiday rights end 30.05, the report window closes 06.07 (closing + 6).
    const t = game({ moves: moves('2027-02-02', '2027-02-03'), closing: '2027-06-30', start: '2027-02-01' });
    const choice = chooseActions(timelineDays(t, '2027-05-29', '2027-07-06'));
    expect(keys(choice.due).filter((k) => !k.includes(':'))).toEqual(['holiday-rights-end', 'closing-date', 'report-window-closed']);
  });

  it('names kinds so that only actions that replace each other share one', () => {
    const all = [
      ...timelineDays(game({ holidays: { blue: [{ from: '2027-02-03', to: '2027-02-05' }] } }), '2027-02-01', '2027-07-10'),
    ].flatMap((d) => d.actions);
    expect(Object.fromEntries(all.map((a) => [a.stage, actionKind(a)]))).toMatchObject({
      'first-move-reminder': 'silence',
      'first-move-escalation': 'silence',
      'holiday-start': 'holiday:blue',
      'holiday-end': 'holiday:blue',
      'time-exceeded': 'time-exceeded:red',
      'closing-date': 'closing-date',
    });
  });
});
