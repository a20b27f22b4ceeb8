// Result coefficients (docs/rules.md §7, seed [C] "Omologarea rezultatelor"). Every value is
// an integer number of ten-thousandths (1.5219 = 15219): the regulation rounds
// "definitively to four decimals", so the arithmetic is exact and floats never enter.
import { COEFFICIENT_ONE } from '../../common/coefficient-format';
import { otherColor, type Color } from '../../common/color';

/** A coefficient pair in ten-thousandths. */
export interface Coefficients {
  readonly red: number;
  readonly blue: number;
}

export type Outcome =
  | { readonly type: 'finished' }
  | { readonly type: 'abandon' | 'timeout'; readonly by: Color; readonly fullTours: number }
  | { readonly type: 'no-show'; readonly by: Color }
  | { readonly type: 'interrupted' }
  | { readonly type: 'draw-agreement' }
  | { readonly type: 'unfinished' }
  | { readonly type: 'no-information' }
  /** docs/rules.md §13 [P 7.1]: the excluded player's game given to the opponent, scored 400:1 (or the opponent's higher score). */
  | { readonly type: 'walkover'; readonly by: Color };

export type OutcomeType = Outcome['type'];

const ONE = COEFFICIENT_ONE;
const TWO = 2 * ONE;
/** §7: "the highest coefficient ever homologated is 1.6667, whatever the score". */
export const MAX_COEFFICIENT = 16_667;
/** §7: the abandonment floor and base of its ceiling, also the positive-against-non-positive win. */
const ABANDON_BASE = 15_300;
/** §7: 1.53 + 0.01 for each full tour. */
const PER_FULL_TOUR = 100;

/** docs/rules.md §7 interpretations: a full tour is one move of each player, n = ⌊moves played / 2⌋ (passes count). */
export function fullTours(movesPlayed: number): number {
  requireCount('movesPlayed', movesPlayed);
  return Math.floor(movesPlayed / 2);
}

/** The homologated coefficients of a game, from its running scores and how it ended. */
export function computeCoefficients(scores: { readonly red: number; readonly blue: number }, outcome: Outcome): Coefficients {
  requireScore('red', scores.red);
  requireScore('blue', scores.blue);
  const pair = beforeCeiling(scores, outcome);
  // The ceiling binds the winner only; the loser "keeps the coefficient computed normally".
  return { red: Math.min(pair.red, MAX_COEFFICIENT), blue: Math.min(pair.blue, MAX_COEFFICIENT) };
}

function beforeCeiling(scores: Coefficients, outcome: Outcome): Coefficients {
  switch (outcome.type) {
    case 'finished':
      return byScore(scores);
    case 'abandon':
    case 'timeout':
      // §7: exceeding the thinking time is treated as abandonment by the player who exceeded it.
      requireColor(outcome.by);
      requireCount('fullTours', outcome.fullTours);
      return abandonment(scores, outcome.by, outcome.fullTours);
    case 'no-show':
      // §7: 0 for the no-show; the interpretations give the partner 1.5300, as an abandonment before any tour.
      requireColor(outcome.by);
      return withColors(otherColor(outcome.by), ABANDON_BASE, 0);
    case 'interrupted':
      return interruption(scores);
    case 'draw-agreement':
    case 'unfinished':
      // §7: an agreed draw is 1/1 at any score; so is a game unfinished at the closing date
      // when at least one player declared its state and no time claim stands.
      return { red: ONE, blue: ONE };
    case 'no-information':
      // §7: nobody declared the game's state by the closing date.
      return { red: 0, blue: 0 };
    case 'walkover':
      // docs/rules.md §13: the walkover's scores (games/core/pfs-rules.ts walkoverScores) give the coefficients as a normal end.
      requireColor(outcome.by);
      return byScore(scores);
  }
}

/**
 * The score-based coefficients of §7, used for a normal end and as the starting point of
 * an abandonment. The winner's is rounded half-up and the loser's is 2 minus it, so the
 * pair sums to exactly 2 (524–480 → 1.5219 / 0.4781; 401–399 → 1.5013 / 0.4987, where
 * rounding each alone would give 2.0001).
 */
function byScore(scores: Coefficients): Coefficients {
  if (scores.red === scores.blue) return { red: ONE, blue: ONE };
  const winner: Color = scores.red > scores.blue ? 'red' : 'blue';
  const P = scores[winner];
  const p = scores[otherColor(winner)];
  let c: number;
  if (p > 0) c = ONE + ratio(P, P + p);
  else if (P > 0)
    c = ABANDON_BASE; // winner positive, loser negative or zero
  else c = 15_000; // both negative, or one negative and the other zero
  return withColors(winner, c, TWO - c);
}

/**
 * §7 abandonment: the remaining player wins with the coefficient of the score, at least
 * 1.53 when the score was against them (equal scores count as against: interpretations),
 * at most 1.53 + 0.01·n after n full tours; the abandoner gets the coefficient of the
 * score, at most 2 − the winner's.
 */
function abandonment(scores: Coefficients, by: Color, tours: number): Coefficients {
  const stayer = otherColor(by);
  const score = byScore(scores);
  let winner = score[stayer];
  if (scores[stayer] <= scores[by]) winner = Math.max(winner, ABANDON_BASE);
  winner = Math.min(winner, ABANDON_BASE + PER_FULL_TOUR * tours);
  return withColors(stayer, winner, Math.min(score[by], TWO - winner));
}

/**
 * §7 interruption: one point shared in proportion to the scores, plus 0.5 each
 * (524–480 → 1.0219 / 0.9781). A score below zero takes no share of the point, so when
 * neither score is positive (0–0 included) the point is shared equally.
 */
function interruption(scores: Coefficients): Coefficients {
  const red = Math.max(0, scores.red);
  const blue = Math.max(0, scores.blue);
  if (red === blue) return { red: ONE, blue: ONE };
  const leader: Color = red > blue ? 'red' : 'blue';
  // Rounded as a normal end: the leader's share half-up, the other 2 minus the leader's.
  const c = ONE / 2 + ratio(Math.max(red, blue), red + blue);
  return withColors(leader, c, TWO - c);
}

/** round-half-up(ONE · num / den) for 0 ≤ num ≤ den, den > 0, in exact integer arithmetic. */
function ratio(num: number, den: number): number {
  const n = BigInt(num);
  const d = BigInt(den);
  return Number((2n * BigInt(ONE) * n + d) / (2n * d));
}

function withColors(first: Color, firstC: number, secondC: number): Coefficients {
  return first === 'red' ? { red: firstC, blue: secondC } : { red: secondC, blue: firstC };
}

/** 1.5219 from 15219, for JSON and display; the nearest double prints as the four decimals. */
export function toDecimal(tenThousandths: number): number {
  if (!Number.isSafeInteger(tenThousandths)) throw new RangeError(`not a coefficient in ten-thousandths: ${tenThousandths}`);
  return tenThousandths / ONE;
}

function requireScore(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name}'s score must be a whole number: ${value}`);
}

function requireCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number ≥ 0: ${value}`);
}

function requireColor(value: string): void {
  if (value !== 'red' && value !== 'blue') throw new RangeError(`not a colour: ${JSON.stringify(value)}`);
}

/**
 * A game's coefficient after the arbiter's deductions (docs/rules.md §6 sanctions: 0.1–1 from a
 * game's coefficient), in ten-thousandths. The rules know no coefficient below 0 (§7: a
 * no-show's is 0, the lowest there is), so a deduction takes at most what the player has.
 */
export function penalizedCoefficient(coefficient: number, deductions: number): number {
  return Math.max(0, coefficient - Math.max(0, deductions));
}
