import fc from 'fast-check';
import { absencesOf, type AbsenceRow, type HolidayRow } from './absences';

const asDay = (stored: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(stored)) throw new RangeError(`not a day: ${stored}`);
  return stored;
};

describe('absencesOf', () => {
  const holiday = (playerId: string, fromDay: string, toDay: string, replacedAt: Date | null = null): HolidayRow => ({
    playerId,
    fromDay,
    toDay,
    replacedAt,
  });
  const leave = (playerId: string, fromDay: string, toDay: string): AbsenceRow => ({ playerId, fromDay, toDay });

  it('reads holidays and special leave as one list, each with its kind', () => {
    const absences = absencesOf(
      {
        holidays: [holiday('p1', '2027-02-01', '2027-02-20')],
        specialLeave: [leave('p1', '2027-03-02', '2027-03-05'), leave('p2', '2027-01-10', '2027-01-10')],
      },
      asDay,
    );
    expect(absences).toEqual([
      { kind: 'holiday', playerId: 'p1', from: '2027-02-01', to: '2027-02-20' },
      { kind: 'special-leave', playerId: 'p1', from: '2027-03-02', to: '2027-03-05' },
      { kind: 'special-leave', playerId: 'p2', from: '2027-01-10', to: '2027-01-10' },
    ]);
  });

  it('leaves out a holiday declaration a later one replaced (docs/rules.md §5)', () => {
    const absences = absencesOf(
      {
        holidays: [holiday('p1', '2027-02-01', '2027-02-20', new Date('2027-01-15T10:00:00Z')), holiday('p1', '2027-02-05', '2027-02-24')],
        specialLeave: [],
      },
      asDay,
    );
    expect(absences).toEqual([{ kind: 'holiday', playerId: 'p1', from: '2027-02-05', to: '2027-02-24' }]);
  });

  it('checks every stored day through `day`', () => {
    expect(() => absencesOf({ holidays: [], specialLeave: [leave('p1', '2027-3-2', '2027-03-05')] }, asDay)).toThrow(RangeError);
  });

  it('keeps every current row once, in order, and nothing else', () => {
    const row = fc.record({
      playerId: fc.constantFrom('p1', 'p2'),
      fromDay: fc.constantFrom('2027-01-01', '2027-02-10'),
      toDay: fc.constantFrom('2027-02-10', '2027-03-01'),
    });
    const holidayRow = fc
      .record({ row, replaced: fc.boolean() })
      .map(({ row: r, replaced }): HolidayRow => ({ ...r, replacedAt: replaced ? new Date(0) : null }));
    fc.assert(
      fc.property(fc.array(holidayRow, { maxLength: 6 }), fc.array(row, { maxLength: 6 }), (holidays, specialLeave) => {
        const absences = absencesOf({ holidays, specialLeave }, asDay);
        const current = holidays.filter((h) => h.replacedAt === null);
        expect(absences.map((a) => a.kind)).toEqual([...current.map(() => 'holiday'), ...specialLeave.map(() => 'special-leave')]);
        expect(absences.map(({ playerId, from, to }) => ({ playerId, fromDay: from, toDay: to }))).toEqual(
          [...current, ...specialLeave].map(({ playerId, fromDay, toDay }) => ({ playerId, fromDay, toDay })),
        );
      }),
    );
  });
});
