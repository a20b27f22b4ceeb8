// The arbiter's decisions (RULES.md §5–§7) as plain values: what each kind says, and the
// checks every ruling passes before it changes anything (a reason, amounts in range).
import type { Color } from '../games/engine';
import type { GameOutcome } from '../games/game-state';
import { Refusal } from '../auth/refusal';

/** RULES.md §6: a deduction of 0.1–1 from a game's coefficient, in ten-thousandths. */
export const MIN_COEFFICIENT_PENALTY = 1_000;
export const MAX_COEFFICIENT_PENALTY = 10_000;

/** A ruling on one game. Every kind carries the arbiter's reason. */
export type GameRuling =
  /** RULES.md §6: the contested word is valid (the move stands: line A) or not (line B). */
  | { readonly kind: 'word'; readonly valid: boolean }
  /** RULES.md §5: the time claim is upheld (the game is lost on time) or rejected. */
  | {
      readonly kind: 'claim';
      readonly upheld: boolean;
      /** Upholds before the accused's 5 days to answer ran out (claim-window.ts mayRule): explicit, with the reason, audited. */
      readonly earlyOverride?: boolean;
    }
  /** RULES.md §6: "the arbiter may correct score arithmetic at any time": points added to (or taken from) a player's score. */
  | { readonly kind: 'score-correction'; readonly player: Color; readonly points: number }
  /** RULES.md §6: a technically wrong move and everything after it are annulled; play resumes before it. */
  | { readonly kind: 'move-annulment'; readonly number: number }
  /** RULES.md §5: days charged (a refused letter, 10) or credited (the platform was down) to a player's clock. */
  | { readonly kind: 'thinking-days'; readonly player: Color; readonly days: number }
  /** RULES.md §6 sanction: 0.1–1 deducted from the player's coefficient of this game. */
  | { readonly kind: 'coefficient-penalty'; readonly player: Color; readonly amount: number }
  | { readonly kind: 'warning'; readonly player: Color }
  /** RULES.md §7: an ending the arbiter records (no-show, forfeit, closing date, …). */
  | { readonly kind: 'outcome'; readonly outcome: GameOutcome };

export type GameRulingKind = GameRuling['kind'];

/** A ruling with its mandatory reason. */
export type RulingInput = GameRuling & { readonly reason: string };

const bad = (en: string, ro: string) => new Refusal('BAD_INPUT', { ro, en }, 400);

/** Refuses a ruling that cannot be applied whatever the game's state. */
export function checkRuling(ruling: RulingInput): void {
  if (typeof ruling.reason !== 'string' || ruling.reason.trim() === '') {
    throw new Refusal('REASON_REQUIRED', { ro: 'Decizia arbitrului trebuie motivată.', en: "The arbiter's decision needs a reason." }, 400);
  }
  switch (ruling.kind) {
    case 'score-correction':
      if (!Number.isSafeInteger(ruling.points) || ruling.points === 0) throw bad('a score correction is a whole, non-zero number of points', 'corecția de scor este un număr întreg de puncte, diferit de zero');
      return;
    case 'move-annulment':
      if (!Number.isSafeInteger(ruling.number) || ruling.number < 1) throw bad('the move to annul is a move number', 'mutarea anulată se dă prin numărul ei');
      return;
    case 'thinking-days':
      if (!Number.isSafeInteger(ruling.days) || ruling.days === 0) throw bad('days charged (positive) or credited (negative), not zero', 'zile adăugate (pozitiv) sau scăzute (negativ), nu zero');
      return;
    case 'coefficient-penalty':
      if (!Number.isSafeInteger(ruling.amount) || ruling.amount < MIN_COEFFICIENT_PENALTY || ruling.amount > MAX_COEFFICIENT_PENALTY) {
        throw bad('a coefficient penalty is from 0.1 to 1 (1000 to 10000 ten-thousandths)', 'penalizarea de coeficient este între 0,1 și 1');
      }
      return;
    default:
      return;
  }
}
