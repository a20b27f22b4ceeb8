// How each result of a tournament in rounds is recorded (docs/rules.md §11.1; F 9.5): the ranking
// points and the spread (punctaveraj) each player gets, capped at 350 (F 7.1.5, 9.5.1c).
import { isBye, type GameResult, type PlayerId, type Round, type Side } from './tournament';

/** F 9.5.1c: the final score difference counts at most this much, for winner and loser alike. */
export const SPREAD_CAP = 350;
/** F 9.5.2, 9.5.3: a no-show or a bye is worth this much spread. */
export const FORFEIT_SPREAD = 75;
/** F 9.5.4b–c: a time forfeit or an abandonment gives the winner at least this much. */
export const MINIMUM_FORFEIT_WIN = 50;

/** What one player gets from one round. */
export interface Share {
  readonly points: number;
  readonly spread: number;
  /** The game was played over the board: its spread counts for F 9.7's final tie-break. */
  readonly played: boolean;
}

export interface GameShares {
  readonly red: Share;
  readonly blue: Share;
}

export function capSpread(difference: number): number {
  return Math.max(-SPREAD_CAP, Math.min(SPREAD_CAP, difference));
}

const other = (side: Side): Side => (side === 'red' ? 'blue' : 'red');

function sides(winner: Side | undefined, spread: number, played: boolean, loserSpread = -spread): GameShares {
  if (winner === undefined) {
    const draw = { points: 0.5, spread: 0, played };
    return { red: draw, blue: draw };
  }
  const win: Share = { points: 1, spread, played };
  const loss: Share = { points: 0, spread: loserSpread, played };
  return winner === 'red' ? { red: win, blue: loss } : { red: loss, blue: win };
}

/** The winner's margin from the scores at the moment of a forfeit (red − blue seen from the winner), 0 when not given. */
function marginAtForfeit(result: GameResult, winner: Side): number {
  if (result.red === undefined || result.blue === undefined) return 0;
  return winner === 'red' ? result.red - result.blue : result.blue - result.red;
}

/**
 * One game's points and spreads (F 9.5). `roundLargestDifference` is the largest capped score
 * difference of the round, which an unexcused no-show also loses (F 9.5.2b).
 */
export function gameShares(result: GameResult, roundLargestDifference: number): GameShares {
  switch (result.kind) {
    case 'normal':
    case 'six-zeros': {
      // F 9.5.4a: six zero turns are scored as a normal end once the racks are deducted.
      const difference = capSpread(result.red! - result.blue!);
      if (difference === 0) return sides(undefined, 0, true);
      return sides(difference > 0 ? 'red' : 'blue', Math.abs(difference), true);
    }
    case 'no-show-excused':
      return sides(other(result.loser!), FORFEIT_SPREAD, false);
    case 'no-show':
      return sides(other(result.loser!), FORFEIT_SPREAD, false, -(FORFEIT_SPREAD + roundLargestDifference));
    case 'both-absent': {
      const absent = { points: 0, spread: -FORFEIT_SPREAD, played: false };
      return { red: absent, blue: absent };
    }
    case 'time': {
      const winner = other(result.loser!);
      return sides(winner, capSpread(Math.max(marginAtForfeit(result, winner), MINIMUM_FORFEIT_WIN)), true);
    }
    case 'abandon': {
      const winner = other(result.loser!);
      return sides(winner, capSpread(Math.max(marginAtForfeit(result, winner) + MINIMUM_FORFEIT_WIN, MINIMUM_FORFEIT_WIN)), true);
    }
    case 'draw-no-slip':
    case 'draw-arbiter':
      return sides(undefined, 0, true);
  }
}

/** F 9.5.3: a bye is a win by 75, not rated. */
export const BYE_SHARE: Share = { points: 1, spread: FORFEIT_SPREAD, played: false };

/** The largest capped score difference among the round's games played to their end (F 9.5.2b). */
export function largestDifference(round: Round): number {
  let largest = 0;
  for (const entry of round) {
    if (isBye(entry) || !entry.result) continue;
    const { kind, red, blue } = entry.result;
    if (kind !== 'normal' && kind !== 'six-zeros') continue;
    largest = Math.max(largest, Math.abs(capSpread(red! - blue!)));
  }
  return largest;
}

/** F 4.4.6f: a round missed by a late entrant, scored as an unexcused no-show's loss, not a game. */
export function lateShare(roundLargestDifference: number): Share {
  return { points: 0, spread: -(FORFEIT_SPREAD + roundLargestDifference), played: false };
}

/** Each player's share of one round: byes and finished games; games still running give nothing yet. */
export function roundShares(round: Round): Array<{ readonly player: PlayerId; readonly share: Share }> {
  const largest = largestDifference(round);
  const shares: Array<{ player: PlayerId; share: Share }> = [];
  for (const entry of round) {
    if (isBye(entry)) {
      shares.push({ player: entry.bye, share: BYE_SHARE });
      continue;
    }
    if (!entry.result) continue;
    const game = gameShares(entry.result, largest);
    shares.push({ player: entry.red, share: game.red }, { player: entry.blue, share: game.blue });
  }
  return shares;
}
