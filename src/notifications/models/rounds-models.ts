// The mails of a tournament in rounds (docs/rules.md §11.6): a player who sits out a round is
// told so, as the players paired are mailed their game (the game-start mail).
import type { LocalDate } from '../../common/calendar';

/** F 9.5.3: the player who sits out the round, with what the bye gives. */
export interface RoundByeModel {
  readonly name: string;
  readonly competition: string;
  readonly round: number;
  /** The day the round's games close: the next round is paired after it at the latest. */
  readonly closingDate: LocalDate;
}

/** docs/rules.md §11.6: the arbiter is told once that every game of a round has its result. */
export interface RoundCompleteModel {
  /** The arbiter's name. */
  readonly name: string;
  readonly competition: string;
  readonly round: number;
  readonly games: number;
  /** The round to pair next; null when the plan's last round is the one complete (the final standings). */
  readonly nextRound: number | null;
  /** The arbiter's rounds page, where the next round is paired. */
  readonly roundsUrl: string;
}

export interface RoundMailModels {
  'round-bye': RoundByeModel;
  'round-complete': RoundCompleteModel;
}

export const ROUND_MAIL_TEMPLATE_NAMES: readonly (keyof RoundMailModels)[] = ['round-bye', 'round-complete'];
