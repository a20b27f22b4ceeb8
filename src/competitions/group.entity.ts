import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from './competition.entity';

/**
 * A round-robin group (docs/rules.md §9). Table `competition_group`: GROUP is reserved in SQL.
 * A group plays on the sequence of its series (docs/rules.md §2: one sequence per series).
 */
@Entity('competition_group')
@Index('UQ_competition_group_name', ['competitionId', 'name'], { unique: true })
export class Group {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_competition_group' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_competition_group_competition' })
  competition?: Competition;

  /** "A", "B", … */
  @Column({ type: 'text' })
  name: string;

  /** Label of the series whose sequence this group plays (see Sequence.series). */
  @Column({ type: 'text', default: '1' })
  series: string;

  /** Order of the groups in listings and standings. */
  @Column({ type: 'integer' })
  position: number;
}
