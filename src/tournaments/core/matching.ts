// The pieces every pairing system shares (docs/rules.md §11.2–10.3): pairing down an ordered list
// without rematches (F 9.2d–e), who sits out (F 9.2f), and who plays RED.
import { orientPair } from './colours';
import { pairKey, type History, type PlayerId, type TournamentPlayer } from './tournament';

export type Pair = readonly [TournamentPlayer, TournamentPlayer];

/** Whether two players may meet: not again, and not club mates when the club rule holds (F 9.2d–e). */
export type Allowed = (a: TournamentPlayer, b: TournamentPlayer) => boolean;

export function notMet(history: History): Allowed {
  return (a, b) => !history.met.has(pairKey(a.id, b.id));
}

export function notMetNorClubMates(history: History): Allowed {
  return (a, b) => !history.met.has(pairKey(a.id, b.id)) && (a.club === undefined || a.club !== b.club);
}

/**
 * How many tries the search for a pairing without rematches may make before the greedy
 * fallback of F 9.2e decides; bounded so that a field of a thousand answers at once.
 */
const SEARCH_STEPS = 10_000;

/**
 * The top player with the first player below them that `allowed` accepts, and so on down, going
 * back up only when the players left could not all be paired (so a rematch is never forced on the
 * bottom of the list while another choice higher up avoids it). `candidates` orders the partners a
 * player is offered; by default everyone below, nearest first.
 */
export function searchPairs(
  list: readonly TournamentPlayer[],
  allowed: Allowed,
  candidates: (top: TournamentPlayer, rest: readonly TournamentPlayer[]) => readonly TournamentPlayer[] = (_top, rest) => rest,
): Pair[] | undefined {
  let steps = SEARCH_STEPS;
  const search = (rest: readonly TournamentPlayer[]): Pair[] | undefined => {
    if (rest.length === 0) return [];
    if (--steps < 0) return undefined;
    const [top, ...others] = rest;
    for (const partner of candidates(top, others)) {
      if (!allowed(top, partner)) continue;
      const below = search(others.filter((p) => p !== partner));
      if (below) return [[top, partner], ...below];
      if (steps < 0) return undefined;
    }
    return undefined;
  };
  return search(list);
}

/**
 * F 9.2d–e: pairs down the list, no rematch and (with the club rule) no club mates; when that is
 * impossible the club rule gives way first, then the seed's own fallback: each player in turn
 * takes the first allowed player below, or else simply the next one (docs/rules.md §11.3).
 */
export function pairDown(list: readonly TournamentPlayer[], history: History, clubRule: boolean): Pair[] {
  if (clubRule) {
    const strict = searchPairs(list, notMetNorClubMates(history));
    if (strict) return strict;
  }
  const noRematch = searchPairs(list, notMet(history));
  if (noRematch) return noRematch;
  return greedyDown(list, clubRule ? notMetNorClubMates(history) : notMet(history));
}

/** Each player in turn with the first allowed player below, else the next one (F 9.2e's last resort). */
export function greedyDown(list: readonly TournamentPlayer[], allowed: Allowed): Pair[] {
  const rest = [...list];
  const pairs: Pair[] = [];
  while (rest.length >= 2) {
    const top = rest.shift()!;
    const index = Math.max(
      0,
      rest.findIndex((p) => allowed(top, p)),
    );
    pairs.push([top, rest.splice(index, 1)[0]]);
  }
  return pairs;
}

/** Adjacent pairs, 1–2, 3–4, …, rematches or not (KOTH without restriction, the Danish system). */
export function adjacentPairs(list: readonly TournamentPlayer[]): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
  return pairs;
}

/**
 * Who sits out when the field is odd (F 9.2f): the lowest in `order` who has not sat out yet. From
 * the 13th round on (F 9.2f allows a bye a day in longer events) the lowest with the fewest byes.
 * Undefined when everyone has sat out and the rule forbids a second bye.
 */
export function chooseBye(order: readonly TournamentPlayer[], history: History, roundNumber: number): TournamentPlayer | undefined {
  const byes = (p: TournamentPlayer) => history.byes.get(p.id) ?? 0;
  const fresh = [...order].reverse().find((p) => byes(p) === 0);
  if (fresh || roundNumber <= 12) return fresh;
  const fewest = Math.min(...order.map(byes));
  return [...order].reverse().find((p) => byes(p) === fewest);
}

/**
 * Who plays RED (docs/rules.md §11.3): the player who has had RED fewer times; when even, the one
 * who was BLUE last; when still even, the higher placed in odd rounds and the lower in even ones.
 */
export function colour(pair: Pair, history: History, roundNumber: number): readonly [PlayerId, PlayerId] {
  const [a, b] = pair;
  return orientPair(roundNumber % 2 === 1 ? [a.id, b.id] : [b.id, a.id], history);
}

/** The pairs in colours, in the order given. */
export function colourPairs(pairs: readonly Pair[], history: History, roundNumber: number): Array<readonly [PlayerId, PlayerId]> {
  return pairs.map((pair) => colour(pair, history, roundNumber));
}
