import { Clock, RehearsalClock } from '../common/clock';
import { DEFAULT_TIME_ZONE, formatDayRo, localDate } from '../common/calendar';

/** The banner every page shows on the rehearsal clock ("Repetiție — azi este 01.03.2027"); undefined otherwise. */
export function rehearsalBanner(
  clock: Clock,
  timeZone: string | undefined,
  t: (key: string, params: Record<string, unknown>) => string,
): string | undefined {
  if (!(clock instanceof RehearsalClock)) return undefined;
  return t('layout.rehearsal', { day: formatDayRo(localDate(clock.now(), timeZone ?? DEFAULT_TIME_ZONE)) });
}
