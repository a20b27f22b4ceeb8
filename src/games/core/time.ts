// A player's actions on the clock (docs/rules.md §5): announcing a long think, claiming the
// partner's time. Pure: the clocks are read by the service (game-clocks.ts) and given here.
import type { Color } from '../../engine';
import { refusals } from './game-refusals';
import type { Play, Refusal } from './play';
import { turnPlayer } from './turns';

/** docs/rules.md §5: a player who means to think more than this many days on a move tells the partner. */
export const LONG_THINKING_DAYS = 10;

/** A long-thinking notice: by the player to move, for more than 10 days and no more than their time left. */
export function decideLongThinking(play: Play, color: Color, days: number, left: number): Refusal | null {
  if (play.status !== 'playing') return refusals.gameOver();
  if (turnPlayer(play) !== color) return refusals.notYourTurn();
  if (!Number.isSafeInteger(days) || days <= LONG_THINKING_DAYS || days > left) return refusals.longThinkingRefused(days, left);
  return null;
}

/**
 * A time claim (docs/rules.md §5): only once the partner has used more than the thinking days
 * by the platform's count, and one at a time — it waits for the arbiter.
 */
export function decideTimeClaim(
  play: Play,
  partnersClock: { readonly exceeded: boolean; readonly used: number },
  facts: { readonly thinkingDays: number; readonly claimWaiting: boolean },
): Refusal | null {
  if (play.status !== 'playing') return refusals.gameOver();
  if (!partnersClock.exceeded) {
    return refusals.notAllowedNow(
      `by the platform's count your partner has used ${partnersClock.used} of ${facts.thinkingDays} days: there is nothing to claim`,
      `după socoteala platformei partenerul a folosit ${partnersClock.used} din ${facts.thinkingDays} de zile: nu este nimic de reclamat`,
      `według platformy partner wykorzystał ${partnersClock.used} z ${facts.thinkingDays} dni: nie ma czego zgłaszać`,
    );
  }
  if (facts.claimWaiting) {
    return refusals.notAllowedNow(
      'a time claim is already waiting for the arbiter',
      'o reclamație de timp așteaptă deja decizia arbitrului',
      'zgłoszenie przekroczenia czasu już czeka na decyzję sędziego',
    );
  }
  return null;
}
