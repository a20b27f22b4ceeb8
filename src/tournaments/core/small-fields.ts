// The plans for small fields of Annex 3 §8b–c and §9 (docs/rules.md §11.3): Guelph (6, 8 or 10
// players over 6 rounds), NAST (4 rounds fixed in advance, a modified Swiss round and a KOTH round,
// rematches allowed in the last two) and Chew (the players still in the prize race paired among
// themselves, the gibsonized with those out of it, the rest as Swiss).
import { outOfPrizes } from './gibson';
import { adjacentPairs, colour, pairDown, type Pair } from './matching';
import { scoreGroupPairs } from './score-groups';
import { combine, groupRound, roundRobinRound, snakeGroups, type GroupRound } from './schedules';
import { rankedPlayers, standings } from './standings';
import { pairFromStandings, tooFewPlayers, unfinished } from './standings-pairing';
import { defaultRounds, historyOf, initialOrder, refuse, type PairingOutcome, type Tournament, type TournamentPlayer } from './tournament';

/** Every plan of this file has six rounds (Annex 3 §8b–c). */
export const SMALL_FIELD_ROUNDS = 6;
export const GUELPH_FIELDS = [6, 8, 10] as const;

const complete = (plan: string): PairingOutcome =>
  refuse(`${plan.toUpperCase()}_COMPLETE`, {
    ro: `Sistemul ${plan} are ${SMALL_FIELD_ROUNDS} runde și s-au jucat toate.`,
    en: `The ${plan} system has ${SMALL_FIELD_ROUNDS} rounds, all of them played.`,
    pl: `System ${plan} ma ${SMALL_FIELD_ROUNDS} rund i wszystkie zostały rozegrane.`,
  });

/** The standing paired 1–2, 3–4, rematches allowed, the Gibson rule when the tournament applies it. */
function kothWithRematches(tournament: Tournament): PairingOutcome {
  return pairFromStandings(tournament, { order: rankedPlayers(tournament), pair: (list) => adjacentPairs(list), gibson: true });
}

/** Fixed pairs of one round, coloured as every system colours them. */
function fixedRound(tournament: Tournament, pairs: readonly Pair[]): PairingOutcome {
  const roundNumber = tournament.rounds.length + 1;
  const history = historyOf(tournament.rounds);
  const round: GroupRound = { pairs: pairs.map((pair) => colour(pair, history, roundNumber)), resting: [] };
  return combine(tournament, [round], initialOrder(tournament.players));
}

/**
 * Guelph, 8 players: groups A (1, 4, 5, 8) and B (2, 3, 6, 7) of the rating list, a round robin
 * each in rounds 1–3; then A1–B2, B1–A2, A3–B4, A4–B3 and A1–B1, …, A4–B4 by each group's order in
 * the standing after round 3 (both rounds known in advance, and no rematch).
 */
function guelphEight(tournament: Tournament, groups: readonly TournamentPlayer[][]): PairingOutcome {
  const round = tournament.rounds.length;
  if (round < 3)
    return combine(
      tournament,
      groups.map((group) => groupRound(group, round)),
      initialOrder(tournament.players),
    );
  const placeAfterThree = new Map(rankedPlayers(tournament, { rounds: 3 }).map((p, i) => [p, i]));
  const [a, b] = groups.map((group) => [...group].sort((x, y) => placeAfterThree.get(x)! - placeAfterThree.get(y)!));
  const pairs: Pair[] =
    round === 3
      ? [
          [a[0], b[1]],
          [b[0], a[1]],
          [a[2], b[3]],
          [a[3], b[2]],
        ]
      : a.map((player, i) => [player, b[i]] as const);
  return fixedRound(tournament, pairs);
}

/**
 * Guelph, 10 players (the seed names the size without its table; docs/rules.md §11.3): the same
 * two groups of five, each player meeting the five of the other group in rounds 1–5, A_i against
 * B_(i+k mod 5) in round k.
 */
function guelphTen(tournament: Tournament, groups: readonly TournamentPlayer[][]): PairingOutcome {
  const k = tournament.rounds.length + 1;
  const [a, b] = groups;
  return fixedRound(
    tournament,
    a.map((player, i) => [player, b[(i + k) % 5]] as const),
  );
}

/**
 * Annex 3 §8b: 6 players play a full round robin in rounds 1–5, 8 players two groups then across
 * them, 10 players across two groups; round 6 is KOTH with rematches (and the Gibson rule when set).
 */
