import fc from 'fast-check';
import { crosstable, type CrosstableGame, type CrosstablePlayer } from './crosstable';
import { crosstableView, UNFINISHED_MARK } from './crosstable-view';
import { rankGroup } from './standings';

const ana = { playerId: 'a', name: 'Ana' };
const bogdan = { playerId: 'b', name: 'Bogdan' };
const cristi = { playerId: 'c', name: 'Cristi' };

const game = (gameId: string, round: number, red: string, blue: string, result: CrosstableGame['result']): CrosstableGame => ({
  gameId,
  round,
  redPlayerId: red,
  bluePlayerId: blue,
  result,
});

describe('the crosstable of a group', () => {
  const games = [
    game('g1', 1, 'a', 'b', { red: 15219, blue: 4781, homologated: true }),
    game('g2', 2, 'c', 'a', { red: 10000, blue: 10000, homologated: false }),
    game('g3', 3, 'b', 'c', null),
  ];

  it('gives each player their own coefficient against each other, the diagonal empty', () => {
    const table = crosstable([ana, bogdan, cristi], games);
    const states = table.rows.map((row) =>
      row.cells.map((c) => (c.self ? 'self' : c.entries.map((e) => `${e.state}:${e.coefficient}`).join())),
    );
    expect(states).toEqual([
      ['self', 'homologated:15219', 'provisional:10000'],
      ['homologated:4781', 'self', 'unfinished:null'],
      ['provisional:10000', 'unfinished:null', 'self'],
    ]);
    expect(table.rows.map((r) => r.cells.map((c) => c.opponentId))).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
  });

  it('keeps the order it is given (the standings’), and counts the games still without a result', () => {
    const table = crosstable([cristi, ana, bogdan], games);
    expect(table.rows.map((r) => [r.name, r.remaining])).toEqual([
      ['Cristi', 1],
      ['Ana', 0],
      ['Bogdan', 1],
    ]);
    expect(table.unfinished).toEqual([{ gameId: 'g3', round: 3, red: bogdan, blue: cristi }]);
  });

  it('leaves out a game whose players are not both in the group', () => {
    const table = crosstable([ana, bogdan], [...games, game('g4', 1, 'a', 'x', null)]);
    expect(table.rows.map((r) => r.remaining)).toEqual([0, 0]);
    expect(table.unfinished).toEqual([]);
    expect(table.rows[0].cells.flatMap((c) => c.entries.map((e) => e.gameId))).toEqual(['g1']);
  });

  it('shows a repeated pairing as two entries of one cell, by round', () => {
    const twice = [
      game('z', 2, 'b', 'a', { red: 16667, blue: 3333, homologated: true }),
      game('y', 1, 'a', 'b', { red: 5000, blue: 15000, homologated: true }),
    ];
    const [row] = crosstable([ana, bogdan], twice).rows;
    expect(row.cells[1].entries.map((e) => [e.round, e.coefficient])).toEqual([
      [1, 5000],
      [2, 3333],
    ]);
  });

  it('refuses a player listed twice', () => {
    expect(() => crosstable([ana, ana], [])).toThrow(/twice/);
  });

  it('writes coefficients the way the platform does, in the page’s language', () => {
    const table = crosstable([ana, bogdan, cristi], games);
    const ro = crosstableView(table, 'ro');
    expect(ro.columns).toEqual([
      { number: 1, name: 'Ana' },
      { number: 2, name: 'Bogdan' },
      { number: 3, name: 'Cristi' },
    ]);
    expect(ro.rows[0].cells.map((c) => c.entries.map((e) => [e.text, e.provisional, e.unfinished]))).toEqual([
      [],
      [['1,5219', false, false]],
      [['1,0000', true, false]],
    ]);
    expect(ro.rows[1].cells[2].entries).toEqual([{ gameId: 'g3', text: UNFINISHED_MARK, provisional: false, unfinished: true }]);
    expect(ro.rows.map((r) => [r.number, r.name, r.remaining])).toEqual([
      [1, 'Ana', 0],
      [2, 'Bogdan', 1],
      [3, 'Cristi', 1],
    ]);
    expect(ro.unfinished).toEqual([{ gameId: 'g3', round: 3, red: 'Bogdan', blue: 'Cristi' }]);
    expect(ro.hasProvisional).toBe(true);
    expect(crosstableView(table, 'en').rows[1].cells[0].entries[0].text).toBe('0.4781');
    expect(crosstableView(crosstable([ana, bogdan], games), 'en').hasProvisional).toBe(false);
  });
});

