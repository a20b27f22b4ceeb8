import { formatDayFor } from './day-format';

describe('a day as people read it (docs/web.md, "Dates")', () => {
  it('dd.mm.yyyy in Romanian, d Mon yyyy in English, never ISO; anything else as given', () => {
    expect(formatDayFor('ro', '2027-03-01')).toBe('01.03.2027');
    expect(formatDayFor('en', '2027-03-01')).toBe('1 Mar 2027');
    expect(formatDayFor('en', '2027-12-31T10:00:00Z')).toBe('31 Dec 2027');
    expect(formatDayFor('ro', 'mâine')).toBe('mâine');
  });
});
