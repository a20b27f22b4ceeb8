// The systems that pair down a standing (docs/rules.md §11.3): the Swiss system of F 9.2, King of
// the Hill (Annex 3 §1), Portland Swiss (§6), the factorized FP4 and FP6 (§4), Green byes (§8a)
// and the Danish system of the Polish rules (P, "System rozgrywania turniejów").
import { adjacentPairs, chooseBye, pairDown, type Pair } from './matching';
import { seededShuffle } from './random';
import { pfsOrder } from './score-groups';
import { rankedPlayers } from './standings';
import { pairFromStandings, tooFewPlayers, unfinished } from './standings-pairing';
import { defaultRounds, initialOrder, type History, type PairingOutcome, type Tournament, type TournamentPlayer } from './tournament';

/** The seed of the first round's draw when the arbiter names none. */
export const DEFAULT_SEED = 1;

function pairDownFor(tournament: Tournament) {
  return (list: readonly TournamentPlayer[], history: History): Pair[] => pairDown(list, history, tournament.settings.clubRule === true);
}

/**
 * F 9.2: the first round drawn at random from `seed` (9.2a), then the standing paired down, first
 * with second, no rematch, no club mates under the club rule (9.2b–e).
 */
export function swiss(tournament: Tournament, seed = DEFAULT_SEED): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const order = tournament.rounds.length === 0 ? seededShuffle(tournament.players, seed) : rankedPlayers(tournament);
  return pairFromStandings(tournament, { order, pair: pairDownFor(tournament), gibson: true });
}

/** Annex 3 §1: as the Swiss system, but the first round pairs the rating list 1–2, 3–4, … */
export function kingOfTheHill(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const order = tournament.rounds.length === 0 ? initialOrder(tournament.players) : rankedPlayers(tournament);
  return pairFromStandings(tournament, { order, pair: pairDownFor(tournament), gibson: true });
}

/**
 * Annex 3 §6: round x is paired from the standing after round x−2, so it can be published while
 * round x−1 is still played; rounds 1 and 2 from the rating list.
 */
export function portland(tournament: Tournament): PairingOutcome {
  const basis = Math.max(0, tournament.rounds.length - 1);
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament, basis);
  if (refused) return refused;
  const order = basis === 0 ? initialOrder(tournament.players) : rankedPlayers(tournament, { rounds: basis });
  return pairFromStandings(tournament, { order, pair: pairDownFor(tournament), gibson: true });
}

/**
 * The factorized pairing of Annex 3 §4 with factor `size` (4: 1–3, 2–4; 6: 1–4, 2–5, 3–6) over
 * each block of the standing; a block too short at the bottom uses the next smaller factor down
 * to KOTH (1–2). Rematches are allowed, as the seed allows them in the last rounds.
 */
export function factorizedPairs(list: readonly TournamentPlayer[], size: number): Pair[] {
  const pairs: Pair[] = [];
  let from = 0;
  let block = size;
  while (from < list.length) {
    while (block > list.length - from) block -= 2;
    const half = block / 2;
    for (let i = 0; i < half; i++) pairs.push([list[from + i], list[from + i + half]]);
    from += block;
  }
  return pairs;
}

export function factorized(tournament: Tournament, size: 4 | 6): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const order = tournament.rounds.length === 0 ? initialOrder(tournament.players) : rankedPlayers(tournament);
  return pairFromStandings(tournament, { order, pair: (list) => factorizedPairs(list, size), gibson: true });
}

/**
 * P: in the last rounds players meet strictly by their results, 1–2, 3–4, whether they have met
 * or not; the order is the Polish one (wins, then points scored).
 */
export function danish(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const order = tournament.rounds.length === 0 ? initialOrder(tournament.players) : pfsOrder(tournament);
  return pairFromStandings(tournament, { order, pair: (list) => adjacentPairs(list), gibson: true });
}

/**
 * Annex 3 §8a, Green: the byes go to the highest-rated players who have not sat out yet; in the
 * tournament's last round to the lowest placed who has not sat out (docs/rules.md §11.3). The
 * others pair down the standing without rematches, as KOTH.
 */
export function green(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const ranked = tournament.rounds.length === 0 ? initialOrder(tournament.players) : rankedPlayers(tournament);
  const lastRound = tournament.rounds.length + 1 === (tournament.settings.totalRounds ?? defaultRounds(tournament.players.length));
  const byRating = initialOrder(tournament.players);
  return pairFromStandings(tournament, {
    order: ranked,
    bye: (order, history, roundNumber) =>
      lastRound
        ? chooseBye(order, history, roundNumber)
        : (byRating.find((p) => (history.byes.get(p.id) ?? 0) === 0) ?? chooseBye(order, history, roundNumber)),
    pair: pairDownFor(tournament),
    gibson: true,
  });
}
