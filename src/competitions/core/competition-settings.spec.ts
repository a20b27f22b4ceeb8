import { defaultZeroTurnsToEnd, settingsRefusal, validateCompetitionSettings } from './competition-settings';

const base = { name: ' CN 2027 ', shortName: 'CN 2027', startDate: '2027-02-01', closingDate: '2027-12-31' };
const fields = (input: object) => {
  const r = validateCompetitionSettings({ ...base, ...input } as never);
  return r.ok ? [] : r.problems.map((p) => p.field);
};

describe('competition settings', () => {
  it('fills the rule book defaults (docs/rules.md §2, §5, §7)', () => {
    expect(validateCompetitionSettings(base)).toEqual({
      ok: true,
      settings: {
        name: 'CN 2027',
        shortName: 'CN 2027',
        tileSet: 'ro',
        rules: 'frsc',
        handicap: true,
        zeroTurnsToEnd: 6,
        endRackRule: 'transfer',
        thinkingDays: 50,
        holidayLongDays: 20,
        holidayShortDays: 10,
        reminderDays: 15,
        escalationDays: 30,
        offerCooldownDays: 3,
        timeZone: 'Europe/Bucharest',
        startDate: '2027-02-01',
        closingDate: '2027-12-31',
        lexicon: null,
        autoHomologate: true,
        analysisDuringPlay: false,
        // Conditional replies are allowed unless the competition switches them off.
        conditionalsAllowed: true,
      },
    });
  });

  it('refuses a conditional-replies switch that is not yes or no, in words', () => {
    const result = validateCompetitionSettings({ ...base, conditionalsAllowed: 'maybe' as unknown as boolean });
    expect(result).toMatchObject({
      ok: false,
      problems: [{ field: 'conditionalsAllowed', message: { en: 'conditional replies: yes or no' } }],
    });
  });

  it('names each bad setting', () => {
    expect(fields({ closingDate: '2027-02-01' })).toEqual(['closingDate']);
    expect(fields({ startDate: '2027-02-30' })).toEqual(['startDate']);
    expect(fields({ tileSet: 'de', endRackRule: 'keep', timeZone: 'Mars/Olympus' })).toEqual(['tileSet', 'endRackRule', 'timeZone']);
    expect(fields({ thinkingDays: 0, zeroTurnsToEnd: 1.5, holidayLongDays: -1 })).toEqual([
      'zeroTurnsToEnd',
      'thinkingDays',
      'holidayLongDays',
    ]);
    expect(fields({ reminderDays: 30, escalationDays: 30 })).toEqual(['escalationDays']);
    expect(fields({ name: '', shortName: 'x'.repeat(41) })).toEqual(['name', 'shortName']);
  });

  it('checks types too, for input that comes from a file without a DTO in front', () => {
    expect(fields({ name: 2027, handicap: 'yes', thinkingDays: '50', lexicon: 7, startDate: new Date('2027-02-01') })).toEqual([
      'name',
      'handicap',
      'thinkingDays',
      'startDate',
      'lexicon',
    ]);
  });
});

describe('the refusal of bad settings', () => {
  it('names every problem in one message and lists them for the client', () => {
    const checked = validateCompetitionSettings({ ...base, thinkingDays: 0, tileSet: 'xx' } as never);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const refusal = settingsRefusal(checked.problems);
    expect(refusal).toMatchObject({ code: 'BAD_INPUT', status: 400, details: { problems: checked.problems } });
    expect(refusal.messages.en).toBe(`${checked.problems.map((p) => p.message.en).join('; ')}.`);
    expect(refusal.messages.ro).toBe(`${checked.problems.map((p) => p.message.ro).join('; ')}.`);
  });

  it('PFS rules (docs/rules.md §13): four passes end a game unless another count is given, and an official word list is required', () => {
    const pfs = validateCompetitionSettings({ ...base, rules: 'pfs', lexicon: 'osps' });
    expect(pfs).toMatchObject({ ok: true, settings: { rules: 'pfs', zeroTurnsToEnd: 4 } });
    expect(validateCompetitionSettings({ ...base, rules: 'pfs', lexicon: 'osps', zeroTurnsToEnd: 5 })).toMatchObject({
      settings: { zeroTurnsToEnd: 5 },
    });
    expect(fields({ rules: 'pfs' })).toEqual(['lexicon']);
    expect(fields({ rules: 'fide' })).toEqual(['rules']);
    expect([defaultZeroTurnsToEnd('pfs'), defaultZeroTurnsToEnd('frsc'), defaultZeroTurnsToEnd(undefined)]).toEqual([4, 6, 6]);
  });

  it('words every refusal in Polish too, for the arbiter of a Polish competition (docs/rules.md §12)', () => {
    const checked = validateCompetitionSettings({
      ...base,
      name: '',
      tileSet: 'xx',
      rules: 'pfs',
      thinkingDays: 0,
      timeZone: 'Mars/Olympus',
      closingDate: '2027-01-01',
      handicap: 'yes' as unknown as boolean,
    });
    if (checked.ok) throw new Error('accepted');
    for (const problem of checked.problems) expect([problem.field, problem.message.pl]).toEqual([problem.field, expect.any(String)]);
    const refusal = settingsRefusal(checked.problems);
    expect(refusal.messages.pl).toContain('zasady PFS wymagają oficjalnego słownika');
    expect(refusal.messages.pl).toContain('dni na namysł w partii: liczba całkowita od 1 do 365');
    expect(refusal.messages.pl).not.toMatch(/trebuie|must|the PFS rules/);
  });
});
