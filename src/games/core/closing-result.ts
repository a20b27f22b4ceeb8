// The result proposed at the closing date (docs/rules.md §7 "The closing date"): the outcome the
// platform reads from its own record (closingDateProposal) scored on the running totals, as the
// sweep writes it into the arbiter's case, the game page shows it and homologation applies it.
// Pure: no Nest, no database, no clock.
import type { Color } from '../../common/color';
import { computeCoefficients, toDecimal } from '../../coefficients/core/coefficients';
import { closingDateProposal, DEFAULT_TIMELINE_RULES, type ClosingGameFacts } from '../../thinking-time/core';
import { addDays, type LocalDate } from '../../common/calendar';
import { coefficientOutcome } from './game-record-replay';
import type { GameOutcome } from './game-state';

/** A proposed result: the outcome, the scores it is read on, and the coefficients (decimals, 1.53). */
export interface ProposedResult {
  readonly outcome: GameOutcome;
  readonly scores: Readonly<Record<Color, number>>;
  readonly coefficients: Readonly<Record<Color, number>>;
}

/** An outcome scored on the running totals (docs/rules.md §7 interpretations): the proposal a case carries. */
export function proposedResult(outcome: GameOutcome, scores: Readonly<Record<Color, number>>, movesPlayed: number): ProposedResult {
  const coefficients = computeCoefficients(scores, coefficientOutcome(outcome, movesPlayed));
  return {
    outcome: { ...outcome },
    scores: { red: scores.red, blue: scores.blue },
    coefficients: { red: toDecimal(coefficients.red), blue: toDecimal(coefficients.blue) },
  };
}

/**
 * The closing-date proposal of an unfinished game, or null when the arbiter must rule first (an
 * open time claim, two live lines). `line` is the one live line's totals and moves played.
 */
export function closingResult(
  facts: ClosingGameFacts,
  line: { readonly totals: Readonly<Record<Color, number>>; readonly movesPlayed: number } | null,
): ProposedResult | null {
  const outcome = closingDateProposal(facts);
  return outcome && line ? proposedResult(outcome, line.totals, line.movesPlayed) : null;
}

/**
 * docs/rules.md "The closing date": the report window (5 days after the closing date) is the
 * players' time to answer the closing-date result, so its last day is the result's last day to
 * confirm or object — homologating it opens no second window.
 */
export function reportWindowEnd(closing: LocalDate): LocalDate {
  return addDays(closing, DEFAULT_TIMELINE_RULES.reportWindowDays);
}