export function guelph(tournament: Tournament): PairingOutcome {
  const n = tournament.players.length;
  if (!(GUELPH_FIELDS as readonly number[]).includes(n)) {
    return refuse('GUELPH_FIELD', {
      ro: `Sistemul Guelph împerechează 6, 8 sau 10 jucători, nu ${n} (Anexa 3 §8b).`,
      en: `The Guelph system pairs 6, 8 or 10 players, not ${n} (Annex 3 §8b).`,
      pl: `System Guelph kojarzy 6, 8 albo 10 graczy, a nie ${n} (Załącznik 3 §8b).`,
    });
  }
  const round = tournament.rounds.length;
  if (round >= SMALL_FIELD_ROUNDS) return complete('Guelph');
  // Rounds 4 and 5 of eight players need the standing after round 3; round 6 the one after round 5.
  const basis = round === SMALL_FIELD_ROUNDS - 1 ? round : n === 8 && round >= 3 ? 3 : 0;
  const refused = unfinished(tournament, basis);
  if (refused) return refused;
  if (round === SMALL_FIELD_ROUNDS - 1) return kothWithRematches(tournament);
  if (n === 6) return roundRobinRound(tournament);
  const groups = snakeGroups(initialOrder(tournament.players), 2);
  return n === 8 ? guelphEight(tournament, groups) : guelphTen(tournament, groups);
}

/**
 * Annex 3 §8c: rounds 1–4 fixed in advance, rounds 1–4 of Clark's table on the rating list (the
 * seed does not name them; docs/rules.md §11.3); round 5 modified Swiss and round 6 KOTH, both with
 * rematches. A field of 5 or more (Clark's table of 4 has only 3 rounds).
 */
export function nast(tournament: Tournament): PairingOutcome {
  const n = tournament.players.length;
  if (n < 5) {
    return refuse('NAST_FIELD', {
      ro: `Sistemul NAST are 4 runde fixate dinainte: cere cel puțin 5 jucători, nu ${n}.`,
      en: `The NAST system has 4 rounds fixed in advance: it needs at least 5 players, not ${n}.`,
      pl: `System NAST ma 4 rundy ustalone z góry: wymaga co najmniej 5 graczy, a nie ${n}.`,
    });
  }
  const round = tournament.rounds.length;
  if (round >= SMALL_FIELD_ROUNDS) return complete('NAST');
  if (round < 4) return roundRobinRound(tournament);
  const refused = unfinished(tournament);
  if (refused) return refused;
  if (round === 5) return kothWithRematches(tournament);
  const points = new Map(standings(tournament).map((row) => [row.id, row.points]));
  return pairFromStandings(tournament, {
    order: rankedPlayers(tournament),
    pair: (list) =>
      scoreGroupPairs(
        list,
        (p) => points.get(p.id)!,
        () => true,
      )!,
    gibson: true,
  });
}

/**
 * Annex 3 §9, Chew: the players who can still finish in a prize place (`prizePlaces`, 1 when not
 * set; counted with the 350 cap over the rounds left) pair down among themselves, the lowest of an
 * odd number of them meeting the best of the rest; the others pair down as Swiss; the Gibson rule
 * always applies (the system is built on it). Rematches only when unavoidable, as F 9.2e.
 */
export function chew(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  const settings = { ...tournament.settings, gibson: true };
  const withGibson: Tournament = { ...tournament, settings };
  const rows = standings(tournament);
  const rowOf = new Map(rows.map((row) => [row.id, row]));
  const roundsLeft = (settings.totalRounds ?? defaultRounds(tournament.players.length)) - tournament.rounds.length;
  const prizePlaces = settings.prizePlaces ?? 1;
  const order = tournament.rounds.length === 0 ? initialOrder(tournament.players) : rankedPlayers(tournament);
  const clubRule = settings.clubRule === true;
  return pairFromStandings(withGibson, {
    order,
    pair: (list, history) => {
      const racing = list.filter((p) => !outOfPrizes(rowOf.get(p.id)!, rows, roundsLeft, prizePlaces));
      const rest = list.filter((p) => !racing.includes(p));
      if (racing.length % 2 === 1) rest.unshift(racing.pop()!);
      return [...pairDown(racing, history, clubRule), ...pairDown(rest, history, clubRule)];
    },
    gibson: true,
  });
}
