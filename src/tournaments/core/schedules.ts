// The systems whose rounds are a schedule fixed in advance (docs/rules.md §11.3): the round robin
// by Clark's rotation (F 9.3), the snake's groups (Annex 3 §5) and the rapid system's groups of 4
// (Annex 3 §3), each group playing its own round robin.
import { clarkTable, roundRobin } from '../../competitions/core/pairing';
import { assignColours } from './colours';
import { chooseBye, colour, pairDown } from './matching';
import { rankedPlayers } from './standings';
import { tooFewPlayers, unfinished } from './standings-pairing';
import {
  historyOf,
  initialOrder,
  isBye,
  refuse,
  type PairingOutcome,
  type PlayerId,
  type Tournament,
  type TournamentPlayer,
} from './tournament';

/** The largest field the CLI takes: a round robin of all of them is still a table. */
export const MAX_SCHEDULE_SIZE = 1000;

/** The rounds a round robin of `size` players takes: n−1, or n when one sits out each round. */
export function roundRobinRounds(size: number): number {
  return size % 2 === 0 ? size - 1 : size;
}

export interface GroupRound {
  readonly pairs: Array<readonly [PlayerId, PlayerId]>;
  readonly resting: TournamentPlayer[];
}

/** Round `index` (0-based) of the Clark table of `group` (seats in the group's order), RED and BLUE as `roundRobin` balances them. */
export function groupRound(group: readonly TournamentPlayer[], index: number): GroupRound {
  if (group.length < 2) return { pairs: [], resting: [...group] };
  const games = roundRobin(group.length, MAX_SCHEDULE_SIZE).filter((g) => g.round === index + 1);
  const pairs = games.map((g) => [group[g.red - 1].id, group[g.blue - 1].id] as const);
  const column = clarkTable(group.length, MAX_SCHEDULE_SIZE)[index]?.find(([a, b]) => a === null || b === null);
  const seat = column?.[0] ?? column?.[1];
  return { pairs, resting: seat ? [group[seat - 1]] : [] };
}

/**
 * Whether every round so far is this schedule's own round, RED and BLUE as its table gives them:
 * then the table's colours, balanced over the whole table (§9), are kept; otherwise (a schedule
 * after rounds of another system, a changed field) each pair's colours follow the players' history.
 */
function playedFromStart(tournament: Tournament, schedule: (index: number) => readonly GroupRound[]): boolean {
  return tournament.rounds.every((round, index) => {
    const own = new Set(schedule(index).flatMap((r) => r.pairs.map(([red, blue]) => `${JSON.stringify(red)}>${JSON.stringify(blue)}`)));
    const games = round.filter((entry) => !isBye(entry));
    return games.every((g) => !isBye(g) && own.has(`${JSON.stringify(g.red)}>${JSON.stringify(g.blue)}`));
  });
}

/**
 * The groups' rounds put together. Players left without an opponent in their group (odd groups)
 * play each other, down the order and avoiding a rematch; the last one sits out (docs/rules.md
 * §11.3), so a round has at most one bye. The colours: the table's when the schedule has been
 * played from round 1, else each player's history's (docs/rules.md §11.3 "Colours").
 */
export function combine(
  tournament: Tournament,
  rounds: readonly GroupRound[],
  order: readonly TournamentPlayer[],
  tableColours = false,
): PairingOutcome {
  const roundNumber = tournament.rounds.length + 1;
  const history = historyOf(tournament.rounds);
  const position = new Map(order.map((p, i) => [p, i]));
  let resting = rounds.flatMap((r) => r.resting).sort((a, b) => position.get(a)! - position.get(b)!);
  let bye: TournamentPlayer | undefined;
  if (resting.length % 2 === 1) {
    bye = chooseBye(resting, history, roundNumber) ?? resting[resting.length - 1];
    resting = resting.filter((p) => p !== bye);
  }
  const extra = pairDown(resting, history, tournament.settings.clubRule === true).map((pair) => colour(pair, history, roundNumber));
  return {
    ok: true,
    next: {
      round: roundNumber,
      pairs: [
        ...(tableColours
          ? rounds.flatMap((r) => r.pairs)
          : assignColours(
              rounds.flatMap((r) => r.pairs),
              history,
            )),
        ...extra,
      ],
      bye: bye?.id ?? null,
      gibsonized: [],
    },
  };
}

