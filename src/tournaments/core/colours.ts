// Who plays RED in each game of a round (docs/rules.md §11.3 "Colours"): a step after any system's
// pairing, so that every system, the fixed schedules included, keeps each player's REDs and BLUEs
// balanced across the rounds of a plan that mixes systems. Pure.
import type { History, PlayerId, Side } from './tournament';

/**
 * RED to the player who has had RED fewer times (REDs minus BLUEs lower); when even, to the one
 * who was BLUE last; when still even, the pair stays as the system gave it (its own tie-break:
 * Clark's table, or the higher placed in odd rounds). With the pair fixed this is the best one
 * game can do: the larger of the two players' imbalances never grows, except from 0 to 1 or
 * when both had the same imbalance (one of them must then move away from even).
 */
export function orientPair(pair: readonly [PlayerId, PlayerId], history: History): readonly [PlayerId, PlayerId] {
  const [a, b] = pair;
  const balance = (p: PlayerId) => history.colourBalance.get(p) ?? 0;
  const last = (p: PlayerId): Side | undefined => history.lastColour.get(p);
  if (balance(a) !== balance(b)) return balance(a) < balance(b) ? [a, b] : [b, a];
  if (last(a) !== last(b)) return last(a) === 'blue' || last(b) === 'red' ? [a, b] : [b, a];
  return [a, b];
}

/** The round's pairs, each oriented by `orientPair`, in the order given. */
export function assignColours(pairs: ReadonlyArray<readonly [PlayerId, PlayerId]>, history: History): Array<readonly [PlayerId, PlayerId]> {
  return pairs.map((pair) => orientPair(pair, history));
}
