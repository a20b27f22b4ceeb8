// A competition's settings as the arbiter gives them, checked before anything is written
// for every channel. Pure: the API's DTO checks shapes, this checks meaning.
import { cleanName } from '../../common/names';
import { Refusal } from '../../common/refusal';
import { isTileSetId, type Bilingual } from '../../engine';
import { compareDays, DEFAULT_TIME_ZONE, isLocalDate, type LocalDate } from '../../common/calendar';
import type { CompetitionSettings } from './settings-shape';
import { SETTING_NAMES } from './setting-names';
import { joinMessages } from './bad-input';

export type { CompetitionSettings, EndRackRule } from './settings-shape';

export interface CompetitionSettingsInput {
  readonly name: string;
  /** For mail subjects and sheets, e.g. "CN 2027". */
  readonly shortName: string;
  readonly tileSet?: string;
  readonly rules?: string;
  readonly handicap?: boolean;
  readonly zeroTurnsToEnd?: number;
  readonly endRackRule?: string;
  readonly thinkingDays?: number;
  readonly holidayLongDays?: number;
  readonly holidayShortDays?: number;
  readonly reminderDays?: number;
  readonly escalationDays?: number;
  readonly offerCooldownDays?: number;
  readonly timeZone?: string;
  readonly startDate: string;
  readonly closingDate: string;
  readonly lexicon?: string | null;
  readonly autoHomologate?: boolean;
  readonly analysisDuringPlay?: boolean;
  readonly conditionalsAllowed?: boolean;
}

export const DEFAULT_SETTINGS = {
  tileSet: 'ro',
  rules: 'frsc', // docs/rules.md §13: the FRSc's rules unless the arbiter chooses the PFS's
  handicap: true, // docs/rules.md §2: every federation correspondence competition
  zeroTurnsToEnd: 6, // docs/rules.md §7 interpretations (F 7.2)
  endRackRule: 'transfer',
  thinkingDays: 50, // docs/rules.md §5
  holidayLongDays: 20,
  holidayShortDays: 10,
  reminderDays: 15,
  escalationDays: 30,
  offerCooldownDays: 3,
  timeZone: DEFAULT_TIME_ZONE,
  autoHomologate: true, // docs/rules.md §7: normal endings homologated unless the competition says otherwise
  analysisDuringPlay: false, // the analysis is shown after the game unless the competition allows more
  conditionalsAllowed: true, // conditional replies, unless the competition switches them off
} as const;

/** docs/rules.md §13 [P 5.1.1]: a PFS game ends after four passes in a row (FRSc: six zero-score turns). */
export const PFS_ZERO_TURNS_TO_END = 4;

/** The number of zero-score turns that ends a game when the competition does not give one. */
export function defaultZeroTurnsToEnd(rules: unknown): number {
  return rules === 'pfs' ? PFS_ZERO_TURNS_TO_END : DEFAULT_SETTINGS.zeroTurnsToEnd;
}

export interface SettingProblem {
  readonly field: string;
  readonly message: Bilingual;
}

export type SettingsResult =
  { readonly ok: true; readonly settings: CompetitionSettings } | { readonly ok: false; readonly problems: readonly SettingProblem[] };

