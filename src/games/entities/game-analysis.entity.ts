import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { GameTurnAnalysis } from '../../engine/analysis';
import { Game } from './game.entity';

/**
 * `pending`: queued, the background job (analysis.worker.ts) computes it; `ready`: `turns` holds it;
 * `no-word-list`: the competition's word list is not on disk, so nothing can be analysed.
 */
export type AnalysisState = 'pending' | 'ready' | 'no-word-list';

/**
 * The analysis of a game: for each move of its line, the score played next to
 * the best the rack allowed and the five best moves. Computed in the background, never in a
 * request (seconds for a whole game); one row per game, so computing it twice writes it once.
 */
@Entity('game_analysis')
@Check('CHK_game_analysis_state', `"state" IN ('pending', 'ready', 'no-word-list')`)
export class GameAnalysis {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_game_analysis' })
  gameId: string;

  @OneToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_game_analysis_game' })
  game?: Game;

  @Column({ type: 'text' })
  state: AnalysisState;

  /** Whether it is the analysis of the ended game; an analysis during play covers the moves played then. */
  @Column({ type: 'boolean', default: false })
  final: boolean;

  /** The moves of the line it covers. */
  @Column({ type: 'integer', default: 0 })
  moves: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  turns: GameTurnAnalysis[];

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'analysed_at', type: 'timestamptz', nullable: true })
  analysedAt: Date | null;
}
