import fc from 'fast-check';
import type { Color } from '../../common/color';
import { addDays, compareDays, type DateRange, type LocalDate } from '../../common/calendar';
import type { DayAdjustment } from './thinking-days';
import {
  nextActionDay,
  timelineActions,
  timelineDays,
  timelineDaysAndNext,
  timelineOn,
  type GameTimeline,
  type TimelineMove,
} from './timeline';
import { dayAndDeadlinesOn, deadlinesOn } from './deadlines';

const start: LocalDate = '2027-01-10';

// Random games, as in timeline.spec.ts: moves at random gaps, holidays, notices, credits and charges, sometimes an end.
const arbitraryTimeline: fc.Arbitrary<GameTimeline> = fc
  .record({
    length: fc.integer({ min: 40, max: 160 }),
    gaps: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 16 }),
    holidays: fc.array(
      fc.tuple(fc.constantFrom<Color>('red', 'blue'), fc.integer({ min: -5, max: 160 }), fc.integer({ min: 0, max: 19 })),
      {
        maxLength: 3,
      },
    ),
    notices: fc.array(fc.tuple(fc.constantFrom<Color>('red', 'blue'), fc.integer({ min: 0, max: 160 }), fc.integer({ min: 1, max: 30 })), {
      maxLength: 3,
    }),
    adjustments: fc.array(
      fc.tuple(
        fc.constantFrom<Color>('red', 'blue'),
        fc.constantFrom('credit' as const, 'charge' as const),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 160 }),
      ),
      { maxLength: 3 },
    ),
    end: fc.option(fc.integer({ min: 0, max: 200 })),
  })
  .map(({ length, gaps, holidays, notices, adjustments, end }): GameTimeline => {
    const closing = addDays(start, length);
    const sent: LocalDate[] = [];
    let day = start;
    for (const gap of gaps) {
      day = addDays(day, gap);
      if (compareDays(day, closing) > 0) break;
      sent.push(day);
    }
    const per = <T>(items: [Color, T][]) => ({
      red: items.filter(([c]) => c === 'red').map(([, x]) => x),
      blue: items.filter(([c]) => c === 'blue').map(([, x]) => x),
    });
    const moves: TimelineMove[] = sent.map((d, i) => ({ player: i % 2 === 0 ? 'red' : 'blue', sent: d }));
    return {
      start,
      closing,
      moves,
      holidays: per(holidays.map(([c, s, n]): [Color, DateRange] => [c, { from: addDays(start, s), to: addDays(start, s + n) }])),
      longThinking: per(notices.map(([c, s, n]): [Color, { from: LocalDate; days: number }] => [c, { from: addDays(start, s), days: n }])),
      adjustments: per(adjustments.map(([c, kind, days, on]): [Color, DayAdjustment] => [c, { kind, days, on: addDays(start, on) }])),
      endedOn: end === null ? undefined : addDays(start, end),
    };
  });

describe('the next day the sweep has something to do in a game', () => {
  it('is the first day after the one asked with an action of the game, or none', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: -5, max: 210 }), (t, offset) => {
        const after = addDays(start, offset);
        const first = timelineActions(t).find((a) => compareDays(a.on, after) > 0);
        expect(nextActionDay(t, after)).toBe(first?.on ?? null);
      }),
    );
  });

  it('leaves no action on the days the sweep skips, whatever days it looks at around them', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: -5, max: 170 }), (t, offset) => {
        const after = addDays(start, offset);
        const next = nextActionDay(t, after);
        const through = next === null ? addDays(after, 60) : addDays(next, -1);
        if (compareDays(through, after) <= 0) return;
        expect(timelineDays(t, addDays(after, 1), through).flatMap((d) => d.actions)).toEqual([]);
      }),
    );
  });

  it('names the deadlines of a game nobody plays, then nothing once the report window has passed', () => {
    const t: GameTimeline = { start, closing: '2027-03-31', moves: [] };
    expect(nextActionDay(t, addDays(start, 40))).toBe('2027-02-28');
    // RED, who never moved, has used 51 days.
    expect(nextActionDay(t, '2027-02-28')).toBe('2027-03-03');
    expect(nextActionDay(t, '2027-03-03')).toBe('2027-03-31');
    expect(nextActionDay(t, '2027-03-31')).toBe('2027-04-06');
    expect(nextActionDay(t, '2027-04-06')).toBe(null);
  });
});

describe('the sweep’s days and next day in one walk', () => {
  it('gives what timelineDays and nextActionDay give apart', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: -5, max: 200 }), fc.integer({ min: 0, max: 10 }), (t, offset, span) => {
        const to = addDays(start, offset);
        const from = addDays(to, -span);
        expect(timelineDaysAndNext(t, from, to)).toEqual({ days: timelineDays(t, from, to), next: nextActionDay(t, to) });
      }),
    );
  });
});

describe('the day and the deadlines a mail shows, from one walk', () => {
  it('are what timelineOn and deadlinesOn give apart, on any day', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: -5, max: 210 }), (t, offset) => {
        const day = addDays(start, offset);
        const both = dayAndDeadlinesOn(t, day);
        expect(both.today).toEqual(timelineOn(t, day));
        expect(both.deadlines).toEqual(deadlinesOn(t, day));
      }),
    );
  });
});
