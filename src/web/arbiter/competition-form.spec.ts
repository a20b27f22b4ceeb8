import { auditSentence } from './audit-texts';
import { competitionFormSettings } from './competition-form';

const names = { players: new Map<string, string>() };

describe('the competition form (create and edit)', () => {
  it('reads the settings: an empty number is not given, an unticked box is off, no word list is none', () => {
    const dates = { startDate: '2027-02-01', closingDate: '2027-12-31' };
    const form = { name: ' Cupa ', shortName: 'C', ...dates, thinkingDays: '40', holidayLongDays: '', lexicon: '', handicap: 'on' };
    expect(competitionFormSettings(form)).toEqual({
      name: 'Cupa',
      shortName: 'C',
      ...dates,
      thinkingDays: 40,
      lexicon: null,
      handicap: true,
      autoHomologate: false,
      analysisDuringPlay: false,
      conditionalsAllowed: false,
    });
  });

  it('keeps a number that is not one, for the rules to refuse by name', () => {
    expect(competitionFormSettings({ reminderDays: 'zece' }).reminderDays).toBeNaN();
  });
});

describe('the audit sentence of a settings change', () => {
  const details = {
    changed: ['thinkingDays', 'lexicon', 'handicap'],
    before: { thinkingDays: 50, lexicon: 'ro-2027', handicap: true },
    after: { thinkingDays: 40, lexicon: null, handicap: false },
  };

  it('names each changed setting in words, before and after', () => {
    expect(auditSentence('competition.updated', details, 'ro', names)).toBe(
      'Setările competiției au fost modificate: zilele de gândire pe partidă: 50 → 40; lista de cuvinte: „ro-2027” → fără listă; ' +
        'handicapul din primele două tururi: da → nu.',
    );
    expect(auditSentence('competition.updated', details, 'en', names)).toBe(
      'The competition\'s settings were changed: the thinking days per game: 50 → 40; the word list: "ro-2027" → none; ' +
        'the handicap of the first two tours: yes → no.',
    );
  });

  it('ignores what is not a setting', () => {
    const sentence = auditSentence('competition.updated', { changed: ['arbiterUserId'], before: {}, after: {} }, 'ro', names);
    expect(sentence).toBe('Setările competiției au fost modificate.');
  });
});
