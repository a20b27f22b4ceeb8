// A game's clocks and deadlines on a given day (docs/rules.md §5 and §7, seed [C] "Timpul de
// gândire", "Omologarea rezultatelor"). Pure: the caller passes the day; the daily sweep
// records each action under its key, so an action due on one day is done exactly once.
//
// How days are counted, everywhere in this file, follows the seed's thinking-day rule:
// an event on day E is followed by days E+1, E+2, …; a day counts once it has passed.
// So the state "on day D" is the state in the morning of D: every day before D has
// passed, and facts dated D (a move sent, an adjustment) are taken into account.
import type { Color } from '../../common/color';
import {
  addDays,
  dayNumber,
  fromDayNumber,
  inNumberedRanges,
  toNumberedRange,
  type DateRange,
  type LocalDate,
  type NumberedRange,
} from '../../common/calendar';
import { holidayRightsEnd } from './holidays';
import { adjustedTotal, daysStrictlyBetween, type DayAdjustment } from './thinking-days';
import { groupBy } from '../../common/collections';

export interface TimelineRules {
  /** docs/rules.md §5: 50 days per player for the whole game. */
  readonly thinkingDays: number;
  /** docs/rules.md §5: silence after which the move is sent again. */
  readonly reminderDays: number;
  /** docs/rules.md §5: silence (counted from the same move) after which the arbiter is told. */
  readonly escalationDays: number;
  /** docs/rules.md §7: results reach the arbiter at the latest 5 days after the closing date. */
  readonly reportWindowDays: number;
}

export const DEFAULT_TIMELINE_RULES: TimelineRules = { thinkingDays: 50, reminderDays: 15, escalationDays: 30, reportWindowDays: 5 };

export type PerPlayer<T> = Readonly<Record<Color, T>>;

export interface TimelineMove {
  readonly player: Color;
  /**
   * The day the platform received the move (docs/rules.md §5). For a move answered in two
   * disputed lines, the day of the last of them (§6: a turn's days are counted once).
   */
  readonly sent: LocalDate;
  /** Defaults to the day the previous move was sent (RED's first: the start): e-mail arrives the day it is recorded. */
  readonly arrived?: LocalDate;
}

/** docs/rules.md §5: a player who means to think more than 10 days on a move tells the partner. */
export interface LongThinkingNotice {
  readonly from: LocalDate;
  readonly days: number;
}

export interface GameTimeline {
  /** The day the game sheet reached the players: RED's first move "arrived" then. */
  readonly start: LocalDate;
  readonly closing: LocalDate;
  /**
   * The moves of the official line, RED first, alternating. Days spent on a move later
   * voided stay charged (§5): the caller passes them as a charge in `adjustments`.
   */
  readonly moves: readonly TimelineMove[];
  /** Each player's holiday (validateHoliday), and any leave the arbiter approves: not thinking days, no silence. */
  readonly holidays?: Partial<PerPlayer<readonly DateRange[]>>;
  readonly longThinking?: Partial<PerPlayer<readonly LongThinkingNotice[]>>;
  readonly adjustments?: Partial<PerPlayer<readonly DayAdjustment[]>>;
  /** The day the game ended (gone out, abandoned, agreed…): from then on its clocks stop and nothing is due. */
  readonly endedOn?: LocalDate;
  readonly rules?: Partial<TimelineRules>;
}

interface ActionBase {
  /** Unique within the game and stable as the timeline grows: the scheduler's idempotency key. */
  readonly key: string;
  readonly on: LocalDate;
}

/** The silence rule of docs/rules.md §5, and its first-move form (BLUE has nothing from RED). */
export interface SilenceAction extends ActionBase {
  readonly stage: 'reminder' | 'escalation' | 'first-move-reminder' | 'first-move-escalation';
  /** The move awaited (1 = RED's first) and the silent player who owes it. */
  readonly move: number;
  readonly player: Color;
  /** The day the last move was sent (the start, for the first move). */
  readonly since: LocalDate;
  readonly silentDays: number;
}

export interface HolidayAction extends ActionBase {
  /** `holiday-end` falls on the day after the holiday, when the silence count resumes. */
  readonly stage: 'holiday-start' | 'holiday-end';
  readonly player: Color;
  readonly holiday: DateRange;
}

export interface LongThinkingAction extends ActionBase {
  /** `long-thinking-end` falls on the day after the announced days, unless the move came first. */
  readonly stage: 'long-thinking-start' | 'long-thinking-end';
  readonly player: Color;
  readonly notice: LongThinkingNotice;
}

