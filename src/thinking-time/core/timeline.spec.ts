import fc from 'fast-check';
import type { Color } from '../../common/color';
import { addDays, compareDays, diffDays, localDate, type DateRange, type LocalDate } from '../../common/calendar';
import type { DayAdjustment } from './thinking-days';
import { timelineActions, timelineDays, timelineOn, type GameTimeline, type TimelineMove, type TimelineStage } from './timeline';

const start: LocalDate = '2027-01-10';
const closing: LocalDate = '2027-12-31';

/** Moves alternating RED, BLUE, each sent on the given day. */
const moves = (...sent: LocalDate[]): TimelineMove[] => sent.map((day, i) => ({ player: i % 2 === 0 ? 'red' : 'blue', sent: day }));

const game = (overrides: Partial<GameTimeline> = {}): GameTimeline => ({ start, closing, moves: [], ...overrides });

/** Every action of the game as `day stage key`, to read like a diary. */
const diary = (t: GameTimeline, ...stages: TimelineStage[]) =>
  timelineActions(t)
    .filter((a) => stages.length === 0 || stages.includes(a.stage))
    .map((a) => `${a.on} ${a.key}`);

describe('thinking days on the clock (docs/rules.md §5)', () => {
  it('counts each move from the day after the partner’s move arrived, the sending day excluded', () => {
    // RED's first move "arrives" with the sheet on the start day.
    const t = game({ moves: moves('2027-01-13', '2027-01-13', '2027-01-14', '2027-01-20') });
    const day = timelineOn(t, '2027-01-20');
    expect(day.clocks.red).toMatchObject({ used: 2, left: 48, exceeded: false });
    expect(day.clocks.blue).toMatchObject({ used: 0 + 5, left: 45 });
    expect(day.awaiting).toEqual({ move: 5, player: 'red', since: '2027-01-20', silentDays: 0 });
  });

  it('runs the clock of the player to move day by day, as if they sent today', () => {
    const t = game({ moves: moves('2027-01-13') });
    expect(timelineOn(t, '2027-01-13').clocks.blue.used).toBe(0);
    expect(timelineOn(t, '2027-01-14').clocks.blue.used).toBe(0);
    expect(timelineOn(t, '2027-01-16').clocks.blue.used).toBe(2);
  });

  it('takes the player’s own holiday off their clock', () => {
    const t = game({ moves: moves('2027-01-31'), holidays: { red: [{ from: '2027-01-15', to: '2027-01-24' }] } });
    expect(timelineOn(t, '2027-02-01').clocks.red.used).toBe(20 - 10);
  });

  it('uses an explicit arrival day when the move carries one', () => {
    const t = game({
      moves: [
        { player: 'red', sent: '2027-01-12' },
        { player: 'blue', arrived: '2027-01-15', sent: '2027-01-20' },
      ],
    });
    expect(timelineOn(t, '2027-01-21').clocks.blue.used).toBe(4);
  });

  it('applies credits and charges from their day on', () => {
    const adjustments: Partial<Record<Color, DayAdjustment[]>> = {
      blue: [{ kind: 'charge', days: 10, on: '2027-01-20', reason: 'letter returned uncollected' }],
      red: [{ kind: 'credit', days: 2, on: '2027-01-20', reason: 'platform down 14–15.01' }],
    };
    const t = game({ moves: moves('2027-01-17'), adjustments });
    expect(timelineOn(t, '2027-01-19').clocks).toMatchObject({ red: { used: 6 }, blue: { used: 1 } });
    expect(timelineOn(t, '2027-01-20').clocks).toMatchObject({ red: { used: 4 }, blue: { used: 12 } });
  });

  it('counts the day a move is sent in the competition’s time zone', () => {
    // Sent at 00:30 Bucharest time on 14 January (22:30 UTC on the 13th): its day is the 14th.
    const sent = localDate(new Date('2027-01-13T22:30:00Z'));
    const t = game({ moves: [{ player: 'red', sent }] });
    expect(sent).toBe('2027-01-14');
    expect(timelineOn(t, sent).clocks.red.used).toBe(3);
  });

  it('stops the clocks when the game ends, and after the closing day', () => {
    const ended = game({ moves: moves('2027-01-12'), endedOn: '2027-01-20' });
    expect(timelineOn(ended, '2027-03-01').clocks.blue.used).toBe(7);
    expect(timelineOn(ended, '2027-03-01').awaiting).toBeNull();
    const unfinished = game({ closing: '2027-02-10', moves: moves('2027-02-01') });
    // BLUE's days 2–10 February have all passed at the closing date's end.
    expect(timelineOn(unfinished, '2027-02-11').clocks.blue.used).toBe(9);
    expect(timelineOn(unfinished, '2027-05-01').clocks.blue.used).toBe(9);
    expect(timelineOn(unfinished, '2027-02-11').awaiting).toBeNull();
  });

  it('reports nothing owed and no days used before the start', () => {
    const day = timelineOn(game(), '2027-01-01');
    expect(day).toMatchObject({ awaiting: null, actions: [], clocks: { red: { used: 0, left: 50 } } });
  });
});

