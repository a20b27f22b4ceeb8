import fc from 'fast-check';
import { addDays, rangeLength, type LocalDate } from '../../common/calendar';
import { holidayRightsEnd, longHolidayDeadline, validateHoliday, type Holiday, type HolidayDecision } from './holidays';

// A competition from 10 January to 30 June 2027: holiday rights end on 30 May.
const competition = { start: '2027-01-10', closing: '2027-06-30' } as const;

const declare = (from: LocalDate, to: LocalDate, declaredOn: LocalDate, current: Holiday | null = null) =>
  validateHoliday({ from, to, declaredOn }, competition, current);

function accepted(decision: HolidayDecision): Holiday {
  if (!decision.ok) throw new Error(`refused: ${decision.code}`);
  return decision.holiday;
}

function refusal(decision: HolidayDecision): string {
  if (decision.ok) throw new Error('accepted');
  expect(decision.message.ro.length).toBeGreaterThan(0);
  expect(decision.message.en.length).toBeGreaterThan(0);
  return decision.code;
}

describe('the 20-day holiday (docs/rules.md §5)', () => {
  it('is granted when declared at the competition start, however soon it begins', () => {
    const h = accepted(declare('2027-01-15', '2027-02-03', '2027-01-10'));
    expect(h).toEqual({ from: '2027-01-15', to: '2027-02-03', declaredOn: '2027-01-10', kind: 'long' });
    expect(rangeLength(h)).toBe(20);
  });

  it('is granted when declared at least one calendar month ahead, exactly one month included', () => {
    expect(accepted(declare('2027-03-15', '2027-04-03', '2027-02-15')).kind).toBe('long');
    expect(refusal(declare('2027-03-15', '2027-04-03', '2027-02-16'))).toBe('SHORT_NOTICE');
    // One month before 31 March is 28 February.
    expect(longHolidayDeadline('2027-03-31')).toBe('2027-02-28');
    expect(accepted(declare('2027-03-31', '2027-04-19', '2027-02-28')).kind).toBe('long');
  });

  it('is at most 20 days, in one block (1–20 February is 20 days)', () => {
    expect(accepted(declare('2027-02-01', '2027-02-20', '2027-01-10')).kind).toBe('long');
    expect(refusal(declare('2027-02-01', '2027-02-21', '2027-01-10'))).toBe('TOO_LONG');
  });

  it('may be changed until one month before it begins, under the same notice', () => {
    const current = accepted(declare('2027-04-01', '2027-04-20', '2027-01-10'));
    const changed = declare('2027-05-01', '2027-05-20', '2027-03-01', current);
    expect(changed).toMatchObject({ ok: true, holiday: { from: '2027-05-01', kind: 'long' }, replaces: current });
    expect(refusal(declare('2027-05-01', '2027-05-20', '2027-03-02', current))).toBe('CHANGE_TOO_LATE');
  });
});

describe('the 10-day holiday (docs/rules.md §5)', () => {
  it('may be taken at any time, starting the day it is announced', () => {
    expect(accepted(declare('2027-03-05', '2027-03-14', '2027-03-05')).kind).toBe('short');
    expect(refusal(declare('2027-03-05', '2027-03-15', '2027-03-05'))).toBe('SHORT_NOTICE');
  });

  it('replaces a declared 20-day holiday when it begins before it', () => {
    const current = accepted(declare('2027-04-01', '2027-04-20', '2027-01-10'));
    const decision = declare('2027-03-20', '2027-03-29', '2027-03-15', current);
    expect(decision).toMatchObject({ ok: true, holiday: { kind: 'short' }, replaces: current });
    // Not after the declared start, and not longer than 10 days.
    expect(refusal(declare('2027-04-05', '2027-04-14', '2027-03-15', current))).toBe('CHANGE_TOO_LATE');
    expect(refusal(declare('2027-03-20', '2027-03-30', '2027-03-15', current))).toBe('CHANGE_TOO_LATE');
  });

  it('is the player’s one holiday: nothing after it, nothing once the 20-day one has begun', () => {
    const short = accepted(declare('2027-03-05', '2027-03-14', '2027-03-01'));
    expect(refusal(declare('2027-04-20', '2027-05-09', '2027-03-10', short))).toBe('ALREADY_TAKEN');
    const long = accepted(declare('2027-02-01', '2027-02-20', '2027-01-10'));
    expect(refusal(declare('2027-02-10', '2027-02-15', '2027-02-01', long))).toBe('ALREADY_TAKEN');
    expect(refusal(declare('2027-04-10', '2027-04-15', '2027-03-01', long))).toBe('ALREADY_TAKEN');
  });
});

