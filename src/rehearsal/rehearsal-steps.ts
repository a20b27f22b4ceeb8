// Which instants the rehearsal clock stops at on its way forward: pure, so the
// "every daily sweep of the days passed, in order" rule is tested without a database.
import { addDays, compareDays, localDate, type LocalDate } from '../common/calendar';

/** The scheduler's daily run is the hourly cron at :05 (sweep.cron.ts): the first run of a day is at 00:05. */
export const DAILY_RUN_MINUTE = 5;

/** The instant of `hh:mm` local time on `day` in `timeZone` (the first such instant around a DST change). */
export function localInstant(day: LocalDate, timeZone: string, hours = 0, minutes = DAILY_RUN_MINUTE): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, hours, minutes);
  // The zone's offset at that wall time, twice: once from a first guess, once from where it lands.
  let instant = wall - zoneOffsetMs(new Date(wall), timeZone);
  instant = wall - zoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

const formats = new Map<string, Intl.DateTimeFormat>();

function zoneOffsetMs(instant: Date, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format)
    formats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })),
    );
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * From `from` to `to`: the first daily run (00:05) of every day after `from`'s day up to
 * `to`'s day, in order, then `to` itself — where the scheduler would have run the sweep
 * of each day passed. A day's run after `to` is not included; `to` equal to `from` gives `[to]`.
 */
export function rehearsalSteps(from: Date, to: Date, timeZone: string): Date[] {
  if (to.getTime() < from.getTime()) throw new RangeError('the rehearsal clock never goes back');
  const steps: Date[] = [];
  const last = localDate(to, timeZone);
  for (let day = addDays(localDate(from, timeZone), 1); compareDays(day, last) <= 0; day = addDays(day, 1)) {
    const run = localInstant(day, timeZone);
    if (run.getTime() > from.getTime() && run.getTime() < to.getTime()) steps.push(run);
  }
  steps.push(to);
  return steps;
}
