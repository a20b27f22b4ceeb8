// A competition's settings in words: what a refusal and the audit log call each
// setting, never its code name (`holidayLongDays`), and each stored value as a reader says it.
// Pure: no Nest, no database.
import { inLanguage } from '../../common/bilingual';
import type { Bilingual } from '../../engine';
import type { CompetitionSettings } from './settings-shape';

export type SettingKey = keyof CompetitionSettings;

export const SETTING_NAMES: Readonly<Record<SettingKey, Bilingual>> = {
  name: { ro: 'numele competiției', en: 'the competition name', pl: 'nazwa rozgrywek' },
  shortName: { ro: 'numele scurt', en: 'the short name', pl: 'nazwa skrócona' },
  tileSet: { ro: 'setul de piese', en: 'the tile set', pl: 'zestaw płytek' },
  rules: { ro: 'regulile de joc', en: 'the game rules', pl: 'zasady gry' },
  handicap: {
    ro: 'handicapul din primele două tururi',
    en: 'the handicap of the first two tours',
    pl: 'handicap w dwóch pierwszych rundach',
  },
  zeroTurnsToEnd: {
    ro: 'numărul de tururi consecutive cu zero care încheie partida',
    en: 'the number of consecutive zero-score turns that end a game',
    pl: 'liczba kolejnych ruchów bez punktów kończąca partię',
  },
  endRackRule: {
    ro: 'regula literelor rămase la sfârșit',
    en: 'the rule for the tiles left at the end',
    pl: 'zasada rozliczania liter pozostałych na koniec',
  },
  thinkingDays: { ro: 'zilele de gândire pe partidă', en: 'the thinking days per game', pl: 'dni na namysł w partii' },
  holidayLongDays: { ro: 'zilele concediului lung', en: 'the days of the long holiday', pl: 'dni długiego urlopu' },
  holidayShortDays: { ro: 'zilele concediului scurt', en: 'the days of the short holiday', pl: 'dni krótkiego urlopu' },
  reminderDays: {
    ro: 'zilele de tăcere până la reamintire',
    en: 'the days of silence before a reminder',
    pl: 'dni bez odpowiedzi przed przypomnieniem',
  },
  escalationDays: {
    ro: 'zilele de tăcere până la sesizarea arbitrului',
    en: 'the days of silence before the arbiter is told',
    pl: 'dni bez odpowiedzi przed powiadomieniem sędziego',
  },
  offerCooldownDays: {
    ro: 'zilele după care o ofertă refuzată se poate repeta',
    en: 'the days before a declined offer may be made again',
    pl: 'dni, po których można ponowić odrzuconą propozycję',
  },
  timeZone: { ro: 'fusul orar', en: 'the time zone', pl: 'strefa czasowa' },
  startDate: { ro: 'data de începere', en: 'the start date', pl: 'dzień rozpoczęcia' },
  closingDate: { ro: 'data de închidere', en: 'the closing date', pl: 'dzień zamknięcia rozgrywek' },
  lexicon: { ro: 'lista de cuvinte', en: 'the word list', pl: 'słownik' },
  conditionalsAllowed: { ro: 'mutările condiționate', en: 'conditional replies', pl: 'ruchy warunkowe' },
  autoHomologate: {
    ro: 'omologarea automată a finalurilor normale',
    en: 'the automatic homologation of normal endings',
    pl: 'automatyczne zatwierdzanie zwykłych zakończeń',
  },
  analysisDuringPlay: {
    ro: 'analiza mutărilor în timpul partidei',
    en: 'the analysis of the moves during play',
    pl: 'analiza ruchów w trakcie partii',
  },
};

const YES_NO: Readonly<Record<'true' | 'false', Bilingual>> = {
  true: { ro: 'da', en: 'yes', pl: 'tak' },
  false: { ro: 'nu', en: 'no', pl: 'nie' },
};
const END_RACK: Readonly<Record<string, Bilingual>> = {
  transfer: { ro: 'transferate', en: 'transferred', pl: 'przeniesione' },
  double: { ro: 'adunate de două ori', en: 'counted twice', pl: 'liczone podwójnie' },
};

/** docs/rules.md §13: the rule books by their federations' names. */
export const RULE_BOOKS: Readonly<Record<string, Bilingual>> = {
  frsc: { ro: 'FRSc (Federația Română de Scrabble)', en: 'FRSc (Romanian Scrabble Federation)', pl: 'FRSc (Rumuńska Federacja Scrabble)' },
  pfs: { ro: 'PFS (Federația Poloneză de Scrabble)', en: 'PFS (Polish Scrabble Federation)', pl: 'PFS (Polska Federacja Scrabble)' },
};

/** A stored setting's value as a reader says it: yes/no, no word list, the rule in words. */
export function settingValueText(key: SettingKey, value: unknown, lang: keyof Bilingual): string {
  if (typeof value === 'boolean') return inLanguage(YES_NO[`${value}`], lang);
  if (key === 'lexicon' && (value === null || value === '')) return ({ ro: 'fără listă', en: 'none', pl: 'brak słownika' } as const)[lang];
  if (key === 'endRackRule' && typeof value === 'string' && END_RACK[value]) return inLanguage(END_RACK[value], lang);
  if (key === 'tileSet' && typeof value === 'string') return value.toUpperCase();
  if (key === 'rules' && typeof value === 'string' && RULE_BOOKS[value]) return inLanguage(RULE_BOOKS[value], lang);
  if (typeof value === 'number') return String(value);
  const quoted = key === 'name' || key === 'shortName' || key === 'lexicon';
  if (typeof value === 'string') return quoted ? (lang === 'en' ? `"${value}"` : `„${value}”`) : value;
  return ({ ro: 'necunoscut', en: 'unknown', pl: 'nieznana' } as const)[lang];
}