describe('exceeding 50 days (docs/rules.md §5: 51 or more used)', () => {
  it('tells the partner on the day the clock shows 51, and says since when', () => {
    // RED never moves: on day D RED has used D − 11.01 days; 51 on 3 March.
    const t = game();
    expect(timelineOn(t, '2027-03-02').clocks.red).toMatchObject({ used: 50, left: 0, exceeded: false, exceededSince: null });
    const day = timelineOn(t, '2027-03-03');
    expect(day.clocks.red).toMatchObject({ used: 51, left: 0, exceeded: true, exceededSince: '2027-03-03' });
    expect(day.actions).toContainEqual({
      stage: 'time-exceeded',
      key: 'time-exceeded:red:2027-03-03',
      on: '2027-03-03',
      player: 'red',
      used: 51,
      move: 1,
    });
    expect(timelineOn(t, '2027-03-20').clocks.red.exceededSince).toBe('2027-03-03');
    expect(diary(t, 'time-exceeded')).toEqual(['2027-03-03 time-exceeded:red:2027-03-03']);
  });

  it('can be reached by a charge on the partner’s turn, and undone by a credit', () => {
    const t = game({
      moves: moves('2027-02-25'), // RED has used 45
      endedOn: '2027-03-20',
      adjustments: {
        red: [
          { kind: 'charge', days: 10, on: '2027-03-01' },
          { kind: 'credit', days: 7, on: '2027-03-05' },
          { kind: 'charge', days: 10, on: '2027-03-08' },
        ],
      },
    });
    expect(diary(t, 'time-exceeded')).toEqual(['2027-03-01 time-exceeded:red:2027-03-01', '2027-03-08 time-exceeded:red:2027-03-08']);
    expect(timelineOn(t, '2027-03-06').clocks.red).toMatchObject({ used: 48, exceeded: false });
  });
});

