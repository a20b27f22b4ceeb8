import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../players/player.entity';
import type { Federation } from './core/ranking-inputs';

/**
 * A player's line of a federation's stored ranking list (docs/rules.md §12.1): on the list with
 * a position and a ranking, or off it (too few games in the window) with the games counted.
 * Derived: the whole federation's rows are rewritten at each computation (RankingService).
 */
@Entity('ranking_standing')
export class RankingStanding {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_ranking_standing' })
  federation: Federation;

  @PrimaryColumn({ name: 'player_id', type: 'uuid', primaryKeyConstraintName: 'PK_ranking_standing' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_ranking_standing_player' })
  player?: Player;

  @Column({ type: 'boolean' })
  listed: boolean;

  /** Null off the list. */
  @Column({ type: 'integer', nullable: true })
  position: number | null;

  /** As published (whole); null off the list. */
  @Column({ type: 'integer', nullable: true })
  ranking: number | null;

  @Column({ type: 'double precision', nullable: true })
  exact: number | null;

  @Column({ type: 'integer' })
  games: number;
}
