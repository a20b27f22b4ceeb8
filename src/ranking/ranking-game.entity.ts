import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import { Player } from '../players/player.entity';
import type { Federation } from './core/ranking-inputs';

/**
 * One counted game in a player's ranking history (docs/rules.md §12.1, docs/web.md "The
 * ranking"): the opponent, the result, the rankings both played with and the game's scalp (PFS)
 * or rating change (Elo). Derived, rewritten with the list.
 */
@Entity('ranking_game')
@Index('IDX_ranking_game_player', ['federation', 'playerId', 'day'])
export class RankingGame {
  @PrimaryColumn({ name: 'player_id', type: 'uuid', primaryKeyConstraintName: 'PK_ranking_game' })
  playerId: string;

  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_ranking_game' })
  gameId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_ranking_game_player' })
  player?: Player;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_ranking_game_game' })
  game?: Game;

  @Column({ type: 'text' })
  federation: Federation;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @Column({ type: 'date' })
  day: string;

  @Column({ name: 'opponent_id', type: 'uuid' })
  opponentId: string;

  /** 1 a win, 0.5 a draw, 0 a loss. */
  @Column({ type: 'double precision' })
  result: number;

  @Column({ type: 'boolean' })
  walkover: boolean;

  @Column({ type: 'double precision' })
  ranking: number;

  @Column({ name: 'opponent_ranking', type: 'double precision' })
  opponentRanking: number;

  /** PFS: the scalp; Elo: the change. */
  @Column({ type: 'double precision' })
  value: number;
}
