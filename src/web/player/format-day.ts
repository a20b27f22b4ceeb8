// A calendar day as a player's page writes it, in the page's language. Pure; beside the game
// page and the time notices rather than in either, so that each imports it one way.

import { formatDayFor } from '../../common/day-format';

export type Lang = 'ro' | 'en' | 'pl';

/** dd.mm.yyyy, as Romanian sheets write dates; `1 Mar 2027` in English, as mails and instants do (common/day-format.ts). */
export function formatDay(day: string | null | undefined, lang: Lang): string | null {
  if (!day) return null;
  return formatDayFor(lang, day.slice(0, 10));
}
