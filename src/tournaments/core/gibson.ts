// The Gibson rule (Annex 3 §7; docs/rules.md §11.4): a player in a prize place who can no longer
// lose it nor improve it before the last round(s) is paired with the best-placed player who can no
// longer win a prize. "Can no longer" is counted with the 350 cap of F 9.5.1c: in each round left a
// player gains or loses at most one point and 350 of spread.
import { SPREAD_CAP } from './results';
import type { StandingRow } from './standings';
import { pairKey, type History, type PlayerId } from './tournament';

/** Whether `ahead` stays ahead of `behind` whatever the `roundsLeft` rounds bring. */
export function certainlyAhead(ahead: StandingRow, behind: StandingRow, roundsLeft: number): boolean {
  const pointsGap = ahead.points - (behind.points + roundsLeft);
  if (pointsGap !== 0) return pointsGap > 0;
  return ahead.spread - SPREAD_CAP * roundsLeft > behind.spread + SPREAD_CAP * roundsLeft;
}

/**
 * The players in the first `prizePlaces` places (of an intermediate standing, best first) who can
 * neither be overtaken by anyone below nor overtake anyone above in the `roundsLeft` rounds left.
 */
export function gibsonized(rows: readonly StandingRow[], roundsLeft: number, prizePlaces: number): PlayerId[] {
  if (roundsLeft < 1) return [];
  const out: PlayerId[] = [];
  rows.slice(0, prizePlaces).forEach((row, i) => {
    const safeBelow = rows.slice(i + 1).every((below) => certainlyAhead(row, below, roundsLeft));
    const fixedAbove = rows.slice(0, i).every((above) => certainlyAhead(above, row, roundsLeft));
    if (safeBelow && fixedAbove) out.push(row.id);
  });
  return out;
}

/** Whether `row` can no longer finish in a prize place: at least `prizePlaces` players are certainly ahead. */
export function outOfPrizes(row: StandingRow, rows: readonly StandingRow[], roundsLeft: number, prizePlaces: number): boolean {
  return rows.filter((other) => other !== row && certainlyAhead(other, row, roundsLeft)).length >= prizePlaces;
}

/**
 * The opponent of a gibsonized player: the best placed of `available` who can no longer win a
 * prize, preferring one they have not met; undefined when no such player is left.
 */
export function gibsonOpponent(
  player: PlayerId,
  available: readonly StandingRow[],
  rows: readonly StandingRow[],
  roundsLeft: number,
  prizePlaces: number,
  history: History,
): StandingRow | undefined {
  const out = available.filter((row) => row.id !== player && outOfPrizes(row, rows, roundsLeft, prizePlaces));
  return out.find((row) => !history.met.has(pairKey(player, row.id))) ?? out[0];
}
