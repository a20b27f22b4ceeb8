// Standings of a group (docs/rules.md §7 interpretations): everybody in a group plays the same
// games, so the group is ranked by the sum of homologated coefficients; ties go to the
// higher single coefficient, then to the name. Pure, integers in ten-thousandths.
export interface StandingEntry {
  readonly playerId: string;
  readonly name: string;
  /** Each homologated game's coefficient, less any coefficient penalty (docs/rules.md §6). */
  readonly coefficients: readonly number[];
  /** Own score minus the opponent's, summed over the same games. */
  readonly scoreDifference: number;
}

export interface StandingRow {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly played: number;
  readonly total: number;
  /** Rounded half-up to four decimals; 0 before any game. */
  readonly average: number;
  readonly best: number;
  readonly scoreDifference: number;
}

export function rankGroup(entries: readonly StandingEntry[]): StandingRow[] {
  const rows = entries.map((e) => {
    const total = e.coefficients.reduce((s, c) => s + c, 0);
    const played = e.coefficients.length;
    return {
      playerId: e.playerId,
      name: e.name,
      played,
      total,
      average: played === 0 ? 0 : roundedRatio(total, played),
      best: played === 0 ? 0 : Math.max(...e.coefficients),
      scoreDifference: e.scoreDifference,
    };
  });
  rows.sort((a, b) => b.total - a.total || b.best - a.best || a.name.localeCompare(b.name, 'ro'));
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}

/** round-half-up(num / den) for den > 0, in integers (a negative sum after penalties rounds away from zero on .5). */
function roundedRatio(num: number, den: number): number {
  const sign = num < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(num) + den) / (2 * den));
}
