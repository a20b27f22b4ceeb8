// The standings of a tournament in rounds (docs/rules.md §11.1; F 9.7): ranking points, then
// spread; in an intermediate standing then the name, in the final one the largest single-game
// difference, then the next, and so on; penalties deducted before the final one (F 9.2h).
import { largestDifference, lateShare, roundShares } from './results';
import { compareNames, type LateEntry, type PlayerId, type Round, type Tournament, type TournamentPlayer } from './tournament';

export interface StandingRow {
  readonly id: PlayerId;
  readonly place: number;
  readonly points: number;
  readonly spread: number;
  /** The rounds the player has a result in, byes and forfeits included. */
  readonly games: number;
}

interface Tally {
  readonly player: TournamentPlayer;
  points: number;
  spread: number;
  games: number;
  /** The spreads of the games played over the board, largest first (F 9.7's final tie-break). */
  differences: number[];
}

export interface StandingsOptions {
  /** F 9.7's end-of-tournament order, penalties deducted. */
  readonly final?: boolean;
  /** Count only the first this many rounds (Portland Swiss pairs on an older standing). */
  readonly rounds?: number;
}

function tallies(players: readonly TournamentPlayer[], rounds: readonly Round[], late: readonly LateEntry[] = []): Map<PlayerId, Tally> {
  const byId = new Map<PlayerId, Tally>(players.map((player) => [player.id, { player, points: 0, spread: 0, games: 0, differences: [] }]));
  for (const [index, round] of rounds.entries()) {
    for (const entry of late) {
      const tally = byId.get(entry.player);
      if (!tally || index + 1 >= entry.fromRound) continue;
      const share = lateShare(largestDifference(round));
      tally.spread += share.spread;
      tally.games += 1;
    }
    for (const { player, share } of roundShares(round)) {
      const tally = byId.get(player);
      if (!tally) continue;
      tally.points += share.points;
      tally.spread += share.spread;
      tally.games += 1;
      if (share.played) tally.differences.push(share.spread);
    }
  }
  for (const tally of byId.values()) tally.differences.sort((a, b) => b - a);
  return byId;
}

/** F 9.7: the largest difference in the player's favour first, then the next, … */
function compareDifferences(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? Number.NEGATIVE_INFINITY;
    const y = b[i] ?? Number.NEGATIVE_INFINITY;
    if (x !== y) return y - x;
  }
  return 0;
}

/** The ordered standings; in the final one, players equal on every criterion share a place. */
export function standings(tournament: Tournament, options: StandingsOptions = {}): StandingRow[] {
  const rounds = tournament.rounds.slice(0, options.rounds ?? tournament.rounds.length);
  const byId = tallies(tournament.players, rounds, tournament.lateEntries);
  if (options.final) {
    for (const penalty of tournament.penalties ?? []) {
      const tally = byId.get(penalty.player);
      if (!tally) continue;
      tally.points -= penalty.points ?? 0;
      tally.spread -= penalty.spread ?? 0;
    }
  }
  const list = [...byId.values()];
  const competitive = (a: Tally, b: Tally): number =>
    b.points - a.points || b.spread - a.spread || (options.final ? compareDifferences(a.differences, b.differences) : 0);
  list.sort((a, b) => competitive(a, b) || compareNames(a.player, b.player));
  let place = 0;
  return list.map((tally, i) => {
    const shared = options.final && i > 0 && competitive(list[i - 1], tally) === 0;
    if (!shared) place = i + 1;
    return { id: tally.player.id, place, points: tally.points, spread: tally.spread, games: tally.games };
  });
}

/** The players in the order of a standing (intermediate unless told), for the pairing systems. */
export function rankedPlayers(tournament: Tournament, options: StandingsOptions = {}): TournamentPlayer[] {
  const byId = new Map(tournament.players.map((p) => [p.id, p]));
  return standings(tournament, options).map((row) => byId.get(row.id)!);
}
