import { formatInstant } from './format-instant';

describe('formatInstant (times in the competition time zone)', () => {
  it('writes dd.mm.yyyy HH:mm in Romanian, in the given zone, not UTC', () => {
    expect(formatInstant(new Date('2027-01-31T22:30:00Z'), 'Europe/Bucharest', 'ro')).toBe('01.02.2027 00:30');
    expect(formatInstant(new Date('2027-07-01T09:05:00Z'), 'Europe/Bucharest', 'ro')).toBe('01.07.2027 12:05');
  });

  it('writes the month in words in English', () => {
    expect(formatInstant(new Date('2027-01-31T22:30:00Z'), 'Europe/Bucharest', 'en')).toBe('1 Feb 2027 00:30');
    expect(formatInstant(new Date('2027-01-31T22:30:00Z'), 'UTC', 'en')).toBe('31 Jan 2027 22:30');
  });
});