/** F 9.3: everyone meets everyone, round k of the tournament being round k of Clark's table on the rating list. */
export function roundRobinRound(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament);
  if (refused) return refused;
  const order = initialOrder(tournament.players);
  const index = tournament.rounds.length;
  if (index >= roundRobinRounds(order.length)) {
    return refuse('ROUND_ROBIN_COMPLETE', {
      ro: `Turneul fiecare-cu-fiecare de ${order.length} jucători are ${roundRobinRounds(order.length)} runde și s-au jucat toate.`,
      en: `The round robin of ${order.length} players has ${roundRobinRounds(order.length)} rounds, all of them played.`,
      pl: `Turniej każdy z każdym dla ${order.length} graczy ma ${roundRobinRounds(order.length)} rund i wszystkie zostały rozegrane.`,
    });
  }
  const table = (k: number) => [groupRound(order, k)];
  return combine(tournament, table(index), order, playedFromStart(tournament, table));
}

/** Annex 3 §5: `count` groups filled by the rating list in a snake, 1 2 3 / 6 5 4 / 7 8 9 … */
export function snakeGroups(order: readonly TournamentPlayer[], count: number): TournamentPlayer[][] {
  const groups: TournamentPlayer[][] = Array.from({ length: count }, () => []);
  order.forEach((player, i) => {
    const row = Math.floor(i / count);
    const column = i % count;
    groups[row % 2 === 0 ? column : count - 1 - column].push(player);
  });
  return groups;
}

/** Groups of about six when the arbiter names no number (docs/rules.md §11.3). */
export function defaultSnakeGroups(players: number): number {
  return Math.max(1, Math.floor(players / 6));
}

/** Annex 3 §5: the snake's groups, each a round robin from round 1 until the smallest group has played all its rounds. */
export function snake(tournament: Tournament): PairingOutcome {
  const refused = tooFewPlayers(tournament);
  if (refused) return refused;
  const order = initialOrder(tournament.players);
  const count = Math.min(tournament.settings.groups ?? defaultSnakeGroups(order.length), Math.floor(order.length / 2));
  const groups = snakeGroups(order, Math.max(1, count));
  const index = tournament.rounds.length;
  const rounds = Math.min(...groups.map((g) => roundRobinRounds(g.length)));
  if (index >= rounds) {
    return refuse('SNAKE_COMPLETE', {
      ro: `Grupele șarpelui au ${rounds} runde și s-au jucat toate; continuați cu alt sistem (FP6, FP4, KOTH).`,
      en: `The snake's groups have ${rounds} rounds, all of them played; go on with another system (FP6, FP4, KOTH).`,
      pl: `Grupy węża mają ${rounds} rund i wszystkie zostały rozegrane; kontynuuj innym systemem (FP6, FP4, KOTH).`,
    });
  }
  const table = (k: number) => groups.map((group) => groupRound(group, k));
  return combine(tournament, table(index), order, playedFromStart(tournament, table));
}

/** `list` dealt into groups of 4 (1, g+1, 2g+1, 3g+1; …); when 4 does not divide it the last group has 5 to 7. */
export function groupsOfFour(list: readonly TournamentPlayer[]): TournamentPlayer[][] {
  const count = Math.floor(list.length / 4);
  if (count <= 1) return [[...list]];
  const dealt = list.length % 4 === 0 ? count : count - 1;
  const groups: TournamentPlayer[][] = Array.from({ length: dealt }, (_, j) => [0, 1, 2, 3].map((k) => list[j + k * dealt]));
  if (dealt < count) groups.push(list.slice(4 * dealt));
  return groups;
}

/**
 * Annex 3 §3: blocks of three rounds, rounds 1–3, 4–6, …; the first block's groups of 4 from the
 * rating list, each later block's from the standing after the block before, dealt within its top
 * and bottom halves.
 */
export function rapidGroups(tournament: Tournament): TournamentPlayer[][] {
  const blockStart = Math.floor(tournament.rounds.length / 3) * 3;
  if (blockStart === 0) return groupsOfFour(initialOrder(tournament.players));
  const order = rankedPlayers(tournament, { rounds: blockStart });
  if (order.length < 8) return groupsOfFour(order);
  const half = Math.floor(order.length / 2);
  return [...groupsOfFour(order.slice(0, half)), ...groupsOfFour(order.slice(half))];
}

export function rapid(tournament: Tournament): PairingOutcome {
  const blockStart = Math.floor(tournament.rounds.length / 3) * 3;
  const refused = tooFewPlayers(tournament) ?? unfinished(tournament, blockStart);
  if (refused) return refused;
  const index = tournament.rounds.length - blockStart;
  const groups = rapidGroups(tournament);
  return combine(
    tournament,
    groups.map((group) => (index < roundRobinRounds(group.length) ? groupRound(group, index) : { pairs: [], resting: group })),
    groups.flat(),
  );
}
