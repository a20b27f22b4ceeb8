// A competition's settings in words: what a refusal and the audit log call each
// setting, never its code name (`holidayLongDays`), and each stored value as a reader says it.
// Pure: no Nest, no database.
import type { Bilingual } from '../../engine';
import type { CompetitionSettings } from './settings-shape';

export type SettingKey = keyof CompetitionSettings;

export const SETTING_NAMES: Readonly<Record<SettingKey, Bilingual>> = {
  name: { ro: 'numele competiției', en: 'the competition name' },
  shortName: { ro: 'numele scurt', en: 'the short name' },
  tileSet: { ro: 'setul de piese', en: 'the tile set' },
  rules: { ro: 'regulile de joc', en: 'the game rules' },
  handicap: { ro: 'handicapul din primele două tururi', en: 'the handicap of the first two tours' },
  zeroTurnsToEnd: {
    ro: 'numărul de tururi consecutive cu zero care încheie partida',
    en: 'the number of consecutive zero-score turns that end a game',
  },
  endRackRule: { ro: 'regula literelor rămase la sfârșit', en: 'the rule for the tiles left at the end' },
  thinkingDays: { ro: 'zilele de gândire pe partidă', en: 'the thinking days per game' },
  holidayLongDays: { ro: 'zilele concediului lung', en: 'the days of the long holiday' },
  holidayShortDays: { ro: 'zilele concediului scurt', en: 'the days of the short holiday' },
  reminderDays: { ro: 'zilele de tăcere până la reamintire', en: 'the days of silence before a reminder' },
  escalationDays: { ro: 'zilele de tăcere până la sesizarea arbitrului', en: 'the days of silence before the arbiter is told' },
  offerCooldownDays: { ro: 'zilele după care o ofertă refuzată se poate repeta', en: 'the days before a declined offer may be made again' },
  timeZone: { ro: 'fusul orar', en: 'the time zone' },
  startDate: { ro: 'data de începere', en: 'the start date' },
  closingDate: { ro: 'data de închidere', en: 'the closing date' },
  lexicon: { ro: 'lista de cuvinte', en: 'the word list' },
  conditionalsAllowed: { ro: 'mutările condiționate', en: 'conditional replies' },
  autoHomologate: { ro: 'omologarea automată a finalurilor normale', en: 'the automatic homologation of normal endings' },
  analysisDuringPlay: { ro: 'analiza mutărilor în timpul partidei', en: 'the analysis of the moves during play' },
};

const YES_NO: Readonly<Record<'true' | 'false', Bilingual>> = { true: { ro: 'da', en: 'yes' }, false: { ro: 'nu', en: 'no' } };
const END_RACK: Readonly<Record<string, Bilingual>> = {
  transfer: { ro: 'transferate', en: 'transferred' },
  double: { ro: 'adunate de două ori', en: 'counted twice' },
};

/** docs/rules.md §13: the rule books by their federations' names. */
export const RULE_BOOKS: Readonly<Record<string, Bilingual>> = {
  frsc: { ro: 'FRSc (Federația Română de Scrabble)', en: 'FRSc (Romanian Scrabble Federation)' },
  pfs: { ro: 'PFS (Federația Poloneză de Scrabble)', en: 'PFS (Polish Scrabble Federation)' },
};

/** A stored setting's value as a reader says it: yes/no, no word list, the rule in words. */
export function settingValueText(key: SettingKey, value: unknown, lang: keyof Bilingual): string {
  if (typeof value === 'boolean') return YES_NO[`${value}`][lang];
  if (key === 'lexicon' && (value === null || value === '')) return lang === 'ro' ? 'fără listă' : 'none';
  if (key === 'endRackRule' && typeof value === 'string' && END_RACK[value]) return END_RACK[value][lang];
  if (key === 'tileSet' && typeof value === 'string') return value.toUpperCase();
  if (key === 'rules' && typeof value === 'string' && RULE_BOOKS[value]) return RULE_BOOKS[value][lang];
  if (typeof value === 'number') return String(value);
  const quoted = key === 'name' || key === 'shortName' || key === 'lexicon';
  if (typeof value === 'string') return quoted ? (lang === 'ro' ? `„${value}”` : `"${value}"`) : value;
  return lang === 'ro' ? 'necunoscut' : 'unknown';
}
