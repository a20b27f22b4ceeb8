// The days a player acts by, as mails and pages show them (docs/rules.md §5, §7): when the
// awaited move will be sent again and when the arbiter will be told, if no answer comes
// and nothing else changes, and the competition's dates. Pure: asks the core.
import { addDays, compareDays, type LocalDate } from '../../common/calendar';
import { holidayRightsEnd } from './holidays';
import { DEFAULT_TIMELINE_RULES, timelineDayAndAhead, timelineOn, type GameTimeline, type TimelineDay } from './timeline';

export interface Deadlines {
  /** The reminder for the awaited move, if still to come (the core's day: a reply would then cost 15 days). */
  readonly reminder?: LocalDate;
  /** The escalation to the arbiter, if still to come (a reply would then cost 30 days). */
  readonly escalation?: LocalDate;
  readonly closing: LocalDate;
  /** The last day of a holiday: rights are lost one month before the closing date (docs/rules.md §5, holidays.ts). */
  readonly lastHolidayDay: LocalDate;
  /** The last day of the report window: players declare an unfinished game's state by then (docs/rules.md §7). */
  readonly reportBy: LocalDate;
}

/** The deadlines as they stand on `day`: the silence ones projected with the holidays and notices known today. */
export function deadlinesOn(timeline: GameTimeline, day: LocalDate): Deadlines {
  return dayAndDeadlinesOn(timeline, day).deadlines;
}

/** timelineOn(timeline, day) and deadlinesOn(timeline, day) from one walk of the game (a mail shows both). */
export function dayAndDeadlinesOn(timeline: GameTimeline, day: LocalDate): { readonly today: TimelineDay; readonly deadlines: Deadlines } {
  const reportWindowDays = timeline.rules?.reportWindowDays ?? DEFAULT_TIMELINE_RULES.reportWindowDays;
  const fixed = {
    closing: timeline.closing,
    lastHolidayDay: addDays(holidayRightsEnd(timeline.closing), -1),
    reportBy: addDays(timeline.closing, reportWindowDays),
  };
  if (compareDays(day, timeline.closing) > 0) return { today: timelineOn(timeline, day), deadlines: fixed };
  // Walking on as if no move came: the first silence actions about the move owed today. The
  // escalation comes on or after the reminder's day (its count is the larger), so the walk ends
  // on the escalation's day: the days after it change neither.
  let owed: { move: number | undefined } | undefined;
  const { today, ahead } = timelineDayAndAhead(timeline, day, timeline.closing, (d) => {
    owed ??= { move: d.awaiting?.move };
    const move = owed.move;
    return move === undefined || d.actions.some((a) => 'silentDays' in a && a.move === move && a.stage.endsWith('escalation'));
  });
  // The walk starts on `day` itself: its first day is timelineOn's.
  const move = today.awaiting?.move;
  if (move === undefined) return { today, deadlines: fixed };
  const silence = ahead.flatMap((d) => d.actions).filter((a) => 'move' in a && a.move === move && 'silentDays' in a);
  const first = (kind: 'reminder' | 'escalation') => silence.find((a) => a.stage === kind || a.stage === `first-move-${kind}`)?.on;
  const reminder = first('reminder');
  const escalation = first('escalation');
  return { today, deadlines: { ...(reminder && { reminder }), ...(escalation && { escalation }), ...fixed } };
}