describe('every holiday', () => {
  it('ends before the last month of the competition (rights lost on 30 May for a 30 June closing)', () => {
    expect(holidayRightsEnd('2027-06-30')).toBe('2027-05-30');
    expect(declare('2027-05-20', '2027-05-29', '2027-05-20')).toMatchObject({ ok: true, holiday: { to: '2027-05-29' }, cut: null });
    // Only a holiday that would begin inside the last month has nothing left to take.
    expect(refusal(declare('2027-05-30', '2027-06-03', '2027-05-20'))).toBe('LAST_MONTH');
    expect(refusal(declare('2027-06-01', '2027-06-05', '2027-06-01'))).toBe('LAST_MONTH');
  });

  it('running into the last month is cut at the line, not refused: "the remaining fraction of it is lost" (seed 003)', () => {
    const decision = declare('2027-05-21', '2027-05-30', '2027-05-20');
    expect(decision).toMatchObject({
      ok: true,
      holiday: { from: '2027-05-21', to: '2027-05-29', kind: 'short' },
      cut: { askedTo: '2027-05-30', to: '2027-05-29', closing: '2027-06-30' },
    });
    // The player is told it was shortened, and to which day, in both languages.
    expect(decision.ok && decision.cut?.message).toEqual({
      ro: expect.stringMatching(/scurtat.*29\.05\.2027.*30\.05\.2027.*30\.06\.2027/),
      en: expect.stringMatching(/shortened.*2027-05-29.*2027-05-30.*2027-06-30/),
      pl: expect.stringMatching(/skrócony.*29 maja 2027.*30 maja 2027.*30 czerwca 2027/),
    });
    // A 20-day holiday declared at the start, reaching into June, keeps its days up to 29 May.
    expect(declare('2027-05-15', '2027-06-03', '2027-01-10')).toMatchObject({
      ok: true,
      holiday: { from: '2027-05-15', to: '2027-05-29', kind: 'long' },
    });
    // The rules judge the holiday kept: 14 days asked at short notice, 9 of them kept, is a 10-day right.
    expect(declare('2027-05-21', '2027-06-03', '2027-05-20')).toMatchObject({ ok: true, holiday: { to: '2027-05-29', kind: 'short' } });
  });

  it('cut or not, keeps its first day and never reaches the last month (property)', () => {
    const day = fc.integer({ min: 0, max: 170 }).map((n) => addDays(competition.start, n));
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 60 }), (declaredOn, length, ahead) => {
        const from = addDays(declaredOn, ahead);
        const to = addDays(from, length - 1);
        const decision = declare(from, to, '2027-01-10');
        const rightsEnd = holidayRightsEnd(competition.closing);
        if (from >= rightsEnd) return expect(decision).toMatchObject({ ok: false, code: 'LAST_MONTH' });
        expect(decision.ok).toBe(true);
        if (!decision.ok) return;
        expect(decision.holiday.from).toBe(from);
        expect(decision.holiday.to).toBe(to < rightsEnd ? to : addDays(rightsEnd, -1));
        expect(decision.cut !== null).toBe(to >= rightsEnd);
      }),
    );
  });

  it('is a real range, not in the past, not before the competition', () => {
    expect(refusal(declare('2027-03-10', '2027-03-09', '2027-03-01'))).toBe('INVALID_RANGE');
    expect(refusal(declare('2027-03-10', '2027-03-12', '2027-03-11'))).toBe('STARTS_IN_PAST');
    expect(refusal(declare('2027-01-05', '2027-01-12', '2026-12-01'))).toBe('BEFORE_COMPETITION');
  });

  it('explains a refusal in Romanian and English with the dates that matter', () => {
    const decision = declare('2027-06-01', '2027-06-05', '2027-05-20');
    expect(decision).toMatchObject({
      ok: false,
      message: { ro: expect.stringContaining('29.05.2027'), en: expect.stringContaining('2027-05-29') },
    });
  });

  it('once granted, lies inside the rules whatever is asked', () => {
    const day = fc.integer({ min: -20, max: 200 }).map((n) => addDays(competition.start, n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 60 }), (declaredOn, length, ahead) => {
        const from = addDays(declaredOn, ahead);
        const decision = declare(from, addDays(from, length - 1), declaredOn);
        if (!decision.ok) return;
        const h = decision.holiday;
        expect(rangeLength(h)).toBeLessThanOrEqual(h.kind === 'long' ? 20 : 10);
        expect(h.from >= competition.start && h.from >= declaredOn).toBe(true);
        expect(h.to < holidayRightsEnd(competition.closing)).toBe(true);
        if (rangeLength(h) > 10) expect(declaredOn <= competition.start || declaredOn <= longHolidayDeadline(h.from)).toBe(true);
      }),
    );
  });
});

