// The iCalendar feed of a player's deadlines (docs/rules.md §5, §7; docs/web.md): per game, the
// day the running thinking time would run out and the reminder and escalation days of the move
// owed (when the player is to move), the last day to answer a time claim against them and to
// confirm a proposed result; per competition, the closing date, the last day of holiday rights
// and the last day of the closing-date report window. Each event has a UID stable per game (or
// competition) and kind, so a calendar app updates it instead of adding one. Pure.
import { createHmac, timingSafeEqual } from 'node:crypto';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { LocalDate } from '../../common/calendar';
import type { Lang } from './format-day';

export interface DeadlineEvent {
  /** Stable per game and kind, so calendar apps update the event instead of adding one. */
  readonly uid: string;
  readonly day: LocalDate;
  readonly summary: string;
  readonly description: string;
  readonly url: string;
}

/** One of the player's games, with the days that concern them (only those still to come are given). */
export interface CalendarGame {
  readonly id: string;
  readonly competitionName: string;
  readonly round: number;
  readonly opponent: string;
  /** The player is to move: the run-out day and the silence days of the move owed. */
  readonly myMove?: {
    /** None when it would fall after the closing date. */
    readonly runOut?: LocalDate;
    readonly used: number;
    readonly left: number;
    /** docs/rules.md §5: the 15-day reminder, if still to come. */
    readonly reminder?: LocalDate;
    /** docs/rules.md §5: the 30-day escalation to the arbiter, if still to come. */
    readonly escalation?: LocalDate;
  };
  /** docs/rules.md §5: a time claim against the player, answered by this day. */
  readonly claimAnswerBy?: LocalDate;
  /** docs/rules.md §7: a proposed result the player has not confirmed, silence confirms after this day. */
  readonly confirmBy?: LocalDate;
}

/** A competition the player still plays in, with its dates (deadlines.ts). */
export interface CalendarCompetition {
  readonly id: string;
  readonly name: string;
  readonly closing: LocalDate;
  readonly lastHolidayDay: LocalDate;
  readonly reportBy: LocalDate;
}

/** The events of the feed, in the player's language; `url` is the platform's public address. */
export function deadlineEvents(
  games: readonly CalendarGame[],
  competitions: readonly CalendarCompetition[],
  lang: Lang,
  url: string,
): DeadlineEvent[] {
  const ro = lang === 'ro';
  const events: DeadlineEvent[] = [];
  for (const g of games) {
    const at = (kind: string, day: LocalDate, summary: string, description: string) =>
      events.push({
        uid: `${g.id}-${kind}@corr-scrabble`,
        day,
        summary,
        description: `${g.competitionName}, ${ro ? 'runda' : 'round'} ${g.round}. ${description}`,
        url: `${url}/games/${g.id}`,
      });
    const m = g.myMove;
    if (m?.runOut)
      at(
        'thinking-time',
        m.runOut,
        ro ? `Termen: mutarea cu ${g.opponent}` : `Deadline: your move vs ${g.opponent}`,
        ro
          ? `Timpul de gândire se termină în această zi dacă nu trimiteți mutarea (${m.used} zile folosite, ${m.left} rămase).`
          : `Your thinking time runs out on this day unless you send your move (${m.used} days used, ${m.left} left).`,
      );
    if (m) {
      if (m.reminder)
        at(
          'reminder',
          m.reminder,
          ro ? `Reamintire: mutarea cu ${g.opponent}` : `Reminder: your move vs ${g.opponent}`,
          ro
            ? 'Dacă mutarea nu a sosit până atunci, în această zi vi se trimite din nou poziția (reamintirea de 15 zile).'
            : 'If your move has not arrived by then, the position is sent to you again on this day (the 15-day reminder).',
        );
      if (m.escalation)
        at(
          'escalation',
          m.escalation,
          ro ? `Arbitrul este anunțat: mutarea cu ${g.opponent}` : `The arbiter is told: your move vs ${g.opponent}`,
          ro
            ? 'Dacă mutarea nu a sosit până atunci, în această zi arbitrul este anunțat (30 de zile fără răspuns).'
            : 'If your move has not arrived by then, the arbiter is told on this day (30 days without an answer).',
        );
    }
    if (g.claimAnswerBy)
      at(
        'claim-answer',
        g.claimAnswerBy,
        ro ? `Ultima zi: răspunsul la reclamația de timp (${g.opponent})` : `Last day: answer the time claim (${g.opponent})`,
        ro
          ? 'Partenerul a reclamat depășirea timpului de gândire; răspundeți arbitrului până în această zi inclusiv.'
          : 'Your partner claimed you exceeded your thinking time; answer the arbiter by this day, this day included.',
      );
    if (g.confirmBy)
      at(
        'confirmation',
        g.confirmBy,
        ro ? `Ultima zi: confirmarea rezultatului (${g.opponent})` : `Last day: confirm the result (${g.opponent})`,
        ro
          ? 'Confirmați fișa finală sau faceți obiecție până în această zi; după ea, tăcerea valorează confirmare.'
          : 'Confirm the final sheet or object by this day; after it, silence counts as confirmation.',
      );
  }
  for (const c of competitions) {
    const at = (kind: string, day: LocalDate, summary: string, description: string) =>
      events.push({ uid: `${c.id}-${kind}@corr-scrabble`, day, summary: `${summary}: ${c.name}`, description, url: `${url}/games` });
    at(
      'holiday-rights',
      c.lastHolidayDay,
      ro ? 'Ultima zi de concediu' : 'Last day of holiday',
      ro
        ? 'Dreptul la concediu se pierde cu o lună înainte de data de închidere: aceasta este ultima zi în care un concediu mai poate fi luat.'
        : 'Holiday rights end one month before the closing date: this is the last day a holiday can still be taken.',
    );
    at(
      'closing',
      c.closing,
      ro ? 'Data de închidere' : 'Closing date',
      ro
        ? 'După această zi nu se mai primește nicio mutare; partidele neterminate trec la procedura datei de închidere.'
        : 'No move is taken after this day; unfinished games go to the closing-date procedure.',
    );
    at(
      'report',
      c.reportBy,
      ro ? 'Ultima zi: declararea stării partidelor' : 'Last day: declare the state of your games',
      ro
        ? 'Până în această zi puteți declara starea unei partide neterminate la data de închidere.'
        : 'By this day you may declare the state of a game left unfinished at the closing date.',
    );
  }
  return events;
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
