// The iCalendar feed of a player's deadlines (issue 7 §2): one all-day event per game on
// the day the running thinking time would run out when the player is to move, and the
// competitions' closing dates. Pure: the shell passes the rows and the calendar's name.
import { createHmac, timingSafeEqual } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { LocalDate } from '../../thinking-time/core';

export interface DeadlineEvent {
  /** Stable per game and kind, so calendar apps update the event instead of adding one. */
  readonly uid: string;
  readonly day: LocalDate;
  readonly summary: string;
  readonly description: string;
  readonly url: string;
}

/** The feed's secret token: the user's id and an HMAC of it, so nothing is stored and nobody can guess another's. */
export function calendarToken(secret: string, userId: string): string {
  return `${userId}.${calendarMac(secret, userId)}`;
}

/** The user id a token names, or null when its MAC does not match. */
export function userOfCalendarToken(secret: string, token: string): string | null {
  const m = /^([0-9a-f-]{36})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const expected = Buffer.from(calendarMac(secret, m[1]), 'hex');
  const given = Buffer.from(m[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? m[1] : null;
}

function calendarMac(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`calendar/v1\n${userId}`).digest('hex').slice(0, 32);
}

function utcDay(day: LocalDate): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** The feed as text/calendar: all-day events, no times (deadlines are calendar days, docs/rules.md §5). */
export function deadlinesCalendar(name: string, events: readonly DeadlineEvent[], now: Date): string {
  const calendar = ical({
    name,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'corr-scrabble', product: 'deadlines', language: 'RO' },
  });
  for (const e of events) {
    const start = utcDay(e.day);
    calendar.createEvent({
      id: e.uid,
      start,
      end: new Date(start.getTime() + 86_400_000),
      allDay: true,
      stamp: now,
      summary: e.summary,
      description: e.description,
      url: e.url,
    });
  }
  return calendar.toString();
}
