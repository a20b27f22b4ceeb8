// A player's days away (docs/rules.md §5): their declared holiday and any special leave the
// arbiter approves beyond it. The two tables have the same shape and, wherever both count
// (thinking days, silence, the clocks of the timeline), they are read as one list of absences here.

export type AbsenceKind = 'holiday' | 'special-leave';

/** A row of either table: the player's first and last day away, both included, as stored (`YYYY-MM-DD`). */
export interface AbsenceRow {
  readonly playerId: string;
  readonly fromDay: string;
  readonly toDay: string;
}

/** A holiday declaration stays on record when a later one replaces it (docs/rules.md §5); only the current one counts. */
export interface HolidayRow extends AbsenceRow {
  readonly replacedAt: Date | null;
}

export interface Absence<Day extends string = string> {
  readonly kind: AbsenceKind;
  readonly playerId: string;
  readonly from: Day;
  readonly to: Day;
}

/**
 * The absences that count, holidays first then special leave, each in the rows' order; `day`
 * checks a stored day and gives it its type (the thinking-time core's toLocalDate).
 */
export function absencesOf<Day extends string>(
  rows: { readonly holidays: readonly HolidayRow[]; readonly specialLeave: readonly AbsenceRow[] },
  day: (stored: string) => Day,
): Absence<Day>[] {
  const absence = (kind: AbsenceKind, r: AbsenceRow): Absence<Day> => ({
    kind,
    playerId: r.playerId,
    from: day(r.fromDay),
    to: day(r.toDay),
  });
  return [
    ...rows.holidays.filter((h) => h.replacedAt === null).map((h) => absence('holiday', h)),
    ...rows.specialLeave.map((l) => absence('special-leave', l)),
  ];
}
