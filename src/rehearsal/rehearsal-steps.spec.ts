import fc from 'fast-check';
import { localDate } from '../common/calendar';
import { localInstant, rehearsalSteps } from './rehearsal-steps';

describe('rehearsalSteps (every daily sweep of the days passed, in order)', () => {
  it('stops at 00:05 of each day passed, then at the target', () => {
    const steps = rehearsalSteps(new Date('2027-03-01T10:00:00Z'), new Date('2027-03-04T08:00:00Z'), 'Europe/Bucharest');
    expect(steps.map((s) => s.toISOString())).toEqual([
      '2027-03-01T22:05:00.000Z',
      '2027-03-02T22:05:00.000Z',
      '2027-03-03T22:05:00.000Z',
      '2027-03-04T08:00:00.000Z',
    ]);
  });

  it('the same day: the target only; never back', () => {
    expect(rehearsalSteps(new Date('2027-03-01T10:00:00Z'), new Date('2027-03-01T11:00:00Z'), 'UTC')).toEqual([
      new Date('2027-03-01T11:00:00Z'),
    ]);
    expect(() => rehearsalSteps(new Date('2027-03-01T10:00:00Z'), new Date('2027-03-01T09:00:00Z'), 'UTC')).toThrow(RangeError);
  });

  it('local midnight across the DST changes of Bucharest', () => {
    expect(localInstant('2027-03-28', 'Europe/Bucharest').toISOString()).toBe('2027-03-27T22:05:00.000Z');
    expect(localInstant('2027-03-29', 'Europe/Bucharest').toISOString()).toBe('2027-03-28T21:05:00.000Z');
    expect(localInstant('2027-10-31', 'Europe/Bucharest').toISOString()).toBe('2027-10-30T21:05:00.000Z');
    expect(localInstant('2027-11-01', 'Europe/Bucharest').toISOString()).toBe('2027-10-31T22:05:00.000Z');
  });

  it('property: one step on each day passed, increasing, the last the target', () => {
    const zones = fc.constantFrom('Europe/Bucharest', 'UTC', 'America/New_York', 'Asia/Kolkata');
    fc.assert(
      fc.property(zones, fc.integer({ min: 0, max: 400 * 24 * 60 }), fc.integer({ min: 0, max: 40 * 24 * 60 }), (tz, start, minutes) => {
        const from = new Date(Date.UTC(2027, 0, 1) + start * 60_000);
        const to = new Date(from.getTime() + minutes * 60_000);
        const steps = rehearsalSteps(from, to, tz);
        expect(steps[steps.length - 1]).toEqual(to);
        for (let i = 1; i < steps.length; i++) expect(steps[i].getTime()).toBeGreaterThan(steps[i - 1].getTime());
        const days = steps.map((s) => localDate(s, tz));
        const passed = new Set(days);
        // Each day from the day after `from` to `to`'s day is visited (its run, or `to` itself).
        const first = localDate(from, tz);
        const expected = new Set<string>();
        for (let t = from.getTime(); t <= to.getTime() + 86_400_000; t += 3_600_000) {
          const d = localDate(new Date(Math.min(t, to.getTime())), tz);
          if (d !== first || d === localDate(to, tz)) expected.add(d);
        }
        expect(passed).toEqual(expected);
      }),
    );
  });
});
