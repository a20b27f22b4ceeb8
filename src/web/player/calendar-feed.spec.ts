import { calendarToken, deadlineEvents, deadlinesCalendar, userOfCalendarToken } from './calendar-feed';

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

describe('deadlineEvents (docs/rules.md §5, §7)', () => {
  const games = [
    {
      id: 'g1',
      competitionName: 'Cupa 2027',
      round: 2,
      opponent: 'Ana',
      myMove: { runOut: '2027-04-10', used: 12, left: 38, reminder: '2027-03-01', escalation: '2027-03-16' },
      claimAnswerBy: '2027-02-20',
    },
    { id: 'g2', competitionName: 'Cupa 2027', round: 1, opponent: 'Bogdan', confirmBy: '2027-02-18' },
    { id: 'g3', competitionName: 'Cupa 2027', round: 3, opponent: 'Cristi' },
  ] as const;
  const competitions = [
    { id: 'c1', name: 'Cupa 2027', closing: '2027-06-30', lastHolidayDay: '2027-05-29', reportBy: '2027-07-05' },
  ] as const;

  it('lists besides the run-out day the reminder and escalation, the claim and confirmation windows, the holiday rights, the closing date and the report window', () => {
    const events = deadlineEvents(games, competitions, 'en', 'https://scrabble.example');
    expect(events.map((e) => [e.uid, e.day])).toEqual([
      ['g1-thinking-time@corr-scrabble', '2027-04-10'],
      ['g1-reminder@corr-scrabble', '2027-03-01'],
      ['g1-escalation@corr-scrabble', '2027-03-16'],
      ['g1-claim-answer@corr-scrabble', '2027-02-20'],
      ['g2-confirmation@corr-scrabble', '2027-02-18'],
      ['c1-holiday-rights@corr-scrabble', '2027-05-29'],
      ['c1-closing@corr-scrabble', '2027-06-30'],
      ['c1-report@corr-scrabble', '2027-07-05'],
    ]);
    expect(events.find((e) => e.uid.startsWith('g2-'))!.url).toBe('https://scrabble.example/games/g2');
    const ro = deadlineEvents(games, competitions, 'ro', 'https://scrabble.example');
    expect(ro.map((e) => e.summary)).toContain('Ultima zi: confirmarea rezultatului (Bogdan)');
    expect(ro.map((e) => e.summary)).toContain('Data de închidere: Cupa 2027');
  });

  it('is a valid feed: one VEVENT per deadline, unique UIDs, all-day dates, the same UIDs on the next day', () => {
    const text = deadlinesCalendar(
      'My deadlines',
      deadlineEvents(games, competitions, 'en', 'https://x.example'),
      new Date('2027-02-01T10:00:00Z'),
    );
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text.trimEnd()).toMatch(/END:VCALENDAR$/);
    const uids = [...text.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]);
    expect(uids).toHaveLength(8);
    expect(new Set(uids).size).toBe(8);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(8);
    expect(text.match(/DTSTART;VALUE=DATE:\d{8}/g)).toHaveLength(8);
    const later = deadlinesCalendar(
      'My deadlines',
      deadlineEvents(games, competitions, 'en', 'https://x.example'),
      new Date('2027-02-02T10:00:00Z'),
    );
    expect([...later.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1])).toEqual(uids);
  });
});
