import { Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';

/**
 * One state change, who made it and why, written in the transaction that made it
 * (docs/design.md "State and invariants"). Never updated, never deleted.
 */
@Entity('audit')
@Index('IDX_audit_game', ['gameId', 'at'])
@Index('IDX_audit_competition', ['competitionId', 'at'])
export class AuditEntry {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_audit' })
  id: string;

  @Column({ type: 'timestamptz' })
  at: Date;

  /** Null when the platform itself acted (the scheduler, a CLI run as system). */
  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  @ForeignKey('User', { name: 'FK_audit_actor', onDelete: 'RESTRICT' })
  actorUserId: string | null;

  /** The capacity the actor acted in: player, arbiter, admin or system. */
  @Column({ name: 'actor_role', type: 'text' })
  actorRole: string;

  /** What was done, as a dotted name: `move.submitted`, `dispute.appealed`, `competition.started`. */
  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'competition_id', type: 'uuid', nullable: true })
  @ForeignKey('Competition', { name: 'FK_audit_competition', onDelete: 'RESTRICT' })
  competitionId: string | null;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_audit_game', onDelete: 'RESTRICT' })
  gameId: string | null;

  @Column({ type: 'jsonb' })
  details: JsonObject;
}
