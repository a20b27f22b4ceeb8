// docs/rules.md §5: "days on which the platform itself could not receive moves are not the
// players' time: the arbiter credits them (as ICCF does after an outage)". Which days a
// player's clock ran while the platform was down, from the core's own days. Pure.
import type { Color } from '../../common/color';
import { compareDays, type LocalDate } from '../../common/calendar';
import { timelineDays, type GameTimeline, type PerPlayer } from './timeline';

/**
 * The days of an outage (inclusive) that counted as thinking days, per player: days on
 * which the player owed the move, after the day it arrived (docs/rules.md §5: the arrival day
 * is not counted), while play was on, and not on their holiday or leave.
 */
export function downtimeCredits(timeline: GameTimeline, from: LocalDate, to: LocalDate): PerPlayer<number> {
  const credits: Record<Color, number> = { red: 0, blue: 0 };
  if (compareDays(from, to) > 0) return credits;
  for (const day of timelineDays(timeline, from, to)) {
    const awaiting = day.awaiting;
    if (!awaiting || compareDays(awaiting.since, day.day) >= 0) continue;
    if (day.clocks[awaiting.player].onHoliday) continue;
    credits[awaiting.player] += 1;
  }
  return credits;
}
