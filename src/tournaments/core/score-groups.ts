// The systems that pair within groups of equal score, top half against bottom half (docs/rules.md
// §11.3): the modified Swiss of Annex 3 §2 and the Polish Swiss of P ("System rozgrywania
// turniejów", whose first round splits the rating list in halves, 1–21, 2–22, … for 40 players).
import { roundShares } from './results';
import { notMet, notMetNorClubMates, pairDown, type Allowed, type Pair } from './matching';
import { rankedPlayers, standings } from './standings';
import { pairFromStandings, tooFewPlayers, unfinished } from './standings-pairing';
import {
  compareNames,
  initialOrder,
  isBye,
  type PairingOutcome,
  type PlayerId,
  type Tournament,
  type TournamentPlayer,
} from './tournament';

/** P, 7.1: a walkover counts 400 points scored for the winner and 1 for the loser. */
export const WALKOVER_POINTS = { winner: 400, loser: 1 } as const;

/** Each player's wins (draws a half) and points scored, as the Polish rules rank them. */
function pfsTallies(tournament: Tournament): Map<PlayerId, { wins: number; scored: number }> {
  const tallies = new Map(tournament.players.map((p) => [p.id, { wins: 0, scored: 0 }]));
  for (const round of tournament.rounds) {
    for (const { player, share } of roundShares(round)) {
      const tally = tallies.get(player);
      if (tally) tally.wins += share.points;
    }
    for (const entry of round) {
      if (isBye(entry) || !entry.result) continue;
      const { kind, red, blue, loser } = entry.result;
      const add = (id: PlayerId, n: number) => {
        const tally = tallies.get(id);
        if (tally) tally.scored += n;
      };
      if (kind === 'no-show' || kind === 'no-show-excused') {
        add(loser === 'red' ? entry.blue : entry.red, WALKOVER_POINTS.winner);
        add(loser === 'red' ? entry.red : entry.blue, WALKOVER_POINTS.loser);
      } else {
        add(entry.red, red ?? 0);
        add(entry.blue, blue ?? 0);
      }
    }
  }
  return tallies;
}

/** P: the order by wins, then points scored (then names, for a total order). */
export function pfsOrder(tournament: Tournament): TournamentPlayer[] {
  const tallies = pfsTallies(tournament);
  return [...tournament.players].sort((a, b) => {
    const x = tallies.get(a.id)!;
    const y = tallies.get(b.id)!;
    return y.wins - x.wins || y.scored - x.scored || compareNames(a, b);
  });
}

/**
 * The top half against the bottom half, 1 with h+1, …; a rematch avoided by the nearest swap of
 * opponents between neighbouring pairs. A bipartite matching by augmenting paths (Kuhn): each top
 * player in turn takes the nearest allowed opponent, moving those above to their next nearest only
 * when needed, so it finds a pairing whenever one exists, in polynomial time.
 */
export function halvesPairs(group: readonly TournamentPlayer[], allowed: Allowed): Pair[] | undefined {
  const half = group.length / 2;
  const top = group.slice(0, half);
  const bottom = group.slice(half);
  const nearest = top.map((_, i) => bottom.map((_p, j) => j).sort((a, b) => Math.abs(a - i) - Math.abs(b - i) || b - i - (a - i)));
  const topOf: number[] = new Array<number>(half).fill(-1);
  const assign = (i: number, seen: boolean[]): boolean => {
    for (const j of nearest[i]) {
      if (seen[j] || !allowed(top[i], bottom[j])) continue;
      seen[j] = true;
      if (topOf[j] < 0 || assign(topOf[j], seen)) {
        topOf[j] = i;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < half; i++) if (!assign(i, new Array<boolean>(half).fill(false))) return undefined;
  return top.map((player, i) => [player, bottom[topOf.indexOf(i)]] as const);
}

/**
 * Annex 3 §2: groups of equal score, in standing order; an odd group takes the best of the next
 * group; when a group cannot avoid a rematch, its weakest is exchanged with the best of the next
 * group (then the next best, …), and failing that the two groups are paired as one.
 */
export function scoreGroupPairs(
  order: readonly TournamentPlayer[],
  score: (p: TournamentPlayer) => number,
  allowed: Allowed,
): Pair[] | undefined {
  const index = new Map(order.map((p, i) => [p, i]));
  const byOrder = (a: TournamentPlayer, b: TournamentPlayer) => index.get(a)! - index.get(b)!;
  const groups: TournamentPlayer[][] = [];
  for (const player of order) {
    const last = groups[groups.length - 1];
    if (last && score(last[0]) === score(player)) last.push(player);
    else groups.push([player]);
  }
  const pairs: Pair[] = [];
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    const next = groups[g + 1];
    if (group.length % 2 === 1 && next) group.push(next.shift()!);
    if (group.length === 0) continue;
    let found = halvesPairs(group, allowed);
    for (let j = 0; !found && next && j < next.length; j++) {
      const trial = [...group.slice(0, -1), next[j]];
      found = halvesPairs(trial, allowed);
      if (!found) continue;
      next.splice(j, 1, group[group.length - 1]);
      next.sort(byOrder);
    }
    if (!found && next) {
      groups[g + 1] = [...group, ...next].sort(byOrder);
      continue;
    }
    if (!found) return undefined;
    pairs.push(...found);
  }
  return pairs;
}

function pairByScoreGroups(
  tournament: Tournament,
  order: readonly TournamentPlayer[],
  score: (p: TournamentPlayer) => number,
): PairingOutcome {
  const clubRule = tournament.settings.clubRule === true;
  return pairFromStandings(tournament, {
    order,
    pair: (list, history) =>
      (clubRule ? scoreGroupPairs(list, score, notMetNorClubMates(history)) : undefined) ??
      scoreGroupPairs(list, score, notMet(history)) ??
      pairDown(list, history, clubRule),
    gibson: true,
  });
}

/** Annex 3 §2: the first round one group by rating, then groups by ranking points on the standing. */
export function modifiedSwiss(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  if (tournament.rounds.length === 0) return pairByScoreGroups(tournament, initialOrder(tournament.players), () => 0);
  const points = new Map(standings(tournament).map((row) => [row.id, row.points]));
  return pairByScoreGroups(tournament, rankedPlayers(tournament), (p) => points.get(p.id)!);
}

/** P: the rating list split in halves, unrated players alphabetically last; then groups of equal wins. */
export function pfsSwiss(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament);
  if (refused) return refused;
  if (tournament.rounds.length === 0) return pairByScoreGroups(tournament, initialOrder(tournament.players), () => 0);
  const tallies = pfsTallies(tournament);
  return pairByScoreGroups(tournament, pfsOrder(tournament), (p) => tallies.get(p.id)!.wins);
}
