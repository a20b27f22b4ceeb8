// An instant as a person reads it: in the competition's time zone,
// `dd.mm.yyyy HH:mm` in Romanian, `d Mon yyyy HH:mm` in English, `d miesiąca yyyy HH:mm` in Polish. Pure.
import { formatDayFor } from '../common/day-format';
import type { WebLanguage } from './web-request';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const out: Record<string, string> = {};
  for (const p of f.formatToParts(at)) out[p.type] = p.value;
  return out as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

export function formatInstant(at: Date, timeZone: string, lang: WebLanguage): string {
  const p = partsIn(at, timeZone);
  if (lang === 'ro') return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
  return `${formatDayFor(lang, `${p.year}-${p.month}-${p.day}`)} ${p.hour}:${p.minute}`;
}
