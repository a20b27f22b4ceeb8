import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { User } from '../auth/user.entity';
import { Competition } from '../competitions/competition.entity';
import { Game } from '../games/game.entity';

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
  actorUserId: string | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'actor_user_id', foreignKeyConstraintName: 'FK_audit_actor' })
  actor?: User | null;

  /** The capacity the actor acted in: player, arbiter, admin or system. */
  @Column({ name: 'actor_role', type: 'text' })
  actorRole: string;

  /** What was done, as a dotted name: `move.submitted`, `dispute.appealed`, `competition.started`. */
  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'competition_id', type: 'uuid', nullable: true })
  competitionId: string | null;

  @ManyToOne(() => Competition, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_audit_competition' })
  competition?: Competition | null;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;

  @ManyToOne(() => Game, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_audit_game' })
  game?: Game | null;

  @Column({ type: 'jsonb' })
  details: JsonObject;
}