describe('crosstable properties', () => {
  const result = fc.option(
    fc.record({ red: fc.integer({ min: 0, max: 16667 }), blue: fc.integer({ min: 0, max: 16667 }), homologated: fc.boolean() }),
    { nil: null },
  );
  /** A group of 1–8 players and games between any two of them (a pair may repeat). */
  const group = fc.integer({ min: 1, max: 8 }).chain((n) => {
    const players: CrosstablePlayer[] = Array.from({ length: n }, (_, i) => ({ playerId: `p${i}`, name: `Player ${i}` }));
    const pair = fc.tuple(fc.nat(n - 1), fc.nat(n - 1)).filter(([r, b]) => r !== b);
    const games = n < 2 ? fc.constant([]) : fc.array(fc.tuple(pair, fc.integer({ min: 1, max: 9 }), result), { maxLength: 40 });
    return fc.tuple(
      fc.constant(players),
      games.map((list) => list.map(([[r, b], round, res], i) => game(`g${i}`, round, `p${r}`, `p${b}`, res))),
    );
  });

  it('puts each game in exactly two cells, one per player, mirrored across the diagonal', () => {
    fc.assert(
      fc.property(group, ([players, games]) => {
        const table = crosstable(players, games);
        const index = new Map(players.map((p, i) => [p.playerId, i]));
        const seen = new Map<string, [number, number, number | null][]>();
        table.rows.forEach((row, i) =>
          row.cells.forEach((cell, j) => {
            expect(cell.self).toBe(i === j);
            if (cell.self) expect(cell.entries).toEqual([]);
            for (const e of cell.entries) seen.set(e.gameId, [...(seen.get(e.gameId) ?? []), [i, j, e.coefficient]]);
          }),
        );
        expect(seen.size).toBe(games.length);
        for (const g of games) {
          const red = index.get(g.redPlayerId)!;
          const blue = index.get(g.bluePlayerId)!;
          const sides: [number, number, number | null][] = [
            [red, blue, g.result?.red ?? null],
            [blue, red, g.result?.blue ?? null],
          ];
          expect(seen.get(g.gameId)).toEqual(sides.sort((x, y) => x[0] - y[0]));
        }
        // Mirrored: the games of cell (i, j) are those of cell (j, i), in the same state.
        table.rows.forEach((row, i) =>
          row.cells.forEach((cell, j) => {
            const mirror = table.rows[j].cells[i].entries.map((e) => [e.gameId, e.state]);
            expect(cell.entries.map((e) => [e.gameId, e.state])).toEqual(mirror);
          }),
        );
      }),
    );
  });

  it('counts for each player the games without a result, each unfinished game twice in all', () => {
    fc.assert(
      fc.property(group, ([players, games]) => {
        const table = crosstable(players, games);
        const open = games.filter((g) => !g.result);
        for (const row of table.rows) {
          expect(row.remaining).toBe(open.filter((g) => g.redPlayerId === row.playerId || g.bluePlayerId === row.playerId).length);
        }
        expect(table.rows.reduce((s, r) => s + r.remaining, 0)).toBe(2 * open.length);
        expect(table.unfinished.map((g) => g.gameId).sort()).toEqual(open.map((g) => g.gameId).sort());
      }),
    );
  });

  it('sums each row’s homologated cells to the player’s total in the standings', () => {
    fc.assert(
      fc.property(group, ([players, games]) => {
        const counted = (id: string) =>
          games.flatMap(({ result, redPlayerId, bluePlayerId }) => {
            if (!result?.homologated) return [];
            return redPlayerId === id ? [result.red] : bluePlayerId === id ? [result.blue] : [];
          });
        const standings = rankGroup(players.map((p) => ({ ...p, coefficients: counted(p.playerId), scoreDifference: 0 })));
        const table = crosstable(standings, games);
        for (const [i, row] of table.rows.entries()) {
          const sum = row.cells.flatMap((c) => c.entries).reduce((s, e) => s + (e.state === 'homologated' ? e.coefficient! : 0), 0);
          expect([row.playerId, sum]).toEqual([standings[i].playerId, standings[i].total]);
        }
      }),
    );
  });
});
