import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import { Competition } from './competition.entity';

export type SequenceSource = 'random' | 'typed';

/**
 * The dealt 100 tiles of a series (docs/rules.md §2). Its SHA-256 is published when the
 * competition is created and the tiles only when play starts, so anyone can check the
 * sequence was never changed in between.
 */
@Entity('sequence')
@Index('UQ_sequence_series', ['competitionId', 'series'], { unique: true })
@Check('CHK_sequence_source', `"source" IN ('random', 'typed')`)
export class Sequence {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_sequence' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_sequence_competition' })
  competition?: Competition;

  /** Series label, "1" unless the competition has several. */
  @Column({ type: 'text', default: '1' })
  series: string;

  /** The 100 tiles in order, one character each, `?` for a blank (see sequence.ts). Secret until revealedAt. */
  @Column({ type: 'text' })
  tiles: string;

  /** Hex SHA-256 of the UTF-8 bytes of `tiles`: the public commitment. */
  @Column({ type: 'text' })
  sha256: string;

  /** The user who dealt it; null when the platform itself did (CLI as system). */
  @Column({ name: 'dealt_by_user_id', type: 'uuid', nullable: true })
  dealtByUserId: string | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'dealt_by_user_id', foreignKeyConstraintName: 'FK_sequence_dealt_by' })
  dealtBy?: User | null;

  @Column({ type: 'text' })
  source: SequenceSource;

  @Column({ name: 'revealed_at', type: 'timestamptz', nullable: true })
  revealedAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
