// The federation's ranking by the method it chose (docs/rules.md §12.1): the PFS's, an Elo-type
// one, or none. Pure: homologated games and the day of the list in, the list and histories out.
import type { LocalDate } from '../../common/calendar';
import { eloRanking, type EloRankingSettings } from './elo-ranking';
import { pfsRanking, type PfsRankingSettings } from './pfs-ranking';
import type { RankedGame, Ranking } from './ranking-types';

export { DEFAULT_ELO_RANKING, eloExpected, type EloRankingSettings } from './elo-ranking';
export { DEFAULT_PFS_RANKING, pfsScalps, type PfsRankingSettings } from './pfs-ranking';
export type { RankedGame, Ranking, RankingEntry, RankingGameLine, RankingHistoryPoint, UnlistedEntry } from './ranking-types';

export type RankingSettings = PfsRankingSettings | EloRankingSettings | { readonly method: 'none' };

export function computeRanking(games: readonly RankedGame[], asOf: LocalDate, settings: RankingSettings): Ranking {
  switch (settings.method) {
    case 'pfs':
      return pfsRanking(games, asOf, settings);
    case 'elo':
      return eloRanking(games, asOf, settings);
    case 'none':
      return { list: [], history: new Map() };
  }
}
