import fc from 'fast-check';
import { evenSizes, orderEntrants, splitIntoGroups } from './groups';
import { MAX_GROUP_SIZE } from './pairing';

const seq = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('splitting players into groups (docs/rules.md §9)', () => {
  it('orders by previous rank, the unranked after in list order, or exactly as listed', () => {
    const entrants = [
      { listPosition: 1, previousRank: null, id: 'a' },
      { listPosition: 2, previousRank: 3, id: 'b' },
      { listPosition: 3, previousRank: 1, id: 'c' },
      { listPosition: 4, previousRank: null, id: 'd' },
    ];
    expect(orderEntrants(entrants, 'rank').map((e) => e.id)).toEqual(['c', 'b', 'a', 'd']);
    expect(orderEntrants(entrants, 'list').map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('deals blocks: the first players fill A, the next B', () => {
    expect(splitIntoGroups(seq(7), { sizes: [4, 3] }, 'blocks')).toEqual({
      ok: true,
      groups: [
        [1, 2, 3, 4],
        [5, 6, 7],
      ],
    });
    expect(splitIntoGroups(seq(7), { count: 2 }, 'blocks')).toEqual({
      ok: true,
      groups: [
        [1, 2, 3, 4],
        [5, 6, 7],
      ],
    });
  });

  it('deals serpentine: A B C C B A A B …', () => {
    expect(splitIntoGroups(seq(9), { count: 3 }, 'serpentine')).toEqual({
      ok: true,
      groups: [
        [1, 6, 7],
        [2, 5, 8],
        [3, 4, 9],
      ],
    });
    // Unequal sizes: a full group is skipped.
    expect(splitIntoGroups(seq(8), { sizes: [6, 2] }, 'serpentine')).toEqual({
      ok: true,
      groups: [
        [1, 4, 5, 6, 7, 8],
        [2, 3],
      ],
    });
  });

  it('places every player exactly once, in groups of the asked sizes, keeping their order inside each group', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom('blocks' as const, 'serpentine' as const),
        (n, count, how) => {
          fc.pre(n >= 2 * count && Math.ceil(n / count) <= MAX_GROUP_SIZE);
          const result = splitIntoGroups(seq(n), { count }, how);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.groups.map((g) => g.length)).toEqual(evenSizes(n, count));
          expect(result.groups.flat().sort((a, b) => a - b)).toEqual(seq(n));
          for (const g of result.groups) expect([...g].sort((a, b) => a - b)).toEqual(g);
        },
      ),
    );
  });

  it('refuses sizes that do not add up to the players, a group of one, or too many groups', () => {
    expect(splitIntoGroups(seq(7), { sizes: [4, 4] }, 'blocks')).toEqual({ ok: false, problem: { kind: 'sizes-sum', sum: 8, players: 7 } });
    expect(splitIntoGroups(seq(7), { sizes: [6, 1] }, 'blocks')).toEqual({ ok: false, problem: { kind: 'size-range', size: 1 } });
    expect(splitIntoGroups(seq(7), { count: 4 }, 'blocks')).toEqual({ ok: false, problem: { kind: 'count-range', count: 4, players: 7 } });
    expect(splitIntoGroups(seq(7), { count: 0 }, 'blocks')).toMatchObject({ ok: false });
  });
});