describe('silence: reminder and escalation (docs/rules.md §5)', () => {
  // The seed's example dates: a move sent on 10.08.2000.
  const seed = (extra: Partial<GameTimeline> = {}) =>
    game({ start: '2000-08-01', closing: '2001-06-30', moves: moves('2000-08-10'), ...extra });

  it('reminds the silent player when 15 days have passed, and tells the arbiter after 15 more', () => {
    expect(diary(seed())).toEqual(expect.arrayContaining(['2000-08-26 reminder:2', '2000-09-10 escalation:2']));
    const reminder = timelineOn(seed(), '2000-08-26').actions.find((a) => a.stage === 'reminder');
    expect(reminder).toEqual({
      stage: 'reminder',
      key: 'reminder:2',
      on: '2000-08-26',
      move: 2,
      player: 'blue',
      since: '2000-08-10',
      silentDays: 15,
    });
    // On the reminder day a reply would cost exactly 15 days.
    expect(timelineOn(seed(), '2000-08-26').clocks.blue.used).toBe(15);
    expect(timelineOn(seed(), '2000-08-25').actions).toEqual([]);
  });

  it('sends nothing once the silent player has answered, even on the due day', () => {
    // BLUE answers on the 26th: no reminder for move 2; RED's silence starts its own count.
    expect(diary(seed({ moves: moves('2000-08-10', '2000-08-26') }), 'reminder', 'escalation')).toEqual([
      '2000-09-11 reminder:3',
      '2000-09-26 escalation:3',
    ]);
    const answeredLate = seed({ moves: moves('2000-08-10', '2000-09-01') });
    expect(diary(answeredLate, 'reminder', 'escalation')).toEqual([
      '2000-08-26 reminder:2',
      '2000-09-17 reminder:3',
      '2000-10-02 escalation:3',
    ]);
  });

  it('starts a new count for every move', () => {
    const t = seed({ moves: moves('2000-08-10', '2000-08-12') });
    expect(diary(t, 'reminder', 'escalation')).toEqual(['2000-08-28 reminder:3', '2000-09-12 escalation:3']);
  });

  it('applies the first-move rule from the start: RED reminded, then the arbiter', () => {
    expect(diary(game(), 'first-move-reminder', 'first-move-escalation', 'reminder', 'escalation')).toEqual([
      '2027-01-26 first-move-reminder:1',
      '2027-02-10 first-move-escalation:1',
    ]);
  });

  it('pauses the first-move count on RED’s holiday, not BLUE’s', () => {
    // RED declared 11–20 January at the start: the count starts after it.
    const t = game({ holidays: { red: [{ from: '2027-01-11', to: '2027-01-20' }], blue: [{ from: '2027-01-21', to: '2027-01-30' }] } });
    expect(diary(t, 'first-move-reminder', 'first-move-escalation')).toEqual([
      '2027-02-05 first-move-reminder:1',
      '2027-02-20 first-move-escalation:1',
    ]);
  });

  it('pauses on the silent player’s holiday and resumes after it', () => {
    // BLUE's holiday 15–24.08 (10 days) falls in the count: everything moves 10 days.
    const t = seed({ holidays: { blue: [{ from: '2000-08-15', to: '2000-08-24' }] } });
    expect(diary(t, 'reminder', 'escalation')).toEqual(['2000-09-05 reminder:2', '2000-09-20 escalation:2']);
  });

  it('does not pause on the partner’s holiday', () => {
    const t = seed({ holidays: { red: [{ from: '2000-08-15', to: '2000-08-24' }] } });
    expect(diary(t, 'reminder')).toEqual(['2000-08-26 reminder:2']);
  });

  it('sends nothing during the holiday: a count reached before it is acted on when it ends', () => {
    // 15 silent days have passed by the 26th, which is the holiday's first day.
    const t = seed({ holidays: { blue: [{ from: '2000-08-26', to: '2000-09-04' }] } });
    expect(diary(t, 'reminder', 'holiday-start', 'holiday-end')).toEqual([
      '2000-08-26 holiday-start:blue:2000-08-26..2000-09-04',
      '2000-09-05 holiday-end:blue:2000-08-26..2000-09-04',
      '2000-09-05 reminder:2',
    ]);
    expect(timelineOn(t, '2000-09-05').awaiting?.silentDays).toBe(15);
  });

  it('pauses on announced long thinking', () => {
    const t = seed({ longThinking: { blue: [{ from: '2000-08-11', days: 20 }] } });
    expect(diary(t)).toEqual(
      expect.arrayContaining([
        '2000-08-11 long-thinking-start:blue:2000-08-11',
        '2000-08-31 long-thinking-end:blue:2000-08-11',
        '2000-09-15 reminder:2',
      ]),
    );
    expect(timelineOn(t, '2000-08-20').clocks.blue).toMatchObject({ longThinking: true, used: 9 });
  });

  it('ends a long-thinking notice with the move it announced', () => {
    const t = seed({ moves: moves('2000-08-10', '2000-08-20', '2000-08-22'), longThinking: { blue: [{ from: '2000-08-11', days: 20 }] } });
    expect(diary(t, 'long-thinking-start', 'long-thinking-end')).toEqual(['2000-08-11 long-thinking-start:blue:2000-08-11']);
    // BLUE's next silence (awaiting move 4) is counted in full.
    expect(diary(t, 'reminder')).toEqual(['2000-09-07 reminder:4']);
  });

  it('sends nothing after the closing date or once the game has ended', () => {
    expect(diary(seed({ closing: '2000-08-25' }), 'reminder')).toEqual([]);
    expect(diary(seed({ closing: '2000-08-26' }), 'reminder')).toEqual(['2000-08-26 reminder:2']);
    expect(diary(seed({ endedOn: '2000-08-26' }))).toEqual([]);
  });
});

