import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { planGroups, type GroupPlan, type GroupsInput, type Registrant } from './group-plans';
import { GROUP_NAMES } from './groups';
import { MAX_GROUP_SIZE } from './pairing';

const registrants = (n: number, ranks: ReadonlyArray<number | null> = []): Registrant[] =>
  Array.from({ length: n }, (_, i) => ({
    playerId: `p${i + 1}`,
    name: `Player ${i + 1}`,
    emails: [`player${i + 1}@x.example`],
    listPosition: i + 1,
    previousRank: ranks[i] ?? null,
  }));

const plan = (n: number, input: GroupsInput, series: readonly string[] = ['1']) => planGroups(registrants(n), input, series);
const ids = (groups: GroupPlan<Registrant>[] | Refusal) => {
  if (groups instanceof Refusal) throw groups;
  return groups.map((g) => [g.name, g.series, g.members.map((m) => m.playerId)]);
};
const refusal = (groups: GroupPlan<Registrant>[] | Refusal) => {
  if (!(groups instanceof Refusal)) throw new Error('expected a refusal');
  return groups;
};

describe('the groups the arbiter asks for (docs/rules.md §9)', () => {
  it('wants exactly one of a count, sizes or lists', () => {
    for (const input of [{}, { count: 1, sizes: [4] }, { count: 1, lists: [{ players: ['p1', 'p2'] }] }]) {
      expect(refusal(plan(4, input))).toMatchObject({ code: 'BAD_INPUT', messages: { en: expect.stringContaining('exactly one of') } });
    }
  });

  it('by count: groups A, B, … on the first series, dealt by previous rank unless the list order is asked', () => {
    const byRank = planGroups(registrants(4, [null, 2, 1, null]), { count: 2 }, ['1', '2']);
    expect(ids(byRank)).toEqual([
      ['A', '1', ['p3', 'p2']],
      ['B', '1', ['p1', 'p4']],
    ]);
    expect(ids(planGroups(registrants(4, [null, 2, 1, null]), { count: 2, order: 'list', distribution: 'serpentine' }, ['1']))).toEqual([
      ['A', '1', ['p1', 'p4']],
      ['B', '1', ['p2', 'p3']],
    ]);
  });

  it('by sizes, each group on the series given for it', () => {
    expect(ids(plan(5, { sizes: [3, 2], series: ['2', '1'], order: 'list' }, ['1', '2']))).toEqual([
      ['A', '2', ['p1', 'p2', 'p3']],
      ['B', '1', ['p4', 'p5']],
    ]);
  });

  it('words a split that cannot be made, a series count that does not match and an unknown series', () => {
    expect(refusal(plan(7, { sizes: [4, 4] })).messages.en).toBe('The group sizes add up to 8, but there are 7 players.');
    expect(refusal(plan(7, { sizes: [6, 1] })).messages.ro).toBe('O grupă de 1 jucători nu se poate juca (2–32).');
    expect(refusal(plan(7, { count: 4 })).messages.en).toBe('7 players cannot make 4 groups of at least 2 (at most 26 groups).');
    expect(refusal(plan(6, { count: 2, series: ['1'] })).messages.en).toBe('Give the series of each of the 2 groups.');
    expect(refusal(plan(6, { count: 2, series: ['1', 'X'] }, ['1', '2'])).messages.en).toBe('No series "X" (series: 1, 2).');
  });

  it('as lists: players by id or address (any case), in seat order, named and on their series', () => {
    const groups = plan(
      4,
      {
        lists: [{ name: ' Nord ', series: '2', players: ['p3', 'PLAYER1@X.example'] }, { players: ['player2@x.example', 'p4'] }],
      },
      ['1', '2'],
    );
    expect(ids(groups)).toEqual([
      ['Nord', '2', ['p3', 'p1']],
      ['B', '1', ['p2', 'p4']],
    ]);
  });

  it('as lists: names every problem at once — unknown, twice, left out, too small, bad names', () => {
    const problems = refusal(
      plan(5, {
        lists: [
          { name: 'A', players: ['p1', 'p2', 'ghost@x.example'] },
          { name: 'A', players: ['p2', 'p3'] },
        ],
      }),
    );
    expect(problems.code).toBe('BAD_INPUT');
    expect(problems.messages.en).toBe(
      'The groups cannot be made: each group has its own name of 1–20 characters; not registered: ghost@x.example; ' +
        'in two groups: Player 2 (A, A); in no group: Player 4, Player 5; groups with fewer than 2 players: A.',
    );
    expect(problems.messages.ro).toMatch(/^Grupele nu se pot face: /);
    expect(refusal(plan(4, { lists: [] })).messages.en).toContain('from 1 to 26 groups');
  });

  it('as lists: an unknown series is refused before the players are looked at', () => {
    expect(refusal(plan(4, { lists: [{ players: ['p1', 'p2'] }, { series: 'Z', players: ['nobody'] }] })).messages.en).toBe(
      'No series "Z" (series: 1).',
    );
  });

  it('by count: places every registrant exactly once, in as many groups as asked, named A, B, … in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 80 }), fc.integer({ min: 1, max: 10 }), (n, count) => {
        fc.pre(n >= 2 * count && Math.ceil(n / count) <= MAX_GROUP_SIZE);
        const groups = plan(n, { count });
        if (groups instanceof Refusal) throw groups;
        expect(groups.map((g) => g.name)).toEqual(GROUP_NAMES.slice(0, count));
        const placed = groups.flatMap((g) => g.members.map((m) => m.playerId)).sort();
        expect(placed).toEqual(
          registrants(n)
            .map((r) => r.playerId)
            .sort(),
        );
      }),
    );
  });

  it('as lists: any partition of the registrants into groups of two or more is taken as given', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 40 })
          .chain((n) =>
            fc.tuple(
              fc.constant(n),
              fc.shuffledSubarray(registrants(n), { minLength: n, maxLength: n }),
              fc.integer({ min: 1, max: Math.floor(n / 2) }),
            ),
          ),
        ([, shuffled, count]) => {
          const sizes = Array.from(
            { length: count },
            (_, i) => Math.floor(shuffled.length / count) + (i < shuffled.length % count ? 1 : 0),
          );
          let next = 0;
          const lists = sizes.map((size) => shuffled.slice(next, (next += size)).map((r) => r.playerId));
          const groups = planGroups(shuffled, { lists: lists.map((players) => ({ players })) }, ['1']);
          expect(ids(groups).map(([, , members]) => members)).toEqual(lists);
        },
      ),
    );
  });
});
