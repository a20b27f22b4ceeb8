import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, IsInt, IsString, Length, Max, Min, validateSync } from 'class-validator';
import { RULE_KEYS, validateCompetitionSettings } from '../competitions/core/competition-settings';
import { CreateCompetitionDto } from '../competitions/dto/create-competition.dto';
import { settingFieldLabel } from '../competitions/dto/setting-field-labels';
import { UpdateCompetitionDto } from '../competitions/dto/update-competition.dto';
import { SETTING_NAMES } from '../competitions/core/setting-names';
import { LISTED_PROBLEMS, validationMessage, validationProblems } from './validation-messages';

/** English words a Romanian sentence of these messages must never carry (letters as word edges: `listă` is not `list`). */
const ENGLISH = new RegExp(
  `(?<!\\p{L})(${[
    'must',
    'should',
    'be',
    'is',
    'not',
    'the',
    'of',
    'from',
    'to',
    'and',
    'or',
    'than',
    'greater',
    'less',
    'shorter',
    'longer',
    'equal',
    'character',
    'characters',
    'number',
    'integer',
    'whole',
    'string',
    'boolean',
    'value',
    'values',
    'following',
    'exist',
    'property',
    'valid',
    'invalid',
    'array',
    'object',
    'element',
    'elements',
    'contain',
    'conforming',
    'constraints',
    'match',
    'regular',
    'expression',
    'day',
    'true',
    'false',
    'yes',
    'no',
    'date',
    'name',
    'holiday',
    'days',
    'reminder',
    'time',
    'zone',
    'list',
    'word',
    'double',
    'unknown',
  ].join('|')})(?!\\p{L})`,
  'iu',
);
const SETTING_KEYS = Object.keys(SETTING_NAMES);
const KEY = new RegExp(`(?<!\\p{L})(${SETTING_KEYS.join('|')})(?!\\p{L})`, 'u');
/** In English `name` or `handicap` are words of the sentence: only the code names that are not (`holidayLongDays`) are sought. */
const CODE_KEY = new RegExp(`(?<!\\p{L})(${SETTING_KEYS.filter((k) => /[A-Z]/.test(k)).join('|')})(?!\\p{L})`, 'u');
/** What the reader is given to type back, not words of the sentence: quoted values, a time zone's name, the tile set codes. */
const withoutCodes = (text: string) =>
  text
    .replace(/„[^”]*”/g, ' ')
    .replace(/\b[A-Z][a-z]+\/[A-Za-z_]+\b/g, ' ')
    .replace(/\((ro, en, pl)\)/g, ' ');

function problemsOf(dto: new () => object, body: object) {
  const options = { whitelist: true, forbidNonWhitelisted: true, validationError: { target: true } };
  const errors = validateSync(plainToInstance(dto, body), options);
  return validationProblems(errors, settingFieldLabel);
}

/** One bad value for every setting, each refused by the DTO's shape checks. */
const BAD_SHAPES = {
  name: 7,
  shortName: 'x'.repeat(41),
  tileSet: 'de',
  handicap: 'yes',
  zeroTurnsToEnd: 1.5,
  endRackRule: 'keep',
  thinkingDays: 5000,
  holidayLongDays: -1,
  holidayShortDays: 'ten',
  reminderDays: 1e12,
  escalationDays: 2.5,
  offerCooldownDays: -3,
  timeZone: 7,
  startDate: '1 februarie',
  closingDate: '2027/12/31',
  lexicon: 7,
  autoHomologate: 'on',
};

