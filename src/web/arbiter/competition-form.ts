// The competition form's fields as settings: one reading for the create and the
// edit form. A number left empty is not given (the default at creation, unchanged on an
// edit); an unticked box is off; no word list chosen is none. The meaning is checked by
// the competitions feature (core/competition-settings.ts), the same for the web, the API and the CLI.
import type { CompetitionSettingsInput } from '../../competitions/core/competition-settings';

type Form = Readonly<Record<string, unknown>>;

const NUMBERS = [
  'thinkingDays',
  'zeroTurnsToEnd',
  'holidayLongDays',
  'holidayShortDays',
  'reminderDays',
  'escalationDays',
  'offerCooldownDays',
] as const;

function str(form: Form, name: string): string {
  const v = form?.[name];
  return typeof v === 'string' ? v.trim() : '';
}

export function competitionFormSettings(form: Form): CompetitionSettingsInput {
  // Number('abc') is NaN: refused by the rules with the setting named, not taken for a default.
  const numbers = NUMBERS.flatMap((f) => (str(form, f) === '' ? [] : [[f, Number(str(form, f))] as const]));
  return {
    name: str(form, 'name'),
    shortName: str(form, 'shortName'),
    startDate: str(form, 'startDate'),
    closingDate: str(form, 'closingDate'),
    ...(str(form, 'tileSet') && { tileSet: str(form, 'tileSet') }),
    ...(str(form, 'rules') && { rules: str(form, 'rules') }),
    ...Object.fromEntries(numbers),
    ...(str(form, 'timeZone') && { timeZone: str(form, 'timeZone') }),
    ...(str(form, 'endRackRule') && { endRackRule: str(form, 'endRackRule') }),
    lexicon: str(form, 'lexicon') || null,
    handicap: str(form, 'handicap') === 'on',
    autoHomologate: str(form, 'autoHomologate') === 'on',
    analysisDuringPlay: str(form, 'analysisDuringPlay') === 'on',
    conditionalsAllowed: str(form, 'conditionalsAllowed') === 'on',
  };
}
