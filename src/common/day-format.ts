// A calendar day as people read it, one form per language (docs/web.md, "Dates"): `01.03.2027`
// in Romanian, as the sheets write dates, and `1 Mar 2027` in English. Pages, mails, sheets and
// refusals all write days through here; machine formats (iCalendar, CSV, JSON, `datetime`
// attributes) keep ISO 8601. Pure.

export const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** `yyyy-mm-dd` (a timestamp's day part too) in the reader's form; anything else as given. */
export function formatDayFor(language: 'ro' | 'en', value: string): string {
  const m = DAY.exec(value);
  if (!m) return value;
  return language === 'ro' ? `${m[3]}.${m[2]}.${m[1]}` : `${Number(m[3])} ${MONTHS_EN[Number(m[2]) - 1]} ${m[1]}`;
}
