// Calendar days in a time zone (docs/rules.md §5: "days are calendar days in the competition's
// time zone, default Europe/Bucharest"). An instant becomes a local date once, through
// Intl; from then on days are plain integers, so no arithmetic can meet a 23- or 25-hour
// day at a DST change.
import { BoundedMap } from './bounded-map';

/** A calendar day, `YYYY-MM-DD` (years 0001–9999). Compare with compareDays or diffDays. */
export type LocalDate = `${number}-${number}-${number}`;

/** An inclusive range of days: docs/rules.md §5, "1–20 February is 20 days". */
export interface DateRange {
  readonly from: LocalDate;
  readonly to: LocalDate;
}

export const DEFAULT_TIME_ZONE = 'Europe/Bucharest';

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_DAY_NUMBER = -719162; // 0001-01-01
const MAX_DAY_NUMBER = 2932896; // 9999-12-31

export function isLocalDate(value: string): value is LocalDate {
  return validParts(value) !== null;
}

/** Checks a string read from outside (JSON, a form, the database). */
export function toLocalDate(value: string): LocalDate {
  // Checked by the conversion, which keeps the day's number for the walks that follow.
  dayNumber(value as LocalDate);
  return value as LocalDate;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // iso8601 = proleptic Gregorian with ISO field order; latn digits whatever the locale data.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'iso8601',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day an instant falls on in a time zone (a move sent at 00:30 in Bucharest counts on that day). */
export function localDate(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): LocalDate {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid instant');
  // Zones' offsets are whole minutes since 1970, so a day changes only on a minute: one minute
  // gives one day, and an action asks the same minute many times (formatToParts is slow).
  const key = `${timeZone}\u0000${Math.floor(ms / 60_000)}`;
  const known = recentDays.get(key);
  if (known !== undefined) return known;
  const day = formattedLocalDate(instant, timeZone);
  recentDays.set(key, day);
  return day;
}

const recentDays = new BoundedMap<string, LocalDate>(256);

function formattedLocalDate(instant: Date, timeZone: string): LocalDate {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return fromParts(year, month, day);
}

/** `day` moved by a whole number of days. */
export function addDays(day: LocalDate, days: number): LocalDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`not a whole number of days: ${days}`);
  return fromDayNumber(dayNumber(day) + days);
}

/** `to − from` in days: 10.08 → 13.08 is 3. */
export function diffDays(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

export function compareDays(a: LocalDate, b: LocalDate): number {
  return Math.sign(diffDays(b, a));
}

/**
 * The same day of the month `months` calendar months away, clamped to the month's last
 * day: one month before 31 March is 28 (or 29) February. docs/rules.md §5 measures holiday
 * notice and the end of holiday rights in calendar months.
 */
export function addMonths(day: LocalDate, months: number): LocalDate {
  if (!Number.isSafeInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return fromParts(year, month, Math.min(d, daysInMonth(year, month)));
}

/** How the seed writes a date in Romanian text: 10.08.2000. */
export function formatDayRo(day: LocalDate): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

export function inRange(day: LocalDate, range: DateRange): boolean {
  return diffDays(range.from, day) >= 0 && diffDays(day, range.to) >= 0;
}

/** Days in an inclusive range; 0 when it is empty (to before from). */
export function rangeLength(range: DateRange): number {
  return Math.max(0, diffDays(range.from, range.to) + 1);
}

/**
 * Days of `span` (inclusive) that fall in none of `excluded`. Overlapping exclusions
 * count once, so a holiday declared twice is not subtracted twice.
 */
export function countDays(span: DateRange, excluded: readonly DateRange[] = []): number {
  return countNumberedDays(toNumberedRange(span), excluded.map(toNumberedRange));
}

// Numbered days: the same calendar as plain integers, day 0 = 1970-01-01, for code that
// walks a game day by day. Civil date to number and back: Howard Hinnant's algorithms
// ("chrono-Compatible Low-Level Date Algorithms"), integers only.

export function dayNumber(day: LocalDate): number {
  const known = numbers.get(day);
  if (known !== undefined) return known;
  const [y0, m, d] = parts(day);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const n = era * 146097 + doe - 719468;
  numbers.set(day, n);
  return n;
}

export function fromDayNumber(n: number): LocalDate {
  const known = dates.get(n);
  if (known !== undefined) return known;
  if (!Number.isSafeInteger(n) || n < MIN_DAY_NUMBER || n > MAX_DAY_NUMBER)
    throw new RangeError(`not a day number of years 0001–9999: ${n}`);
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const date = fromParts(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
  dates.set(n, date);
  return date;
}

// A game's walk converts the same few hundred days back and forth on every action (its moves,
// its deadlines): both conversions are pure, so each answer is kept, up to a bound.
const REMEMBERED_DAYS = 8192;
const numbers = new BoundedMap<string, number>(REMEMBERED_DAYS);
const dates = new BoundedMap<number, LocalDate>(REMEMBERED_DAYS);

export interface NumberedRange {
  readonly from: number;
  readonly to: number;
}

export function toNumberedRange(range: DateRange): NumberedRange {
  return { from: dayNumber(range.from), to: dayNumber(range.to) };
}

export function inNumberedRanges(day: number, ranges: readonly NumberedRange[]): boolean {
  return ranges.some((r) => r.from <= day && day <= r.to);
}

/** countDays on numbered days. */
export function countNumberedDays(span: NumberedRange, excluded: readonly NumberedRange[]): number {
  const { from: lo, to: hi } = span;
  if (hi < lo) return 0;
  // Most spans meet no exclusion (a game's walk asks this twice a day).
  if (excluded.every((r) => r.to < lo || r.from > hi)) return hi - lo + 1;
  const clipped = excluded
    .map((r) => ({ from: Math.max(lo, r.from), to: Math.min(hi, r.to) }))
    .filter((r) => r.from <= r.to)
    .sort((x, y) => x.from - y.from);
  let covered = 0;
  let reach = lo - 1; // the last day already counted as excluded
  for (const r of clipped) {
    if (r.to <= reach) continue;
    covered += r.to - Math.max(r.from, reach + 1) + 1;
    reach = r.to;
  }
  return hi - lo + 1 - covered;
}

function validParts(value: string): [number, number, number] | null {
  const m = LOCAL_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) ? [y, mo, d] : null;
}

// The type admits any `n-n-n` literal, so every entry point checks the day exists.
function parts(day: LocalDate): [number, number, number] {
  const p = validParts(day);
  if (!p) throw new RangeError(`not a calendar date (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return p;
}

function fromParts(year: number, month: number, day: number): LocalDate {
  if (year < 1 || year > 9999) throw new RangeError('date outside years 0001–9999');
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as LocalDate;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The wall-clock hour of `instant` in `timeZone`. */
export function localHour(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(instant)
    .find((p) => p.type === 'hour');
  return Number(hour?.value ?? 0);
}

/** The day whose daily digest (a player's, docs/mail-rules.md 17; an arbiter's, 20) is due now, or undefined before the hour. */
export function dueDigestDay(now: Date, timeZone: string, hour: number): LocalDate | undefined {
  return localHour(now, timeZone) >= hour ? localDate(now, timeZone) : undefined;
}