/** The refusal of bad settings, at creation or on an edit: every problem named, and listed for the client. */
export function settingsRefusal(problems: readonly SettingProblem[]): Refusal {
  return new Refusal('BAD_INPUT', joinMessages(problems.map((p) => p.message)), 400, { problems });
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function validateCompetitionSettings(input: CompetitionSettingsInput): SettingsResult {
  const problems: SettingProblem[] = [];
  const bad = (field: string, ro: string, en: string, pl: string) => problems.push({ field, message: { ro, en, pl } });
  const given = withoutUndefined(input);
  const s = { ...DEFAULT_SETTINGS, zeroTurnsToEnd: defaultZeroTurnsToEnd(given.rules), ...given };

  // Input from a file (CLI) has no DTO in front of it: every field's type is checked here too.
  const name = typeof s.name === 'string' ? cleanName(s.name) : '';
  const shortName = typeof s.shortName === 'string' ? cleanName(s.shortName) : '';
  if (!name || name.length > 200)
    bad('name', 'numele trebuie să aibă 1–200 de caractere', 'the name must have 1–200 characters', 'nazwa musi mieć 1–200 znaków');
  if (!shortName || shortName.length > 40) {
    bad(
      'shortName',
      'numele scurt trebuie să aibă 1–40 de caractere',
      'the short name must have 1–40 characters',
      'nazwa skrócona musi mieć 1–40 znaków',
    );
  }
  if (!isTileSetId(s.tileSet))
    bad(
      'tileSet',
      `setul de piese „${s.tileSet}” nu există (ro, en, pl)`,
      `no tile set "${s.tileSet}" (ro, en, pl)`,
      `nie ma zestawu płytek „${s.tileSet}” (ro, en, pl)`,
    );
  if (s.rules !== 'frsc' && s.rules !== 'pfs') {
    bad(
      'rules',
      'regulile de joc sunt ale FRSc sau ale PFS',
      "the game rules are the FRSc's or the PFS's",
      'zasady gry to zasady FRSc albo PFS',
    );
  }
  if (s.endRackRule !== 'transfer' && s.endRackRule !== 'double') {
    bad(
      'endRackRule',
      'literele rămase la sfârșit se transferă sau se adună de două ori',
      'the tiles left at the end are transferred or counted twice',
      'płytki pozostałe na końcu są przekazywane albo liczone podwójnie',
    );
  }
  for (const field of ['handicap', 'autoHomologate', 'analysisDuringPlay', 'conditionalsAllowed'] as const) {
    // Named in words, never by the field's code name.
    if (typeof s[field] !== 'boolean')
      bad(
        field,
        `${SETTING_NAMES[field].ro}: da sau nu`,
        `${SETTING_NAMES[field].en}: yes or no`,
        `${SETTING_NAMES[field].pl}: tak albo nie`,
      );
  }
  const whole = (field: keyof typeof DEFAULT_SETTINGS, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      const { ro, en, pl } = SETTING_NAMES[field];
      bad(
        field,
        `${ro}: un număr întreg între ${min} și ${max}`,
        `${en}: a whole number from ${min} to ${max}`,
        `${pl}: liczba całkowita od ${min} do ${max}`,
      );
      return false;
    }
    return true;
  };
  whole('zeroTurnsToEnd', s.zeroTurnsToEnd, 2, 12);
  whole('thinkingDays', s.thinkingDays, 1, 365);
  whole('holidayLongDays', s.holidayLongDays, 0, 365);
  whole('holidayShortDays', s.holidayShortDays, 0, 365);
  whole('offerCooldownDays', s.offerCooldownDays, 0, 365);
  const reminderOk = whole('reminderDays', s.reminderDays, 1, 365);
  const escalationOk = whole('escalationDays', s.escalationDays, 1, 365);
  if (reminderOk && escalationOk && s.escalationDays <= s.reminderDays) {
    // docs/rules.md §5: the arbiter is told after the player was reminded, never before.
    bad(
      'escalationDays',
      'arbitrul este sesizat după reamintire: zilele de tăcere până la sesizare trebuie să fie mai multe decât cele până la reamintire',
      'the arbiter is told after the reminder: the days of silence before the arbiter is told must exceed those before a reminder',
      'sędzia jest powiadamiany po przypomnieniu: dni milczenia do powiadomienia sędziego muszą przewyższać dni do przypomnienia',
    );
  }
  if (typeof s.timeZone !== 'string' || !isTimeZone(s.timeZone)) {
    bad(
      'timeZone',
      `fusul orar „${s.timeZone}” nu este cunoscut (ex. Europe/Bucharest)`,
      `unknown time zone "${s.timeZone}" (e.g. Europe/Bucharest)`,
      `nieznana strefa czasowa „${s.timeZone}” (np. Europe/Warsaw)`,
    );
  }
  const startOk = typeof s.startDate === 'string' && isLocalDate(s.startDate);
  const closingOk = typeof s.closingDate === 'string' && isLocalDate(s.closingDate);
  if (!startOk)
    bad(
      'startDate',
      `data de început „${s.startDate}” nu este o zi AAAA-LL-ZZ`,
      `the start date "${s.startDate}" is not a YYYY-MM-DD day`,
      `data rozpoczęcia „${s.startDate}” nie jest dniem w formacie RRRR-MM-DD`,
    );
  if (!closingOk)
    bad(
      'closingDate',
      `data de închidere „${s.closingDate}” nu este o zi AAAA-LL-ZZ`,
      `the closing date "${s.closingDate}" is not a YYYY-MM-DD day`,
      `data zamknięcia „${s.closingDate}” nie jest dniem w formacie RRRR-MM-DD`,
    );
  if (startOk && closingOk && compareDays(s.closingDate as LocalDate, s.startDate as LocalDate) <= 0) {
    bad(
      'closingDate',
      'data de închidere trebuie să fie după data de început',
      'the closing date must come after the start date',
      'data zamknięcia musi przypadać po dacie rozpoczęcia',
    );
  }
  const lexicon = typeof s.lexicon === 'string' ? s.lexicon.trim() || null : null;
  if (s.lexicon != null && typeof s.lexicon !== 'string')
    bad('lexicon', 'lexiconul se dă prin nume', 'the lexicon is given by name', 'słownik podaje się po nazwie');
  if (lexicon !== null && lexicon.length > 200)
    bad(
      'lexicon',
      'numele lexiconului are cel mult 200 de caractere',
      'the lexicon name has at most 200 characters',
      'nazwa słownika ma najwyżej 200 znaków',
    );

  if (s.rules === 'pfs' && lexicon === null) {
    // docs/rules.md §13 [P 4.7.7]: a challenge is decided at once from the official word list.
    bad(
      'lexicon',
      'regulile PFS cer o listă oficială de cuvinte: verificarea („Sprawdzam”) se decide din ea',
      'the PFS rules need an official word list: a challenge ("Sprawdzam") is decided from it',
      'zasady PFS wymagają oficjalnego słownika: sprawdzenie („Sprawdzam”) rozstrzyga się na jego podstawie',
    );
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, settings: { name, shortName, ...rulesOf({ ...s, lexicon } as CompetitionRules) } };
}

/** The settings that govern play, every field but the names. */
export type CompetitionRules = Omit<CompetitionSettings, 'name' | 'shortName'>;

export const RULE_KEYS = [
  'tileSet',
  'rules',
  'handicap',
  'zeroTurnsToEnd',
  'endRackRule',
  'thinkingDays',
  'holidayLongDays',
  'holidayShortDays',
  'reminderDays',
  'escalationDays',
  'offerCooldownDays',
  'timeZone',
  'startDate',
  'closingDate',
  'lexicon',
  'autoHomologate',
  'analysisDuringPlay',
  'conditionalsAllowed',
] as const satisfies ReadonlyArray<keyof CompetitionRules>;

/** Exactly the rules, from anything that carries them (checked input, a competition row). */
export function rulesOf(source: CompetitionRules): CompetitionRules {
  return Object.fromEntries(RULE_KEYS.map((k) => [k, source[k]])) as unknown as CompetitionRules;
}

/** The fields that were given: an absent one keeps its default (or, on an edit, its current value). */
export function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
