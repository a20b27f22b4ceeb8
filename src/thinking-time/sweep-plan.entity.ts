import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import { Game } from '../games/entities/game.entity';

/**
 * What the daily sweep last found in a game: the first day after it on which the game has
 * an action (nextActionDay), for the game's version and the competition's settings it was
 * computed from. The sweep reads a game again on that day, or as soon as its version (every
 * write to its timeline bumps it) or those settings differ; on the other days it skips it.
 */
@Entity('sweep_plan')
@Index('IDX_sweep_plan_competition_next', ['competitionId', 'nextOn'])
export class SweepPlan {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_sweep_plan' })
  gameId: string;

  @OneToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_sweep_plan_game' })
  game?: Game;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_sweep_plan_competition' })
  competition?: Competition;

  /** The game's version the plan was computed from. */
  @Column({ name: 'game_version', type: 'integer' })
  gameVersion: number;

  /** The competition's settings that shape every timeline (closing date, day counts, time zone). */
  @Column({ type: 'text' })
  basis: string;

  /** Null: nothing more is due while the timeline stays as it is. */
  @Column({ name: 'next_on', type: 'date', nullable: true })
  nextOn: string | null;
}
