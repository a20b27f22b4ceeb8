import { Column, Entity, ForeignKey, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { User } from '../auth/user.entity';
import { Competition } from '../competitions/competition.entity';
import { Case } from './case.entity';

/** What the arbiter decided (docs/rules.md §6): see RulingInput in rulings.ts for each kind's details. */
export type RulingKind =
  | 'word'
  | 'claim'
  | 'score-correction'
  | 'move-annulment'
  | 'thinking-days'
  | 'coefficient-penalty'
  | 'warning'
  | 'outcome'
  | 'exclusion'
  | 'point-penalty'
  | 'walkover'
  | 'homologation';

/** An arbiter's decision, always with its reason (docs/rules.md §6); never changed afterwards. */
@Entity('ruling')
@Index('IDX_ruling_game', ['gameId'])
@Index('IDX_ruling_competition', ['competitionId'])
export class Ruling {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_ruling' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_ruling_competition' })
  competition?: Competition;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_ruling_game', onDelete: 'CASCADE' })
  gameId: string | null;

  @Column({ name: 'case_id', type: 'uuid', nullable: true })
  caseId: string | null;

  @ManyToOne(() => Case, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'case_id', foreignKeyConstraintName: 'FK_ruling_case' })
  case?: Case | null;

  /** Null when the platform itself decided (automatic homologation). */
  @Column({ name: 'arbiter_user_id', type: 'uuid', nullable: true })
  arbiterUserId: string | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'arbiter_user_id', foreignKeyConstraintName: 'FK_ruling_arbiter' })
  arbiter?: User | null;

  @Column({ type: 'text' })
  kind: RulingKind;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'jsonb' })
  details: JsonObject;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
