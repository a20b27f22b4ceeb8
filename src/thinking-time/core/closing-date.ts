// The closing date (docs/rules.md §5, §7; docs/rules.md "Play stops at the closing date"): the
// clocks run through the closing day and play stops after it; an unfinished game then goes
// to the closing-date procedure, with the result the platform proposes to the arbiter.
// Pure: no Nest, no database, no clock.
import type { Color } from '../../common/color';
import { compareDays, localDate, type LocalDate } from '../../common/calendar';

/** Play is open through the closing day itself and closed from the day after (the clocks stop there, timeline.ts). */
export function isPlayClosed(today: LocalDate, closing: LocalDate): boolean {
  return compareDays(today, closing) > 0;
}

/** The same, for an instant read in the competition's time zone. */
export function isPlayClosedAt(instant: Date, timeZone: string, closing: LocalDate): boolean {
  return isPlayClosed(localDate(instant, timeZone), closing);
}

/** What the platform knows of an unfinished game when its closing-date case is opened. */
export interface ClosingGameFacts {
  /** A time claim waits for the arbiter's ruling (docs/rules.md §5). */
  readonly openClaim: boolean;
  /** The live lines: two while an appealed word waits for the ruling (docs/rules.md §6). */
  readonly liveLines: number;
  /** Every move ever recorded in the game, passes and annulled lines included. */
  readonly movesMade: number;
  /** Whoever owed the first move (RED, docs/rules.md §2). */
  readonly firstToMove: Color;
}

/** The outcome proposed at the closing date, or null when the arbiter must rule on something first. */
export type ClosingProposal = { readonly type: 'unfinished' } | { readonly type: 'no-show'; readonly by: Color } | null;

/**
 * The platform's reading of §7 (docs/rules.md): the platform's own record is the
 * information the arbiter lacks on paper, so a game with moves and no open claim is
 * proposed 1 / 1 whether or not a player declared its state; a game in which no move was
 * ever made is a no-show of the player who owed the first move (0, the partner 1.5300).
 * With a claim open, or two lines live, nothing is proposed: the arbiter rules first.
 */
export function closingDateProposal(facts: ClosingGameFacts): ClosingProposal {
  if (facts.openClaim || facts.liveLines !== 1) return null;
  if (facts.movesMade === 0) return { type: 'no-show', by: facts.firstToMove };
  return { type: 'unfinished' };
}
