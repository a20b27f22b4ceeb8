// The federation's ranking (docs/rules.md §12.1): what it is computed from and what it gives.
// Pure: games come in with their dates, the day of the list is an argument, nothing is read.
import type { LocalDate } from '../../common/calendar';

/** A homologated game as the ranking reads it: who played, the final scores, when, where. */
export interface RankedGame {
  /** Unique: orders games of one day and one competition, so that input order never matters. */
  readonly id: string;
  readonly competitionId: string;
  /** The day the game's result became final (its homologation). */
  readonly date: LocalDate;
  readonly players: readonly [string, string];
  readonly scores: readonly [number, number];
  /** Decided by walkover (docs/rules.md §12.1: 400:1 under [P 7.1], counted by default). */
  readonly walkover?: boolean;
  /**
   * The first player's result when the scores do not give it (docs/rules.md §12.1: an
   * abandonment is lost by who abandoned, an agreed draw is a draw, whatever the board says).
   */
  readonly result?: 0 | 0.5 | 1;
}

/** Who stands on a list, whatever the method. */
export interface ListingSettings {
  /** Games of the last this many calendar months count. */
  readonly windowMonths: number;
  /** Fewer games within the window: not on the list. */
  readonly minGames: number;
  /** [P 7.1]: a walkover (400:1) is counted in the ranking. */
  readonly countWalkovers: boolean;
}

/** One line of a ranking list; ties in the exact value share a position. */
export interface RankingEntry {
  readonly position: number;
  readonly player: string;
  /** As published: rounded to the nearest whole number, a half up. */
  readonly ranking: number;
  /** Unrounded: what the order is decided on ([P regulamin rankingowy §1.1]). */
  readonly exact: number;
  /** The games the ranking is computed from. */
  readonly games: number;
}

/** A player's ranking after one competition in which they played. */
export interface RankingHistoryPoint {
  readonly competitionId: string;
  readonly date: LocalDate;
  readonly ranking: number;
  readonly exact: number;
  readonly games: number;
  /** Enough games within the window to stand on the list that day. */
  readonly listed: boolean;
}

/** One counted game as a player's history shows it (docs/web.md "The ranking"). */
export interface RankingGameLine {
  readonly gameId: string;
  readonly competitionId: string;
  readonly date: LocalDate;
  readonly opponent: string;
  readonly result: 0 | 0.5 | 1;
  readonly walkover: boolean;
  /** What the player played the game with: the PFS's tournament ranking, or the rating before the competition. */
  readonly ranking: number;
  readonly opponentRanking: number;
  /** PFS: the game's scalp; Elo: the change of rating the game made. */
  readonly value: number;
}

/** A player with counted games who does not stand on the list: too few within the window. */
export interface UnlistedEntry {
  readonly player: string;
  /** Counted games within the window. */
  readonly games: number;
}

export interface Ranking {
  readonly list: readonly RankingEntry[];
  /** Each player's points, oldest first; players of no counted game have none. */
  readonly history: ReadonlyMap<string, readonly RankingHistoryPoint[]>;
  /** Each player's counted games, oldest first (none under the method "none"). */
  readonly games?: ReadonlyMap<string, readonly RankingGameLine[]>;
  /** The players off the list, most games first, then by player. */
  readonly unlisted?: readonly UnlistedEntry[];
}

/** Rounded as the PFS publishes a ranking: to the nearest whole number, exactly a half up. */
export function publishedRanking(exact: number): number {
  return Math.floor(exact + 0.5);
}

/** Games in a fixed order (day, competition, id): the result never depends on the order given. */
export function chronological(games: readonly RankedGame[]): RankedGame[] {
  const key = (g: RankedGame) => `${g.date}\u0000${g.competitionId}\u0000${g.id}`;
  return [...games].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The games of each competition, competitions in the order of their last game (then id). */
export function byCompetition(games: readonly RankedGame[]): { competitionId: string; date: LocalDate; games: RankedGame[] }[] {
  const groups = new Map<string, RankedGame[]>();
  for (const g of chronological(games)) {
    const group = groups.get(g.competitionId);
    if (group) group.push(g);
    else groups.set(g.competitionId, [g]);
  }
  return [...groups]
    .map(([competitionId, list]) => ({ competitionId, date: list[list.length - 1].date, games: list }))
    .sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0,
    );
}

/** 1 a win, 0.5 a draw, 0 a loss, for `side` (0 or 1) of the game. */
export function outcome(game: RankedGame, side: 0 | 1): 0 | 0.5 | 1 {
  if (game.result !== undefined) return side === 0 ? game.result : ((1 - game.result) as 0 | 0.5 | 1);
  const mine = game.scores[side];
  const theirs = game.scores[1 - side];
  return mine > theirs ? 1 : mine === theirs ? 0.5 : 0;
}

/** The list from each player's exact value: highest first, ties sharing a position, then by player. */
export function rankingList(values: ReadonlyMap<string, { exact: number; games: number }>): RankingEntry[] {
  const sorted = [...values].sort(([pa, a], [pb, b]) => b.exact - a.exact || (pa < pb ? -1 : pa > pb ? 1 : 0));
  const list: RankingEntry[] = [];
  sorted.forEach(([player, { exact, games }], i) => {
    const position = i > 0 && sorted[i - 1][1].exact === exact ? list[i - 1].position : i + 1;
    list.push({ position, player, ranking: publishedRanking(exact), exact, games });
  });
  return list;
}

/** Adds a game line to a player's lines. */
export function addLine(lines: Map<string, RankingGameLine[]>, player: string, line: RankingGameLine): void {
  const list = lines.get(player);
  if (list) list.push(line);
  else lines.set(player, [line]);
}

/** The players off the list, most games first, then by player. */
export function unlistedOf(entries: readonly UnlistedEntry[]): UnlistedEntry[] {
  return [...entries].sort((a, b) => b.games - a.games || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
}
