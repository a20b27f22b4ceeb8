import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../players/player.entity';
import type { Federation } from './core/ranking-inputs';

/**
 * A player's ranking after a competition they played (docs/rules.md §12.1): what the history
 * page lists and what a game sheet prints as the ranking at the game's start. Derived, rewritten
 * with the list.
 */
@Entity('ranking_point')
@Index('IDX_ranking_point_player', ['federation', 'playerId', 'day'])
export class RankingPoint {
  @PrimaryColumn({ name: 'player_id', type: 'uuid', primaryKeyConstraintName: 'PK_ranking_point' })
  playerId: string;

  @PrimaryColumn({ name: 'competition_id', type: 'uuid', primaryKeyConstraintName: 'PK_ranking_point' })
  competitionId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_ranking_point_player' })
  player?: Player;

  @Column({ type: 'text' })
  federation: Federation;

  @Column({ type: 'date' })
  day: string;

  @Column({ type: 'integer' })
  ranking: number;

  @Column({ type: 'double precision' })
  exact: number;

  @Column({ type: 'integer' })
  games: number;

  @Column({ type: 'boolean' })
  listed: boolean;
}