/** docs/rules.md §5: 51 days or more used; the partner may claim the game. */
export interface TimeExceededAction extends ActionBase {
  readonly stage: 'time-exceeded';
  readonly player: Color;
  readonly used: number;
  /** The move awaited that day. */
  readonly move: number;
}

export interface CompetitionAction extends ActionBase {
  /**
   * `holiday-rights-end`: one month before the closing date (§5); `closing-date`: the
   * players declare the game's state (§7); `report-window-closed`: the report window
   * has passed, an unfinished game goes to the arbiter (§7).
   */
  readonly stage: 'holiday-rights-end' | 'closing-date' | 'report-window-closed';
}

export type TimelineAction = SilenceAction | HolidayAction | LongThinkingAction | TimeExceededAction | CompetitionAction;
export type TimelineStage = TimelineAction['stage'];

export interface PlayerClock {
  readonly used: number;
  /** Never below zero; `exceeded` says when the time is over. */
  readonly left: number;
  readonly exceeded: boolean;
  /** The first day of the current run of days with 51 or more used. */
  readonly exceededSince: LocalDate | null;
  readonly onHoliday: boolean;
  readonly longThinking: boolean;
}

export interface Awaiting {
  readonly move: number;
  readonly player: Color;
  readonly since: LocalDate;
  /** Silence so far: days since `since`, less the silent player's holiday and announced long-thinking days. */
  readonly silentDays: number;
}

export interface TimelineDay {
  readonly day: LocalDate;
  readonly clocks: PerPlayer<PlayerClock>;
  /** The move owed; null before the start, once the game has ended, or after the closing date. */
  readonly awaiting: Awaiting | null;
  /** Everything due on this day, in a stable order. */
  readonly actions: readonly TimelineAction[];
}

/** A day without its clocks: what is owed and what is due. */
export type TimelineStep = Omit<TimelineDay, 'clocks'>;

/** The clocks on `day` and every action due that day: what the daily sweep asks. */
export function timelineOn(timeline: GameTimeline, day: LocalDate): TimelineDay {
  const n = dayNumber(day);
  return walk(prepare(timeline), n, n, {})[0];
}

/**
 * Each day from `from` to `to` (inclusive), as timelineOn would give it, in one pass: for
 * a sweep catching up on days the platform missed.
 */
export function timelineDays(timeline: GameTimeline, from: LocalDate, to: LocalDate): readonly TimelineDay[] {
  return walk(prepare(timeline), dayNumber(from), dayNumber(to), {});
}

/**
 * The day `from` as timelineOn gives it, and the days from it to `to` without their clocks (the
 * first included), ended early by the first day for which `until` holds (that day included): for
 * a caller whose answer lies in the first days of a long walk.
 */
export function timelineDayAndAhead(
  timeline: GameTimeline,
  from: LocalDate,
  to: LocalDate,
  until: (day: TimelineStep) => boolean,
): { readonly today: TimelineDay; readonly ahead: readonly TimelineStep[] } {
  const ahead = walk(prepare(timeline), dayNumber(from), dayNumber(to), { until, clocks: 'first day' });
  return { today: ahead[0] as TimelineDay, ahead };
}

/** Every action of the game, in order of day: what stepping day by day would find. */
export function timelineActions(timeline: GameTimeline): readonly TimelineAction[] {
  const game = prepare(timeline);
  return walk(game, game.start, game.horizon, {}).flatMap((d) => d.actions);
}

/**
 * The first day after `after` on which the game has an action, or null when nothing more is
 * due (the game ended, or its report window passed). While the timeline stays the same, the
 * sweep has nothing to do for the game before that day: what timelineDays gives for any day
 * depends on the timeline alone, not on the day it is asked.
 */
export function nextActionDay(timeline: GameTimeline, after: LocalDate): LocalDate | null {
  return timelineDaysAndNext(timeline, after, after).next;
}

/**
 * timelineDays(timeline, from, to) and nextActionDay(timeline, to) in one walk of the game:
 * the daily sweep asks both of every game it reads.
 */
