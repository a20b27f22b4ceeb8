import fc from 'fast-check';
import {
  addDays,
  addMonths,
  compareDays,
  countDays,
  dayNumber,
  diffDays,
  formatDayRo,
  fromDayNumber,
  inRange,
  isLocalDate,
  localDate,
  rangeLength,
  toLocalDate,
  type LocalDate,
} from './calendar';

/** Reference for tests only: a UTC Date at noon, far from any boundary. */
const viaDate = (day: LocalDate, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const anyDay = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10) as LocalDate);

describe('localDate: the calendar day in the competition time zone (docs/rules.md §5)', () => {
  it('defaults to Europe/Bucharest', () => {
    // 22:30 UTC on 14 January is 00:30 on the 15th in Bucharest (UTC+2).
    expect(localDate(new Date('2027-01-14T22:30:00Z'))).toBe('2027-01-15');
    expect(localDate(new Date('2027-01-14T22:30:00Z'), 'UTC')).toBe('2027-01-14');
  });

  it('counts a move sent at 23:30 Bucharest time on that day, winter and summer', () => {
    expect(localDate(new Date('2027-01-14T21:30:00Z'))).toBe('2027-01-14'); // EET, UTC+2
    expect(localDate(new Date('2027-07-14T20:30:00Z'))).toBe('2027-07-14'); // EEST, UTC+3
    expect(localDate(new Date('2027-07-14T21:00:00Z'))).toBe('2027-07-15'); // 00:00 next day
  });

  it('counts a move sent at 01:30 Bucharest time on that day though UTC is still the day before', () => {
    expect(localDate(new Date('2027-07-14T22:30:00Z'))).toBe('2027-07-15');
  });

  it('counts 23:30 in New York on that day though UTC is already the next day', () => {
    expect(localDate(new Date('2027-01-15T04:30:00Z'), 'America/New_York')).toBe('2027-01-14');
  });

  it('crosses the DST changes of 2027 (28 March, 31 October) without losing or doubling a day', () => {
    // Spring: 03:00 EET jumps to 04:00 EEST at 01:00 UTC; the day has 23 hours.
    expect(localDate(new Date('2027-03-27T21:59:59Z'))).toBe('2027-03-27');
    expect(localDate(new Date('2027-03-27T22:00:00Z'))).toBe('2027-03-28');
    expect(localDate(new Date('2027-03-28T20:59:59Z'))).toBe('2027-03-28');
    expect(localDate(new Date('2027-03-28T21:00:00Z'))).toBe('2027-03-29');
    // Autumn: 04:00 EEST falls back to 03:00 EET; the day has 25 hours.
    expect(localDate(new Date('2027-10-30T20:59:59Z'))).toBe('2027-10-30');
    expect(localDate(new Date('2027-10-30T21:00:00Z'))).toBe('2027-10-31');
    expect(localDate(new Date('2027-10-31T21:59:59Z'))).toBe('2027-10-31');
    expect(localDate(new Date('2027-10-31T22:00:00Z'))).toBe('2027-11-01');
  });

  it('gives every hour across a DST change a day, in order, one step at a time', () => {
    const days: LocalDate[] = [];
    for (let h = 0; h < 24 * 4; h++) days.push(localDate(new Date(Date.parse('2027-10-29T00:00:00Z') + h * 3_600_000)));
    for (let i = 1; i < days.length; i++) expect([0, 1]).toContain(diffDays(days[i - 1], days[i]));
    const hoursOn = (d: LocalDate) => days.filter((x) => x === d).length;
    expect(hoursOn('2027-10-30')).toBe(24);
    expect(hoursOn('2027-10-31')).toBe(25);
  });

  it('refuses an invalid instant or time zone', () => {
    expect(() => localDate(new Date('nope'))).toThrow(RangeError);
    expect(() => localDate(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('day arithmetic on LocalDate', () => {
  it('adds and subtracts days across months, leap days and DST changes', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(diffDays('2000-08-10', '2000-08-13')).toBe(3);
    expect(diffDays('2027-10-30', '2027-11-01')).toBe(2);
  });

  it('agrees with a UTC-noon reference and round-trips', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -5000, max: 5000 }), (day, n) => {
        const moved = addDays(day, n);
        expect(moved).toBe(viaDate(day, n));
        expect(diffDays(day, moved)).toBe(n);
        expect(compareDays(day, moved)).toBe(n > 0 ? -1 : n < 0 ? 1 : 0);
      }),
    );
  });

  it('converts days to numbers and back the same way however many days a process has converted', () => {
    // More days than the conversions keep: what was forgotten is worked out again, alike.
    const first = dayNumber('1990-01-01');
    for (let n = first; n < first + 20_000; n++) {
      const day = fromDayNumber(n);
      expect(dayNumber(day)).toBe(n);
      expect(day).toBe(viaDate('1990-01-01', n - first));
    }
    expect(() => dayNumber('2027-02-29' as LocalDate)).toThrow(RangeError);
    expect(() => toLocalDate('2027-02-30')).toThrow(RangeError);
  });

  it('moves by calendar months, clamped to the end of the month', () => {
    expect(addMonths('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2027-05-30', -1)).toBe('2027-04-30');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-15');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
  });

  it('validates dates read from outside', () => {
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate('2027-1-5')).toBe(false);
    expect(toLocalDate('2027-01-05')).toBe('2027-01-05');
    expect(() => toLocalDate('2027-13-01')).toThrow(RangeError);
    expect(() => addDays('2027-02-30' as LocalDate, 1)).toThrow(RangeError);
  });

  it('writes a day as the seed does', () => {
    expect(formatDayRo('2000-08-10')).toBe('10.08.2000');
  });
});

describe('ranges include both ends (docs/rules.md §5: 1–20 February is 20 days)', () => {
  it('measures and tests membership', () => {
    const feb = { from: '2027-02-01', to: '2027-02-20' } as const;
    expect(rangeLength(feb)).toBe(20);
    expect(inRange('2027-02-01', feb)).toBe(true);
    expect(inRange('2027-02-20', feb)).toBe(true);
    expect(inRange('2027-02-21', feb)).toBe(false);
    expect(rangeLength({ from: '2027-02-02', to: '2027-02-01' })).toBe(0);
  });

  it('counts the days of a span outside exclusions, overlaps once', () => {
    const span = { from: '2027-02-01', to: '2027-02-28' } as const;
    expect(countDays(span)).toBe(28);
    expect(countDays(span, [{ from: '2027-01-25', to: '2027-02-05' }])).toBe(23);
    expect(
      countDays(span, [
        { from: '2027-02-10', to: '2027-02-19' },
        { from: '2027-02-15', to: '2027-02-24' },
      ]),
    ).toBe(13);
    expect(countDays({ from: '2027-02-02', to: '2027-02-01' })).toBe(0);
  });

  it('agrees with counting day by day', () => {
    const range = fc.tuple(fc.integer({ min: -10, max: 40 }), fc.integer({ min: 0, max: 15 }));
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 40 }), fc.array(range, { maxLength: 4 }), (len, rs) => {
        const base: LocalDate = '2027-03-20';
        const excluded = rs.map(([s, l]) => ({ from: addDays(base, s), to: addDays(base, s + l) }));
        let expected = 0;
        for (let i = 0; i < len; i++) if (!excluded.some((r) => inRange(addDays(base, i), r))) expected++;
        expect(countDays({ from: base, to: addDays(base, len - 1) }, excluded)).toBe(expected);
      }),
    );
  });
});
