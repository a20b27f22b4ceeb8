// A competition's tournament in rounds as the pure systems see it (docs/rules.md §11.6): its
// players, the rounds started so far with their games' results and byes, the late entries, and
// the plan's settings. Pure: the rounds services read the rows and hand them here.
import { firstRound, type Entrant } from './round-plan';
import type { GameResult, LateEntry, Round, RoundEntry, Tournament, TournamentPlayer, TournamentSettings } from './tournament';

export interface EntrantRow extends Entrant {
  readonly name: string;
  readonly club: string | null;
  /** The previous coefficient (higher is better): the rating list of docs/rules.md §11.2. */
  readonly rating: number | null;
}

export interface StartedRound {
  readonly number: number;
  readonly byePlayerId: string | null;
  readonly startedAt: Date;
}

export interface RoundGame {
  readonly round: number;
  readonly red: string;
  readonly blue: string;
  /** Missing while the game has no result. */
  readonly result?: GameResult;
}

export interface TournamentRows {
  readonly entrants: readonly EntrantRow[];
  readonly rounds: readonly StartedRound[];
  readonly games: readonly RoundGame[];
  readonly settings: TournamentSettings;
  /** The pairing's field: withdrawn players left out (F 9.4); the standings keep everyone. */
  readonly activeOnly?: boolean;
}

export function competitionTournament(rows: TournamentRows): Tournament {
  const startedAt = rows.rounds.map((r) => r.startedAt);
  const entrants = rows.activeOnly ? rows.entrants.filter((e) => e.withdrawnAt === null) : rows.entrants;
  const players: TournamentPlayer[] = entrants.map((e) => ({
    id: e.playerId,
    name: e.name,
    ...(e.club ? { club: e.club } : {}),
    ...(e.rating !== null ? { rating: e.rating } : {}),
  }));
  const rounds: Round[] = rows.rounds.map((round) => {
    const entries: RoundEntry[] = rows.games
      .filter((g) => g.round === round.number)
      .map((g) => ({ red: g.red, blue: g.blue, ...(g.result ? { result: g.result } : {}) }));
    if (round.byePlayerId !== null) entries.push({ bye: round.byePlayerId });
    return entries;
  });
  const lateEntries: LateEntry[] = entrants
    .map((e) => ({ player: e.playerId, fromRound: firstRound(e, startedAt) }))
    .filter((e) => e.fromRound > 1);
  return { players, rounds, settings: rows.settings, ...(lateEntries.length ? { lateEntries } : {}) };
}
