// A calendar day as a player's page writes it, in the page's language. Pure; beside the game
// page and the time notices rather than in either, so that each imports it one way.

export type Lang = 'ro' | 'en';

/** dd.mm.yyyy, as Romanian sheets write dates; English readers get the ISO day. */
export function formatDay(day: string | null | undefined, lang: Lang): string | null {
  if (!day) return null;
  const [y, m, d] = day.slice(0, 10).split('-');
  return lang === 'ro' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}