export function timelineDaysAndNext(
  timeline: GameTimeline,
  from: LocalDate,
  to: LocalDate,
): { readonly days: readonly TimelineDay[]; readonly next: LocalDate | null } {
  const game = prepare(timeline);
  const last = dayNumber(to);
  const walked = walk(game, dayNumber(from), Math.max(last, game.horizon), { stopAfter: last });
  // The walk gives one day each from `from` on: those through `to`, then the days after it up to the next action.
  const through = Math.max(0, last - dayNumber(from) + 1);
  const after = walked.length > through ? walked[walked.length - 1] : undefined;
  return { days: walked.slice(0, through), next: after !== undefined && after.actions.length > 0 ? after.day : null };
}

const PLAYERS: readonly Color[] = ['red', 'blue'];

const STAGE_ORDER: readonly TimelineStage[] = [
  'holiday-end',
  'long-thinking-end',
  'holiday-start',
  'long-thinking-start',
  'time-exceeded',
  'first-move-reminder',
  'first-move-escalation',
  'reminder',
  'escalation',
  'holiday-rights-end',
  'closing-date',
  'report-window-closed',
];

const COMPETITION_WIDE: ReadonlySet<TimelineStage> = new Set(['holiday-rights-end', 'closing-date', 'report-window-closed']);

// Inside, days are numbered (calendar.ts) so that walking a game day by day is cheap.

interface PreparedMove {
  readonly player: Color;
  readonly sent: number;
  readonly days: number;
}

interface PreparedGame {
  readonly rules: TimelineRules;
  readonly start: number;
  readonly closing: number;
  readonly endedOn: number | null;
  /** Clocks stop here: they run through the closing day, or until the game ends. */
  readonly clockEnd: number;
  /** After this day nothing changes: no clock moves, nothing is due. */
  readonly horizon: number;
  readonly moves: readonly PreparedMove[];
  readonly holidays: PerPlayer<readonly NumberedRange[]>;
  readonly longThinking: PerPlayer<readonly NumberedRange[]>;
  /** Days on which the player's silence is not counted: holidays and announced long thinking. */
  readonly pauses: PerPlayer<readonly NumberedRange[]>;
  /** In order of their day. */
  readonly adjustments: PerPlayer<readonly (DayAdjustment & { readonly day: number })[]>;
  /** Actions fixed by the calendar alone, by day, before filtering by the game's life. */
  readonly calendar: ReadonlyMap<number, readonly TimelineAction[]>;
}

