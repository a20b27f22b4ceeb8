// An Elo-type ranking (docs/rules.md §12.1), for a federation that prefers one: each competition
// moves a player's rating by K × (result − expected result), the expectation from the rating
// difference on a logistic curve. The values are the platform's choice, not a federation's.
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

export interface EloRankingSettings extends ListingSettings {
  readonly method: 'elo';
  /** A newcomer's rating. */
  readonly initial: number;
  /** The most a single game moves a rating. */
  readonly k: number;
  /** A difference of this many points makes the stronger ten times likelier to win. */
  readonly scale: number;
}

/** The platform's choice (no federation of the seeds publishes one): FIDE's scale, a middle K. */
export const DEFAULT_ELO_RANKING: EloRankingSettings = {
  method: 'elo',
  initial: 1500,
  k: 20,
  scale: 400,
  windowMonths: 24,
  minGames: 30,
  countWalkovers: true,
};

/** The first player's expected result (0 to 1) against the second. */
export function eloExpected(rating: number, opponent: number, settings: EloRankingSettings = DEFAULT_ELO_RANKING): number {
  return 1 / (1 + 10 ** ((opponent - rating) / settings.scale));
}

/**
 * Ratings on `asOf` from homologated games. Within a competition every game is reckoned from
 * the ratings the players came with (one rating period), so its games' order never matters.
 */
export function eloRanking(games: readonly RankedGame[], asOf: LocalDate, settings: EloRankingSettings = DEFAULT_ELO_RANKING): Ranking {
  const ratings = new Map<string, number>();
  const dates = new Map<string, LocalDate[]>();
  const history = new Map<string, RankingHistoryPoint[]>();
  const lines = new Map<string, RankingGameLine[]>();
  const rating = (p: string) => ratings.get(p) ?? settings.initial;
  const active = (p: string, day: LocalDate) => {
    const from = addMonths(day, -settings.windowMonths);
    return (dates.get(p) ?? []).filter((d) => compareDays(d, from) > 0 && compareDays(d, day) <= 0).length;
  };
  const playing = games.filter((g) => compareDays(g.date, asOf) <= 0 && (settings.countWalkovers || !g.walkover));
  for (const competition of byCompetition(playing)) {
    const change = new Map<string, number>();
    for (const g of competition.games) {
      // Reckoned from the side of the player first by name, so that swapping sides gives the same
      // floating-point result, not one a rounding away.
      const side = g.players[0] <= g.players[1] ? 0 : 1;
      const a = g.players[side];
      const b = g.players[1 - side];
      const delta = settings.k * (outcome(g, side) - eloExpected(rating(a), rating(b), settings));
      change.set(a, (change.get(a) ?? 0) + delta);
      change.set(b, (change.get(b) ?? 0) - delta);
      const line = { gameId: g.id, competitionId: competition.competitionId, date: g.date, walkover: g.walkover === true };
      addLine(lines, a, { ...line, opponent: b, result: outcome(g, side), ranking: rating(a), opponentRanking: rating(b), value: delta });
      const other = (1 - side) as 0 | 1;
      addLine(lines, b, { ...line, opponent: a, result: outcome(g, other), ranking: rating(b), opponentRanking: rating(a), value: -delta });
      for (const p of g.players) {
        const played = dates.get(p);
        if (played) played.push(g.date);
        else dates.set(p, [g.date]);
      }
    }
    for (const [p, delta] of change) {
      const exact = rating(p) + delta;
      ratings.set(p, exact);
      const games = active(p, competition.date);
      const points = history.get(p) ?? [];
      points.push({
        competitionId: competition.competitionId,
        date: competition.date,
        ranking: publishedRanking(exact),
        exact,
        games,
        listed: games >= settings.minGames,
      });
      history.set(p, points);
    }
  }
  const values = new Map<string, { exact: number; games: number }>();
  const unlisted: UnlistedEntry[] = [];
  for (const [p, exact] of ratings) {
    const games = active(p, asOf);
    if (games >= settings.minGames) values.set(p, { exact, games });
    else unlisted.push({ player: p, games });
  }
  return { list: rankingList(values), history, games: lines, unlisted: unlistedOf(unlisted) };
}