describe('holidays and the competition calendar (docs/rules.md §5, §7)', () => {
  it('announces a holiday on its first day and its end on the day after the last', () => {
    const t = game({ moves: moves('2027-01-12'), holidays: { red: [{ from: '2027-02-01', to: '2027-02-20' }] } });
    expect(diary(t, 'holiday-start', 'holiday-end')).toEqual([
      '2027-02-01 holiday-start:red:2027-02-01..2027-02-20',
      '2027-02-21 holiday-end:red:2027-02-01..2027-02-20',
    ]);
    expect(timelineOn(t, '2027-02-20').clocks.red.onHoliday).toBe(true);
  });

  it('marks holiday rights ending one month before the closing date, the closing date, and the report window', () => {
    const t = game({ closing: '2027-06-30', moves: moves('2027-01-12', '2027-01-14') });
    expect(diary(t, 'holiday-rights-end', 'closing-date', 'report-window-closed')).toEqual([
      '2027-05-30 holiday-rights-end',
      '2027-06-30 closing-date',
      // Results are due "at the latest 5 days after the closing date": 1–5 July; the window has passed on the 6th.
      '2027-07-06 report-window-closed',
    ]);
  });

  it('asks nothing of a game that ended before', () => {
    const t = game({ closing: '2027-06-30', moves: moves('2027-01-12', '2027-01-14'), endedOn: '2027-06-30' });
    expect(diary(t, 'holiday-rights-end', 'closing-date', 'report-window-closed')).toEqual(['2027-05-30 holiday-rights-end']);
  });
});

describe('a malformed timeline is a programming error', () => {
  it('refuses moves out of turn, out of order, or odd rules', () => {
    expect(() => timelineOn(game({ moves: [{ player: 'blue', sent: '2027-01-12' }] }), start)).toThrow(/red/);
    expect(() => timelineOn(game({ moves: moves('2027-01-12', '2027-01-11') }), start)).toThrow(RangeError);
    expect(() => timelineOn(game({ moves: [{ player: 'red', arrived: '2027-01-09', sent: '2027-01-12' }] }), start)).toThrow(RangeError);
    expect(() => timelineOn(game({ closing: '2027-01-01' }), start)).toThrow(RangeError);
    expect(() => timelineOn(game({ rules: { reminderDays: 30, escalationDays: 30 } }), start)).toThrow(RangeError);
    expect(() => timelineOn(game({ longThinking: { red: [{ from: start, days: 0 }] } }), start)).toThrow(RangeError);
    expect(() => timelineOn(game({ holidays: { blue: [{ from: '2027-02-10', to: '2027-02-01' }] } }), start)).toThrow(RangeError);
  });
});

