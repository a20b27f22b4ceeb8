import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RecordAttempt } from './record-attempt.entity';

/**
 * The first result of a keyed write to an attempt (a form token, an API key's request): a repeat
 * by the same actor returns it instead of acting twice (docs/design.md "Idempotency by unique keys").
 */
@Entity('record_receipt')
export class RecordReceipt {
  @PrimaryColumn({ name: 'attempt_id', type: 'uuid', primaryKeyConstraintName: 'PK_record_receipt' })
  attemptId: string;

  @ManyToOne(() => RecordAttempt, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'attempt_id', foreignKeyConstraintName: 'FK_record_receipt_attempt' })
  attempt?: RecordAttempt;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_record_receipt' })
  actor: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'text', primaryKeyConstraintName: 'PK_record_receipt' })
  idempotencyKey: string;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'jsonb' })
  result: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
