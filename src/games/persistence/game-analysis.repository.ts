import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../common/ids';
import { Database } from '../../database/database';
import type { GameTurnAnalysis } from '../../engine/analysis';
import { prepared } from '../../database/prepared-statements';
import type { AnalysisFacts } from '../core/game-analysis';
import type { AnalysisState } from '../entities/game-analysis.entity';

/** What the analysis answer reads of a game besides its row (one statement): core/game-analysis.ts AnalysisFacts. */
export interface AnalysisHead {
  readonly status: 'playing' | 'ended';
  readonly lexicon: string | null;
  readonly analysisDuringPlay: boolean;
  readonly stored: AnalysisFacts['stored'];
}

/**
 * The games the background job owes an analysis, oldest request first: ended games of a
 * competition with a word list that have no analysis of the ended game yet, and any game a
 * player queued during play. What the job finds here after a restart it still does.
 */
const DUE_SQL = `
  SELECT g.id FROM game g
  JOIN competition c ON c.id = g.competition_id
  LEFT JOIN game_analysis a ON a.game_id = g.id
  WHERE c.lexicon IS NOT NULL
    AND (a.state = 'pending' OR (g.status = 'ended' AND (a.game_id IS NULL OR (a.state = 'ready' AND NOT a.final))))
  ORDER BY coalesce(a.requested_at, g.ended_at), g.id
  LIMIT $1`;

/**
 * The analysis head's columns over `g` (the game) and `c` (its competition), and the join that
 * brings its row: the game page reads them with its mark (GameListingsRepository.pageMarkWithAnalysis).
 */
export const ANALYSIS_HEAD_COLUMNS = `g.status, c.lexicon, c.analysis_during_play AS "analysisDuringPlay", a.state, a.final, a.moves, a.turns`;
export const ANALYSIS_HEAD_JOIN = `LEFT JOIN game_analysis a ON a.game_id = g.id`;

const HEAD_SQL = prepared(`
  SELECT ${ANALYSIS_HEAD_COLUMNS}
  FROM game g JOIN competition c ON c.id = g.competition_id
  ${ANALYSIS_HEAD_JOIN}
  WHERE g.id = $1`);

/** A row with ANALYSIS_HEAD_COLUMNS, as the driver gives it. */
export interface AnalysisHeadRow {
  readonly status: AnalysisHead['status'];
  readonly lexicon: string | null;
  readonly analysisDuringPlay: boolean;
  readonly state: AnalysisState | null;
  readonly final: boolean;
  readonly moves: number | string;
  readonly turns: GameTurnAnalysis[] | string;
}

/** A row with ANALYSIS_HEAD_COLUMNS, as the head. */
export function analysisHeadOf(row: AnalysisHeadRow): AnalysisHead {
  const { status, lexicon, analysisDuringPlay, state, final, moves, turns } = row;
  return {
    status,
    lexicon,
    analysisDuringPlay,
    stored: state === null ? null : { state, final, moves: Number(moves), turns: typeof turns === 'string' ? JSON.parse(turns) : turns },
  };
}

/** game_analysis: one row per game, written by the background job, queued by a request during play. */
@Injectable()
export class GameAnalysisRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  async due(limit: number): Promise<string[]> {
    const rows = (await this.m.query(DUE_SQL, [limit])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** The game's status, its competition's word list and setting, and its analysis, in one statement; null for no such game. */
  async head(gameId: string): Promise<AnalysisHead | null> {
    if (!isUuid(gameId)) return null;
    const row = ((await this.m.query(HEAD_SQL, [gameId])) as AnalysisHeadRow[])[0];
    return row ? analysisHeadOf(row) : null;
  }

  /** Queues the game for the job: a row already pending stays as it was (one request, one computation). */
  async queue(gameId: string, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO game_analysis (game_id, state, requested_at) VALUES ($1, 'pending', $2)
       ON CONFLICT (game_id) DO UPDATE SET state = 'pending', requested_at = $2 WHERE game_analysis.state <> 'pending'`,
      [gameId, now],
    );
  }

  /**
   * The job's result, one row per game whatever ran it: a final analysis is never replaced by
   * one of fewer moves computed from an older read.
   */
  async store(
    gameId: string,
    result: { state: 'ready' | 'no-word-list'; final: boolean; moves: number; turns: readonly GameTurnAnalysis[] },
    now: Date,
  ): Promise<void> {
    await this.m.query(
      `INSERT INTO game_analysis (game_id, state, final, moves, turns, requested_at, analysed_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $6)
       ON CONFLICT (game_id) DO UPDATE SET state = EXCLUDED.state, final = EXCLUDED.final, moves = EXCLUDED.moves,
         turns = EXCLUDED.turns, analysed_at = EXCLUDED.analysed_at
       WHERE NOT game_analysis.final OR EXCLUDED.final`,
      [gameId, result.state, result.final, result.moves, JSON.stringify(result.turns), now],
    );
  }
}
