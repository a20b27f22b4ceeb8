import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../players/player.entity';
import { User } from './user.entity';

/**
 * A player registered with the login address of an existing account, waiting for that account's
 * owner (docs/web.md "A player's identity"): nothing of the account changes until they accept
 * the join from their own session.
 */
@Entity('account_join')
@Index('UQ_account_join_user_player', ['userId', 'playerId'], { unique: true })
export class AccountJoin {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_account_join' })
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_account_join_user' })
  user?: User;

  @Index('IDX_account_join_player')
  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_account_join_player' })
  player?: Player;

  /** The account's address the player was registered with. */
  @Column({ type: 'text' })
  address: string;

  /** Where and by whom (no foreign keys: the request outlives neither, and names them only for the owner). */
  @Column({ name: 'competition_id', type: 'uuid', nullable: true })
  competitionId: string | null;

  @Column({ name: 'requested_by_user_id', type: 'uuid', nullable: true })
  requestedByUserId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
