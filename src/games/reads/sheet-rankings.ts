import type { RuleBook } from '../../engine';

/**
 * docs/rules.md §12.1: the ranking each player brings to a game, printed on its sheet — the
 * federation's ranking (src/ranking) provides it; without it the sheet prints none.
 */
export interface SheetRankings {
  /** Each player's ranking after the last competition of theirs counted before `day`; absent: none yet. */
  rankingsBefore(federation: RuleBook, playerIds: readonly string[], day: string): Promise<Map<string, number>>;
}

export const SHEET_RANKINGS = Symbol('SHEET_RANKINGS');
