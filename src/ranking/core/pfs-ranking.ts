// The Polish federation's ranking, Hollington's method as the PFS applies it (docs/rules.md
// §12.1): a game's "scalp" is the opponent's ranking, 50 more for a win, 50 less for a loss, the
// same for a draw; a player's ranking is the mean of their scalps over the latest competitions
// within two years, at most 200 games; 30 games within the window to stand on the list.
import { addMonths, compareDays, type LocalDate } from '../../common/calendar';
import {
  addLine,
  byCompetition,
  outcome,
  publishedRanking,
  rankingList,
  type ListingSettings,
  type RankedGame,
  type Ranking,
  type RankingGameLine,
  type RankingHistoryPoint,
  type UnlistedEntry,
  unlistedOf,
} from './ranking-types';

export interface PfsRankingSettings extends ListingSettings {
  readonly method: 'pfs';
  /** What a win adds to the opponent's ranking and a loss takes from it. */
  readonly scalpMargin: number;
  /** At most this many games: whole competitions, the latest first. */
  readonly maxGames: number;
  /** The ranking a debutant plays with, and the least anyone plays with. */
  readonly floor: number;
  /**
   * A favourite ahead by more than the margin who wins: both players' scalps are their own
   * rankings, so that a win never lowers the winner's ranking nor a loss raises the loser's.
   */
  readonly favouriteKeepsOwn: boolean;
}

/** The PFS's published values (docs/rules.md §12.1 gives their sources). */
export const DEFAULT_PFS_RANKING: PfsRankingSettings = {
  method: 'pfs',
  scalpMargin: 50,
  windowMonths: 24,
  maxGames: 200,
  minGames: 30,
  floor: 100,
  favouriteKeepsOwn: true,
  countWalkovers: true,
};

interface Scalp {
  readonly competitionId: string;
  readonly date: LocalDate;
  readonly value: number;
}

/**
 * The two players' scalps from a game between players playing with `rankings`, `result` being
 * the first player's (1 a win, 0.5 a draw, 0 a loss). Their sum is always the sum of the rankings.
 */
export function pfsScalps(
  rankings: readonly [number, number],
  result: 0 | 0.5 | 1,
  settings: PfsRankingSettings = DEFAULT_PFS_RANKING,
): [number, number] {
  const [a, b] = rankings;
  const m = settings.scalpMargin;
  if (result === 0.5) return [b, a];
  const favouriteWon = result === 1 ? a - b > m : b - a > m;
  if (settings.favouriteKeepsOwn && favouriteWon) return [a, b];
  return result === 1 ? [b + m, a - m] : [b - m, a + m];
}

/** The scalps a ranking is the mean of on `day`: within the window, whole competitions from the latest, at most maxGames. */
function counted(scalps: readonly Scalp[], day: LocalDate, settings: PfsRankingSettings): { window: number; used: readonly Scalp[] } {
  const from = addMonths(day, -settings.windowMonths);
  const inWindow = scalps.filter((s) => compareDays(s.date, from) > 0 && compareDays(s.date, day) <= 0);
  // Scalps come competition by competition, oldest first: walk back a competition at a time.
  let start = inWindow.length;
  while (start > 0) {
    let first = start - 1;
    while (first > 0 && inWindow[first - 1].competitionId === inWindow[start - 1].competitionId) first--;
    if (inWindow.length - first > settings.maxGames) break;
    start = first;
  }
  // The latest competition alone is over the limit: its latest games, up to the limit.
  if (start === inWindow.length) start = Math.max(0, inWindow.length - settings.maxGames);
  return { window: inWindow.length, used: inWindow.slice(start) };
}

const mean = (scalps: readonly Scalp[]) => (scalps.length === 0 ? 0 : scalps.reduce((sum, s) => sum + s.value, 0) / scalps.length);

function standing(
  scalps: readonly Scalp[],
  day: LocalDate,
  settings: PfsRankingSettings,
): { exact: number; games: number; listed: boolean; window: number } {
  const { window, used } = counted(scalps, day, settings);
  return { exact: mean(used), games: used.length, listed: window >= settings.minGames, window };
}

/**
 * The ranking a player plays a competition with: their listed one; off the list after enough
 * games in their career, the mean of their latest competitions that make up at least minGames
 * games; a debutant the floor; and never below the floor.
 */
function tournamentRanking(scalps: readonly Scalp[], day: LocalDate, settings: PfsRankingSettings): number {
  const now = standing(scalps, day, settings);
  let exact = settings.floor;
  if (now.listed) exact = now.exact;
  else if (scalps.length >= settings.minGames) {
    let start = scalps.length;
    while (scalps.length - start < settings.minGames) {
      const id = scalps[start - 1].competitionId;
      while (start > 0 && scalps[start - 1].competitionId === id) start--;
    }
    exact = mean(scalps.slice(start));
  }
  return Math.max(settings.floor, publishedRanking(exact));
}

/** The PFS ranking list on `asOf` from homologated games, and each player's ranking after each competition. */
export function pfsRanking(games: readonly RankedGame[], asOf: LocalDate, settings: PfsRankingSettings = DEFAULT_PFS_RANKING): Ranking {
  const scalps = new Map<string, Scalp[]>();
  const history = new Map<string, RankingHistoryPoint[]>();
  const lines = new Map<string, RankingGameLine[]>();
  const playing = games.filter((g) => compareDays(g.date, asOf) <= 0 && (settings.countWalkovers || !g.walkover));
  for (const competition of byCompetition(playing)) {
    const { competitionId, date } = competition;
    // Everyone plays the competition with the ranking they came with: none of its games counts yet.
    const rankings = new Map<string, number>();
    for (const g of competition.games)
      for (const p of g.players) if (!rankings.has(p)) rankings.set(p, tournamentRanking(scalps.get(p) ?? [], date, settings));
    for (const g of competition.games) {
      const played = [rankings.get(g.players[0])!, rankings.get(g.players[1])!] as const;
      const values = pfsScalps(played, outcome(g, 0), settings);
      g.players.forEach((p, side) => {
        const list = scalps.get(p) ?? [];
        list.push({ competitionId, date: g.date, value: values[side] });
        scalps.set(p, list);
        addLine(lines, p, {
          gameId: g.id,
          competitionId,
          date: g.date,
          opponent: g.players[1 - side],
          result: outcome(g, side as 0 | 1),
          walkover: g.walkover === true,
          ranking: played[side],
          opponentRanking: played[1 - side],
          value: values[side],
        });
      });
    }
    for (const p of rankings.keys()) {
      const { exact, games, listed } = standing(scalps.get(p)!, date, settings);
      const points = history.get(p) ?? [];
      points.push({ competitionId, date, ranking: publishedRanking(exact), exact, games, listed });
      history.set(p, points);
    }
  }
  const values = new Map<string, { exact: number; games: number }>();
  const unlisted: UnlistedEntry[] = [];
  for (const [p, list] of scalps) {
    const now = standing(list, asOf, settings);
    if (now.listed) values.set(p, { exact: now.exact, games: now.games });
    else unlisted.push({ player: p, games: now.window });
  }
  return { list: rankingList(values), history, games: lines, unlisted: unlistedOf(unlisted) };
}