function prepare(t: GameTimeline): PreparedGame {
  const rules = { ...DEFAULT_TIMELINE_RULES, ...t.rules };
  for (const [name, value] of Object.entries(rules)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`rules.${name} must be a positive whole number: ${value}`);
  }
  if (rules.escalationDays <= rules.reminderDays) throw new RangeError('rules.escalationDays must exceed rules.reminderDays');
  const start = dayNumber(t.start);
  const closing = dayNumber(t.closing);
  if (closing < start) throw new RangeError(`closing date ${t.closing} before the start ${t.start}`);
  const endedOn = t.endedOn === undefined ? null : dayNumber(t.endedOn);
  if (endedOn !== null && endedOn < start) throw new RangeError(`game ended (${t.endedOn}) before it started (${t.start})`);

  const holidayRanges = perPlayer((p) => uniqueRanges(t.holidays?.[p] ?? []));
  for (const r of [...holidayRanges.red, ...holidayRanges.blue]) {
    if (dayNumber(r.to) < dayNumber(r.from)) throw new RangeError(`holiday ends (${r.to}) before it starts (${r.from})`);
  }
  const holidays = perPlayer((p) => holidayRanges[p].map(toNumberedRange));
  const adjustments = perPlayer((p) =>
    (t.adjustments?.[p] ?? []).map((a) => ({ ...a, day: dayNumber(a.on) })).sort((x, y) => x.day - y.day),
  );

  const moves: PreparedMove[] = [];
  let previous = start;
  t.moves.forEach((m, i) => {
    const expected: Color = i % 2 === 0 ? 'red' : 'blue';
    if (m.player !== expected) throw new RangeError(`move ${i + 1} is ${expected}'s, not ${m.player}'s`);
    const arrived = m.arrived === undefined ? previous : dayNumber(m.arrived);
    if (arrived < previous)
      throw new RangeError(`move ${i + 1} arrived (${m.arrived}) before the move it answers was sent (${fromDayNumber(previous)})`);
    const sent = dayNumber(m.sent);
    moves.push({ player: m.player, sent, days: daysStrictlyBetween(arrived, sent, holidays[m.player]) });
    previous = sent;
  });

  const calendar: TimelineAction[] = [];
  const longThinking = perPlayer((player) => {
    const ranges: NumberedRange[] = [];
    for (const notice of latestPerDay(t.longThinking?.[player] ?? [])) {
      if (!Number.isSafeInteger(notice.days) || notice.days <= 0)
        throw new RangeError(`a long-thinking notice is a positive number of days: ${notice.days}`);
      const from = dayNumber(notice.from);
      const resume = from + notice.days;
      // A notice covers one move (docs/rules.md §5): the player's next move sent from its first day on.
      const move = moves.find((m) => m.player === player && m.sent >= from);
      const to = Math.min(resume - 1, move ? move.sent - 1 : Infinity);
      if (to < from) continue;
      ranges.push({ from, to });
      const key = `${player}:${notice.from}`;
      calendar.push({ stage: 'long-thinking-start', key: `long-thinking-start:${key}`, on: notice.from, player, notice });
      if (!move || move.sent >= resume) {
        calendar.push({ stage: 'long-thinking-end', key: `long-thinking-end:${key}`, on: fromDayNumber(resume), player, notice });
      }
    }
    return ranges;
  });
  for (const player of PLAYERS) {
    for (const holiday of holidayRanges[player]) {
      const key = `${player}:${holiday.from}..${holiday.to}`;
      calendar.push({ stage: 'holiday-start', key: `holiday-start:${key}`, on: holiday.from, player, holiday });
      calendar.push({ stage: 'holiday-end', key: `holiday-end:${key}`, on: addDays(holiday.to, 1), player, holiday });
    }
  }
  // §7: the report window is the 5 days after the closing date; it has passed on the 6th.
  const reportWindowClosed = closing + rules.reportWindowDays + 1;
  calendar.push(
    { stage: 'holiday-rights-end', key: 'holiday-rights-end', on: holidayRightsEnd(t.closing) },
    { stage: 'closing-date', key: 'closing-date', on: t.closing },
    { stage: 'report-window-closed', key: 'report-window-closed', on: fromDayNumber(reportWindowClosed) },
  );

  return {
    rules,
    start,
    closing,
    endedOn,
    clockEnd: Math.min(endedOn ?? Infinity, closing + 1),
    horizon: Math.min(endedOn ?? Infinity, reportWindowClosed),
    moves,
    holidays,
    longThinking,
    pauses: perPlayer((p) => [...holidays[p], ...longThinking[p]]),
    adjustments,
    calendar: groupBy(calendar, (a) => dayNumber(a.on)),
  };
}

interface WalkOptions {
  /** Up to the first day after this one with an action. */
  readonly stopAfter?: number;
  /** Up to the first day for which this holds. */
  readonly until?: (day: TimelineStep) => boolean;
  /** The clocks of every day given, or of the first only (the others' would be made for nothing). */
  readonly clocks?: 'every day' | 'first day';
}

/**
 * Walks the game day by day from its start through `to`: the only place clocks and
 * deadlines are computed. Returns the state of each day from `from` on.
 */
