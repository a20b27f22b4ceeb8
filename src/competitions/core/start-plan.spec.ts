import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { planStart, type StartEntrant, type StartInput } from './start-plan';

const base: StartInput = {
  status: 'draft',
  startDate: '2027-03-01',
  closingDate: '2027-12-31',
  groups: [{ id: 'g1', series: '1' }],
  entrants: [1, 2, 3, 4].map((seat) => ({ playerId: `p${seat}`, name: `P${seat}`, groupId: 'g1', seat })),
  today: '2027-02-20',
};

const refusalCode = (input: StartInput) => {
  const plan = planStart(input);
  return plan instanceof Refusal ? plan.code : null;
};

describe('planStart (docs/rules.md §9)', () => {
  it('refuses a started competition, one without groups, a player without a group and a passed closing date', () => {
    expect(refusalCode({ ...base, status: 'started' })).toBe('COMPETITION_STARTED');
    expect(refusalCode({ ...base, groups: [] })).toBe('NO_GROUPS');
    expect(refusalCode({ ...base, entrants: [...base.entrants, { playerId: 'p5', name: 'Ana', groupId: null, seat: null }] })).toBe(
      'PLAYERS_WITHOUT_GROUP',
    );
    expect(refusalCode({ ...base, today: '2027-12-31' })).toBe('CLOSING_DATE_PASSED');
    expect(refusalCode(base)).toBeNull();
  });

  it('names the players without a group in both languages', () => {
    const plan = planStart({ ...base, entrants: [...base.entrants, { playerId: 'p5', name: 'Ana Pop', groupId: null, seat: null }] });
    expect(plan).toBeInstanceOf(Refusal);
    expect((plan as Refusal).messages.ro).toContain('Ana Pop');
    expect((plan as Refusal).messages.en).toContain('Ana Pop');
  });

  it('begins on the start date, or today when the arbiter starts late', () => {
    expect(planStart(base)).toMatchObject({ startDate: '2027-03-01' });
    expect(planStart({ ...base, today: '2027-03-05' })).toMatchObject({ startDate: '2027-03-05' });
  });

  it('pairs every two players of a group exactly once, within their group, under its series', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: 9 }), { minLength: 1, maxLength: 4 }), (sizes) => {
        const groups = sizes.map((_, i) => ({ id: `g${i}`, series: i % 2 ? 'B' : 'A' }));
        const entrants: StartEntrant[] = sizes.flatMap((size, i) =>
          Array.from({ length: size }, (_, s) => ({ playerId: `g${i}p${s + 1}`, name: `N${s}`, groupId: `g${i}`, seat: size - s })),
        );
        const plan = planStart({ ...base, groups, entrants });
        if (plan instanceof Refusal) throw plan;
        const all = [...plan.pairingsBySeries.values()].flat();
        expect(all).toHaveLength(sizes.reduce((n, size) => n + (size * (size - 1)) / 2, 0));
        const met = new Set(all.map((p) => [p.red, p.blue].sort().join('|')));
        expect(met.size).toBe(all.length);
        for (const [series, pairings] of plan.pairingsBySeries)
          for (const p of pairings) {
            expect(groups.find((g) => g.id === p.groupId)!.series).toBe(series);
            expect(p.red.startsWith(`${p.groupId}p`) && p.blue.startsWith(`${p.groupId}p`)).toBe(true);
          }
      }),
    );
  });
});