// Random games: moves at random gaps, holidays, notices, adjustments, sometimes an end.
const arbitraryTimeline: fc.Arbitrary<GameTimeline> = fc
  .record({
    length: fc.integer({ min: 40, max: 160 }),
    gaps: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 16 }),
    holidays: fc.array(
      fc.tuple(fc.constantFrom<Color>('red', 'blue'), fc.integer({ min: -5, max: 160 }), fc.integer({ min: 0, max: 19 })),
      { maxLength: 3 },
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
  .map(({ length, gaps, holidays, notices, adjustments, end }) => {
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
    return {
      start,
      closing,
      moves: moves(...sent),
      holidays: per(holidays.map(([c, s, n]): [Color, DateRange] => [c, { from: addDays(start, s), to: addDays(start, s + n) }])),
      longThinking: per(notices.map(([c, s, n]): [Color, { from: LocalDate; days: number }] => [c, { from: addDays(start, s), days: n }])),
      adjustments: per(adjustments.map(([c, kind, days, on]): [Color, DayAdjustment] => [c, { kind, days, on: addDays(start, on) }])),
      endedOn: end === null ? undefined : addDays(start, end),
    };
  });

/** What the platform knows on `day`: moves, adjustments and the end that happened by then. */
function knownOn(t: GameTimeline, day: LocalDate): GameTimeline {
  const known = (d: LocalDate) => compareDays(d, day) <= 0;
  return {
    ...t,
    moves: t.moves.filter((m) => known(m.sent)),
    adjustments: {
      red: (t.adjustments?.red ?? []).filter((a) => known(a.on)),
      blue: (t.adjustments?.blue ?? []).filter((a) => known(a.on)),
    },
    endedOn: t.endedOn && known(t.endedOn) ? t.endedOn : undefined,
  };
}

const daysOf = (t: GameTimeline) => Array.from({ length: diffDays(t.start, t.closing) + 9 }, (_, i) => addDays(addDays(t.start, -1), i));

describe('timeline properties', () => {
  it('emits every action on exactly one day when stepping day by day, as the whole schedule says', () => {
    fc.assert(
      fc.property(arbitraryTimeline, (t) => {
        const stepped = daysOf(t).flatMap((day) => timelineOn(t, day).actions.map((a) => `${day} ${a.on} ${a.key}`));
        expect(stepped.filter((s) => s.split(' ')[0] !== s.split(' ')[1])).toEqual([]);
        const keys = stepped.map((s) => s.split(' ')[2]);
        expect(new Set(keys).size).toBe(keys.length);
        expect(stepped).toEqual(timelineActions(t).map((a) => `${a.on} ${a.on} ${a.key}`));
      }),
      { numRuns: 30 },
    );
  });

  it('decides a day’s actions from what is known that day: a later move changes nothing earlier', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: 0, max: 170 }), (t, offset) => {
        const day = addDays(t.start, offset);
        expect(timelineOn(knownOn(t, day), day)).toEqual(timelineOn(t, day));
      }),
      { numRuns: 200 },
    );
  });

  it('never shows negative days, never counts a holiday day, never moves a clock back without a credit', () => {
    fc.assert(
      fc.property(arbitraryTimeline, (t) => {
        const [first, last] = [addDays(t.start, -1), addDays(t.closing, 7)];
        const noCredits = timelineDays({ ...t, adjustments: {} }, first, last);
        const noHolidays = timelineDays({ ...t, adjustments: {}, holidays: {} }, first, last);
        const withAll = timelineDays(t, first, last);
        const broken: string[] = [];
        noCredits.forEach(({ day, clocks }, i) => {
          for (const p of ['red', 'blue'] as const) {
            const all = withAll[i].clocks[p];
            if (i > 0 && clocks[p].used < noCredits[i - 1].clocks[p].used) broken.push(`${day} ${p}: clock moved back`);
            if (clocks[p].used > noHolidays[i].clocks[p].used) broken.push(`${day} ${p}: a holiday day counted`);
            if (all.used < 0 || all.used + all.left !== Math.max(50, all.used) || all.exceeded !== all.used > 50)
              broken.push(`${day} ${p}: ${JSON.stringify(all)}`);
          }
        });
        expect(broken).toEqual([]);
      }),
    );
  });

  it('gives each day in one pass exactly what asking for that day gives', () => {
    fc.assert(
      fc.property(arbitraryTimeline, fc.integer({ min: -3, max: 170 }), fc.integer({ min: 0, max: 30 }), (t, offset, span) => {
        const from = addDays(t.start, offset);
        const days = timelineDays(t, from, addDays(from, span));
        expect(days.map((d) => d.day)).toEqual(Array.from({ length: span + 1 }, (_, i) => addDays(from, i)));
        for (const d of [days[0], days[span]]) expect(d).toEqual(timelineOn(t, d.day));
      }),
    );
  });

  it('without pauses, reminds 16 and escalates 31 days after the last move, unless answered by then', () => {
    fc.assert(
      fc.property(arbitraryTimeline, (t) => {
        const plain = { ...t, holidays: {}, longThinking: {}, endedOn: undefined };
        const expected: string[] = [];
        const sends = [t.start, ...plain.moves.map((m) => m.sent)];
        sends.forEach((since, i) => {
          const next = plain.moves[i]?.sent;
          for (const [stage, after] of [
            ['reminder', 16],
            ['escalation', 31],
          ] as const) {
            const due = addDays(since, after);
            if (compareDays(due, plain.closing) <= 0 && (!next || compareDays(next, due) > 0)) {
              expected.push(`${due} ${i === 0 ? 'first-move-' : ''}${stage}:${i + 1}`);
            }
          }
        });
        expect(diary(plain, 'reminder', 'escalation', 'first-move-reminder', 'first-move-escalation')).toEqual(expected);
      }),
    );
  });
});
