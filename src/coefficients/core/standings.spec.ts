import { rankGroup } from './standings';

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
});
