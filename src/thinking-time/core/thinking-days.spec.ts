import fc from 'fast-check';
import { addDays, inRange, type DateRange, type LocalDate } from '../../common/calendar';
import { adjustedTotal, netAdjustment, thinkingDaysForMove, thinkingDaysUsed } from './thinking-days';

describe('thinking days of a move (docs/rules.md §5, seed "Timpul de gândire")', () => {
  it.each([
    ['2000-08-10', '2000-08-10', 0],
    ['2000-08-10', '2000-08-11', 0],
    ['2000-08-10', '2000-08-13', 2],
  ] as const)('the seed example: arrived %s, sent %s → %i days', (arrived, sent, days) => {
    expect(thinkingDaysForMove(arrived, sent)).toBe(days);
  });

  it('does not count the player’s holiday days (both ends included)', () => {
    const holiday = { from: '2027-02-01', to: '2027-02-20' } as const;
    // Arrived 25.01, sent 25.02: 30 days between, 20 of them holiday.
    expect(thinkingDaysForMove('2027-01-25', '2027-02-25', [holiday])).toBe(10);
    // A holiday touching only the arrival and sending days changes nothing.
    expect(thinkingDaysForMove('2027-02-20', '2027-02-23', [holiday])).toBe(2);
    expect(thinkingDaysForMove('2027-01-28', '2027-02-01', [holiday])).toBe(3);
  });

  it('counts calendar days across a DST change', () => {
    expect(thinkingDaysForMove('2027-03-27', '2027-03-30')).toBe(2);
    expect(thinkingDaysForMove('2027-10-30', '2027-11-02')).toBe(2);
  });

  it('refuses a move sent before it arrived', () => {
    expect(() => thinkingDaysForMove('2027-01-10', '2027-01-09')).toThrow(RangeError);
  });

  const day = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2027-01-01', n));
  const range = fc.tuple(day, fc.integer({ min: 0, max: 25 })).map(([from, n]): DateRange => ({ from, to: addDays(from, n) }));

  it('is never negative, never more than the days between, and never counts a holiday day', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 90 }), fc.array(range, { maxLength: 3 }), (arrived, wait, holidays) => {
        const sent = addDays(arrived, wait);
        const days = thinkingDaysForMove(arrived, sent, holidays);
        expect(days).toBeGreaterThanOrEqual(0);
        expect(days).toBeLessThanOrEqual(Math.max(0, wait - 1));
        // Independent count: the days strictly between that are not holiday.
        let expected = 0;
        for (let d = addDays(arrived, 1); d < sent; d = addDays(d, 1)) if (!holidays.some((h) => inRange(d, h))) expected++;
        expect(days).toBe(expected);
      }),
    );
  });

  it('grows by at most one per day the reply waits', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 90 }), fc.array(range, { maxLength: 3 }), (arrived, wait, holidays) => {
        const sent = addDays(arrived, wait);
        const next = thinkingDaysForMove(arrived, addDays(sent, 1), holidays) - thinkingDaysForMove(arrived, sent, holidays);
        expect([0, 1]).toContain(next);
      }),
    );
  });
});

describe('a player’s total with credits and charges (docs/rules.md §5)', () => {
  const on: LocalDate = '2027-03-01';

  it('adds charges (a refused letter: 10 days) and subtracts credits (platform outage)', () => {
    expect(
      netAdjustment([
        { kind: 'charge', days: 10, on },
        { kind: 'credit', days: 3, on },
      ]),
    ).toBe(7);
    const moves = [
      { arrived: '2000-08-10', sent: '2000-08-13' },
      { arrived: '2000-08-20', sent: '2000-08-30' },
    ] as const;
    expect(thinkingDaysUsed(moves)).toBe(11);
    expect(thinkingDaysUsed(moves, [], [{ kind: 'charge', days: 10, on }])).toBe(21);
    expect(thinkingDaysUsed(moves, [{ from: '2000-08-25', to: '2000-08-26' }], [{ kind: 'credit', days: 2, on }])).toBe(7);
  });

  it('never goes below zero, a credit giving back only days the clock ran', () => {
    expect(adjustedTotal(2, [{ kind: 'credit', days: 5, on }])).toBe(0);
    fc.assert(
      fc.property(
        fc.nat(100),
        fc.array(fc.record({ kind: fc.constantFrom('credit' as const, 'charge' as const), days: fc.integer({ min: 1, max: 20 }) })),
        (days, adj) => {
          expect(
            adjustedTotal(
              days,
              adj.map((a) => ({ ...a, on })),
            ),
          ).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('refuses an adjustment that is not a positive whole number of days', () => {
    expect(() => netAdjustment([{ kind: 'credit', days: -2, on }])).toThrow(RangeError);
    expect(() => netAdjustment([{ kind: 'charge', days: 1.5, on }])).toThrow(RangeError);
  });
});
