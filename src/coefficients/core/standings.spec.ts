import { csvText, rankGroup, standingsCsv } from './standings';

describe('group standings (docs/rules.md §7)', () => {
  it('ranks by the sum, then the best single coefficient, then the name', () => {
    const rows = rankGroup([
      { playerId: 'c', name: 'Ștefan', coefficients: [15000, 5000], scoreDifference: 10 },
      { playerId: 'a', name: 'Ana', coefficients: [10000, 10000], scoreDifference: 0 },
      { playerId: 'b', name: 'Bogdan', coefficients: [15000, 5000], scoreDifference: -10 },
      { playerId: 'd', name: 'Dan', coefficients: [16667, 4000], scoreDifference: 50 },
      { playerId: 'e', name: 'Elena', coefficients: [], scoreDifference: 0 },
    ]);
    expect(rows.map((r) => [r.rank, r.name, r.total, r.best])).toEqual([
      [1, 'Dan', 20667, 16667],
      [2, 'Bogdan', 20000, 15000],
      [3, 'Ștefan', 20000, 15000],
      [4, 'Ana', 20000, 10000],
      [5, 'Elena', 0, 0],
    ]);
  });

  it('averages in ten-thousandths rounded half-up', () => {
    const [row] = rankGroup([{ playerId: 'a', name: 'A', coefficients: [15219, 4781, 10001], scoreDifference: 0 }]);
    expect(row).toMatchObject({ played: 3, total: 30001, average: 10000 });
    const [two] = rankGroup([{ playerId: 'a', name: 'A', coefficients: [15219, 4782], scoreDifference: 0 }]);
    expect(two.average).toBe(10001);
  });

  it('exports CSV with four decimals, quoting names that need it', () => {
    const csv = standingsCsv([
      { name: 'A', rows: rankGroup([{ playerId: 'a', name: 'Popescu, Ion', coefficients: [15219], scoreDifference: 44 }]) },
    ]);
    expect(csv).toBe('group,rank,name,played,total,average,best,score_difference\nA,1,"Popescu, Ion",1,1.5219,1.5219,1.5219,44\n');
  });

  describe('CSV cells a spreadsheet would run (OWASP CSV injection, issue 12 §7)', () => {
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
});
