import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../competitions/competition.entity';

/**
 * How far the daily sweep got in a competition: every day up to `sweptThrough` (a day in
 * the competition's time zone) has been looked at. The next run covers the days after it,
 * so a platform that was down catches up from here.
 */
@Entity('sweep_cursor')
export class SweepCursor {
  @PrimaryColumn({ name: 'competition_id', type: 'uuid', primaryKeyConstraintName: 'PK_sweep_cursor' })
  competitionId: string;

  @OneToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_sweep_cursor_competition' })
  competition?: Competition;

  @Column({ name: 'swept_through', type: 'date' })
  sweptThrough: string;

  @Column({ name: 'swept_at', type: 'timestamptz' })
  sweptAt: Date;
}
