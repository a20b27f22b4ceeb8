// Standings of a group (docs/rules.md §7 interpretations): everybody in a group plays the same
// games, so the group is ranked by the sum of homologated coefficients; ties go to the
// higher single coefficient, then to the name. Pure, integers in ten-thousandths.
import { formatCoefficient } from './coefficients';

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

/** The standings as CSV, one row per player, group by group; coefficients with four decimals. */
export function standingsCsv(groups: readonly { readonly name: string; readonly rows: readonly StandingRow[] }[]): string {
  const lines = ['group,rank,name,played,total,average,best,score_difference'];
  for (const group of groups) {
    for (const r of group.rows) {
      lines.push(
        [
          csvText(group.name),
          csvNumber(r.rank),
          csvText(r.name),
          csvNumber(r.played),
          formatCoefficient(r.total),
          formatCoefficient(r.average),
          formatCoefficient(r.best),
          csvNumber(r.scoreDifference),
        ].join(','),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Excel reads a CSV as the local code page unless it starts with the UTF-8 byte order mark (Iași, not IaÈ™i). */
export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet takes for a formula (OWASP CSV injection): = + - @, and tab or CR before one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell (a name, a group): RFC 4180 quoting, and a cell a spreadsheet would run as a
 * formula is prefixed with ' and quoted (OWASP), so `=HYPERLINK(…)` in a player's name stays text.
 */
export function csvText(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return inert !== value || /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/**
 * A number the platform computed is written as it is, minus sign included: it cannot carry a
 * formula, and a quoted '-12 would turn a score difference into text nobody can sum.
 */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a number for the CSV: ${value}`);
  return String(value);
}