describe('holiday lengths from the competition settings', () => {
  const dates = { start: '2027-02-01', closing: '2027-09-30' } as const;
  it('takes the long and short lengths of the competition, not the defaults', () => {
    const settings = { ...dates, holidayLongDays: 15, holidayShortDays: 5 };
    // Declared at the start: the long right, here 15 days.
    expect(validateHoliday({ from: '2027-03-01', to: '2027-03-15', declaredOn: '2027-02-01' }, settings)).toMatchObject({
      ok: true,
      holiday: { kind: 'long' },
    });
    const tooLong = validateHoliday({ from: '2027-03-01', to: '2027-03-16', declaredOn: '2027-02-01' }, settings);
    expect(tooLong).toMatchObject({ ok: false, code: 'TOO_LONG' });
    expect(tooLong.ok === false && tooLong.message.en).toContain('at most 15 days');
    // At short notice only the short right, here 5 days.
    expect(validateHoliday({ from: '2027-03-10', to: '2027-03-14', declaredOn: '2027-03-01' }, settings)).toMatchObject({
      ok: true,
      holiday: { kind: 'short' },
    });
    const short = validateHoliday({ from: '2027-03-10', to: '2027-03-15', declaredOn: '2027-03-01' }, settings);
    expect(short).toMatchObject({ ok: false, code: 'SHORT_NOTICE' });
    expect(short.ok === false && short.message.ro).toContain('cel mult 5 zile');
  });
  it('allows longer holidays when the competition gives them', () => {
    const settings = { ...dates, holidayLongDays: 30, holidayShortDays: 12 };
    expect(validateHoliday({ from: '2027-03-01', to: '2027-03-30', declaredOn: '2027-02-01' }, settings)).toMatchObject({
      ok: true,
      holiday: { kind: 'long' },
    });
    expect(validateHoliday({ from: '2027-03-10', to: '2027-03-21', declaredOn: '2027-03-01' }, settings)).toMatchObject({
      ok: true,
      holiday: { kind: 'short' },
    });
    const refusal = validateHoliday({ from: '2027-03-01', to: '2027-03-31', declaredOn: '2027-02-01' }, settings);
    expect(refusal.ok === false && refusal.message.ro).toContain('cel mult 30 de zile');
  });
});