function walk(game: PreparedGame, from: number, to: number, options: WalkOptions & { clocks?: 'every day' }): TimelineDay[];
function walk(game: PreparedGame, from: number, to: number, options: WalkOptions & { clocks: 'first day' }): TimelineStep[];
function walk(game: PreparedGame, from: number, to: number, { stopAfter, until, clocks = 'every day' }: WalkOptions): TimelineStep[] {
  const { rules, moves } = game;
  const silenceStages = [
    ['reminder', rules.reminderDays],
    ['escalation', rules.escalationDays],
  ] as const;
  const result: TimelineStep[] = [];
  const emitted = new Set<string>();
  const completed: Record<Color, number> = { red: 0, blue: 0 };
  const applied: Record<Color, DayAdjustment[]> = { red: [], blue: [] };
  const used: Record<Color, number> = { red: 0, blue: 0 };
  const exceededSince: Record<Color, LocalDate | null> = { red: null, blue: null };
  let sent = 0;

  // A game that has ended owes nothing more; play-related notices stop after the closing date.
  const live = (day: number) => game.endedOn === null || day < game.endedOn;
  const inPlay = (day: number) => live(day) && day <= game.closing;

  for (let day = Math.min(from, game.start); day <= to; day = day >= game.horizon && day < from ? from : day + 1) {
    // Past the horizon nothing changes, hence the leap to `from` above. The days before `from`
    // only carry the counts on: the date as text and the day's objects are made for a day that
    // shows them or has an action (most days of a walk from the start have neither).
    const todays: TimelineAction[] = [];
    let awaiting: Awaiting | null = null;

    if (day >= game.start && day <= game.clockEnd) {
      while (sent < moves.length && moves[sent].sent <= day) {
        completed[moves[sent].player] += moves[sent].days;
        sent++;
      }
      const player: Color = sent % 2 === 0 ? 'red' : 'blue';
      const since = sent > 0 ? moves[sent - 1].sent : game.start;
      for (const p of PLAYERS) {
        const scheduled = game.adjustments[p];
        while (applied[p].length < scheduled.length && scheduled[applied[p].length].day <= day)
          applied[p].push(scheduled[applied[p].length]);
        // The move being thought costs, so far, what it would cost if sent today.
        const thinking = p === player ? daysStrictlyBetween(since, day, game.holidays[p]) : 0;
        used[p] = adjustedTotal(completed[p] + thinking, applied[p]);
        const over = used[p] > rules.thinkingDays;
        if (!over) exceededSince[p] = null;
        else if (exceededSince[p] === null) {
          exceededSince[p] = fromDayNumber(day);
          if (live(day))
            todays.push({
              stage: 'time-exceeded',
              key: `time-exceeded:${p}:${fromDayNumber(day)}`,
              on: fromDayNumber(day),
              player: p,
              used: used[p],
              move: sent + 1,
            });
        }
      }
      if (inPlay(day)) {
        const pauses = game.pauses[player];
        const silentDays = daysStrictlyBetween(since, day, pauses);
        // The escalation's count is the larger (prepare checks it): below the reminder's, no silence action is due.
        if (day >= from || silentDays >= rules.reminderDays) awaiting = { move: sent + 1, player, since: fromDayNumber(since), silentDays };
        // The silence rule (docs/rules.md §5) counts like thinking time: the count reaches 15 in
        // the morning after the 15th silent day, when a reply would already cost 15 days
        // (sent 10.08 → reminder 26.08, arbiter 10.09). Pause days do not count, and nothing
        // is sent while the silent player is on holiday or thinking as announced.
        if (awaiting !== null && !inNumberedRanges(day, pauses)) {
          const prefix = sent === 0 ? 'first-move-' : '';
          for (const [stage, threshold] of silenceStages) {
            if (awaiting.silentDays < threshold) continue;
            const key = `${prefix}${stage}:${awaiting.move}`;
            if (!emitted.has(key)) todays.push({ stage: `${prefix}${stage}`, key, on: fromDayNumber(day), ...awaiting });
          }
        }
      }
    }

    if (day >= game.start) {
      for (const action of game.calendar.get(day) ?? []) {
        if (COMPETITION_WIDE.has(action.stage) ? live(day) : inPlay(day)) todays.push(action);
      }
    }
    if (todays.length > 1) todays.sort((a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage) || (a.key < b.key ? -1 : 1));
    for (const action of todays) emitted.add(action.key);

    if (day >= from) {
      let walked: TimelineStep;
      if (clocks === 'every day' || result.length === 0) {
        const clockDay = Math.min(day, game.clockEnd);
        const clock = (p: Color): PlayerClock => ({
          used: used[p],
          left: Math.max(0, rules.thinkingDays - used[p]),
          exceeded: exceededSince[p] !== null,
          exceededSince: exceededSince[p],
          onHoliday: inNumberedRanges(clockDay, game.holidays[p]),
          longThinking: inNumberedRanges(clockDay, game.longThinking[p]),
        });
        const withClocks: TimelineDay = { day: fromDayNumber(day), clocks: perPlayer(clock), awaiting, actions: todays };
        walked = withClocks;
      } else walked = { day: fromDayNumber(day), awaiting, actions: todays };
      result.push(walked);
      if (stopAfter !== undefined && day > stopAfter && todays.length > 0) break;
      if (until?.(walked)) break;
    }
  }
  return result;
}

function perPlayer<T>(f: (p: Color) => T): PerPlayer<T> {
  return { red: f('red'), blue: f('blue') };
}

/** A notice re-announced from the same day replaces the earlier one. */
function latestPerDay(notices: readonly LongThinkingNotice[]): LongThinkingNotice[] {
  return [...new Map(notices.map((n) => [n.from, n] as const)).values()];
}

function uniqueRanges(ranges: readonly DateRange[]): DateRange[] {
  return [...new Map(ranges.map((r) => [`${r.from}..${r.to}`, r] as const)).values()];
}
