// The PFS's sanctions (docs/rules.md §13, [P 7.1]): penalties deducted in multiples of 50
// points, and the walkover, 400:1, the opponent keeping a higher score. Pure.
import { otherColor, type Color } from '../../common/color';

/** [P 7.1]: "odjęcie wielokrotności 50 punktów". */
export const POINT_PENALTY_UNIT = 50;
/** [P 7.1]: "walkower przyznaje się w stosunku 400:1". */
export const WALKOVER_SCORE = 400;
export const WALKOVER_LOSER_SCORE = 1;

/** Whether `points` is a penalty the PFS deducts: a positive multiple of 50. */
export function isPointPenalty(points: number): boolean {
  return Number.isSafeInteger(points) && points > 0 && points % POINT_PENALTY_UNIT === 0;
}

/**
 * [P 7.1] The walkover's scores, `excluded` the player excluded from the game: 400 to the
 * opponent, or their own total when it is over 400 ("zachowuje on swoje punkty"), and 1 to the
 * excluded player.
 */
export function walkoverScores(totals: Readonly<Record<Color, number>>, excluded: Color): Record<Color, number> {
  const winner = otherColor(excluded);
  const scores = { red: 0, blue: 0 };
  scores[winner] = Math.max(WALKOVER_SCORE, totals[winner]);
  scores[excluded] = WALKOVER_LOSER_SCORE;
  return scores;
}
