// A calendar day as people read it, one form per language (docs/web.md, "Dates"): `01.03.2027`
// in Romanian, as the sheets write dates, `1 Mar 2027` in English, and `1 marca 2027` in Polish
// (the month in the genitive, as a Polish arbiter writes a day in a letter or a protocol). Pages, mails, sheets and
// refusals all write days through here; machine formats (iCalendar, CSV, JSON, `datetime`
// attributes) keep ISO 8601. Pure.

export const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Polish months in the genitive: `20 lutego 2027`. */
export const MONTHS_PL = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** `yyyy-mm-dd` (a timestamp's day part too) in the reader's form; anything else as given. */
export function formatDayFor(language: 'ro' | 'en' | 'pl', value: string): string {
  const m = DAY.exec(value);
  if (!m) return value;
  if (language === 'ro') return `${m[3]}.${m[2]}.${m[1]}`;
  const months = language === 'pl' ? MONTHS_PL : MONTHS_EN;
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}`;
}
