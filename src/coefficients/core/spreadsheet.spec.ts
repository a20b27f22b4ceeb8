import fc from 'fast-check';
import { crosstable } from './crosstable';
import { crosstableCsv, csvText, sheetLocale, standingsCsv } from './spreadsheet';
import { rankGroup } from './standings';

describe('the standings and crosstables as spreadsheet files', () => {
  it('exports CSV with four decimals, quoting names that need it', () => {
    const csv = standingsCsv([
      { name: 'A', rows: rankGroup([{ playerId: 'a', name: 'Popescu, Ion', coefficients: [15219], scoreDifference: 44 }]) },
    ]);
    expect(csv).toBe('group,rank,name,played,total,average,best,score_difference\nA,1,"Popescu, Ion",1,1.5219,1.5219,1.5219,44\n');
  });

  describe('CSV cells a spreadsheet would run (OWASP CSV injection)', () => {
    it.each([
      ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
      ["+1+cmd|' /C calc'!A0", `"'+1+cmd|' /C calc'!A0"`],
      ['-2+3', `"'-2+3"`],
      ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
      ['\t=1+1', `"'\t=1+1"`],
      ['\r=1+1', `"'\r=1+1"`],
    ])('neutralises %j', (cell, expected) => {
      expect(csvText(cell)).toBe(expected);
    });

    it('leaves ordinary names alone, diacritics and inner signs included', () => {
      expect(csvText('Ștefănescu-Ionaș')).toBe('Ștefănescu-Ionaș');
      expect(csvText('Ana = Maria')).toBe('Ana = Maria');
    });

    it('neutralises names and group names, and keeps computed numbers numeric, negative ones too', () => {
      const rows = rankGroup([
        { playerId: 'a', name: '=1+1', coefficients: [15219], scoreDifference: 44 },
        { playerId: 'b', name: '@Ion', coefficients: [4781], scoreDifference: -44 },
      ]);
      const csv = standingsCsv([{ name: '-A', rows }]);
      expect(csv.split('\n').slice(1, 3)).toEqual([
        `"'-A",1,"'=1+1",1,1.5219,1.5219,1.5219,44`,
        `"'-A",2,"'@Ion",1,0.4781,0.4781,0.4781,-44`,
      ]);
    });
  });

  describe("in the reader's locale", () => {
    const rows = rankGroup([
      { playerId: 'a', name: 'Ștefan; Ionaș', coefficients: [15219], scoreDifference: 44 },
      { playerId: 'b', name: 'Popescu, Ion', coefficients: [4781 - 1000], scoreDifference: -44 },
    ]);

    it('Romanian: ";" between cells, decimal comma, Romanian headers; a cell holding ";" is quoted, one holding "," is not', () => {
      expect(standingsCsv([{ name: 'A', rows }], 'ro')).toBe(
        [
          'Grupa;Loc;Nume;Jucate;Coeficient total;Media;Cel mai bun;Diferență de puncte',
          'A;1;"Ștefan; Ionaș";1;1,5219;1,5219;1,5219;44',
          'A;2;Popescu, Ion;1;0,3781;0,3781;0,3781;-44',
          '',
        ].join('\n'),
      );
    });

    it('English: "," between cells, decimal point, English headers', () => {
      expect(standingsCsv([{ name: 'A', rows }], 'en')).toBe(
        [
          'group,rank,name,played,total,average,best,score_difference',
          'A,1,Ștefan; Ionaș,1,1.5219,1.5219,1.5219,44',
          'A,2,"Popescu, Ion",1,0.3781,0.3781,0.3781,-44',
          '',
        ].join('\n'),
      );
    });

    it('neutralises formula-like cells in the Romanian variant too', () => {
      expect(csvText('=1+1', 'ro')).toBe(`"'=1+1"`);
      expect(csvText('@A;B', 'ro')).toBe(`"'@A;B"`);
    });

    it('every row has as many cells as the header, in both variants, whatever the names (property)', () => {
      fc.assert(
        fc.property(
          fc.array(fc.string(), { minLength: 1, maxLength: 5 }),
          fc.constantFrom('ro' as const, 'en' as const),
          (names, locale) => {
            const ranked = rankGroup(names.map((name, i) => ({ playerId: String(i), name, coefficients: [10000], scoreDifference: 0 })));
            const csv = standingsCsv([{ name: 'G', rows: ranked }], locale);
            for (const row of parseCsv(csv, locale === 'ro' ? ';' : ',')) expect(row).toHaveLength(8);
            const parsedNames = parseCsv(csv, locale === 'ro' ? ';' : ',')
              .slice(1)
              .map((r) => r[2]);
            // Each name comes back as written, or with the ' that keeps a formula inert.
            expect(parsedNames.sort()).toEqual(ranked.map((r) => (/^[=+\-@\t\r]/.test(r.name) ? `'${r.name}` : r.name)).sort());
          },
        ),
      );
    });

    it('the variant asked for, else Romanian for a Romanian competition, Polish for a Polish one and English for another; an unknown one is refused (null)', () => {
      expect(sheetLocale(undefined, 'ro')).toBe('ro');
      expect(sheetLocale(undefined, 'en')).toBe('en');
      expect(sheetLocale(undefined, 'pl')).toBe('pl');
      expect(sheetLocale('en', 'ro')).toBe('en');
      expect(sheetLocale('ro', 'pl')).toBe('ro');
      expect(sheetLocale('xx', 'ro')).toBeNull();
    });
  });

  describe('the crosstable', () => {
    const players = [
      { playerId: 'a', name: 'Ana' },
      { playerId: 'b', name: '=Bogdan' },
      { playerId: 'c', name: 'Cristi' },
    ];
    const table = crosstable(players, [
      { gameId: 'g1', round: 1, redPlayerId: 'a', bluePlayerId: 'b', result: { red: 15219, blue: -1000, homologated: true } },
      { gameId: 'g2', round: 2, redPlayerId: 'c', bluePlayerId: 'a', result: { red: 10000, blue: 10000, homologated: false } },
      { gameId: 'g3', round: 3, redPlayerId: 'b', bluePlayerId: 'c', result: null },
    ]);

    it('Romanian: numbered columns, decimal comma, a negative coefficient still a number, marks explained', () => {
      expect(crosstableCsv([{ name: 'A', table }], 'ro')).toBe(
        [
          'Grupa;Nr.;Nume;1;2;3;Partide rămase',
          'A;1;Ana;;1,5219;1,0000*;0',
          `A;2;"'=Bogdan";-0,1000;;–;1`,
          'A;3;Cristi;1,0000*;–;;1',
          '',
          '* rezultat propus, neomologat încă',
          '– partidă fără rezultat',
          '',
        ].join('\n'),
      );
    });

    it('English: decimal point, English headers, groups one after another', () => {
      const csv = crosstableCsv(
        [
          { name: 'A', table },
          { name: 'B', table: crosstable([players[0]], []) },
        ],
        'en',
      );
      expect(csv.split('\n').slice(0, 6)).toEqual([
        'group,no,name,1,2,3,games_left',
        'A,1,Ana,,1.5219,1.0000*,0',
        `A,2,"'=Bogdan",-0.1000,,–,1`,
        'A,3,Cristi,1.0000*,–,,1',
        '',
        'group,no,name,1,games_left',
      ]);
    });
  });
});

/** RFC 4180 as a spreadsheet reads it: quoted cells, doubled quotes, the given separator. */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  return rows;
}
