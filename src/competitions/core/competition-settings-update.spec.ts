import fc from 'fast-check';
import { validateCompetitionSettings, type CompetitionSettings } from './competition-settings';
import { updateCompetitionSettings } from './competition-settings-update';
import { SETTING_NAMES, settingValueText } from './setting-names';

const created = validateCompetitionSettings({
  name: 'CN 2027',
  shortName: 'CN 2027',
  startDate: '2027-02-01',
  closingDate: '2027-12-31',
  lexicon: 'ro-2027',
});
if (!created.ok) throw new Error('the base settings must be valid');
const current: CompetitionSettings = created.settings;
const CODE_NAMES = new RegExp(
  `\\b(${[
    'holidayLongDays',
    'holidayShortDays',
    'reminderDays',
    'escalationDays',
    'offerCooldownDays',
    'thinkingDays',
    'zeroTurnsToEnd',
    'autoHomologate',
    'endRackRule',
    'timeZone',
  ].join('|')})\\b`,
);

describe('changing a competition’s settings before the start', () => {
  it('changes only what is given and says which settings changed', () => {
    const r = updateCompetitionSettings(current, { thinkingDays: 40, holidayLongDays: undefined, lexicon: null, name: ' Cupa  Nouă ' });
    expect(r).toEqual({
      ok: true,
      settings: { ...current, thinkingDays: 40, lexicon: null, name: 'Cupa Nouă' },
      changed: ['name', 'thinkingDays', 'lexicon'],
    });
  });

  it('keeps the settings as they are when nothing new is given', () => {
    fc.assert(
      fc.property(fc.subarray(Object.keys(current) as (keyof CompetitionSettings)[]), (keys) => {
        const same = Object.fromEntries(keys.map((k) => [k, current[k]]));
        expect(updateCompetitionSettings(current, same)).toEqual({ ok: true, settings: current, changed: [] });
      }),
    );
  });

  it('checks the result by the creation rules, the other settings included', () => {
    const r = updateCompetitionSettings(current, { reminderDays: 30 });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['escalationDays']);
    const dates = updateCompetitionSettings(current, { closingDate: '2027-01-15' });
    expect(dates.ok ? [] : dates.problems.map((p) => p.field)).toEqual(['closingDate']);
  });

  it('refuses another tile set: the sequence was dealt from this one (docs/rules.md §2)', () => {
    const r = updateCompetitionSettings(current, { tileSet: 'en' });
    expect(r.ok ? [] : r.problems.map((p) => p.field)).toEqual(['tileSet']);
    expect(updateCompetitionSettings(current, { tileSet: 'ro' }).ok).toBe(true);
  });

  it('names every bad setting in words, in both languages, never by its code name', () => {
    const r = updateCompetitionSettings(current, {
      holidayLongDays: 400,
      holidayShortDays: -1,
      thinkingDays: Number.NaN,
      zeroTurnsToEnd: 1,
      offerCooldownDays: 1.5,
      handicap: 'yes' as never,
    });
    if (r.ok) throw new Error('expected a refusal');
    expect(r.problems.map((p) => p.field).sort()).toEqual([
      'handicap',
      'holidayLongDays',
      'holidayShortDays',
      'offerCooldownDays',
      'thinkingDays',
      'zeroTurnsToEnd',
    ]);
    for (const p of r.problems) {
      expect(p.message.ro).not.toMatch(CODE_NAMES);
      expect(p.message.en).not.toMatch(CODE_NAMES);
    }
    expect(r.problems.find((p) => p.field === 'holidayLongDays')?.message).toEqual({
      ro: 'zilele concediului lung: un număr întreg între 0 și 365',
      en: 'the days of the long holiday: a whole number from 0 to 365',
      pl: 'dni długiego urlopu: liczba całkowita od 0 do 365',
    });
  });
});

describe('settings in words', () => {
  it('has a Romanian and an English name for every setting', () => {
    for (const key of Object.keys(current) as (keyof CompetitionSettings)[]) {
      expect(SETTING_NAMES[key].ro).toBeTruthy();
      expect(SETTING_NAMES[key].en).toBeTruthy();
    }
  });

  it('says the values as a reader does', () => {
    expect(settingValueText('handicap', false, 'ro')).toBe('nu');
    expect(settingValueText('autoHomologate', true, 'en')).toBe('yes');
    expect(settingValueText('lexicon', null, 'ro')).toBe('fără listă');
    expect(settingValueText('endRackRule', 'double', 'ro')).toBe('adunate de două ori');
    expect(settingValueText('name', 'Cupa', 'ro')).toBe('„Cupa”');
    expect(settingValueText('thinkingDays', 40, 'en')).toBe('40');
  });
});

describe('the rule book changed before the start (docs/rules.md §13)', () => {
  it("brings the PFS's four passes unless the arbiter gives another count (the edit form sends the shown count unchanged)", () => {
    expect(updateCompetitionSettings(current, { rules: 'pfs' })).toMatchObject({
      ok: true,
      settings: { rules: 'pfs', zeroTurnsToEnd: 4 },
      changed: expect.arrayContaining(['rules', 'zeroTurnsToEnd']),
    });
    expect(updateCompetitionSettings(current, { rules: 'pfs', zeroTurnsToEnd: current.zeroTurnsToEnd })).toMatchObject({
      settings: { zeroTurnsToEnd: 4 },
    });
    expect(updateCompetitionSettings(current, { rules: 'pfs', zeroTurnsToEnd: 8 })).toMatchObject({ settings: { zeroTurnsToEnd: 8 } });
    expect(settingValueText('rules', 'pfs', 'en')).toContain('Polish Scrabble Federation');
  });
});
