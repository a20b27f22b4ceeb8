// docs/rules.md §5, a time claim: "the claim is presumed justified until the answer arrives; the
// other player answers the arbiter within 5 days of being told". Pure: the day the accused
// was told (the claim's day: the platform announces it in the same step), today, whether an
// answer came; out: the answer window, whether an answer is still taken, and whether the
// arbiter may uphold the claim now or only with an explicit override.
import { addDays, compareDays, diffDays, type LocalDate } from '../../common/calendar';

/** docs/rules.md §5: the accused answers within 5 days of being told. */
export const CLAIM_ANSWER_DAYS = 5;

export interface ClaimWindowInput {
  /** The day the accused was told: the day the claim was made. */
  readonly toldOn: LocalDate;
  readonly today: LocalDate;
  /** The accused has answered (by any channel). */
  readonly answered: boolean;
}

export interface ClaimWindow {
  /** The last day an answer is taken: told on the 1st, answered by the 6th. */
  readonly answerBy: LocalDate;
  /** Days counted since the accused was told (0 on that day). */
  readonly daysSinceTold: number;
  /** Days left to answer, today included; 0 once the window closed. */
  readonly daysLeft: number;
  /** An answer is still taken today. */
  readonly open: boolean;
  /** The 5 days passed without an answer: the case says so. */
  readonly lapsed: boolean;
  /** The arbiter has what the rule waits for: the answer, or the 5 days passed. */
  readonly ripe: boolean;
}

export function claimWindow(input: ClaimWindowInput): ClaimWindow {
  const answerBy = addDays(input.toldOn, CLAIM_ANSWER_DAYS);
  const open = compareDays(input.today, answerBy) <= 0;
  const daysSinceTold = Math.max(0, diffDays(input.toldOn, input.today));
  return {
    answerBy,
    daysSinceTold,
    daysLeft: open ? diffDays(input.today, answerBy) + 1 : 0,
    open,
    lapsed: !open && !input.answered,
    ripe: input.answered || !open,
  };
}

export type AnswerDecision =
  { readonly ok: true } | { readonly ok: false; readonly code: 'CLAIM_ANSWER_LATE'; readonly answerBy: LocalDate };

/** An answer is taken through the last day of the window, refused after it. */
export function mayAnswer(window: ClaimWindow): AnswerDecision {
  return window.open ? { ok: true } : { ok: false, code: 'CLAIM_ANSWER_LATE', answerBy: window.answerBy };
}

export type UpholdDecision =
  | { readonly ok: true; readonly overridden: boolean }
  | { readonly ok: false; readonly code: 'CLAIM_WINDOW_OPEN'; readonly answerBy: LocalDate };

/**
 * Rejecting a claim is always open to the arbiter (it only helps the accused). Upholding it
 * while the accused may still answer (no answer yet, window open) needs an explicit override;
 * `overridden` says when the override was what allowed it (the audit records it).
 */
export function mayRule(window: ClaimWindow, ruling: { readonly upheld: boolean; readonly override: boolean }): UpholdDecision {
  if (!ruling.upheld || window.ripe) return { ok: true, overridden: false };
  if (ruling.override) return { ok: true, overridden: true };
  return { ok: false, code: 'CLAIM_WINDOW_OPEN', answerBy: window.answerBy };
}
