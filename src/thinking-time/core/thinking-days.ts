// Thinking days (docs/rules.md §5, seed [C] "Timpul de gândire"): time runs from the day after
// the partner's move arrived until the day the reply is sent, that day not counted.
import {
  countNumberedDays,
  dayNumber,
  fromDayNumber,
  toNumberedRange,
  type DateRange,
  type LocalDate,
  type NumberedRange,
} from '../../common/calendar';

/** One move's thinking span: the day the partner's move arrived, the day the reply was sent. */
export interface MoveSpan {
  readonly arrived: LocalDate;
  readonly sent: LocalDate;
}

/**
 * Days the arbiter adds to or takes from a player's clock, effective from `on`: a charge
 * for a letter (mail) refused through the player's fault, a credit for days the platform
 * could not receive moves (docs/rules.md §5).
 */
export interface DayAdjustment {
  readonly kind: 'credit' | 'charge';
  readonly days: number;
  readonly on: LocalDate;
  readonly reason?: string;
}

/**
 * Thinking days of one move: the days strictly between arrival and sending, less the
 * player's holiday days among them. Seed examples: 10.08 → 10.08 = 0, 10.08 → 11.08 = 0,
 * 10.08 → 13.08 = 2.
 */
export function thinkingDaysForMove(arrived: LocalDate, sent: LocalDate, holidays: readonly DateRange[] = []): number {
  return daysStrictlyBetween(dayNumber(arrived), dayNumber(sent), holidays.map(toNumberedRange));
}

/**
 * The same count on numbered days, less any `excluded` days. It is also the silence count
 * of docs/rules.md §5, which runs like thinking time but pauses on announced long thinking too.
 */
export function daysStrictlyBetween(arrived: number, sent: number, excluded: readonly NumberedRange[]): number {
  if (sent < arrived) throw new RangeError(`move sent (${fromDayNumber(sent)}) before it arrived (${fromDayNumber(arrived)})`);
  return countNumberedDays({ from: arrived + 1, to: sent - 1 }, excluded);
}

/** Charges less credits. */
export function netAdjustment(adjustments: readonly DayAdjustment[]): number {
  let net = 0;
  for (const a of adjustments) {
    if (!Number.isSafeInteger(a.days) || a.days <= 0) throw new RangeError(`an adjustment is a positive number of days: ${a.days}`);
    net += a.kind === 'charge' ? a.days : -a.days;
  }
  return net;
}

/**
 * A clock's total from its moves' days and the adjustments. A credit gives back days the
 * clock ran, so it never takes the total below zero.
 */
export function adjustedTotal(moveDays: number, adjustments: readonly DayAdjustment[]): number {
  return Math.max(0, moveDays + netAdjustment(adjustments));
}

/** A player's thinking days over a game: their moves' spans, holidays and adjustments. */
export function thinkingDaysUsed(
  moves: readonly MoveSpan[],
  holidays: readonly DateRange[] = [],
  adjustments: readonly DayAdjustment[] = [],
): number {
  const moveDays = moves.reduce((sum, m) => sum + thinkingDaysForMove(m.arrived, m.sent, holidays), 0);
  return adjustedTotal(moveDays, adjustments);
}
