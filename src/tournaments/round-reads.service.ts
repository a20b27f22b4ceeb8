import { Injectable } from '@nestjs/common';
import { isUuid } from '../common/ids';
import { notFound } from '../common/refusal';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import type { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';
import { competitionTournament, type EntrantRow, type RoundGame } from './core/competition-tournament';
import { resultOfEnding, roundProgress, type EndingKind, type RoundProgress } from './core/round-plan';
import { standings } from './core/standings';
import type { Tournament } from './core/tournament';
import { RoundsRepository } from './rounds.repository';
import type { TournamentPlan } from './tournament-plan.entity';
import type { TournamentRound } from './tournament-round.entity';

/** What a tournament in rounds is at this moment, read in the caller's unit of work. */
export interface TournamentState {
  readonly plan: TournamentPlan | null;
  readonly rounds: readonly TournamentRound[];
  readonly started: readonly TournamentRound[];
  /** The round shown to the arbiter and not yet confirmed. */
  readonly proposal: TournamentRound | undefined;
  readonly progress: ReadonlyArray<RoundProgress & { readonly number: number }>;
  /** The field of the next round: withdrawn players left out (F 9.4). */
  readonly pairing: Tournament;
  /** Everyone who played, for the standings. */
  readonly everyone: Tournament;
  readonly entrants: readonly EntrantRow[];
  readonly games: ReadonlyArray<RoundGame & { readonly gameId: string; readonly scores: string | null }>;
}

export interface StandingLine {
  readonly place: number;
  readonly playerId: string;
  readonly name: string;
  readonly points: number;
  readonly spread: number;
  readonly games: number;
  readonly byes: number;
  readonly withdrawn: boolean;
  readonly gibsonized: boolean;
}

export interface PairingLine {
  readonly red: string;
  readonly blue: string;
  readonly gameId: string | null;
  /** "412–380" once the game has a result; null while it is played. */
  readonly scores: string | null;
}

export interface RoundView {
  readonly number: number;
  readonly system: string;
  readonly status: TournamentRound['status'];
  readonly closingDate: string;
  readonly pairs: readonly PairingLine[];
  readonly bye: string | null;
  /** F 9.4d: the names of the players eliminated at this round's pairing. */
  readonly eliminated: readonly string[];
  readonly progress: RoundProgress;
}

const NO_TOURNAMENT = (id: string) =>
  notFound({
    ro: `Competiția ${id} nu este un turneu pe runde.`,
    en: `Competition ${id} is not a tournament in rounds.`,
    pl: `Rozgrywki ${id} nie są turniejem w rundach.`,
  });

/** The reads of a tournament in rounds: its state for the services, its standings and pairings for the pages. */
@Injectable()
export class RoundReadsService {
  constructor(
    private readonly db: Database,
    private readonly repo: RoundsRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly listings: GameListingsRepository,
  ) {}

  /** The state in the caller's unit of work (one statement at a time). */
  async state(competitionId: string): Promise<TournamentState> {
    const plan = await this.repo.plan(competitionId);
    const rounds = await this.repo.rounds(competitionId);
    const entries = await this.competitions.entries(competitionId);
    const listing = await this.listings.ofCompetition(competitionId);
    const started = rounds.filter((r) => r.status === 'started');
    const entrants: EntrantRow[] = entries.map((e) => ({
      playerId: e.player.id,
      name: e.player.name,
      club: e.player.club ?? null,
      rating: e.player.previousCoefficient,
      registeredAt: e.registration.createdAt,
      withdrawnAt: e.registration.withdrawnAt,
    }));
    const games = listing.games.map((g) => {
      const row = listing.results.get(g.id);
      const result = row
        ? resultOfEnding(row.outcome as { type: EndingKind; by?: 'red' | 'blue' }, row.redScore, row.blueScore)
        : undefined;
      return {
        gameId: g.id,
        round: g.round,
        red: g.redPlayerId,
        blue: g.bluePlayerId,
        ...(result ? { result } : {}),
        scores: row ? `${row.redScore}–${row.blueScore}` : null,
      };
    });
    const settings = {
      totalRounds: plan?.systems.length,
      clubRule: plan?.clubRule ?? false,
      gibson: plan?.gibson ?? false,
      prizePlaces: plan?.prizePlaces ?? 1,
    };
    const startedRounds = started.map((r) => ({ number: r.number, byePlayerId: r.byePlayerId, startedAt: r.startedAt! }));
    const progress = started.map((r) => ({
      number: r.number,
      ...roundProgress(games.filter((g) => g.round === r.number).map((g) => ({ hasResult: g.result !== undefined }))),
    }));
    return {
      plan,
      rounds,
      started,
      proposal: rounds.find((r) => r.status === 'proposed'),
      progress,
      pairing: competitionTournament({ entrants, rounds: startedRounds, games, settings, activeOnly: true }),
      everyone: competitionTournament({ entrants, rounds: startedRounds, games, settings }),
      entrants,
      games,
    };
  }

  /** The competition and its state, for a page (a competition that is not a tournament in rounds is 404). */
  async tournament(competitionId: string): Promise<{ competition: Competition; state: TournamentState }> {
    if (!isUuid(competitionId)) throw NO_TOURNAMENT(competitionId);
    return this.db.run(async () => {
      const competition = await this.competitions.find(competitionId);
      if (!competition || competition.kind !== 'rounds') throw NO_TOURNAMENT(competitionId);
      return { competition, state: await this.state(competitionId) };
    });
  }

  /**
   * The standing after `round` rounds (F 9.7): intermediate, points, spread, then names; the
   * final order once the plan's last round is complete.
   */
  standingAfter(state: TournamentState, round: number): { final: boolean; lines: StandingLine[] } {
    const complete = state.progress.filter((p) => p.complete).length;
    const final = state.plan !== null && round === state.plan.systems.length && complete === state.plan.systems.length;
    const names = new Map(state.entrants.map((e) => [e.playerId, e]));
    const lastRound = state.started.find((r) => r.number === round);
    const byes = new Map<string, number>();
    for (const r of state.started) if (r.number <= round && r.byePlayerId) byes.set(r.byePlayerId, (byes.get(r.byePlayerId) ?? 0) + 1);
    const rows = standings(state.everyone, { rounds: round, final });
    return {
      final,
      lines: rows.map((row) => {
        const id = String(row.id);
        const entrant = names.get(id)!;
        return {
          place: row.place,
          playerId: id,
          name: entrant.name,
          points: row.points,
          spread: row.spread,
          games: row.games,
          byes: byes.get(id) ?? 0,
          withdrawn: entrant.withdrawnAt !== null,
          gibsonized: lastRound?.gibsonized.includes(id) ?? false,
        };
      }),
    };
  }

  /** Every round, proposed or started, with names, as the pages show them. */
  roundViews(state: TournamentState): RoundView[] {
    const name = new Map(state.entrants.map((e) => [e.playerId, e.name]));
    return state.rounds.map((r) => {
      const games = state.games.filter((g) => g.round === r.number);
      const pairs =
        r.status === 'started'
          ? games.map((g) => ({ red: name.get(g.red) ?? '', blue: name.get(g.blue) ?? '', gameId: g.gameId, scores: g.scores }))
          : r.pairs.map(([red, blue]) => ({ red: name.get(red) ?? '', blue: name.get(blue) ?? '', gameId: null, scores: null }));
      const progress = state.progress.find((p) => p.number === r.number) ?? roundProgress([]);
      return {
        number: r.number,
        system: r.system,
        status: r.status,
        closingDate: r.closingDate,
        pairs,
        bye: r.byePlayerId ? (name.get(r.byePlayerId) ?? '') : null,
        eliminated: (r.eliminated ?? []).map((id) => name.get(id) ?? ''),
        progress,
      };
    });
  }
}