describe('settings validation messages name each setting in words', () => {
  it('gives every setting a label in both languages, never its code name', () => {
    for (const key of ['name', 'shortName', ...RULE_KEYS]) {
      const label = SETTING_NAMES[key as keyof typeof SETTING_NAMES];
      expect([key, label?.ro?.trim().length > 0, label?.en?.trim().length > 0]).toEqual([key, true, true]);
      expect(label.ro).not.toMatch(KEY);
      expect(label.ro).not.toMatch(ENGLISH);
    }
  });

  it('labels every field the settings DTOs check, but the arbiter and the series of the creation', () => {
    const checked = (dto: new () => object) =>
      new Set(
        getMetadataStorage()
          .getTargetValidationMetadatas(dto, '', true, false)
          .map((m) => m.propertyName),
      );
    const unlabelled = (dto: new () => object) => [...checked(dto)].filter((p) => settingFieldLabel(new dto(), p) === undefined).sort();
    expect(unlabelled(CreateCompetitionDto)).toEqual(['arbiterEmail', 'arbiterUserId', 'series']);
    expect(unlabelled(UpdateCompetitionDto)).toEqual([]);
    expect([...checked(CreateCompetitionDto)].filter((p) => SETTING_KEYS.includes(p)).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it.each([CreateCompetitionDto, UpdateCompetitionDto])('a bad value of each setting (%p): no field key, no English word', (dto) => {
    const problems = problemsOf(dto, { ...BAD_SHAPES, startDate: '1 februarie', closingDate: '2027/12/31' });
    expect(new Set(problems.map((p) => p.path))).toEqual(new Set(Object.keys(BAD_SHAPES)));
    for (const { path, message } of problems) {
      expect([path, message.ro]).toEqual([path, expect.stringContaining(SETTING_NAMES[path as keyof typeof SETTING_NAMES].ro)]);
      expect([path, message.ro.match(KEY)?.[0]]).toEqual([path, undefined]);
      expect([path, withoutCodes(message.ro).match(ENGLISH)?.[0]]).toEqual([path, undefined]);
      // English names the setting in words too.
      expect([path, message.en.match(CODE_KEY)?.[0]]).toEqual([path, undefined]);
      expect(message.en).toContain(SETTING_NAMES[path as keyof typeof SETTING_NAMES].en);
    }
    const { message, fields } = validationMessage(problems);
    expect(message.ro).toMatch(/^Date greșite: /);
    expect([...fields].sort()).toEqual(Object.keys(BAD_SHAPES).sort());
  });

  it('says the bounds in Romanian: the long holiday of 5000 days', () => {
    const [problem] = problemsOf(UpdateCompetitionDto, { holidayLongDays: 5000 });
    expect(problem.message).toEqual({
      ro: 'zilele concediului lung trebuie să fie cel mult 1000',
      en: 'the days of the long holiday must not be greater than 1000',
      pl: 'dni długiego urlopu: najwyżej 1000',
    });
    const [date] = problemsOf(UpdateCompetitionDto, { startDate: 'mâine' });
    expect(date.message.ro).toBe('data de începere trebuie să fie o zi scrisă AAAA-LL-ZZ');
    const [rule] = problemsOf(UpdateCompetitionDto, { endRackRule: 'keep' });
    expect(rule.message.ro).toBe('regula literelor rămase la sfârșit trebuie să fie una dintre valorile „transfer”, „double”');
  });

  it("the service's own checks: each bad setting in Romanian with no field key and no English word", () => {
    const base = { name: 'CN 2027', shortName: 'CN 2027', startDate: '2027-02-01', closingDate: '2027-12-31' };
    const bad: object[] = [
      { name: '' },
      { shortName: 'x'.repeat(41) },
      { tileSet: 'de' },
      { rules: 'fide' },
      { endRackRule: 'keep' },
      { handicap: 'yes', autoHomologate: 'no', analysisDuringPlay: 'da' },
      { handicap: 'yes', autoHomologate: 'no', conditionalsAllowed: 'da' },
      { zeroTurnsToEnd: 1, thinkingDays: 0, holidayLongDays: 400, holidayShortDays: -1, offerCooldownDays: 1.5 },
      { reminderDays: 0, escalationDays: 400 },
      { reminderDays: 30, escalationDays: 20 },
      { timeZone: 'Mars/Olympus' },
      { startDate: '2027-02-30' },
      { closingDate: '2027-01-01' },
      { lexicon: 7 },
      { lexicon: 'x'.repeat(201) },
    ];
    const seen = new Set<string>();
    for (const change of bad) {
      const checked = validateCompetitionSettings({ ...base, ...change } as never);
      expect(checked.ok).toBe(false);
      if (checked.ok) continue;
      for (const { field, message } of checked.problems) {
        seen.add(field);
        expect([field, message.ro.match(KEY)?.[0]]).toEqual([field, undefined]);
        expect([field, withoutCodes(message.ro).match(ENGLISH)?.[0]]).toEqual([field, undefined]);
        expect([field, message.en.match(CODE_KEY)?.[0]]).toEqual([field, undefined]);
      }
    }
    expect([...seen].sort()).toEqual([...SETTING_KEYS].sort());
  });
});

describe('validation messages of other fields', () => {
  class Sample {
    @IsInt()
    @Min(-5)
    @Max(5)
    points: number;

    @IsString()
    @Length(1, 3)
    reason: string;
  }

  it('say what is wrong in Romanian words, naming the field by its path', () => {
    const sent = plainToInstance(Sample, { points: 9.5, reason: 'abcd', extra: 1 });
    const problems = validationProblems(validateSync(sent, { whitelist: true, forbidNonWhitelisted: true }));
    expect(problems).toEqual([
      {
        path: 'extra',
        message: {
          ro: 'câmpul „extra” nu este un câmp cunoscut',
          en: 'extra: property extra should not exist',
          pl: 'pole „extra”: nieznane pole',
        },
      },
      {
        path: 'points',
        message: {
          ro: 'câmpul „points” trebuie să fie cel mult 5',
          en: 'points must not be greater than 5',
          pl: 'pole „points”: najwyżej 5',
        },
      },
      {
        path: 'points',
        message: {
          ro: 'câmpul „points” trebuie să fie un număr întreg',
          en: 'points must be an integer number',
          pl: 'pole „points”: wymagana liczba całkowita',
        },
      },
      {
        path: 'reason',
        message: {
          ro: 'câmpul „reason” poate avea cel mult 3 caractere',
          en: 'reason must be shorter than or equal to 3 characters',
          pl: 'pole „reason”: najwyżej 3 znaki',
        },
      },
    ]);
    for (const p of problems) expect(withoutCodes(p.message.ro)).not.toMatch(ENGLISH);
  });

  it('lists at most LISTED_PROBLEMS problems and counts the rest, in both languages', () => {
    const problems = Array.from({ length: 3601 }, (_, i) => ({
      path: `tiles.${i}.row`,
      message: { ro: `rândul ${i}`, en: `row ${i}`, pl: `wiersz ${i}` },
    }));
    expect(validationMessage(problems).message.pl).toMatch(/wiersz 19; i jeszcze 3\u00a0581 problemów\.$/);
    const { message, fields } = validationMessage(problems);
    expect(fields).toHaveLength(LISTED_PROBLEMS);
    expect(message.en).toMatch(/row 19; and 3,581 more problems\.$/);
    expect(message.ro).toMatch(/rândul 19; și încă 3\.581 de probleme\.$/);
    expect(message.en).not.toContain('row 20');
    expect(validationMessage(problems.slice(0, 21)).message.en).toMatch(/; and 1 more problem\.$/);
    expect(validationMessage(problems.slice(0, 20)).message.en).not.toMatch(/more/);
  });
});
