import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from './player.entity';

/** One of a player's addresses, lower-cased: the mail channel finds the sender's player by it. */
@Entity('player_email')
export class PlayerEmail {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_player_email' })
  id: string;

  @Index('IDX_player_email_player')
  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_player_email_player' })
  player?: Player;

  @Index('UQ_player_email_address', { unique: true })
  @Column({ type: 'text' })
  address: string;

  /**
   * Whether the address may receive game mail and send moves: true for the addresses a player
   * was registered with, false for one added later until its owner (or an admin) confirms it.
   */
  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** Hex SHA-256 of the token in the confirmation link of an unverified address. */
  @Index('UQ_player_email_confirm_token_hash', { unique: true })
  @Column({ name: 'confirm_token_hash', type: 'text', nullable: true })
  confirmTokenHash: string | null;

  @Column({ name: 'confirm_expires_at', type: 'timestamptz', nullable: true })
  confirmExpiresAt: Date | null;
}
