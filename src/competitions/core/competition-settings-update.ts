// Changing a competition's settings before its start. Pure: the current settings
// and the change in, the new settings checked by the same rules as at creation out.
import {
  defaultZeroTurnsToEnd,
  validateCompetitionSettings,
  withoutUndefined,
  type CompetitionSettings,
  type CompetitionSettingsInput,
  type SettingProblem,
} from './competition-settings';
import type { SettingKey } from './setting-names';

/** Only the settings given change; `lexicon: null` removes the word list. */
export type CompetitionSettingsChange = Partial<CompetitionSettingsInput>;

export type SettingsUpdate =
  | { readonly ok: true; readonly settings: CompetitionSettings; readonly changed: readonly SettingKey[] }
  | { readonly ok: false; readonly problems: readonly SettingProblem[] };

export function updateCompetitionSettings(current: CompetitionSettings, change: CompetitionSettingsChange): SettingsUpdate {
  const given = withoutUndefined(change);
  const sameCount = given.zeroTurnsToEnd === undefined || given.zeroTurnsToEnd === current.zeroTurnsToEnd;
  if (given.rules !== undefined && given.rules !== current.rules && sameCount) {
    // docs/rules.md §13: a change of rule book brings its own end count unless the arbiter gives another one
    // (the edit form sends every field: the count it shows unchanged is not a choice).
    Object.assign(given, { zeroTurnsToEnd: defaultZeroTurnsToEnd(given.rules) });
  }
  const checked = validateCompetitionSettings({ ...current, ...given });
  const problems = checked.ok ? [] : [...checked.problems];
  if (given.tileSet !== undefined && given.tileSet !== current.tileSet && !problems.some((p) => p.field === 'tileSet')) {
    // docs/rules.md §2: the sequence was dealt from this tile set at creation and its hash published.
    problems.push({
      field: 'tileSet',
      message: {
        ro: 'setul de piese nu se mai schimbă: secvența a fost trasă din el la creare și amprenta ei este publicată',
        en: 'the tile set no longer changes: the sequence was dealt from it at creation and its hash is published',
        pl: 'zestawu płytek nie można już zmienić: sekwencję wylosowano z niego przy tworzeniu, a jej skrót jest opublikowany',
      },
    });
  }
  if (!checked.ok || problems.length) return { ok: false, problems };
  const settings = checked.settings;
  const changed = (Object.keys(settings) as SettingKey[]).filter((k) => settings[k] !== current[k]);
  return { ok: true, settings, changed };
}
