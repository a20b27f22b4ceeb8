// The rapid system's rounds 7 and 8 (Annex 3 §3; docs/rules.md §11.3): the standing after round 6
// in blocks of 12 (the last one 4 or 8), each block dealt into groups of 4 (1, 4, 7, 10; 2, 5, 8,
// 11; 3, 6, 9, 12); in round 7 a group's best two meet and its weakest two, in round 8 the winners
// and the losers. Rounds 1–6 are the blocks of three of `rapid`; the seed plays rounds 9–10 as
// KOTH or factorized, so the system stops after round 8.
import { colour, type Pair } from './matching';
import { roundShares } from './results';
import { combine, rapid, type GroupRound } from './schedules';
import { rankedPlayers } from './standings';
import { tooFewPlayers, unfinished } from './standings-pairing';
import { historyOf, refuse, type PairingOutcome, type PlayerId, type Tournament, type TournamentPlayer } from './tournament';

/** The rounds the seed pairs from the standing after round 6. */
export const RAPID_FINAL_ROUNDS = [7, 8] as const;
const BLOCK = 12;

/**
 * The groups of 4 of rounds 7–8 from `order` (the standing after round 6): blocks of 12 from the
 * top, a last block of 4 or 8; a block of 4m gives m groups, the j-th taking places j, j+m, j+2m,
 * j+3m. The 1 to 3 players below the last multiple of 4 are `left` (paired among themselves).
 */
export function rapidFinalGroups(order: readonly TournamentPlayer[]): { groups: TournamentPlayer[][]; left: TournamentPlayer[] } {
  const dealt = order.length - (order.length % 4);
  const groups: TournamentPlayer[][] = [];
  for (let start = 0; start < dealt; start += BLOCK) {
    const block = order.slice(start, Math.min(start + BLOCK, dealt));
    const m = block.length / 4;
    for (let j = 0; j < m; j++) groups.push([0, 1, 2, 3].map((k) => block[j + k * m]));
  }
  return { groups, left: order.slice(dealt) };
}

/** Each player's ranking points in `round` (a bye counts as a win). */
function roundPoints(tournament: Tournament, round: number): Map<PlayerId, number> {
  return new Map(roundShares(tournament.rounds[round - 1] ?? []).map(({ player, share }) => [player, share.points]));
}

/**
 * Round 7 or 8 of the rapid system. Round 8 orders each group by its round-7 points (a draw: the
 * better placed after round 6 counts as the winner), so the two winners meet and the two losers.
 */
export function rapidFinalRounds(tournament: Tournament): PairingOutcome {
  const played = tournament.rounds.length;
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament, played === 6 ? 6 : 7);
  if (refused) return refused;
  const roundNumber = played + 1;
  const history = historyOf(tournament.rounds);
  const order = rankedPlayers(tournament, { rounds: 6 });
  const { groups, left } = rapidFinalGroups(order);
  const points = roundNumber === 8 ? roundPoints(tournament, 7) : undefined;
  const rounds: GroupRound[] = groups.map((group) => {
    const seats = points ? [...group].sort((a, b) => (points.get(b.id) ?? 0) - (points.get(a.id) ?? 0)) : group;
    const pairs: Pair[] = [
      [seats[0], seats[1]],
      [seats[2], seats[3]],
    ];
    return { pairs: pairs.map((pair) => colour(pair, history, roundNumber)), resting: [] };
  });
  return combine(tournament, [...rounds, { pairs: [], resting: left }], order);
}

/** Annex 3 §3 whole: blocks of three for rounds 1–6, the final groups for rounds 7–8, then nothing. */
export function rapidSystem(tournament: Tournament): PairingOutcome {
  const played = tournament.rounds.length;
  if (played < RAPID_FINAL_ROUNDS[0] - 1) return rapid(tournament);
  if (played < RAPID_FINAL_ROUNDS[1]) return rapidFinalRounds(tournament);
  return refuse('RAPID_COMPLETE', {
    ro: 'Sistemul rapid are 8 runde și s-au jucat toate; continuați cu KOTH sau cu sistemul factorizat (Anexa 3 §3).',
    en: 'The rapid system has 8 rounds, all of them played; go on with KOTH or a factorized system (Annex 3 §3).',
    pl: 'System szybki ma 8 rund i wszystkie zostały rozegrane; kontynuuj systemem KOTH albo systemem faktoryzowanym (Załącznik 3 §3).',
  });
}
