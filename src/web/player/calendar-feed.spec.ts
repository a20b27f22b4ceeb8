import { calendarToken, deadlinesCalendar, userOfCalendarToken } from './calendar-feed';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const USER = '0b8f8f7e-3c2a-4d5e-9f10-112233445566';

describe('calendar token', () => {
  it('names its user and nobody else', () => {
    const token = calendarToken(SECRET, USER);
    expect(userOfCalendarToken(SECRET, token)).toBe(USER);
    expect(userOfCalendarToken('another-secret-another-secret-0123456', token)).toBeNull();
    const other = '0b8f8f7e-3c2a-4d5e-9f10-112233445567';
    expect(userOfCalendarToken(SECRET, `${other}.${token.split('.')[1]}`)).toBeNull();
    expect(userOfCalendarToken(SECRET, 'garbage')).toBeNull();
    expect(userOfCalendarToken(SECRET, USER)).toBeNull();
  });
});

describe('deadlinesCalendar', () => {
  it('writes one all-day event per deadline, on its calendar day', () => {
    const text = deadlinesCalendar(
      'Termenele mele',
      [
        {
          uid: 'g1-thinking-time@corr-scrabble',
          day: '2027-03-18',
          summary: 'Termen: mutarea cu Ana',
          description: 'Campionatul 2027',
          url: 'http://localhost/games/g1',
        },
      ],
      new Date('2027-02-01T10:00:00Z'),
    );
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain('UID:g1-thinking-time@corr-scrabble');
    expect(text).toMatch(/DTSTART;VALUE=DATE:20270318/);
    expect(text).toMatch(/DTEND;VALUE=DATE:20270319/);
    expect(text).toContain('SUMMARY:Termen: mutarea cu Ana');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });
});
