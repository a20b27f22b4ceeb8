import fc from 'fast-check';
import { COLORS } from '../../common/color';
import { sheetRecordSections, type SheetDispute, type SheetPenalty, type SheetRecords, type SheetRuling } from './sheet-records';

const names = { red: 'Popescu Ion', blue: 'Ionescu Maria' };
const NONE: SheetRecords = { disputes: [], rulings: [], penalties: [] };

const ruled: SheetDispute = {
  tour: 3,
  number: 5,
  mover: 'red',
  words: ['CASĂ', 'MAS'],
  contester: 'blue',
  status: 'ruled',
  kept: 'replaced',
  contestedOn: '2027-02-10',
  settledOn: '2027-02-14',
};
const wordRuling: SheetRuling = {
  on: '2027-02-14',
  kind: 'word',
  caseKind: 'dispute',
  details: { valid: false },
  reason: 'MAS nu este în listă.',
};
const coefficientPenalty: SheetPenalty = {
  player: 'red',
  kind: 'coefficient',
  amount: 5000,
  on: '2027-03-01',
  rulingKind: 'coefficient-penalty',
};

describe('sheetRecordSections (docs/rules.md §8: the sheet records disputes, rulings, penalties and the end)', () => {
  it('prints nothing for a game without any of them', () => {
    expect(sheetRecordSections(NONE, 'ro', names)).toEqual([]);
    // Ended by the rules with empty racks and nothing moved: no end-of-game section either.
    const clean = { ...NONE, end: { racks: { red: [], blue: [] }, adjustment: { red: 0, blue: 0 }, scores: { red: 300, blue: 280 } } };
    expect(sheetRecordSections(clean, 'en', names)).toEqual([]);
  });

  it('writes a ruled contest with its move, words, contester and outcome, in both languages', () => {
    expect(sheetRecordSections({ ...NONE, disputes: [ruled] }, 'ro', names)).toEqual([
      {
        title: 'CONTESTAȚII',
        lines: [
          'Turul 3, mutarea 5 (Popescu Ion (ROȘU)): CASĂ, MAS — contestată de Ionescu Maria (ALBASTRU) 10.02.2027; ' +
            'decisă de arbitru 14.02.2027: mutarea este înlocuită (varianta B).',
        ],
      },
    ]);
    const [en] = sheetRecordSections({ ...NONE, disputes: [{ ...ruled, kept: 'stands', status: 'ruled' }] }, 'en', names);
    expect(en.title).toBe('DISPUTES');
    expect(en.lines[0]).toContain(
      'contested by Ionescu Maria (BLUE) 2027-02-10; ruled by the arbiter 2027-02-14: the move stands (line A).',
    );
  });

  it('says where an unsettled contest stands', () => {
    const open = sheetRecordSections(
      { ...NONE, disputes: [{ ...ruled, status: 'open', kept: undefined, settledOn: undefined }] },
      'en',
      names,
    );
    expect(open[0].lines[0]).toMatch(/open: waiting for the mover's answer\.$/);
    const appealed = sheetRecordSections({ ...NONE, disputes: [{ ...ruled, status: 'appealed', kept: undefined }] }, 'ro', names);
    expect(appealed[0].lines[0]).toMatch(/la arbitru: jocul continuă în variantele A și B\.$/);
  });

  it('writes a ruling with its date, case, decision and effect on the game', () => {
    expect(sheetRecordSections({ ...NONE, rulings: [wordRuling] }, 'ro', names)).toEqual([
      {
        title: 'DECIZIILE ARBITRULUI',
        lines: [
          '14.02.2027  Cuvânt contestat (caz: contestație)',
          '    Decizia: MAS nu este în listă.',
          '    Cuvântul contestat nu este valid: mutarea este înlocuită (varianta B).',
        ],
      },
    ]);
    const [en] = sheetRecordSections(
      { ...NONE, rulings: [{ on: '2027-03-01', kind: 'score-correction', details: { player: 'blue', points: -7 } }] },
      'en',
      names,
    );
    expect(en.lines).toEqual(['2027-03-01  Score correction', "    Ionescu Maria (BLUE)'s score goes down by 7 points."]);
  });

  it('writes each penalty with its player, amount, date and the ruling that imposed it', () => {
    const penalties: SheetPenalty[] = [
      coefficientPenalty,
      { player: 'blue', kind: 'score', amount: -7, on: '2027-03-02', rulingKind: 'score-correction' },
      { player: 'blue', kind: 'thinking-days', amount: -3, on: '2027-03-03', rulingKind: 'thinking-days' },
      { player: 'red', kind: 'warning', amount: 0, on: '2027-03-04', rulingKind: 'warning' },
    ];
    expect(sheetRecordSections({ ...NONE, penalties }, 'ro', names)).toEqual([
      {
        title: 'PENALIZĂRI',
        lines: [
          '01.03.2027  Popescu Ion (ROȘU): coeficient -0,5000 (penalizare de coeficient)',
          '02.03.2027  Ionescu Maria (ALBASTRU): scor -7 puncte (corectarea scorului)',
          '03.03.2027  Ionescu Maria (ALBASTRU): zile de gândire -3 zile (zile de gândire)',
          '04.03.2027  Popescu Ion (ROȘU): avertisment (avertisment)',
        ],
      },
    ]);
  });

  it('writes the tiles left on each rack at the end, the points they moved and the scores', () => {
    const end = { racks: { red: [], blue: ['Ă', '?'] }, adjustment: { red: 4, blue: -4 }, scores: { red: 354, blue: 316 } };
    expect(sheetRecordSections({ ...NONE, end }, 'en', names)).toEqual([
      {
        title: 'END OF GAME',
        lines: ['Popescu Ion (RED): tiles left none; +4 points; score 354', 'Ionescu Maria (BLUE): tiles left Ă,?; -4 points; score 316'],
      },
    ]);
  });

  it('leaves the arbiter’s words out when the record gives none (the published sheet)', () => {
    const [section] = sheetRecordSections({ ...NONE, rulings: [{ ...wordRuling, reason: undefined }] }, 'en', names);
    expect(section.lines.join('\n')).not.toContain('Decision');
  });

  const color = fc.constantFrom(...COLORS);
  const day = fc
    .date({ min: new Date('2027-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const dispute: fc.Arbitrary<SheetDispute> = fc.record({
    tour: fc.integer({ min: 1, max: 60 }),
    number: fc.integer({ min: 1, max: 120 }),
    mover: color,
    words: fc.array(fc.stringMatching(/^[A-ZĂÂÎȘȚ]{2,8}$/), { minLength: 1, maxLength: 3 }),
    contester: color,
    status: fc.constantFrom('open' as const, 'admitted' as const, 'appealed' as const, 'ruled' as const),
    contestedOn: day,
  });
  const ruling: fc.Arbitrary<SheetRuling> = fc.record(
    {
      on: day,
      kind: fc.constantFrom('word', 'claim', 'score-correction', 'warning', 'coefficient-penalty', 'outcome', 'homologation'),
      caseKind: fc.option(fc.constantFrom('dispute', 'claim', 'result', 'silence')),
      details: fc.constant({ player: 'red', points: 3, valid: true, upheld: false, amount: 1000 }),
      reason: fc.stringMatching(/^[a-z]{1,12}( [a-z]{1,12}){0,3}$/),
    },
    { requiredKeys: ['on', 'kind', 'details'] },
  );
  const penalty: fc.Arbitrary<SheetPenalty> = fc.record({
    player: color,
    kind: fc.constantFrom('coefficient' as const, 'thinking-days' as const, 'score' as const, 'warning' as const, 'exclusion' as const),
    amount: fc.integer({ min: -50, max: 10000 }),
    on: day,
    rulingKind: fc.constantFrom('coefficient-penalty', 'warning', 'score-correction', 'thinking-days', 'exclusion'),
  });

  it('prints every dispute, ruling and penalty exactly once, in order, and no empty section', () => {
    fc.assert(
      fc.property(
        fc.array(dispute, { maxLength: 4 }),
        fc.array(ruling, { maxLength: 4 }),
        fc.array(penalty, { maxLength: 4 }),
        fc.constantFrom('ro' as const, 'en' as const),
        (disputes, rulings, penalties, language) => {
          const sections = sheetRecordSections({ disputes, rulings, penalties }, language, names);
          const titled = (i: number) => sections.find((s) => s.title === sheetRecordSections(SAMPLE, language, names)[i].title);
          for (const s of sections) expect(s.lines.length).toBeGreaterThan(0);
          expect(sections).toHaveLength([disputes, rulings, penalties].filter((list) => list.length > 0).length);
          // A dispute and a penalty are one line each; a ruling is one dated head line with its body indented under it.
          expect(titled(0)?.lines.length ?? 0).toBe(disputes.length);
          expect((titled(1)?.lines ?? []).filter((line) => !line.startsWith(' '))).toHaveLength(rulings.length);
          expect(titled(2)?.lines.length ?? 0).toBe(penalties.length);
          disputes.forEach((d, i) => expect(titled(0)!.lines[i]).toContain(d.words.join(', ')));
          const heads = (titled(1)?.lines ?? []).filter((line) => !line.startsWith(' '));
          rulings.forEach((r, i) => {
            expect(heads[i].slice(0, 10)).toBe(language === 'ro' ? r.on.split('-').reverse().join('.') : r.on);
            if (r.reason) expect(titled(1)!.lines.filter((line) => line.includes(`: ${r.reason}`)).length).toBeGreaterThanOrEqual(1);
          });
          penalties.forEach((p, i) => expect(titled(2)!.lines[i]).toContain(names[p.player]));
        },
      ),
    );
  });
});

/** One of each, to learn the sections' titles in a language. */
const SAMPLE: SheetRecords = { disputes: [ruled], rulings: [wordRuling], penalties: [coefficientPenalty] };
