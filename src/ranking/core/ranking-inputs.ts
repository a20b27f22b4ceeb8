// What the federation's ranking is computed from (docs/rules.md §12.1): homologated results read
// as ranked games, and the federation's chosen method with its constants over the defaults.
// Pure: rows and stored choices in, the core's inputs out.
import type { LocalDate } from '../../common/calendar';
import { DEFAULT_ELO_RANKING, type EloRankingSettings } from './elo-ranking';
import { DEFAULT_PFS_RANKING, type PfsRankingSettings } from './pfs-ranking';
import type { RankingSettings } from './ranking';
import type { RankedGame } from './ranking-types';

/** The federations whose rules a competition follows (docs/rules.md §13): one ranking each. */
export const FEDERATIONS = ['frsc', 'pfs'] as const;
export type Federation = (typeof FEDERATIONS)[number];

export const RANKING_METHODS = ['pfs', 'elo', 'none'] as const;
export type RankingMethod = (typeof RANKING_METHODS)[number];

export function isFederation(value: string): value is Federation {
  return (FEDERATIONS as readonly string[]).includes(value);
}

/**
 * docs/rules.md §12.1: the PFS ranks by its own method; the FRSc's regulations as the seeds give
 * them (000, 003) publish no ranking, so its default is none, an Elo-type list one setting away.
 */
export const DEFAULT_METHOD: Readonly<Record<Federation, RankingMethod>> = { frsc: 'none', pfs: 'pfs' };

/** A homologated result as the database gives it. */
export interface HomologatedResultRow {
  readonly gameId: string;
  readonly competitionId: string;
  /** The day the result was homologated, in the competition's time zone. */
  readonly day: LocalDate;
  readonly red: string;
  readonly blue: string;
  readonly redScore: number;
  readonly blueScore: number;
  /** The result's outcome (coefficients/core/coefficients.ts Outcome): its type and whom it is about. */
  readonly outcome: { readonly type: string; readonly by?: 'red' | 'blue' };
}

/**
 * The ranked game of a result, read as the coefficients read it (docs/rules.md §7, §12.1): a
 * normal end, an interruption and a walkover by the scores (a walkover 400:1, [P 7.1]); an
 * abandonment, a time forfeit or a no-show lost by that player; an agreed draw or a game
 * unfinished at the closing date a draw; a game nobody declared (no information) not counted.
 */
export function rankedGameOf(row: HomologatedResultRow): RankedGame | null {
  const game = {
    id: row.gameId,
    competitionId: row.competitionId,
    date: row.day,
    players: [row.red, row.blue] as const,
    scores: [row.redScore, row.blueScore] as const,
  };
  switch (row.outcome.type) {
    case 'finished':
    case 'interrupted':
      return game;
    case 'walkover':
      return { ...game, walkover: true };
    case 'abandon':
    case 'timeout':
    case 'no-show':
      return { ...game, result: row.outcome.by === 'red' ? 0 : 1 };
    case 'draw-agreement':
    case 'unfinished':
      return { ...game, result: 0.5 };
    default:
      return null;
  }
}

/** The constants a federation may set, by method, with their bounds. */
const CONSTANTS: Readonly<Record<'pfs' | 'elo', Readonly<Record<string, readonly [number, number]>>>> = {
  pfs: { scalpMargin: [1, 1000], windowMonths: [1, 240], maxGames: [1, 10000], minGames: [0, 10000], floor: [0, 10000] },
  elo: { initial: [0, 10000], k: [1, 200], scale: [1, 10000], windowMonths: [1, 240], minGames: [0, 10000] },
};
const FLAGS: Readonly<Record<'pfs' | 'elo', readonly string[]>> = {
  pfs: ['favouriteKeepsOwn', 'countWalkovers'],
  elo: ['countWalkovers'],
};

/** What a federation has stored: its method (null: the default) and the constants it changed. */
export interface StoredRankingChoice {
  readonly method: RankingMethod | null;
  readonly constants: Readonly<Record<string, number | boolean>>;
}

/** The settings the ranking is computed with: the stored constants of the method over its defaults. */
export function effectiveSettings(federation: Federation, stored: StoredRankingChoice | null): RankingSettings {
  const method = stored?.method ?? DEFAULT_METHOD[federation];
  if (method === 'none') return { method };
  const changed = Object.fromEntries(
    Object.entries(stored?.constants ?? {}).filter(([name]) => name in CONSTANTS[method] || FLAGS[method].includes(name)),
  );
  return method === 'pfs'
    ? ({ ...DEFAULT_PFS_RANKING, ...changed, method } as PfsRankingSettings)
    : ({ ...DEFAULT_ELO_RANKING, ...changed, method } as EloRankingSettings);
}

/** Why a setting was refused: which one, and what it may be. */
export interface RankingSettingRefusal {
  readonly setting: string;
  readonly allowed: string;
}

/**
 * A federation's change of its choice, checked: a method of the three, and constants each a
 * whole number within its bounds (or a yes/no), known to the method chosen.
 */
export function checkRankingChoice(
  method: string,
  constants: Readonly<Record<string, string>>,
): { ok: true; choice: StoredRankingChoice } | { ok: false; refusal: RankingSettingRefusal } {
  if (!(RANKING_METHODS as readonly string[]).includes(method))
    return { ok: false, refusal: { setting: 'method', allowed: RANKING_METHODS.join(' | ') } };
  const chosen = method as RankingMethod;
  const checked: Record<string, number | boolean> = {};
  for (const [name, text] of Object.entries(constants)) {
    if (chosen === 'none') return { ok: false, refusal: { setting: name, allowed: 'nothing under the method none' } };
    const bounds = CONSTANTS[chosen][name];
    if (bounds) {
      const value = Number(text);
      if (!/^\d+$/.test(text.trim()) || value < bounds[0] || value > bounds[1]) {
        return { ok: false, refusal: { setting: name, allowed: `a whole number from ${bounds[0]} to ${bounds[1]}` } };
      }
      checked[name] = value;
    } else if (FLAGS[chosen].includes(name) && (text === 'yes' || text === 'no')) {
      checked[name] = text === 'yes';
    } else {
      const known = [...Object.keys(CONSTANTS[chosen]), ...FLAGS[chosen]].join(', ');
      return { ok: false, refusal: { setting: name, allowed: FLAGS[chosen].includes(name) ? 'yes | no' : `one of ${known}` } };
    }
  }
  return { ok: true, choice: { method: chosen, constants: checked } };
}
